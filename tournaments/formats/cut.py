"""The cut: how many entrants qualify for the playoffs, and who.

ACC rule 13: one in four entrants qualify, fractions rounded up (121 to 124
entrants give 31 qualifiers); the director may override the number. Ties at
the cut line are the standings' business (the ACC's last tie-breaker is
"playoff needed"), so this module only counts and splits a ranked list.
"""
from __future__ import annotations

from collections.abc import Sequence

from tournaments.formats.errors import FormatError
from tournaments.formats.pairing import Entrant


def qualifiers_for(entrants: int, override: int | None = None) -> int:
    """Number of qualifiers for a field of ``entrants``: ceil(entrants / 4), or ``override``.

    An override must leave a playoff to play (at least 2) and cannot exceed the field.
    """
    if entrants < 1:
        raise FormatError("a cut needs at least one entrant", field="entrants")
    if override is not None:
        if not 2 <= override <= entrants:
            raise FormatError(
                f"the cut must take between 2 and {entrants} entrants, not {override}",
                field="override",
            )
        return override
    return -(-entrants // 4)  # integer ceil: no float rounding near the boundaries


def cut(
    ranked: Sequence[Entrant], override: int | None = None
) -> tuple[tuple[Entrant, ...], tuple[Entrant, ...]]:
    """Split a ranked field (best first) into (qualifiers, the rest), both in qualifying order.

    The rest, in that order, are the seeds of a consolation stage.
    """
    count = qualifiers_for(len(ranked), override)
    return tuple(ranked[:count]), tuple(ranked[count:])

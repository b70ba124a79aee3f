"""Table numbers for a round: fixed tables first, then the rest top boards first.

Some players need a particular table (wheelchair access, near the door, a
sight-impaired player's lamp). The director gives those as ``fixed`` entrant ->
table number; their pairing sits there. Every other pairing takes the lowest
free number in pairing order, so the engines' order (Swiss: best first) becomes
"top boards first". Byes and sit-outs get no table.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from tournaments.formats.errors import FormatError, PairingError
from tournaments.formats.pairing import FIXED_TABLE, Entrant, Pairing


def assign_tables(
    pairings: Sequence[Pairing], *, fixed: Mapping[Entrant, int] | None = None
) -> tuple[Pairing, ...]:
    """Number the tables of one round, honouring fixed tables.

    Returns the pairings in table order (1, 2, ...) followed by byes. When both
    players of a pairing have a fixed table, the pairing sits at ``a``'s, or at
    ``b``'s when ``a``'s is already taken (either suits them both). Two pairings
    that need the same table cannot both have it: that is a ``PairingError``.
    A fixed table beyond the number of pairings is kept as given (it is a real
    table in the room), and the free numbers below it stay free.
    """
    fixed = fixed or {}
    for entrant, table in fixed.items():
        if not isinstance(table, int) or table < 1:
            raise FormatError(
                f"table numbers start at 1; #{entrant} was given {table!r}", field="fixed_tables"
            )

    taken: dict[int, Pairing] = {}
    seated: list[Pairing | None] = []
    for pairing in pairings:
        if pairing.b is None:
            seated.append(None)
            continue
        wanted = [fixed[e] for e in pairing.entrants if e in fixed]
        if not wanted:
            seated.append(None)
            continue
        free = [t for t in wanted if t not in taken]
        if not free:
            table = wanted[0]
            other = taken[table]
            raise PairingError(
                f"table {table} is fixed for both "
                f"#{_fixed_holder(other, fixed, table)} and #{_fixed_holder(pairing, fixed, table)}"
                " who do not play each other this round",
                field="fixed_tables",
            )
        table = free[0]
        placed = replace(pairing, table=table, flags=_with_flag(pairing.flags, FIXED_TABLE))
        taken[table] = placed
        seated.append(placed)

    result: list[Pairing] = list(taken.values())
    next_table = 1
    byes: list[Pairing] = []
    for pairing, placed in zip(pairings, seated, strict=True):
        if placed is not None:
            continue
        if pairing.b is None:
            byes.append(replace(pairing, table=None))
            continue
        while next_table in taken:
            next_table += 1
        seat = replace(pairing, table=next_table)
        taken[next_table] = seat
        result.append(seat)
    result.sort(key=lambda p: p.table)  # type: ignore[arg-type, return-value]
    return (*result, *byes)


def _fixed_holder(pairing: Pairing, fixed: Mapping[Entrant, int], table: int) -> Entrant:
    return pairing.a if fixed.get(pairing.a) == table else pairing.b


def _with_flag(flags: tuple[str, ...], flag: str) -> tuple[str, ...]:
    return flags if flag in flags else (*flags, flag)

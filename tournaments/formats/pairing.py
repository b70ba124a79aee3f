"""Value types shared by every format engine: a pairing, a round, flags, history.

Entrants are opaque hashable ids (entry primary keys in practice); the engines
never look inside them. Everything here is frozen, so a generated round can be
handed around, compared in tests and stored by a service without copying.

A pairing with ``b is None`` is a bye (Swiss, round robin with an odd count) or a
sit-out (random draw); its flags say which, because a rule set may score the two
differently (PRODUCT.md section 6: "byes and sit-outs are scored as the rule set
says").
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from tournaments.formats.errors import FormatError

Entrant: TypeAlias = Hashable

# Flags: short words that explain a pairing to the director and to players.
# They are plain strings so a service can store them as they are and a template
# can show them without a lookup table.
BYE = "bye"                              # no opponent this round, scored as a bye
SIT_OUT = "sit-out"                      # club night: sits this round out
PULLED_UP = "pulled up"                  # b was pulled up from a lower score group
REMATCH_AVOIDED = "rematch avoided"      # the natural opponent was a past opponent
SAME_CLUB_AVOIDED = "same club avoided"  # the natural opponent was a club-mate
SAME_CLUB = "same club"                  # club-mates paired because nothing else fitted
FIXED_TABLE = "fixed table"              # seated at a table the director reserved
STATIONARY = "stationary"                # rotation: a keeps the seat, b moves


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two entrants at one table for one round, or one entrant with no opponent.

    ``a`` is the higher-ranked side where ranking means anything (Swiss, top
    boards first) and the stationary side in a fixed-seat rotation. ``games`` is
    how many games the two play against each other in this round, and
    ``first_dealers`` suggests who deals first in each of them (empty: cut for
    deal, the usual cribbage way). The results services do not store it: they
    follow "the loser of a game deals first in the next" (PRODUCT.md §4).
    ``table`` is None until tables are assigned, and always None for a bye.
    """

    a: Entrant
    b: Entrant | None
    flags: tuple[str, ...] = ()
    table: int | None = None
    games: int = 1
    first_dealers: tuple[Entrant, ...] = ()

    @property
    def is_bye(self) -> bool:
        """True when ``a`` has no opponent (a bye or a sit-out)."""
        return self.b is None

    @property
    def entrants(self) -> tuple[Entrant, ...]:
        return (self.a,) if self.b is None else (self.a, self.b)

    def opponent_of(self, entrant: Entrant) -> Entrant | None:
        if entrant == self.a:
            return self.b
        if entrant == self.b:
            return self.a
        raise KeyError(entrant)


@dataclass(frozen=True, slots=True)
class RoundDraw:
    """One round: its number (1-based) and its pairings, top table first, byes last."""

    number: int
    pairings: tuple[Pairing, ...]

    @property
    def sitting_out(self) -> tuple[Entrant, ...]:
        """Entrants with no opponent this round (byes and sit-outs)."""
        return tuple(p.a for p in self.pairings if p.b is None)

    @property
    def matches(self) -> tuple[Pairing, ...]:
        """The pairings that are real matches (two entrants)."""
        return tuple(p for p in self.pairings if p.b is not None)

    @property
    def entrants(self) -> tuple[Entrant, ...]:
        return tuple(e for p in self.pairings for e in p.entrants)


def check_entrants(
    entrants: Iterable[Entrant], *, field: str, twice: str, none_marks: str
) -> list[Entrant]:
    """The entrants as a list; each once, and none of them ``None`` (it marks a bye or sit-out).

    ``twice`` is the engine's own sentence for a repeated entrant, ``none_marks`` what
    ``None`` stands for there; both errors name ``field``.
    """
    listed = list(entrants)
    if len(set(listed)) != len(listed):
        raise FormatError(twice, field=field)
    if any(e is None for e in listed):
        raise FormatError(f"None is not an entrant (it marks {none_marks})", field=field)
    return listed


def opponents_by_entrant(played: Iterable[tuple[Entrant, Entrant]]) -> dict[Entrant, set[Entrant]]:
    """Past opponents of each entrant from past meetings given as ``(a, b)`` pairs.

    Services pass every past match of the event (or stage) as a pair; byes
    (``b is None``) are skipped so a stored bye row can be passed as it is.
    """
    opponents: dict[Entrant, set[Entrant]] = defaultdict(set)
    for a, b in played:
        if a is None or b is None:
            continue
        opponents[a].add(b)
        opponents[b].add(a)
    return opponents


def count_byes(byes: Iterable[Entrant] | Mapping[Entrant, int]) -> Counter[Entrant]:
    """Past byes (or sit-outs) per entrant: a mapping of counts, or one id per bye."""
    if isinstance(byes, Mapping):
        return Counter({e: n for e, n in byes.items() if n})
    return Counter(byes)


def render_schedule(
    rounds: Sequence[RoundDraw], *, names: Mapping[Entrant, str] | None = None
) -> str:
    """A plain-text schedule to print or pin up: one block per round, one line per table.

    ``names`` maps entrant ids to what people should read (default: ``#<id>``).
    """

    def name(entrant: Entrant) -> str:
        if names is not None and entrant in names:
            return names[entrant]
        return f"#{entrant}"

    lines: list[str] = []
    for draw in rounds:
        lines.append(f"Round {draw.number}")
        for pairing in draw.pairings:
            shown = [f for f in pairing.flags if f not in {BYE, SIT_OUT}]  # the label says it
            note = f"  ({', '.join(shown)})" if shown else ""
            if pairing.b is None:
                label = "Sits out" if SIT_OUT in pairing.flags else "Bye"
                lines.append(f"  {label:>9}: {name(pairing.a)}{note}")
                continue
            table = f"Table {pairing.table}" if pairing.table is not None else "Table ?"
            games = f"  [{pairing.games} games]" if pairing.games > 1 else ""
            lines.append(f"  {table:>9}: {name(pairing.a)} v {name(pairing.b)}{games}{note}")
        lines.append("")
    return "\n".join(lines)

"""Playoff brackets: single and double elimination, consolation, and advancing winners.

Seeding follows the standard chart (ACC rule 13 and PRODUCT.md section 6): the
bracket size is the next power of two, first-round pairings sum to size + 1
(1 v N, 2 v N-1, ...) arranged so seeds 1 and 2 can meet only in the final,
and the ``size - qualifiers`` byes all go to the top seeds, which makes round 2
always full.

A bracket is a tuple of ``BracketMatch`` values in playing order (every match
comes after the matches that feed it). Each match names where its two sides
come from (``source_a``/``source_b``: a seed, or the winner or loser of another
match) and, the other way round, where its winner and its loser go next
(``winner_next`` + ``winner_side``, ``loser_next`` + ``loser_side``). A service
stores one row per match with those links and either follows them itself or
calls ``advance(bracket, results)``, which replays every decided result from
the seeds and returns the bracket with each match's sides and winner filled in.
Replaying from scratch keeps ``advance`` pure and idempotent: the same results
always give the same bracket, whatever order they were reported in. Building is
deterministic too, so a service needs to keep only the seeds, the options and
the winners: ``advance(single_elimination(seeds, ...), winners_by_key)`` gives
the bracket as it stands, and ``match.is_ready`` says which matches can start.

Byes are matches with ``is_bye=True`` and one side that can never be filled;
their only entrant goes through without playing. Matches that could never have
anyone in them (a losers-bracket match fed only by byes) are left out.

Keys: a match is identified by ``MatchKey(bracket, round, slot)``, rounds and
slots from 1. Brackets are ``"winners"`` (single elimination, or the winners
bracket), ``"losers"``, ``"final"`` (grand final, round 2 = the reset),
``"third"`` (third-place match) and ``"consolation"``.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, NamedTuple

from tournaments.formats.errors import BracketError, FormatError
from tournaments.formats.pairing import BYE, Entrant, check_entrants

WINNERS = "winners"  # the single-elimination bracket too: one name for "the main draw"
LOSERS = "losers"
FINAL = "final"
THIRD = "third"
CONSOLATION = "consolation"

THIRD_PLACE = "third place"
GRAND_FINAL = "grand final"
RESET = "reset"            # the second grand final, played only if the losers' champion wins the first
NOT_NEEDED = "not needed"  # a reset the winners' champion made unnecessary

Side = Literal["a", "b"]


class MatchKey(NamedTuple):
    bracket: str
    round: int
    slot: int

    def __str__(self) -> str:
        return f"{self.bracket} R{self.round} #{self.slot}"


class Feed(NamedTuple):
    """Where one side of a match comes from: ``seed`` (1-based) or a match's ``winner``/``loser``."""

    kind: Literal["seed", "winner", "loser"]
    seed: int | None = None
    match: MatchKey | None = None

    def __str__(self) -> str:
        if self.kind == "seed":
            return f"seed {self.seed}"
        return f"{self.kind} of {self.match}"


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """One match of a bracket, with explicit links to where its winner and loser go.

    ``a``/``b`` are the entrants once known, ``seed_a``/``seed_b`` their
    qualifying ranks. ``winner`` is filled by ``advance`` (at once for a bye).
    ``source_a``/``source_b`` are None on the empty side of a bye.
    """

    bracket: str
    round: int
    slot: int
    best_of: int
    source_a: Feed | None
    source_b: Feed | None
    is_bye: bool = False
    flags: tuple[str, ...] = ()
    seed_a: int | None = None
    seed_b: int | None = None
    a: Entrant | None = None
    b: Entrant | None = None
    winner: Entrant | None = None
    winner_next: MatchKey | None = None
    winner_side: Side | None = None
    loser_next: MatchKey | None = None
    loser_side: Side | None = None

    @property
    def key(self) -> MatchKey:
        return MatchKey(self.bracket, self.round, self.slot)

    @property
    def wins_needed(self) -> int:
        """Games to win the match: 2 in a best of 3, 3 in a best of 5."""
        return self.best_of // 2 + 1

    @property
    def is_ready(self) -> bool:
        """Both sides known and not decided yet: the match can be played."""
        return not self.is_bye and self.a is not None and self.b is not None and self.winner is None

    @property
    def loser(self) -> Entrant | None:
        if self.winner is None or self.is_bye:
            return None
        return self.b if self.winner == self.a else self.a


@dataclass(frozen=True, slots=True)
class Bracket:
    """A whole bracket: ``kind`` ``"single"`` or ``"double"``, its seeds and its matches.

    ``seeds[i]`` is seed ``i + 1``. ``size`` is the bracket size (a power of two)
    and ``byes`` how many top seeds skip round 1. ``champion`` is set once the
    deciding match is won.
    """

    kind: str
    seeds: tuple[Entrant, ...]
    size: int
    matches: tuple[BracketMatch, ...]
    champion: Entrant | None = None
    _index: dict[MatchKey, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {m.key: i for i, m in enumerate(self.matches)})

    @property
    def byes(self) -> int:
        return self.size - len(self.seeds)

    def match(self, key: MatchKey | tuple[str, int, int]) -> BracketMatch:
        try:
            return self.matches[self._index[MatchKey(*key)]]
        except KeyError:
            raise BracketError(f"there is no match {MatchKey(*key)} in this bracket") from None

    def __contains__(self, key: object) -> bool:
        return key in self._index

    def rounds(self, bracket: str = WINNERS) -> tuple[tuple[BracketMatch, ...], ...]:
        """The matches of one bracket grouped by round, slots in order (for drawing it)."""
        by_round: dict[int, list[BracketMatch]] = {}
        for m in self.matches:
            if m.bracket == bracket:
                by_round.setdefault(m.round, []).append(m)
        return tuple(
            tuple(sorted(by_round[r], key=lambda m: m.slot)) for r in sorted(by_round)
        )


def standard_seed_order(size: int) -> tuple[int, ...]:
    """Seeds in bracket-line order for a bracket of ``size`` (a power of two).

    Consecutive pairs are the first-round matches and each pair sums to
    ``size + 1``; built recursively (each seed of the half-size order is followed
    by its partner) so seeds 1 and 2 are in opposite halves, 1-4 in different
    quarters, and so on: ``8 -> (1, 8, 4, 5, 2, 7, 3, 6)``.
    """
    if size < 1 or size & (size - 1):
        raise FormatError(f"a bracket size is a power of two, not {size}", field="size")
    order = [1]
    while len(order) < size:
        partner = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, partner - seed)]
    return tuple(order)


def bracket_size(qualifiers: int) -> int:
    """The next power of two at or above ``qualifiers``."""
    return 1 << max(qualifiers - 1, 0).bit_length()


def single_elimination(
    seeds: Sequence[Entrant],
    *,
    best_of: int | Sequence[int] = 3,
    third_place: bool = False,
    name: str = WINNERS,
) -> Bracket:
    """A single-elimination bracket over ``seeds`` (best first, i.e. qualifying order).

    ``best_of`` is one number for every round or one per round (round 1 first),
    each odd: 3 is best 2 of 3, 5 is best 3 of 5. ``third_place`` adds a match
    between the semi-final losers (bracket ``"third"``, best of the final's
    number). ``name`` labels the bracket (``"consolation"`` for a consolation
    stage).
    """
    field_ = _check_seeds(seeds)
    size = bracket_size(len(field_))
    rounds = size.bit_length() - 1
    per_round = _best_of_per_round(best_of, rounds)
    specs = _main_specs(size, per_round, name)
    if third_place and rounds >= 2:
        semi = rounds - 1
        specs.append(
            _Spec(
                MatchKey(THIRD, 1, 1),
                per_round[-1],
                Feed("loser", match=MatchKey(name, semi, 1)),
                Feed("loser", match=MatchKey(name, semi, 2)),
                (THIRD_PLACE,),
            )
        )
    return _assemble("single", field_, size, specs)


def double_elimination(
    seeds: Sequence[Entrant],
    *,
    best_of: int = 3,
    final_best_of: int | None = None,
    grand_final_reset: bool = True,
) -> Bracket:
    """A double-elimination bracket: winners (``"winners"``), losers, grand final, optional reset.

    Losers of winners round 1 meet each other in losers round 1; the losers of
    winners round ``r + 1`` drop into losers round ``2r`` (in reversed order on
    alternate rounds, which keeps early rematches apart); the losers' champion
    meets the winners' champion in the grand final. With ``grand_final_reset``
    a second final (``final`` round 2) is played only if the losers' champion
    wins the first, because only then has everybody lost once.
    """
    field_ = _check_seeds(seeds)
    size = bracket_size(len(field_))
    rounds = size.bit_length() - 1
    _best_of_per_round(best_of, 1)
    final_best_of = best_of if final_best_of is None else final_best_of
    _best_of_per_round(final_best_of, 1)
    winners = _main_specs(size, [best_of] * rounds, WINNERS)
    by_round: dict[int, list[_Spec]] = {}
    for spec in winners:
        by_round.setdefault(spec.key.round, []).append(spec)

    specs: list[_Spec] = list(by_round[1])
    losers_final: MatchKey | None = None
    for r in range(2, rounds + 1):
        specs.extend(by_round[r])
        # Losers round 2r-3: the previous losers round's survivors, or for
        # 2r-3 == 1 the losers of winners round 1, pair off among themselves.
        odd = 2 * r - 3
        count = size >> (r if odd > 1 else 2)
        for j in range(1, count + 1):
            if odd == 1:
                feed_a = Feed("loser", match=MatchKey(WINNERS, 1, 2 * j - 1))
                feed_b = Feed("loser", match=MatchKey(WINNERS, 1, 2 * j))
            else:
                feed_a = Feed("winner", match=MatchKey(LOSERS, odd - 1, 2 * j - 1))
                feed_b = Feed("winner", match=MatchKey(LOSERS, odd - 1, 2 * j))
            specs.append(_Spec(MatchKey(LOSERS, odd, j), best_of, feed_a, feed_b))
        # Losers round 2r-2: those survivors meet the losers of winners round r.
        even = 2 * r - 2
        drops = size >> r
        for j in range(1, drops + 1):
            dropped = drops + 1 - j if r % 2 == 0 else j
            specs.append(
                _Spec(
                    MatchKey(LOSERS, even, j),
                    best_of,
                    Feed("winner", match=MatchKey(LOSERS, odd, j)),
                    Feed("loser", match=MatchKey(WINNERS, r, dropped)),
                )
            )
        losers_final = MatchKey(LOSERS, even, 1)

    champion_feed = Feed("winner", match=MatchKey(WINNERS, rounds, 1))
    # With two qualifiers there is no losers bracket: the final's loser goes
    # straight to the grand final.
    challenger = (
        Feed("winner", match=losers_final)
        if losers_final is not None
        else Feed("loser", match=MatchKey(WINNERS, rounds, 1))
    )
    first_final = MatchKey(FINAL, 1, 1)
    specs.append(_Spec(first_final, final_best_of, champion_feed, challenger, (GRAND_FINAL,)))
    if grand_final_reset:
        specs.append(
            _Spec(
                MatchKey(FINAL, 2, 1),
                final_best_of,
                Feed("winner", match=first_final),
                Feed("loser", match=first_final),
                (GRAND_FINAL, RESET),
            )
        )
    return _assemble("double", field_, size, specs)


def consolation_bracket(
    ranked: Sequence[Entrant],
    qualifiers: int,
    *,
    best_of: int | Sequence[int] = 3,
    third_place: bool = False,
) -> Bracket:
    """Single elimination for those who missed the cut, seeded in qualifying order.

    ``ranked`` is the whole field best first and ``qualifiers`` the cut (see
    ``cut.qualifiers_for``). For a round-robin consolation pass the same
    entrants (``ranked[qualifiers:]``) to ``round_robin.round_robin``.
    """
    rest = list(ranked[qualifiers:])
    if len(rest) < 2:
        raise FormatError(
            f"a consolation stage needs at least two entrants who missed the cut, not {len(rest)}",
            field="consolation",
        )
    return single_elimination(rest, best_of=best_of, third_place=third_place, name=CONSOLATION)


def advance(bracket: Bracket, results: Mapping[MatchKey | tuple[str, int, int], Entrant]) -> Bracket:
    """The bracket with every decided match applied: ``results`` maps a match key to its winner.

    Sides are filled from the seeds and the results in playing order; byes go
    through by themselves; a reset is played only when the losers' champion wins
    the first grand final (otherwise it is flagged ``not needed``). Raises
    ``BracketError`` for a result on an unknown match, on a match whose sides are
    not both known yet, naming someone who is not in it, or on a reset that is
    not needed.
    """
    decided = {MatchKey(*key): winner for key, winner in results.items()}
    for key in decided:
        if key not in bracket:
            raise BracketError(f"there is no match {key} in this bracket")
    seed_of = {entrant: i + 1 for i, entrant in enumerate(bracket.seeds)}
    winners: dict[MatchKey, Entrant | None] = {}
    losers: dict[MatchKey, Entrant | None] = {}
    played: dict[MatchKey, BracketMatch] = {}
    champion: Entrant | None = None

    def occupant(source: Feed | None) -> Entrant | None:
        if source is None:
            return None
        if source.kind == "seed":
            return bracket.seeds[source.seed - 1]  # type: ignore[operator]
        table = winners if source.kind == "winner" else losers
        return table.get(source.match)  # type: ignore[arg-type]

    matches: list[BracketMatch] = []
    for match in bracket.matches:
        key = match.key
        a, b = occupant(match.source_a), occupant(match.source_b)
        flags = tuple(f for f in match.flags if f != NOT_NEEDED)
        winner: Entrant | None = None
        if RESET in flags:
            first = played[MatchKey(FINAL, 1, 1)]
            if first.winner is not None and first.winner == first.a:
                # The winners' champion has not lost: no second final.
                if key in decided:
                    raise BracketError(f"{key} is not played: the winners' champion won the first final")
                flags = (*flags, NOT_NEEDED)
                a = b = None
        if match.is_bye:
            winner = a if a is not None else b
            if key in decided and decided[key] != winner:
                raise BracketError(f"{key} is a bye for #{winner}")
        elif key in decided:
            winner = decided[key]
            if a is None or b is None:
                raise BracketError(f"{key} cannot have a winner yet: both sides are not known")
            if winner not in (a, b):
                raise BracketError(f"#{winner} is not playing in {key} (#{a} v #{b})")
        seed_a = seed_of.get(a) if a is not None else None
        seed_b = seed_of.get(b) if b is not None else None
        if (a, b, seed_a, seed_b, winner, flags) == (
            match.a, match.b, match.seed_a, match.seed_b, match.winner, match.flags
        ):
            updated = match  # most matches of a big bracket are untouched: skip the copy
        else:
            updated = replace(
                match, a=a, b=b, seed_a=seed_a, seed_b=seed_b, winner=winner, flags=flags
            )
        played[key] = updated
        matches.append(updated)
        winners[key] = winner
        losers[key] = updated.loser
        if winner is not None and _decides(updated, bracket):
            champion = winner
    return Bracket(bracket.kind, bracket.seeds, bracket.size, tuple(matches), champion)


def _decides(match: BracketMatch, bracket: Bracket) -> bool:
    """Whether winning ``match`` wins the bracket."""
    if bracket.kind == "single":
        return match.bracket not in {THIRD} and match.winner_next is None
    if RESET in match.flags:
        return True
    if match.key == MatchKey(FINAL, 1, 1):
        # The winners' champion wins outright; the losers' champion needs the
        # reset when there is one.
        return match.winner == match.a or MatchKey(FINAL, 2, 1) not in bracket
    return False


class _Spec(NamedTuple):
    key: MatchKey
    best_of: int
    source_a: Feed
    source_b: Feed
    flags: tuple[str, ...] = ()


def _main_specs(size: int, per_round: Sequence[int], name: str) -> list[_Spec]:
    order = standard_seed_order(size)
    specs = [
        _Spec(MatchKey(name, 1, j + 1), per_round[0], Feed("seed", order[2 * j]), Feed("seed", order[2 * j + 1]))
        for j in range(size // 2)
    ]
    for r in range(2, len(per_round) + 1):
        for j in range(1, (size >> r) + 1):
            specs.append(
                _Spec(
                    MatchKey(name, r, j),
                    per_round[r - 1],
                    Feed("winner", match=MatchKey(name, r - 1, 2 * j - 1)),
                    Feed("winner", match=MatchKey(name, r - 1, 2 * j)),
                )
            )
    return specs


def _assemble(kind: str, seeds: tuple[Entrant, ...], size: int, specs: Sequence[_Spec]) -> Bracket:
    """Drop what can never be played, mark byes, link each feeder to its target, fill byes."""
    qualifiers = len(seeds)
    # Which matches' winner and loser can exist at all, decided before anyone plays.
    has_winner: dict[MatchKey, bool] = {}
    has_loser: dict[MatchKey, bool] = {}

    def real(source: Feed) -> bool:
        if source.kind == "seed":
            return source.seed <= qualifiers  # type: ignore[operator]
        table = has_winner if source.kind == "winner" else has_loser
        return table.get(source.match, False)  # type: ignore[arg-type]

    kept: list[tuple[_Spec, bool, bool]] = []
    for spec in specs:
        real_a, real_b = real(spec.source_a), real(spec.source_b)
        if not (real_a or real_b):
            has_winner[spec.key] = has_loser[spec.key] = False
            continue
        has_winner[spec.key], has_loser[spec.key] = True, real_a and real_b
        kept.append((spec, real_a, real_b))

    # The links are the sources read backwards: who feeds a side of which match.
    links: dict[MatchKey, dict[str, object]] = {}
    for spec, real_a, real_b in kept:
        for side, source, is_real in (("a", spec.source_a, real_a), ("b", spec.source_b, real_b)):
            if not is_real or source.kind == "seed":
                continue
            link = links.setdefault(source.match, {})  # type: ignore[arg-type]
            link[f"{source.kind}_next"] = spec.key
            link[f"{source.kind}_side"] = side

    matches = tuple(
        BracketMatch(
            bracket=spec.key.bracket,
            round=spec.key.round,
            slot=spec.key.slot,
            best_of=spec.best_of,
            source_a=spec.source_a if real_a else None,
            source_b=spec.source_b if real_b else None,
            is_bye=real_a != real_b,
            flags=spec.flags if real_a and real_b else (BYE, *spec.flags),
            **links.get(spec.key, {}),  # type: ignore[arg-type]
        )
        for spec, real_a, real_b in kept
    )
    return advance(Bracket(kind, seeds, size, matches), {})


def _check_seeds(seeds: Sequence[Entrant]) -> tuple[Entrant, ...]:
    field_ = tuple(seeds)
    if len(field_) < 2:
        raise FormatError("a bracket needs at least two qualifiers", field="seeds")
    return tuple(check_entrants(field_, field="seeds", twice="an entrant is seeded twice", none_marks="a bye"))


def _best_of_per_round(best_of: int | Sequence[int], rounds: int) -> list[int]:
    per_round = [best_of] * rounds if isinstance(best_of, int) else list(best_of)
    if len(per_round) != rounds:
        raise FormatError(
            f"best_of needs one number per round ({rounds}), not {len(per_round)}", field="best_of"
        )
    for n in per_round:
        if not isinstance(n, int) or n < 1 or n % 2 == 0:
            raise FormatError(
                f"a match is best of an odd number of games (1, 3, 5...), not {n}", field="best_of"
            )
    return per_round

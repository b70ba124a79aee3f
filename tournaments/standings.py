"""Standings: a list of metrics, an ordered tie-break, shared ranks. Pure Python.

Input is a list of confirmed game results (``GameRecord``: the sides and their final
peg totals, or a bye); the rule set scores each game (``RuleSet.score_game``) and each
metric sums what it needs from one entry's ``SideResult`` list. The rule set's
``tie_breakers`` is the order; ``head_to_head`` is computed among the entries still
tied at that step. Entries still level after every tie-breaker share the rank and are
flagged ``tie`` (a playoff is needed).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.rules import TIE_BREAKERS, RuleSet, SideScore

OUTCOME_BYE = "bye"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One confirmed game: its sides and final totals (a bye has one side, no total)."""

    sides: tuple[int, ...]
    totals: tuple[int | None, ...]
    outcome: str = "played"
    runner_up: int | None = None


@dataclass(frozen=True, slots=True)
class SideResult:
    """What one game gave one entry, and whom it was against."""

    opponents: tuple[int, ...]
    score: SideScore


@dataclass(slots=True)
class StandingRow:
    rank: int
    entry: int
    values: dict[str, int]
    tie: bool = False

    def as_dict(self) -> dict[str, object]:
        return {"rank": self.rank, "entry": self.entry, **self.values, "tie": self.tie}


# -- metrics: one small class each ------------------------------------------------


class Metric:
    key: str = ""
    label: str = ""

    def compute(self, results: Sequence[SideResult]) -> int:
        raise NotImplementedError


class GamesPlayed(Metric):
    key, label = "games_played", "Games played"

    def compute(self, results: Sequence[SideResult]) -> int:
        return len(results)


class Won(Metric):
    key, label = "won", "Won"

    def compute(self, results: Sequence[SideResult]) -> int:
        return sum(1 for result in results if result.score.won)


class Lost(Metric):
    key, label = "lost", "Lost"

    def compute(self, results: Sequence[SideResult]) -> int:
        return sum(1 for result in results if not result.score.won)


class GamePoints(Metric):
    key, label = "game_points", "Game points"

    def compute(self, results: Sequence[SideResult]) -> int:
        return sum(result.score.points for result in results)


class Spread(Metric):
    key, label = "spread", "Net spread"

    def compute(self, results: Sequence[SideResult]) -> int:
        return sum(result.score.spread for result in results)


class PlusPoints(Metric):
    key, label = "plus_points", "Plus points"

    def compute(self, results: Sequence[SideResult]) -> int:
        return sum(result.score.plus_points for result in results)


class SkunksGiven(Metric):
    """Opponents skunked (double and triple skunks count here too)."""

    key, label = "skunks_given", "Skunks given"

    def compute(self, results: Sequence[SideResult]) -> int:
        return sum(result.score.skunks_given for result in results)


class SkunksTaken(Metric):
    key, label = "skunks_taken", "Skunks taken"

    def compute(self, results: Sequence[SideResult]) -> int:
        return sum(1 for result in results if result.score.skunk_taken >= 1)


class DoubleSkunksGiven(Metric):
    key, label = "double_skunks_given", "Double skunks given"

    def compute(self, results: Sequence[SideResult]) -> int:
        return sum(result.score.double_skunks_given for result in results)


class DoubleSkunksTaken(Metric):
    key, label = "double_skunks_taken", "Double skunks taken"

    def compute(self, results: Sequence[SideResult]) -> int:
        return sum(1 for result in results if result.score.skunk_taken >= 2)


class HeadToHead(Metric):
    """Game points won in games among the entries still tied (a tie-breaker only)."""

    key, label = "head_to_head", "Head-to-head"

    def compute(self, results: Sequence[SideResult], tied: frozenset[int] = frozenset()) -> int:
        return sum(
            result.score.points
            for result in results
            if result.opponents and all(opponent in tied for opponent in result.opponents)
        )


METRICS: tuple[Metric, ...] = (
    GamesPlayed(), Won(), Lost(), GamePoints(), Spread(), PlusPoints(),
    SkunksGiven(), SkunksTaken(), DoubleSkunksGiven(), DoubleSkunksTaken(),
)
HEAD_TO_HEAD = HeadToHead()
METRICS_BY_KEY: dict[str, Metric] = {metric.key: metric for metric in (*METRICS, HEAD_TO_HEAD)}
assert set(METRICS_BY_KEY) == set(TIE_BREAKERS), "rules.TIE_BREAKERS and the metrics must agree"


# -- from games to side results ------------------------------------------------------


def side_results(
    records: Iterable[GameRecord], rules: RuleSet
) -> dict[int, list[SideResult]]:
    """Score every game once and file each side's result under its entry."""
    by_entry: dict[int, list[SideResult]] = {}
    bye = rules.bye_score()
    cache: dict[tuple, dict[int, SideScore]] = {}
    for record in records:
        if record.outcome == OUTCOME_BYE:
            by_entry.setdefault(record.sides[0], []).append(SideResult((), bye))
            continue
        # Many games share the same totals; score each distinct line once (by position).
        runner_index = record.sides.index(record.runner_up) if record.runner_up in record.sides else None
        cache_key = (record.totals, runner_index)
        scored = cache.get(cache_key)
        if scored is None:
            positions = dict(enumerate(record.totals))
            scored = rules.score_game(positions, runner_up=runner_index)  # type: ignore[arg-type]
            cache[cache_key] = scored
        for position, entry in enumerate(record.sides):
            opponents = tuple(other for other in record.sides if other != entry)
            by_entry.setdefault(entry, []).append(SideResult(opponents, scored[position]))
    return by_entry


# -- ranking --------------------------------------------------------------------------


def compute_standings(
    records: Iterable[GameRecord],
    rules: RuleSet,
    *,
    entries: Iterable[int] = (),
    names: Mapping[int, str] | None = None,
) -> list[StandingRow]:
    """Rows in rank order. ``entries`` adds entries with no game yet; ``names`` orders
    entries that share a rank (alphabetically), else by entry id."""
    by_entry = side_results(records, rules)
    for entry in entries:
        by_entry.setdefault(entry, [])
    values = {
        entry: {metric.key: metric.compute(results) for metric in METRICS}
        for entry, results in by_entry.items()
    }
    names = names or {}
    ordered_groups = _order(list(by_entry), tuple(rules.tie_breakers), values, by_entry)
    rows: list[StandingRow] = []
    position = 1
    for group in ordered_groups:
        tie = len(group) > 1
        for entry in sorted(group, key=lambda item: (names.get(item, ""), item)):
            rows.append(StandingRow(rank=position, entry=entry, values=values[entry], tie=tie))
        position += len(group)
    return rows


def _order(
    group: list[int],
    keys: tuple[str, ...],
    values: Mapping[int, Mapping[str, int]],
    by_entry: Mapping[int, Sequence[SideResult]],
) -> list[list[int]]:
    """Split ``group`` by the first tie-breaker, best first, then each tied part by the rest."""
    if len(group) <= 1 or not keys:
        return [group]
    key, rest = keys[0], keys[1:]
    if key == HEAD_TO_HEAD.key:
        tied = frozenset(group)
        score = {entry: HEAD_TO_HEAD.compute(by_entry[entry], tied) for entry in group}
    else:
        score = {entry: values[entry][key] for entry in group}
    # Fewer is better for what one would rather not have.
    sign = -1 if key in _LOWER_IS_BETTER else 1
    buckets: dict[int, list[int]] = {}
    for entry in group:
        buckets.setdefault(score[entry], []).append(entry)
    ordered: list[list[int]] = []
    for value in sorted(buckets, key=lambda item: sign * item, reverse=True):
        ordered.extend(_order(buckets[value], rest, values, by_entry))
    return ordered


_LOWER_IS_BETTER = frozenset({"lost", "skunks_taken", "double_skunks_taken"})


@dataclass(frozen=True, slots=True)
class MetricInfo:
    key: str
    label: str
    tie_breaker_only: bool = field(default=False)


def metric_infos() -> list[MetricInfo]:
    return [MetricInfo(m.key, m.label) for m in METRICS] + [MetricInfo(HEAD_TO_HEAD.key, HEAD_TO_HEAD.label, True)]

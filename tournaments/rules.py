"""Tournament rule sets as data: one frozen value the code asks questions of.

A ``RuleSet`` holds the target, the skunk lines, the match-point scheme, the
tie-breaker order, bye and forfeit scoring and the house-rule flags. Presets are
values (``PRESETS``); a stored rule set is a preset key plus the JSON of its values
(``rules_from_values``). Pure Python: no ORM, no settings.

Skunk lines (PRODUCT.md §8): a loser *below* the line is skunked. In a 121 game a
loser on 91 is safe and 90 is skunked; below 61 is a double skunk; below 31 a triple
skunk, where the rule set has one.
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, TypeVar

from scoring.rules import GAME_KINDS, GameKind, ShowRules
from tournaments.errors import ReportError, RulesError

Side = TypeVar("Side", bound=Hashable)

WINNER_TAKES_ALL = "winner_takes_all"
CONTINUED_PLAY = "continued_play"
THREE_PLAYER_SCHEMES = ("", WINNER_TAKES_ALL, CONTINUED_PLAY)

MATCH_FORMATS = ("games", "best_of", "first_to")

ACC_TIE_BREAKERS = ("game_points", "won", "spread", "plus_points", "head_to_head")
# The metric keys a tie-breaker list may name (tournaments.standings defines each).
TIE_BREAKERS = (
    "game_points", "won", "lost", "games_played", "spread", "plus_points",
    "skunks_given", "skunks_taken", "double_skunks_given", "double_skunks_taken", "head_to_head",
)
# A game is worth a handful of match points; the cap keeps a typo (2000 for 2) out.
MAX_POINTS = 100
_POINTS_FIELDS = (
    "points_win", "points_skunk", "points_double_skunk", "points_triple_skunk", "points_loss", "points_second",
    "bye_points",
)
# The type of each value (tie_breakers is checked on its own): "int?" may be null.
_FIELD_KINDS = {
    "key": "str", "label": "str", "game_kind": "str", "three_player": "str",
    "target": "int", "forfeit_spread": "int", "bye_spread": "int",
    **dict.fromkeys(_POINTS_FIELDS, "int"),
    "skunk_line": "int?", "double_skunk_line": "int?", "triple_skunk_line": "int?",
    "triple_skunk_wins_match": "bool", "muggins": "bool", "four_card_crib_flush": "bool",
}


def _shown(value: Any) -> str:
    """A bad value as a message quotes it, cut short: the message goes back to a person."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


@dataclass(frozen=True, slots=True)
class SideScore:
    """What one game gives one side."""

    won: bool
    points: int           # game (match) points from the scheme
    spread: int           # + for the winner, - for a loser
    plus_points: int      # the winner's margin(s); 0 for a loser
    skunks_given: int     # 0, 1 (skunk), 2 (double), 3 (triple): worst skunk dealt
    skunk_taken: int      # the same scale, suffered
    double_skunks_given: int = 0
    opponents_skunked: int = 0  # three-player: how many losers were skunked


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    decided: bool
    winner: Any = None          # the winning side, or None (undecided or a drawn match)
    deciding_game: int | None = None  # the game number that decided it
    points: Mapping[Any, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class RuleSet:
    key: str
    label: str
    game_kind: str = "six-card"
    target: int = 121
    skunk_line: int | None = 91          # a loser below this is skunked
    double_skunk_line: int | None = 61
    triple_skunk_line: int | None = None
    points_win: int = 2
    points_skunk: int = 3
    points_double_skunk: int = 3
    points_triple_skunk: int = 3
    points_loss: int = 0
    points_second: int = 0               # three-player: the second place
    triple_skunk_wins_match: bool = False
    three_player: str = ""               # "", winner_takes_all, continued_play
    tie_breakers: tuple[str, ...] = ACC_TIE_BREAKERS
    bye_points: int = 2
    bye_spread: int = 0
    forfeit_spread: int = 10
    muggins: bool = False
    four_card_crib_flush: bool = False

    def __post_init__(self) -> None:
        self._check()

    # -- validation ---------------------------------------------------------------

    def _check(self) -> None:
        self._check_types()
        if self.game_kind not in GAME_KINDS:
            raise RulesError(
                f"unknown game kind {_shown(self.game_kind)}: one of {', '.join(GAME_KINDS)}", field="game_kind"
            )
        if not 1 <= self.target <= 1000:
            raise RulesError("the target must be between 1 and 1000 (121 or 61)", field="target")
        previous = self.target
        for name in ("skunk_line", "double_skunk_line", "triple_skunk_line"):
            line = getattr(self, name)
            if line is None:
                continue
            if not 0 < line < previous:
                raise RulesError(
                    f"{name.replace('_', ' ')} must be above 0 and below {previous}", field=name
                )
            previous = line
        if self.double_skunk_line is not None and self.skunk_line is None:
            raise RulesError("a double skunk line needs a skunk line", field="double_skunk_line")
        if self.triple_skunk_line is not None and self.double_skunk_line is None:
            raise RulesError("a triple skunk line needs a double skunk line", field="triple_skunk_line")
        if self.triple_skunk_wins_match and self.triple_skunk_line is None:
            raise RulesError(
                "a triple skunk cannot win the match without a triple skunk line",
                field="triple_skunk_wins_match",
            )
        for name in _POINTS_FIELDS:
            if not 0 <= getattr(self, name) <= MAX_POINTS:
                raise RulesError(f"{name} must be between 0 and {MAX_POINTS}", field=name)
        if self.three_player not in THREE_PLAYER_SCHEMES:
            raise RulesError(
                "three_player must be winner_takes_all or continued_play (or empty)", field="three_player"
            )
        if self.three_player and self.kind.players != 3:
            raise RulesError("a three-player scheme needs the three-player game kind", field="three_player")
        # 0 would make a forfeit a game with two sides at the target; the target itself
        # would leave the loser nothing to have pegged.
        if not 1 <= self.forfeit_spread < self.target:
            raise RulesError(
                f"the forfeit spread must be at least 1 and below the target {self.target}",
                field="forfeit_spread",
            )
        if not 0 <= self.bye_spread <= self.target:
            raise RulesError(f"the bye spread must be between 0 and the target {self.target}", field="bye_spread")
        if not self.tie_breakers:
            raise RulesError(
                "name at least one tie-breaker: without one every player shares first place", field="tie_breakers"
            )
        for key in self.tie_breakers:
            if key not in TIE_BREAKERS:
                raise RulesError(
                    f"unknown tie-breaker {_shown(key)}: one of {', '.join(TIE_BREAKERS)}", field="tie_breakers"
                )
        if len(set(self.tie_breakers)) != len(self.tie_breakers):
            raise RulesError("a tie-breaker is listed twice", field="tie_breakers")

    def _check_types(self) -> None:
        """Each value has its type, so the range checks and the scoring never meet a string."""
        for name, kind in _FIELD_KINDS.items():
            value = getattr(self, name)
            if kind == "int" or (kind == "int?" and value is not None):
                if isinstance(value, bool) or not isinstance(value, int):
                    extra = " (or null for none)" if kind == "int?" else ""
                    raise RulesError(f"{name} must be a whole number{extra}, not {_shown(value)}", field=name)
            elif kind == "bool" and not isinstance(value, bool):
                raise RulesError(f"{name} must be true or false, not {_shown(value)}", field=name)
            elif kind == "str" and not isinstance(value, str):
                raise RulesError(f"{name} must be text, not {_shown(value)}", field=name)
        if not isinstance(self.tie_breakers, (tuple, list)) or not all(
            isinstance(key, str) for key in self.tie_breakers
        ):
            raise RulesError(
                f"tie_breakers must be a list of metric keys (from {', '.join(TIE_BREAKERS)}), "
                f"not {_shown(self.tie_breakers)}",
                field="tie_breakers",
            )

    # -- questions ---------------------------------------------------------------

    @property
    def kind(self) -> GameKind:
        return GAME_KINDS[self.game_kind]

    @property
    def show_rules(self) -> ShowRules:
        return ShowRules(four_card_crib_flush=self.four_card_crib_flush, muggins=self.muggins)

    def skunk_level(self, loser_total: int) -> int:
        """0 none, 1 skunk, 2 double skunk, 3 triple skunk."""
        level = 0
        for line in (self.skunk_line, self.double_skunk_line, self.triple_skunk_line):
            if line is not None and loser_total < line:
                level += 1
        return level

    def points_for_level(self, level: int) -> int:
        """The winner's game points when the (worst-)beaten loser is at ``level``."""
        return (self.points_win, self.points_skunk, self.points_double_skunk, self.points_triple_skunk)[level]

    def check_totals(self, totals: Mapping[Side, Any]) -> Side:
        """Refuse impossible final totals; return the winning side.

        Exactly one side at the target, every other side below it, no negative or
        non-integer totals.
        """
        for side, total in totals.items():
            if isinstance(total, bool) or not isinstance(total, int):
                raise ReportError(f"the total for {side} must be a whole number, not {total!r}", field="totals")
            if total < 0:
                raise ReportError(f"the total for {side} cannot be negative ({total})", field="totals")
            if total > self.target:
                raise ReportError(
                    f"the total for {side} is {total}, above the target {self.target}: the game ends "
                    f"the moment a side reaches {self.target}",
                    field="totals",
                )
        winners = [side for side, total in totals.items() if total == self.target]
        if not winners:
            raise ReportError(f"no side reached the target {self.target}: a finished game has a winner", field="totals")
        if len(winners) > 1:
            raise ReportError(
                f"two sides are at the target {self.target}: the game ends when the first gets there",
                field="totals",
            )
        return winners[0]

    def game_result(self, winner_total: int, loser_total: int) -> tuple[SideScore, SideScore]:
        """The two-player result: (winner's score, loser's score)."""
        scores = self.score_game({"winner": winner_total, "loser": loser_total})
        return scores["winner"], scores["loser"]

    def match_points(self, winner_total: int, loser_total: int) -> int:
        """The winner's game points for a two-player game (the loser scores ``points_loss``)."""
        return self.game_result(winner_total, loser_total)[0].points

    def score_game(self, totals: Mapping[Side, int], *, runner_up: Side | None = None) -> dict[Side, SideScore]:
        """Score a game from each side's final peg total (2 or 3 sides)."""
        winner = self.check_totals(totals)
        losers = [side for side in totals if side != winner]
        levels = {side: self.skunk_level(totals[side]) for side in losers}
        worst = max(levels.values(), default=0)
        margins = {side: self.target - totals[side] for side in losers}
        scores: dict[Side, SideScore] = {}
        if len(losers) <= 1 or not self.three_player:
            winner_points = self.points_for_level(worst)
        elif self.three_player == WINNER_TAKES_ALL:
            # rules/000: 2 a game, 3 when an opponent is skunked (double skunks add nothing more).
            winner_points = self.points_win if worst == 0 else self.points_skunk
        else:
            winner_points = self.points_for_level(worst)
        second = self._second_place(totals, losers, runner_up) if self.three_player else None
        scores[winner] = SideScore(
            won=True,
            points=winner_points,
            spread=sum(margins.values()),
            plus_points=sum(margins.values()),
            skunks_given=sum(1 for level in levels.values() if level >= 1),
            skunk_taken=0,
            double_skunks_given=sum(1 for level in levels.values() if level >= 2),
        )
        for side in losers:
            points = self.points_loss
            if side == second:
                points = self.points_second
                # Winner takes all: a skunked second place scores nothing (rules/000).
                if self.three_player == WINNER_TAKES_ALL and levels[side] >= 1:
                    points = self.points_loss
            scores[side] = SideScore(
                won=False,
                points=points,
                spread=-margins[side],
                plus_points=0,
                skunks_given=0,
                skunk_taken=levels[side],
            )
        return scores

    def _second_place(self, totals: Mapping[Side, int], losers: Sequence[Side], runner_up: Side | None) -> Side | None:
        if runner_up is not None:
            if runner_up not in losers:
                raise ReportError("the second place must be one of the losing sides", field="runner_up")
            return runner_up
        if len(losers) < 2:
            return losers[0] if losers else None
        ordered = sorted(losers, key=lambda side: totals[side], reverse=True)
        if totals[ordered[0]] == totals[ordered[1]]:
            if self.three_player == CONTINUED_PLAY:
                raise ReportError(
                    "the two losers are level: say who finished second (continued play)", field="runner_up"
                )
            return None
        return ordered[0]

    def bye_score(self) -> SideScore:
        """A bye: a won game worth the rule set's bye points and spread."""
        return SideScore(
            won=True, points=self.bye_points, spread=self.bye_spread,
            plus_points=max(self.bye_spread, 0), skunks_given=0, skunk_taken=0,
        )

    def forfeit_loser_total(self) -> int:
        """A forfeited game is stored as target against target minus the forfeit spread."""
        return self.target - self.forfeit_spread

    # -- matches --------------------------------------------------------------------

    def max_games(self, match_format: str, n: int) -> int:
        """How many games a match of this format can take at most."""
        if match_format in ("games", "best_of"):
            return n
        if match_format == "first_to":
            # Every game gives its winner at least points_win; with k sides, after
            # k * (wins needed - 1) + 1 games someone has reached N.
            sides = 3 if self.kind.players == 3 else 2
            wins_needed = -(-n // max(1, self.points_win))
            return sides * (wins_needed - 1) + 1
        raise RulesError(f"unknown match format {match_format!r}: games, best_of or first_to", field="format")

    def match_outcome(
        self,
        match_format: str,
        n: int,
        sides: Sequence[Side],
        games: Sequence[tuple[int, Mapping[Side, SideScore]]],
    ) -> MatchOutcome:
        """Whether a match is decided, given its confirmed games ``(number, scores)`` in order."""
        points = dict.fromkeys(sides, 0)
        wins = dict.fromkeys(sides, 0)
        for count, (number, scores) in enumerate(sorted(games, key=lambda item: item[0]), start=1):
            for side, score in scores.items():
                points[side] = points.get(side, 0) + score.points
                wins[side] = wins.get(side, 0) + (1 if score.won else 0)
            winner = next((side for side, score in scores.items() if score.won), None)
            if (
                match_format != "games"
                and self.triple_skunk_wins_match
                and winner is not None
                and any(score.skunk_taken >= 3 for score in scores.values())
            ):
                return MatchOutcome(True, winner, number, points)
            if match_format == "best_of":
                needed = n // 2 + 1
                leader = max(wins, key=lambda side: wins[side])
                if wins[leader] >= needed:
                    return MatchOutcome(True, leader, number, points)
                if count >= n:  # three sides can share the wins: most wins, or a drawn match
                    leaders = [side for side in wins if wins[side] == wins[leader]]
                    return MatchOutcome(True, leaders[0] if len(leaders) == 1 else None, number, points)
            elif match_format == "first_to":
                leader = max(points, key=lambda side: points[side])
                if points[leader] >= n:
                    return MatchOutcome(True, leader, number, points)
            elif match_format == "games" and count >= n:
                best = max(points.values())
                leaders = [side for side, value in points.items() if value == best]
                if len(leaders) == 1:
                    return MatchOutcome(True, leaders[0], number, points)
                tied_wins = max(wins[side] for side in leaders)
                by_wins = [side for side in leaders if wins[side] == tied_wins]
                return MatchOutcome(True, by_wins[0] if len(by_wins) == 1 else None, number, points)
        return MatchOutcome(False, None, None, points)

    # -- storage --------------------------------------------------------------------

    def as_values(self) -> dict[str, Any]:
        values = asdict(self)
        values["tie_breakers"] = list(self.tie_breakers)
        return values

    def with_values(self, **changes: Any) -> RuleSet:
        return replace(self, **changes)


ACC = RuleSet(key="acc", label="ACC (win 2, skunk 3, double skunk 3)")
FREE_PLAY = RuleSet(
    key="free-play",
    label="Seed free play (1 / 2 / 4; a triple skunk wins the match)",
    triple_skunk_line=31,
    points_win=1, points_skunk=2, points_double_skunk=4, points_triple_skunk=4,
    triple_skunk_wins_match=True,
    tie_breakers=("game_points", "won", "spread", "head_to_head"),
    bye_points=1,
)
LEGS = RuleSet(
    key="legs",
    label="Legs (1 per game won, no skunk bonus)",
    points_win=1, points_skunk=1, points_double_skunk=1, points_triple_skunk=1,
    tie_breakers=("game_points", "spread", "head_to_head"),
    bye_points=1,
)
FIVE_CARD = RuleSet(
    key="five-card",
    label="Five-card to 61",
    game_kind="five-card",
    target=61,
    skunk_line=31,
    double_skunk_line=None,
    forfeit_spread=5,
)
THREE_PLAYER_WTA = RuleSet(
    key="three-player-wta",
    label="Three players, winner takes all",
    game_kind="three-player",
    points_win=2, points_skunk=3, points_double_skunk=3, points_triple_skunk=3, points_second=1,
    three_player=WINNER_TAKES_ALL,
)
THREE_PLAYER_CONTINUED = RuleSet(
    key="three-player-continued",
    label="Three players, continued play",
    game_kind="three-player",
    points_win=2, points_skunk=3, points_double_skunk=4, points_triple_skunk=4, points_second=1,
    three_player=CONTINUED_PLAY,
)

PRESETS: dict[str, RuleSet] = {
    preset.key: preset
    for preset in (ACC, FREE_PLAY, LEGS, FIVE_CARD, THREE_PLAYER_WTA, THREE_PLAYER_CONTINUED)
}
DEFAULT_PRESET = "acc"

# The names a rule set's stored values may have.
RULE_FIELDS = frozenset(item.name for item in fields(RuleSet))


def preset(key: str) -> RuleSet:
    try:
        return PRESETS[key]
    except KeyError:
        raise RulesError(
            f"unknown rule set {_shown(key)}: one of {', '.join(PRESETS)}", field="rules"
        ) from None


def rules_from_values(preset_key: str, values: Mapping[str, Any] | None) -> RuleSet:
    """The preset with the stored values laid over it (unknown keys are refused)."""
    base = preset(preset_key)
    if values is not None and not isinstance(values, Mapping):
        raise RulesError(f"the rule values must be an object of settings, not {_shown(values)}", field="values")
    values = dict(values or {})
    unknown = sorted(set(values) - RULE_FIELDS)
    if unknown:
        raise RulesError(f"unknown rule setting {_shown(unknown[0])}", field=unknown[0])
    if "tie_breakers" in values:
        tie_breakers = values["tie_breakers"]
        if not isinstance(tie_breakers, (list, tuple)):
            raise RulesError(
                f"tie_breakers must be a list of metric keys (from {', '.join(TIE_BREAKERS)}), "
                f"not {_shown(tie_breakers)}",
                field="tie_breakers",
            )
        values["tie_breakers"] = tuple(tie_breakers)
    values.pop("key", None)
    return replace(base, **values)

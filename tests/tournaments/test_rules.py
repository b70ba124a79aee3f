"""Rule sets as data: skunk lines, every preset's match points, refused totals, match decisions."""
from __future__ import annotations

import pytest

from tournaments import rules as r
from tournaments.errors import ReportError, RulesError

# (winner total, loser total) -> winner's match points, per preset.
PRESET_POINTS = {
    "acc": {(121, 91): 2, (121, 90): 3, (121, 61): 3, (121, 60): 3, (121, 30): 3, (121, 0): 3},
    "free-play": {(121, 91): 1, (121, 90): 2, (121, 61): 2, (121, 60): 4, (121, 30): 4, (121, 31): 4},
    "legs": {(121, 91): 1, (121, 90): 1, (121, 60): 1, (121, 30): 1},
    "five-card": {(61, 31): 2, (61, 30): 3, (61, 0): 3},
}


@pytest.mark.parametrize(
    ("preset", "winner", "loser", "points"),
    [(preset, w, lo, p) for preset, table in PRESET_POINTS.items() for (w, lo), p in table.items()],
)
def test_preset_match_points(preset, winner, loser, points):
    rules = r.PRESETS[preset]
    assert rules.match_points(winner, loser) == points
    winner_score, loser_score = rules.game_result(winner, loser)
    assert winner_score.won
    assert not loser_score.won
    assert loser_score.points == rules.points_loss == 0


@pytest.mark.parametrize(
    ("loser", "level"), [(91, 0), (90, 1), (61, 1), (60, 2), (31, 2), (30, 3), (0, 3)]
)
def test_skunk_levels_with_a_triple_line(loser, level):
    assert r.FREE_PLAY.skunk_level(loser) == level


def test_acc_has_no_triple_skunk():
    assert r.ACC.skunk_level(30) == 2
    assert r.ACC.triple_skunk_line is None


def test_spread_and_plus_points():
    winner, loser = r.ACC.game_result(121, 95)
    assert (winner.spread, loser.spread) == (26, -26)
    assert (winner.plus_points, loser.plus_points) == (26, 0)


def test_skunks_given_and_taken():
    winner, loser = r.ACC.game_result(121, 60)
    assert (winner.skunks_given, winner.double_skunks_given) == (1, 1)
    assert loser.skunk_taken == 2


@pytest.mark.parametrize(
    ("totals", "reason"),
    [
        ({"a": 100, "b": 95}, "no side reached the target"),
        ({"a": 121, "b": 121}, "two sides are at the target"),
        ({"a": 121, "b": 125}, "above the target"),
        ({"a": 121, "b": -3}, "cannot be negative"),
        ({"a": 121, "b": 90.5}, "whole number"),
        ({"a": 121, "b": "90"}, "whole number"),
        ({"a": 121, "b": True}, "whole number"),
    ],
)
def test_impossible_totals_are_refused_with_the_reason(totals, reason):
    with pytest.raises(ReportError, match=reason) as caught:
        r.ACC.check_totals(totals)
    assert caught.value.field == "totals"
    assert caught.value.api_status == 400


def test_three_player_winner_takes_all():
    rules = r.THREE_PLAYER_WTA
    plain = rules.score_game({"w": 121, "s": 100, "t": 95})
    assert (plain["w"].points, plain["s"].points, plain["t"].points) == (2, 1, 0)
    third_skunked = rules.score_game({"w": 121, "s": 100, "t": 80})
    assert (third_skunked["w"].points, third_skunked["s"].points) == (3, 1)
    both_double = rules.score_game({"w": 121, "s": 55, "t": 40})
    assert (both_double["w"].points, both_double["s"].points, both_double["t"].points) == (3, 0, 0)
    assert both_double["w"].skunks_given == 2


def test_three_player_continued_play_second_winner():
    rules = r.THREE_PLAYER_CONTINUED
    scores = rules.score_game({"w": 121, "s": 100, "t": 110}, runner_up="s")
    assert (scores["w"].points, scores["s"].points, scores["t"].points) == (2, 1, 0)
    double = rules.score_game({"w": 121, "s": 50, "t": 95})
    assert double["w"].points == 4
    assert double["t"].points == 1
    with pytest.raises(ReportError, match="say who finished second"):
        rules.score_game({"w": 121, "s": 100, "t": 100})


def test_match_best_of_three_is_decided_by_two_wins():
    rules = r.ACC
    win_a = {"a": rules.game_result(121, 100)[0], "b": rules.game_result(121, 100)[1]}
    win_b = {"b": win_a["a"], "a": win_a["b"]}
    assert not rules.match_outcome("best_of", 3, ["a", "b"], [(1, win_a)]).decided
    assert not rules.match_outcome("best_of", 3, ["a", "b"], [(1, win_a), (2, win_b)]).decided
    outcome = rules.match_outcome("best_of", 3, ["a", "b"], [(1, win_a), (2, win_b), (3, win_a)])
    assert (outcome.decided, outcome.winner, outcome.deciding_game) == (True, "a", 3)


def test_first_to_n_match_points_counts_skunk_bonus():
    rules = r.FREE_PLAY
    skunk_a = dict(zip(("a", "b"), rules.game_result(121, 70), strict=True))  # 2 points
    double_a = dict(zip(("a", "b"), rules.game_result(121, 50), strict=True))  # 4 points
    assert not rules.match_outcome("first_to", 5, ["a", "b"], [(1, skunk_a)]).decided
    outcome = rules.match_outcome("first_to", 5, ["a", "b"], [(1, skunk_a), (2, double_a)])
    assert outcome.decided
    assert outcome.winner == "a"
    assert outcome.points["a"] == 6


def test_triple_skunk_wins_the_match_under_free_play_only():
    triple = dict(zip(("a", "b"), r.FREE_PLAY.game_result(121, 30), strict=True))
    outcome = r.FREE_PLAY.match_outcome("best_of", 5, ["a", "b"], [(1, triple)])
    assert outcome.decided
    assert outcome.winner == "a"
    acc_triple = dict(zip(("a", "b"), r.ACC.game_result(121, 30), strict=True))
    assert not r.ACC.match_outcome("best_of", 5, ["a", "b"], [(1, acc_triple)]).decided


def test_fixed_games_match_is_decided_after_all_games():
    rules = r.ACC
    win_a = dict(zip(("a", "b"), rules.game_result(121, 100), strict=True))
    win_b = dict(zip(("b", "a"), rules.game_result(121, 100), strict=True))
    assert not rules.match_outcome("games", 2, ["a", "b"], [(1, win_a)]).decided
    drawn = rules.match_outcome("games", 2, ["a", "b"], [(1, win_a), (2, win_b)])
    assert drawn.decided
    assert drawn.winner is None


def test_max_games():
    assert r.ACC.max_games("best_of", 3) == 3
    assert r.ACC.max_games("games", 2) == 2
    assert r.FREE_PLAY.max_games("first_to", 5) == 9
    assert r.ACC.max_games("first_to", 5) == 5


def test_rules_from_values_copies_a_preset_and_changes_values():
    rules = r.rules_from_values("acc", {"forfeit_spread": 15, "tie_breakers": ["game_points", "spread"]})
    assert rules.forfeit_spread == 15
    assert rules.tie_breakers == ("game_points", "spread")
    assert rules.points_skunk == 3
    assert r.rules_from_values("acc", rules.as_values()) == rules


@pytest.mark.parametrize(
    ("values", "field"),
    [
        ({"skunk_line": 130}, "skunk_line"),
        ({"double_skunk_line": 95}, "double_skunk_line"),
        ({"tie_breakers": ["height"]}, "tie_breakers"),
        ({"colour": "red"}, "colour"),
        ({"triple_skunk_wins_match": True}, "triple_skunk_wins_match"),
        ({"game_kind": "nine-card"}, "game_kind"),
    ],
)
def test_bad_rule_values_are_refused(values, field):
    with pytest.raises(RulesError) as caught:
        r.rules_from_values("acc", values)
    assert caught.value.field == field


def test_unknown_preset_is_refused():
    with pytest.raises(RulesError, match="unknown rule set"):
        r.preset("poker")


def test_bye_and_forfeit_scoring():
    assert r.ACC.bye_score().points == 2
    assert r.ACC.forfeit_loser_total() == 111
    winner, loser = r.ACC.game_result(121, r.ACC.forfeit_loser_total())
    assert (winner.points, winner.spread, loser.spread) == (2, 10, -10)


def test_flags_reach_the_show_rules():
    house = r.rules_from_values("acc", {"muggins": True, "four_card_crib_flush": True})
    assert house.show_rules.muggins
    assert house.show_rules.four_card_crib_flush
    assert not r.ACC.show_rules.muggins


def test_three_player_matches_end_even_when_the_wins_are_shared():
    rules = r.THREE_PLAYER_WTA
    assert rules.max_games("first_to", 5) == 7  # 3 sides x (3 wins needed - 1) + 1
    wins = [rules.score_game(line) for line in (
        {"a": 121, "b": 100, "c": 100 - 1}, {"b": 121, "a": 100, "c": 99}, {"c": 121, "a": 100, "b": 99},
    )]
    outcome = rules.match_outcome("best_of", 3, ["a", "b", "c"], list(enumerate(wins, start=1)))
    assert outcome.decided
    assert outcome.winner is None

"""Rule-set values are checked for type and range, so a bad one is refused where it is
entered (a RulesError naming it) instead of breaking an event's standings later."""
from __future__ import annotations

import pytest

from tournaments import rules as r
from tournaments.errors import RulesError, TournamentError


@pytest.mark.parametrize(
    ("values", "field"),
    [
        ({"points_win": "x"}, "points_win"),
        ({"points_win": 2.5}, "points_win"),
        ({"points_win": True}, "points_win"),
        ({"points_skunk": -1}, "points_skunk"),
        ({"points_double_skunk": 10**6}, "points_double_skunk"),
        ({"points_second": None}, "points_second"),
        ({"bye_points": "2"}, "bye_points"),
        ({"bye_spread": -5}, "bye_spread"),
        ({"target": "abc"}, "target"),
        ({"target": False}, "target"),
        ({"target": None}, "target"),
        ({"skunk_line": "91"}, "skunk_line"),
        ({"triple_skunk_line": 30.0}, "triple_skunk_line"),
        ({"tie_breakers": 5}, "tie_breakers"),
        ({"tie_breakers": "won"}, "tie_breakers"),
        ({"tie_breakers": None}, "tie_breakers"),
        ({"tie_breakers": [["won"]]}, "tie_breakers"),
        ({"tie_breakers": [{"key": "won"}]}, "tie_breakers"),
        ({"tie_breakers": []}, "tie_breakers"),
        ({"tie_breakers": ["won", "height"]}, "tie_breakers"),
        ({"tie_breakers": ["won", "won"]}, "tie_breakers"),
        ({"forfeit_spread": None}, "forfeit_spread"),
        ({"forfeit_spread": 0}, "forfeit_spread"),
        ({"forfeit_spread": 121}, "forfeit_spread"),
        ({"forfeit_spread": -3}, "forfeit_spread"),
        ({"muggins": "yes"}, "muggins"),
        ({"four_card_crib_flush": 1}, "four_card_crib_flush"),
        ({"triple_skunk_wins_match": None}, "triple_skunk_wins_match"),
        ({"three_player": 3}, "three_player"),
        ({"game_kind": ["six-card"]}, "game_kind"),
        ({"game_kind": None}, "game_kind"),
        ({"label": 5}, "label"),
        ({"height": 3}, "height"),
    ],
)
def test_a_bad_value_is_refused_naming_it(values, field):
    with pytest.raises(RulesError) as caught:
        r.rules_from_values("acc", values)
    assert caught.value.field == field
    assert caught.value.api_status == 400
    assert isinstance(caught.value, TournamentError)  # what the API and the admin turn into a 400 / form error
    assert caught.value.message  # a sentence for a person, not a Python error


def test_the_message_names_the_value_and_what_it_must_be():
    with pytest.raises(RulesError, match="points_win must be a whole number, not 'x'"):
        r.rules_from_values("acc", {"points_win": "x"})
    with pytest.raises(RulesError, match="at least 1 and below the target 121"):
        r.rules_from_values("acc", {"forfeit_spread": 0})
    with pytest.raises(RulesError, match="at least one tie-breaker"):
        r.rules_from_values("acc", {"tie_breakers": []})


def test_a_long_bad_value_is_quoted_short():
    with pytest.raises(RulesError) as caught:
        r.rules_from_values("acc", {"label": ["x" * 10_000]})
    assert len(caught.value.message) < 200


def test_values_that_are_no_mapping_are_refused():
    with pytest.raises(RulesError) as caught:
        r.rules_from_values("acc", ["points_win", 2])  # type: ignore[arg-type]
    assert caught.value.field == "values"


def test_a_list_of_tie_breakers_becomes_a_tuple():
    rules = r.rules_from_values("acc", {"tie_breakers": ["spread", "won"]})
    assert rules.tie_breakers == ("spread", "won")
    hash(rules)  # still a frozen, hashable value


@pytest.mark.parametrize("spread", [1, 60, 120])
def test_the_forfeit_spread_runs_from_1_to_below_the_target(spread):
    rules = r.rules_from_values("acc", {"forfeit_spread": spread})
    winner, loser = rules.game_result(121, rules.forfeit_loser_total())
    assert (winner.spread, loser.spread) == (spread, -spread)


def test_optional_skunk_lines_may_be_none():
    rules = r.rules_from_values("acc", {"skunk_line": None, "double_skunk_line": None})
    assert rules.skunk_level(0) == 0


def test_a_valid_copy_still_works():
    house = r.rules_from_values("acc", {
        "points_win": 1, "points_skunk": 2, "forfeit_spread": 15, "bye_spread": 5, "muggins": True,
        "tie_breakers": ["game_points", "spread"], "label": "House",
    })
    assert (house.points_win, house.points_skunk, house.forfeit_spread, house.muggins) == (1, 2, 15, True)
    assert r.rules_from_values("acc", house.as_values()) == house


@pytest.mark.parametrize("key", list(r.PRESETS))
def test_every_preset_still_validates(key):
    preset = r.PRESETS[key]
    assert r.rules_from_values(key, preset.as_values()) == preset
    assert r.RuleSet(**{**preset.as_values(), "tie_breakers": preset.tie_breakers}) == preset
    # A forfeit under the preset is a scorable game.
    winner_total, loser_total = preset.target, preset.forfeit_loser_total()
    scores = preset.score_game({"a": winner_total, "b": loser_total})
    assert scores["a"].won

"""Standings engine on hand-built fields: every metric, every tie-breaker, shared ranks."""
from __future__ import annotations

import pytest

from tournaments import rules as r
from tournaments import standings as st
from tournaments.standings import GameRecord, compute_standings


def game(a: int, b: int, total_a: int, total_b: int, outcome: str = "played") -> GameRecord:
    return GameRecord((a, b), (total_a, total_b), outcome)


# A small field: 1 beats 2 by 30 (plain), 1 beats 3 skunked (121-85), 2 double-skunks 3 (121-55),
# 3 beats 1 (121-119).
FIELD = [
    game(1, 2, 121, 91),
    game(1, 3, 121, 85),
    game(2, 3, 121, 55),
    game(3, 1, 121, 119),
]


def results_of(entry: int, records=FIELD, rules=r.ACC):
    return st.side_results(records, rules)[entry]


@pytest.mark.parametrize(
    ("metric", "expected"),
    [
        (st.GamesPlayed(), {1: 3, 2: 2, 3: 3}),
        (st.Won(), {1: 2, 2: 1, 3: 1}),
        (st.Lost(), {1: 1, 2: 1, 3: 2}),
        (st.GamePoints(), {1: 2 + 3, 2: 3, 3: 2}),
        (st.Spread(), {1: 30 + 36 - 2, 2: -30 + 66, 3: -36 - 66 + 2}),
        (st.PlusPoints(), {1: 66, 2: 66, 3: 2}),
        (st.SkunksGiven(), {1: 1, 2: 1, 3: 0}),
        (st.SkunksTaken(), {1: 0, 2: 0, 3: 2}),
        (st.DoubleSkunksGiven(), {1: 0, 2: 1, 3: 0}),
        (st.DoubleSkunksTaken(), {1: 0, 2: 0, 3: 1}),
    ],
    ids=lambda value: getattr(value, "key", ""),
)
def test_each_metric_on_a_hand_built_field(metric, expected):
    assert {entry: metric.compute(results_of(entry)) for entry in (1, 2, 3)} == expected


def test_head_to_head_counts_only_games_among_the_tied():
    metric = st.HeadToHead()
    assert metric.compute(results_of(1), frozenset({1, 2})) == 2
    assert metric.compute(results_of(2), frozenset({1, 2})) == 0
    assert metric.compute(results_of(1), frozenset({1, 2, 3})) == 5


def test_rows_carry_every_metric_and_rank_in_order():
    rows = compute_standings(FIELD, r.ACC)
    assert [row.entry for row in rows] == [1, 2, 3]
    assert [row.rank for row in rows] == [1, 2, 3]
    first = rows[0].as_dict()
    assert first["game_points"] == 5
    assert first["spread"] == 64
    assert first["tie"] is False


def test_games_won_breaks_a_game_points_tie():
    # 1: two plain wins (4 points, 2 won). 2: one skunk win + ... build 2 with 4 points from 1 win+...
    # Use legs-style numbers under ACC: entry 2 wins once skunked (3) - not 4; so compare 6 vs 6:
    # entry 1: three plain wins = 6 points, 3 won; entry 2: two skunk wins = 6 points, 2 won.
    records = [
        game(1, 9, 121, 100), game(1, 9, 121, 100), game(1, 9, 121, 100),
        game(2, 8, 121, 50), game(2, 8, 121, 50),
    ]
    rows = compute_standings(records, r.ACC)
    assert [row.entry for row in rows[:2]] == [1, 2]
    assert rows[0].values["game_points"] == rows[1].values["game_points"] == 6


def test_spread_breaks_a_tie_on_points_and_wins():
    records = [game(1, 9, 121, 100), game(2, 8, 121, 95)]
    rows = compute_standings(records, r.ACC)
    assert [row.entry for row in rows[:2]] == [2, 1]
    assert [row.rank for row in rows[:2]] == [1, 2]


def test_plus_points_break_a_tie_on_points_wins_and_spread():
    # Both 2 points, 1 win, spread +10; 1 won by 30 and lost by 20, 2 won by 10 only.
    records = [game(1, 9, 121, 91), game(8, 1, 121, 101), game(2, 7, 121, 111)]
    rows = {row.entry: row for row in compute_standings(records, r.ACC)}
    assert rows[1].values["spread"] == rows[2].values["spread"] == 10
    assert rows[1].values["plus_points"] == 30
    assert rows[2].values["plus_points"] == 10
    assert rows[8].rank == 1  # 2 points, 1 win, spread +20
    assert (rows[1].rank, rows[2].rank) == (2, 3)


def test_head_to_head_breaks_a_tie_left_by_the_other_metrics():
    # 1 and 2 end level on points, wins, spread and plus points; 1 beat 2.
    records = [
        game(1, 2, 121, 101),   # 1 +20, 2 -20
        game(2, 9, 121, 101),   # 2 +20
        game(8, 1, 121, 101),   # 1 -20
    ]
    rows = {row.entry: row for row in compute_standings(records, r.ACC)}
    for key in ("game_points", "won", "spread", "plus_points"):
        assert rows[1].values[key] == rows[2].values[key]
    assert (rows[1].rank, rows[2].rank) == (2, 3)
    assert not rows[1].tie
    assert not rows[2].tie


def test_unbroken_tie_shares_the_rank_and_needs_a_playoff():
    records = [game(1, 9, 121, 100), game(2, 8, 121, 100)]
    rows = compute_standings(records, r.ACC, names={1: "Zed", 2: "Amy"})
    assert [(row.entry, row.rank, row.tie) for row in rows[:2]] == [(2, 1, True), (1, 1, True)]
    # The next rank after a two-way tie is 3.
    assert rows[2].rank == 3
    assert rows[2].tie


def test_three_way_head_to_head_circle_stays_tied():
    records = [game(1, 2, 121, 100), game(2, 3, 121, 100), game(3, 1, 121, 100)]
    rows = compute_standings(records, r.ACC)
    assert {row.rank for row in rows} == {1}
    assert all(row.tie for row in rows)


def test_tie_breaker_order_is_the_rule_sets():
    # 1: 3 points, 1 win (skunk). 2: 4 points, 2 wins, but spread much lower.
    records = [game(1, 9, 121, 50), game(2, 8, 121, 120), game(2, 8, 121, 120)]
    acc_rows = compute_standings(records, r.ACC)
    assert acc_rows[0].entry == 2
    spread_first = r.ACC.with_values(tie_breakers=("spread", "game_points"))
    assert compute_standings(records, spread_first)[0].entry == 1


def test_lower_is_better_for_losses_when_used_as_a_tie_breaker():
    records = [game(1, 9, 121, 100), game(8, 1, 121, 100), game(2, 7, 121, 100)]
    rules = r.ACC.with_values(tie_breakers=("game_points", "lost"))
    rows = {row.entry: row for row in compute_standings(records, rules)}
    # 2 and 8: 2 points, no loss (shared first); 1: 2 points, one loss.
    assert (rows[2].rank, rows[8].rank, rows[1].rank) == (1, 1, 3)


def test_bye_scores_as_the_rule_set_says():
    records = [GameRecord((5,), (None,), "bye")]
    row = compute_standings(records, r.ACC)[0]
    assert row.values["won"] == 1
    assert row.values["game_points"] == r.ACC.bye_points
    assert row.values["spread"] == r.ACC.bye_spread
    legs_row = compute_standings(records, r.LEGS)[0]
    assert legs_row.values["game_points"] == 1


def test_forfeit_counts_as_a_win_by_the_forfeit_spread():
    records = [game(1, 2, 121, r.ACC.forfeit_loser_total(), "forfeit")]
    rows = {row.entry: row.values for row in compute_standings(records, r.ACC)}
    assert rows[1]["spread"] == 10
    assert rows[2]["spread"] == -10
    assert rows[1]["game_points"] == 2
    assert rows[2]["lost"] == 1


def test_entries_without_games_are_listed_with_zeros():
    rows = {row.entry: row for row in compute_standings([game(1, 2, 121, 100)], r.ACC, entries=[1, 2, 3])}
    assert rows[3].values["games_played"] == 0
    assert rows[3].values["game_points"] == 0
    # Level with the loser on points and wins, ahead of them on spread (0 > -21).
    assert (rows[1].rank, rows[3].rank, rows[2].rank) == (1, 2, 3)


def test_three_player_games_score_second_place():
    records = [GameRecord((1, 2, 3), (121, 100, 95))]
    rows = {row.entry: row.values for row in compute_standings(records, r.THREE_PLAYER_WTA)}
    assert (rows[1]["game_points"], rows[2]["game_points"], rows[3]["game_points"]) == (2, 1, 0)
    assert rows[1]["spread"] == 21 + 26

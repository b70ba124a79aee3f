"""Round services with a database: draft → release → close, swaps, byes, the three engines."""
from __future__ import annotations

import itertools

import pytest

from tests.factories import play_match, stage_with_field
from tournaments import selectors
from tournaments.errors import EntryError, StateError
from tournaments.models import (
    EntryStatus,
    Game,
    GameOutcome,
    GameState,
    Match,
    MatchStatus,
    RoundStatus,
    StageKind,
    StageStatus,
)
from tournaments.services import events, rounds

pytestmark = pytest.mark.django_db


def play_round(round_) -> None:
    rounds.round_release(round=round_)
    for match in Match.objects.filter(round=round_, is_bye=False):
        play_match(match)
    rounds.round_close(round=round_)


def pairs_of(stage) -> list[frozenset[int]]:
    return [frozenset((a, b)) for a, b in
            Match.objects.filter(stage=stage, is_bye=False).values_list("side_a_id", "side_b_id")]


def test_round_robin_rounds_go_draft_released_closed_with_tables_and_no_rematch():
    stage = stage_with_field(8, settings={"rounds": 3, "games_per_opponent": 2})
    first = rounds.round_generate(stage=stage)
    assert (first.number, first.status) == (1, RoundStatus.DRAFT)
    matches = list(Match.objects.filter(round=first).order_by("table"))
    assert [match.table for match in matches] == [1, 2, 3, 4]
    assert {(match.format, match.format_n) for match in matches} == {("games", 2)}
    assert len({entry for match in matches for entry in match.side_ids}) == 8
    stage.refresh_from_db()
    assert stage.status == StageStatus.RUNNING
    assert len(stage.settings["order"]) == 8  # the circle is kept for the later rounds

    with pytest.raises(StateError, match="release it first"):
        rounds.round_close(round=first)
    released = rounds.round_release(round=first)
    assert released.status == RoundStatus.RELEASED
    assert released.released_at is not None
    with pytest.raises(StateError, match="close it before drawing the next"):
        rounds.round_generate(stage=stage)
    for match in matches:
        play_match(match)
    assert rounds.round_close(round=first).status == RoundStatus.CLOSED

    play_round(rounds.round_generate(stage=stage))
    play_round(rounds.round_generate(stage=stage))
    pairs = pairs_of(stage)
    assert len(pairs) == 12
    assert len(set(pairs)) == 12
    with pytest.raises(StateError, match="3 rounds and every one has been drawn"):
        rounds.round_generate(stage=stage)
    rows = selectors.event_standings(event=stage.event, stage=stage)
    assert sum(row["games_played"] for row in rows) == 3 * 4 * 2 * 2


def test_closing_refuses_while_tables_are_playing_and_names_them():
    stage = stage_with_field(8, settings={"rounds": 1})
    round_ = rounds.round_release(round=rounds.round_generate(stage=stage))
    for match in Match.objects.filter(round=round_, table__in=[1, 4]):
        play_match(match)
    # Table 3 has one report: still playing too.
    waiting = Match.objects.get(round=round_, table=3)
    from tournaments.services import results
    results.game_report(match=waiting.pk, number=1, totals={str(waiting.side_a_id): 121,
                                                             str(waiting.side_b_id): 99},
                        reporter=waiting.side_a_id, key="one")
    with pytest.raises(StateError, match=r"tables 2, 3 are still playing") as refused:
        rounds.round_close(round=round_)
    assert refused.value.api_status == 409
    for match in Match.objects.filter(round=round_, table__in=[2, 3]):
        play_match(match)
    assert rounds.round_close(round=round_).status == RoundStatus.CLOSED


def test_an_odd_field_gives_a_bye_scored_by_the_rule_set():
    stage = stage_with_field(5, settings={"rounds": 2, "games_per_opponent": 2})
    round_ = rounds.round_generate(stage=stage)
    bye = Match.objects.get(round=round_, is_bye=True)
    assert bye.table is None
    assert bye.side_b_id is None
    assert (bye.status, bye.winner_id) == (MatchStatus.DECIDED, bye.side_a_id)
    assert bye.flags == {"pairing": ["bye"]}
    games = list(Game.objects.filter(match=bye))
    assert [(game.state, game.outcome) for game in games] == [(GameState.CONFIRMED, GameOutcome.BYE)] * 2
    assert [match.table for match in Match.objects.filter(round=round_, is_bye=False).order_by("table")] == [1, 2]
    rounds.round_release(round=round_)  # a draft's bye counts only once players can see it
    row = next(row for row in selectors.event_standings(event=stage.event, stage=stage)
               if row["entry"] == bye.side_a_id)
    assert (row["won"], row["game_points"]) == (2, 2 * stage.event.rules.to_rules().bye_points)


def test_drawing_a_draft_again_draws_anew_and_sit_outs_stay_fair():
    stage = stage_with_field(7, kind=StageKind.RANDOM_DRAW, settings={"rounds": 3})
    first = rounds.round_generate(stage=stage)
    stage.refresh_from_db()
    seed = stage.settings["seed"]
    again = rounds.round_generate(stage=stage)  # the director asks for another draw
    assert again.pk == first.pk
    stage.refresh_from_db()
    assert stage.settings["seed"] != seed  # a fresh draw, not the same one again
    assert Match.objects.filter(round=again).count() == 4  # still three tables and a sit-out
    play_round(again)
    play_round(rounds.round_generate(stage=stage))
    play_round(rounds.round_generate(stage=stage))
    pairs = pairs_of(stage)
    assert len(pairs) == 9
    assert len(set(pairs)) == 9
    sat_out = list(Match.objects.filter(stage=stage, is_bye=True).values_list("side_a_id", flat=True))
    assert len(sat_out) == 3
    assert len(set(sat_out)) == 3
    assert Match.objects.filter(stage=stage, is_bye=True, flags__pairing=["sit-out"]).count() == 3


def test_swiss_pairs_winners_with_winners_and_never_repeats():
    stage = stage_with_field(8, kind=StageKind.SWISS, settings={"rounds": 3})
    play_round(rounds.round_generate(stage=stage))
    winners = set(Match.objects.filter(stage=stage).values_list("winner_id", flat=True))
    second = rounds.round_generate(stage=stage)
    for match in Match.objects.filter(round=second):
        assert (match.side_a_id in winners) == (match.side_b_id in winners)
    play_round(second)
    play_round(rounds.round_generate(stage=stage))
    pairs = pairs_of(stage)
    assert len(set(pairs)) == len(pairs) == 12


def test_swap_exchanges_seats_in_a_draft_only():
    stage = stage_with_field(5, settings={"rounds": 2})
    round_ = rounds.round_generate(stage=stage)
    one = Match.objects.get(round=round_, table=1)
    bye = Match.objects.get(round=round_, is_bye=True)
    moved, sitting = one.side_a_id, bye.side_a_id
    rounds.round_swap(round=round_, entry=moved, other=sitting)
    one.refresh_from_db()
    bye.refresh_from_db()
    assert one.side_a_id == sitting
    assert bye.side_a_id == moved
    assert bye.winner_id == moved
    assert set(Game.objects.filter(match=bye).values_list("winner_id", flat=True)) == {moved}
    assert "swapped by the director" in one.flags["pairing"]
    with pytest.raises(EntryError, match="already play each other at table 1"):
        rounds.round_swap(round=round_, entry=one.side_a_id, other=one.side_b_id)
    with pytest.raises(EntryError, match="two different entries"):
        rounds.round_swap(round=round_, entry=moved, other=moved)
    outsider = events.entry_add(event=stage.event, name="Late Arrival")[0]
    with pytest.raises(EntryError, match="Late Arrival is not in round 1"):
        rounds.round_swap(round=round_, entry=outsider, other=moved)
    rounds.round_release(round=round_)
    with pytest.raises(StateError, match="only a draft round"):
        rounds.round_swap(round=round_, entry=moved, other=sitting)


def test_a_withdrawn_entry_leaves_its_scheduled_opponent_a_bye():
    stage = stage_with_field(6, settings={"rounds": 3})
    play_round(rounds.round_generate(stage=stage))
    order = stage.event.entries.order_by("seed")
    gone = order.first()
    events.entry_withdraw(entry=gone)
    second = rounds.round_generate(stage=stage)
    assert not Match.objects.filter(round=second).filter(side_a=gone).exists()
    assert not Match.objects.filter(round=second, side_b=gone).exists()
    bye = Match.objects.get(round=second, is_bye=True)
    assert bye.flags["pairing"] == ["bye", "opponent withdrawn"]
    assert [m.table for m in Match.objects.filter(round=second, is_bye=False).order_by("table")] == [1, 2]
    assert gone.status == EntryStatus.WITHDRAWN


def test_settings_and_stage_kinds_are_checked_with_the_key_named():
    stage = stage_with_field(4, settings={"games_per_opponent": 3})
    with pytest.raises(EntryError) as bad:
        rounds.round_generate(stage=stage)
    assert bad.value.field == "settings.games_per_opponent"
    swiss = events.stage_create(event=stage.event, name="Swiss", kind=StageKind.SWISS)
    with pytest.raises(EntryError, match="number of rounds"):
        rounds.round_generate(stage=swiss)
    bracket = events.stage_create(event=stage.event, name="Playoffs", kind=StageKind.SINGLE_ELIMINATION)
    with pytest.raises(StateError, match="matches come from the bracket"):
        rounds.round_generate(stage=bracket)


@pytest.mark.parametrize("players", [8, 40])
def test_generating_a_round_takes_the_same_queries_for_any_field(players, django_assert_max_num_queries):
    stage = stage_with_field(players, settings={"rounds": 3, "games_per_opponent": 2})
    play_round(rounds.round_generate(stage=stage))
    swiss = stage_with_field(players + 1, kind=StageKind.SWISS, settings={"rounds": 3})
    with django_assert_max_num_queries(9):
        rounds.round_generate(stage=stage)
    with django_assert_max_num_queries(14):
        rounds.round_generate(stage=swiss)  # with a bye: its games and audit rows too
    assert Match.objects.filter(round__stage=swiss).count() == (players + 2) // 2


def test_no_pair_meets_twice_over_a_whole_small_round_robin():
    stage = stage_with_field(6, settings={"games_per_opponent": 1})
    for _ in range(5):
        play_round(rounds.round_generate(stage=stage))
    pairs = pairs_of(stage)
    assert sorted(pairs, key=sorted) == sorted(
        (frozenset(pair) for pair in itertools.combinations(stage.event.entries.values_list("id", flat=True), 2)),
        key=sorted,
    )


def test_nobody_reports_a_game_of_a_draft_round():
    from tournaments.services import results

    stage = stage_with_field(4, settings={"rounds": 1})
    round_ = rounds.round_generate(stage=stage)
    match = Match.objects.filter(round=round_).first()
    totals = {str(match.side_a_id): 121, str(match.side_b_id): 90}
    with pytest.raises(StateError, match="round 1 is not released yet"):
        results.game_report(match=match.pk, number=1, totals=totals, reporter=match.side_a_id, key="early")
    rounds.round_release(round=round_)
    report = results.game_report(match=match.pk, number=1, totals=totals, reporter=match.side_a_id, key="early")
    assert report.game.state == GameState.REPORTED


def test_a_draft_rounds_bye_stays_out_of_the_standings_until_release():
    from tests.factories import stage_with_field as field_of
    from tournaments import selectors
    from tournaments.errors import StateError
    from tournaments.models import Match
    from tournaments.services import results
    from tournaments.services import rounds as round_services

    stage = field_of(5, kind="swiss", settings={"rounds": 3})
    draft = round_services.round_generate(stage=stage)
    bye = Match.objects.get(round=draft, is_bye=True)
    assert all(row["games_played"] == 0 for row in selectors.event_standings(event=stage.event))
    playing = Match.objects.filter(round=draft, is_bye=False).first()
    with pytest.raises(StateError, match="not released yet"):
        results.match_forfeit(match=playing, forfeiting=playing.side_b_id, reason="no-show")
    round_services.round_release(round=draft)
    rows = {row["entry"]: row for row in selectors.event_standings(event=stage.event)}
    assert rows[bye.side_a_id]["games_played"] == 1

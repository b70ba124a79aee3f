"""Standings from the database: confirmed games only, per stage and per event, in a fixed
number of queries whatever the size of the field."""
from __future__ import annotations

import pytest

from tests.factories import EntryFactory, EventFactory, StageFactory, build_field
from tournaments import selectors
from tournaments.models import EntryStatus, Game, GameState, Match
from tournaments.services import results

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("players", [8, 60])
def test_standings_take_the_same_few_queries_for_any_field(players, django_assert_max_num_queries):
    event = EventFactory()
    build_field(event, players)
    event = selectors.event_get(event_id=event.pk)
    with django_assert_max_num_queries(3):
        rows = selectors.event_standings(event=event)
    assert len(rows) == players
    assert sum(row["games_played"] for row in rows) == players * 3 * 2


def test_only_confirmed_games_count():
    event = EventFactory()
    a, b = EntryFactory(event=event), EntryFactory(event=event)
    match = Match.objects.create(event=event, side_a=a, side_b=b, format="games", format_n=3)
    results.game_report(match=match, number=1, totals={str(a.pk): 121, str(b.pk): 90}, key="1")
    results.game_report(match=match, number=2, totals={str(a.pk): 121, str(b.pk): 90}, key="2", reporter=a.pk)
    results.game_report(match=match, number=3, totals={str(a.pk): 121, str(b.pk): 90}, key="3", reporter=a.pk)
    results.game_report(match=match, number=3, totals={str(a.pk): 100, str(b.pk): 121}, key="4", reporter=b.pk)
    rows = {row["entry"]: row for row in selectors.event_standings(event=event)}
    assert rows[a.pk]["games_played"] == 1
    assert rows[a.pk]["game_points"] == 3
    assert rows[b.pk]["skunks_taken"] == 1
    assert rows[a.pk]["name"] == a.player.name


def test_stage_standings_count_only_that_stage():
    event = EventFactory()
    qualifying, playoffs = StageFactory(event=event, order=1), StageFactory(event=event, order=2, name="Playoffs")
    entries = build_field(event, 6, stage=qualifying)
    Match.objects.create(event=event, stage=playoffs, side_a=entries[0], side_b=entries[1])
    game = Game.objects.create(match=Match.objects.get(stage=playoffs), number=1, state=GameState.CONFIRMED,
                               total_a=121, total_b=100, winner=entries[0])
    stage_rows = selectors.event_standings(event=event, stage=playoffs)
    assert {row["entry"] for row in stage_rows} == {entries[0].pk, entries[1].pk}
    assert sum(row["games_played"] for row in stage_rows) == 2
    event_rows = {row["entry"]: row for row in selectors.event_standings(event=event)}
    assert event_rows[entries[0].pk]["games_played"] == 3 + 3 + 1  # circle: 3 as side a, 3 as b, + playoff
    assert game.pk


def test_withdrawn_entries_without_games_drop_out():
    event = EventFactory()
    gone = EntryFactory(event=event, status=EntryStatus.WITHDRAWN)
    here = EntryFactory(event=event)
    rows = selectors.event_standings(event=event)
    assert [row["entry"] for row in rows] == [here.pk]
    assert gone.pk not in {row["entry"] for row in rows}


def test_drafts_are_hidden_from_the_public():
    from tournaments.errors import NotFound

    draft = EventFactory(status="draft")
    with pytest.raises(NotFound):
        selectors.event_get(event_id=draft.pk, user=None)

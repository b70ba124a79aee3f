"""Public pages: event list, standings and tables, the drawn bracket."""
from __future__ import annotations

import pytest

from tests.factories import EventFactory, build_field
from tournaments.models import Bracket, EventStatus, Match, MatchStatus, Round, RoundStatus
from tournaments.selectors import event_standings
from tournaments.services.events import entry_add, event_create, match_create, stage_create
from tournaments.services.results import game_report

pytestmark = pytest.mark.django_db


def test_only_public_events_are_listed(client):
    event_create(name="Spring Open", status=EventStatus.OPEN)
    event_create(name="Secret draft")
    page = client.get("/").content.decode()
    assert "Spring Open" in page
    assert "Secret draft" not in page


def test_a_draft_event_page_is_404(client):
    draft = event_create(name="Not yet")
    assert client.get(f"/events/{draft.pk}/").status_code == 404
    assert client.get("/events/999999/").status_code == 404


def test_standings_show_shared_ranks_and_playoff_needed(client):
    event = event_create(name="Two-way tie", status=EventStatus.OPEN)
    a, _ = entry_add(event=event, name="Ann")
    b, _ = entry_add(event=event, name="Ben")
    match = match_create(event=event, entries=[a, b], format="games", n=2)
    game_report(match=match, number=1, totals={a.pk: 121, b.pk: 100}, key="g1")
    game_report(match=match, number=2, totals={a.pk: 100, b.pk: 121}, key="g2")
    page = client.get(f"/events/{event.pk}/").content.decode()
    rows = page.split('id="standings"', 1)[1].split("</table>", 1)[0]
    assert rows.count("1=") == 2
    assert rows.count("playoff needed") == 2


def test_standings_rows_follow_the_engine(client):
    event = EventFactory(status=EventStatus.RUNNING)
    build_field(event, 6)
    page = client.get(f"/events/{event.pk}/").content.decode()
    table = page.split('id="standings"', 1)[1].split("</tbody>", 1)[0]
    rows = table.split("<tr")[2:]  # skip the header row
    expected = event_standings(event=event)
    assert len(rows) == len(expected) == 6
    for html, row in zip(rows, expected, strict=True):
        assert row["name"] in html
        assert f"<b>{row['game_points']}</b>" in html
        spread = f"+{row['spread']}" if row["spread"] > 0 else str(row["spread"])
        assert f">{spread}<" in html


def test_the_current_round_is_shown_by_table(client):
    event = event_create(name="Club night", status=EventStatus.OPEN)
    stage = stage_create(event=event, name="Qualifying", kind="manual")
    released = Round.objects.create(stage=stage, number=1, status=RoundStatus.RELEASED)
    people = [entry_add(event=event, name=name)[0] for name in ("Ann", "Ben", "Cat", "Dan")]
    match_create(event=event, entries=people[:2], stage=stage, round=released, table=2)
    match_create(event=event, entries=people[2:], stage=stage, round=released, table=1)
    page = client.get(f"/events/{event.pk}/").content.decode()
    section = page.split("Qualifying · round 1", 1)[1]
    assert section.index("Cat") < section.index("Ann")  # table 1 first


def _bracket(event, stage):
    """Four qualifiers and a bye-less semi-final; the final waits for both winners."""
    ann, ben, cat, dan = (entry_add(event=event, name=n)[0] for n in ("Ann", "Ben", "Cat", "Dan"))
    final = Match.objects.create(event=event, stage=stage, bracket=Bracket.WINNERS, bracket_round=2,
                                 bracket_slot=1, format="best_of", format_n=3)
    Match.objects.create(event=event, stage=stage, bracket=Bracket.WINNERS, bracket_round=1, bracket_slot=1,
                         side_a=ann, seed_a=1, is_bye=True, status=MatchStatus.DECIDED, winner=ann,
                         winner_to=final, winner_to_side="a")
    semi = Match.objects.create(event=event, stage=stage, bracket=Bracket.WINNERS, bracket_round=1,
                                bracket_slot=2, side_a=ben, side_b=cat, seed_a=2, seed_b=3, table=4,
                                format="best_of", format_n=3, winner_to=final, winner_to_side="b")
    return semi, dan


def test_the_bracket_is_drawn_with_tbd_distinct_from_bye(client):
    event = event_create(name="Playoffs", status=EventStatus.OPEN)
    stage = stage_create(event=event, name="Championship", kind="single_elimination")
    _bracket(event, stage)
    page = client.get(f"/stages/{stage.pk}/bracket/").content.decode()
    assert page.count('class="bracket-round') == 2
    assert "Semi-finals" in page
    assert "Final" in page
    assert page.count(">BYE<") == 1
    assert page.count(">TBD<") == 2  # the final's two sides
    assert "table 4" in page
    event_page = client.get(f"/events/{event.pk}/").content.decode()
    assert f"/stages/{stage.pk}/bracket/" in event_page


def test_a_draft_events_bracket_is_404(client):
    event = event_create(name="Hidden")
    stage = stage_create(event=event, name="Championship", kind="single_elimination")
    assert client.get(f"/stages/{stage.pk}/bracket/").status_code == 404


def test_the_event_page_reads_in_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    for size in (8, 40):
        event = EventFactory(status=EventStatus.RUNNING)
        build_field(event, size)
        with django_assert_max_num_queries(10):
            assert client.get(f"/events/{event.pk}/").status_code == 200


def test_the_champion_is_named_once_the_final_is_decided(client):
    event = event_create(name="Playoffs", status=EventStatus.OPEN)
    stage = stage_create(event=event, name="Championship", kind="single_elimination")
    semi, _ = _bracket(event, stage)
    assert 'id="champion"' not in client.get(f"/stages/{stage.pk}/bracket/").content.decode()
    final = semi.winner_to
    final.side_a, final.side_b = semi.side_a, semi.side_b
    final.status, final.winner = MatchStatus.DECIDED, semi.side_b
    final.save(update_fields=["side_a", "side_b", "status", "winner"])
    page = client.get(f"/stages/{stage.pk}/bracket/").content.decode()
    assert f"Champion: <b>{semi.side_b.name}</b>" in page

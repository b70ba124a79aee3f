"""Fixed-seat rotation, fixed tables and the printed schedule, through the services."""
from __future__ import annotations

import pytest

from tests.factories import play_match, stage_with_field
from tournaments.errors import EntryError, StateError
from tournaments.models import Match, Round
from tournaments.services import rounds

pytestmark = pytest.mark.django_db


def entry_ids(stage) -> list[int]:
    return list(stage.event.entries.order_by("seed").values_list("id", flat=True))


def play_round(stage) -> Round:
    round_ = rounds.round_generate(stage=stage)
    rounds.round_release(round=round_)
    for match in Match.objects.filter(round=round_, is_bye=False):
        play_match(match)
    return rounds.round_close(round=round_)


def tables_of(round_) -> dict[int, int]:
    seats: dict[int, int] = {}
    for match in Match.objects.filter(round=round_, is_bye=False):
        seats[match.side_a_id] = match.table
        seats[match.side_b_id] = match.table
    return seats


def test_a_rotation_keeps_the_stationary_half_at_their_tables():
    stage = stage_with_field(8)
    ids = entry_ids(stage)
    stationary = ids[::2]  # seeds 1, 3, 5, 7 keep their seats
    stage.settings = {"stationary": stationary}
    stage.save(update_fields=["settings"])
    seen = []
    for _ in range(4):
        round_ = play_round(stage)
        seats = tables_of(round_)
        assert [seats[entry] for entry in stationary] == [1, 2, 3, 4]
        seen.append({frozenset(m.side_ids) for m in Match.objects.filter(round=round_)})
    met = set().union(*seen)
    assert len(met) == 16  # every stationary entry met every mover once, no repeats
    assert all(len(pair & set(stationary)) == 1 for pair in met)


def test_fixed_tables_hold_in_every_round():
    stage = stage_with_field(6, kind="random_draw", settings={"rounds": 3})
    ids = entry_ids(stage)
    stage.settings = {**stage.settings, "fixed_tables": {str(ids[4]): 1}}
    stage.save(update_fields=["settings"])
    for _ in range(3):
        round_ = play_round(stage)
        assert tables_of(round_)[ids[4]] == 1


def test_the_printed_schedule_is_what_gets_drawn():
    stage = stage_with_field(7, settings={"rounds": 4})
    printed = rounds.stage_schedule(stage=stage)
    assert len(printed) == 4
    for draw in printed:
        round_ = play_round(stage)
        drawn = {(m.table, frozenset(m.side_ids)) for m in Match.objects.filter(round=round_, is_bye=False)}
        expected = {(p.table, frozenset((p.a, p.b))) for p in draw.pairings if p.b is not None}
        assert drawn == expected


@pytest.mark.parametrize(
    ("kind", "settings", "field"),
    [
        ("round_robin", {"stationary": "everyone"}, "settings.stationary"),
        ("swiss", {"rounds": 3, "stationary": [1, 2]}, "settings.stationary"),
        ("round_robin", {"fixed_tables": {"x": 1}}, "settings.fixed_tables"),
        ("round_robin", {"fixed_tables": {"1": 0}}, "settings.fixed_tables"),
    ],
)
def test_bad_rotation_or_table_settings_name_the_key(kind, settings, field):
    stage = stage_with_field(4, kind=kind, settings=settings)
    with pytest.raises(EntryError) as refused:
        rounds.round_generate(stage=stage)
    assert refused.value.field == field


def test_a_stationary_list_of_the_wrong_size_is_refused_with_the_reason():
    stage = stage_with_field(8)
    stage.settings = {"stationary": entry_ids(stage)[:2]}
    stage.save(update_fields=["settings"])
    with pytest.raises(EntryError, match="half the field") as refused:
        rounds.stage_schedule(stage=stage)
    assert refused.value.field == "settings.stationary"


def test_only_a_round_robin_has_a_schedule_up_front():
    stage = stage_with_field(6, kind="swiss", settings={"rounds": 3})
    with pytest.raises(StateError, match="round by round"):
        rounds.stage_schedule(stage=stage)


def test_the_schedule_endpoint_and_the_printable_page(client):
    stage = stage_with_field(5, settings={"rounds": 2})
    body = client.get(f"/api/v1/stages/{stage.pk}/schedule/").json()
    assert [r["number"] for r in body["rounds"]] == [1, 2]
    first = body["rounds"][0]["pairings"]
    assert sum(1 for p in first if p["b"] is None) == 1  # five entrants: one bye a round
    assert all(p["a"]["name"] for p in first)
    page = client.get(f"/stages/{stage.pk}/schedule/").content.decode()
    assert page.count('class="schedule-round"') == 2
    text = client.get(f"/stages/{stage.pk}/schedule/?format=txt")
    assert text["Content-Type"].startswith("text/plain")
    assert "Round 2" in text.content.decode()
    assert first[0]["a"]["name"] in text.content.decode()


def test_a_swiss_stage_has_no_schedule_page(client):
    stage = stage_with_field(6, kind="swiss", settings={"rounds": 3})
    assert client.get(f"/api/v1/stages/{stage.pk}/schedule/").status_code == 409
    assert client.get(f"/stages/{stage.pk}/schedule/").status_code == 404

"""API: generate, review, swap, release and close rounds; players see released rounds only."""
from __future__ import annotations

import pytest

from tests.factories import play_match, stage_with_field
from tournaments.models import Match, StageKind

pytestmark = pytest.mark.django_db


def test_a_director_runs_a_round_from_draft_to_closed(director, anonymous):
    stage = stage_with_field(7, settings={"rounds": 3, "games_per_opponent": 2})
    assert anonymous.post(f"/api/v1/stages/{stage.pk}/rounds/").status_code == 401

    created = director.post(f"/api/v1/stages/{stage.pk}/rounds/")
    assert created.status_code == 201
    body = created.json()
    assert (body["number"], body["status"], body["stage"]) == (1, "draft", stage.pk)
    tables = [match["table"] for match in body["matches"]]
    assert tables == [1, 2, 3, None]  # by table, the bye last
    bye = body["matches"][-1]
    assert bye["is_bye"] is True
    assert bye["flags"] == ["bye"]
    assert bye["status"] == "decided"
    assert [game["outcome"] for game in bye["games"]] == ["bye", "bye"]
    assert {match["format_n"] for match in body["matches"]} == {2}

    # Players see nothing of a draft.
    round_url = f"/api/v1/rounds/{body['id']}/"
    assert anonymous.get(round_url).status_code == 404
    assert anonymous.get(f"/api/v1/stages/{stage.pk}/rounds/").json() == []
    assert director.get(round_url).json()["status"] == "draft"

    first, second = body["matches"][0], body["matches"][1]
    swapped = director.post(f"{round_url}swap/", {"entry": first["entries"][0], "other": second["entries"][0]},
                            format="json")
    assert swapped.status_code == 200
    table_one = swapped.json()["matches"][0]
    assert table_one["entries"] == [second["entries"][0], first["entries"][1]]
    assert "swapped by the director" in table_one["flags"]

    assert director.post(f"{round_url}release/").json()["status"] == "released"
    public = anonymous.get(round_url)
    assert public.status_code == 200
    assert [row["number"] for row in anonymous.get(f"/api/v1/stages/{stage.pk}/rounds/").json()] == [1]
    again = director.post(f"{round_url}swap/", {"entry": first["entries"][0], "other": second["entries"][0]},
                          format="json")
    assert again.status_code == 409

    match = Match.objects.get(pk=table_one["id"])
    play_match(match)
    refused = director.post(f"{round_url}close/")
    assert refused.status_code == 409
    assert refused.json()["errors"]["round"] == [
        "tables 2, 3 are still playing: every game must be confirmed or forfeited before round 1 closes"]
    for match in Match.objects.filter(round_id=body["id"], table__in=[2, 3]):
        play_match(match)
    closed = director.post(f"{round_url}close/")
    assert closed.status_code == 200
    assert closed.json()["status"] == "closed"
    assert director.post(f"/api/v1/stages/{stage.pk}/rounds/").json()["number"] == 2


def test_errors_come_in_the_api_shape(director):
    stage = stage_with_field(4, kind=StageKind.SINGLE_ELIMINATION)
    response = director.post(f"/api/v1/stages/{stage.pk}/rounds/")
    assert response.status_code == 409
    assert "come from the bracket" in response.json()["errors"]["stage"][0]
    assert director.post("/api/v1/stages/999999/rounds/").status_code == 404
    assert director.get("/api/v1/rounds/999999/").status_code == 404
    bad = stage_with_field(4, settings={"rounds": 0})
    refused = director.post(f"/api/v1/stages/{bad.pk}/rounds/")
    assert refused.status_code == 400
    assert "settings.rounds" in refused.json()["errors"]


@pytest.mark.parametrize("players", [8, 40])
def test_reading_a_round_does_not_query_per_match(players, director, anonymous, django_assert_max_num_queries):
    stage = stage_with_field(players, settings={"rounds": 2})
    round_id = director.post(f"/api/v1/stages/{stage.pk}/rounds/").json()["id"]
    director.post(f"/api/v1/rounds/{round_id}/release/")
    with django_assert_max_num_queries(4):
        body = anonymous.get(f"/api/v1/rounds/{round_id}/").json()
    assert len(body["matches"]) == players // 2


def test_a_draft_rounds_matches_stay_hidden_from_players(director, anonymous):
    stage = stage_with_field(4, settings={"rounds": 1})
    body = director.post(f"/api/v1/stages/{stage.pk}/rounds/").json()
    match_id = body["matches"][0]["id"]
    listed = f"/api/v1/events/{stage.event_id}/matches/"
    assert anonymous.get(listed).json()["count"] == 0
    assert anonymous.get(f"/api/v1/matches/{match_id}/").status_code == 404
    assert director.get(listed).json()["count"] == 2
    director.post(f"/api/v1/rounds/{body['id']}/release/")
    assert anonymous.get(listed).json()["count"] == 2
    assert anonymous.get(f"/api/v1/matches/{match_id}/").status_code == 200

"""API: reporting games, confirming, resolving, forfeits; refused inputs as 400/409 naming the field."""
from __future__ import annotations

import uuid

import pytest
from rest_framework.test import APIClient

from tests.factories import EntryFactory, EventFactory
from tournaments.models import Game, Report

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(director):
    event = EventFactory(status="open")
    a, b = EntryFactory(event=event), EntryFactory(event=event)
    body = director.post(f"/api/v1/events/{event.pk}/matches/", {"entries": [a.pk, b.pk], "best_of": 3},
                       format="json").json()
    return body


def post_report(director, match, game, a_total, b_total, *, reporter=None, key=None):
    a, b = match["entries"]
    payload = {"game": game, "totals": {str(a): a_total, str(b): b_total}, "key": key or str(uuid.uuid4())}
    if reporter is not None:
        payload["reporter"] = reporter
    return director.post(f"/api/v1/matches/{match['id']}/reports/", payload, format="json")


def test_report_from_one_side_then_the_other_confirms(director, match):
    a, b = match["entries"]
    first = post_report(director, match, 1, 121, 95, reporter=a)
    assert first.status_code == 201
    body = first.json()
    assert body["version"] == 1
    assert body["reporter"] == a
    assert body["channel"] == "api"
    assert body["totals"] == {str(a): 121, str(b): 95}
    assert body["game"]["number"] == 1
    assert body["game"]["state"] == "reported"
    second = post_report(director, match, 1, 121, 95, reporter=b).json()
    assert second["game"]["state"] == "confirmed"
    assert second["game"]["winner"] == a
    assert second["game"]["totals"] == {str(a): 121, str(b): 95}


def test_retried_report_gives_the_same_answer(director, match):
    a, _ = match["entries"]
    first = post_report(director, match, 1, 121, 95, reporter=a, key="retry-me")
    again = post_report(director, match, 1, 121, 95, reporter=a, key="retry-me")
    assert again.status_code == first.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert first["Idempotent-Replayed"] == "false"
    assert Report.objects.count() == 1


def test_key_reused_for_other_totals_is_a_409(director, match):
    a, _ = match["entries"]
    post_report(director, match, 1, 121, 95, reporter=a, key="k1")
    response = post_report(director, match, 1, 121, 90, reporter=a, key="k1")
    assert response.status_code == 409
    assert "key" in response.json()["errors"]


def test_conflicting_reports_make_a_dispute_the_director_resolves(director, match):
    a, b = match["entries"]
    post_report(director, match, 1, 121, 95, reporter=a)
    disputed = post_report(director, match, 1, 121, 85, reporter=b).json()
    assert disputed["game"]["state"] == "disputed"
    game_id = disputed["game"]["id"]
    no_reason = director.post(f"/api/v1/games/{game_id}/resolve/", {"totals": {str(a): 121, str(b): 95}},
                            format="json")
    assert no_reason.status_code == 400
    assert "reason" in no_reason.json()["errors"]
    resolved = director.post(f"/api/v1/games/{game_id}/resolve/",
                           {"totals": {str(a): 121, str(b): 95}, "reason": "scorecard shows 95"}, format="json")
    assert resolved.status_code == 200
    assert resolved.json()["state"] == "confirmed"
    history = director.get(f"/api/v1/games/{game_id}/history/").json()
    assert [change["action"] for change in history] == ["reported", "disputed", "resolved"]
    assert history[-1]["reason"] == "scorecard shows 95"
    assert history[-1]["before"]["state"] == "disputed"


def test_opponent_confirms_through_the_api(director, match):
    a, b = match["entries"]
    game_id = post_report(director, match, 1, 121, 95, reporter=a).json()["game"]["id"]
    same_side = director.post(f"/api/v1/games/{game_id}/confirm/", {"entry": a}, format="json")
    assert same_side.status_code == 409
    confirmed = director.post(f"/api/v1/games/{game_id}/confirm/", {"entry": b}, format="json")
    assert confirmed.status_code == 200
    assert confirmed.json()["state"] == "confirmed"


def test_match_decided_refuses_another_game(director, match):
    post_report(director, match, 1, 121, 95)
    decided = post_report(director, match, 2, 121, 95).json()
    assert decided["match"]["status"] == "decided"
    assert decided["match"]["winner"] == match["entries"][0]
    response = post_report(director, match, 3, 121, 95)
    assert response.status_code == 409
    assert "already decided" in response.json()["detail"]
    assert list(response.json()["errors"]) == ["game"]


@pytest.mark.parametrize(
    ("a_total", "b_total", "reason"),
    [
        (110, 95, "no side reached the target"),
        (121, 121, "two sides are at the target"),
        (121, 140, "above the target"),
        (121, -5, "cannot be negative"),
        (121, 95.5, "whole number"),
        (121, "95", "whole number"),
    ],
)
def test_impossible_totals_are_a_400_naming_totals(director, match, a_total, b_total, reason):
    response = post_report(director, match, 1, a_total, b_total)
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["totals"]
    assert reason in response.json()["detail"]
    assert not Game.objects.exists()


def test_totals_for_an_entry_not_in_the_match_are_a_400(director, match):
    a, _ = match["entries"]
    stranger = EntryFactory()
    response = director.post(f"/api/v1/matches/{match['id']}/reports/",
                           {"game": 1, "totals": {str(a): 121, str(stranger.pk): 90}, "key": "x"}, format="json")
    assert response.status_code == 400
    assert "not playing in this match" in response.json()["errors"]["totals"][0]


@pytest.mark.parametrize("game", [0, 4])
def test_a_game_beyond_the_match_is_a_400(director, match, game):
    response = post_report(director, match, game, 121, 90)
    assert response.status_code == 400
    assert "game" in response.json()["errors"]


@pytest.mark.parametrize("missing", ["game", "totals", "key"])
def test_missing_fields_are_a_400_naming_them(director, match, missing):
    a, b = match["entries"]
    payload = {"game": 1, "totals": {str(a): 121, str(b): 90}, "key": "k"}
    payload.pop(missing)
    response = director.post(f"/api/v1/matches/{match['id']}/reports/", payload, format="json")
    assert response.status_code == 400
    assert missing in response.json()["errors"]


def test_a_report_for_a_finished_event_is_a_409(director, match):
    from tournaments.models import Event

    Event.objects.filter(matches__id=match["id"]).update(status="finished")
    response = post_report(director, match, 1, 121, 90)
    assert response.status_code == 409
    assert "finished" in response.json()["detail"]


def test_reports_need_a_director_token(match):
    anonymous = APIClient()
    a, b = match["entries"]
    response = anonymous.post(f"/api/v1/matches/{match['id']}/reports/",
                              {"game": 1, "totals": {str(a): 121, str(b): 90}, "key": "k"}, format="json")
    assert response.status_code == 401
    assert anonymous.get(f"/api/v1/matches/{match['id']}/reports/").status_code == 401


def test_forfeit_through_the_api(director, match):
    a, b = match["entries"]
    response = director.post(f"/api/v1/matches/{match['id']}/forfeit/", {"entry": b, "reason": "no-show"},
                           format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "decided"
    assert body["winner"] == a
    assert [game["outcome"] for game in body["games"]] == ["forfeit", "forfeit"]
    assert body["games"][0]["totals"] == {str(a): 121, str(b): 111}

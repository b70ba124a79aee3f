"""POST /api/v1/scoring/show/ and /play/: public, JSON in the documented shapes, 400s naming the field."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from scoring.play import answer_play_request
from scoring.show import answer_show_request

SHOW = "/api/v1/scoring/show/"
PLAY = "/api/v1/scoring/play/"


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def test_show_scores_the_29_hand(api):
    response = api.post(SHOW, {"hand": ["5H", "5D", "5C", "JS"], "starter": "5S"}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["total"] == 29
    assert body["items"][0] == {"kind": "fifteen", "cards": ["5H", "JS"], "points": 2}
    assert [item["kind"] for item in body["items"]].count("pair") == 6
    assert body["items"][-1]["kind"] == "nobs"
    assert sum(item["points"] for item in body["items"]) == 29


def test_show_answers_exactly_what_the_cli_adapter_answers(api):
    request = {"hand": ["7H", "8D", "8C", "QS"], "starter": "9H", "crib": False}
    response = api.post(SHOW, request, format="json")
    assert response.json() == answer_show_request(request)
    assert response.json()["total"] == 12


def test_show_checks_a_claim(api):
    response = api.post(
        SHOW, {"hand": ["7H", "8D", "8C", "QS"], "starter": "9H", "claimed": 10}, format="json"
    )
    claim = response.json()["claim"]
    assert claim["true_score"] == 12
    assert claim["difference"] == -2
    assert claim["verdict"] == "under-claim"


def test_crib_flush_needs_the_starter_unless_the_house_rule_is_on(api):
    crib = {"hand": ["2H", "4H", "6H", "8H"], "starter": "KS", "crib": True}
    assert api.post(SHOW, crib, format="json").json()["total"] == 0
    house = dict(crib, rules={"four_card_crib_flush": True})
    assert api.post(SHOW, house, format="json").json()["total"] == 4


@pytest.mark.parametrize(
    ("payload", "field", "fragment"),
    [
        ({"hand": ["5H", "5D", "5C", "JX"], "starter": "5S"}, "hand", "JX"),
        ({"hand": ["5H", "5D", "5C", "JS"], "starter": "5H"}, "starter", "5H"),
        ({"hand": ["5H", "5D", "5C", "5H"], "starter": "JS"}, "hand", "5H"),
        ({"hand": ["5H", "5D"], "starter": "5S"}, "hand", ""),
        ({"hand": ["5H", "5D", "5C", "JS"]}, "starter", "required"),
        ({"hand": ["5H", "5D", "5C", "JS"], "starter": "5S", "claimed": -1}, "claimed", ""),
        ({"hand": "5H 5D", "starter": "5S"}, "hand", ""),
    ],
)
def test_show_bad_input_is_400_naming_the_field(api, payload, field, fragment):
    response = api.post(SHOW, payload, format="json")
    assert response.status_code == 400
    body = response.json()
    assert field in body["errors"], body
    assert fragment in " ".join(body["errors"][field])
    assert body["detail"]


def test_show_rejects_a_body_that_is_not_json(api):
    response = api.post(SHOW, "not json", content_type="application/json")
    assert response.status_code == 400
    assert "detail" in response.json()


def test_play_scores_the_fifteen_point_card(api):
    # rules/003: the most points pegged with one card.
    request = {
        "players": 2,
        "plays": [[0, "JH"], [1, "QD"], [0, "KC"], [1, "go"], [1, "7S"], [0, "2H"],
                  [1, "2D"], [0, "2C"], [1, "2S"]],
    }
    response = api.post(PLAY, request, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body == answer_play_request(request)
    last = body["cards"][-1]
    assert last["card"] == "2S"
    assert last["count"] == 15
    assert last["points"] == 15
    assert set(last["reasons"]) == {"double pair royal", "fifteen", "last card"}
    assert body["errors"] == []
    assert sum(body["totals"]) == sum(c["points"] for c in body["cards"])


def test_play_reports_a_renege_when_hands_are_given(api):
    request = {
        "players": 2,
        "plays": [[0, "KH"], [1, "QD"], [0, "go"]],
        "hands": [["KH", "AC", "9D", "9S"], ["QD", "JC", "TD", "TS"]],
    }
    body = api.post(PLAY, request, format="json").json()
    assert any("renege" in error for error in body["errors"])


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"players": 5, "plays": []}, "players"),
        ({"players": 2, "plays": [[0]]}, "plays"),
        ({"players": 2, "plays": [[0, "ZZ"]]}, "plays"),
        ({"players": 2, "plays": [[7, "5H"]]}, "plays"),
        ({"plays": [[0, "5H"]]}, "players"),
    ],
)
def test_play_bad_input_is_400_naming_the_field(api, payload, field):
    response = api.post(PLAY, payload, format="json")
    assert response.status_code == 400, response.json()
    errors = response.json()["errors"]
    assert any(key.startswith(field) for key in errors), errors


def test_scoring_endpoints_are_in_the_openapi_schema(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    assert "/api/v1/scoring/show/" in schema["paths"]
    assert "/api/v1/scoring/play/" in schema["paths"]

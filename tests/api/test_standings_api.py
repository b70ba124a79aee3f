"""API: standings JSON from confirmed games, public once the event is open."""
from __future__ import annotations

import uuid

import pytest
from rest_framework.test import APIClient

from tests.factories import EventFactory, build_field

pytestmark = pytest.mark.django_db

ROW_KEYS = {
    "rank", "entry", "name", "games_played", "won", "lost", "game_points", "spread", "plus_points",
    "skunks_given", "skunks_taken", "double_skunks_given", "double_skunks_taken", "tie",
}


def test_standings_follow_the_reports_end_to_end(director):
    event = director.post("/api/v1/events/", {"name": "Club night", "rules": "acc"}, format="json").json()
    names = ["Alice", "Bob", "Carol", "Dave"]
    ids = {
        name: director.post(f"/api/v1/events/{event['id']}/entries/", {"name": name}, format="json").json()["id"]
        for name in names
    }

    def play(a: str, b: str, total_a: int, total_b: int) -> None:
        match = director.post(f"/api/v1/events/{event['id']}/matches/", {"entries": [ids[a], ids[b]], "games": 1},
                              format="json").json()
        for reporter in (ids[a], ids[b]):
            response = director.post(
                f"/api/v1/matches/{match['id']}/reports/",
                {"game": 1, "reporter": reporter, "totals": {str(ids[a]): total_a, str(ids[b]): total_b},
                 "key": str(uuid.uuid4())},
                format="json",
            )
            assert response.status_code == 201

    play("Alice", "Bob", 121, 91)    # plain win: 2
    play("Carol", "Dave", 121, 90)   # skunk: 3
    play("Alice", "Dave", 121, 60)   # double skunk: 3
    play("Bob", "Carol", 121, 119)   # 2

    public = APIClient().get(f"/api/v1/events/{event['id']}/standings/")
    assert public.status_code == 200
    body = public.json()
    assert body["rules"] == "acc"
    assert body["tie_breakers"][0] == "game_points"
    rows = {row["name"]: row for row in body["rows"]}
    assert set(body["rows"][0]) == ROW_KEYS
    assert [row["name"] for row in body["rows"]] == ["Alice", "Carol", "Bob", "Dave"]
    assert rows["Alice"] == {
        "rank": 1, "entry": ids["Alice"], "name": "Alice", "games_played": 2, "won": 2, "lost": 0,
        "game_points": 5, "spread": 30 + 61, "plus_points": 91, "skunks_given": 1, "skunks_taken": 0,
        "double_skunks_given": 1, "double_skunks_taken": 0, "tie": False,
    }
    assert (rows["Carol"]["game_points"], rows["Carol"]["spread"]) == (3, 31 - 2)
    assert (rows["Bob"]["game_points"], rows["Bob"]["spread"]) == (2, -30 + 2)
    assert (rows["Dave"]["skunks_taken"], rows["Dave"]["double_skunks_taken"]) == (2, 1)
    assert rows["Dave"]["rank"] == 4


def test_a_tie_shows_a_shared_rank(director):
    event = director.post("/api/v1/events/", {"name": "Tied"}, format="json").json()
    rows = director.get(f"/api/v1/events/{event['id']}/standings/").json()["rows"]
    assert rows == []
    for name in ("Ann", "Ben"):
        director.post(f"/api/v1/events/{event['id']}/entries/", {"name": name}, format="json")
    rows = director.get(f"/api/v1/events/{event['id']}/standings/").json()["rows"]
    assert [(row["name"], row["rank"], row["tie"]) for row in rows] == [("Ann", 1, True), ("Ben", 1, True)]


def test_unknown_stage_is_a_404(director):
    event = director.post("/api/v1/events/", {"name": "E"}, format="json").json()
    response = director.get(f"/api/v1/events/{event['id']}/standings/?stage=999")
    assert response.status_code == 404
    assert "stage" in response.json()["errors"]


@pytest.mark.parametrize("players", [6, 30])
def test_list_and_standings_endpoints_do_not_query_per_row(players, django_assert_max_num_queries):
    event = EventFactory(status="open")
    build_field(event, players)
    api = APIClient()
    with django_assert_max_num_queries(5):
        assert len(api.get(f"/api/v1/events/{event.pk}/standings/").json()["rows"]) == players
    with django_assert_max_num_queries(6):
        assert api.get(f"/api/v1/events/{event.pk}/matches/?limit=200").json()["count"] == players * 3
    with django_assert_max_num_queries(5):
        assert api.get(f"/api/v1/events/{event.pk}/entries/?limit=200").json()["count"] == players

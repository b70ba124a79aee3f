"""API: events, entries and matches — JSON shapes, tokens, public reads."""
from __future__ import annotations

import pytest

from tests.factories import EntryFactory, EventFactory, UserFactory, token_for

pytestmark = pytest.mark.django_db


def test_create_an_event(director):
    response = director.post("/api/v1/events/", {"name": "Spring Open", "rules": "acc"}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "Spring Open"
    assert body["rules"] == "acc"
    assert body["status"] == "open"
    assert body["ruleset"]["values"]["points_skunk"] == 3
    assert body["ruleset"]["values"]["tie_breakers"] == ["game_points", "won", "spread", "plus_points",
                                                        "head_to_head"]


def test_unknown_rules_are_a_400_naming_the_field(director):
    response = director.post("/api/v1/events/", {"name": "X", "rules": "poker"}, format="json")
    assert response.status_code == 400
    assert "rules" in response.json()["errors"]
    assert "unknown rule set" in response.json()["detail"]


def test_missing_name_is_a_400_naming_the_field(director):
    response = director.post("/api/v1/events/", {"rules": "acc"}, format="json")
    assert response.status_code == 400
    assert "name" in response.json()["errors"]


def test_writes_need_a_token(anonymous):
    response = anonymous.post("/api/v1/events/", {"name": "X"}, format="json")
    assert response.status_code == 401


def test_writes_need_a_director(anonymous):
    anonymous.credentials(HTTP_AUTHORIZATION=f"Token {token_for(UserFactory())}")
    response = anonymous.post("/api/v1/events/", {"name": "X"}, format="json")
    assert response.status_code == 403
    event = EventFactory()
    assert anonymous.post(f"/api/v1/events/{event.pk}/entries/", {"name": "A"}, format="json").status_code == 403


def test_a_directors_group_member_may_write(anonymous):
    from django.contrib.auth.models import Group

    user = UserFactory()
    user.groups.add(Group.objects.create(name="directors"))
    anonymous.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
    assert anonymous.post("/api/v1/events/", {"name": "X"}, format="json").status_code == 201


def test_public_reads_once_open_and_drafts_hidden(anonymous, director):
    draft = director.post("/api/v1/events/", {"name": "D", "status": "draft"}, format="json").json()
    assert anonymous.get(f"/api/v1/events/{draft['id']}/").status_code == 404
    assert anonymous.get(f"/api/v1/events/{draft['id']}/standings/").status_code == 404
    listed = [event["id"] for event in anonymous.get("/api/v1/events/").json()["results"]]
    assert draft["id"] not in listed
    opened = director.post(f"/api/v1/events/{draft['id']}/status/", {"status": "open"}, format="json")
    assert opened.status_code == 200
    assert anonymous.get(f"/api/v1/events/{draft['id']}/").json()["status"] == "open"
    assert anonymous.get(f"/api/v1/events/{draft['id']}/standings/").status_code == 200


def test_an_illegal_transition_is_a_409(director):
    event = EventFactory(status="open")
    response = director.post(f"/api/v1/events/{event.pk}/status/", {"status": "finished"}, format="json")
    assert response.status_code == 409
    assert "cannot become finished" in response.json()["detail"]


def test_add_entries_creates_or_reuses_players(director, anonymous):
    event = EventFactory(status="open")
    other = EventFactory(status="open")
    first = director.post(f"/api/v1/events/{event.pk}/entries/", {"name": "Alice"}, format="json")
    assert first.status_code == 201
    body = first.json()
    assert body["name"] == "Alice"
    assert body["event"] == event.pk
    assert body["status"] == "registered"
    assert body["token"]
    again = director.post(f"/api/v1/events/{event.pk}/entries/", {"name": "Alice"}, format="json")
    assert again.status_code == 200
    assert again.json()["id"] == body["id"]
    elsewhere = director.post(f"/api/v1/events/{other.pk}/entries/", {"name": "Alice"}, format="json")
    assert elsewhere.json()["player"]["id"] == body["player"]["id"]
    public = anonymous.get(f"/api/v1/events/{event.pk}/entries/").json()["results"]
    assert [entry["name"] for entry in public] == ["Alice"]
    assert "token" not in public[0]  # the personal link's secret stays with the director


def test_entry_without_a_name_is_a_400(director):
    event = EventFactory(status="open")
    response = director.post(f"/api/v1/events/{event.pk}/entries/", {"name": " "}, format="json")
    assert response.status_code == 400
    assert "name" in response.json()["errors"]


@pytest.mark.parametrize(
    ("format_body", "expected"),
    [({"best_of": 3}, ("best_of", 3)), ({"games": 2}, ("games", 2)), ({"first_to": 5}, ("first_to", 5)),
     ({}, ("games", 1))],
)
def test_create_a_match_by_hand(director, format_body, expected):
    event = EventFactory(status="open")
    a, b = EntryFactory(event=event), EntryFactory(event=event)
    response = director.post(
        f"/api/v1/events/{event.pk}/matches/", {"entries": [a.pk, b.pk], "table": 4, **format_body}, format="json"
    )
    assert response.status_code == 201
    body = response.json()
    assert body["entries"] == [a.pk, b.pk]
    assert (body["format"], body["format_n"]) == expected
    if expected[0] != "games":
        assert body[expected[0]] == expected[1]
    assert body["table"] == 4
    assert body["status"] == "pending"
    assert body["sides"][0] == {"entry": a.pk, "name": a.player.name}
    assert body["games"] == []


def test_match_with_two_formats_or_foreign_entries_is_a_400(director):
    event = EventFactory(status="open")
    a, b = EntryFactory(event=event), EntryFactory(event=event)
    stranger = EntryFactory()
    both = director.post(f"/api/v1/events/{event.pk}/matches/",
                                {"entries": [a.pk, b.pk], "games": 2, "best_of": 3}, format="json")
    assert both.status_code == 400
    assert "best_of" in both.json()["errors"]
    foreign = director.post(f"/api/v1/events/{event.pk}/matches/",
                                   {"entries": [a.pk, stranger.pk]}, format="json")
    assert foreign.status_code == 400
    assert "entries" in foreign.json()["errors"]
    same = director.post(f"/api/v1/events/{event.pk}/matches/", {"entries": [a.pk, a.pk]}, format="json")
    assert same.status_code == 400


def test_match_detail_and_list_are_public_once_open(anonymous, director):
    event = EventFactory(status="open")
    a, b = EntryFactory(event=event), EntryFactory(event=event)
    created = director.post(f"/api/v1/events/{event.pk}/matches/", {"entries": [a.pk, b.pk]},
                                   format="json").json()
    assert anonymous.get(f"/api/v1/matches/{created['id']}/").json()["id"] == created["id"]
    listed = anonymous.get(f"/api/v1/events/{event.pk}/matches/").json()
    assert listed["count"] == 1


def test_hand_claim_endpoint(director):
    event = EventFactory(status="running")
    ok = director.post(f"/api/v1/events/{event.pk}/hand-claims/",
                              {"hand": ["5H", "5D", "5S", "JC"], "starter": "5C", "claimed": 24}, format="json")
    assert ok.status_code == 201
    assert (ok.json()["score"], ok.json()["verdict"], ok.json()["difference"]) == (29, "under", -5)
    bad = director.post(f"/api/v1/events/{event.pk}/hand-claims/",
                               {"hand": ["5H", "5H", "5S", "JC"], "starter": "5C", "claimed": 12}, format="json")
    assert bad.status_code == 400
    assert "hand" in bad.json()["errors"]
    assert "twice" in bad.json()["detail"]


def test_schema_lists_the_endpoints(anonymous):
    schema = anonymous.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    for path in ("/api/v1/events/", "/api/v1/matches/{match_id}/reports/", "/api/v1/events/{event_id}/standings/"):
        assert path in schema


def test_event_list_filters_by_status(anonymous):
    running = EventFactory(status="running")
    EventFactory(status="open")
    listed = anonymous.get("/api/v1/events/?status=running").json()["results"]
    assert [event["id"] for event in listed] == [running.pk]


def test_rule_sets_list_the_presets_and_a_director_copies_one(director, anonymous):
    listed = anonymous.get("/api/v1/rulesets/").json()["results"]
    assert {"acc", "free-play", "legs", "five-card", "three-player-wta", "three-player-continued"} <= {
        ruleset["preset"] for ruleset in listed if ruleset["builtin"]
    }
    copy = director.post("/api/v1/rulesets/", {"name": "House", "source": "acc",
                                                      "values": {"muggins": True, "forfeit_spread": 12}},
                                format="json")
    assert copy.status_code == 201
    assert copy.json()["values"]["muggins"] is True
    assert copy.json()["builtin"] is False
    event = director.post("/api/v1/events/", {"name": "House night", "rules": str(copy.json()["id"])},
                                 format="json").json()
    assert event["ruleset"]["values"]["forfeit_spread"] == 12
    bad = director.post("/api/v1/rulesets/", {"name": "Bad", "values": {"skunk_line": 200}}, format="json")
    assert bad.status_code == 400
    assert "values.skunk_line" in bad.json()["errors"]  # named as it was sent, under "values"


def test_stages_and_entry_status(director):
    event = EventFactory(status="open")
    stage = director.post(f"/api/v1/events/{event.pk}/stages/",
                                 {"name": "Qualifying", "kind": "round_robin", "settings": {"rounds": 7}},
                                 format="json")
    assert stage.status_code == 201
    assert (stage.json()["order"], stage.json()["kind"]) == (1, "round_robin")
    entry = EntryFactory(event=event)
    checked = director.post(f"/api/v1/entries/{entry.pk}/status/", {"status": "checked_in"}, format="json")
    assert checked.json()["status"] == "checked_in"
    gone = director.post(f"/api/v1/entries/{entry.pk}/status/", {"status": "withdrawn"}, format="json")
    assert gone.json()["status"] == "withdrawn"
    back = director.post(f"/api/v1/entries/{entry.pk}/status/", {"status": "checked_in"}, format="json")
    assert back.status_code == 409

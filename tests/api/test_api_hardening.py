"""API: bad input is a 400 naming the field (never a 500), reads write nothing, and
public reads keep a draw's secrets and players' membership numbers to the directors."""
from __future__ import annotations

import pytest

from tests.factories import (
    EntryFactory,
    EventFactory,
    MatchFactory,
    PlayerFactory,
    RuleSetFactory,
    stage_with_field,
)
from tournaments.models import Entry, RuleSet
from tournaments.rules import PRESETS

pytestmark = pytest.mark.django_db

HUGE = 10**12
BEYOND_BIGINT = 10**20


def assert_400_naming(response, field: str) -> None:
    assert response.status_code == 400, response.content
    assert field in response.json()["errors"], response.json()


# -- rule sets ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "field"),
    [
        ({"points_win": "x"}, "values.points_win"),
        ({"target": "abc"}, "values.target"),
        ({"tie_breakers": 5}, "values.tie_breakers"),
        ({"tie_breakers": []}, "values.tie_breakers"),
        ({"tie_breakers": ["won", "height"]}, "values.tie_breakers"),
        ({"forfeit_spread": None}, "values.forfeit_spread"),
        ({"forfeit_spread": 0}, "values.forfeit_spread"),
        ({"muggins": "yes"}, "values.muggins"),
        ({"skunk_line": None, "double_skunk_line": 61}, "values.double_skunk_line"),
        ({"colour": "red"}, "values.colour"),
    ],
)
def test_a_bad_rule_value_is_a_400_naming_it_and_nothing_is_stored(director, values, field):
    response = director.post("/api/v1/rulesets/", {"name": "Bad", "source": "acc", "values": values},
                             format="json")
    assert_400_naming(response, field)
    assert not RuleSet.objects.filter(builtin=False).exists()


def test_a_valid_rule_set_copy_still_works_and_scores(director):
    copy = director.post("/api/v1/rulesets/", {"name": "House", "source": "acc",
                                               "values": {"points_win": 1, "tie_breakers": ["spread", "won"]}},
                         format="json")
    assert copy.status_code == 201
    assert copy.json()["values"]["points_win"] == 1
    assert copy.json()["values"]["tie_breakers"] == ["spread", "won"]
    event = director.post("/api/v1/events/", {"name": "House night", "rules": str(copy.json()["id"])},
                          format="json").json()
    assert director.get(f"/api/v1/events/{event['id']}/standings/").status_code == 200


def test_a_rule_set_stored_before_the_checks_is_a_400_not_a_500(director, anonymous):
    broken = RuleSet.objects.create(name="Old", preset="acc", values={"points_win": "x"}, builtin=False)
    event = EventFactory(status="running", rules=broken)
    EntryFactory(event=event)
    standings = anonymous.get(f"/api/v1/events/{event.pk}/standings/")
    assert_400_naming(standings, "points_win")
    # One bad row does not stop the lists that show it.
    assert anonymous.get(f"/api/v1/events/{event.pk}/").status_code == 200
    assert anonymous.get("/api/v1/events/").status_code == 200
    assert anonymous.get("/api/v1/rulesets/").status_code == 200


@pytest.mark.parametrize("rules", ["²", "9" * 5000])
def test_an_odd_rules_source_is_a_400(director, rules):
    response = director.post("/api/v1/events/", {"name": "X", "rules": rules}, format="json")
    assert_400_naming(response, "rules")
    copy = director.post("/api/v1/rulesets/", {"name": "X", "source": rules}, format="json")
    assert copy.status_code == 400


def test_listing_rule_sets_writes_nothing(anonymous):
    listed = anonymous.get("/api/v1/rulesets/").json()["results"]
    assert not RuleSet.objects.exists()
    by_preset = {ruleset["preset"]: ruleset for ruleset in listed}
    assert set(by_preset) == set(PRESETS)
    for key, ruleset in by_preset.items():
        assert ruleset["builtin"] is True
        assert ruleset["id"] is None
        assert ruleset["name"] == PRESETS[key].label
        assert ruleset["values"] == PRESETS[key].as_values()


def test_a_preset_in_use_is_listed_once_with_its_id(director, anonymous):
    acc = RuleSetFactory(preset="acc")
    copy = director.post("/api/v1/rulesets/", {"name": "House", "source": "acc"}, format="json").json()
    listed = anonymous.get("/api/v1/rulesets/").json()["results"]
    presets = [ruleset["preset"] for ruleset in listed if ruleset["builtin"]]
    assert sorted(presets) == sorted(PRESETS)
    assert listed[0]["id"] == acc.pk  # stored presets first, then the unused ones, then the copies
    assert listed[-1]["id"] == copy["id"]
    assert RuleSet.objects.count() == 2


# -- integer bounds ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "A", "seed": HUGE}, "seed"),
        ({"name": "A", "seed": 100_001}, "seed"),
        ({"name": "A", "player": BEYOND_BIGINT}, "player"),
    ],
)
def test_entry_numbers_out_of_range_are_a_400(director, body, field):
    event = EventFactory(status="open")
    assert_400_naming(director.post(f"/api/v1/events/{event.pk}/entries/", body, format="json"), field)
    assert not Entry.objects.filter(event=event).exists()


def test_the_largest_seed_is_taken(director):
    event = EventFactory(status="open")
    response = director.post(f"/api/v1/events/{event.pk}/entries/", {"name": "A", "seed": 100_000}, format="json")
    assert response.status_code == 201
    assert response.json()["seed"] == 100_000


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"table": HUGE}, "table"),
        ({"table": 10_001}, "table"),
        ({"stage": BEYOND_BIGINT}, "stage"),
        ({"round": BEYOND_BIGINT}, "round"),
        ({"games": 100}, "games"),
    ],
)
def test_match_numbers_out_of_range_are_a_400(director, extra, field):
    event = EventFactory(status="open")
    first, second = EntryFactory(event=event), EntryFactory(event=event)
    response = director.post(f"/api/v1/events/{event.pk}/matches/",
                             {"entries": [first.pk, second.pk], **extra}, format="json")
    assert_400_naming(response, field)


def test_a_match_entry_id_beyond_the_database_is_a_400(director):
    event = EventFactory(status="open")
    first = EntryFactory(event=event)
    response = director.post(f"/api/v1/events/{event.pk}/matches/",
                             {"entries": [first.pk, BEYOND_BIGINT]}, format="json")
    assert response.status_code == 400
    assert any(field.startswith("entries") for field in response.json()["errors"])


def test_a_game_number_out_of_range_is_a_400(director):
    match = MatchFactory(event=EventFactory(status="running"))
    response = director.post(f"/api/v1/matches/{match.pk}/reports/",
                             {"game": HUGE, "totals": {str(match.side_a_id): 121, str(match.side_b_id): 100},
                              "key": "k1"}, format="json")
    assert_400_naming(response, "game")


def test_a_forfeiting_entry_beyond_the_database_is_a_400(director):
    match = MatchFactory(event=EventFactory(status="running"))
    response = director.post(f"/api/v1/matches/{match.pk}/forfeit/", {"entry": BEYOND_BIGINT}, format="json")
    assert_400_naming(response, "entry")


@pytest.mark.parametrize("claimed", [30, 10**6, -1])
def test_a_hand_claim_out_of_range_is_a_400_naming_claimed(director, claimed):
    event = EventFactory(status="running")
    response = director.post(f"/api/v1/events/{event.pk}/hand-claims/",
                             {"hand": ["5H", "5D", "5S", "JC"], "starter": "5C", "claimed": claimed}, format="json")
    assert_400_naming(response, "claimed")


def test_the_highest_possible_claim_is_taken(director):
    event = EventFactory(status="running")
    response = director.post(f"/api/v1/events/{event.pk}/hand-claims/",
                             {"hand": ["5H", "5D", "5S", "JC"], "starter": "5C", "claimed": 29}, format="json")
    assert response.status_code == 201
    assert (response.json()["claimed"], response.json()["verdict"]) == (29, "exact")


def test_a_claim_that_is_no_number_is_still_refused_by_the_engine(director):
    event = EventFactory(status="running")
    response = director.post(f"/api/v1/events/{event.pk}/hand-claims/",
                             {"hand": ["5H", "5D", "5S", "JC"], "starter": "5C", "claimed": "12"}, format="json")
    assert_400_naming(response, "claimed")


def test_a_cut_of_too_many_qualifiers_is_a_400(director):
    stage = stage_with_field(4, settings={"rounds": 1})
    response = director.post(f"/api/v1/events/{stage.event_id}/cut/", {"qualifiers": HUGE}, format="json")
    assert_400_naming(response, "qualifiers")


# -- what the public sees --------------------------------------------------------------------


def test_a_stage_draw_seed_and_order_are_for_directors_only(director, anonymous):
    stage = stage_with_field(4, settings={"rounds": 3, "games_per_opponent": 1})
    order = list(Entry.objects.filter(event=stage.event).order_by("-seed").values_list("id", flat=True))
    stage.settings = {**stage.settings, "seed": 4242, "order": order}
    stage.save(update_fields=["settings"])
    url = f"/api/v1/events/{stage.event_id}/stages/"

    public = anonymous.get(url).json()[0]["settings"]
    assert "seed" not in public
    assert "order" not in public
    assert (public["rounds"], public["games_per_opponent"]) == (3, 1)

    directors = director.get(url).json()[0]["settings"]
    assert (directors["seed"], directors["order"]) == (4242, order)
    assert directors["rounds"] == 3


def test_a_bracket_stage_shows_its_seeds_publicly(anonymous):
    stage = stage_with_field(4, kind="single_elimination", settings={"best_of": 3})
    seeds = list(Entry.objects.filter(event=stage.event).order_by("seed").values_list("id", flat=True))
    stage.settings = {**stage.settings, "seeds": seeds, "seed": 7}
    stage.save(update_fields=["settings"])
    public = anonymous.get(f"/api/v1/events/{stage.event_id}/stages/").json()[0]["settings"]
    assert public == {"best_of": 3, "seeds": seeds}


def test_a_director_creating_a_stage_sees_its_whole_settings(director):
    event = EventFactory(status="open")
    response = director.post(f"/api/v1/events/{event.pk}/stages/",
                             {"name": "Draw", "kind": "round_robin", "settings": {"rounds": 2, "seed": 9}},
                             format="json")
    assert response.status_code == 201
    assert response.json()["settings"]["seed"] == 9


def test_membership_numbers_are_for_directors_only(director, anonymous):
    event = EventFactory(status="open")
    EntryFactory(event=event, player=PlayerFactory(membership_number="ACC-1234"))
    url = f"/api/v1/events/{event.pk}/entries/"

    public = anonymous.get(url).json()["results"][0]
    assert "membership_number" not in public["player"]
    assert "ACC-1234" not in str(public)

    directors = director.get(url).json()["results"][0]
    assert directors["player"]["membership_number"] == "ACC-1234"

"""API: the cut, starting the playoffs, the bracket JSON (TBD distinct from BYE), corrections."""
from __future__ import annotations

import pytest

from tests.factories import play_match, stage_with_field
from tournaments.models import Game, Match, Stage, StageKind
from tournaments.services import brackets, events, rounds

pytestmark = pytest.mark.django_db


def qualified(players: int) -> Stage:
    stage = stage_with_field(players, settings={"rounds": 1, "consolation": True})
    round_ = rounds.round_release(round=rounds.round_generate(stage=stage))
    for match in Match.objects.filter(round=round_):
        play_match(match, loser_total=70 + match.table)
    rounds.round_close(round=round_)
    return stage


def side(match: dict, letter: str) -> dict:
    return match[f"side_{letter}"]


def test_cut_start_and_read_a_bracket_with_byes_and_tbd(director, anonymous):
    stage = qualified(12)
    event_id = stage.event_id
    assert anonymous.post(f"/api/v1/events/{event_id}/cut/", {}, format="json").status_code == 401
    cut = director.post(f"/api/v1/events/{event_id}/cut/", {"qualifiers": 6}, format="json")
    assert cut.status_code == 200
    body = cut.json()
    assert [row["seed"] for row in body["qualifiers"]] == [1, 2, 3, 4, 5, 6]
    assert body["playoffs"]["kind"] == "single_elimination"
    assert len(body["consolation"]["settings"]["seeds"]) == 6
    playoffs_id = body["playoffs"]["id"]

    started = director.post(f"/api/v1/stages/{playoffs_id}/playoffs/")
    assert started.status_code == 201
    bracket = anonymous.get(f"/api/v1/stages/{playoffs_id}/bracket/").json()
    assert started.json() == bracket
    assert (bracket["size"], bracket["champion"]) == (8, None)
    assert [seed["entry"] for seed in bracket["seeds"]] == [row["entry"] for row in body["qualifiers"]]
    assert [b["name"] for b in bracket["brackets"]] == ["winners"]
    first, second, final = bracket["brackets"][0]["rounds"]
    top_bye = first["matches"][0]
    assert top_bye["is_bye"] is True
    assert side(top_bye, "a")["seed"] == 1
    assert side(top_bye, "b") == {"status": "bye"}
    assert top_bye["status"] == "decided"
    waiting = second["matches"][0]
    assert side(waiting, "a") == {"status": "known", "entry": body["qualifiers"][0]["entry"],
                                  "name": body["qualifiers"][0]["name"], "seed": 1, "wins": 0}
    assert side(waiting, "b") == {"status": "tbd"}
    assert first["matches"][1]["winner_to"] == {"match": waiting["id"], "side": "b"}
    assert {side(m, letter)["status"] for m in final["matches"] for letter in "ab"} == {"tbd"}

    # The winner of 4 v 5 reaches round 2 through the reports.
    four_five = Match.objects.get(pk=first["matches"][1]["id"])
    play_match(four_five, winner=four_five.side_b_id)
    waiting = anonymous.get(f"/api/v1/stages/{playoffs_id}/bracket/").json()["brackets"][0]["rounds"][1]["matches"][0]
    assert side(waiting, "b")["entry"] == four_five.side_b_id
    assert side(waiting, "b")["seed"] == 5
    opener = anonymous.get(f"/api/v1/stages/{playoffs_id}/bracket/").json()["brackets"][0]["rounds"][0]["matches"][1]
    assert side(opener, "b")["wins"] == 2
    assert opener["winner"] == four_five.side_b_id

    again = director.post(f"/api/v1/stages/{playoffs_id}/playoffs/")
    assert again.status_code == 409
    assert "already has its bracket" in again.json()["detail"]


def test_a_correction_through_the_api_warns_then_resets_when_confirmed(director):
    stage = stage_with_field(4)
    seeds = list(stage.event.entries.order_by("seed").values_list("id", flat=True))
    playoffs = events.stage_create(event=stage.event, name="Playoffs", kind=StageKind.SINGLE_ELIMINATION,
                                   settings={"seeds": seeds, "best_of": 1})
    brackets.bracket_create(stage=playoffs)
    semis = Match.objects.filter(stage=playoffs, bracket_round=1).order_by("bracket_slot")
    for semi in semis:
        play_match(semi)
    final = Match.objects.get(stage=playoffs, bracket_round=2)
    play_match(final)
    semi = semis[0]
    game = Game.objects.get(match=semi)
    totals = {str(semi.side_a_id): 110, str(semi.side_b_id): 121}
    url = f"/api/v1/games/{game.pk}/resolve/"
    refused = director.post(url, {"totals": totals, "reason": "wrong card"}, format="json")
    assert refused.status_code == 409
    assert "round 2 match 1" in refused.json()["errors"]["confirm_reset"][0]
    done = director.post(url, {"totals": totals, "reason": "wrong card", "confirm_reset": True}, format="json")
    assert done.status_code == 200
    bracket = director.get(f"/api/v1/stages/{playoffs.pk}/bracket/").json()
    final_json = bracket["brackets"][0]["rounds"][1]["matches"][0]
    assert side(final_json, "a")["entry"] == semi.side_b_id
    assert final_json["status"] == "pending"
    assert bracket["champion"] is None


def test_a_bracket_is_public_only_for_a_public_event(anonymous, director):
    stage = stage_with_field(4)
    stage.event.status = "draft"
    stage.event.save(update_fields=["status"])
    assert anonymous.get(f"/api/v1/stages/{stage.pk}/bracket/").status_code == 404
    assert director.get(f"/api/v1/stages/{stage.pk}/bracket/").status_code == 200


@pytest.mark.parametrize("players", [4, 24])
def test_reading_a_bracket_does_not_query_per_match(players, anonymous, django_assert_max_num_queries):
    stage = stage_with_field(players)
    seeds = list(stage.event.entries.values_list("id", flat=True))
    playoffs = events.stage_create(event=stage.event, name="Playoffs", kind=StageKind.DOUBLE_ELIMINATION,
                                   settings={"seeds": seeds})
    brackets.bracket_create(stage=playoffs)
    play_match(Match.objects.filter(stage=playoffs, is_bye=False, side_b__isnull=False).first())
    with django_assert_max_num_queries(4):
        body = anonymous.get(f"/api/v1/stages/{playoffs.pk}/bracket/").json()
    assert [b["name"] for b in body["brackets"]] == ["winners", "losers", "final"]
    assert len(body["seeds"]) == players

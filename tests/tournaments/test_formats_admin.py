"""Admin actions a director runs the formats with: each calls one service and reports errors, never a 500."""
from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import play_match, stage_with_field
from tournaments.models import Match, Round, RoundStatus, Stage, StageKind
from tournaments.services import events

pytestmark = pytest.mark.django_db


def act(admin_client, model: str, action: str, *rows) -> list[str]:
    response = admin_client.post(
        reverse(f"admin:tournaments_{model}_changelist"),
        {"action": action, "_selected_action": [row.pk for row in rows]}, follow=True,
    )
    assert response.redirect_chain[-1][1] == 302
    assert response.status_code == 200  # the list again, with the outcome shown
    return [str(message) for message in response.context["messages"]]


def test_a_director_runs_rounds_the_cut_and_the_playoffs_from_the_admin(admin_client):
    stage = stage_with_field(8, settings={"rounds": 1, "consolation": True})
    assert act(admin_client, "stage", "generate_round", stage) == [f"{stage}: round 1 drawn as a draft to review"]
    round_ = Round.objects.get(stage=stage)
    messages = act(admin_client, "round", "close_rounds", round_)
    assert "release it first" in messages[0]
    act(admin_client, "round", "release_rounds", round_)
    round_.refresh_from_db()
    assert round_.status == RoundStatus.RELEASED
    messages = act(admin_client, "round", "close_rounds", round_)
    assert "tables 1, 2, 3, 4 are still playing" in messages[0]
    # Distinct margins: no unbroken tie at the cut line (that would need a playoff).
    for index, match in enumerate(Match.objects.filter(round=round_).order_by("table")):
        play_match(match, loser_total=95 + index)
    act(admin_client, "round", "close_rounds", round_)
    round_.refresh_from_db()
    assert round_.status == RoundStatus.CLOSED

    assert act(admin_client, "event", "make_cut", stage.event) == [
        f"{stage.event}: cut made: 2 qualify for Playoffs"]
    messages = act(admin_client, "event", "start_playoffs", stage.event)
    assert messages == [f"{stage.event}: started Playoffs, Consolation"]
    assert Match.objects.filter(stage__event=stage.event, bracket="winners").count() == 1
    assert Match.objects.filter(stage__event=stage.event, bracket="consolation").count() == 7  # 6 seeds in 8, 2 byes
    messages = act(admin_client, "event", "start_playoffs", stage.event)
    assert "no playoff stage is waiting to start" in messages[0]


def test_bracket_stage_actions_report_errors(admin_client):
    stage = stage_with_field(4)
    empty = events.stage_create(event=stage.event, name="Playoffs", kind=StageKind.SINGLE_ELIMINATION)
    assert "make the cut first" in act(admin_client, "stage", "start_bracket", empty)[0]
    assert "matches come from the bracket" in act(admin_client, "stage", "generate_round", empty)[0]
    seeded = Stage.objects.filter(pk=empty.pk)
    seeded.update(settings={"seeds": list(stage.event.entries.values_list("id", flat=True))})
    assert act(admin_client, "stage", "start_bracket", empty) == [f"{empty}: bracket stored"]
    assert admin_client.get(reverse("admin:tournaments_round_changelist")).status_code == 200


def test_a_bracket_correction_in_the_admin_warns_then_resets_when_ticked(admin_client):
    import re

    from tournaments.models import Game, MatchStatus
    from tournaments.services import brackets

    stage = stage_with_field(4)
    seeds = list(stage.event.entries.order_by("seed").values_list("id", flat=True))
    playoffs = events.stage_create(event=stage.event, name="Playoffs", kind=StageKind.SINGLE_ELIMINATION,
                                   settings={"seeds": seeds, "best_of": 1})
    brackets.bracket_create(stage=playoffs)
    semi, other = Match.objects.filter(stage=playoffs, bracket_round=1).order_by("bracket_slot")
    play_match(semi)
    play_match(other)
    final = Match.objects.get(stage=playoffs, bracket_round=2)
    play_match(final)
    game = Game.objects.get(match=semi)
    url = reverse("admin:tournaments_game_change", args=[game.pk])
    page = admin_client.get(url).content.decode()
    management = dict(re.findall(r'name="([\w-]+-(?:TOTAL|INITIAL|MIN_NUM|MAX_NUM)_FORMS)" value="(\d*)"', page))
    management = {name: "0" if name.endswith(("TOTAL_FORMS", "INITIAL_FORMS")) else value
                  for name, value in management.items()}
    flipped = {"total_a": 100, "total_b": 121, "reason": "scorecard checked", **management}

    warned = admin_client.post(url, flipped)
    assert warned.status_code == 200
    text = warned.content.decode()
    assert "reset these later matches" in text
    assert "round 2 match 1" in text
    final.refresh_from_db()
    assert final.status == MatchStatus.DECIDED

    done = admin_client.post(url, {**flipped, "confirm_reset": "on"})
    assert done.status_code == 302
    final.refresh_from_db()
    assert (final.status, final.side_a_id) == (MatchStatus.PENDING, semi.side_b_id)

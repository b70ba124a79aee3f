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
    for match in Match.objects.filter(round=round_):
        play_match(match)
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

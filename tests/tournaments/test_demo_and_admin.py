"""The demo event command (idempotent) and the admin pages a director uses to see and correct data."""
from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from tournaments.models import Entry, Event, Game, GameChange, GameChangeAction, GameState, Report

pytestmark = pytest.mark.django_db


def counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in (Event, Entry, Game, Report, GameChange)}


@pytest.fixture
def demo() -> Event:
    call_command("demo_event", stdout=StringIO())
    return Event.objects.get()


def test_demo_event_is_a_realistic_acc_event(demo):
    assert demo.rules.preset == "acc"
    assert demo.entries.count() == 24
    assert Game.objects.filter(state=GameState.CONFIRMED).count() > 60
    assert Game.objects.filter(state=GameState.DISPUTED).count() == 1
    from tournaments.selectors import event_standings

    rows = event_standings(event=demo)
    assert len(rows) == 24
    assert rows[0]["rank"] == 1


def test_demo_event_is_idempotent(demo):
    before = counts()
    out = StringIO()
    call_command("demo_event", stdout=out)
    assert counts() == before
    assert "nothing changed" in out.getvalue()
    assert "Director token" in out.getvalue()


def test_demo_director_token_writes_through_the_api(demo, client):
    from rest_framework.authtoken.models import Token

    token = Token.objects.get(user__username="director").key
    response = client.post("/api/v1/events/", {"name": "Try"}, content_type="application/json",
                           HTTP_AUTHORIZATION=f"Token {token}")
    assert response.status_code == 201


ADMIN_MODELS = ["club", "player", "ruleset", "event", "stage", "entry", "round", "match", "game", "report",
                "gamechange", "handclaim"]


def test_admin_lists_render(demo, admin_client):
    for model in ADMIN_MODELS:
        response = admin_client.get(reverse(f"admin:tournaments_{model}_changelist"))
        assert response.status_code == 200, model


def test_admin_change_pages_render(demo, admin_client):
    game = Game.objects.filter(state=GameState.DISPUTED).get()
    assert admin_client.get(reverse("admin:tournaments_game_change", args=[game.pk])).status_code == 200
    assert admin_client.get(reverse("admin:tournaments_event_change", args=[demo.pk])).status_code == 200
    assert admin_client.get(reverse("admin:tournaments_match_change", args=[game.match_id])).status_code == 200


def test_admin_resolves_a_dispute_through_the_service(demo, admin_client):
    game = Game.objects.filter(state=GameState.DISPUTED).select_related("match").get()
    url = reverse("admin:tournaments_game_change", args=[game.pk])
    page = admin_client.get(url).content.decode()
    # The read-only inlines still post their management forms.
    management = dict(re.findall(r'name="([\w-]+-(?:TOTAL|INITIAL|MIN_NUM|MAX_NUM)_FORMS)" value="(\d*)"', page))
    assert management
    # Post no inline rows (the browser sends their hidden ids; they are read-only anyway).
    management = {name: "0" if name.endswith(("TOTAL_FORMS", "INITIAL_FORMS")) else value
                  for name, value in management.items()}
    refused = admin_client.post(url, {"total_a": 121, "total_b": 121, "reason": "x", **management})
    assert refused.status_code == 200  # the form again, with the reason
    assert "two sides are at the target" in refused.content.decode()
    response = admin_client.post(url, {"total_a": 121, "total_b": 88, "reason": "checked the board", **management})
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.state, game.total_a, game.total_b) == (GameState.CONFIRMED, 121, 88)
    change = GameChange.objects.filter(game=game, action=GameChangeAction.RESOLVED).get()
    assert change.reason == "checked the board"


def test_the_demo_director_logs_in_only_on_a_developers_machine(db, settings, client):
    from django.contrib.auth import get_user_model

    settings.DEBUG = False
    call_command("demo_event", stdout=StringIO())
    director = get_user_model().objects.get(username="director")
    assert not director.has_usable_password()

    settings.DEBUG = True
    out = StringIO()
    call_command("demo_event", stdout=out)
    assert "director / pegboard-demo" in out.getvalue()
    assert client.login(username="director", password="pegboard-demo")
    event = Event.objects.get(name__startswith="Pegboard Demo")
    assert client.get(reverse("admin:tournaments_event_change", args=[event.pk])).status_code == 200
    assert client.get(f"/director/events/{event.pk}/").status_code == 200

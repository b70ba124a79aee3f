"""Redis or Celery down: reported by /healthz, never fatal to the request path.

The cache and the broker are pointed at a closed port on this machine, as if Redis
had stopped; the database stays up.
"""
from __future__ import annotations

import pytest
from django.test import override_settings

from config.celery import app as celery_app

CLOSED = "redis://127.0.0.1:1/0"  # nothing listens on port 1
REDIS_DOWN = {
    "CACHES": {"default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CLOSED,
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }},
    "CELERY_TASK_ALWAYS_EAGER": False,
}


@pytest.fixture
def redis_down(monkeypatch):
    # Django rebuilds its cache handlers when CACHES is overridden.
    monkeypatch.setattr(celery_app.conf, "broker_url", CLOSED)
    with override_settings(**REDIS_DOWN):
        yield


@pytest.mark.django_db
def test_healthz_reports_redis_and_celery_down_but_answers_200(client, redis_down):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["database"]["status"] == "ok"
    assert body["cache"]["status"] == "down"
    assert body["broker"]["status"] == "down"
    assert body["celery"]["status"] != "ok"


@pytest.mark.django_db
def test_results_and_standings_still_work_with_redis_down(client, redis_down):
    from tests.factories import DirectorFactory, token_for
    from tournaments.models import GameState
    from tournaments.services.events import entry_add, event_create, match_create

    event = event_create(name="Power cut", status="open")
    ann, _ = entry_add(event=event, name="Ann")
    ben, _ = entry_add(event=event, name="Ben")
    match = match_create(event=event, entries=[ann, ben])
    auth = {"HTTP_AUTHORIZATION": f"Token {token_for(DirectorFactory())}"}
    response = client.post(
        f"/api/v1/matches/{match.pk}/reports/",
        {"game": 1, "totals": {str(ann.pk): 121, str(ben.pk): 80}, "key": "k1"},
        content_type="application/json", **auth,
    )
    assert response.status_code == 201, response.content
    assert match.games.get(number=1).state == GameState.CONFIRMED
    rows = client.get(f"/api/v1/events/{event.pk}/standings/").json()["rows"]
    assert rows[0]["name"] == "Ann"
    assert rows[0]["game_points"] == 3  # 121-80 is a skunk under ACC rules

"""The real services: PostgreSQL answers, Redis is cache and broker, a worker runs tasks."""
from __future__ import annotations

import pytest
from django.core.cache import cache, caches
from django.db import connection

from config.celery import ping

pytestmark = pytest.mark.integration


@pytest.mark.django_db
def test_database_is_postgresql():
    assert connection.vendor == "postgresql"


def test_cache_is_redis():
    cache.set("integration-probe", {"n": 1}, 10)
    assert cache.get("integration-probe") == {"n": 1}
    assert type(caches["default"]).__name__ == "RedisCache"


def test_a_task_goes_through_redis_to_a_real_worker(celery_worker):
    result = ping.delay()
    assert result.get(timeout=20) == "pong"
    assert celery_worker.poll() is None  # the worker is a separate, live process


@pytest.mark.django_db
def test_healthz_sees_broker_and_worker(client, celery_worker):
    # A loaded machine can miss one ping window; the worker must answer within a few.
    for _ in range(10):
        body = client.get("/healthz").json()
        if body["celery"]["status"] == "ok":
            break
    assert body["broker"]["status"] == "ok"
    assert body["celery"]["status"] == "ok"
    assert body["celery"]["workers"] >= 1
    assert body["cache"]["backend"] == "RedisCache"

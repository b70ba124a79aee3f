"""Real PostgreSQL, Redis and a Celery worker.

These tests run when ``DATABASE_URL`` points at PostgreSQL and ``REDIS_URL`` is set
(.ci/run's second pass). Otherwise they skip, or fail under
``PEGBOARD_REQUIRE_SERVICES=1``.

The worker is started here, after pytest-django has created the test database, and
pointed at that database, so tasks see the rows the tests wrote (tests that use it
must commit: ``transactional_db`` or ``django_db(transaction=True)``).
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings

from tests.conftest import require_or_skip

ROOT = Path(__file__).resolve().parents[2]


def services_configured() -> bool:
    engine = settings.DATABASES["default"]["ENGINE"]
    return engine == "django.db.backends.postgresql" and bool(settings.REDIS_URL)


@pytest.fixture(autouse=True)
def _require_services() -> None:
    if not services_configured():
        require_or_skip(
            "PEGBOARD_REQUIRE_SERVICES",
            "integration test needs DATABASE_URL=postgres://... and REDIS_URL",
        )


def _database_url_for(settings_dict: dict) -> str:
    user = settings_dict.get("USER") or "postgres"
    password = settings_dict.get("PASSWORD") or ""
    auth = f"{user}:{password}@" if password else f"{user}@"
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    return f"postgres://{auth}{host}:{port}/{settings_dict['NAME']}"


@pytest.fixture(scope="session")
def celery_worker(django_db_setup, tmp_path_factory) -> Iterator[subprocess.Popen]:
    """A real ``celery worker`` process on the test database and the real Redis."""
    if not services_configured():
        require_or_skip("PEGBOARD_REQUIRE_SERVICES", "a Celery worker needs PostgreSQL and Redis")
    from django.db import connection

    from config.celery import app as celery_app

    env = dict(os.environ)
    env["DATABASE_URL"] = _database_url_for(connection.settings_dict)
    env["CONN_MAX_AGE"] = "0"  # let pytest-django drop the test database at the end
    log = open(tmp_path_factory.mktemp("celery") / "worker.log", "w")  # noqa: SIM115
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo",
         "--loglevel=INFO", "--without-gossip", "--without-mingle", "-n", "pytest@%h"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if process.poll() is not None:
                pytest.fail(f"celery worker exited with {process.returncode}; see {log.name}")
            if celery_app.control.ping(timeout=0.5):
                break
        else:
            pytest.fail("celery worker did not answer a ping within 30 s")
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()

"""/healthz and the API schema, on whatever database the suite runs."""
from __future__ import annotations

import pytest
from django.db import OperationalError


@pytest.mark.django_db
def test_healthz_reports_each_service(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"]["status"] == "ok"
    assert body["cache"]["status"] == "ok"
    assert set(body) == {"status", "database", "cache", "broker", "celery"}


@pytest.mark.django_db
def test_healthz_is_503_when_the_database_is_down(client, monkeypatch):
    from config import health

    def broken_cursor(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(health.connection, "cursor", broken_cursor)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"]["status"] == "down"


def test_openapi_schema_and_swagger_ui(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    assert schema.json()["openapi"].startswith("3.")
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    assert b"swagger" in docs.content.lower()


def test_openapi_schema_generates_without_warnings(tmp_path):
    from django.core.management import call_command

    target = tmp_path / "schema.yml"
    call_command("spectacular", "--fail-on-warn", "--file", str(target))
    assert "/api/v1/scoring/show/" in target.read_text()

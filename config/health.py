"""``GET /healthz``: is the database up, is the cache/broker up, is a Celery worker alive.

Only the database is fatal (503). Redis or Celery being down is reported, because
nothing in the request path needs them: results are still stored and standings
still correct without them.
"""
from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config.celery import app as celery_app


def _database_state() -> dict[str, str]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "down"; say which
        return {"status": "down", "error": exc.__class__.__name__, "vendor": connection.vendor}
    return {"status": "ok", "vendor": connection.vendor}


def _cache_state() -> dict[str, str]:
    backend = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
    try:
        cache.set("healthz", "ok", 5)
        ok = cache.get("healthz") == "ok"
    except Exception as exc:
        return {"status": "down", "backend": backend, "error": exc.__class__.__name__}
    return {"status": "ok" if ok else "down", "backend": backend}


def _broker_state() -> dict[str, str]:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return {"status": "eager"}
    try:
        with celery_app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=0, timeout=1)
    except Exception as exc:
        return {"status": "down", "error": exc.__class__.__name__}
    return {"status": "ok"}


def _worker_state(broker_ok: bool) -> dict[str, object]:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return {"status": "eager", "workers": 0}
    if not broker_ok:
        return {"status": "unknown", "workers": 0}
    try:
        replies = celery_app.control.ping(timeout=1.0) or []
    except Exception as exc:
        return {"status": "down", "workers": 0, "error": exc.__class__.__name__}
    return {"status": "ok" if replies else "down", "workers": len(replies)}


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    database = _database_state()
    broker = _broker_state()
    body = {
        "status": "ok" if database["status"] == "ok" else "down",
        "database": database,
        "cache": _cache_state(),
        "broker": broker,
        "celery": _worker_state(broker["status"] == "ok"),
    }
    return JsonResponse(body, status=200 if database["status"] == "ok" else 503)

"""The Celery app. Tasks are autodiscovered in each installed app's ``tasks`` module.

Without ``REDIS_URL`` the settings make every task run eagerly in-process, so nothing
in the request path needs a broker or a worker.
"""
from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("pegboard")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="pegboard.ping")
def ping() -> str:
    """Answered by a live worker; /healthz uses it to tell a worker from a broker."""
    return "pong"

"""Project configuration: settings, URL roots, the Celery app, WSGI/ASGI entry points."""
from __future__ import annotations

from config.celery import app as celery_app

__all__ = ["celery_app"]

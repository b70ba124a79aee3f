"""Scoring endpoints of the REST API (mounted at /api/v1/scoring/), public."""
from __future__ import annotations

from django.urls import path

from scoring.api import PlayView, ShowView

urlpatterns = [
    path("show/", ShowView.as_view(), name="scoring-show"),
    path("play/", PlayView.as_view(), name="scoring-play"),
]

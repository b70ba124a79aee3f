"""Public pages of the scoring engine (no login): the hand calculator."""
from __future__ import annotations

from django.urls import path

from scoring.views import score_page

app_name = "scoring"

urlpatterns = [
    path("score/", score_page, name="score"),
]

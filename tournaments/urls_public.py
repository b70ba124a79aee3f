"""Public pages (no login): events, standings, tables and brackets."""
from __future__ import annotations

from django.urls import path

from tournaments.views_public import bracket_detail, event_detail, event_list, schedule_detail

app_name = "public"

urlpatterns = [
    path("", event_list, name="events"),
    path("events/<int:event_id>/", event_detail, name="event"),
    path("stages/<int:stage_id>/bracket/", bracket_detail, name="bracket"),
    path("stages/<int:stage_id>/schedule/", schedule_detail, name="schedule"),
]

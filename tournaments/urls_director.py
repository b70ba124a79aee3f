"""The director's dashboard (mounted at /director/): staff or the "directors" group."""
from __future__ import annotations

from django.urls import path

from tournaments.views_director import (
    dashboard_home,
    dispute_resolve,
    event_action,
    event_dashboard,
)

app_name = "director"

urlpatterns = [
    path("", dashboard_home, name="home"),
    path("events/<int:event_id>/", event_dashboard, name="event"),
    path("events/<int:event_id>/actions/", event_action, name="action"),
    path("events/<int:event_id>/games/<int:game_id>/resolve/", dispute_resolve, name="resolve"),
]

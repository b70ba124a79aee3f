"""URL patterns for one audience; see config/urls.py for the map."""
from __future__ import annotations

urlpatterns: list = []

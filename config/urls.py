"""URL root. One module per audience, so a reader sees at once who reaches what:

- ``/api/v1/``: the REST API (``scoring.urls_api``, ``tournaments.urls_api``)
- ``/score/`` and public event pages: ``scoring.urls_public``, ``tournaments.urls_public``
- ``/p/``: player pages reached by a personal link (``tournaments.urls_player``)
- ``/director/``: the director dashboard (``tournaments.urls_director``)
- ``/admin/``: Django admin
"""
from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from config.health import healthz

api_v1 = [
    path("scoring/", include("scoring.urls_api")),
    path("", include("tournaments.urls_api")),
]

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/v1/", include((api_v1, "api"), namespace="api")),
    path("director/", include("tournaments.urls_director")),
    path("p/", include("tournaments.urls_player")),
    path("", include("scoring.urls_public")),
    path("", include("tournaments.urls_public")),
]

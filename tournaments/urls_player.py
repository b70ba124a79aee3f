"""Player pages, reached by a personal link (mounted at /p/): no account, the token is the key."""
from __future__ import annotations

from django.urls import path

from tournaments.views_player import player_claim, player_confirm, player_home

app_name = "player"

urlpatterns = [
    path("<str:token>/", player_home, name="home"),
    path("<str:token>/games/<int:game_id>/confirm/", player_confirm, name="confirm"),
    path("<str:token>/claim/", player_claim, name="claim"),
]

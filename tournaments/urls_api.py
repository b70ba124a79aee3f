"""The tournaments REST API, mounted at /api/v1/ (see config/urls.py).

A plain list of paths: later work (rounds, brackets) appends its own.
"""
from __future__ import annotations

from django.urls import path

from tournaments import api, api_rounds, api_webhooks

urlpatterns = [
    path("rulesets/", api.RuleSetListView.as_view(), name="ruleset-list"),
    path("events/", api.EventListView.as_view(), name="event-list"),
    path("events/<int:event_id>/", api.EventDetailView.as_view(), name="event-detail"),
    path("events/<int:event_id>/status/", api.EventStatusView.as_view(), name="event-status"),
    path("events/<int:event_id>/entries/", api.EventEntriesView.as_view(), name="event-entries"),
    path("events/<int:event_id>/stages/", api.EventStagesView.as_view(), name="event-stages"),
    path("entries/<int:entry_id>/status/", api.EntryStatusView.as_view(), name="entry-status"),
    path("events/<int:event_id>/matches/", api.EventMatchesView.as_view(), name="event-matches"),
    path("events/<int:event_id>/standings/", api.EventStandingsView.as_view(), name="event-standings"),
    path("events/<int:event_id>/hand-claims/", api.EventHandClaimsView.as_view(), name="event-hand-claims"),
    path("matches/<int:match_id>/", api.MatchDetailView.as_view(), name="match-detail"),
    path("matches/<int:match_id>/reports/", api.MatchReportsView.as_view(), name="match-reports"),
    path("matches/<int:match_id>/forfeit/", api.MatchForfeitView.as_view(), name="match-forfeit"),
    path("games/<int:game_id>/confirm/", api.GameConfirmView.as_view(), name="game-confirm"),
    path("games/<int:game_id>/resolve/", api.GameResolveView.as_view(), name="game-resolve"),
    path("games/<int:game_id>/history/", api.GameHistoryView.as_view(), name="game-history"),
    # Formats: rounds of a stage, the cut, playoff brackets.
    path("stages/<int:stage_id>/rounds/", api_rounds.StageRoundsView.as_view(), name="stage-rounds"),
    path("rounds/<int:round_id>/", api_rounds.RoundDetailView.as_view(), name="round-detail"),
    path("rounds/<int:round_id>/release/", api_rounds.RoundReleaseView.as_view(), name="round-release"),
    path("rounds/<int:round_id>/close/", api_rounds.RoundCloseView.as_view(), name="round-close"),
    path("rounds/<int:round_id>/swap/", api_rounds.RoundSwapView.as_view(), name="round-swap"),
    path("events/<int:event_id>/cut/", api_rounds.EventCutView.as_view(), name="event-cut"),
    path("stages/<int:stage_id>/playoffs/", api_rounds.StagePlayoffsView.as_view(), name="stage-playoffs"),
    path("stages/<int:stage_id>/bracket/", api_rounds.StageBracketView.as_view(), name="stage-bracket"),
    path("stages/<int:stage_id>/schedule/", api_rounds.StageScheduleView.as_view(), name="stage-schedule"),
    path("webhooks/", api_webhooks.WebhookListView.as_view(), name="webhook-list"),
    path("webhooks/<int:webhook_id>/", api_webhooks.WebhookDetailView.as_view(), name="webhook-detail"),
    path("webhooks/<int:webhook_id>/deliveries/", api_webhooks.WebhookDeliveriesView.as_view(),
         name="webhook-deliveries"),
]

"""The director's dashboard for the live event (``/director/``): staff or "directors" only.

Which tables are still playing, which disputes wait, and the next actions. Data
entry and corrections of everything else live in the Django admin. Every write is
one service call; a refused action is shown as a message, never a 500.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from tournaments.errors import EntryError, NotFound, TournamentError
from tournaments.formats.errors import FormatError
from tournaments.forms import DisputeResolveForm
from tournaments.models import Channel, Event, Game, Round, Stage
from tournaments.page_selectors import (
    director_dashboard,
    director_event,
    director_events,
    director_next_actions,
)
from tournaments.selectors import user_is_director
from tournaments.services import brackets, rounds
from tournaments.services.results import game_resolve


def director_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not user_is_director(request.user):
            raise PermissionDenied("Only tournament directors can open the dashboard.")
        return view(request, *args, **kwargs)

    return wrapper


def _event_or_404(event_id: int) -> Event:
    try:
        return director_event(event_id=event_id)
    except NotFound as exc:
        raise Http404(str(exc)) from exc


def _dispute_forms(event: Event, dashboard: Any, bound: dict[int, DisputeResolveForm]) -> list:
    target = event.rules.to_rules().target
    return [
        (dispute, bound.get(dispute.game.pk)
         or DisputeResolveForm(sides=dispute.sides, target=target, prefix_game=dispute.game.pk))
        for dispute in dashboard.disputes
    ]


def _render_dashboard(request: HttpRequest, event: Event, *, bound: dict | None = None,
                      status: int = 200) -> HttpResponse:
    dashboard = director_dashboard(event=event)
    actions, drafts = director_next_actions(event=event)
    return render(request, "tournaments/director_event.html", {
        "event": event, "dashboard": dashboard, "actions": actions, "drafts": drafts,
        "disputes": _dispute_forms(event, dashboard, bound or {}),
    }, status=status)


def _stage_of(event: Event, stage_id: int) -> Stage:
    stage = Stage.objects.filter(pk=stage_id, event=event).first()
    if stage is None:
        raise Http404(f"there is no stage {stage_id} in this event")
    return stage


def _round_of(event: Event, round_id: int) -> Round:
    round_ = Round.objects.filter(pk=round_id, stage__event=event).first()
    if round_ is None:
        raise Http404(f"there is no round {round_id} in this event")
    return round_


def _generate(request: HttpRequest, event: Event, target: int) -> str:
    round_ = rounds.round_generate(stage=_stage_of(event, target), user=request.user)
    return f"Round {round_.number} drawn: check it below, then release it."


def _release(request: HttpRequest, event: Event, target: int) -> str:
    round_ = rounds.round_release(round=_round_of(event, target))
    return f"Round {round_.number} released to the players."


def _close(request: HttpRequest, event: Event, target: int) -> str:
    round_ = rounds.round_close(round=_round_of(event, target))
    return f"Round {round_.number} closed."


def _cut(request: HttpRequest, event: Event, target: int) -> str:
    raw = request.POST.get("qualifiers", "").strip()
    if raw and not raw.isdigit():
        raise EntryError("the number of qualifiers is a whole number", field="qualifiers")
    playoffs = brackets.event_cut(event=event, qualifiers=int(raw) if raw else None)
    return f"The cut is made: {len(playoffs.settings.get('seeds', []))} qualifiers."


def _playoffs(request: HttpRequest, event: Event, target: int) -> str:
    started = brackets.playoffs_start(event=event, user=request.user)
    return f"Playoffs started: {', '.join(stage.name for stage in started)}."


# Each next action is one service; the dashboard only suggests which fit the event now.
ACTIONS: dict[str, Callable[[HttpRequest, Event, int], str]] = {
    "generate": _generate, "release": _release, "close": _close, "cut": _cut, "playoffs": _playoffs,
}


@director_required
@require_POST
def event_action(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event_or_404(event_id)
    run = ACTIONS.get(request.POST.get("action", ""))
    try:
        target = int(request.POST.get("target", ""))
    except ValueError:
        target = None
    if run is None or target is None:
        messages.error(request, "Unknown action.")
    else:
        try:
            messages.success(request, run(request, event, target))
        except (TournamentError, FormatError) as exc:  # e.g. "no valid Swiss pairing: ..."
            messages.error(request, str(exc))
    return redirect("director:event", event_id=event.pk)


@director_required
def dashboard_home(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/director_home.html", {"events": director_events()[:50]})


@director_required
def event_dashboard(request: HttpRequest, event_id: int) -> HttpResponse:
    return _render_dashboard(request, _event_or_404(event_id))


@director_required
@require_POST
def dispute_resolve(request: HttpRequest, event_id: int, game_id: int) -> HttpResponse:
    event = _event_or_404(event_id)
    game = Game.objects.filter(pk=game_id, match__event=event).select_related("match").first()
    if game is None:
        raise Http404(f"there is no game {game_id} in this event")
    sides = [side for side in game.match.sides_or_tbd() if side is not None]
    form = DisputeResolveForm(request.POST, sides=sides, target=event.rules.to_rules().target,
                              prefix_game=game.pk)
    if form.is_valid():
        try:
            game_resolve(game=game, totals=form.totals(), user=request.user,
                         reason=form.cleaned_data["reason"], channel=Channel.DIRECTOR)
        except TournamentError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, f"Game {game.number} of {game.match} decided.")
            return redirect("director:event", event_id=event.pk)
    return _render_dashboard(request, event, bound={game.pk: form}, status=400)

"""Public pages: the events, an event's standings and tables, a stage's bracket.

Readable on a phone and on the projector at the front of the room; no login.
"""
from __future__ import annotations

from collections import Counter

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.errors import NotFound, TournamentError
from tournaments.formats.pairing import render_schedule
from tournaments.page_selectors import (
    event_round_tables,
    public_event,
    public_events,
    public_stage,
    stage_bracket,
)
from tournaments.selectors import entry_names, event_standings, schedule_data
from tournaments.services.rounds import stage_schedule
from tournaments.standings import METRICS_BY_KEY


def event_list(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/event_list.html", {"events": public_events()[:50]})


def event_detail(request: HttpRequest, event_id: int) -> HttpResponse:
    try:
        event = public_event(event_id=event_id)
    except NotFound as exc:
        raise Http404(str(exc)) from exc
    rules = event.rules.to_rules()
    rows = event_standings(event=event)
    per_rank = Counter(row["rank"] for row in rows)
    shared = {rank for rank, count in per_rank.items() if count > 1}
    return render(request, "tournaments/event_detail.html", {
        "event": event, "rows": rows, "shared_ranks": shared,
        "rounds": event_round_tables(event=event),
        "stages": event.stages.order_by("order"),
        "rules": rules,
        "tie_breakers": [METRICS_BY_KEY[key].label for key in rules.tie_breakers if key in METRICS_BY_KEY],
    })


def bracket_detail(request: HttpRequest, stage_id: int) -> HttpResponse:
    try:
        stage, columns, champion = stage_bracket(stage_id=stage_id)
    except NotFound as exc:
        raise Http404(str(exc)) from exc
    return render(request, "tournaments/bracket.html", {
        "stage": stage, "event": stage.event, "columns": columns, "champion": champion.name if champion else "",
    })


def schedule_detail(request: HttpRequest, stage_id: int) -> HttpResponse:
    """The whole round robin, to print and pin up (``?format=txt`` for plain text)."""
    try:
        stage = public_stage(stage_id=stage_id)
        if request.GET.get("format") == "txt":
            text = render_schedule(stage_schedule(stage=stage), names=entry_names(event=stage.event))
            return HttpResponse(f"{stage.event.name}: {stage.name}\n\n{text}\n",
                                content_type="text/plain; charset=utf-8")
        schedule = schedule_data(stage=stage)
    except NotFound as exc:
        raise Http404(str(exc)) from exc
    except TournamentError as exc:  # not a round robin, too few entries, settings being fixed
        return render(request, "tournaments/schedule.html", {"stage": stage, "event": stage.event,
                                                             "problem": str(exc)}, status=404)
    return render(request, "tournaments/schedule.html", {"stage": stage, "event": stage.event,
                                                         "rounds": schedule["rounds"]})

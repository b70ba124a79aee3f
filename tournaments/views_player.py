"""Player pages, reached by the personal link ``/p/<token>/`` (no account).

The core flow works without JavaScript: see the table and opponent, post a game's
final peg totals, confirm the opponent's report. Every write is one service call.
"""
from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.errors import NotFound, TournamentError
from tournaments.forms import GameReportForm, HandClaimForm
from tournaments.models import Channel, Entry
from tournaments.page_selectors import (
    PlayerMatch,
    current_match,
    player_claims,
    player_entry,
    player_matches,
)
from tournaments.services.claims import hand_claim_record
from tournaments.services.results import game_confirm, game_report


def _entry_or_404(token: str) -> Entry:
    try:
        return player_entry(token=token)
    except NotFound as exc:
        raise Http404(str(exc)) from exc


def _client_ip(request: HttpRequest) -> str | None:
    return request.META.get("REMOTE_ADDR") or None


def _report_form(entry: Entry, current: PlayerMatch | None, data: dict | None = None) -> GameReportForm | None:
    if current is None or current.next_game is None:
        return None
    form = GameReportForm(
        data, sides=current.sides, me=entry, target=entry.event.rules.to_rules().target,
        initial={"game": current.next_game},
    )
    return form


@require_http_methods(["GET", "POST"])
def player_home(request: HttpRequest, token: str) -> HttpResponse:
    entry = _entry_or_404(token)
    matches = player_matches(entry=entry)
    current = current_match(matches)
    form = _report_form(entry, current, request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        if form is None:
            messages.error(request, "There is no game to report right now.")
            return redirect("player:home", token=token)
        if form.is_valid():
            try:
                report = game_report(
                    match=current.match, number=form.cleaned_data["game"], totals=form.totals(),
                    key=form.cleaned_data["key"], reporter=entry, channel=Channel.PLAYER,
                    ip=_client_ip(request),
                )
            except TournamentError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, _reported_message(report.game.state, report.game.number))
                return redirect("player:home", token=token)
        status = 400
    return render(request, "tournaments/player.html", {
        "entry": entry, "event": entry.event, "current": current, "form": form,
        "past": [m for m in matches if m is not current],
    }, status=status)


def _reported_message(state: str, number: int) -> str:
    if state == "confirmed":
        return f"Game {number} confirmed. Thank you!"
    if state == "disputed":
        return f"Game {number}: your report differs from your opponent's. The director will decide."
    return f"Game {number} reported. Your opponent confirms it on their phone."


@require_POST
def player_confirm(request: HttpRequest, token: str, game_id: int) -> HttpResponse:
    entry = _entry_or_404(token)
    try:
        game = game_confirm(game=game_id, entry=entry, channel=Channel.PLAYER)
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _reported_message(game.state, game.number))
    return redirect("player:home", token=token)


@require_http_methods(["GET", "POST"])
def player_claim(request: HttpRequest, token: str) -> HttpResponse:
    """Claim a hand (a side pot such as the 24-hand, or a disputed count): the engine
    scores it and the claim is stored with its verdict for the director."""
    entry = _entry_or_404(token)
    form = HandClaimForm(request.POST or None)
    claim = None
    if request.method == "POST" and form.is_valid():
        try:
            claim = hand_claim_record(
                event=entry.event, entry=entry, hand=[card.code for card in form.hand],
                starter=form.cleaned_data["starter"].code, crib=form.cleaned_data["crib"],
                claimed=form.cleaned_data["claimed"], purpose=form.cleaned_data["purpose"],
            )
        except TournamentError as exc:
            form.add_error(None, str(exc))
    return render(request, "tournaments/player_claim.html", {
        "entry": entry, "event": entry.event, "form": form, "claim": claim,
        "claims": player_claims(entry=entry),
    }, status=400 if form.errors else 200)

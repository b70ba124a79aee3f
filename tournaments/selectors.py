"""Reads: events a user may see, matches with their games, and standings.

Standings take three queries whatever the size of the field: the event with its rule
set, the confirmed games with their sides (``values_list``), and the entries' names;
the arithmetic is the pure ``tournaments.standings`` engine.
"""
from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, Q, QuerySet

from tournaments.errors import NotFound
from tournaments.models import (
    Entry,
    EntryStatus,
    Event,
    EventStatus,
    Game,
    GameChange,
    GameState,
    Match,
    Stage,
)
from tournaments.standings import GameRecord, StandingRow, compute_standings

DIRECTORS_GROUP = "directors"


def user_is_director(user: Any) -> bool:
    """Staff, or a member of the "directors" group."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_staff:
        return True
    return user.groups.filter(name=DIRECTORS_GROUP).exists()


def event_list(*, user: Any = None, status: str | None = None, kind: str | None = None) -> QuerySet[Event]:
    """Events this user may see, newest first; drafts only for directors."""
    events = Event.objects.select_related("rules", "club").order_by("-id")
    if not user_is_director(user):
        events = events.exclude(status=EventStatus.DRAFT)
    if status:
        events = events.filter(status=status)
    if kind:
        events = events.filter(kind=kind)
    return events


def event_get(*, event_id: Any, user: Any = None) -> Event:
    """The event, if this user may see it (drafts are for directors only)."""
    try:
        return event_list(user=user).get(pk=int(event_id))
    except (Event.DoesNotExist, TypeError, ValueError):
        raise NotFound(f"there is no event {event_id}", field="event") from None


def entry_list(*, event: Event) -> QuerySet[Entry]:
    return Entry.objects.filter(event=event).select_related("player", "partner", "club").order_by("id")


def match_queryset() -> QuerySet[Match]:
    return Match.objects.select_related(
        "event", "side_a__player", "side_a__partner", "side_b__player", "side_b__partner",
        "side_c__player", "side_c__partner",
    ).prefetch_related(Prefetch("games", queryset=Game.objects.order_by("number")))


def match_list(*, event: Event) -> QuerySet[Match]:
    return match_queryset().filter(event=event).order_by("round__number", "table", "id")


def match_get(*, match_id: Any, user: Any = None) -> Match:
    try:
        match = match_queryset().get(pk=int(match_id))
    except (Match.DoesNotExist, TypeError, ValueError):
        raise NotFound(f"there is no match {match_id}", field="match") from None
    if not match.event.is_public and not user_is_director(user):
        raise NotFound(f"there is no match {match_id}", field="match")
    return match


def game_get(*, game_id: Any) -> Game:
    try:
        return Game.objects.select_related("match__event").get(pk=int(game_id))
    except (Game.DoesNotExist, TypeError, ValueError):
        raise NotFound(f"there is no game {game_id}", field="game") from None


def game_history(*, game: Game) -> QuerySet[GameChange]:
    return GameChange.objects.filter(game=game).select_related("actor", "actor_entry__player").order_by("id")


def disputed_games(*, event: Event) -> QuerySet[Game]:
    return (
        Game.objects.filter(match__event=event, state=GameState.DISPUTED)
        .select_related("match__side_a__player", "match__side_b__player")
        .prefetch_related("reports")
    )


def standings_records(*, event: Event, stage: Stage | None = None) -> list[GameRecord]:
    """The confirmed games of an event (or one stage) as pure ``GameRecord`` values: one query."""
    games = Game.objects.filter(match__event=event, state=GameState.CONFIRMED)
    if stage is not None:
        games = games.filter(match__stage=stage)
    rows = games.values_list(
        "match__side_a_id", "match__side_b_id", "match__side_c_id", "total_a", "total_b", "total_c",
        "outcome", "runner_up_id", "winner_id",
    )
    records = []
    for side_a, side_b, side_c, total_a, total_b, total_c, outcome, runner_up, winner in rows.iterator(
        chunk_size=5000
    ):
        if outcome == "bye":
            records.append(GameRecord((winner or side_a,), (None,), outcome))
        elif side_c is None:
            records.append(GameRecord((side_a, side_b), (total_a, total_b), outcome, runner_up))
        else:
            records.append(GameRecord((side_a, side_b, side_c), (total_a, total_b, total_c), outcome, runner_up))
    return records


def _names(*, event: Event, stage: Stage | None) -> dict[int, tuple[str, str]]:
    """``{entry_id: (name, status)}`` for the entries in the event (or the stage's matches)."""
    entries = Entry.objects.filter(event=event)
    if stage is not None:
        in_stage = Match.objects.filter(stage=stage)
        entries = entries.filter(
            Q(id__in=in_stage.values("side_a")) | Q(id__in=in_stage.values("side_b"))
            | Q(id__in=in_stage.values("side_c"))
        )
    names: dict[int, tuple[str, str]] = {}
    for entry_id, player, partner, status in entries.values_list("id", "player__name", "partner__name", "status"):
        names[entry_id] = (f"{player} & {partner}" if partner else player, status)
    return names


def event_standings(*, event: Event, stage: Stage | None = None) -> list[dict[str, Any]]:
    """Standings rows, best first: rank, entry, name, every metric, and ``tie`` when a
    shared rank is left after every tie-breaker (a playoff is needed)."""
    rules = event.rules.to_rules()
    records = standings_records(event=event, stage=stage)
    names = _names(event=event, stage=stage)
    # Withdrawn entries without a game drop out; with games they stay in the table.
    listed = [entry for entry, (_, status) in names.items() if status != EntryStatus.WITHDRAWN]
    rows: list[StandingRow] = compute_standings(
        records, rules, entries=listed, names={entry: name for entry, (name, _) in names.items()}
    )
    return [
        {"rank": row.rank, "entry": row.entry, "name": names.get(row.entry, ("?", ""))[0], **row.values,
         "tie": row.tie}
        for row in rows
    ]


def stage_get(*, event: Event, stage_id: Any) -> Stage:
    try:
        return Stage.objects.get(event=event, pk=int(stage_id))
    except (Stage.DoesNotExist, TypeError, ValueError):
        raise NotFound(f"there is no stage {stage_id} in {event.name}", field="stage") from None

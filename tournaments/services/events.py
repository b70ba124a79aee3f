"""Setting up events: rule sets, events and their states, players, entries, stages, matches."""
from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models.functions import Lower

from tournaments import rules as rules_engine
from tournaments.errors import EntryError, RulesError, StateError
from tournaments.models import (
    Club,
    Entry,
    EntryStatus,
    Event,
    EventKind,
    EventStatus,
    Game,
    GameChange,
    GameChangeAction,
    GameOutcome,
    GameState,
    Match,
    MatchFormat,
    MatchStatus,
    Player,
    Round,
    RuleSet,
    Stage,
    StageKind,
)

# The event state machine: draft → open → running → finished.
EVENT_TRANSITIONS: dict[str, tuple[str, ...]] = {
    EventStatus.DRAFT: (EventStatus.OPEN,),
    EventStatus.OPEN: (EventStatus.DRAFT, EventStatus.RUNNING),
    EventStatus.RUNNING: (EventStatus.FINISHED,),
    EventStatus.FINISHED: (),
}


# -- rule sets ----------------------------------------------------------------------


def ruleset_for_preset(*, preset: str) -> RuleSet:
    """The shared, unedited rule set of a preset (created on first use)."""
    values = rules_engine.preset(preset).as_values()
    existing = RuleSet.objects.filter(preset=preset, builtin=True).first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            return RuleSet.objects.create(
                name=values["label"], preset=preset, values=values, builtin=True
            )
    except IntegrityError:  # created by a concurrent request
        return RuleSet.objects.get(preset=preset, builtin=True)


@transaction.atomic
def ruleset_copy(*, source: RuleSet, name: str, changes: Mapping[str, Any] | None = None) -> RuleSet:
    """A director's own rule set: a preset (or another rule set) with values changed."""
    if not name.strip():
        raise RulesError("a rule set needs a name", field="name")
    merged = {**source.to_rules().as_values(), **dict(changes or {})}
    checked = rules_engine.rules_from_values(source.preset, merged)
    return RuleSet.objects.create(
        name=name.strip(), preset=source.preset, values=checked.as_values(), builtin=False
    )


# -- events -------------------------------------------------------------------------


@transaction.atomic
def event_create(
    *,
    name: str,
    rules: str | RuleSet = rules_engine.DEFAULT_PRESET,
    kind: str = EventKind.TOURNAMENT,
    status: str = EventStatus.DRAFT,
    club: Club | None = None,
    partners: bool = False,
    starts_on: datetime.date | None = None,
    venue: str = "",
    created_by: Any = None,
) -> Event:
    if not name or not name.strip():
        raise EntryError("an event needs a name", field="name")
    if status not in (EventStatus.DRAFT, EventStatus.OPEN):
        raise StateError("a new event starts as draft or open", field="status")
    if kind not in EventKind.values:
        raise EntryError(f"unknown event kind {kind!r}: one of {', '.join(EventKind.values)}", field="kind")
    ruleset = rules if isinstance(rules, RuleSet) else ruleset_for_preset(preset=rules)
    return Event.objects.create(
        name=name.strip(), rules=ruleset, kind=kind, status=status, club=club, partners=partners,
        starts_on=starts_on, venue=venue, created_by=created_by,
    )


@transaction.atomic
def event_transition(*, event: Event, to: str) -> Event:
    """Move an event along draft → open → running → finished (open may go back to draft)."""
    locked = Event.objects.select_for_update().get(pk=event.pk)
    if locked.status == to:
        return locked
    if to not in EVENT_TRANSITIONS.get(locked.status, ()):
        raise StateError(f"an event that is {locked.status} cannot become {to}", field="status")
    locked.status = to
    locked.save(update_fields=["status", "updated_at"])
    event.status = to
    return locked


def event_open(*, event: Event) -> Event:
    return event_transition(event=event, to=EventStatus.OPEN)


def event_start(*, event: Event) -> Event:
    return event_transition(event=event, to=EventStatus.RUNNING)


def event_finish(*, event: Event) -> Event:
    return event_transition(event=event, to=EventStatus.FINISHED)


# -- players and entries -----------------------------------------------------------


def player_get_or_create(*, name: str, membership_number: str = "", club: Club | None = None) -> Player:
    """The player with this membership number, else the one with this name, else a new one."""
    name = (name or "").strip()
    membership_number = (membership_number or "").strip()
    if membership_number:
        found = Player.objects.filter(membership_number=membership_number).first()
        if found is not None:
            return found
    if not name:
        raise EntryError("a player needs a name", field="name")
    if not membership_number:
        found = (
            Player.objects.annotate(lower_name=Lower("name"))
            .filter(lower_name=name.lower())
            .order_by("id")
            .first()
        )
        if found is not None:
            return found
    try:
        with transaction.atomic():
            return Player.objects.create(name=name, membership_number=membership_number, club=club)
    except IntegrityError:  # the same membership number registered at the same moment
        return Player.objects.get(membership_number=membership_number)


@transaction.atomic
def entry_add(
    *,
    event: Event,
    name: str = "",
    player: Player | None = None,
    membership_number: str = "",
    partner_name: str = "",
    club: Club | None = None,
    seed: int | None = None,
) -> tuple[Entry, bool]:
    """Enter a player (creating or reusing the player). Returns ``(entry, created)``;
    entering a player twice returns the existing entry."""
    if event.status == EventStatus.FINISHED:
        raise StateError(f"{event.name} is finished: no more entries", field="event")
    if player is None:
        player = player_get_or_create(name=name, membership_number=membership_number, club=club)
    partner = None
    if event.partners:
        if not partner_name.strip():
            raise EntryError("a partners event needs the partner's name", field="partner")
        partner = player_get_or_create(name=partner_name)
        if partner.pk == player.pk:
            raise EntryError("a player cannot partner themselves", field="partner")
    elif partner_name.strip():
        raise EntryError(f"{event.name} is not a partners event", field="partner")
    existing = Entry.objects.filter(event=event, player=player).select_related("player", "partner").first()
    if existing is not None:
        return existing, False
    try:
        with transaction.atomic():
            entry = Entry.objects.create(
                event=event, player=player, partner=partner, seed=seed, club=club or player.club,
            )
    except IntegrityError:  # the same player entered by a concurrent request
        return Entry.objects.select_related("player", "partner").get(event=event, player=player), False
    return entry, True


def _entry_status(*, entry: Entry, to: str) -> Entry:
    if entry.event.status == EventStatus.FINISHED:
        raise StateError(f"{entry.event.name} is finished", field="status")
    entry.status = to
    entry.save(update_fields=["status"])
    return entry


@transaction.atomic
def entry_check_in(*, entry: Entry) -> Entry:
    if entry.status == EntryStatus.WITHDRAWN:
        raise StateError(f"{entry.name} has withdrawn", field="status")
    return _entry_status(entry=entry, to=EntryStatus.CHECKED_IN)


@transaction.atomic
def entry_withdraw(*, entry: Entry) -> Entry:
    return _entry_status(entry=entry, to=EntryStatus.WITHDRAWN)


# -- stages and matches -----------------------------------------------------------


@transaction.atomic
def stage_create(
    *, event: Event, name: str, kind: str = StageKind.MANUAL, settings: Mapping[str, Any] | None = None,
    order: int | None = None,
) -> Stage:
    if kind not in StageKind.values:
        raise EntryError(f"unknown stage kind {kind!r}: one of {', '.join(StageKind.values)}", field="kind")
    if order is None:
        last = Stage.objects.filter(event=event).order_by("-order").values_list("order", flat=True).first()
        order = (last or 0) + 1
    return Stage.objects.create(event=event, name=name, kind=kind, settings=dict(settings or {}), order=order)


def sides_per_match(rules: rules_engine.RuleSet) -> int:
    """Three-player games have three sides; every other kind (partners too) has two."""
    return 3 if rules.kind.players == 3 else 2


@transaction.atomic
def match_create(
    *,
    event: Event,
    entries: Sequence[Entry | None],
    format: str = MatchFormat.GAMES,
    n: int = 1,
    stage: Stage | None = None,
    round: Round | None = None,
    table: int | None = None,
    bye: bool = False,
    flags: Mapping[str, Any] | None = None,
    user: Any = None,
) -> Match:
    """A match between ``entries`` (``None`` for a side still to be decided).

    A bye is a match with one entry: its games are recorded at once as confirmed
    byes, scored as the rule set says.
    """
    if event.status == EventStatus.FINISHED:
        raise StateError(f"{event.name} is finished: no more matches", field="event")
    if format not in MatchFormat.values:
        raise EntryError(f"unknown match format {format!r}: games, best_of or first_to", field="format")
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 99:
        raise EntryError("the number of games (or match points) must be between 1 and 99", field="format")
    rules = event.rules.to_rules()
    expected = 1 if bye else sides_per_match(rules)
    if len(entries) != expected:
        what = "a bye has one entry" if bye else f"a match in this event has {expected} sides"
        raise EntryError(f"{what}, got {len(entries)}", field="entries")
    known = [entry for entry in entries if entry is not None]
    for entry in known:
        if entry.event_id != event.pk:
            raise EntryError(f"{entry.name} is not entered in {event.name}", field="entries")
        if entry.status == EntryStatus.WITHDRAWN:
            raise EntryError(f"{entry.name} has withdrawn", field="entries")
    if len({entry.pk for entry in known}) != len(known):
        raise EntryError("an entry cannot play itself", field="entries")
    if bye and not known:
        raise EntryError("a bye needs the entry that receives it", field="entries")
    if stage is not None and stage.event_id != event.pk:
        raise EntryError("the stage belongs to another event", field="stage")
    if round is not None and stage is not None and round.stage_id != stage.pk:
        raise EntryError("the round belongs to another stage", field="round")
    sides = list(entries) + [None] * (3 - len(entries))
    match = Match.objects.create(
        event=event, stage=stage if stage is not None else (round.stage if round else None), round=round,
        table=table, side_a=sides[0], side_b=sides[1], side_c=sides[2], is_bye=bye, format=format,
        format_n=n, flags=dict(flags or {}),
    )
    if bye:
        games_count = rules.max_games(format, n) if format != MatchFormat.FIRST_TO else 1
        games = Game.objects.bulk_create(
            Game(match=match, number=number, state=GameState.CONFIRMED, outcome=GameOutcome.BYE,
                 winner=sides[0], confirmed_at=match.created_at)
            for number in range(1, games_count + 1)
        )
        GameChange.objects.bulk_create(
            GameChange(game=game, action=GameChangeAction.BYE, actor=user if getattr(user, "pk", None) else None,
                       channel="director", after={"state": GameState.CONFIRMED, "outcome": GameOutcome.BYE})
            for game in games
        )
        match.status = MatchStatus.DECIDED
        match.winner = sides[0]
        match.decided_at = match.created_at
        match.save(update_fields=["status", "winner", "decided_at"])
    return match

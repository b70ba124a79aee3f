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
    MatchStatus,
    Round,
    RoundStatus,
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
        "event", "round", "side_a__player", "side_a__partner", "side_b__player", "side_b__partner",
        "side_c__player", "side_c__partner",
    ).prefetch_related(Prefetch("games", queryset=Game.objects.order_by("number")))


def match_list(*, event: Event, user: Any = None) -> QuerySet[Match]:
    """The event's matches; those of a draft round only for directors (players see a
    round once it is released)."""
    matches = match_queryset().filter(event=event).order_by("round__number", "table", "id")
    if not user_is_director(user):
        matches = matches.exclude(round__status=RoundStatus.DRAFT)
    return matches


def match_get(*, match_id: Any, user: Any = None) -> Match:
    try:
        match = match_queryset().get(pk=int(match_id))
    except (Match.DoesNotExist, TypeError, ValueError):
        raise NotFound(f"there is no match {match_id}", field="match") from None
    hidden = not match.event.is_public or (match.round is not None and match.round.status == RoundStatus.DRAFT)
    if hidden and not user_is_director(user):
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
    # A draft round's byes are stored confirmed but nobody may see the draft yet.
    games = Game.objects.filter(match__event=event, state=GameState.CONFIRMED).exclude(
        match__round__status=RoundStatus.DRAFT
    )
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


# -- rounds and brackets ------------------------------------------------------------------


def stage_by_id(*, stage_id: Any, user: Any = None) -> Stage:
    """A stage of an event this user may see (drafts are for directors only)."""
    try:
        stage = Stage.objects.select_related("event__rules").get(pk=int(stage_id))
    except (Stage.DoesNotExist, TypeError, ValueError):
        raise NotFound(f"there is no stage {stage_id}", field="stage") from None
    if not stage.event.is_public and not user_is_director(user):
        raise NotFound(f"there is no stage {stage_id}", field="stage")
    return stage


def round_list(*, stage: Stage, user: Any = None) -> QuerySet[Round]:
    """The stage's rounds; draft rounds only for directors (players see a round once released)."""
    rounds = Round.objects.filter(stage=stage).order_by("number")
    if not user_is_director(user):
        rounds = rounds.exclude(status=RoundStatus.DRAFT)
    return rounds


def round_get(*, round_id: Any, user: Any = None) -> Round:
    """A round this user may see, with its stage and event."""
    try:
        round_ = Round.objects.select_related("stage__event__rules").get(pk=int(round_id))
    except (Round.DoesNotExist, TypeError, ValueError):
        raise NotFound(f"there is no round {round_id}", field="round") from None
    director = user_is_director(user)
    if not director and (round_.status == RoundStatus.DRAFT or not round_.stage.event.is_public):
        raise NotFound(f"there is no round {round_id}", field="round")
    return round_


def round_matches(*, round: Round) -> list[Match]:
    """The round's matches by table (byes last), sides and games included: two queries."""
    matches = list(match_queryset().filter(round=round))
    return sorted(matches, key=lambda match: (match.table is None, match.table or 0, match.pk))


def bracket_matches(*, stage: Stage) -> list[Match]:
    """Every match of a bracket stage in drawing order, sides and games included: two queries."""
    return list(match_queryset().filter(stage=stage).order_by("bracket", "bracket_round", "bracket_slot"))


def bracket_champion(matches: list[Match]) -> Entry | None:
    """Who won the bracket, from its stored matches (None while it is being played).

    Single elimination: the winner of the main bracket's last match. Double
    elimination: the winner of the grand final reset, or of the first grand final
    when the winners' champion won it (or there is no reset).
    """
    finals = {match.bracket_round: match for match in matches if match.bracket == "final"}
    if finals:
        first, reset = finals.get(1), finals.get(2)
        if reset is not None and reset.winner_id is not None:
            return _winner_side(reset)
        if first is not None and first.winner_id is not None and (
            reset is None or first.winner_id == first.side_a_id
        ):
            return _winner_side(first)
        return None
    main = [match for match in matches if match.bracket in ("winners", "consolation")]
    last = next((match for match in main if match.winner_to_id is None and match.bracket_round), None)
    if last is None or last.status != MatchStatus.DECIDED:
        return None
    return _winner_side(last)


def _winner_side(match: Match) -> Entry | None:
    # The winner is one of the sides, already loaded with the match.
    return next((side for side in match.sides_or_tbd() if side is not None and side.pk == match.winner_id), None)


def entry_names(*, event: Event) -> dict[int, str]:
    """``{entry_id: name}`` for every entry of the event, in one query."""
    return {entry_id: name for entry_id, (name, _) in _names(event=event, stage=None).items()}


def schedule_data(*, stage: Stage) -> dict[str, Any]:
    """A round robin's whole schedule as JSON-ready data, with names (two queries)."""
    # Imported here because the services import this module.
    from tournaments.services.rounds import stage_schedule

    draws = stage_schedule(stage=stage)
    names = entry_names(event=stage.event)

    def side(entry: int | None) -> dict[str, Any] | None:
        return None if entry is None else {"entry": entry, "name": names.get(entry, f"#{entry}")}

    return {
        "stage": stage.pk,
        "rounds": [
            {"number": draw.number, "pairings": [
                {"table": pairing.table, "a": side(pairing.a), "b": side(pairing.b), "games": pairing.games,
                 "flags": list(pairing.flags)}
                for pairing in draw.pairings
            ]}
            for draw in draws
        ],
    }

"""Rounds of a round-based stage: generate a draft, swap seats, release it, close it.

``round_generate`` loads the stage's entries and history, asks a pure engine
(``tournaments.formats``: round robin, random draw or Swiss) for the next round and
saves it as a *draft* with its matches, table numbers and the engine's pairing flags
(``Match.flags["pairing"]``). The director reviews it, may ``round_swap`` two entries,
then ``round_release``s it: players see a round only once it is released. A round is
closed when every game is confirmed or forfeited (``round_close`` names the tables
still playing otherwise).

Round states: draft → released → closed. Generating again while the last round is
a draft replaces the draft (the random draw's seed is kept in the stage settings, so
the same history gives the same draw); a released round must be closed first.

Byes and sit-outs are bye matches whose games are confirmed at once and scored as the
rule set says (``RuleSet.bye_points``), as ``match_create`` does for a single bye.
Every write here takes a fixed number of queries whatever the size of the field.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from tournaments import selectors
from tournaments import stage_settings as settings_of
from tournaments.errors import EntryError, StateError
from tournaments.formats import pairing as flags
from tournaments.formats.errors import FormatError
from tournaments.formats.pairing import Pairing, RoundDraw
from tournaments.formats.random_draw import random_draw
from tournaments.formats.round_robin import rotation, round_robin
from tournaments.formats.swiss import swiss_round
from tournaments.formats.tables import assign_tables
from tournaments.models import (
    Channel,
    Entry,
    EntryStatus,
    EventStatus,
    Game,
    GameChange,
    GameChangeAction,
    GameOutcome,
    GameState,
    Match,
    MatchFormat,
    MatchStatus,
    Round,
    RoundStatus,
    Stage,
    StageKind,
    StageStatus,
    WebhookTopic,
)
from tournaments.services import webhooks

ROUND_KINDS = (StageKind.ROUND_ROBIN, StageKind.RANDOM_DRAW, StageKind.SWISS)
OPPONENT_WITHDRAWN = "opponent withdrawn"
SWAPPED = "swapped by the director"
REMATCH = "rematch"

# The round state machine: draft → released → closed.
ROUND_TRANSITIONS: dict[str, tuple[str, ...]] = {
    RoundStatus.DRAFT: (RoundStatus.RELEASED,),
    RoundStatus.RELEASED: (RoundStatus.CLOSED,),
    RoundStatus.CLOSED: (),
}


def lock_stage(stage: Stage | int) -> Stage:
    """The stage row, locked for this transaction, with its event and rule set."""
    stage_id = stage.pk if isinstance(stage, Stage) else stage
    try:
        return Stage.objects.select_for_update(of=("self",)).select_related("event__rules").get(pk=stage_id)
    except Stage.DoesNotExist:
        raise EntryError(f"there is no stage {stage_id}", field="stage") from None


def _lock_round(round: Round | int) -> Round:
    round_id = round.pk if isinstance(round, Round) else round
    try:
        return Round.objects.select_for_update(of=("self",)).select_related("stage__event").get(pk=round_id)
    except Round.DoesNotExist:
        raise EntryError(f"there is no round {round_id}", field="round") from None


def _history(stage: Stage, *, excluding: Round | None = None) -> tuple[list[tuple[int, int]], list[int]]:
    """Past meetings ``(a, b)`` and past byes / sit-outs of the stage: one query."""
    rows = Match.objects.filter(stage=stage)
    if excluding is not None:
        rows = rows.exclude(round=excluding)
    played: list[tuple[int, int]] = []
    byes: list[int] = []
    # No ordering: Match's default one joins event, round and stage for nothing here.
    for side_a, side_b, is_bye in rows.order_by().values_list("side_a_id", "side_b_id", "is_bye"):
        if is_bye or side_b is None:
            if side_a is not None:
                byes.append(side_a)
        elif side_a is not None:
            played.append((side_a, side_b))
    return played, byes


# -- generate ---------------------------------------------------------------------------


@transaction.atomic
def round_generate(*, stage: Stage | int, user: Any = None) -> Round:
    """Draw the stage's next round and save it as a draft (or draw the current draft again)."""
    stage = lock_stage(stage)
    event = stage.event
    if stage.kind not in ROUND_KINDS:
        raise StateError(
            f"{stage.name} is a {stage.get_kind_display().lower()} stage: its matches come from the bracket, "
            "not from rounds", field="stage",
        )
    if event.status == EventStatus.FINISHED:
        raise StateError(f"{event.name} is finished: no more rounds", field="event")
    if stage.status == StageStatus.FINISHED:
        raise StateError(f"{stage.name} is finished: no more rounds", field="stage")
    config = settings_of.round_settings(stage.kind, stage.settings)

    last = Round.objects.filter(stage=stage).order_by("-number").first()
    if last is not None and last.status == RoundStatus.RELEASED:
        raise StateError(
            f"round {last.number} of {stage.name} is still being played: close it before drawing the next",
            field="round",
        )
    redraw = last is not None and last.status == RoundStatus.DRAFT
    if redraw:
        round_ = last
        Match.objects.filter(round=round_).delete()  # drawn again from the same history
    else:
        number = (last.number if last is not None else 0) + 1
        if config.rounds is not None and number > config.rounds:
            raise StateError(f"{stage.name} has {config.rounds} rounds and every one has been drawn",
                             field="round")
        round_ = Round.objects.create(stage=stage, number=number)

    active = list(
        Entry.objects.filter(event=event).exclude(status=EntryStatus.WITHDRAWN)
        .order_by(F("seed").asc(nulls_last=True), "id").values_list("id", "club_id")
    )
    played, byes = _history(stage, excluding=round_)
    settings_changed: dict[str, Any] = {}
    if stage.kind == StageKind.ROUND_ROBIN:
        draw = _round_robin(config, [entry for entry, _ in active], round_.number, settings_changed)
    elif stage.kind == StageKind.RANDOM_DRAW:
        seed = config.seed
        # A new draw gets a new seed, so the director's "draw again" really draws again.
        if seed is None or redraw:
            seed = random.SystemRandom().randrange(2**31)
            settings_changed["seed"] = seed
        # One generator per round, so a round drawn again does not depend on how
        # many times the earlier ones were.
        rng = random.Random(seed * 1000 + round_.number)
        draw = random_draw([entry for entry, _ in active], number=round_.number, rng=rng, played=played,
                           sat_out=byes, fixed_tables=_present(config.fixed_tables, active))
    else:
        draw = _swiss(stage, config, active, round_.number, played, byes)

    _save_draw(stage, round_, draw, config.games_per_opponent, user=user)
    if settings_changed or stage.status == StageStatus.PENDING:
        stage.settings = {**stage.settings, **settings_changed}
        stage.status = StageStatus.RUNNING
        stage.save(update_fields=["settings", "status"])
    return round_


def _present(fixed: dict[int, int] | None, active: list[tuple[int, Any]]) -> dict[int, int] | None:
    """The fixed tables of the entries still playing (a withdrawn player frees the table)."""
    if not fixed:
        return None
    playing = {entry for entry, _ in active}
    return {entry: table for entry, table in fixed.items() if entry in playing}


def _schedule(config: settings_of.RoundSettings, order: list[int]) -> tuple[RoundDraw, ...]:
    """The stage's whole round robin (circle or fixed-seat rotation); one path for
    drawing a round and for printing the schedule, so both always agree."""
    try:
        if config.stationary is not None:
            return rotation(order, stationary=config.stationary, rounds=config.rounds,
                            games_per_opponent=config.games_per_opponent)
        return round_robin(order, rounds=config.rounds, games_per_opponent=config.games_per_opponent,
                           fixed_tables=config.fixed_tables)
    except FormatError as error:
        raise EntryError(str(error), field=f"settings.{error.field}" if error.field else "settings") from None


def stage_schedule(*, stage: Stage) -> tuple[RoundDraw, ...]:
    """A round robin's whole schedule up front, to print before the first card is cut.

    It follows the order ``round_generate`` stores with the first round (the
    entries in seed order until then), so the printed sheet and the drawn rounds agree.
    """
    if stage.kind != StageKind.ROUND_ROBIN:
        raise StateError(f"only a round robin has its whole schedule up front; {stage.name} is drawn "
                         "round by round", field="stage")
    config = settings_of.round_settings(stage.kind, stage.settings)
    order = config.order
    if order is None:
        order = list(
            Entry.objects.filter(event_id=stage.event_id).exclude(status=EntryStatus.WITHDRAWN)
            .order_by(F("seed").asc(nulls_last=True), "id").values_list("id", flat=True)
        )
    return _schedule(config, order)


def _round_robin(
    config: settings_of.RoundSettings, entries: list[int], number: int, settings_changed: dict[str, Any]
) -> RoundDraw:
    """Round ``number`` of the stage's circle; an entry who withdrew leaves a bye."""
    order = config.order
    if order is None:
        order = entries
        settings_changed["order"] = order
    schedule = _schedule(config, order)
    if number > len(schedule):
        raise StateError(f"the round robin of {len(order)} entries has {len(schedule)} rounds: all are drawn",
                         field="round")
    draw = schedule[number - 1]
    still = set(entries)
    if all(entry in still for entry in draw.entrants):
        return draw
    pairings: list[Pairing] = []
    for pairing in draw.pairings:
        present = [entry for entry in pairing.entrants if entry in still]
        if len(present) == len(pairing.entrants):
            pairings.append(replace(pairing, table=None))
        elif present:
            pairings.append(Pairing(a=present[0], b=None, flags=(flags.BYE, OPPONENT_WITHDRAWN)))
    fixed = {entry: table for entry, table in (config.fixed_tables or {}).items() if entry in still}
    return RoundDraw(number=number, pairings=assign_tables(pairings, fixed=fixed or None))


def _swiss(
    stage: Stage, config: settings_of.RoundSettings, active: list[tuple[int, int | None]], number: int,
    played: list[tuple[int, int]], byes: list[int],
) -> RoundDraw:
    """Pair from the stage's standings; entries without a game yet come last, in seed order."""
    clubs = dict(active)
    rows = selectors.event_standings(event=stage.event, stage=stage)
    standings = [(row["entry"], row["game_points"]) for row in rows if row["entry"] in clubs]
    ranked = {entry for entry, _ in standings}
    standings += [(entry, 0) for entry, _ in active if entry not in ranked]
    return swiss_round(
        standings, number=number, played=played, byes=byes,
        clubs={entry: str(club) if club else None for entry, club in clubs.items()},
        avoid_same_club=config.avoid_same_club, fixed_tables=_present(config.fixed_tables, active),
    )


def _save_draw(stage: Stage, round_: Round, draw: RoundDraw, games: int, *, user: Any) -> list[Match]:
    """The round's matches in four queries: matches, then the byes' games and audit rows."""
    now = timezone.now()
    matches = Match.objects.bulk_create(
        Match(
            event_id=stage.event_id, stage=stage, round=round_, table=pairing.table, side_a_id=pairing.a,
            side_b_id=pairing.b, is_bye=pairing.is_bye, format=MatchFormat.GAMES, format_n=games,
            flags={"pairing": list(pairing.flags)} if pairing.flags else {},
            status=MatchStatus.DECIDED if pairing.is_bye else MatchStatus.PENDING,
            winner_id=pairing.a if pairing.is_bye else None, decided_at=now if pairing.is_bye else None,
        )
        for pairing in draw.pairings
    )
    bye_games = Game.objects.bulk_create(
        Game(match=match, number=number, state=GameState.CONFIRMED, outcome=GameOutcome.BYE,
             winner_id=match.side_a_id, confirmed_at=now)
        for match in matches if match.is_bye for number in range(1, games + 1)
    )
    actor = user if getattr(user, "pk", None) else None
    GameChange.objects.bulk_create(
        GameChange(game=game, action=GameChangeAction.BYE, actor=actor, channel=Channel.DIRECTOR,
                   after={"state": GameState.CONFIRMED, "outcome": GameOutcome.BYE})
        for game in bye_games
    )
    return matches


# -- the director's review ------------------------------------------------------------


def _entry(entry: Entry | int, field: str) -> Entry:
    entry_id = entry.pk if isinstance(entry, Entry) else entry
    found = Entry.objects.select_related("player", "partner").filter(pk=entry_id).first()
    if found is None:
        raise EntryError(f"there is no entry {entry_id}", field=field)
    return found


@transaction.atomic
def round_swap(*, round: Round | int, entry: Entry | int, other: Entry | int) -> Round:
    """Exchange the seats of two entries in a draft round (their opponents, tables or byes)."""
    round_ = _lock_round(round)
    if round_.status != RoundStatus.DRAFT:
        raise StateError(f"round {round_.number} is {round_.status}: only a draft round can be changed",
                         field="round")
    first, second = _entry(entry, "entry"), _entry(other, "other")
    if first.pk == second.pk:
        raise EntryError("a swap needs two different entries", field="other")
    matches = list(Match.objects.select_for_update().filter(round=round_))

    def seat(who: Entry, field: str) -> tuple[Match, str]:
        for match in matches:
            letter = match.letter_of(who.pk)
            if letter is not None:
                return match, letter
        raise EntryError(f"{who.name} is not in round {round_.number}", field=field)

    match_one, letter_one = seat(first, "entry")
    match_two, letter_two = seat(second, "other")
    if match_one.pk == match_two.pk:
        where = "have a bye together" if match_one.is_bye else f"already play each other at table {match_one.table}"
        raise EntryError(f"{first.name} and {second.name} {where}", field="other")
    setattr(match_one, f"side_{letter_one}_id", second.pk)
    setattr(match_two, f"side_{letter_two}_id", first.pk)

    played, _ = _history(round_.stage, excluding=round_)
    met = {frozenset(pair) for pair in played}
    for match in (match_one, match_two):
        notes = [note for note in match.flags.get("pairing", []) if note not in (SWAPPED, REMATCH)]
        notes.append(SWAPPED)
        if not match.is_bye and frozenset(match.side_ids) in met:
            notes.append(REMATCH)  # the director's call, but it should be visible
        match.flags = {**match.flags, "pairing": notes}
        if match.is_bye:
            match.winner_id = match.side_a_id
            Game.objects.filter(match=match).update(winner_id=match.side_a_id)
    Match.objects.bulk_update([match_one, match_two], ["side_a", "side_b", "winner", "flags"])
    return round_


def _transition(round_: Round, to: str) -> None:
    if to not in ROUND_TRANSITIONS[round_.status]:
        advice = {
            (RoundStatus.DRAFT, RoundStatus.CLOSED): "release it first",
            (RoundStatus.CLOSED, RoundStatus.RELEASED): "it is already closed",
            (RoundStatus.RELEASED, RoundStatus.RELEASED): "it is already released",
        }.get((round_.status, to), "that is not a step a round takes")
        raise StateError(f"round {round_.number} is {round_.status} and cannot become {to}: {advice}",
                         field="round")


@transaction.atomic
def round_release(*, round: Round | int) -> Round:
    """Publish a draft round: players see their table and opponent from now on."""
    round_ = _lock_round(round)
    _transition(round_, RoundStatus.RELEASED)
    round_.status = RoundStatus.RELEASED
    round_.released_at = timezone.now()
    round_.save(update_fields=["status", "released_at"])
    return round_


@transaction.atomic
def round_close(*, round: Round | int) -> Round:
    """Close a released round once every game is confirmed or forfeited (closing twice is harmless)."""
    round_ = _lock_round(round)
    if round_.status == RoundStatus.CLOSED:
        return round_
    _transition(round_, RoundStatus.CLOSED)
    playing = list(
        Match.objects.filter(round=round_).exclude(status=MatchStatus.DECIDED).order_by("table", "id")
        .values_list("table", flat=True)
    )
    if playing:
        tables = ", ".join(str(table) if table is not None else "?" for table in playing)
        label = "table" if len(playing) == 1 else "tables"
        verb = "is" if len(playing) == 1 else "are"
        raise StateError(
            f"{label} {tables} {verb} still playing: every game must be confirmed or forfeited "
            f"before round {round_.number} closes", field="round",
        )
    round_.status = RoundStatus.CLOSED
    round_.save(update_fields=["status"])
    webhooks.webhooks_emit(
        event=round_.stage.event, topic=WebhookTopic.ROUND_CLOSED, key=f"round:{round_.pk}",
        data={"stage": round_.stage_id, "round": round_.number},
    )
    return round_

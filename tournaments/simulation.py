"""A simulated event: random but valid results, played through the same services as a real one.

``simulate_event`` creates an event and its stages, then for each round generates it
(``round_generate``), releases it, has BOTH sides report every game from their phones
(``game_report``, so confirmations, match decisions and bracket advancement follow
the real path) and closes it; an ACC event then makes the cut, starts the playoff and
consolation brackets and plays them to a champion. Used by ``manage.py
simulate_event``, the end-to-end tests and benchmarks.

Formats:

- ``acc``: qualifying round robin of 8 rounds x 2 games per opponent, the cut (one in
  four), single elimination best of 3, and a single-elimination consolation for the rest.
- ``clubnight``: a Grass Roots club night, random draw of 9 rounds x 1 game.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from tournaments import selectors
from tournaments.errors import CutTieError, EntryError
from tournaments.models import (
    Channel,
    Entry,
    Event,
    EventKind,
    EventStatus,
    Match,
    MatchStatus,
    Player,
    Stage,
    StageKind,
    StageStatus,
)
from tournaments.services import brackets, events, results, rounds

FORMATS = ("acc", "clubnight")


@dataclass
class SimulationResult:
    event: Event
    champion: Entry | None
    consolation_winner: Entry | None
    standings: list[dict[str, Any]]
    games: int
    seconds: float
    timings: dict[str, float] = field(default_factory=dict)


def loser_total(rng: random.Random) -> int:
    """A losing total: mostly 91-120, sometimes a skunk (61-90), rarely a double skunk."""
    roll = rng.random()
    if roll < 0.03:
        return rng.randint(40, 60)
    if roll < 0.15:
        return rng.randint(61, 90)
    return rng.randint(91, 120)


def play_match(match: Match, rng: random.Random, target: int = 121) -> int:
    """Play a two-sided match to its end, each game reported by both sides. Returns the games played."""
    a, b = match.side_a_id, match.side_b_id
    played = 0
    for number in range(1, match.format_n + 1):
        a_wins = rng.random() < 0.5
        loser = loser_total(rng)
        totals = {str(a): target, str(b): loser} if a_wins else {str(a): loser, str(b): target}
        for reporter in (a, b):
            report = results.game_report(match=match.pk, number=number, totals=totals, reporter=reporter,
                                         key=f"sim-{match.pk}-{number}-{reporter}", channel=Channel.PLAYER)
        played += 1
        if report.game.match.status == MatchStatus.DECIDED:
            break
    return played


def _add_entries(event: Event, players: int, seed: int) -> list[Entry]:
    # Players get distinct names per run so a simulation never borrows another's entries.
    people = Player.objects.bulk_create(
        Player(name=f"Sim {seed}-{event.pk}-{number:03d}") for number in range(1, players + 1)
    )
    return [events.entry_add(event=event, player=person)[0] for person in people]


def _play_rounds(stage: Stage, rng: random.Random) -> int:
    """Every round of the stage: generate, release, both sides report each game, close."""
    games = 0
    for _ in range(stage.settings["rounds"]):
        # One transaction per round: a round is all or nothing, and SQLite commits once.
        with transaction.atomic():
            round_ = rounds.round_generate(stage=stage)
            rounds.round_release(round=round_)
            for match in Match.objects.filter(round=round_, is_bye=False).order_by("table"):
                games += play_match(match, rng)
            rounds.round_close(round=round_)
    return games


def _play_brackets(event: Event, rng: random.Random) -> int:
    games = 0
    while True:
        ready = list(
            Match.objects.filter(event=event, stage__kind__in=brackets.BRACKET_KINDS, is_bye=False,
                                 side_a__isnull=False, side_b__isnull=False)
            .exclude(status=MatchStatus.DECIDED).order_by("stage__order", "bracket_round", "bracket", "bracket_slot")
        )
        if not ready:
            return games
        with transaction.atomic():
            for match in ready:
                games += play_match(match, rng)


def simulate_event(*, players: int, format: str = "acc", seed: int = 1, name: str = "") -> SimulationResult:
    """Create and play a whole event; see the module docstring for the formats."""
    if format not in FORMATS:
        raise EntryError(f"unknown format {format!r}: one of {', '.join(FORMATS)}", field="format")
    if players < 4:
        raise EntryError("a simulated event needs at least 4 players", field="players")
    rng = random.Random(seed)
    started = time.perf_counter()
    timings: dict[str, float] = {}
    with transaction.atomic():
        event = events.event_create(
            name=name or f"Simulated {format} event, {players} players (seed {seed})",
            kind=EventKind.TOURNAMENT if format == "acc" else EventKind.CLUB_NIGHT, status=EventStatus.OPEN,
        )
        _add_entries(event, players, seed)
        if format == "acc":
            qualifying = events.stage_create(
                event=event, name="Qualifying", kind=StageKind.ROUND_ROBIN,
                settings={"rounds": min(8, players - 1 if players % 2 == 0 else players), "games_per_opponent": 2},
            )
            events.stage_create(event=event, name="Playoffs", kind=StageKind.SINGLE_ELIMINATION,
                                settings={"best_of": 3})
            events.stage_create(event=event, name="Consolation", kind=StageKind.SINGLE_ELIMINATION,
                                settings={"best_of": 3})
        else:
            qualifying = events.stage_create(
                event=event, name="Club night", kind=StageKind.RANDOM_DRAW,
                settings={"rounds": min(9, players - 1), "games_per_opponent": 1, "seed": seed},
            )
    timings["setup"] = time.perf_counter() - started
    games = _play_rounds(qualifying, rng)
    timings["qualifying"] = time.perf_counter() - started - timings["setup"]

    champion = consolation_winner = None
    if format == "acc":
        mark = time.perf_counter()
        try:
            playoffs = brackets.event_cut(event=event)
        except CutTieError as tie:  # players level on everything at the line: a quick playoff
            playoff = list(tie.tied)
            rng.shuffle(playoff)
            playoffs = brackets.event_cut(event=event, tie_order=playoff)
        brackets.playoffs_start(event=event)
        games += _play_brackets(event, rng)
        timings["playoffs"] = time.perf_counter() - mark
        champion = selectors.bracket_champion(selectors.bracket_matches(stage=playoffs))
        consolation = Stage.objects.filter(event=event, order=playoffs.order + 1).first()
        if consolation is not None and consolation.status == StageStatus.FINISHED:
            consolation_winner = selectors.bracket_champion(selectors.bracket_matches(stage=consolation))
        standings = selectors.event_standings(event=event, stage=qualifying)
    else:
        standings = selectors.event_standings(event=event, stage=qualifying)
        champion = Entry.objects.select_related("player").get(pk=standings[0]["entry"])
    return SimulationResult(
        event=event, champion=champion, consolation_winner=consolation_winner, standings=standings,
        games=games, seconds=time.perf_counter() - started, timings=timings,
    )

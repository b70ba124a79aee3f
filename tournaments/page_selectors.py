"""Reads for the server-rendered pages (player link, public event pages, director dashboard).

Each returns plain values shaped for one page, loaded in a fixed number of queries
whatever the size of the event.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch, Q, QuerySet

from tournaments.errors import NotFound
from tournaments.models import (
    Entry,
    Event,
    EventStatus,
    Game,
    GameState,
    HandClaim,
    Match,
    MatchStatus,
    Report,
    Round,
    RoundStatus,
    Stage,
)
from tournaments.selectors import bracket_champion, bracket_matches
from tournaments.services.brackets import BRACKET_KINDS
from tournaments.services.rounds import ROUND_KINDS


@dataclass(frozen=True)
class GameLine:
    """One game of a match as its player sees it."""

    id: int
    number: int
    state: str
    totals: dict[int, int | None]            # entry id -> peg total (confirmed or reported)
    winner_id: int | None
    my_report: dict[int, int] | None          # what this player reported, if anything
    their_report: dict[int, int] | None       # the opponent's latest report
    waiting_for_me: bool                      # the opponent reported; I have not
    cells: tuple[int | None, ...] = ()        # totals in the match's side order, for tables
    their_named: tuple[tuple[str, int | None], ...] = ()  # the opponent's report: (side, total)


@dataclass(frozen=True)
class PlayerMatch:
    match: Match
    opponents: list[Entry]
    sides: list[Entry]
    games: list[GameLine]
    next_game: int | None                     # the game number this player reports next
    max_games: int
    wins: dict[int, int] = field(default_factory=dict)

    @property
    def decided(self) -> bool:
        return self.match.status == MatchStatus.DECIDED


def player_entry(*, token: str) -> Entry:
    """The entry behind a personal link; 404 for an unknown token or a draft event."""
    try:
        entry = Entry.objects.select_related("event__rules", "player", "partner").get(token=token)
    except Entry.DoesNotExist:
        raise NotFound("this link is not valid: ask the director for yours") from None
    if entry.event.status == EventStatus.DRAFT:
        raise NotFound("this event is not open yet")
    return entry


def _entry_matches(entry: Entry) -> QuerySet[Match]:
    # Players see a round only once the director has released it.
    visible_round = Q(round__isnull=True) | Q(round__status__in=[RoundStatus.RELEASED, RoundStatus.CLOSED])
    live_reports = Report.objects.filter(superseded=False).order_by("id")
    return (
        Match.objects.filter(Q(side_a=entry) | Q(side_b=entry) | Q(side_c=entry), event=entry.event)
        .filter(visible_round)
        .exclude(is_bye=True)
        .select_related("round", "stage", "side_a__player", "side_a__partner", "side_b__player",
                        "side_b__partner", "side_c__player", "side_c__partner", "winner__player")
        .prefetch_related(
            Prefetch("games", queryset=Game.objects.order_by("number").prefetch_related(
                Prefetch("reports", queryset=live_reports, to_attr="live_reports")))
        )
        .order_by("round__stage__order", "round__number", "id")
    )


def _game_line(game: Game, match: Match, entry_id: int, sides: list[Entry]) -> GameLine:
    mine = theirs = None
    for report in game.live_reports:
        totals = {int(key): value for key, value in report.totals.items()}
        if report.reporter_id == entry_id:
            mine = totals
        elif report.reporter_id is not None:
            theirs = totals
    if game.state == GameState.CONFIRMED:
        totals = {side: total for side, total in zip(
            (match.side_a_id, match.side_b_id, match.side_c_id),
            (game.total_a, game.total_b, game.total_c), strict=True) if side is not None}
    else:
        totals = theirs or mine or {}
    return GameLine(
        id=game.pk, number=game.number, state=game.state, totals=totals, winner_id=game.winner_id,
        my_report=mine, their_report=theirs,
        waiting_for_me=game.state == GameState.REPORTED and theirs is not None and mine is None,
        cells=tuple(totals.get(side.pk) for side in sides),
        their_named=tuple((side.name, (theirs or {}).get(side.pk)) for side in sides),
    )


def player_matches(*, entry: Entry) -> list[PlayerMatch]:
    """The player's matches, earliest first: sides, games and the next game to report."""
    rules = entry.event.rules.to_rules()
    result = []
    for match in _entry_matches(entry):
        sides = [side for side in match.sides_or_tbd() if side is not None]
        games = [_game_line(game, match, entry.pk, sides) for game in match.games.all()]
        max_games = rules.max_games(match.format, match.format_n)
        next_game = None
        if match.status != MatchStatus.DECIDED and len(sides) == len(match.sides_or_tbd()):
            # The first game this player has not reported and that is not settled.
            settled = {g.number for g in games if g.state in (GameState.CONFIRMED, GameState.DISPUTED)}
            reported = {g.number for g in games if g.my_report is not None}
            next_game = next((n for n in range(1, max_games + 1) if n not in settled | reported), None)
        wins: dict[int, int] = {side.pk: 0 for side in sides}
        for game in games:
            if game.state == GameState.CONFIRMED and game.winner_id in wins:
                wins[game.winner_id] += 1
        result.append(PlayerMatch(
            match=match, sides=sides, opponents=[s for s in sides if s.pk != entry.pk], games=games,
            next_game=next_game, max_games=max_games, wins=wins,
        ))
    return result


def player_claims(*, entry: Entry) -> QuerySet[HandClaim]:
    """The hands this player has claimed in the event, newest first."""
    return HandClaim.objects.filter(entry=entry).order_by("-id")[:20]


def current_match(matches: list[PlayerMatch]) -> PlayerMatch | None:
    """The match the player should be at the table for: the first one not decided."""
    return next((m for m in matches if not m.decided), None)


def public_event(*, event_id: Any) -> Event:
    try:
        event = Event.objects.select_related("rules").get(pk=int(event_id))
    except (Event.DoesNotExist, TypeError, ValueError):
        raise NotFound(f"there is no event {event_id}") from None
    if not event.is_public:
        raise NotFound(f"there is no event {event_id}")
    return event


def public_stage(*, stage_id: Any) -> Stage:
    try:
        stage = Stage.objects.select_related("event__rules").get(pk=int(stage_id))
    except (Stage.DoesNotExist, TypeError, ValueError):
        raise NotFound(f"there is no stage {stage_id}") from None
    if not stage.event.is_public:
        raise NotFound(f"there is no stage {stage_id}")
    return stage


def public_events() -> QuerySet[Event]:
    return Event.objects.exclude(status=EventStatus.DRAFT).order_by("-starts_on", "-id")


@dataclass(frozen=True)
class RoundTables:
    """A released round's matches by table, for the public event page."""

    stage_name: str
    number: int
    status: str
    matches: list[Match]


def event_round_tables(*, event: Event) -> list[RoundTables]:
    """The latest released (or closed) round of each stage, its matches by table: two queries."""
    matches = list(
        Match.objects.filter(event=event, round__status__in=[RoundStatus.RELEASED, RoundStatus.CLOSED])
        .select_related("round__stage", "side_a__player", "side_a__partner", "side_b__player",
                        "side_b__partner", "side_c__player", "side_c__partner")
        .order_by("round__stage__order", "-round__number", "table", "id")
    )
    latest: dict[int, int] = {}
    for match in matches:
        latest.setdefault(match.round.stage_id, match.round.number)
    by_round: dict[tuple[int, int], RoundTables] = {}
    for match in matches:
        stage = match.round.stage
        if match.round.number != latest[stage.pk]:
            continue
        key = (stage.pk, match.round.number)
        if key not in by_round:
            by_round[key] = RoundTables(stage.name, match.round.number, match.round.status, [])
        by_round[key].matches.append(match)
    return list(by_round.values())


@dataclass(frozen=True)
class BracketSide:
    status: str            # "entry", "tbd" (waiting for a winner) or "bye"
    name: str = ""
    seed: int | None = None
    won: bool = False


@dataclass(frozen=True)
class BracketBox:
    match_id: int
    slot: int
    a: BracketSide
    b: BracketSide
    decided: bool
    table: int | None


@dataclass(frozen=True)
class BracketColumn:
    bracket: str
    number: int
    title: str
    boxes: list[BracketBox]


def _bracket_side(match: Match, entry: Entry | None, seed: int | None) -> BracketSide:
    if entry is None:
        return BracketSide("bye" if match.is_bye else "tbd", seed=seed)
    return BracketSide("entry", entry.name, seed, won=match.winner_id == entry.pk)


def _round_title(bracket: str, number: int, rounds_in_bracket: int) -> str:
    if bracket in ("final", "third"):
        return {"final": "Grand final", "third": "Third place"}[bracket] + (" (reset)" if number > 1 else "")
    left = rounds_in_bracket - number
    prefix = {"losers": "Losers ", "consolation": "Consolation "}.get(bracket, "")
    if bracket in ("winners", "consolation", ""):
        named = {0: "Final", 1: "Semi-finals", 2: "Quarter-finals"}
        if left in named:
            return prefix + named[left]
    return f"{prefix}Round {number}"


def stage_bracket(*, stage_id: Any) -> tuple[Stage, list[BracketColumn], Entry | None]:
    """A knock-out stage's matches as columns of boxes, and its champion once decided."""
    stage = public_stage(stage_id=stage_id)
    matches = [match for match in bracket_matches(stage=stage) if match.bracket]
    order = {"winners": 0, "consolation": 0, "losers": 1, "final": 2, "third": 3}
    grouped: dict[tuple[str, int], list[Match]] = {}
    for match in matches:
        grouped.setdefault((match.bracket, match.bracket_round or 1), []).append(match)
    rounds_in: dict[str, int] = {}
    for bracket, number in grouped:
        rounds_in[bracket] = max(rounds_in.get(bracket, 0), number)
    columns = []
    for (bracket, number), items in sorted(grouped.items(), key=lambda kv: (order.get(kv[0][0], 9), kv[0][1])):
        boxes = [
            BracketBox(m.pk, m.bracket_slot or 0, _bracket_side(m, m.side_a, m.seed_a),
                       _bracket_side(m, m.side_b, m.seed_b), m.status == MatchStatus.DECIDED, m.table)
            for m in items
        ]
        columns.append(BracketColumn(bracket, number, _round_title(bracket, number, rounds_in[bracket]), boxes))
    return stage, columns, bracket_champion(matches)


@dataclass(frozen=True)
class DisputeView:
    game: Game
    match: Match
    sides: list[Entry]
    reports: list[tuple[str, tuple[int | None, ...]]]   # (reporter name, totals in side order)


@dataclass(frozen=True)
class DashboardView:
    playing: list[Match]          # released (or hand-made) matches not decided yet, by table
    disputes: list[DisputeView]
    waiting_confirmation: int     # games one side reported and the other has not confirmed
    decided: int
    total: int
    claims: list[Any] = field(default_factory=list)  # the latest hand claims, side pots first


def director_dashboard(*, event: Event) -> DashboardView:
    """What the front desk needs to see now, in a fixed number of queries."""
    visible = Q(round__isnull=True) | Q(round__status__in=[RoundStatus.RELEASED, RoundStatus.CLOSED])
    matches = list(
        Match.objects.filter(visible, event=event)
        .select_related("round__stage", "side_a__player", "side_a__partner", "side_b__player",
                        "side_b__partner", "side_c__player", "side_c__partner")
        .prefetch_related(Prefetch("games", queryset=Game.objects.order_by("number").prefetch_related(
            Prefetch("reports", queryset=Report.objects.filter(superseded=False).select_related(
                "reporter__player").order_by("id"), to_attr="live_reports"))))
        .order_by("table", "id")
    )
    playing = [m for m in matches if m.status != MatchStatus.DECIDED and not m.is_bye]
    disputes = []
    waiting = 0
    for match in matches:
        sides = [side for side in match.sides_or_tbd() if side is not None]
        for game in match.games.all():
            if game.state == GameState.REPORTED:
                waiting += 1
            if game.state != GameState.DISPUTED:
                continue
            reports = [
                (report.reporter.name if report.reporter else "Director",
                 tuple(report.totals.get(str(side.pk)) for side in sides))
                for report in game.live_reports
            ]
            disputes.append(DisputeView(game, match, sides, reports))
    decided = sum(1 for m in matches if m.status == MatchStatus.DECIDED)
    claims = list(HandClaim.objects.filter(event=event).select_related("entry__player", "entry__partner")
                  .order_by("-id")[:20])
    return DashboardView(playing, disputes, waiting, decided, len(matches), claims)


def director_events() -> QuerySet[Event]:
    return Event.objects.exclude(status=EventStatus.FINISHED).order_by("-starts_on", "-id")


def director_event(*, event_id: Any) -> Event:
    try:
        return Event.objects.select_related("rules").get(pk=int(event_id))
    except (Event.DoesNotExist, TypeError, ValueError):
        raise NotFound(f"there is no event {event_id}") from None


@dataclass(frozen=True)
class NextAction:
    """One button on the dashboard: what it does, and the target it names."""

    action: str          # generate | release | close | cut | playoffs
    label: str
    target: int          # a stage, round or event id
    primary: bool = False


@dataclass(frozen=True)
class DraftRound:
    round: Any
    matches: list[Match]


def director_next_actions(*, event: Event) -> tuple[list[NextAction], list[DraftRound]]:
    """The actions that fit the event's stages now, and any draft round awaiting review.

    Only suggestions: each service still checks its own preconditions and says no
    with a reason (a round with tables still playing will not close).
    """
    stages = list(Stage.objects.filter(event=event).order_by("order"))
    latest: dict[int, Round] = {}
    for round_ in Round.objects.filter(stage__event=event).order_by("stage_id", "number"):
        latest[round_.stage_id] = round_
    actions: list[NextAction] = []
    draft_rounds: list[Round] = []
    for stage in stages:
        if stage.kind not in ROUND_KINDS:
            continue
        last = latest.get(stage.pk)
        if last is None or last.status == RoundStatus.CLOSED:
            number = 1 if last is None else last.number + 1
            actions.append(NextAction("generate", f"{stage.name}: draw round {number}", stage.pk, True))
        elif last.status == RoundStatus.DRAFT:
            actions.append(NextAction("release", f"{stage.name}: release round {last.number}", last.pk, True))
            actions.append(NextAction("generate", f"{stage.name}: draw round {last.number} again", stage.pk))
            draft_rounds.append(last)
        else:
            actions.append(NextAction("close", f"{stage.name}: close round {last.number}", last.pk, True))
    bracket_started = Match.objects.filter(event=event).exclude(bracket="").exists()
    if any(stage.kind in ROUND_KINDS for stage in stages) and not bracket_started:
        actions.append(NextAction("cut", "Make the cut (one in four)", event.pk))
    if any(stage.kind in BRACKET_KINDS for stage in stages) and not bracket_started:
        actions.append(NextAction("playoffs", "Start the playoffs", event.pk))
    by_round: dict[int, list[Match]] = {round_.pk: [] for round_ in draft_rounds}
    if draft_rounds:
        for match in (Match.objects.filter(round_id__in=by_round)
                      .select_related("side_a__player", "side_a__partner", "side_b__player",
                                      "side_b__partner", "side_c__player", "side_c__partner")
                      .order_by("is_bye", "table", "id")):
            by_round[match.round_id].append(match)
    return actions, [DraftRound(round_, by_round[round_.pk]) for round_ in draft_rounds]

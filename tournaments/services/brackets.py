"""Playoffs: the cut, storing a bracket, and advancing winners through it.

Stages hand over in order: the qualifying stage (order 1, rounds) gives its best
entrants to the playoffs (order 2, a bracket) and the rest, when the event has a
consolation, to the consolation bracket (order 3). ``event_cut`` writes each bracket
stage's ``seeds``; ``bracket_create`` (one stage) or ``playoffs_start`` (every bracket
stage waiting) stores the bracket.

A stored bracket is one ``Match`` per ``formats.brackets.BracketMatch``, with its
place (``bracket``, ``bracket_round``, ``bracket_slot``), seeds and explicit links
(``winner_to`` + side, ``loser_to`` + side). The engine is deterministic, so the
bracket as it stands is always ``advance(<rebuilt from the stage settings>,
<stored winners>)``: ``bracket_advance`` replays it after each decided match and
writes the sides that changed, which puts the winner (and, in double elimination
or with a third-place match, the loser) into the linked matches, decides byes at
once and marks a grand-final reset that is not needed. A bracket match is decided
by the results services, which call ``bracket_advance`` themselves.

A correction that changes who won a bracket match would undo the later matches
that followed from it: ``bracket_reset_preview`` lists them, and ``bracket_advance``
refuses (``StateError``, naming them) unless the director confirmed the reset, in
which case their games are deleted and they wait for their new sides.
"""
from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments import selectors
from tournaments import stage_settings as settings_of
from tournaments.errors import CutTieError, EntryError, StateError
from tournaments.formats import brackets as engine
from tournaments.formats import cut as cut_engine
from tournaments.formats.errors import FormatError
from tournaments.models import (
    Entry,
    EntryStatus,
    Event,
    EventStatus,
    Game,
    GameChange,
    GameChangeAction,
    Match,
    MatchFormat,
    MatchStatus,
    Report,
    Round,
    RoundStatus,
    Stage,
    StageKind,
    StageStatus,
    WebhookTopic,
)
from tournaments.services import webhooks
from tournaments.services.rounds import ROUND_KINDS, lock_stage

BRACKET_KINDS = (StageKind.SINGLE_ELIMINATION, StageKind.DOUBLE_ELIMINATION)
BRACKET_LABELS = {
    engine.WINNERS: "", engine.LOSERS: "losers ", engine.FINAL: "grand final ", engine.THIRD: "third-place ",
    engine.CONSOLATION: "",
}


def match_label(match: Match) -> str:
    """How a person names a bracket match: "round 2 match 3 (Ann v Bob)"."""
    names = " v ".join(side.name if side is not None else "TBD" for side in (match.side_a, match.side_b))
    if match.bracket == engine.FINAL:
        place = "grand final" if match.bracket_round == 1 else "grand final reset"
    elif match.bracket == engine.THIRD:
        place = "third-place match"
    else:
        place = f"{BRACKET_LABELS.get(match.bracket, '')}round {match.bracket_round} match {match.bracket_slot}"
    return f"{place} ({names})"


# -- the cut ----------------------------------------------------------------------------


@transaction.atomic
def event_cut(
    *, event: Event | int, qualifiers: int | None = None, tie_order: Sequence[int] | None = None,
) -> Stage:
    """Cut the qualifying field (ACC rule 13: one in four, rounded up, unless overridden).

    When the cut line falls inside a group level on every tie-breaker (the standings'
    "playoff needed"), the cut is refused with a ``CutTieError`` naming them, until
    ``tie_order`` gives the playoff's result (those entries, best first) or another
    number of qualifiers leaves the group whole.

    The qualifiers, in qualifying order, become the seeds of the playoff stage (order 2,
    created as single elimination best of 3 when missing); the rest the seeds of the
    consolation stage (order 3) when there is one or the qualifying stage's settings
    ask for one. The qualifying stage is finished. Cutting again before the playoffs
    start replaces the seeds. Returns the playoff stage.
    """
    event_id = event.pk if isinstance(event, Event) else event
    event = Event.objects.select_for_update().get(pk=event_id)
    if event.status == EventStatus.FINISHED:
        raise StateError(f"{event.name} is finished: the cut cannot change", field="event")
    stages = list(Stage.objects.select_for_update().filter(event=event).order_by("order"))
    qualifying = next((stage for stage in stages if stage.kind in ROUND_KINDS), None)
    if qualifying is None:
        raise StateError(f"{event.name} has no qualifying stage of rounds to cut from", field="stage")
    rounds = list(Round.objects.filter(stage=qualifying).values_list("number", "status"))
    if not rounds:
        raise StateError(f"no round of {qualifying.name} has been played: there is nothing to cut",
                         field="stage")
    open_rounds = [str(number) for number, status in rounds if status != RoundStatus.CLOSED]
    if open_rounds:
        label = "round" if len(open_rounds) == 1 else "rounds"
        raise StateError(f"{label} {', '.join(open_rounds)} of {qualifying.name} not closed: close every "
                         "qualifying round before the cut", field="stage")
    later = {stage.order: stage for stage in stages if stage.order > qualifying.order}
    playoffs = later.get(qualifying.order + 1)
    consolation = later.get(qualifying.order + 2)
    for stage in (playoffs, consolation):
        if stage is None:
            continue
        if stage.kind not in BRACKET_KINDS:
            raise StateError(f"{stage.name} is not a bracket stage: the cut fills brackets", field="stage")
        if Match.objects.filter(stage=stage).exists():
            raise StateError(f"{stage.name} has started: the cut can no longer change", field="stage")

    rows = selectors.event_standings(event=event, stage=qualifying)
    withdrawn = set(Entry.objects.filter(event=event, status=EntryStatus.WITHDRAWN).values_list("id", flat=True))
    rows = _apply_tie_order([row for row in rows if row["entry"] not in withdrawn], tie_order)
    ranked = [row["entry"] for row in rows]
    override = qualifiers if qualifiers is not None else settings_of.cut_override(qualifying.settings)
    try:
        chosen, rest = cut_engine.cut(ranked, override)
    except FormatError as error:
        raise EntryError(str(error), field="qualifiers") from None
    _check_cut_line(rows, len(chosen), tie_order or ())

    if playoffs is None:
        playoffs = Stage.objects.create(event=event, order=qualifying.order + 1, name="Playoffs",
                                        kind=StageKind.SINGLE_ELIMINATION, settings={"best_of": 3})
    config = settings_of.bracket_settings(playoffs.settings)
    playoffs.settings = {**playoffs.settings, "seeds": list(chosen), "consolation": False}
    playoffs.save(update_fields=["settings"])
    if consolation is None and settings_of.wants_consolation(qualifying.settings):
        consolation = Stage.objects.create(
            event=event, order=qualifying.order + 2, name="Consolation", kind=StageKind.SINGLE_ELIMINATION,
            settings={"best_of": config.best_of},
        )
    if consolation is not None:
        if len(rest) < 2:
            raise EntryError(f"a consolation needs at least two entrants who missed the cut, not {len(rest)}",
                             field="qualifiers")
        settings_of.bracket_settings(consolation.settings)
        consolation.settings = {**consolation.settings, "seeds": list(rest), "consolation": True}
        consolation.save(update_fields=["settings"])
    if qualifying.status != StageStatus.FINISHED:
        qualifying.status = StageStatus.FINISHED
        qualifying.save(update_fields=["status"])
    return playoffs


def _apply_tie_order(rows: list[dict[str, Any]], tie_order: Sequence[int] | None) -> list[dict[str, Any]]:
    """The standings with each listed entry moved, within its tied group, to the playoff's order."""
    if not tie_order:
        return rows
    known = {row["entry"] for row in rows}
    if any(isinstance(entry, bool) or not isinstance(entry, int) for entry in tie_order):
        raise EntryError("tie_order lists entry ids, best first", field="tie_order")
    unknown = [entry for entry in tie_order if entry not in known]
    if unknown:
        raise EntryError(f"entry {unknown[0]} is not in the qualifying standings", field="tie_order")
    place = {entry: index for index, entry in enumerate(tie_order)}
    by_rank: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        by_rank.setdefault(row["rank"], []).append(row)
    ordered: list[dict[str, Any]] = []
    for rank in sorted(by_rank):
        group = by_rank[rank]
        # A stable sort: the entries the playoff ranked first, the others after, as they were.
        ordered.extend(sorted(group, key=lambda row: place.get(row["entry"], len(place))))
    return ordered


def _check_cut_line(rows: list[dict[str, Any]], count: int, tie_order: Sequence[int]) -> None:
    """Refuse a cut between entrants level on every tie-breaker unless a playoff ordered them."""
    if count >= len(rows) or count == 0:
        return
    last_in, first_out = rows[count - 1], rows[count]
    if last_in["rank"] != first_out["rank"] or not last_in.get("tie"):
        return
    group = [row for row in rows if row["rank"] == last_in["rank"]]
    start = rows.index(group[0])
    # Settled when the playoff placed everyone of the group who is above the line:
    # _apply_tie_order put them first, in the playoff's order, the others behind.
    ordered = set(tie_order)
    if all(row["entry"] in ordered for row in group[: count - start]):
        return
    names = ", ".join(row["name"] for row in group)
    raise CutTieError(
        f"the cut falls inside a tie: {names} are level on every tie-breaker at places "
        f"{start + 1}-{start + len(group)}. Play it off and send the order as tie_order (best first), "
        f"or cut at {start} or {start + len(group)} qualifiers",
        tied=[row["entry"] for row in group],
    )


# -- storing a bracket ----------------------------------------------------------------


def _engine_bracket(stage: Stage, config: settings_of.BracketSettings) -> engine.Bracket:
    if not config.seeds:
        raise StateError(f"{stage.name} has no seeds yet: make the cut first", field="stage")
    try:
        if stage.kind == StageKind.DOUBLE_ELIMINATION:
            return engine.double_elimination(
                config.seeds, best_of=config.best_of, final_best_of=config.final_best_of,
                grand_final_reset=config.grand_final_reset,
            )
        name = engine.CONSOLATION if config.consolation else engine.WINNERS
        return engine.single_elimination(config.seeds, best_of=config.best_of, third_place=config.third_place,
                                         name=name)
    except FormatError as error:
        raise EntryError(str(error), field=f"settings.{error.field or 'seeds'}") from None


def _stored_sides(played: engine.BracketMatch) -> tuple[Any, Any, int | None, int | None]:
    """``(side_a, side_b, seed_a, seed_b)`` as a ``Match`` keeps them: a bye's one entrant on side a."""
    if played.is_bye:
        if played.source_a is not None:
            return played.a, None, played.seed_a, None
        return played.b, None, played.seed_b, None
    return played.a, played.b, played.seed_a, played.seed_b


def _key(match: Match) -> engine.MatchKey:
    return engine.MatchKey(match.bracket, match.bracket_round, match.bracket_slot)


@transaction.atomic
def bracket_create(*, stage: Stage | int, user: Any = None) -> Stage:
    """Store the stage's bracket from its seeds: every match, its links and seeds; byes decided."""
    stage = lock_stage(stage)
    if stage.kind not in BRACKET_KINDS:
        raise StateError(f"{stage.name} is not a bracket stage", field="stage")
    if stage.event.status == EventStatus.FINISHED:
        raise StateError(f"{stage.event.name} is finished", field="event")
    if Match.objects.filter(stage=stage).exists():
        raise StateError(f"{stage.name} already has its bracket", field="stage")
    config = settings_of.bracket_settings(stage.settings)
    bracket = _engine_bracket(stage, config)
    entries = dict(Entry.objects.filter(event=stage.event, pk__in=config.seeds).values_list("id", "status"))
    for seed, entry in enumerate(config.seeds or (), start=1):
        if entry not in entries:
            raise EntryError(f"seed {seed} (entry {entry}) is not entered in {stage.event.name}",
                             field="settings.seeds")
        if entries[entry] == EntryStatus.WITHDRAWN:
            raise EntryError(f"seed {seed} (entry {entry}) has withdrawn", field="settings.seeds")

    now = timezone.now()
    rows: list[Match] = []
    for played in bracket.matches:
        side_a, side_b, seed_a, seed_b = _stored_sides(played)
        bye_decided = played.is_bye and played.winner is not None
        rows.append(Match(
            event_id=stage.event_id, stage=stage, bracket=played.bracket, bracket_round=played.round,
            bracket_slot=played.slot, format=MatchFormat.BEST_OF, format_n=played.best_of, is_bye=played.is_bye,
            side_a_id=side_a, side_b_id=side_b, seed_a=seed_a, seed_b=seed_b,
            flags={"bracket": list(played.flags)} if played.flags else {},
            status=MatchStatus.DECIDED if bye_decided else MatchStatus.PENDING,
            winner_id=played.winner if bye_decided else None, decided_at=now if bye_decided else None,
        ))
    rows = Match.objects.bulk_create(rows)
    by_key = {_key(row): row for row in rows}
    for played in bracket.matches:
        row = by_key[played.key]
        if played.winner_next is not None:
            target = by_key[played.winner_next]
            row.winner_to = target
            row.winner_to_side = "a" if target.is_bye else played.winner_side
        if played.loser_next is not None:
            target = by_key[played.loser_next]
            row.loser_to = target
            row.loser_to_side = "a" if target.is_bye else played.loser_side
    Match.objects.bulk_update(rows, ["winner_to", "winner_to_side", "loser_to", "loser_to_side"])
    tabled = _assign_tables(stage, rows)
    if tabled:
        Match.objects.bulk_update(tabled, ["table"])
    stage.status = StageStatus.RUNNING
    stage.save(update_fields=["status"])
    return stage


@transaction.atomic
def playoffs_start(*, event: Event | int, user: Any = None) -> list[Stage]:
    """Store the bracket of every bracket stage that has its seeds and no matches yet."""
    event_id = event.pk if isinstance(event, Event) else event
    waiting = [
        stage for stage in Stage.objects.filter(event_id=event_id, kind__in=BRACKET_KINDS).order_by("order")
        if stage.settings.get("seeds") and not Match.objects.filter(stage=stage).exists()
    ]
    if not waiting:
        raise StateError("no playoff stage is waiting to start: make the cut first", field="event")
    return [bracket_create(stage=stage, user=user) for stage in waiting]


# -- advancing ------------------------------------------------------------------------


def _downstream_started(rows: Iterable[Match], start: int) -> list[Match]:
    """The later matches a new winner of ``start`` would undo: those under way or decided
    that its winner or loser reaches, and what their own results reached in turn."""
    by_id = {row.pk: row for row in rows}
    found: list[Match] = []
    queue = deque([start])
    seen = {start}
    while queue:
        current = by_id[queue.popleft()]
        for target_id in (current.winner_to_id, current.loser_to_id):
            if target_id is None or target_id in seen:
                continue
            seen.add(target_id)
            target = by_id[target_id]
            if target.status == MatchStatus.PENDING:
                continue  # waiting for its sides: it just gets the new entrant
            if not target.is_bye:
                found.append(target)
            queue.append(target_id)
    return sorted(found, key=lambda row: (row.bracket_round or 0, row.bracket, row.bracket_slot or 0))


def _stage_rows(stage_id: int) -> list[Match]:
    return list(
        Match.objects.filter(stage_id=stage_id)
        .select_related("side_a__player", "side_a__partner", "side_b__player", "side_b__partner")
        .order_by("id")
    )


def bracket_reset_preview(*, match: Match | int) -> list[Match]:
    """The later bracket matches that a different winner of ``match`` would reset."""
    match_id = match.pk if isinstance(match, Match) else match
    stage_id = Match.objects.filter(pk=match_id).values_list("stage_id", flat=True).first()
    if stage_id is None:
        return []
    return _downstream_started(_stage_rows(stage_id), match_id)


def _sync(stage: Stage, rows: list[Match]) -> engine.Bracket:
    """Replay the bracket from its seeds and stored winners; write the sides that changed."""
    config = settings_of.bracket_settings(stage.settings)
    base = _engine_bracket(stage, config)
    by_key = {_key(row): row for row in rows}
    if set(by_key) != {played.key for played in base.matches}:
        raise StateError(f"the settings of {stage.name} changed after its bracket was made", field="settings")
    results = {
        key: row.winner_id for key, row in by_key.items()
        if not row.is_bye and row.status == MatchStatus.DECIDED and row.winner_id is not None
    }
    try:
        bracket = engine.advance(base, results)
    except engine.BracketError as error:
        raise StateError(str(error), field="match") from None
    now = timezone.now()
    changed: list[Match] = []
    for played in bracket.matches:
        row = by_key[played.key]
        side_a, side_b, seed_a, seed_b = _stored_sides(played)
        flags = {"bracket": list(played.flags)} if played.flags else {}
        wanted: dict[str, Any] = {
            "side_a_id": side_a, "side_b_id": side_b, "seed_a": seed_a, "seed_b": seed_b, "flags": flags,
        }
        if played.is_bye:
            wanted["winner_id"] = played.winner
            wanted["status"] = MatchStatus.DECIDED if played.winner is not None else MatchStatus.PENDING
        if any(getattr(row, name) != value for name, value in wanted.items()):
            for name, value in wanted.items():
                setattr(row, name, value)
            if played.is_bye:
                row.decided_at = now if played.winner is not None else None
            changed.append(row)
    changed += [row for row in _assign_tables(stage, rows) if row not in changed]
    if changed:
        Match.objects.bulk_update(
            changed, ["side_a", "side_b", "seed_a", "seed_b", "flags", "winner", "status", "decided_at", "table"]
        )
    status = StageStatus.FINISHED if bracket.champion is not None else StageStatus.RUNNING
    if stage.status != status:
        stage.status = status
        stage.save(update_fields=["status"])
    return bracket


def _assign_tables(stage: Stage, rows: list[Match]) -> list[Match]:
    """Give every playable bracket match (both sides known, not decided) a table.

    A match keeps its table once given; a new one takes the lowest table free in the
    whole event (the playoffs and the consolation, or a late qualifying round, may
    be playing at the same time). A match waiting again for a side (after a reset)
    gives its table back. Returns the rows whose table changed.
    """
    def playable(row: Match) -> bool:
        return (not row.is_bye and row.side_a_id is not None and row.side_b_id is not None
                and row.status != MatchStatus.DECIDED)

    busy = set(
        Match.objects.filter(event_id=stage.event_id, table__isnull=False)
        .exclude(stage=stage).exclude(status=MatchStatus.DECIDED).values_list("table", flat=True)
    )
    busy |= {row.table for row in rows if playable(row) and row.table is not None}
    order = {engine.WINNERS: 0, engine.CONSOLATION: 0, engine.LOSERS: 1, engine.FINAL: 2, engine.THIRD: 3}
    changed = []
    for row in sorted(rows, key=lambda r: (r.bracket_round or 0, order.get(r.bracket, 9), r.bracket_slot or 0)):
        if playable(row) and row.table is None:
            row.table = next(number for number in itertools.count(1) if number not in busy)
            busy.add(row.table)
            changed.append(row)
        elif not playable(row) and row.status != MatchStatus.DECIDED and row.table is not None:
            row.table = None
            changed.append(row)
    return changed


def _record_reset(current: Match, later: list[Match]) -> None:
    """Keep in the audit trail what a reset deletes.

    The later matches' games (and their reports, with their own audit rows) go
    away with the reset; their totals and reports are written first into one audit
    row on the corrected match, under the same director and channel as the
    correction that caused it, so nothing that was reported is lost.
    """
    correction = (
        GameChange.objects.filter(game__match=current).select_related("game").order_by("-id").first()
    )
    if correction is None:  # pragma: no cover - a winner only changes through a game
        return
    games = Game.objects.filter(match__in=later).order_by("match_id", "number")
    reports = Report.objects.filter(match__in=later).order_by("id")
    voided: dict[int, dict[str, Any]] = {
        row.pk: {"match": row.pk, "label": match_label(row), "games": [], "reports": []} for row in later
    }
    for game in games:
        voided[game.match_id]["games"].append({
            "number": game.number, "state": game.state, "outcome": game.outcome,
            "totals": [game.total_a, game.total_b, game.total_c], "winner": game.winner_id,
        })
    for item in reports:
        voided[item.match_id]["reports"].append({
            "key": item.key, "reporter": item.reporter_id, "channel": item.channel, "totals": item.totals,
            "version": item.version, "at": item.created_at.isoformat(),
        })
    GameChange.objects.create(
        game=correction.game, action=GameChangeAction.CORRECTED, actor=correction.actor,
        actor_entry=correction.actor_entry, channel=correction.channel,
        reason="bracket reset after this correction: " + "; ".join(match_label(row) for row in later),
        before={"reset_matches": list(voided.values())},
        after={"reset_matches": [item["label"] for item in voided.values()]},
    )


@transaction.atomic
def bracket_advance(
    *, match: Match, previous_winner: int | None = None, confirm_reset: bool = False,
) -> Match:
    """Bring the bracket up to date after ``match`` was decided (or stopped being decided).

    ``previous_winner`` is who had won it before a correction. When a correction changes
    the winner and later matches already started from the old result, they are reset
    only with ``confirm_reset``; otherwise a ``StateError`` lists them.
    """
    if not match.bracket or match.stage_id is None:
        return match
    stage = lock_stage(match.stage_id)
    rows = _stage_rows(stage.pk)
    current = next(row for row in rows if row.pk == match.pk)
    if previous_winner is not None and current.winner_id != previous_winner:
        later = _downstream_started(rows, current.pk)
        if later and not confirm_reset:
            listed = "; ".join(match_label(row) for row in later)
            raise StateError(
                f"this changes who won {match_label(current)}, so these later matches would be reset and "
                f"their games deleted: {listed}. Confirm the reset to go ahead", field="confirm_reset",
            )
        if later:
            reset = [row.pk for row in later]
            _record_reset(current, later)
            Report.objects.filter(match_id__in=reset).delete()
            Game.objects.filter(match_id__in=reset).delete()
            Match.objects.filter(pk__in=reset).update(status=MatchStatus.PENDING, winner=None, decided_at=None)
            for row in later:
                row.status, row.winner_id, row.decided_at = MatchStatus.PENDING, None, None
    _sync(stage, rows)
    if current.status == MatchStatus.DECIDED and current.winner_id is not None and not current.is_bye:
        webhooks.webhooks_emit(
            event=stage.event, topic=WebhookTopic.BRACKET_ADVANCED,
            key=f"bracket:{current.pk}:{current.winner_id}",
            data={"stage": stage.pk, "match": current.pk, "bracket": current.bracket,
                  "round": current.bracket_round, "slot": current.bracket_slot, "winner": current.winner_id,
                  "winner_to": current.winner_to_id, "loser_to": current.loser_to_id},
        )
    return match

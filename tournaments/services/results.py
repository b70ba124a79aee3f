"""Recording results from the table: reports, confirmations, disputes, corrections, forfeits.

Every write locks the match row (``select_for_update``), so two phones reporting the
same game at the same moment are served one after the other; the unique constraints
on (match, game number) and (match, idempotency key) stand behind the lock. A retried
report (same key) returns the stored report. Nothing confirmed is ever overwritten
by a player: only the director's ``game_resolve`` changes a confirmed game, with a
reason, in the audit trail.

Game states: pending → reported → confirmed, or reported → disputed → confirmed
(by the director, or when a side re-reports totals that agree).

When a bracket match becomes decided (or a correction undoes or changes its result),
``_refresh_match`` calls ``brackets.bracket_advance`` in the same transaction, so the
winner moves on at once; a correction that would reset later bracket matches is
refused unless the director passes ``confirm_reset=True`` to ``game_resolve``.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments import rules as rules_engine
from tournaments.errors import EntryError, IdempotencyError, ReportError, StateError
from tournaments.models import (
    Channel,
    Entry,
    EventStatus,
    Game,
    GameChange,
    GameChangeAction,
    GameOutcome,
    GameState,
    Match,
    MatchStatus,
    Report,
    RoundStatus,
    WebhookTopic,
)
from tournaments.services import brackets, webhooks

REPORTABLE_EVENT_STATUSES = (EventStatus.OPEN, EventStatus.RUNNING)
MAX_KEY_LENGTH = 64


# -- helpers --------------------------------------------------------------------------


def _lock_match(match: Match | int) -> Match:
    match_id = match.pk if isinstance(match, Match) else match
    try:
        # Lock only the match row; the related rows are read in the same query.
        return (
            Match.objects.select_for_update(of=("self",))
            .select_related("event__rules", "round", "side_a__player", "side_b__player", "side_c__player")
            .get(pk=match_id)
        )
    except Match.DoesNotExist:
        raise EntryError(f"there is no match {match_id}", field="match") from None


def _lock_game(game: Game | int) -> tuple[Game, Match]:
    """The game and its match, the match row locked (the lock every write to a match takes)."""
    game_id = game.pk if isinstance(game, Game) else game
    match_id = Game.objects.filter(pk=game_id).order_by().values_list("match_id", flat=True).first()
    if match_id is None:
        raise EntryError(f"there is no game {game_id}", field="game")
    match = _lock_match(match_id)
    game = Game.objects.get(pk=game_id)
    game.match = match
    return game, match


def _check_event_takes_results(match: Match) -> None:
    event = match.event
    if event.status == EventStatus.FINISHED:
        raise StateError(f"{event.name} is finished: results can no longer be reported", field="event")
    if event.status not in REPORTABLE_EVENT_STATUSES:
        raise StateError(f"{event.name} is still a draft: open it before reporting results", field="event")


def _side_names(match: Match) -> dict[int, str]:
    return {side.pk: side.name for side in match.sides_or_tbd() if side is not None}


def parse_totals(match: Match, totals: Any, rules: rules_engine.RuleSet) -> dict[int, int]:
    """``{"<entry id>": total}`` as ``{entry_id: total}``, checked against the match and the rules."""
    if not isinstance(totals, Mapping) or not totals:
        raise ReportError('totals must map each side\'s entry id to its peg total, like {"12": 121, "15": 95}',
                          field="totals")
    names = _side_names(match)
    parsed: dict[int, Any] = {}
    for key, total in totals.items():
        try:
            entry_id = int(key)
        except (TypeError, ValueError):
            raise ReportError(f"{key!r} is not an entry id", field="totals") from None
        if entry_id not in names:
            raise ReportError(f"entry {entry_id} is not playing in this match", field="totals")
        if isinstance(total, bool) or not isinstance(total, int):
            raise ReportError(f"the total for {names[entry_id]} must be a whole number, not {total!r}",
                              field="totals")
        parsed[entry_id] = total
    missing = [names[side] for side in match.side_ids if side not in parsed]
    if missing:
        raise ReportError(f"no total for {', '.join(missing)}", field="totals")
    # Name the sides in the rules' messages (entry ids when two players share a name).
    labels = names if len(set(names.values())) == len(names) else {k: f"entry {k}" for k in names}
    by_label = {labels[entry_id]: total for entry_id, total in parsed.items()}
    rules.check_totals(by_label)
    return parsed


def _totals_key(totals: Mapping[int, int]) -> dict[str, int]:
    return {str(entry_id): total for entry_id, total in sorted(totals.items())}


def _normalized(totals: Any) -> dict[str, int] | None:
    """Submitted totals in stored form, or None when they cannot be read."""
    try:
        return _totals_key({int(key): value for key, value in dict(totals).items()})
    except (TypeError, ValueError):
        return None


def _snapshot(game: Game) -> dict[str, Any]:
    return {
        "state": game.state, "outcome": game.outcome, "total_a": game.total_a, "total_b": game.total_b,
        "total_c": game.total_c, "winner": game.winner_id, "runner_up": game.runner_up_id,
    }


def _audit(
    game: Game, action: str, before: dict[str, Any], *, user: Any = None, entry: Entry | None = None,
    channel: str = Channel.DIRECTOR, report: Report | None = None, reason: str = "",
) -> GameChange:
    return GameChange.objects.create(
        game=game, action=action, before=before, after=_snapshot(game),
        actor=user if getattr(user, "pk", None) else None, actor_entry=entry, channel=channel,
        report=report, reason=reason,
    )


def _set_totals(game: Game, match: Match, totals: Mapping[int, int]) -> None:
    for letter in ("a", "b", "c"):
        side_id = getattr(match, f"side_{letter}_id")
        setattr(game, f"total_{letter}", totals.get(side_id) if side_id is not None else None)


def _score(game: Game, rules: rules_engine.RuleSet) -> dict[int, rules_engine.SideScore]:
    if game.outcome == GameOutcome.BYE:
        return {game.winner_id: rules.bye_score()}
    return rules.score_game(game.totals_by_entry(), runner_up=game.runner_up_id)


def _outcome(match: Match, rules: rules_engine.RuleSet, games: list[Game]) -> rules_engine.MatchOutcome:
    confirmed = [(game.number, _score(game, rules)) for game in games if game.state == GameState.CONFIRMED]
    return rules.match_outcome(match.format, match.format_n, match.side_ids, confirmed)


def _refresh_match(match: Match, rules: rules_engine.RuleSet, *, confirm_reset: bool = False) -> None:
    """Recompute the match's status and winner from its confirmed games; a bracket match
    that becomes decided (or changes its result) moves the bracket on."""
    # Queries here order explicitly: the models' default ordering of games and reports
    # goes through match → event / round → stage and joins those tables on every read.
    games = list(match.games.order_by("number"))
    outcome = _outcome(match, rules, games)
    if outcome.decided:
        status = MatchStatus.DECIDED
    elif any(game.state != GameState.PENDING for game in games):
        status = MatchStatus.PLAYING
    else:
        status = MatchStatus.PENDING
    winner_id = outcome.winner if outcome.decided else None
    if (status, winner_id) != (match.status, match.winner_id):
        was_decided = match.status == MatchStatus.DECIDED
        previous_winner = match.winner_id if was_decided else None
        match.status = status
        match.winner_id = winner_id
        match.decided_at = timezone.now() if outcome.decided else None
        match.save(update_fields=["status", "winner", "decided_at"])
        if match.bracket and (outcome.decided or was_decided):
            brackets.bracket_advance(match=match, previous_winner=previous_winner, confirm_reset=confirm_reset)
    _set_next_first_dealer(match, games)


def _set_next_first_dealer(match: Match, games: list[Game]) -> None:
    """The loser of a game deals first in the next (two-sided matches)."""
    if len(match.side_ids) != 2:
        return
    by_number = {game.number: game for game in games}
    for game in games:
        following = by_number.get(game.number + 1)
        if game.state != GameState.CONFIRMED or following is None or game.winner_id is None:
            continue
        loser = next(side for side in match.side_ids if side != game.winner_id)
        if following.first_dealer_id != loser:
            following.first_dealer_id = loser
            following.save(update_fields=["first_dealer", "updated_at"])


def _confirm(
    game: Game, match: Match, rules: rules_engine.RuleSet, totals: Mapping[int, int], *,
    action: str, outcome: str = GameOutcome.PLAYED, runner_up: int | None = None, user: Any = None,
    entry: Entry | None = None, channel: str = Channel.DIRECTOR, report: Report | None = None, reason: str = "",
    confirm_reset: bool = False,
) -> Game:
    before = _snapshot(game)
    _set_totals(game, match, totals)
    game.outcome = outcome
    game.runner_up_id = runner_up
    game.winner_id = rules.check_totals(totals)
    rules.score_game(totals, runner_up=runner_up)  # refuses an impossible second place
    game.state = GameState.CONFIRMED
    game.confirmed_at = timezone.now()
    game.save(update_fields=[
        "total_a", "total_b", "total_c", "outcome", "runner_up", "winner", "state", "confirmed_at", "updated_at",
    ])
    change = _audit(game, action, before, user=user, entry=entry, channel=channel, report=report, reason=reason)
    _refresh_match(match, rules, confirm_reset=confirm_reset)
    # Club sites hear of it once this transaction commits (a correction is a new change).
    webhooks.webhooks_emit(
        event=match.event, topic=WebhookTopic.GAME_CONFIRMED, key=f"game:{game.pk}:{change.pk}",
        data={"match": match.pk, "game": game.number, "action": action, "outcome": game.outcome,
              "totals": {str(side): total for side, total in totals.items()}, "winner": game.winner_id,
              "match_status": match.status, "match_winner": match.winner_id},
    )
    return game


def _check_game_number(match: Match, rules: rules_engine.RuleSet, number: Any) -> int:
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ReportError(f"the game number must be 1 or more, not {number!r}", field="game")
    most = rules.max_games(match.format, match.format_n)
    if number > most:
        raise ReportError(f"this match has at most {most} game{'s' if most != 1 else ''}: there is no game {number}",
                          field="game")
    return number


def _check_round_released(match: Match) -> None:
    if match.round is not None and match.round.status == RoundStatus.DRAFT:
        raise StateError(f"round {match.round.number} is not released yet: wait for the director",
                         field="match")


def _check_previous_game_reported(match: Match, number: int) -> None:
    """Games are played in order at the table: game n is reported after game n-1 is."""
    if number == 1:
        return
    previous = match.games.filter(number=number - 1).values_list("state", flat=True).first()
    if previous in (None, GameState.PENDING):
        raise ReportError(f"report game {number - 1} first: games are reported in the order they are played",
                          field="game")


def _check_not_after_decided(match: Match, rules: rules_engine.RuleSet, game: Game) -> None:
    """A game after the one that decided the match is not needed, and never counts."""
    outcome = _outcome(match, rules, list(match.games.order_by("number")))
    if outcome.decided and game.state != GameState.CONFIRMED and game.number > (outcome.deciding_game or 0):
        winner = _side_names(match).get(outcome.winner, "nobody")
        raise StateError(f"the match is already decided ({winner} won): game {game.number} is not needed",
                         field="game")


def _get_or_create_game(match: Match, number: int) -> Game:
    game = Game.objects.filter(match=match, number=number).order_by("id").first()
    if game is None:
        game = Game.objects.create(match=match, number=number)
    game.match = match
    return game


# -- services -------------------------------------------------------------------------


@transaction.atomic
def game_report(
    *,
    match: Match | int,
    number: int,
    totals: Mapping[Any, Any],
    key: str,
    reporter: Entry | int | None = None,
    channel: str = Channel.API,
    user: Any = None,
    ip: str | None = None,
    runner_up: int | None = None,
) -> Report:
    """Record one side's (or the director's) report of a game's final peg totals.

    Idempotent on ``key`` (per match): a retry returns the stored report with
    ``replayed = True``. Both sides agreeing confirms the game; disagreeing disputes
    it. A director's report (no ``reporter``) confirms at once. A report that
    contradicts a confirmed game is stored and audited, but changes nothing.
    """
    if not isinstance(key, str) or not key.strip() or len(key) > MAX_KEY_LENGTH:
        raise ReportError(f"an idempotency key of 1 to {MAX_KEY_LENGTH} characters is required", field="key")
    key = key.strip()
    match = _lock_match(match)
    reporter_id = reporter.pk if isinstance(reporter, Entry) else reporter

    existing = Report.objects.filter(match=match, key=key).select_related("game").order_by("id").first()
    if existing is not None:
        same = (
            existing.game.number == number
            and existing.reporter_id == reporter_id
            and existing.totals == _normalized(totals)
        )
        if not same:
            raise IdempotencyError(
                "this idempotency key was already used for a different report: send a new key", field="key"
            )
        existing.replayed = True
        return existing

    _check_event_takes_results(match)
    rules = match.event.rules.to_rules()
    if match.is_bye:
        raise StateError("a bye has no games to report", field="match")
    _check_round_released(match)
    if len(match.side_ids) != len(match.sides_or_tbd()):
        raise StateError("this match is still waiting for its sides", field="match")
    if reporter_id is not None and reporter_id not in match.side_ids:
        raise ReportError(f"entry {reporter_id} is not playing in this match", field="reporter")
    if channel == Channel.PLAYER and reporter_id is None:
        raise ReportError("a player's report must say which side reports", field="reporter")
    number = _check_game_number(match, rules, number)
    parsed = parse_totals(match, totals, rules)
    _check_previous_game_reported(match, number)
    if runner_up is not None and runner_up not in match.side_ids:
        raise ReportError(f"entry {runner_up} is not playing in this match", field="runner_up")
    rules.score_game(parsed, runner_up=runner_up)

    games = list(match.games.order_by("number"))
    game = next((item for item in games if item.number == number), None)
    outcome = _outcome(match, rules, games)
    if outcome.decided and (game is None or game.state != GameState.CONFIRMED) and number > (outcome.deciding_game or 0):
        winner = _side_names(match).get(outcome.winner, "nobody")
        raise StateError(f"the match is already decided ({winner} won): there is no game {number}", field="game")
    if game is None:
        game = _get_or_create_game(match, number)
    game.match = match

    # Play has started: an open event is now running.
    if match.event.status == EventStatus.OPEN:
        type(match.event).objects.filter(pk=match.event_id, status=EventStatus.OPEN).update(
            status=EventStatus.RUNNING, updated_at=timezone.now()
        )

    stored = _totals_key(parsed)
    previous = None
    if reporter_id is not None:
        previous = (
            Report.objects.filter(game=game, reporter_id=reporter_id, superseded=False).order_by("-version").first()
        )
        if previous is not None and previous.totals == stored:
            previous.replayed = True
            return previous
    elif game.state in (GameState.DISPUTED, GameState.CONFIRMED) and _current_totals(game) != stored:
        raise StateError(
            f"game {number} is {game.state}: the director changes it with a resolution and a reason",
            field="game",
        )

    version = (previous.version + 1) if previous is not None else 1
    if reporter_id is None:
        version = Report.objects.filter(game=game, reporter__isnull=True).count() + 1
    if previous is not None:
        previous.superseded = True
        previous.save(update_fields=["superseded"])
    report = Report.objects.create(
        match=match, game=game, reporter_id=reporter_id, submitted_by=user if getattr(user, "pk", None) else None,
        channel=channel, ip=ip or None, key=key, version=version, totals=stored,
    )
    report.replayed = False
    entry = next((side for side in match.sides_or_tbd() if side is not None and side.pk == reporter_id), None)
    audit = {"user": user, "entry": entry, "channel": channel, "report": report}

    if game.state == GameState.CONFIRMED:
        if _current_totals(game) != stored:
            _audit(game, GameChangeAction.CONFLICT, _snapshot(game), **audit)
        return report
    if reporter_id is None:
        _confirm(game, match, rules, parsed, action=GameChangeAction.CONFIRMED, runner_up=runner_up, **audit)
        return report

    current = Report.objects.filter(game=game, superseded=False, reporter__isnull=False).order_by("id")
    versions = {item.reporter_id: item.totals for item in current}
    before = _snapshot(game)
    if len(set(map(_frozen, versions.values()))) > 1:
        game.state = GameState.DISPUTED
        game.save(update_fields=["state", "updated_at"])
        _audit(game, GameChangeAction.DISPUTED, before, **audit)
        _refresh_match(match, rules)
    elif len(versions) >= 2:
        _confirm(game, match, rules, parsed, action=GameChangeAction.CONFIRMED, runner_up=runner_up, **audit)
    else:
        game.state = GameState.REPORTED
        game.save(update_fields=["state", "updated_at"])
        _audit(game, GameChangeAction.REPORTED, before, **audit)
        _refresh_match(match, rules)
    return report


def _frozen(totals: Mapping[str, int]) -> tuple:
    return tuple(sorted(totals.items()))


def _current_totals(game: Game) -> dict[str, int]:
    return _totals_key(game.totals_by_entry())


@transaction.atomic
def game_confirm(
    *, game: Game | int, entry: Entry | int | None = None, user: Any = None, channel: str = Channel.API,
) -> Game:
    """The opponent (or the director, ``entry=None``) accepts the single report of a game."""
    game, match = _lock_game(game)
    _check_event_takes_results(match)
    entry_id = entry.pk if isinstance(entry, Entry) else entry
    if entry_id is not None and entry_id not in match.side_ids:
        raise ReportError(f"entry {entry_id} is not playing in this match", field="entry")
    if game.state == GameState.CONFIRMED:
        return game
    if game.state == GameState.PENDING:
        raise StateError(f"game {game.number} has no report to confirm yet", field="game")
    if game.state == GameState.DISPUTED:
        raise StateError(f"the reports of game {game.number} disagree: the director decides", field="game")
    report = (
        Report.objects.filter(game=game, superseded=False, reporter__isnull=False).order_by("-created_at").first()
    )
    if report is None:  # pragma: no cover - a reported game always has a report
        raise StateError(f"game {game.number} has no report to confirm", field="game")
    if entry_id is not None and report.reporter_id == entry_id:
        raise StateError("you reported this game: your opponent confirms it", field="entry")
    rules = match.event.rules.to_rules()
    _check_not_after_decided(match, rules, game)
    confirmer = next((side for side in match.sides_or_tbd() if side is not None and side.pk == entry_id), None)
    totals = {int(key): value for key, value in report.totals.items()}
    return _confirm(game, match, rules, totals, action=GameChangeAction.CONFIRMED, user=user,
                    entry=confirmer, channel=channel, report=report)


@transaction.atomic
def game_resolve(
    *, game: Game | int, totals: Mapping[Any, Any], user: Any, reason: str, runner_up: int | None = None,
    channel: str = Channel.DIRECTOR, confirm_reset: bool = False,
) -> Game:
    """The director decides a dispute or corrects a game (confirmed or not), with a reason.

    In a bracket, a correction that changes who won a match whose result already
    reached later matches is refused with the list of those matches
    (``brackets.bracket_reset_preview``) unless ``confirm_reset``; then they are reset.
    """
    if not isinstance(reason, str) or not reason.strip():
        raise ReportError("say why the result is set this way (the reason goes in the audit trail)", field="reason")
    game, match = _lock_game(game)
    if match.event.status == EventStatus.FINISHED:
        raise StateError(f"{match.event.name} is finished: results can no longer change", field="event")
    rules = match.event.rules.to_rules()
    parsed = parse_totals(match, totals, rules)
    if runner_up is not None and runner_up not in match.side_ids:
        raise ReportError(f"entry {runner_up} is not playing in this match", field="runner_up")
    action = GameChangeAction.CORRECTED if game.state == GameState.CONFIRMED else GameChangeAction.RESOLVED
    return _confirm(game, match, rules, parsed, action=action, runner_up=runner_up, user=user,
                    channel=channel, reason=reason.strip(), confirm_reset=confirm_reset)


@transaction.atomic
def match_forfeit(
    *, match: Match | int, forfeiting: Entry | int, user: Any = None, reason: str = "",
    channel: str = Channel.DIRECTOR,
) -> Match:
    """A no-show or a withdrawal: every game still needed goes to the opponent, each a
    win by the rule set's forfeit spread (ACC: 10), until the match is decided."""
    match = _lock_match(match)
    _check_event_takes_results(match)
    _check_round_released(match)
    forfeiting_id = forfeiting.pk if isinstance(forfeiting, Entry) else forfeiting
    if forfeiting_id not in match.side_ids:
        raise EntryError(f"entry {forfeiting_id} is not playing in this match", field="entry")
    if len(match.side_ids) != 2 or match.is_bye:
        raise EntryError("a forfeit is recorded in a match between two sides", field="match")
    if match.status == MatchStatus.DECIDED:
        raise StateError("the match is already decided", field="match")
    rules = match.event.rules.to_rules()
    opponent = next(side for side in match.side_ids if side != forfeiting_id)
    totals = {opponent: rules.target, forfeiting_id: rules.forfeit_loser_total()}
    most = rules.max_games(match.format, match.format_n)
    for number in range(1, most + 1):
        games = list(match.games.order_by("number"))
        if _outcome(match, rules, games).decided:
            break
        game = next((item for item in games if item.number == number), None)
        if game is not None and game.state == GameState.CONFIRMED:
            continue
        if game is None:
            game = _get_or_create_game(match, number)
        _confirm(game, match, rules, totals, action=GameChangeAction.FORFEIT, outcome=GameOutcome.FORFEIT,
                 user=user, channel=channel, reason=reason)
    match.refresh_from_db(fields=["status", "winner", "decided_at"])
    return match

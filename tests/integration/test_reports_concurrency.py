"""Reports racing each other on real PostgreSQL: threads, each with its own connection.

Two players reporting the same game at the same moment, retried submissions, and
conflicting reports must leave exactly one game, no duplicate report, a dispute where
the sides disagree, and a confirmed game untouched.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction

from tests.factories import EntryFactory, EventFactory
from tournaments.models import Game, GameState, Match, MatchStatus, Report
from tournaments.services import results

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ROUNDS = 5


def race(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run the calls in threads released together; return each result or exception."""
    barrier = threading.Barrier(len(calls))
    outcomes: list[Any] = [None] * len(calls)

    def run(index: int, call: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=10)
            outcomes[index] = call()
        except Exception as error:  # the test inspects what each thread got
            outcomes[index] = error
        finally:
            connection.close()  # each thread has its own connection; close it

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in threads)
    return outcomes


@pytest.fixture
def new_match():
    event = EventFactory(status="running")

    def make(best_of: int = 3) -> Match:
        a, b = EntryFactory(event=event), EntryFactory(event=event)
        return Match.objects.create(event=event, side_a=a, side_b=b, format="best_of", format_n=best_of)

    return make


def report_call(match: Match, number: int, a: int, b: int, *, reporter: int | None, key: str):
    totals = {str(match.side_a_id): a, str(match.side_b_id): b}
    return lambda: results.game_report(match=match.pk, number=number, totals=totals, key=key, reporter=reporter)


def test_database_is_postgresql():
    assert connection.vendor == "postgresql"


def test_both_players_report_the_same_game_at_the_same_moment(new_match):
    for round_number in range(ROUNDS):
        match = new_match()
        outcomes = race([
            report_call(match, 1, 121, 95, reporter=match.side_a_id, key=f"a-{round_number}"),
            report_call(match, 1, 121, 95, reporter=match.side_b_id, key=f"b-{round_number}"),
        ])
        assert all(isinstance(outcome, Report) for outcome in outcomes), outcomes
        assert Game.objects.filter(match=match).count() == 1
        game = Game.objects.get(match=match)
        assert game.state == GameState.CONFIRMED
        assert (game.total_a, game.total_b) == (121, 95)
        assert Report.objects.filter(match=match).count() == 2


def test_retried_reports_store_one_report(new_match):
    for round_number in range(ROUNDS):
        match = new_match()
        outcomes = race([
            report_call(match, 1, 121, 100, reporter=match.side_a_id, key=f"retry-{round_number}")
            for _ in range(6)
        ])
        assert all(isinstance(outcome, Report) for outcome in outcomes), outcomes
        assert len({outcome.pk for outcome in outcomes}) == 1
        assert sum(1 for outcome in outcomes if not outcome.replayed) == 1
        assert Report.objects.filter(match=match).count() == 1
        assert Game.objects.filter(match=match).count() == 1
        assert Game.objects.get(match=match).state == GameState.REPORTED


def test_conflicting_reports_at_the_same_moment_make_a_dispute(new_match):
    for round_number in range(ROUNDS):
        match = new_match()
        outcomes = race([
            report_call(match, 1, 121, 95, reporter=match.side_a_id, key=f"a-{round_number}"),
            report_call(match, 1, 121, 85, reporter=match.side_b_id, key=f"b-{round_number}"),
        ])
        assert all(isinstance(outcome, Report) for outcome in outcomes), outcomes
        game = Game.objects.get(match=match)
        assert game.state == GameState.DISPUTED
        assert game.total_a is None
        assert Report.objects.filter(match=match).count() == 2


def test_nothing_confirmed_is_overwritten_by_racing_conflicts(new_match):
    for round_number in range(ROUNDS):
        match = new_match()
        results.game_report(match=match.pk, number=1, totals={str(match.side_a_id): 121, str(match.side_b_id): 95},
                            key=f"director-{round_number}")
        outcomes = race([
            report_call(match, 1, 121, 60, reporter=match.side_b_id, key=f"late-b-{round_number}"),
            report_call(match, 1, 100, 121, reporter=match.side_a_id, key=f"late-a-{round_number}"),
            report_call(match, 1, 121, 61, reporter=match.side_b_id, key=f"late-b2-{round_number}"),
        ])
        assert all(isinstance(outcome, Report) for outcome in outcomes), outcomes
        game = Game.objects.get(match=match)
        assert game.state == GameState.CONFIRMED
        assert (game.total_a, game.total_b, game.winner_id) == (121, 95, match.side_a_id)


def test_racing_games_of_a_best_of_three_never_pass_the_decision(new_match):
    for _round_number in range(ROUNDS):
        match = new_match(best_of=3)
        calls = [report_call(match, number, 121, 100, reporter=None, key=f"g{number}") for number in (1, 2, 3)]
        outcomes = race(calls)
        # A report that overtook the one for the game before it is refused; the table
        # sends it again, in order, as a phone retrying would.
        last = dict(enumerate(outcomes, start=1))
        for number, call in enumerate(calls, start=1):
            if not isinstance(last[number], Report):
                try:
                    last[number] = call()
                except Exception as error:  # kept for the assertions below
                    last[number] = error
        match.refresh_from_db()
        assert match.status == MatchStatus.DECIDED
        assert match.winner_id == match.side_a_id
        # Whatever the order, the match needs exactly its first two games; the third never counts.
        confirmed = sorted(Game.objects.filter(match=match, state=GameState.CONFIRMED)
                           .values_list("number", flat=True))
        assert confirmed == [1, 2]
        assert isinstance(last[1], Report)
        assert isinstance(last[2], Report)
        assert "already decided" in str(last[3])
        assert not Report.objects.filter(match=match, game__number=3).exists()


def test_the_database_refuses_a_second_game_with_the_same_number(new_match):
    match = new_match()
    Game.objects.create(match=match, number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(match=match, number=1)


def test_the_database_refuses_a_reused_key(new_match):
    match = new_match()
    report = results.game_report(match=match.pk, number=1, totals={str(match.side_a_id): 121,
                                 str(match.side_b_id): 90}, key="once", reporter=match.side_a_id)
    with pytest.raises(IntegrityError), transaction.atomic():
        Report.objects.create(match=match, game=report.game, reporter_id=match.side_b_id, channel="api",
                              key="once", totals={})

"""Recording results: reports, confirmation, disputes, resolutions, forfeits, refusals."""
from __future__ import annotations

import pytest

from tests.factories import (
    DirectorFactory,
    EntryFactory,
    EventFactory,
    MatchFactory,
    RuleSetFactory,
)
from tournaments.errors import EntryError, IdempotencyError, ReportError, StateError
from tournaments.models import (
    EventStatus,
    Game,
    GameChange,
    GameChangeAction,
    GameState,
    MatchStatus,
    Report,
)
from tournaments.services import results

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    return MatchFactory(format="best_of", format_n=3)


def totals(match, a: int, b: int) -> dict[str, int]:
    return {str(match.side_a_id): a, str(match.side_b_id): b}


def report(match, number, a, b, *, reporter=None, key=None):
    return results.game_report(
        match=match, number=number, totals=totals(match, a, b), key=key or f"k-{number}-{reporter}-{a}-{b}",
        reporter=reporter,
    )


def test_one_report_waits_for_the_opponent(match):
    stored = report(match, 1, 121, 95, reporter=match.side_a_id)
    game = Game.objects.get(match=match, number=1)
    assert game.state == GameState.REPORTED
    assert stored.version == 1
    assert stored.totals == totals(match, 121, 95)
    match.refresh_from_db()
    assert match.status == MatchStatus.PLAYING


def test_agreeing_reports_confirm_the_game(match):
    report(match, 1, 121, 95, reporter=match.side_a_id)
    report(match, 1, 121, 95, reporter=match.side_b_id)
    game = Game.objects.get(match=match, number=1)
    assert game.state == GameState.CONFIRMED
    assert (game.total_a, game.total_b, game.winner_id) == (121, 95, match.side_a_id)


def test_disagreeing_reports_dispute_the_game(match):
    report(match, 1, 121, 95, reporter=match.side_a_id)
    report(match, 1, 121, 85, reporter=match.side_b_id)
    game = Game.objects.get(match=match, number=1)
    assert game.state == GameState.DISPUTED
    assert game.total_a is None
    assert game.winner_id is None


def test_a_corrected_report_that_now_agrees_settles_the_dispute(match):
    report(match, 1, 121, 95, reporter=match.side_a_id)
    report(match, 1, 121, 85, reporter=match.side_b_id)
    corrected = report(match, 1, 121, 95, reporter=match.side_b_id)
    assert corrected.version == 2
    assert Report.objects.filter(game__match=match, reporter_id=match.side_b_id, superseded=True).count() == 1
    assert Game.objects.get(match=match, number=1).state == GameState.CONFIRMED


def test_a_retried_report_is_the_same_report(match):
    first = report(match, 1, 121, 95, reporter=match.side_a_id, key="same-key")
    again = report(match, 1, 121, 95, reporter=match.side_a_id, key="same-key")
    assert again.pk == first.pk
    assert again.replayed is True
    assert Report.objects.filter(match=match).count() == 1
    assert Game.objects.filter(match=match).count() == 1


def test_a_key_reused_for_different_totals_is_refused(match):
    report(match, 1, 121, 95, reporter=match.side_a_id, key="same-key")
    with pytest.raises(IdempotencyError) as caught:
        report(match, 1, 121, 90, reporter=match.side_a_id, key="same-key")
    assert caught.value.api_status == 409
    assert caught.value.field == "key"


def test_nothing_confirmed_is_overwritten_by_a_late_conflicting_report(match):
    report(match, 1, 121, 95, reporter=match.side_a_id)
    report(match, 1, 121, 95, reporter=match.side_b_id)
    report(match, 1, 121, 60, reporter=match.side_b_id)
    game = Game.objects.get(match=match, number=1)
    assert game.state == GameState.CONFIRMED
    assert game.total_b == 95
    assert GameChange.objects.filter(game=game, action=GameChangeAction.CONFLICT).count() == 1


def test_director_report_confirms_at_once_and_refuses_to_overwrite(match):
    report(match, 1, 121, 95)
    game = Game.objects.get(match=match, number=1)
    assert game.state == GameState.CONFIRMED
    with pytest.raises(StateError, match="resolution and a reason"):
        report(match, 1, 121, 70)


def test_opponent_confirms_a_single_report(match):
    report(match, 1, 121, 95, reporter=match.side_a_id)
    game = Game.objects.get(match=match, number=1)
    with pytest.raises(StateError, match="your opponent confirms it"):
        results.game_confirm(game=game, entry=match.side_a_id)
    confirmed = results.game_confirm(game=game, entry=match.side_b_id)
    assert confirmed.state == GameState.CONFIRMED
    assert confirmed.total_b == 95
    change = GameChange.objects.filter(game=game, action=GameChangeAction.CONFIRMED).get()
    assert change.actor_entry_id == match.side_b_id


def test_confirm_needs_a_report_and_no_dispute(match):
    game = Game.objects.create(match=match, number=1)
    with pytest.raises(StateError, match="no report"):
        results.game_confirm(game=game, entry=match.side_b_id)
    report(match, 1, 121, 95, reporter=match.side_a_id)
    report(match, 1, 121, 80, reporter=match.side_b_id)
    with pytest.raises(StateError, match="director decides"):
        results.game_confirm(game=Game.objects.get(match=match, number=1), entry=match.side_a_id)


def test_director_resolves_a_dispute_with_a_reason_in_the_audit_trail(match):
    director = DirectorFactory()
    report(match, 1, 121, 95, reporter=match.side_a_id)
    report(match, 1, 121, 85, reporter=match.side_b_id)
    game = Game.objects.get(match=match, number=1)
    with pytest.raises(ReportError) as caught:
        results.game_resolve(game=game, totals=totals(match, 121, 95), user=director, reason=" ")
    assert caught.value.field == "reason"
    resolved = results.game_resolve(game=game, totals=totals(match, 121, 95), user=director, reason="scorecard")
    assert resolved.state == GameState.CONFIRMED
    change = GameChange.objects.filter(game=game, action=GameChangeAction.RESOLVED).get()
    assert change.actor == director
    assert change.reason == "scorecard"
    assert change.before["state"] == GameState.DISPUTED
    assert change.after["total_b"] == 95


def test_director_corrects_a_confirmed_game(match):
    director = DirectorFactory()
    report(match, 1, 121, 95)
    game = Game.objects.get(match=match, number=1)
    results.game_resolve(game=game, totals=totals(match, 100, 121), user=director, reason="swapped")
    game.refresh_from_db()
    assert game.winner_id == match.side_b_id
    change = GameChange.objects.filter(game=game, action=GameChangeAction.CORRECTED).get()
    assert (change.before["total_a"], change.after["total_a"]) == (121, 100)


def test_best_of_three_is_decided_and_refuses_further_games(match):
    report(match, 1, 121, 95)
    report(match, 2, 121, 100)
    match.refresh_from_db()
    assert match.status == MatchStatus.DECIDED
    assert match.winner_id == match.side_a_id
    with pytest.raises(StateError, match="already decided"):
        report(match, 3, 121, 100)


def test_first_to_n_match_points_with_skunks():
    match = MatchFactory(format="first_to", format_n=5)
    report(match, 1, 121, 80)   # skunk: 3
    report(match, 2, 121, 100)  # 2 -> 5
    match.refresh_from_db()
    assert match.status == MatchStatus.DECIDED


def test_triple_skunk_wins_the_match_under_free_play():
    event = EventFactory(rules=RuleSetFactory(preset="free-play"))
    match = MatchFactory(event=event, format="first_to", format_n=7)
    report(match, 1, 121, 30)
    match.refresh_from_db()
    assert match.status == MatchStatus.DECIDED
    assert match.winner_id == match.side_a_id


def test_the_loser_deals_first_in_the_next_game(match):
    report(match, 1, 100, 121)
    report(match, 2, 121, 110)
    assert Game.objects.get(match=match, number=2).first_dealer_id == match.side_a_id
    report(match, 3, 121, 110)
    assert Game.objects.get(match=match, number=3).first_dealer_id == match.side_b_id


def test_forfeit_gives_the_opponent_the_games_by_the_forfeit_spread(match):
    director = DirectorFactory()
    decided = results.match_forfeit(match=match, forfeiting=match.side_b_id, user=director, reason="no-show")
    assert decided.status == MatchStatus.DECIDED
    assert decided.winner_id == match.side_a_id
    games = list(Game.objects.filter(match=match).order_by("number"))
    assert len(games) == 2
    assert all((g.total_a, g.total_b, g.outcome) == (121, 111, "forfeit") for g in games)
    with pytest.raises(StateError, match="already decided"):
        results.match_forfeit(match=match, forfeiting=match.side_b_id)


# -- refused inputs --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "reason"),
    [
        (100, 95, "no side reached the target"),
        (121, 121, "two sides are at the target"),
        (121, 130, "above the target"),
        (121, -1, "cannot be negative"),
        (121, 90.5, "whole number"),
        (121, "ninety", "whole number"),
    ],
)
def test_impossible_totals_are_refused(match, a, b, reason):
    with pytest.raises(ReportError, match=reason) as caught:
        report(match, 1, a, b, reporter=match.side_a_id)
    assert caught.value.field == "totals"
    assert not Report.objects.exists()


def test_totals_for_a_side_not_in_the_match_are_refused(match):
    stranger = EntryFactory(event=match.event)
    with pytest.raises(ReportError, match="not playing in this match"):
        results.game_report(match=match, number=1, key="k",
                            totals={str(match.side_a_id): 121, str(stranger.pk): 90})
    with pytest.raises(ReportError, match="no total for"):
        results.game_report(match=match, number=1, key="k", totals={str(match.side_a_id): 121})
    with pytest.raises(ReportError, match="not an entry id"):
        results.game_report(match=match, number=1, key="k", totals={"alice": 121, str(match.side_b_id): 90})


def test_reporter_must_be_in_the_match(match):
    stranger = EntryFactory(event=match.event)
    with pytest.raises(ReportError) as caught:
        report(match, 1, 121, 90, reporter=stranger.pk)
    assert caught.value.field == "reporter"


@pytest.mark.parametrize("number", [0, 4, -1])
def test_a_game_number_beyond_the_match_is_refused(match, number):
    with pytest.raises(ReportError) as caught:
        report(match, number, 121, 90)
    assert caught.value.field == "game"


def test_a_report_for_a_finished_event_is_refused(match):
    match.event.status = EventStatus.FINISHED
    match.event.save(update_fields=["status"])
    with pytest.raises(StateError, match="finished") as caught:
        report(match, 1, 121, 90)
    assert caught.value.api_status == 409


def test_a_report_for_a_draft_event_is_refused(match):
    match.event.status = EventStatus.DRAFT
    match.event.save(update_fields=["status"])
    with pytest.raises(StateError, match="draft"):
        report(match, 1, 121, 90)


def test_a_first_report_starts_an_open_event(match):
    match.event.status = EventStatus.OPEN
    match.event.save(update_fields=["status"])
    report(match, 1, 121, 90)
    match.event.refresh_from_db()
    assert match.event.status == EventStatus.RUNNING


def test_a_missing_key_is_refused(match):
    with pytest.raises(ReportError) as caught:
        results.game_report(match=match, number=1, totals=totals(match, 121, 90), key="")
    assert caught.value.field == "key"


def test_an_unknown_match_is_refused():
    with pytest.raises(EntryError, match="no match"):
        results.game_report(match=999999, number=1, totals={}, key="k")


def test_three_player_game_reported_by_two_sides_scores_second_place():
    from tournaments import selectors
    from tournaments.services import events

    event = EventFactory(rules=RuleSetFactory(preset="three-player-wta"))
    a, b, c = (EntryFactory(event=event) for _ in range(3))
    match = events.match_create(event=event, entries=[a, b, c])
    line = {str(a.pk): 121, str(b.pk): 100, str(c.pk): 80}
    results.game_report(match=match, number=1, totals=line, key="a", reporter=a.pk)
    assert Game.objects.get(match=match).state == GameState.REPORTED
    results.game_report(match=match, number=1, totals=line, key="b", reporter=b.pk)
    game = Game.objects.get(match=match)
    assert game.state == GameState.CONFIRMED
    assert (game.total_a, game.total_b, game.total_c) == (121, 100, 80)
    rows = {row["entry"]: row for row in selectors.event_standings(event=event)}
    assert (rows[a.pk]["game_points"], rows[b.pk]["game_points"], rows[c.pk]["game_points"]) == (3, 1, 0)
    assert rows[c.pk]["skunks_taken"] == 1


def test_a_game_after_the_decision_cannot_be_confirmed_later(match):
    # The reviewer's case: A reports game 3 early; games 1 and 2 decide the match 2-0;
    # B's later confirmation of game 3 must not sneak a third win into the standings.
    a, b = match.side_a_id, match.side_b_id
    report(match, 1, 121, 95, reporter=a)
    report(match, 2, 121, 95, reporter=a)
    report(match, 3, 121, 95, reporter=a)
    for number in (1, 2):
        results.game_confirm(game=Game.objects.get(match=match, number=number), entry=b)
    match.refresh_from_db()
    assert match.status == "decided"
    with pytest.raises(StateError, match="already decided"):
        results.game_confirm(game=Game.objects.get(match=match, number=3), entry=b)
    assert Game.objects.filter(match=match, state=GameState.CONFIRMED).count() == 2


def test_games_are_reported_in_the_order_they_are_played(match):
    with pytest.raises(ReportError, match="report game 1 first") as refused:
        report(match, 2, 121, 95, reporter=match.side_a_id)
    assert refused.value.field == "game"
    report(match, 1, 121, 95, reporter=match.side_a_id)  # one side's report is enough to go on
    report(match, 2, 121, 95, reporter=match.side_a_id)
    assert Game.objects.filter(match=match).count() == 2

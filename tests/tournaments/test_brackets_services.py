"""The cut, stored brackets, automatic advancement and the correction that resets later matches."""
from __future__ import annotations

import pytest

from tests.factories import play_match, stage_with_field
from tournaments import selectors
from tournaments.errors import EntryError, StateError
from tournaments.models import (
    Game,
    GameChange,
    Match,
    MatchStatus,
    Report,
    Stage,
    StageKind,
    StageStatus,
)
from tournaments.services import brackets, events, results, rounds

pytestmark = pytest.mark.django_db


def qualify(players: int, *, settings: dict | None = None) -> Stage:
    """A qualifying round robin of one round, played (side A wins) and closed."""
    stage = stage_with_field(players, settings={"rounds": 2, **(settings or {})})
    for _ in range(2):
        round_ = rounds.round_release(round=rounds.round_generate(stage=stage))
        for match in Match.objects.filter(round=round_, is_bye=False):
            play_match(match, loser_total=80 + match.table)  # a different spread per table: no ties
        rounds.round_close(round=round_)
    return stage


def bracket_stage(players: int, *, kind: str = StageKind.SINGLE_ELIMINATION, **settings) -> Stage:
    """A bracket stage seeded with ``players`` entries in entry order, stored."""
    qualifying = stage_with_field(players)
    seeds = list(qualifying.event.entries.order_by("seed").values_list("id", flat=True))
    stage = events.stage_create(event=qualifying.event, name="Playoffs", kind=kind,
                                settings={"seeds": seeds, **settings})
    return brackets.bracket_create(stage=stage)


def row(stage: Stage, bracket: str, round_: int, slot: int) -> Match:
    return Match.objects.select_related("side_a__player", "side_b__player").get(
        stage=stage, bracket=bracket, bracket_round=round_, bracket_slot=slot)


def report(match: Match, number: int, winner: int, loser_total: int = 100, key: str = "k") -> None:
    loser = match.side_b_id if winner == match.side_a_id else match.side_a_id
    for reporter in (match.side_a_id, match.side_b_id):
        results.game_report(match=match.pk, number=number, totals={str(winner): 121, str(loser): loser_total},
                            reporter=reporter, key=f"{key}-{number}-{reporter}")


# -- the cut ------------------------------------------------------------------------------


def test_the_cut_takes_one_in_four_in_qualifying_order_and_the_rest_go_to_the_consolation():
    qualifying = qualify(10, settings={"consolation": True})
    order = [row["entry"] for row in selectors.event_standings(event=qualifying.event, stage=qualifying)]
    playoffs = brackets.event_cut(event=qualifying.event)
    assert (playoffs.order, playoffs.kind, playoffs.settings["best_of"]) == (2, StageKind.SINGLE_ELIMINATION, 3)
    assert playoffs.settings["seeds"] == order[:3]  # ceil(10 / 4)
    consolation = Stage.objects.get(event=qualifying.event, order=3)
    assert consolation.settings["seeds"] == order[3:]
    assert consolation.settings["consolation"] is True
    qualifying.refresh_from_db()
    assert qualifying.status == StageStatus.FINISHED
    # Before the playoffs start the director may cut again, to another number.
    again = brackets.event_cut(event=qualifying.event, qualifiers=4)
    assert again.pk == playoffs.pk
    assert again.settings["seeds"] == order[:4]
    brackets.playoffs_start(event=qualifying.event)
    with pytest.raises(StateError, match="has started"):
        brackets.event_cut(event=qualifying.event)


def test_the_cut_waits_for_every_qualifying_round_and_checks_the_number():
    stage = stage_with_field(8, settings={"rounds": 2})
    with pytest.raises(StateError, match="nothing to cut"):
        brackets.event_cut(event=stage.event)
    rounds.round_release(round=rounds.round_generate(stage=stage))
    with pytest.raises(StateError, match="round 1 of Qualifying not closed"):
        brackets.event_cut(event=stage.event)
    # Distinct margins, so the standings have no unbroken tie at the cut line.
    for index, match in enumerate(Match.objects.filter(stage=stage).order_by("table")):
        play_match(match, loser_total=95 + index)
    rounds.round_close(round=stage.rounds.get())
    with pytest.raises(EntryError) as bad:
        brackets.event_cut(event=stage.event, qualifiers=9)
    assert bad.value.field == "qualifiers"
    assert len(brackets.event_cut(event=stage.event).settings["seeds"]) == 2


def test_the_cut_leaves_out_withdrawn_entries():
    stage = qualify(8)
    leader = selectors.event_standings(event=stage.event, stage=stage)[0]["entry"]
    events.entry_withdraw(entry=stage.event.entries.get(pk=leader))
    seeds = brackets.event_cut(event=stage.event).settings["seeds"]
    assert leader not in seeds
    assert len(seeds) == 2  # ceil(7 / 4)


# -- building and advancing ---------------------------------------------------------------


def test_a_bracket_of_six_gives_the_top_two_seeds_byes_into_a_full_round_two():
    stage = bracket_stage(6)
    seeds = stage.settings["seeds"]
    first = list(Match.objects.filter(stage=stage, bracket_round=1).order_by("bracket_slot"))
    assert [(m.seed_a, m.seed_b) for m in first] == [(1, None), (4, 5), (2, None), (3, 6)]
    assert [m.is_bye for m in first] == [True, False, True, False]
    assert [(m.status, m.winner_id) for m in first if m.is_bye] == [
        (MatchStatus.DECIDED, seeds[0]), (MatchStatus.DECIDED, seeds[1])]
    top, bottom = row(stage, "winners", 2, 1), row(stage, "winners", 2, 2)
    assert (top.side_a_id, top.side_b_id, top.seed_a) == (seeds[0], None, 1)
    assert (bottom.side_a_id, bottom.side_b_id) == (seeds[1], None)
    assert [(m.winner_to_id, m.winner_to_side) for m in first] == [
        (top.pk, "a"), (top.pk, "b"), (bottom.pk, "a"), (bottom.pk, "b")]
    assert top.winner_to_id == row(stage, "winners", 3, 1).pk
    assert {(m.format, m.format_n) for m in Match.objects.filter(stage=stage)} == {("best_of", 3)}
    assert stage.status == StageStatus.RUNNING
    with pytest.raises(StateError, match="already has its bracket"):
        brackets.bracket_create(stage=stage)


def test_a_best_of_three_decided_through_the_reports_advances_the_winner():
    stage = bracket_stage(4)
    semi = row(stage, "winners", 1, 1)
    final = row(stage, "winners", 2, 1)
    report(semi, 1, semi.side_b_id)
    report(semi, 2, semi.side_a_id)
    final.refresh_from_db()
    assert final.side_a_id is None  # 1-1: not decided yet
    report(semi, 3, semi.side_b_id)
    semi.refresh_from_db()
    final.refresh_from_db()
    assert (semi.status, semi.winner_id) == (MatchStatus.DECIDED, semi.side_b_id)
    assert (final.side_a_id, final.seed_a) == (semi.side_b_id, 4)
    other = row(stage, "winners", 1, 2)
    play_match(other)
    play_match(row(stage, "winners", 2, 1))
    stage.refresh_from_db()
    assert stage.status == StageStatus.FINISHED
    champion = selectors.bracket_champion(selectors.bracket_matches(stage=stage))
    assert champion.pk == semi.side_b_id


def test_the_third_place_match_gets_the_semi_final_losers():
    stage = bracket_stage(4, third_place=True)
    semis = [row(stage, "winners", 1, 1), row(stage, "winners", 1, 2)]
    for semi in semis:
        play_match(semi)
    third = row(stage, "third", 1, 1)
    assert (third.side_a_id, third.side_b_id) == (semis[0].side_b_id, semis[1].side_b_id)
    play_match(row(stage, "winners", 2, 1))
    stage.refresh_from_db()
    assert stage.status == StageStatus.FINISHED  # the final decides; third place may still be played
    play_match(third)
    third.refresh_from_db()
    assert third.status == MatchStatus.DECIDED


def test_double_elimination_drops_losers_fills_byes_and_skips_an_unneeded_reset():
    stage = bracket_stage(3, kind=StageKind.DOUBLE_ELIMINATION, best_of=1)
    seeds = stage.settings["seeds"]
    opening = row(stage, "winners", 1, 2)  # 2 v 3; seed 1 has the bye
    assert (opening.seed_a, opening.seed_b) == (2, 3)
    play_match(opening)
    # The loser of 2 v 3 drops into a losers-bracket bye, decided at once, and goes on.
    waiting = Match.objects.filter(stage=stage, bracket="losers", is_bye=True).get()
    assert (waiting.side_a_id, waiting.status, waiting.winner_id) == (seeds[2], MatchStatus.DECIDED, seeds[2])
    play_match(row(stage, "winners", 2, 1))  # 1 beats 2
    losers_final = Match.objects.filter(stage=stage, bracket="losers", is_bye=False).get()
    assert set(losers_final.side_ids) == {seeds[1], seeds[2]}
    play_match(losers_final, winner=seeds[2])
    grand = row(stage, "final", 1, 1)
    assert (grand.side_a_id, grand.side_b_id) == (seeds[0], seeds[2])
    play_match(grand)  # the winners' champion wins: no reset
    reset = row(stage, "final", 2, 1)
    assert "not needed" in reset.flags["bracket"]
    assert reset.side_a_id is None
    stage.refresh_from_db()
    assert stage.status == StageStatus.FINISHED
    assert selectors.bracket_champion(selectors.bracket_matches(stage=stage)).pk == seeds[0]


def test_a_correction_that_changes_a_winner_lists_the_later_matches_and_resets_them_only_when_confirmed():
    stage = bracket_stage(4)
    semi = row(stage, "winners", 1, 1)
    report(semi, 1, semi.side_a_id, key="s")
    report(semi, 2, semi.side_a_id, key="s")
    play_match(row(stage, "winners", 1, 2))
    final = row(stage, "winners", 2, 1)
    report(final, 1, final.side_a_id, key="f")  # the final has started
    final_sides = (final.side_a_id, final.side_b_id)
    assert [m.pk for m in brackets.bracket_reset_preview(match=semi)] == [final.pk]

    game = Game.objects.get(match=semi, number=2)
    totals = {str(semi.side_a_id): 100, str(semi.side_b_id): 121}
    # A correction that keeps the winner touches nothing later.
    results.game_resolve(game=game, totals={str(semi.side_a_id): 121, str(semi.side_b_id): 95}, user=None,
                         reason="loser's total misread")
    with pytest.raises(StateError) as refused:
        results.game_resolve(game=game, totals=totals, user=None, reason="scorecard checked")
    message = str(refused.value)
    assert refused.value.field == "confirm_reset"
    assert "round 2 match 1" in message
    assert final.side_a.name in message
    game.refresh_from_db()
    assert game.winner_id == semi.side_a_id  # nothing changed
    assert Game.objects.filter(match=final).count() == 1

    results.game_resolve(game=game, totals=totals, user=None, reason="scorecard checked", confirm_reset=True)
    semi.refresh_from_db()
    final.refresh_from_db()
    assert semi.status == MatchStatus.PLAYING  # 1-1 now: game 3 decides
    assert final.side_a_id is None
    assert final.status == MatchStatus.PENDING
    assert not Game.objects.filter(match=final).exists()
    assert not Report.objects.filter(match=final).exists()
    # What the reset deleted stays in the corrected match's audit trail.
    kept = GameChange.objects.filter(game__match=semi, reason__startswith="bracket reset").get()
    [voided] = kept.before["reset_matches"]
    assert voided["match"] == final.pk
    assert [(g["number"], g["totals"][:2]) for g in voided["games"]] == [(1, [121, 100])]
    assert sorted(r["key"] for r in voided["reports"]) == sorted(f"f-1-{side}" for side in final_sides)
    assert kept.channel == "director"
    report(semi, 3, semi.side_b_id, key="s")
    final.refresh_from_db()
    assert final.side_a_id == semi.side_b_id


def test_the_cut_and_bracket_settings_are_checked():
    stage = stage_with_field(4)
    seeds = list(stage.event.entries.values_list("id", flat=True))
    even = events.stage_create(event=stage.event, name="P", kind=StageKind.SINGLE_ELIMINATION,
                               settings={"seeds": seeds, "best_of": 2})
    with pytest.raises(EntryError) as bad:
        brackets.bracket_create(stage=even)
    assert bad.value.field == "settings.best_of"
    empty = events.stage_create(event=stage.event, name="Q", kind=StageKind.SINGLE_ELIMINATION)
    with pytest.raises(StateError, match="make the cut first"):
        brackets.bracket_create(stage=empty)
    with pytest.raises(StateError, match="not a bracket stage"):
        brackets.bracket_create(stage=stage)


def _four_level_winners():
    """Eight players, one round: every winner 121-100, so the four winners are level on
    every tie-breaker (they never met) and the cut of two splits them."""
    stage = stage_with_field(8, settings={"rounds": 1})
    round_ = rounds.round_generate(stage=stage)
    rounds.round_release(round=round_)
    for match in Match.objects.filter(round=round_):
        play_match(match)
    rounds.round_close(round=round_)
    winners = list(Match.objects.filter(round=round_).order_by("table").values_list("winner_id", flat=True))
    return stage.event, winners


def test_a_cut_inside_an_unbroken_tie_needs_a_playoff():
    from tournaments.errors import CutTieError

    event, winners = _four_level_winners()
    with pytest.raises(CutTieError) as refused:
        brackets.event_cut(event=event)
    assert sorted(refused.value.tied) == sorted(winners)
    assert refused.value.field == "tie_order"
    assert "play it off" in str(refused.value).lower()
    assert "cut at 0 or 4" in str(refused.value)

    playoff = [winners[2], winners[0], winners[3], winners[1]]
    stage = brackets.event_cut(event=event, tie_order=playoff)
    assert stage.settings["seeds"] == playoff[:2]
    # Or the director keeps the group whole.
    assert sorted(brackets.event_cut(event=event, qualifiers=4).settings["seeds"]) == sorted(winners)


def test_a_playoff_order_must_name_entries_of_the_standings():
    event, winners = _four_level_winners()
    with pytest.raises(EntryError) as refused:
        brackets.event_cut(event=event, tie_order=[winners[0], 999999])
    assert refused.value.field == "tie_order"


def test_the_cut_endpoint_takes_the_playoff_order(client):
    from tests.factories import DirectorFactory, token_for

    event, winners = _four_level_winners()
    auth = {"HTTP_AUTHORIZATION": f"Token {token_for(DirectorFactory())}"}
    refused = client.post(f"/api/v1/events/{event.pk}/cut/", {}, content_type="application/json", **auth)
    assert refused.status_code == 409
    assert "tie_order" in refused.json()["errors"]
    done = client.post(f"/api/v1/events/{event.pk}/cut/", {"tie_order": winners[::-1]},
                       content_type="application/json", **auth)
    assert done.status_code == 200, done.json()
    assert [q["entry"] for q in done.json()["qualifiers"]] == winners[::-1][:2]


def test_playable_bracket_matches_get_tables_no_other_match_is_using():
    stage = stage_with_field(12, settings={"rounds": 1, "consolation": True})
    round_ = rounds.round_generate(stage=stage)
    rounds.round_release(round=round_)
    for index, match in enumerate(Match.objects.filter(round=round_).order_by("table")):
        play_match(match, loser_total=90 + index)
    rounds.round_close(round=round_)
    playoffs = brackets.event_cut(event=stage.event, qualifiers=4)
    brackets.playoffs_start(event=stage.event)
    consolation = Stage.objects.get(event=stage.event, order=playoffs.order + 1)

    def playing() -> list[Match]:
        return list(Match.objects.filter(event=stage.event, is_bye=False).exclude(bracket="")
                    .exclude(status=MatchStatus.DECIDED).exclude(side_b__isnull=True))

    live = playing()
    tables = [match.table for match in live]
    assert None not in tables
    assert len(set(tables)) == len(tables)  # playoffs and consolation never share a table
    assert {match.table for match in live if match.stage_id == playoffs.pk} == {1, 2}

    final = Match.objects.get(stage=playoffs, bracket_round=2)
    assert final.table is None  # waiting for its sides
    for semi in Match.objects.filter(stage=playoffs, bracket_round=1):
        play_match(semi)
    final.refresh_from_db()
    assert final.table is not None
    assert final.table not in {m.table for m in playing() if m.stage_id == consolation.pk}

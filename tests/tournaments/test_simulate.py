"""End to end: simulated events played through the services, from the first round to a champion."""
from __future__ import annotations

from collections import Counter
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournaments import selectors
from tournaments.models import (
    Game,
    GameOutcome,
    GameState,
    Match,
    MatchStatus,
    Report,
    RoundStatus,
    Stage,
    StageStatus,
)
from tournaments.simulation import simulate_event

pytestmark = pytest.mark.django_db


def test_a_64_player_acc_event_runs_from_the_first_round_to_a_champion():
    result = simulate_event(players=64, format="acc", seed=1)
    event = result.event
    qualifying, playoffs, consolation = Stage.objects.filter(event=event).order_by("order")

    # Qualifying: 8 closed rounds of 32 two-game matches, every opponent different.
    assert list(qualifying.rounds.values_list("status", flat=True)) == [RoundStatus.CLOSED] * 8
    pairs = [frozenset(pair) for pair in Match.objects.filter(stage=qualifying).values_list("side_a", "side_b")]
    assert len(pairs) == 8 * 32
    assert len(set(pairs)) == len(pairs)
    standings = selectors.event_standings(event=event, stage=qualifying)
    assert len(standings) == 64
    assert {row["games_played"] for row in standings} == {16}
    assert sum(row["won"] for row in standings) == sum(row["lost"] for row in standings) == 8 * 32 * 2
    assert sum(row["spread"] for row in standings) == 0
    assert [row["rank"] for row in standings] == sorted(row["rank"] for row in standings)

    # The cut: 16 qualifiers in qualifying order, the other 48 to the consolation.
    order = [row["entry"] for row in standings]
    assert playoffs.settings["seeds"] == order[:16]
    assert consolation.settings["seeds"] == order[16:]
    assert qualifying.status == StageStatus.FINISHED

    # The playoffs: 16 seeds, no byes, best of 3, every match decided, the champion won the final.
    bracket = list(Match.objects.filter(stage=playoffs))
    assert len(bracket) == 15
    assert not any(match.is_bye for match in bracket)
    assert all(match.status == MatchStatus.DECIDED for match in bracket)
    first_round = sorted((m for m in bracket if m.bracket_round == 1), key=lambda m: m.bracket_slot)
    assert all(m.seed_a + m.seed_b == 17 for m in first_round)
    wins = Counter(Game.objects.filter(match__stage=playoffs, state=GameState.CONFIRMED)
                   .values_list("match_id", "winner_id"))
    assert all(wins[(match.pk, match.winner_id)] == 2 for match in bracket)
    final = next(match for match in bracket if match.bracket_round == 4)
    assert result.champion is not None
    assert final.winner_id == result.champion.pk
    assert playoffs.status == StageStatus.FINISHED

    # The consolation: 48 seeds in a bracket of 64, the top 16 with byes, and a winner.
    consolation_matches = list(Match.objects.filter(stage=consolation))
    assert sum(match.is_bye for match in consolation_matches) == 16
    assert all(match.status == MatchStatus.DECIDED for match in consolation_matches)
    assert consolation.status == StageStatus.FINISHED
    assert result.consolation_winner is not None
    assert result.consolation_winner.pk in consolation.settings["seeds"]

    # Every played game was reported by both sides and confirmed.
    played = Game.objects.filter(match__event=event, outcome=GameOutcome.PLAYED)
    assert not played.exclude(state=GameState.CONFIRMED).exists()
    assert Report.objects.filter(match__event=event).count() == 2 * played.count() == 2 * result.games


def test_a_club_night_is_a_random_draw_of_nine_rounds_with_fair_sit_outs():
    result = simulate_event(players=11, format="clubnight", seed=7)
    stage = Stage.objects.get(event=result.event)
    assert stage.rounds.count() == 9
    pairs = [frozenset(pair) for pair in
             Match.objects.filter(stage=stage, is_bye=False).values_list("side_a", "side_b")]
    assert len(pairs) == 9 * 5
    assert len(set(pairs)) == len(pairs)
    sat_out = list(Match.objects.filter(stage=stage, is_bye=True).values_list("side_a", flat=True))
    assert len(sat_out) == len(set(sat_out)) == 9
    assert result.champion.pk == result.standings[0]["entry"]


def test_the_command_prints_the_champion_and_the_standings():
    out = StringIO()
    call_command("simulate_event", "--players", "8", "--format", "acc", "--seed", "3", stdout=out)
    text = out.getvalue()
    assert "Champion: Sim 3-" in text
    assert "Qualifying standings, top 8:" in text
    assert "Time:" in text
    with pytest.raises(CommandError, match="at least 4 players"):
        call_command("simulate_event", "--players", "2", stdout=StringIO())

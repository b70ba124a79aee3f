"""Random legal play-outs of the pegging, for property tests, benchmarks and simulations.

Written from the rules alone, not from ``scoring.play``, so it can check that engine:
whoever is to play lays a random card that fits, or says go when none does; a count
closes at 31 or when nobody still in it can play; the next count is led by the first
player after the last card's player who still holds a card; five-card stops after
the first count. Pure Python.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from scoring.cards import Card
from scoring.rules import GameKind

GO = None  # a play of "go", as scoring.play takes it
Play = tuple[int, Card | None]


def legal_playout(hands: Sequence[Sequence[Card]], kind: GameKind, rng: random.Random) -> list[Play]:
    """One random legal sequence of plays for these hands (player 0 leads)."""
    players = len(hands)
    held = [list(hand) for hand in hands]
    sequence: list[Play] = []
    count, gone, turn, last = 0, set(), 0, 0

    def after(player: int) -> list[int]:
        return [(player + step) % players for step in range(1, players + 1)]

    while any(held):
        fits = [item for item in held[turn] if count + item.value <= 31]
        if fits:
            chosen = rng.choice(fits)
            held[turn].remove(chosen)
            sequence.append((turn, chosen))
            count += chosen.value
            last = turn
        else:
            sequence.append((turn, GO))
            gone.add(turn)
        still_in = [other for other in after(turn) if held[other] and other not in gone]
        if count == 31 or not still_in:
            if not kind.pegging_restarts:
                break
            count, gone = 0, set()
            turn = next((other for other in after(last) if held[other]), last)
        else:
            turn = still_in[0]
    return sequence

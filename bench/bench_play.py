"""Pegging engine benchmark: whole play sequences scored per second.

Usage: ``.venv/bin/python bench/bench_play.py`` from the repository root.

A fixed, seeded set of 20,000 deals (a quarter each of six-card, five-card,
three-player and four-player), each played out legally at random with every go
said aloud. Measured, best of three passes:

* ``score_play`` with the hands (every renege and card-not-held check on), and
  without them;
* ``answer_play_request`` on the JSON-shaped requests (parsing included);
* ``manage.py score_play --json`` as a subprocess fed the same requests as JSON
  lines, Django start-up included (one pass).

The sum of all totals is printed as a checksum on every path. No target is set
in an issue yet; exits 1 only if the paths disagree or a legal play reports an error.
"""
from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scoring.cards import DECK, Card  # noqa: E402
from scoring.play import GO, answer_play_request, score_play  # noqa: E402
from scoring.playout import legal_playout  # noqa: E402
from scoring.rules import FIVE_CARD, FOUR_PLAYER, SIX_CARD, THREE_PLAYER, GameKind  # noqa: E402

SEQUENCES = 20_000
SEED = 20261122
KINDS = (SIX_CARD, FIVE_CARD, THREE_PLAYER, FOUR_PLAYER)

Play = tuple[int, Card | None]


def deals() -> list[tuple[GameKind, list[list[Card]], list[Play]]]:
    rng = random.Random(SEED)
    dealt = []
    for index in range(SEQUENCES):
        kind = KINDS[index % len(KINDS)]
        cards = rng.sample(DECK, kind.players * kind.hand_size)
        size = kind.hand_size
        hands = [cards[player * size:(player + 1) * size] for player in range(kind.players)]
        dealt.append((kind, hands, legal_playout(hands, kind, rng)))
    return dealt


def request(kind: GameKind, hands: list[list[Card]], sequence: list[Play]) -> dict:
    return {
        "players": kind.players,
        "game": kind.key,
        "plays": [[player, "go" if item is GO else item.code] for player, item in sequence],
        "hands": [[item.code for item in hand] for hand in hands],
    }


def best_of_three(run) -> tuple[float, int]:
    times, checksum = [], None
    for _ in range(3):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
        assert checksum is None or result == checksum, "passes disagree"
        checksum = result
    return min(times), checksum


def main() -> int:
    dealt = deals()
    requests = [request(*deal) for deal in dealt]
    plays_total = sum(len(sequence) for _, _, sequence in dealt)

    def with_hands() -> int:
        total = 0
        for kind, hands, sequence in dealt:
            result = score_play(sequence, players=kind.players, hands=hands, kind=kind)
            assert not result.errors, result.errors
            total += sum(result.totals)
        return total

    def without_hands() -> int:
        return sum(
            sum(score_play(sequence, players=kind.players, kind=kind).totals)
            for kind, _, sequence in dealt
        )

    def adapter() -> int:
        return sum(sum(answer_play_request(body)["totals"]) for body in requests)

    hands_time, hands_sum = best_of_three(with_hands)
    bare_time, bare_sum = best_of_three(without_hands)
    json_time, json_sum = best_of_three(adapter)

    feed = b"".join(json.dumps(body).encode() + b"\n" for body in requests)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "manage.py", "score_play", "--json"], cwd=ROOT, input=feed,
        capture_output=True, check=True,
    )
    batch_time = time.perf_counter() - start
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    batch_sum = sum(sum(answer["totals"]) for answer in answers)

    print(f"{SEQUENCES:,} legal sequences, {plays_total:,} plays, seed {SEED}")
    print(f"checksum (sum of totals): {hands_sum:,}")
    print(f"score_play with hands       {SEQUENCES / hands_time:>10,.0f} sequences/s")
    print(f"score_play without hands    {SEQUENCES / bare_time:>10,.0f} sequences/s")
    print(f"answer_play_request (JSON)  {SEQUENCES / json_time:>10,.0f} sequences/s")
    print(f"score_play --json batch     {SEQUENCES / batch_time:>10,.0f} sequences/s "
          f"({batch_time:.2f} s, start-up included)")
    agree = hands_sum == bare_sum == json_sum == batch_sum and len(answers) == SEQUENCES
    if not agree:
        print(f"paths disagree: {hands_sum} {bare_sum} {json_sum} {batch_sum}")
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())

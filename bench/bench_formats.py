"""Benchmarks of the format engines, each printed next to the target it is held to.

Usage: ``.venv/bin/python bench/bench_formats.py`` (from the repository root).
Targets (formats issue): a 1,000-entrant x 22-round round-robin or rotation
schedule under 1 s; a Swiss round of 200 entrants under 1 s and of 1,000 under
5 s, after realistic history (8 simulated rounds) and with zero rematches; a
1,024-seed bracket under 100 ms. Each figure is the median of a few runs, so
one hiccup on the shared machine does not decide it. Exit status 1 if a target
is missed.
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.formats.brackets import double_elimination, single_elimination
from tournaments.formats.round_robin import rotation, round_robin
from tournaments.formats.swiss import swiss_round

RUNS = 3


def require(condition: bool, message: str) -> None:
    """Like assert, but not stripped by ``python -O``: a wrong result is never a fast one."""
    if not condition:
        raise SystemExit(f"benchmark result is wrong: {message}")


def timed(action: Callable[[], object], runs: int = RUNS) -> tuple[float, object]:
    """Median wall-clock seconds of ``runs`` calls, and the last result."""
    times = []
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def swiss_history(entrants: int, rounds: int, seed: int = 2026):
    """Standings, past meetings and byes after ``rounds`` simulated Swiss rounds."""
    rng = random.Random(seed)
    points = dict.fromkeys(range(1, entrants + 1), 0)
    played: list[tuple[int, int]] = []
    byes: list[int] = []
    for number in range(1, rounds + 1):
        standings = sorted(points.items(), key=lambda kv: (-kv[1], kv[0]))
        draw = swiss_round(standings, number=number, played=played, byes=byes)
        for pairing in draw.pairings:
            if pairing.b is None:
                byes.append(pairing.a)
                points[pairing.a] += 2
                continue
            played.append((pairing.a, pairing.b))
            # ACC game points: 2 for a win, 3 for a skunk win (about 1 game in 8).
            winner = pairing.a if rng.random() < 0.55 else pairing.b
            points[winner] += 3 if rng.random() < 0.125 else 2
    standings = sorted(points.items(), key=lambda kv: (-kv[1], kv[0]))
    return standings, played, byes


def main() -> int:
    rows: list[tuple[str, float, float]] = []

    seconds, schedule = timed(lambda: round_robin(range(1, 1001), rounds=22))
    require(len(schedule) == 22 and all(len(d.matches) == 500 for d in schedule), "round robin")
    rows.append(("round robin, 1,000 entrants x 22 rounds (circle)", seconds, 1.0))
    seconds, schedule = timed(lambda: rotation(range(1, 1001), rounds=22))
    require(len(schedule) == 22 and all(len(d.matches) == 500 for d in schedule), "rotation")
    rows.append(("rotation, 1,000 entrants x 22 rounds (fixed seats)", seconds, 1.0))

    for entrants, target in ((200, 1.0), (1000, 5.0)):
        standings, played, byes = swiss_history(entrants, rounds=8)
        seconds, draw = timed(
            lambda s=standings, p=played, b=byes: swiss_round(s, number=9, played=p, byes=b)
        )
        past = {frozenset(pair) for pair in played}
        rematches = sum(frozenset(p.entrants) in past for p in draw.matches)
        require(rematches == 0, f"{rematches} rematches in the Swiss round of {entrants}")
        rows.append((f"Swiss round 9 of {entrants:,} entrants (after 8 rounds), 0 rematches", seconds, target))

    seconds, bracket = timed(lambda: single_elimination(range(1, 1025), third_place=True), runs=5)
    require(len(bracket.matches) == 1024, "1,023 matches and the third-place match")
    rows.append(("single elimination, 1,024 seeds (+ third place)", seconds, 0.1))
    seconds, bracket = timed(lambda: double_elimination(range(1, 1025)), runs=5)
    rows.append(("double elimination, 1,024 seeds (+ reset)", seconds, 0.1))

    missed = 0
    print(f"{'what':<66} {'figure':>10} {'target':>9}")
    for what, seconds, target in rows:
        ok = seconds < target
        missed += not ok
        print(f"{what:<66} {seconds * 1000:>8.1f}ms {'<':>2}{target * 1000:>5.0f}ms {'ok' if ok else 'MISSED'}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())

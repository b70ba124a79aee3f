"""Scoring engine benchmark: crib_stats end to end, the show engine, and the batch CLI.

Usage: ``.venv/bin/python bench/bench_scoring.py`` from the repository root.

* ``crib_stats``: ``manage.py crib_stats --json`` run as a subprocess (Django
  start-up included, both distributions), best and worst of three.
* ``show_total`` / ``score_show``: hands per second over a fixed, seeded set of
  100,000 distinct hand+starter deals (a quarter scored as cribs). The sum of the
  totals is printed as a checksum, so the work is visibly done and the two paths
  are seen to agree. The first ``show_total`` pass also fills the rank table
  (6,175 entries): the figure is the best of three passes, with that cold first
  pass shown beside it.
* ``score_hand`` batch: a subprocess fed the same 100,000 deals as JSON lines,
  start-up included; its answers are counted and summed against the checksum.

Exits 1 if a figure misses its target.
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
from scoring.show import score_show, show_total  # noqa: E402

HANDS = 100_000
SEED = 20261122
PYTHON = sys.executable


def deals() -> list[tuple[tuple[Card, ...], Card, bool]]:
    rng = random.Random(SEED)
    seen: set[tuple[frozenset[Card], Card]] = set()
    dealt = []
    while len(dealt) < HANDS:
        five = rng.sample(DECK, 5)
        hand, starter = tuple(five[:4]), five[4]
        key = (frozenset(hand), starter)
        if key in seen:
            continue
        seen.add(key)
        dealt.append((hand, starter, len(dealt) % 4 == 0))
    return dealt


def time_passes(run, passes: int = 3) -> tuple[float, float, int]:
    """(first pass seconds, best pass seconds, checksum)."""
    times = []
    checksum = None
    for _ in range(passes):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
        assert checksum is None or result == checksum, "passes disagree"
        checksum = result
    return times[0], min(times), checksum


def bench_crib_stats() -> tuple[float, float]:
    times = []
    for _ in range(3):
        start = time.perf_counter()
        done = subprocess.run(
            [PYTHON, "manage.py", "crib_stats", "--json"], cwd=ROOT, capture_output=True,
            check=True,
        )
        times.append(time.perf_counter() - start)
        data = json.loads(done.stdout)
        assert data["hand"]["combinations"] == data["crib"]["combinations"] == 12_994_800
        assert data["hand"]["counts"]["29"] == 4
    return min(times), max(times)


def bench_batch(dealt, checksum: int) -> float:
    feed = b"".join(
        json.dumps(
            {"hand": [c.code for c in hand], "starter": starter.code, "crib": crib}
        ).encode() + b"\n"
        for hand, starter, crib in dealt
    )
    start = time.perf_counter()
    done = subprocess.run(
        [PYTHON, "manage.py", "score_hand"], cwd=ROOT, input=feed, capture_output=True,
        check=True,
    )
    elapsed = time.perf_counter() - start
    answers = done.stdout.splitlines()
    assert len(answers) == len(dealt), "one answer per line"
    total = sum(json.loads(line)["total"] for line in answers)
    assert total == checksum, f"batch checksum {total} != {checksum}"
    return len(dealt) / elapsed


def main() -> int:
    dealt = deals()

    def run_totals() -> int:
        total = 0
        for hand, starter, crib in dealt:
            total += show_total(hand, starter, crib=crib)
        return total

    def run_shows() -> int:
        total = 0
        for hand, starter, crib in dealt:
            total += score_show(hand, starter, crib=crib).total
        return total

    fast_first, fast_best, fast_sum = time_passes(run_totals)
    _, show_best, show_sum = time_passes(run_shows)
    assert fast_sum == show_sum, "show_total and score_show disagree"
    stats_best, stats_worst = bench_crib_stats()
    batch_rate = bench_batch(dealt, fast_sum)

    rows = [
        ("crib_stats --json, end to end", f"{stats_best:.2f} s (worst {stats_worst:.2f} s)",
         "< 2 s", stats_worst < 2.0),
        ("show_total", f"{HANDS / fast_best:,.0f} hands/s (cold table {HANDS / fast_first:,.0f})",
         ">= 100,000 hands/s", HANDS / fast_best >= 100_000),
        ("score_show", f"{HANDS / show_best:,.0f} hands/s",
         "(none; feeds the batch CLI)", True),
        ("score_hand batch, end to end", f"{batch_rate:,.0f} hands/s",
         ">= 20,000 hands/s", batch_rate >= 20_000),
    ]
    print(f"{HANDS:,} distinct deals, seed {SEED}; checksum (sum of totals) {fast_sum:,}")
    for what, figure, target, met in rows:
        print(f"  {what:<32} {figure:<44} target {target:<28} {'ok' if met else 'MISSED'}")
    return 0 if all(met for *_, met in rows) else 1


if __name__ == "__main__":
    sys.exit(main())

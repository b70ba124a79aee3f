"""Standings for 1,000 entries with 22 games each (11,000 confirmed games), from the database.

Builds the field in a throw-away SQLite file (11 round-robin rounds, two games per
opponent), then times ``selectors.event_standings``: the three queries (event with
its rule set, the confirmed games with their sides, the entries' names) plus the pure
engine (scoring every game, ten metrics, the ACC tie-break). Target: under 300 ms.

Usage: ``.venv/bin/python bench/bench_standings.py [--runs 7]``
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENTRIES = 1000
ROUNDS = 11
GAMES_PER_OPPONENT = 2
TARGET_MS = 300.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="pegboard-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection, reset_queries

    from tournaments import selectors
    from tournaments.models import Entry, Game, GameState, Match, Player
    from tournaments.services import events

    call_command("migrate", verbosity=0)
    rng = random.Random(1)
    event = events.event_create(name="Benchmark Open", rules="acc", status="open")
    players = Player.objects.bulk_create(Player(name=f"Player {i:04d}") for i in range(ENTRIES))
    entries = Entry.objects.bulk_create(Entry(event=event, player=player) for player in players)
    positions = list(range(1, ENTRIES))
    matches = []
    for round_index in range(ROUNDS):
        rotated = [0, *positions[round_index:], *positions[:round_index]]
        for i in range(ENTRIES // 2):
            a, b = entries[rotated[i]], entries[rotated[ENTRIES - 1 - i]]
            matches.append(Match(event=event, side_a=a, side_b=b, format="games", format_n=GAMES_PER_OPPONENT))
    matches = Match.objects.bulk_create(matches, batch_size=2000)
    games = []
    for match in matches:
        for number in range(1, GAMES_PER_OPPONENT + 1):
            loser = rng.choice([rng.randint(91, 120)] * 7 + [rng.randint(61, 90)] * 2 + [rng.randint(30, 60)])
            a_wins = rng.random() < 0.5
            total_a, total_b = (121, loser) if a_wins else (loser, 121)
            games.append(Game(match=match, number=number, state=GameState.CONFIRMED, total_a=total_a,
                              total_b=total_b, winner_id=match.side_a_id if a_wins else match.side_b_id))
    Game.objects.bulk_create(games, batch_size=2000)
    assert Game.objects.filter(match__event=event, state=GameState.CONFIRMED).count() == ENTRIES * 22 // 2

    event = selectors.event_get(event_id=event.pk)
    selectors.event_standings(event=event)  # warm the import and the SQLite page cache
    timings = []
    for _ in range(args.runs):
        event = selectors.event_get(event_id=event.pk)
        reset_queries()
        start = time.perf_counter()
        rows = selectors.event_standings(event=event)
        timings.append((time.perf_counter() - start) * 1000)
    assert len(rows) == ENTRIES
    assert all(row["games_played"] == ROUNDS * GAMES_PER_OPPONENT for row in rows)
    connection.close()
    shutil.rmtree(workdir, ignore_errors=True)

    median = statistics.median(timings)
    print(f"standings: {ENTRIES} entries, {len(games)} confirmed games, {args.runs} runs on SQLite")
    print(f"  median {median:.1f} ms, best {min(timings):.1f} ms, worst {max(timings):.1f} ms "
          f"(target < {TARGET_MS:.0f} ms)")
    print(f"  leader: {rows[0]['name']} {rows[0]['game_points']} game points, spread {rows[0]['spread']}")
    ok = median < TARGET_MS
    print("  OK" if ok else "  TOO SLOW")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

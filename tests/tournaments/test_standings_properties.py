"""Properties of the standings engine on random fields (hypothesis)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments import rules as r
from tournaments.standings import GameRecord, compute_standings

ENTRIES = list(range(1, 9))


@st.composite
def games(draw, target: int) -> GameRecord:
    a, b = draw(st.lists(st.sampled_from(ENTRIES), min_size=2, max_size=2, unique=True))
    loser = draw(st.integers(min_value=0, max_value=target - 1))
    return GameRecord((a, b), (target, loser) if draw(st.booleans()) else (loser, target))


@st.composite
def fields(draw) -> tuple[str, list[GameRecord]]:
    preset = draw(st.sampled_from(["acc", "free-play", "legs", "five-card"]))
    return preset, draw(st.lists(games(r.PRESETS[preset].target), max_size=40))


@settings(max_examples=150, deadline=None)
@given(fields())
def test_standings_invariants(field):
    preset, records = field
    rules = r.PRESETS[preset]
    rows = compute_standings(records, rules, entries=ENTRIES)
    assert sorted(row.entry for row in rows) == ENTRIES
    # Every game is played by two entries, won once and lost once; spread sums to zero.
    assert sum(row.values["games_played"] for row in rows) == 2 * len(records)
    assert sum(row.values["won"] for row in rows) == len(records)
    assert sum(row.values["lost"] for row in rows) == len(records)
    assert sum(row.values["spread"] for row in rows) == 0
    assert sum(row.values["skunks_given"] for row in rows) == sum(row.values["skunks_taken"] for row in rows)
    # Ranks never go down the table, a rank is shared only by tied rows, and rank =
    # 1 + the number of entries ahead.
    for position, row in enumerate(rows):
        ahead = sum(1 for other in rows if other.rank < row.rank)
        assert row.rank == ahead + 1
        assert row.rank <= position + 1
        shared = [other for other in rows if other.rank == row.rank]
        assert (len(shared) > 1) == row.tie
    first_key = rules.tie_breakers[0]
    values = [row.values[first_key] for row in rows]
    assert values == sorted(values, reverse=True)

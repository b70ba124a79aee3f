"""Circle method and fixed-seat rotation: every pair once, nobody twice a round, seats kept."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.formats.helpers import all_pairs, assert_round_is_sound, meetings
from tournaments.formats.errors import FormatError
from tournaments.formats.pairing import BYE, STATIONARY, render_schedule
from tournaments.formats.round_robin import rotation, round_robin

SIZES = st.integers(min_value=2, max_value=300)


@settings(max_examples=25, deadline=None)
@given(n=SIZES, games=st.sampled_from([1, 2]))
def test_full_round_robin_meets_every_pair_exactly_once(n, games):
    field = list(range(100, 100 + n))
    rounds = round_robin(field, games_per_opponent=games)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    for draw in rounds:
        assert_round_is_sound(draw, set(field))
    met = meetings(rounds)
    assert set(met) == all_pairs(field)
    assert set(met.values()) == {1}
    byes = Counter(e for draw in rounds for e in draw.sitting_out)
    # Odd count: everybody has exactly one bye over the full schedule; even: none.
    assert byes == (Counter(field) if n % 2 else Counter())


@settings(max_examples=25, deadline=None)
@given(data=st.data(), n=SIZES)
def test_partial_round_robin_never_repeats_an_opponent(data, n):
    full = n - 1 if n % 2 == 0 else n
    count = data.draw(st.integers(min_value=1, max_value=full))
    rounds = round_robin(range(n), rounds=count)
    assert [d.number for d in rounds] == list(range(1, count + 1))
    assert set(meetings(rounds).values()) == {1}
    byes = Counter(e for draw in rounds for e in draw.sitting_out)
    assert all(times == 1 for times in byes.values())  # no second bye before the cycle ends


def test_two_games_per_opponent_alternate_the_first_deal():
    rounds = round_robin(["ann", "bob", "cy", "di"], games_per_opponent=2)
    for pairing in (p for draw in rounds for p in draw.matches):
        assert pairing.games == 2
        assert pairing.first_dealers == (pairing.a, pairing.b)
    one_game = round_robin(["ann", "bob"])[0].pairings[0]
    assert (one_game.games, one_game.first_dealers) == (1, ())


def test_the_fixed_circle_seat_alternates_sides():
    # Seat 0 of the circle never moves; without alternation it would always be a.
    sides = [next(p for p in d.matches if 0 in p.entrants).a == 0 for d in round_robin(range(8))]
    assert sides.count(True) == 4
    assert sides.count(False) == 3


def test_odd_count_gives_a_bye_each_round():
    rounds = round_robin([1, 2, 3, 4, 5])
    assert [len(d.sitting_out) for d in rounds] == [1] * 5
    assert all(p.flags == (BYE,) for d in rounds for p in d.pairings if p.b is None)


def test_fixed_tables_are_honoured_in_every_round():
    rounds = round_robin(range(1, 11), fixed_tables={7: 5})
    for draw in rounds:
        assert next(p for p in draw.matches if 7 in p.entrants).table == 5


def test_too_many_rounds_is_refused():
    with pytest.raises(FormatError, match="9 rounds"):
        round_robin(range(10), rounds=10)
    with pytest.raises(FormatError):
        round_robin([1])
    with pytest.raises(FormatError):
        round_robin([1, 1, 2])
    with pytest.raises(FormatError):
        round_robin(range(4), games_per_opponent=3)


@settings(max_examples=25, deadline=None)
@given(n=SIZES)
def test_rotation_keeps_stationary_players_in_place(n):
    field = list(range(n))
    rounds = rotation(field)
    still = field[: (n + 1) // 2]
    movers = field[(n + 1) // 2 :]
    tables = (n + 1) // 2
    assert len(rounds) == tables
    seat = {}
    for draw in rounds:
        assert_round_is_sound_rotation(draw, set(field))
        for p in draw.matches:
            assert p.a in still
            assert p.b in movers
            assert STATIONARY in p.flags
            assert p.table == still.index(p.a) + 1
            # Mover j sits at table (j + r) mod tables, r counted from 0.
            assert p.table == (movers.index(p.b) + draw.number - 1) % tables + 1
            if p.a in seat:
                assert seat[p.a] == p.table
            seat[p.a] = p.table
    met = meetings(rounds)
    assert set(met.values()) <= {1}
    assert set(met) == {frozenset((s, m)) for s in still for m in movers}
    byes = Counter(e for draw in rounds for e in draw.sitting_out)
    assert all(times == 1 for times in byes.values())
    assert len(byes) == (tables if n % 2 else 0)


def assert_round_is_sound_rotation(draw, field):
    # Rotation keeps table numbers with the stationary player, so an empty
    # table can leave a gap: check only that tables are distinct.
    seen = Counter(draw.entrants)
    assert set(seen) == field
    assert max(seen.values()) == 1
    tables = [p.table for p in draw.matches]
    assert len(set(tables)) == len(tables)


def test_rotation_with_chosen_stationary_side():
    rounds = rotation(list("abcdef"), stationary=["f", "a", "c"], rounds=2, games_per_opponent=2)
    assert [(p.table, p.a, p.b) for p in rounds[0].pairings] == [(1, "f", "b"), (2, "a", "d"), (3, "c", "e")]
    assert [(p.table, p.a, p.b) for p in rounds[1].pairings] == [(1, "f", "e"), (2, "a", "b"), (3, "c", "d")]
    assert rounds[0].pairings[0].first_dealers == ("f", "b")
    with pytest.raises(FormatError, match="half the field"):
        rotation(list("abcdef"), stationary=["a"])
    with pytest.raises(FormatError, match="not in the field"):
        rotation(list("abcd"), stationary=["a", "z"])


def test_schedule_prints_as_plain_text():
    text = render_schedule(round_robin([1, 2, 3], rounds=1), names={1: "Ann", 2: "Bob", 3: "Cy"})
    assert text.splitlines() == ["Round 1", "    Table 1: Bob v Cy", "        Bye: Ann"]

"""Club-night random draw: no repeat opponents, fair sit-outs, honest refusals, replayable."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.formats.helpers import assert_round_is_sound, perfect_matching_exists
from tournaments.formats.errors import PairingError
from tournaments.formats.pairing import SIT_OUT
from tournaments.formats.random_draw import random_draw


def club_night(field, rounds, seed):
    rng = random.Random(seed)
    played, sat_out, draws = [], [], []
    for number in range(1, rounds + 1):
        try:
            draw = random_draw(field, number=number, rng=rng, played=played, sat_out=sat_out)
        except PairingError as error:
            return draws, played, sat_out, error
        draws.append(draw)
        played += [(p.a, p.b) for p in draw.matches]
        sat_out += list(draw.sitting_out)
    return draws, played, sat_out, None


@settings(max_examples=30, deadline=None)
@given(n=st.integers(min_value=2, max_value=300), seed=st.integers(0, 10_000))
def test_nine_games_no_repeat_opponents_and_fair_sit_outs(n, seed):
    field = list(range(1, n + 1))
    draws, played, _sat_out, error = club_night(field, 9, seed)
    met = Counter(frozenset(pair) for pair in played)
    assert set(met.values()) <= {1}
    sits = Counter()
    for draw in draws:
        assert_round_is_sound(draw, set(field))
        assert len(draw.sitting_out) == n % 2
        sits.update(draw.sitting_out)
        # Nobody sits out twice before everybody has sat out once.
        assert max(sits.values(), default=0) - min(sits[e] for e in field) <= 1
    if error is not None:
        # With 21 or more players, 9 rounds can always be drawn (Dirac), so a
        # refusal belongs to small fields, and it must be true: no fair
        # sit-out leaves the rest pairable.
        assert n < 21
        if n <= 12:
            fewest = min(sits[e] for e in field)
            candidates = [e for e in field if sits[e] == fewest] if n % 2 else [None]
            forbidden = set(met)
            assert not any(
                perfect_matching_exists([e for e in field if e != c], forbidden) for c in candidates
            )
    else:
        assert len(draws) == 9


def test_odd_club_night_of_nine_sits_everybody_out_once():
    draws, _, sat_out, error = club_night(list("ABCDEFGHI"), 9, seed=3)
    assert error is None
    assert sorted(sat_out) == list("ABCDEFGHI")
    assert all(draw.pairings[-1].flags == (SIT_OUT,) for draw in draws)


def test_same_seed_same_draw():
    field = list(range(1, 31))
    first = random_draw(field, number=1, rng=random.Random(42))
    again = random_draw(field, number=1, rng=random.Random(42))
    other = random_draw(field, number=1, rng=random.Random(43))
    assert first == again
    assert first != other


def test_no_repeat_free_draw_is_said_plainly():
    everyone = [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]
    with pytest.raises(PairingError, match=r"#1 has already played everybody") as error:
        random_draw([1, 2, 3, 4], number=4, rng=random.Random(0), played=everyone)
    assert error.value.api_status == 409


def test_sit_out_goes_to_those_who_sat_out_least():
    rng = random.Random(5)
    for _ in range(20):
        draw = random_draw([1, 2, 3, 4, 5], number=2, rng=rng, sat_out={1: 1, 2: 1, 3: 1})
        assert draw.sitting_out[0] in {4, 5}


def test_the_exact_search_finds_the_one_remaining_draw():
    # Six players, four rounds played as a circle: exactly one round is left,
    # which random greedy tries often miss; the blossom search must find it.
    from tournaments.formats.round_robin import round_robin

    schedule = round_robin(range(6))
    played = [(p.a, p.b) for draw in schedule[:4] for p in draw.matches]
    for seed in range(10):
        draw = random_draw(range(6), number=5, rng=random.Random(seed), played=played)
        assert {frozenset(p.entrants) for p in draw.matches} == {
            frozenset(p.entrants) for p in schedule[4].matches
        }


def test_odd_field_refusal_does_not_blame_who_could_sit_out():
    # Every pair has met except 2-3: 1, 4 and 5 have played everybody.
    played = [(a, b) for a in range(1, 6) for b in range(a + 1, 6) if (a, b) != (2, 3)]
    # Only 2 or 3 may sit out (the others already have): 1 is left with nobody.
    with pytest.raises(PairingError, match="#1 has already played everybody"):
        random_draw(range(1, 6), number=9, rng=random.Random(1), played=played, sat_out=[1, 4, 5])
    # Anyone may sit out: blaming 1 would be wrong, one sit-out cannot fix three.
    with pytest.raises(PairingError, match="whoever of those who have sat out least sits out"):
        random_draw(range(1, 6), number=9, rng=random.Random(1), played=played)

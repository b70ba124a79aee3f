"""Brackets: the standard chart, byes to top seeds, full round 2, links, double elimination."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats.brackets import (
    CONSOLATION,
    FINAL,
    LOSERS,
    NOT_NEEDED,
    RESET,
    THIRD,
    WINNERS,
    Bracket,
    MatchKey,
    advance,
    bracket_size,
    consolation_bracket,
    double_elimination,
    single_elimination,
    standard_seed_order,
)
from tournaments.formats.cut import qualifiers_for
from tournaments.formats.errors import BracketError, FormatError
from tournaments.formats.pairing import BYE

QUALIFIERS = st.integers(min_value=2, max_value=300)


def first_round_seeds(bracket: Bracket, name: str = WINNERS) -> list[tuple[int, int | None]]:
    return [(m.seed_a, m.seed_b) for m in bracket.rounds(name)[0]]


def play_out(bracket: Bracket, rng: random.Random) -> tuple[Bracket, dict[MatchKey, object]]:
    """Decide every match, winners at random, a wave of ready matches at a time."""
    results: dict[MatchKey, object] = {}
    while True:
        ready = [m for m in bracket.matches if m.is_ready]
        if not ready:
            return bracket, results
        for match in ready:
            results[match.key] = rng.choice([match.a, match.b])
        bracket = advance(bracket, results)


def losses(bracket: Bracket) -> Counter:
    return Counter(m.loser for m in bracket.matches if m.loser is not None)


# --- the chart ---------------------------------------------------------------

def test_standard_seed_order():
    assert standard_seed_order(2) == (1, 2)
    assert standard_seed_order(4) == (1, 4, 2, 3)
    assert standard_seed_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)
    with pytest.raises(FormatError):
        standard_seed_order(12)


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024])
def test_first_round_pairs_sum_to_size_plus_one_and_top_seeds_are_spread(size):
    order = standard_seed_order(size)
    assert sorted(order) == list(range(1, size + 1))
    assert {order[i] + order[i + 1] for i in range(0, size, 2)} == {size + 1}
    # Seeds 1..2^k sit in 2^k different parts of the bracket, so they can meet
    # only in the round of 2^k: 1 and 2 only in the final.
    k = 1
    while k <= size:
        part = size // k
        where = {order.index(seed) // part for seed in range(1, k + 1)}
        assert len(where) == k
        k *= 2


# --- ACC examples ------------------------------------------------------------

def test_27_qualifiers_bracket_of_32_with_5_byes_to_seeds_1_to_5():
    bracket = single_elimination(list(range(1001, 1028)))
    assert (bracket.size, bracket.byes) == (32, 5)
    first = bracket.rounds()[0]
    assert sorted(m.seed_a for m in first if m.is_bye) == [1, 2, 3, 4, 5]
    assert all(m.flags == (BYE,) and m.b is None for m in first if m.is_bye)
    assert first_round_seeds(bracket)[:4] == [(1, None), (16, 17), (8, 25), (9, 24)]
    assert all(a + b == 33 for a, b in first_round_seeds(bracket) if b is not None)
    assert len([m for m in first if not m.is_bye]) == 11
    second = bracket.rounds()[1]
    assert len(second) == 8  # 16 places, all filled: 5 byes + 11 first-round winners
    assert all(not m.is_bye for m in second)
    assert second[0].a == 1001  # seed 1 already waits in round 2


def test_15_qualifiers_one_bye_to_seed_1():
    bracket = single_elimination(range(1, 16))
    assert (bracket.size, bracket.byes) == (16, 1)
    assert [m.seed_a for m in bracket.matches if m.is_bye] == [1]


def test_124_entrants_give_31_qualifiers_and_one_bye():
    qualifiers = qualifiers_for(124)
    assert qualifiers == 31
    bracket = single_elimination(range(qualifiers))
    assert (bracket.size, bracket.byes) == (32, 1)
    assert first_round_seeds(bracket)[0] == (1, None)
    assert first_round_seeds(bracket)[1] == (16, 17)


# --- properties of single elimination ------------------------------------------

@settings(max_examples=40, deadline=None)
@given(q=QUALIFIERS, third=st.booleans(), seed=st.integers(0, 999))
def test_single_elimination_holds_every_qualifier_once_and_plays_out(q, third, seed):
    seeds = [f"e{i}" for i in range(q)]
    bracket = single_elimination(seeds, third_place=third)
    size = bracket_size(q)
    assert size >= q > size // 2
    rounds = bracket.rounds()
    first = rounds[0]
    assert len(first) == size // 2
    entrants = Counter(e for m in first for e in (m.a, m.b) if e is not None)
    assert entrants == Counter(seeds)  # every qualifier exactly once
    byes = [m for m in first if m.is_bye]
    assert len(byes) == size - q == bracket.byes
    assert sorted(m.seed_a for m in byes) == list(range(1, size - q + 1))  # top seeds only
    for m in first:
        partner = m.seed_b if m.seed_b is not None else size + 1 - m.seed_a
        assert m.seed_a + partner == size + 1
    if len(rounds) > 1:
        assert all(
            not m.is_bye and m.source_a is not None and m.source_b is not None for m in rounds[1]
        )  # round 2 is full
    assert not any(m.is_bye for r in rounds[1:] for m in r)
    assert_links_match_sources(bracket)

    played, _ = play_out(bracket, random.Random(seed))
    assert played.champion in seeds
    main_losses = Counter(m.loser for m in played.matches if m.bracket == WINNERS and m.loser is not None)
    assert set(main_losses.values()) == {1}
    assert len(main_losses) == q - 1  # everyone but the champion is knocked out once
    assert played.champion not in main_losses
    if third and q >= 3:
        (third_match,) = played.rounds(THIRD)[0]
        assert third_match.winner is not None


def assert_links_match_sources(bracket: Bracket) -> None:
    """Every link from a match points at a side fed by that match, and back."""
    for m in bracket.matches:
        for kind in ("winner", "loser"):
            target = getattr(m, f"{kind}_next")
            side = getattr(m, f"{kind}_side")
            if target is None:
                assert side is None
                continue
            source = getattr(bracket.match(target), f"source_{side}")
            assert (source.kind, source.match) == (kind, m.key)
        for source in (m.source_a, m.source_b):
            if source is not None and source.kind != "seed":
                assert getattr(bracket.match(source.match), f"{source.kind}_next") == m.key


def test_1024_seed_bracket_seeds_1_and_2_meet_only_in_the_final():
    bracket = single_elimination(range(1, 1025))
    assert bracket.byes == 0
    assert len(bracket.matches) == 1023
    rounds = bracket.rounds()
    assert len(rounds) == 10
    half = len(rounds[0]) // 2
    slot_of = {m.seed_a: m.slot for m in rounds[0]} | {m.seed_b: m.slot for m in rounds[0]}
    assert slot_of[1] <= half < slot_of[2]


def test_best_of_per_round_and_validation():
    bracket = single_elimination(range(8), best_of=[3, 3, 5])
    assert [r[0].best_of for r in bracket.rounds()] == [3, 3, 5]
    assert bracket.rounds()[-1][0].wins_needed == 3
    assert bracket.rounds()[0][0].wins_needed == 2
    with pytest.raises(FormatError, match="odd number"):
        single_elimination(range(8), best_of=4)
    with pytest.raises(FormatError, match="one number per round"):
        single_elimination(range(8), best_of=[3, 5])
    with pytest.raises(FormatError, match="at least two"):
        single_elimination([1])
    with pytest.raises(FormatError, match="twice"):
        single_elimination([1, 2, 2])


def test_third_place_match_takes_the_semi_final_losers():
    bracket = single_elimination(["a", "b", "c", "d"], third_place=True)
    semi_1, semi_2 = bracket.rounds()[0]
    assert (semi_1.loser_next, semi_1.loser_side) == (MatchKey(THIRD, 1, 1), "a")
    assert (semi_2.loser_next, semi_2.loser_side) == (MatchKey(THIRD, 1, 1), "b")
    done = advance(bracket, {(WINNERS, 1, 1): "d", (WINNERS, 1, 2): "b", (THIRD, 1, 1): "a"})
    assert done.champion is None  # the third-place match decides nothing at the top
    third = done.match((THIRD, 1, 1))
    assert (third.a, third.b, third.winner) == ("a", "c", "a")
    final = advance(bracket, {(WINNERS, 1, 1): "d", (WINNERS, 1, 2): "b", (WINNERS, 2, 1): "b"})
    assert final.champion == "b"


def test_advance_is_idempotent_and_refuses_impossible_results():
    bracket = single_elimination(range(1, 7))
    results = {(WINNERS, 1, 2): 4, (WINNERS, 1, 4): 6}
    once = advance(bracket, results)
    assert advance(once, results) == once
    assert advance(bracket, dict(reversed(results.items()))) == once
    assert once.match((WINNERS, 2, 1)).a == 1
    assert once.match((WINNERS, 2, 1)).b == 4
    assert once.match((WINNERS, 2, 1)).seed_b == 4
    with pytest.raises(BracketError, match="is not playing"):
        advance(bracket, {(WINNERS, 1, 2): 1})
    with pytest.raises(BracketError, match="no match"):
        advance(bracket, {(WINNERS, 9, 1): 1})
    with pytest.raises(BracketError, match="not known"):
        advance(bracket, {(WINNERS, 3, 1): 1})
    with pytest.raises(BracketError, match="bye"):
        advance(bracket, {(WINNERS, 1, 1): 8})
    assert BracketError("x").api_status == 409


def test_consolation_bracket_seeds_those_who_missed_the_cut_in_order():
    ranked = list(range(1, 21))
    bracket = consolation_bracket(ranked, qualifiers_for(20))
    assert bracket.seeds == tuple(range(6, 21))
    assert {m.bracket for m in bracket.matches} == {CONSOLATION}
    assert [m.a for m in bracket.matches if m.is_bye] == [6]
    with pytest.raises(FormatError, match="at least two"):
        consolation_bracket([1, 2, 3], 2)


# --- double elimination ---------------------------------------------------------

@settings(max_examples=30, deadline=None)
@given(q=QUALIFIERS, reset=st.booleans(), seed=st.integers(0, 999))
def test_double_elimination_everyone_loses_twice_except_the_champion(q, reset, seed):
    seeds = list(range(1, q + 1))
    bracket = double_elimination(seeds, grand_final_reset=reset)
    first = bracket.rounds()[0]
    assert Counter(e for m in first for e in (m.a, m.b) if e is not None) == Counter(seeds)
    assert sorted(m.seed_a for m in first if m.is_bye) == list(range(1, bracket.byes + 1))
    assert_links_match_sources(bracket)
    rounds = len(bracket.rounds())
    for m in bracket.matches:
        if m.bracket != WINNERS or m.is_bye:
            continue
        # Losers drop to the right places: winners round 1 -> losers round 1,
        # winners round r -> losers round 2r - 2, the winners' final with no
        # losers bracket (two qualifiers) -> the grand final.
        if q == 2:
            assert m.loser_next == MatchKey(FINAL, 1, 1)
        elif m.round == 1:
            assert (m.loser_next.bracket, m.loser_next.round) == (LOSERS, 1)
        else:
            assert (m.loser_next.bracket, m.loser_next.round) == (LOSERS, 2 * m.round - 2)
        assert m.round <= rounds

    played, _ = play_out(bracket, random.Random(seed))
    assert played.champion in seeds
    lost = losses(played)
    first_final = played.match((FINAL, 1, 1))
    reset_match = played.match((FINAL, 2, 1)) if reset else None
    # Everybody but the champion is out after exactly two defeats, except the
    # winners' champion beaten in a grand final with no reset (one defeat).
    once_beaten = set()
    if not reset and first_final.winner == first_final.b:
        once_beaten.add(first_final.a)
    assert all(lost[e] == 2 for e in seeds if e != played.champion and e not in once_beaten)
    assert all(lost[e] == 1 for e in once_beaten)
    assert lost[played.champion] <= 1
    if reset:
        if first_final.winner == first_final.a:
            assert NOT_NEEDED in reset_match.flags
            assert reset_match.winner is None
        else:
            assert reset_match.winner == played.champion
    else:
        assert first_final.winner == played.champion


def _to_grand_final(reset: bool) -> tuple[Bracket, dict]:
    bracket = double_elimination(["a", "b", "c", "d"], grand_final_reset=reset)
    # Winners: a beats d, b beats c, a beats b. Losers: c beats d, then b beats c.
    results = {
        (WINNERS, 1, 1): "a", (WINNERS, 1, 2): "b", (WINNERS, 2, 1): "a",
        (LOSERS, 1, 1): "c", (LOSERS, 2, 1): "b",
    }
    return advance(bracket, results), results


def test_losers_drop_where_the_links_say():
    bracket, _ = _to_grand_final(reset=True)
    lr1 = bracket.match((LOSERS, 1, 1))
    assert (lr1.a, lr1.b) == ("d", "c")
    lr2 = bracket.match((LOSERS, 2, 1))
    assert (lr2.a, lr2.b) == ("c", "b")  # the winners' final loser meets the losers' survivor
    final = bracket.match((FINAL, 1, 1))
    assert (final.a, final.b) == ("a", "b")


def test_reset_only_when_the_losers_champion_wins_the_first_final():
    bracket, results = _to_grand_final(reset=True)
    won = advance(bracket, {**results, (FINAL, 1, 1): "a"})
    assert won.champion == "a"
    reset_match = won.match((FINAL, 2, 1))
    assert NOT_NEEDED in reset_match.flags
    assert (reset_match.a, reset_match.b) == (None, None)
    with pytest.raises(BracketError, match="not played"):
        advance(bracket, {**results, (FINAL, 1, 1): "a", (FINAL, 2, 1): "a"})

    forced = advance(bracket, {**results, (FINAL, 1, 1): "b"})
    assert forced.champion is None
    reset_match = forced.match((FINAL, 2, 1))
    assert RESET in reset_match.flags
    assert reset_match.is_ready
    assert {reset_match.a, reset_match.b} == {"a", "b"}
    assert advance(bracket, {**results, (FINAL, 1, 1): "b", (FINAL, 2, 1): "b"}).champion == "b"
    assert advance(bracket, {**results, (FINAL, 1, 1): "b", (FINAL, 2, 1): "a"}).champion == "a"


def test_without_reset_the_first_final_decides():
    bracket, results = _to_grand_final(reset=False)
    assert MatchKey(FINAL, 2, 1) not in bracket
    assert advance(bracket, {**results, (FINAL, 1, 1): "b"}).champion == "b"


def test_double_elimination_byes_reach_into_the_losers_bracket():
    bracket = double_elimination(range(1, 6))  # 8-bracket, byes for seeds 1-3
    assert bracket.byes == 3
    losers_round_1 = bracket.rounds(LOSERS)[0]
    # Losers of 1 v bye and 2 v bye do not exist: that match is left out; the
    # other takes the loser of 4 v 5 on a bye.
    assert [(m.slot, m.is_bye) for m in losers_round_1] == [(1, True)]
    assert all(m.best_of == 3 for m in bracket.matches)

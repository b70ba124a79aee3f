"""Statistics (rules/003): the full hand and crib distributions over 12,994,800 combinations.

The expected numbers are copied from the tables in rules/003; the engine computes
its own (scoring/stats.py). The suit counting behind it is checked against brute
force over real suit assignments.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from io import StringIO
from itertools import combinations, combinations_with_replacement, product

import pytest
from django.core.management import call_command

from scoring.cards import DECK, JACK, SUIT_LETTERS, card
from scoring.rules import ACC_RULES, ShowRules
from scoring.show import (
    IMPOSSIBLE_SHOW_SCORES,
    MAX_SHOW,
    is_possible_hand_and_crib,
    rank_score,
    show_total,
)
from scoring.stats import (
    COMBINATIONS,
    ShowStatistics,
    pattern_scores,
    rank_patterns,
    show_statistics,
    suit_counts,
)

# rules/003, "Scoring Breakdown, assuming random discard(s) to the crib".
HAND_TABLE = {
    0: 1_009_008, 1: 99_792, 2: 2_813_796, 3: 505_008, 4: 2_855_676, 5: 697_508,
    6: 1_800_268, 7: 751_324, 8: 1_137_236, 9: 361_224, 10: 388_740, 11: 51_680,
    12: 317_340, 13: 19_656, 14: 90_100, 15: 9_168, 16: 58_248, 17: 11_196, 18: 2_708,
    19: 0, 20: 8_068, 21: 2_496, 22: 444, 23: 356, 24: 3_680, 25: 0, 26: 0, 27: 0,
    28: 76, 29: 4,
}
# rules/003, "Scoring Breakdown (crib/box hands only)".
CRIB_TABLE = {
    0: 1_022_208, 1: 99_792, 2: 2_839_800, 3: 508_908, 4: 2_868_960, 5: 703_496,
    6: 1_787_176, 7: 755_320, 8: 1_118_336, 9: 358_368, 10: 378_240, 11: 43_880,
    12: 310_956, 13: 16_548, 14: 88_132, 15: 9_072, 16: 57_288, 17: 11_196, 18: 2_264,
    19: 0, 20: 7_828, 21: 2_472, 22: 444, 23: 356, 24: 3_680, 25: 0, 26: 0, 27: 0,
    28: 76, 29: 4,
}
# rules/003, the "(+/- change from non-crib distribution)" column of the crib table.
CRIB_CHANGE = {
    0: 13_200, 1: 0, 2: 26_004, 3: 3_900, 4: 13_284, 5: 5_988, 6: -13_092, 7: 3_996,
    8: -18_900, 9: -2_856, 10: -10_500, 11: -7_800, 12: -6_384, 13: -3_108, 14: -1_968,
    15: -96, 16: -960, 17: 0, 18: -444, 19: 0, 20: -240, 21: -24, 22: 0, 23: 0, 24: 0,
    25: 0, 26: 0, 27: 0, 28: 0, 29: 0,
}


@pytest.fixture(scope="module")
def stats() -> ShowStatistics:
    return show_statistics()


def as_table(counts: tuple[int, ...]) -> dict[int, int]:
    return dict(enumerate(counts))


def test_there_are_12_994_800_combinations(stats):
    assert COMBINATIONS == 12_994_800
    assert stats.combinations == stats.hand.combinations == stats.crib.combinations == 12_994_800


def test_hand_distribution_is_the_rules_table(stats):
    assert sum(HAND_TABLE.values()) == 12_994_800  # the copy is complete
    assert as_table(stats.hand.counts) == HAND_TABLE


def test_crib_distribution_is_the_rules_table(stats):
    assert sum(CRIB_TABLE.values()) == 12_994_800
    assert as_table(stats.crib.counts) == CRIB_TABLE
    change = {n: stats.crib.counts[n] - stats.hand.counts[n] for n in range(MAX_SHOW + 1)}
    assert change == CRIB_CHANGE


def test_means(stats):
    assert round(stats.hand.mean, 4) == 4.7692
    assert round(stats.crib.mean, 4) == 4.7348
    assert stats.hand.points == sum(n * c for n, c in HAND_TABLE.items())


def test_zero_hands(stats):
    assert stats.hand.counts[0] == 1_009_008
    assert stats.crib.counts[0] == 1_022_208


def test_19_25_26_27_never_occur(stats):
    for dist in (stats.hand, stats.crib):
        assert dist.impossible() == (19, 25, 26, 27)
        assert len(dist.counts) == MAX_SHOW + 1  # and nothing above 29
    # The engine's published impossible values are the ones the enumeration finds.
    assert set(stats.hand.impossible()) == IMPOSSIBLE_SHOW_SCORES


def test_with_the_four_card_crib_flush_the_crib_scores_like_a_hand(stats):
    house = show_statistics(rules=ShowRules(four_card_crib_flush=True))
    assert house.crib.counts == stats.hand.counts == house.hand.counts


def test_as_dict(stats):
    data = stats.as_dict()
    assert data["combinations"] == 12_994_800
    assert data["hand"]["counts"]["0"] == 1_009_008
    assert data["hand"]["counts"]["29"] == 4
    assert list(data["crib"]["counts"]) == [str(n) for n in range(30)]
    assert data["crib"]["points"] == sum(n * c for n, c in CRIB_TABLE.items())


# --- The suit counting against brute force ----------------------------------------


def brute_force(hand_counts: tuple[int, ...], starter_rank: int, *, crib: bool,
                rules: ShowRules) -> dict[int, int]:
    """Score every real suit assignment of the pattern with the engine's show_total."""
    per_rank = [
        [(rank, suits) for suits in combinations(SUIT_LETTERS, count)]
        for rank, count in enumerate(hand_counts) if count
    ]
    scores: Counter[int] = Counter()
    for choice in product(*per_rank):
        hand = [card(f"{'A23456789TJQK'[rank - 1]}{suit}") for rank, suits in choice
                for suit in suits]
        for suit in SUIT_LETTERS:
            starter = card(f"{'A23456789TJQK'[starter_rank - 1]}{suit}")
            if starter not in hand:
                scores[show_total(hand, starter, crib=crib, rules=rules)] += 1
    return dict(scores)


def pattern(hand_ranks: str, starter_rank: str) -> tuple[tuple[int, ...], int]:
    counts = [0] * 14
    for letter in hand_ranks:
        counts["A23456789TJQK".index(letter) + 1] += 1
    return tuple(counts), "A23456789TJQK".index(starter_rank) + 1


EDGE_PATTERNS = [
    pattern("555J", "5"),    # the 29 hand
    pattern("246J", "2"),    # distinct ranks, starter rank in hand: no five-card flush
    pattern("A3JK", "7"),    # distinct ranks, a jack, starter rank not in hand
    pattern("A3JK", "J"),    # a jack turned: never nobs
    pattern("JJ34", "J"),
    pattern("JJJ4", "5"),    # three jacks: nobs in three suits
    pattern("AAAA", "K"),
    pattern("55JJ", "5"),
    pattern("4466", "5"),
    pattern("TJQK", "5"),
]


def sampled_patterns() -> list[tuple[tuple[int, ...], int]]:
    everything = [(counts, starter) for counts, starter, _ in rank_patterns()]
    assert len(everything) == len(set(everything))
    return EDGE_PATTERNS + random.Random(2026).sample(everything, 400)


@pytest.mark.parametrize(
    ("crib", "rules"),
    [(False, ACC_RULES), (True, ACC_RULES), (True, ShowRules(four_card_crib_flush=True))],
    ids=["hand", "crib", "crib-house-rule"],
)
def test_suit_counting_matches_brute_force(crib, rules):
    for hand_counts, starter_rank in sampled_patterns():
        expected = brute_force(hand_counts, starter_rank, crib=crib, rules=rules)
        assert pattern_scores(hand_counts, starter_rank, crib=crib, rules=rules) == expected, (
            hand_counts, starter_rank,
        )


def test_suit_counts_of_the_29_pattern():
    split = suit_counts(*pattern("555J", "5"))
    # One 5 left for the starter; the jack in 4 suits times the 4 ways to pick three 5s,
    # and nobs when the jack matches the starter: 1 in 4.
    assert split.combinations == 4 * 4
    assert split.nobs == 4
    assert split.five_card_flush == split.four_card_flush == 0


def test_every_combination_is_counted_once():
    patterns = rank_patterns()
    assert sum(1 for counts, _, _ in patterns if sum(counts) == 4) == len(patterns)
    assert sum(suit_counts(c, s).combinations for c, s, _ in patterns) == 12_994_800
    assert sum(suit_counts(c, s).nobs for c, s, _ in patterns if s != JACK) == sum(
        suit_counts(c, s).nobs for c, s, _ in patterns
    )


# --- The command ---------------------------------------------------------------------


def test_crib_stats_json():
    out = StringIO()
    call_command("crib_stats", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["combinations"] == 12_994_800
    assert {int(n): c for n, c in data["hand"]["counts"].items()} == HAND_TABLE
    assert {int(n): c for n, c in data["crib"]["counts"].items()} == CRIB_TABLE
    assert data["hand"]["combinations"] == data["crib"]["combinations"] == 12_994_800
    assert round(data["hand"]["mean"], 4) == 4.7692
    assert round(data["crib"]["mean"], 4) == 4.7348
    assert data["hand"]["points"] == 61_974_180 == sum(n * c for n, c in HAND_TABLE.items())


def test_crib_stats_text_is_a_table_a_person_reads():
    out = StringIO()
    call_command("crib_stats", stdout=out)
    text = out.getvalue()
    assert "12,994,800" in text
    lines = {line.split()[0]: line.split() for line in text.splitlines() if line.strip()}
    assert lines["0"][1:] == ["1,009,008", "7.7647", "1,022,208", "7.8663"]
    assert lines["29"][1] == "4"
    assert lines["mean"][1:] == ["4.7692", "4.7348"]
    assert "impossible: hand 19, 25, 26, 27; crib 19, 25, 26, 27" in text


# --- Hand and crib together (rules/003: 51 is the only impossible total up to 53) ----


def test_51_is_the_only_impossible_hand_and_crib_total(stats):
    # A dealer's hand and crib share the starter. A total of 50 or more needs one
    # show of 28 or 29 (the next best is 24, and 24 + 24 = 48) and the other of 21
    # or more, so a rank score of 15 or more (flush and nobs add at most 6). Every
    # 28/29 show holds the four 5s: find them all (the count is checked against the
    # enumeration), then try every other show with the same starter that could
    # reach 21, card by card. Other totals need only one witness each.
    fives = [c for c in DECK if c.rank == 5]
    high = []
    for extra in (c for c in DECK if c.rank != 5):
        five = [*fives, extra]
        for starter in five:
            hand = [c for c in five if c != starter]
            points = show_total(hand, starter)
            if points >= 28:
                assert show_total(hand, starter, crib=True) == points  # no flush possible
                high.append((hand, starter, points))
    assert len(high) == stats.hand.counts[28] + stats.hand.counts[29]

    found: set[int] = set()
    for hand, starter, points in high:
        left: dict[int, list] = {}
        for c in DECK:
            if c not in hand and c != starter:
                left.setdefault(c.rank, []).append(c)
        for ranks in combinations_with_replacement(range(1, 14), 4):
            if any(ranks.count(r) > len(left.get(r, ())) for r in set(ranks)):
                continue
            exhaustive = rank_score([*ranks, starter.rank]) >= 15
            picks = product(*(combinations(left[r], ranks.count(r)) for r in sorted(set(ranks))))
            for pick in picks:
                other = [c for group in pick for c in group]
                found.add(points + show_total(other, starter, crib=True))  # high one is the hand
                found.add(points + show_total(other, starter))  # high one is the crib
                if not exhaustive:
                    break
    assert {n for n in found if n >= 50} == {50, 52, 53}

    # Witnesses below 50: random deals, and 47 (24 + 23, no 28/29 involved).
    rng = random.Random(53)
    for _ in range(30_000):
        nine = rng.sample(DECK, 9)
        found.add(show_total(nine[:4], nine[8]) + show_total(nine[4:8], nine[8], crib=True))
    starter = card("5S")
    found.add(show_total([card(c) for c in ("4C", "4D", "5C", "6C")], starter)
              + show_total([card(c) for c in ("4H", "5D", "5H", "6D")], starter, crib=True))
    assert sorted(set(range(54)) - found) == [51]
    assert [n for n in range(56) if not is_possible_hand_and_crib(n)] == [51, 54, 55]

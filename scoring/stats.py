"""Score distributions over every hand (or crib) and starter: the rules/003 tables, computed.

There are C(52,4) x 48 = 12,994,800 hand+starter combinations. Scoring each one
would take seconds even on the fast path, so the enumeration runs over ranks
and counts suits instead:

* every five-card rank multiset (6,175) and every choice of starter rank in it
  fixes the hand's rank counts ``h`` and the starter rank ``s``;
* fifteens, pairs and runs depend on ranks only, so one call to the engine's
  ``rank_score`` scores all the suit assignments of that pattern at once;
* the suit assignments are counted, and those that make a flush or nobs are
  counted apart (derivation below), giving each pattern's contribution to the
  distribution without visiting a single card.

Counting the suit assignments of a pattern (``h`` the hand's rank counts, summing
to 4; ``s`` the starter rank):

* all: each rank r takes C(4, h_r) suit sets, and the starter one of the
  4 - h_s suits of its rank left over: prod_r C(4, h_r) x (4 - h_s).
* hand flush: the four hand cards share a suit, so the hand ranks are distinct;
  one assignment per suit (4). The starter then has the flush suit only when its
  rank is not in the hand (a hand card of rank s holds that suit): 4 five-card
  flushes when h_s = 0, none otherwise; and 4 x 3 = 12 four-card flushes either
  way (3 other suits for the starter).
* nobs: the hand holds the jack of the starter's suit, so s is not a jack. Pick
  the starter's suit (4 ways); rank s then takes its h_s hand suits from the
  other 3, C(3, h_s); the jacks must include that suit, C(3, h_J - 1); every
  other rank is free. 4 x C(3, h_J - 1) = h_J x C(4, h_J), so the count is
  prod_{r != s} C(4, h_r) x C(3, h_s) x h_J.
* both: a four-card flush never has nobs (the starter's suit is not the hand's
  suit); a five-card flush always has nobs when the hand holds a jack (it is the
  jack of the flush suit), and never otherwise.

tests/scoring/test_stats.py checks these counts against brute force over real
suit assignments, and the totals against the rules/003 tables.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement
from math import comb
from typing import Any

from scoring.cards import JACK
from scoring.rules import ACC_RULES, ShowRules
from scoring.show import MAX_SHOW, rank_score

COMBINATIONS = comb(52, 4) * 48  # 12,994,800

_C4 = tuple(comb(4, k) for k in range(5))
_C3 = tuple(comb(3, k) if k <= 3 else 0 for k in range(5))


@dataclass(frozen=True, slots=True)
class SuitCounts:
    """How the suit assignments of one rank pattern split by flush and nobs."""

    combinations: int
    five_card_flush: int
    four_card_flush: int
    nobs: int
    five_card_flush_with_nobs: int


def suit_counts(hand_counts: tuple[int, ...], starter_rank: int) -> SuitCounts:
    """Count the suit assignments of a four-card hand with rank counts ``hand_counts``.

    ``hand_counts[r]`` is how many hand cards have rank r (index 0 unused, 1..13);
    ``starter_rank`` is the starter's rank. See the module docstring for why.
    """
    h_s = hand_counts[starter_rank]
    if h_s >= 4:
        return SuitCounts(0, 0, 0, 0, 0)
    free = 1  # prod over ranks other than the starter's of C(4, h_r)
    distinct = True
    for rank in range(1, 14):
        count = hand_counts[rank]
        if count > 1:
            distinct = False
        if rank != starter_rank:
            free *= _C4[count]
    combinations = free * _C4[h_s] * (4 - h_s)
    five = 4 if distinct and h_s == 0 else 0
    four = 12 if distinct else 0
    jacks = hand_counts[JACK]
    nobs = free * _C3[h_s] * jacks if starter_rank != JACK else 0
    both = five if jacks else 0
    return SuitCounts(combinations, five, four, nobs, both)


@dataclass(frozen=True, slots=True)
class ShowDistribution:
    """How many hand+starter combinations score each total."""

    counts: tuple[int, ...]  # counts[points]

    @property
    def combinations(self) -> int:
        return sum(self.counts)

    @property
    def points(self) -> int:
        return sum(points * count for points, count in enumerate(self.counts))

    @property
    def mean(self) -> float:
        return self.points / self.combinations

    def impossible(self) -> tuple[int, ...]:
        """Totals up to the maximum that no combination makes."""
        return tuple(points for points, count in enumerate(self.counts) if count == 0)

    def as_dict(self) -> dict[str, Any]:
        return {
            "counts": {str(points): count for points, count in enumerate(self.counts)},
            "combinations": self.combinations,
            "points": self.points,
            "mean": self.mean,
        }


@dataclass(frozen=True, slots=True)
class ShowStatistics:
    hand: ShowDistribution
    crib: ShowDistribution

    @property
    def combinations(self) -> int:
        return self.hand.combinations

    def as_dict(self) -> dict[str, Any]:
        return {
            "combinations": self.combinations,
            "hand": self.hand.as_dict(),
            "crib": self.crib.as_dict(),
        }


def rank_patterns() -> list[tuple[tuple[int, ...], int, int]]:
    """Every (hand rank counts, starter rank, rank score) of a four-card hand + starter."""
    patterns = []
    for ranks in combinations_with_replacement(range(1, 14), 5):
        counts = [0] * 14
        for rank in ranks:
            counts[rank] += 1
        if max(counts) > 4:
            continue
        base = rank_score(ranks)
        for starter_rank in set(ranks):
            counts[starter_rank] -= 1
            patterns.append((tuple(counts), starter_rank, base))
            counts[starter_rank] += 1
    return patterns


def pattern_scores(
    hand_counts: tuple[int, ...],
    starter_rank: int,
    *,
    crib: bool = False,
    rules: ShowRules = ACC_RULES,
    base: int | None = None,
) -> dict[int, int]:
    """``{points: combinations}`` over every suit assignment of one rank pattern.

    ``base`` is the pattern's rank score when the caller already has it.
    """
    if base is None:
        base = rank_score(
            [rank for rank in range(1, 14) for _ in range(hand_counts[rank])] + [starter_rank]
        )
    split = suit_counts(hand_counts, starter_rank)
    both = split.five_card_flush_with_nobs
    nobs_only = split.nobs - both
    four = split.four_card_flush if (not crib or rules.four_card_crib_flush) else 0
    scores = {
        base: split.combinations - split.five_card_flush - nobs_only - four,
        base + 1: nobs_only,
        base + 4: four,
        base + 5: split.five_card_flush - both,
        base + 6: both,
    }
    return {points: count for points, count in scores.items() if count}


def show_statistics(*, rules: ShowRules = ACC_RULES) -> ShowStatistics:
    """The exact hand and crib distributions over all 12,994,800 combinations."""
    # Room for a rank score plus the largest flush and nobs; trimmed at the end.
    hand = [0] * (MAX_SHOW + 7)
    crib = [0] * (MAX_SHOW + 7)
    for counts, starter_rank, base in rank_patterns():
        for points, count in pattern_scores(counts, starter_rank, base=base).items():
            hand[points] += count
        for points, count in pattern_scores(
            counts, starter_rank, crib=True, rules=rules, base=base
        ).items():
            crib[points] += count
    return ShowStatistics(ShowDistribution(_trimmed(hand)), ShowDistribution(_trimmed(crib)))


def _trimmed(counts: list[int]) -> tuple[int, ...]:
    """Counts for 0..MAX_SHOW, longer only if something scored more (it never does)."""
    end = len(counts)
    while end > MAX_SHOW + 1 and counts[end - 1] == 0:
        end -= 1
    return tuple(counts[:end])

"""Claims (PRODUCT.md §3): the true score, the difference, and muggins; zero-show house rules."""
from __future__ import annotations

import pytest

from scoring.cards import card, cards
from scoring.claims import ClaimVerdict, check_claim, zero_show_adjustment
from scoring.errors import ScoringError
from scoring.rules import ACC_RULES, ShowRules
from scoring.show import score_show

MUGGINS = ShowRules(muggins=True)
PAGAT_12 = score_show(cards("7H 8D 8C QS"), card("9H"))  # rules/001: 12


def test_a_correct_claim():
    verdict = check_claim(PAGAT_12, 12)
    assert verdict == ClaimVerdict(12, 12, 0, "correct", 0)
    assert check_claim(PAGAT_12, 12, rules=MUGGINS).muggins_points == 0


def test_an_over_claim_is_corrected_and_never_rewarded():
    verdict = check_claim(PAGAT_12, 14, rules=MUGGINS)
    assert (verdict.difference, verdict.verdict, verdict.muggins_points) == (2, "over-claim", 0)


def test_an_under_claim_without_muggins_costs_nothing_to_the_opponent():
    verdict = check_claim(PAGAT_12, 8)
    assert (verdict.difference, verdict.verdict, verdict.muggins_points) == (-4, "under-claim", 0)


def test_under_muggins_the_missed_points_go_to_the_opponent():
    # The 29 hand claimed as 28 (the jack's nob forgotten): the opponent calls muggins for 1.
    show = score_show(cards("5H 5D 5C JS"), card("5S"))
    verdict = check_claim(show, 28, rules=MUGGINS)
    assert verdict.as_dict() == {
        "true_score": 29, "claimed": 28, "difference": -1, "verdict": "under-claim",
        "muggins_points": 1,
    }


def test_a_total_can_stand_for_the_show():
    assert check_claim(0, 19).verdict == "over-claim"  # the "nineteen" joke, taken literally
    assert check_claim(24, 24, rules=ACC_RULES).verdict == "correct"


@pytest.mark.parametrize("claimed", [-1, True, "12", 12.0, None])
def test_a_claim_must_be_a_whole_number_of_points(claimed):
    with pytest.raises(ScoringError) as caught:
        check_claim(PAGAT_12, claimed)
    assert caught.value.field == "claimed"
    assert repr(claimed) in str(caught.value) or str(claimed) in str(caught.value)


def test_zero_show_house_rules():
    both = ShowRules(null_point_penalty=True, back_ten=True)
    assert zero_show_adjustment(0).as_dict() == {"owner": 0, "opponent": 0}
    assert zero_show_adjustment(0, rules=ShowRules(null_point_penalty=True)).as_dict() == {
        "owner": 0, "opponent": 1,
    }
    assert zero_show_adjustment(0, rules=ShowRules(back_ten=True)).as_dict() == {
        "owner": -10, "opponent": 0,
    }
    assert zero_show_adjustment(0, rules=both).as_dict() == {"owner": -10, "opponent": 1}
    # Only a show of nothing triggers them.
    assert zero_show_adjustment(1, rules=both).as_dict() == {"owner": 0, "opponent": 0}
    zero = score_show(cards("2H 4D 6C 8S"), card("KS"))
    assert zero_show_adjustment(zero.total, rules=both).opponent == 1

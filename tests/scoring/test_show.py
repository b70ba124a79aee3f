"""The show: every worked example in the rules texts, and properties over random hands.

Expected totals come from the rules texts (rules/001 pagat, 002, 003) or are counted
by hand in the comment beside them; the properties compare the engine with a
deliberately naive scorer written from the definitions in PRODUCT.md §3.
"""
from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import DECK, SUIT_LETTERS, Card, card, cards
from scoring.errors import CardError, ScoringError
from scoring.rules import ACC_RULES, ShowRules
from scoring.show import (
    IMPOSSIBLE_SHOW_SCORES,
    Show,
    answer_show_request,
    his_heels,
    is_possible_hand_and_crib,
    is_possible_show_score,
    rank_score,
    score_show,
    show_total,
)

HOUSE = ShowRules(four_card_crib_flush=True)


def show(hand: str, starter: str, *, crib: bool = False, rules: ShowRules = ACC_RULES) -> Show:
    return score_show(cards(hand), card(starter), crib=crib, rules=rules)


def total(hand: str, starter: str, *, crib: bool = False, rules: ShowRules = ACC_RULES) -> int:
    scored = show(hand, starter, crib=crib, rules=rules)
    # Every example doubles as a check that the fast path agrees.
    assert show_total(cards(hand), card(starter), crib=crib, rules=rules) == scored.total
    return scored.total


def kinds(scored: Show) -> dict[str, int]:
    return scored.points_by_kind()


# --- The 29 hand and the 28s (rules/003) ---------------------------------------


def test_the_29_hand_item_by_item():
    scored = show("5H 5D 5C JS", "5S")
    assert scored.total == 29
    assert scored.as_dict() == {
        "total": 29,
        "items": [
            {"kind": "fifteen", "cards": ["5H", "JS"], "points": 2},
            {"kind": "fifteen", "cards": ["5D", "JS"], "points": 2},
            {"kind": "fifteen", "cards": ["5C", "JS"], "points": 2},
            {"kind": "fifteen", "cards": ["JS", "5S"], "points": 2},
            {"kind": "fifteen", "cards": ["5H", "5D", "5C"], "points": 2},
            {"kind": "fifteen", "cards": ["5H", "5D", "5S"], "points": 2},
            {"kind": "fifteen", "cards": ["5H", "5C", "5S"], "points": 2},
            {"kind": "fifteen", "cards": ["5D", "5C", "5S"], "points": 2},
            {"kind": "pair", "cards": ["5H", "5D"], "points": 2},
            {"kind": "pair", "cards": ["5H", "5C"], "points": 2},
            {"kind": "pair", "cards": ["5H", "5S"], "points": 2},
            {"kind": "pair", "cards": ["5D", "5C"], "points": 2},
            {"kind": "pair", "cards": ["5D", "5S"], "points": 2},
            {"kind": "pair", "cards": ["5C", "5S"], "points": 2},
            {"kind": "nobs", "cards": ["JS"], "points": 1},
        ],
    }


def test_the_29_hand_in_any_order_keeps_its_items():
    scored = show("JS 5C 5H 5D", "5S")
    assert scored.total == 29
    # Same items, cards still listed in the order given (jack first now).
    assert scored.items[0].cards == (card("JS"), card("5C"))
    assert kinds(scored) == {"fifteen": 16, "pair": 12, "run": 0, "flush": 0, "nobs": 1}


@pytest.mark.parametrize(
    ("hand", "starter"),
    [
        ("5H 5D 5C 5S", "KH"),   # four 5s and a ten-card
        ("5H 5D 5C 5S", "JH"),   # the jack turned: no nobs for anyone
        ("5H 5D 5C JH", "5S"),   # the 29 hand without the right jack
        ("5H 5D 5S QC", "5C"),
        ("TD 5D 5C 5S", "5H"),
    ],
)
def test_28_hands(hand, starter):
    assert total(hand, starter) == 28


# --- The 24 hands (rules/003: A7777, 33339, 36666, 44447, 44556, 44566, 45566, 67788, 77889)


def no_flush_no_nobs(ranks: str) -> tuple[list[Card], Card]:
    # Suits dealt H D C S in turn over rank-sorted cards: equal ranks get different
    # suits, the four hand cards never share one, and there is no jack.
    dealt = [card(rank + SUIT_LETTERS[i % 4]) for i, rank in enumerate(ranks)]
    return dealt[:4], dealt[4]


@pytest.mark.parametrize(
    "ranks", ["A7777", "33339", "36666", "44447", "44556", "44566", "45566", "67788", "77889"]
)
def test_the_24_hands(ranks):
    hand, starter = no_flush_no_nobs(ranks)
    scored = score_show(hand, starter)
    assert scored.total == 24
    assert kinds(scored)["flush"] == kinds(scored)["nobs"] == 0
    # Whichever of the five cards is the starter, ranks alone make the 24.
    five = [*hand, starter]
    for turned in five:
        assert show_total([c for c in five if c != turned], turned) == 24


# --- Worked examples from the rules texts -----------------------------------------


def test_pagat_seven_eight_eight_queen_with_a_nine():
    # "fifteen 2, fifteen 4, and a pair is 6, and a run is 9 and a run is 12"
    scored = show("7H 8D 8C QS", "9H")
    assert scored.total == 12
    assert [(i.kind, [c.code for c in i.cards], i.points) for i in scored.items] == [
        ("fifteen", ["7H", "8D"], 2),
        ("fifteen", ["7H", "8C"], 2),
        ("pair", ["8D", "8C"], 2),
        ("run", ["7H", "8D", "9H"], 3),
        ("run", ["7H", "8C", "9H"], 3),
    ]


def test_pagat_seven_king_jack_five_five_fifteens_are_eight():
    scored = show("7H KD JC 5S", "5H")
    assert kinds(scored)["fifteen"] == 8
    assert scored.total == 10  # and the pair of fives


def test_pagat_six_seven_seven_eight_ten_is_twelve():
    scored = show("6H 7D 7C 8S", "TH")
    assert scored.total == 12
    assert kinds(scored) == {"fifteen": 4, "pair": 2, "run": 6, "flush": 0, "nobs": 0}


def test_four_four_four_three_with_a_three_is_twelve():
    # rules/003 "Counting 4-4-4-3-3": 15-2, 15-4, 6 for the 4s, 2 for the 3s.
    scored = show("4H 4D 4C 3S", "3H")
    assert scored.total == 12
    assert kinds(scored) == {"fifteen": 4, "pair": 8, "run": 0, "flush": 0, "nobs": 0}


def test_a_run_of_four_is_four_not_two_runs_of_three():
    scored = show("9H TD JC QS", "2H")
    assert [i.kind for i in scored.items] == ["run"]
    assert scored.total == 4


@pytest.mark.parametrize(
    ("hand", "starter", "expected", "runs", "pairs"),
    [
        ("9H 9D TC JS", "2H", 8, 6, 2),      # double run of three
        ("9H 9D TC JS", "QH", 10, 8, 2),     # double run of four
        ("AH 2D 3C 4S", "4H", 10, 8, 2),     # double run of four, low
        ("2H 2D 2C 3S", "4H", 15, 9, 6),     # triple run
        ("2H 3D 3C 4S", "4H", 16, 12, 4),    # double-double (quadruple run)
        ("3H 4D 5C 6S", "7H", 9, 5, 0),      # run of five, plus 3-5-7 and 4-5-6 fifteens
    ],
)
def test_multiple_runs(hand, starter, expected, runs, pairs):
    scored = show(hand, starter)
    assert scored.total == expected
    assert kinds(scored)["run"] == runs
    assert kinds(scored)["pair"] == pairs


def test_double_double_runs_with_fifteens_make_24():
    assert total("4H 4D 5C 5S", "6H") == 24
    assert total("6H 7D 7C 8S", "8H") == 24


def test_four_card_flush_maximum_is_21():
    # rules/003: 5 5 10 J Q or 5 5 J Q K with four of them suited.
    assert total("5H TH JH QH", "5S") == 21
    assert total("5H JH QH KH", "5S") == 21
    assert kinds(show("5H TH JH QH", "5S"))["flush"] == 4


def test_five_card_flush_5_10_j_q_k_is_18_unless_the_jack_is_the_starter():
    assert total("5H TH JH KH", "QH") == 18
    assert total("5H TH QH KH", "JH") == 17


def test_crib_five_card_flush_with_nobs_is_15():
    # rules/003: a crib of one suit, 4 6 J and a ten-card, with a 5 of that suit cut.
    scored = show("4H 6H JH KH", "5H", crib=True)
    assert scored.total == 15
    assert kinds(scored) == {"fifteen": 6, "pair": 0, "run": 3, "flush": 5, "nobs": 1}
    flush = next(i for i in scored.items if i.kind == "flush")
    assert [c.code for c in flush.cards] == ["4H", "6H", "JH", "KH", "5H"]


def test_crib_four_card_flush_counts_only_under_the_house_rule():
    assert total("2H 4H 6H 8H", "KS", crib=True) == 0
    assert total("2H 4H 6H 8H", "KS", crib=True, rules=HOUSE) == 4
    assert total("2H 4H 6H 8H", "KS") == 4  # in a hand it always counts
    assert total("2H 4H 6H 8H", "KH", crib=True) == 5
    assert total("2H 4H 6H 8H", "KH", crib=True, rules=HOUSE) == 5


def test_three_hand_cards_and_the_starter_are_no_flush():
    # pagat: "no score for having 3 hand cards and the starter all the same suit".
    assert total("2H 4H 6H 8S", "KH") == 0


@pytest.mark.parametrize("starter", [c for c in DECK if c.rank != 1])
def test_four_aces_score_12_whatever_the_starter(starter):
    # rules/003: AAAA is the only hand no starter improves.
    assert show_total(cards("AH AD AC AS"), starter) == 12
    assert score_show(cards("AH AD AC AS"), starter).total == 12


def test_two_five_five_seven_nine_scores_only_the_pair():
    assert total("2C 5D 5S 7H", "9D") == 2
    assert total("2C 5D 5S 7H", "9D", crib=True) == 2
    # rules/003: a hand four-card flush if a 5 is the starter.
    assert total("2H 5H 7H 9H", "5D") == 6
    assert total("2H 5H 7H 9H", "5D", crib=True) == 2


def test_a_zero_hand():
    scored = show("2H 4D 6C 8S", "KS")
    assert scored.total == 0
    assert scored.items == ()
    assert scored.as_dict() == {"total": 0, "items": []}


def test_nobs_needs_the_jack_of_the_starters_suit():
    assert kinds(show("JH 2D 4C 6S", "9H"))["nobs"] == 1
    assert kinds(show("JH 2D 4C 6S", "9D"))["nobs"] == 0
    assert kinds(show("JH 2D 4C 6S", "9D", crib=True))["nobs"] == 0
    assert kinds(show("JH 2D 4C 6S", "9H", crib=True))["nobs"] == 1


def test_his_heels():
    assert his_heels(card("JH")) == 2
    assert his_heels("js") == 2
    assert his_heels(card("5H")) == 0
    assert his_heels(card("QD")) == 0


# --- Five-card game: three-card hands ---------------------------------------------


def test_three_card_hand_flush_is_three_or_four():
    assert total("2H 4H 6H", "KS") == 3
    assert total("2H 4H 6H", "KH") == 4
    assert total("5H 5D 5C", "5S") == 20   # 12 for the pairs, four 5-5-5 fifteens
    assert total("5H 5D JS", "5S") == 15   # J-5 three times, 5-5-5, pair royal, nobs


def test_a_crib_always_has_four_cards():
    with pytest.raises(CardError, match="a crib has 4 cards, got 3") as caught:
        show("2H 4H 6H", "KS", crib=True)
    assert caught.value.field == "hand"
    with pytest.raises(CardError, match="a crib has 4 cards, got 3"):
        show_total(cards("2H 4H 6H"), card("KS"), crib=True)


# --- Errors name the card and the field -------------------------------------------


@pytest.mark.parametrize(
    ("hand", "starter", "field", "fragment"),
    [
        (["5H", "5D", "5C", "5X"], "JS", "hand", "'5X'"),
        (["5H", "5D", "5C", "JS"], "5H", "starter", "5H"),
        (["5H", "5D", "5C", "5H"], "JS", "hand", "5H appears twice"),
        (["5H", "5D"], "JS", "hand", "got 2 (5H 5D)"),
        (["5H", "5D", "5C", "JS", "2C"], "9S", "hand", "got 5"),
        (["5H", "5D", "5C", "JS"], "1S", "starter", "'1S'"),
        (["5H", "5D", "5C", "JS"], None, "starter", "required"),
    ],
)
def test_bad_cards_name_the_card_and_the_field(hand, starter, field, fragment):
    with pytest.raises(CardError) as caught:
        score_show(hand, starter)
    assert caught.value.field == field
    assert fragment in str(caught.value)
    # The fast path refuses the same input, with the same message.
    with pytest.raises(CardError) as fast:
        show_total(hand, starter)
    assert str(fast.value) == str(caught.value)


def test_show_total_refuses_a_duplicate_between_hand_and_starter():
    with pytest.raises(CardError, match="starter 5S is also in the hand"):
        show_total(cards("5S 6D 7C 8H"), card("5S"))


def test_rank_score_is_the_suit_free_part():
    assert rank_score([5, 5, 5, 11, 5]) == 28
    assert rank_score([1, 1, 1, 1, 13]) == 12
    with pytest.raises(ScoringError):
        rank_score([0, 1, 2, 3, 4])


def test_impossible_scores():
    assert frozenset({19, 25, 26, 27}) == IMPOSSIBLE_SHOW_SCORES
    assert [n for n in range(-1, 32) if not is_possible_show_score(n)] == [
        -1, 19, 25, 26, 27, 30, 31,
    ]
    assert [n for n in range(-1, 56) if not is_possible_hand_and_crib(n)] == [-1, 51, 54, 55]


def test_hand_and_crib_53_and_52_are_made():
    # rules/003: J555 with the jack of the starter's suit, and 4466, starter 5.
    hand, crib, starter = cards("5H 5D 5C JS"), cards("4H 4D 6C 6S"), card("5S")
    assert show_total(hand, starter) + show_total(crib, starter, crib=True) == 53
    assert show_total(cards("5H 5D 5C JH"), starter) + show_total(crib, starter, crib=True) == 52


# --- The JSON adapter -------------------------------------------------------------


def test_answer_show_request_with_a_claim_and_rules():
    answer = answer_show_request(
        {"hand": ["2H", "4H", "6H", "8H"], "starter": "KS", "crib": True, "claimed": 0,
         "rules": {"four_card_crib_flush": True, "muggins": True}}
    )
    assert answer["total"] == 4
    assert answer["items"] == [{"kind": "flush", "cards": ["2H", "4H", "6H", "8H"], "points": 4}]
    assert answer["claim"] == {
        "true_score": 4, "claimed": 0, "difference": -4, "verdict": "under-claim",
        "muggins_points": 4,
    }


def test_answer_show_request_without_claim_is_the_show():
    request = {"hand": ["5h", "5d", "5c", "js"], "starter": "5♠"}
    assert answer_show_request(request) == show("5H 5D 5C JS", "5S").as_dict()
    assert "claim" not in answer_show_request(dict(request, claimed=None))


@pytest.mark.parametrize(
    ("request_", "field", "fragment"),
    [
        ({"hand": ["5H", "5D", "5C", "JX"], "starter": "5S"}, "hand", "JX"),
        ({"hand": ["5H", "5D", "5C", "JS"], "starter": "5H"}, "starter", "5H"),
        ({"hand": ["5H", "5D", "5C", "5H"], "starter": "JS"}, "hand", "5H appears twice"),
        ({"hand": ["5H", "5D"], "starter": "5S"}, "hand", "got 2"),
        ({"hand": "5H 5D 5C JS", "starter": "5S"}, "hand", "list"),
        ({"starter": "5S"}, "hand", "required"),
        ({"hand": ["5H", "5D", "5C", "JS"]}, "starter", "required"),
        ({"hand": ["5H", "5D", "5C", "JS"], "starter": 5}, "starter", "5"),
        ({"hand": ["5H", "5D", "5C", "JS"], "starter": "5S", "crib": "yes"}, "crib", "'yes'"),
        ({"hand": ["5H", "5D", "5C", "JS"], "starter": "5S", "claimed": -1}, "claimed", "-1"),
        ({"hand": ["5H", "5D", "5C", "JS"], "starter": "5S", "claimed": "29"}, "claimed", "'29'"),
        ({"hand": ["5H", "5D", "5C", "JS"], "starter": "5S", "claimed": True}, "claimed", "True"),
        ({"hand": ["5H", "5D", "5C", "JS"], "starter": "5S", "claimed": 2.5}, "claimed", "2.5"),
        ({"hand": ["5H", "5D", "5C", "JS"], "starter": "5S", "rules": {"lowball": True}},
         "rules", "lowball"),
        ({"hand": ["5H", "5D", "5C", "JS"], "starter": "5S", "rules": {"muggins": 1}},
         "rules", "muggins"),
    ],
)
def test_answer_show_request_errors_name_the_field(request_, field, fragment):
    with pytest.raises(ScoringError) as caught:
        answer_show_request(request_)
    assert caught.value.field == field
    assert fragment in str(caught.value)


def test_answer_show_request_needs_an_object():
    with pytest.raises(ScoringError, match="JSON object"):
        answer_show_request(["5H"])  # type: ignore[arg-type]


# --- Properties -------------------------------------------------------------------


def naive_total(hand: list[Card], starter: Card, *, crib: bool, rules: ShowRules) -> int:
    """The show counted straight from the definitions, with no cleverness at all."""
    five = [*hand, starter]
    points = 0
    for size in range(2, len(five) + 1):
        points += 2 * sum(1 for combo in combinations(five, size)
                          if sum(c.value for c in combo) == 15)
    points += 2 * sum(1 for a, b in combinations(five, 2) if a.rank == b.rank)
    for size in range(len(five), 2, -1):
        runs = [combo for combo in combinations(five, size)
                if len({c.rank for c in combo}) == size
                and max(c.rank for c in combo) - min(c.rank for c in combo) == size - 1]
        if runs:  # the longest runs only: a run of four holds no runs of three
            points += size * len(runs)
            break
    if len({c.suit for c in hand}) == 1:
        if starter.suit == hand[0].suit:
            points += len(five)
        elif not crib or rules.four_card_crib_flush:
            points += len(hand)
    points += sum(1 for c in hand if c.rank == 11 and c.suit == starter.suit)
    return points


deals = st.permutations(DECK).map(lambda deck: (list(deck[:4]), deck[4]))
three_card_deals = st.permutations(DECK).map(lambda deck: (list(deck[:3]), deck[3]))
show_rules = st.builds(ShowRules, four_card_crib_flush=st.booleans(), muggins=st.booleans())
suit_permutations = st.permutations(SUIT_LETTERS)


def relabelled(item: Card, order: list[str]) -> Card:
    return card(item.code[0] + order[SUIT_LETTERS.index(item.suit)])


@settings(max_examples=400, deadline=None)
@given(deal=deals, crib=st.booleans(), rules=show_rules)
def test_engine_agrees_with_the_naive_count(deal, crib, rules):
    hand, starter = deal
    scored = score_show(hand, starter, crib=crib, rules=rules)
    assert scored.total == naive_total(hand, starter, crib=crib, rules=rules)
    assert scored.total == sum(item.points for item in scored.items)
    assert show_total(hand, starter, crib=crib, rules=rules) == scored.total


@settings(max_examples=300, deadline=None)
@given(deal=deals, crib=st.booleans(), rules=show_rules)
def test_no_show_makes_an_impossible_score(deal, crib, rules):
    hand, starter = deal
    points = show_total(hand, starter, crib=crib, rules=rules)
    assert is_possible_show_score(points)
    assert points not in {19, 25, 26, 27}
    assert 0 <= points <= 29


@settings(max_examples=300, deadline=None)
@given(deal=deals, crib=st.booleans(), order=suit_permutations)
def test_relabelling_the_suits_never_changes_the_score(deal, crib, order):
    hand, starter = deal
    moved = [relabelled(c, order) for c in hand], relabelled(starter, order)
    assert show_total(*moved, crib=crib) == show_total(hand, starter, crib=crib)
    assert score_show(*moved, crib=crib).total == score_show(hand, starter, crib=crib).total


@settings(max_examples=300, deadline=None)
@given(deal=deals, suits=st.lists(st.sampled_from(SUIT_LETTERS), min_size=5, max_size=5))
def test_fifteens_pairs_and_runs_ignore_suits(deal, suits):
    # Give the five cards any other suits (each card still unique): when neither
    # version can make a flush or nobs, the score is the same.
    hand, starter = deal
    five = [card(c.code[0] + s) for c, s in zip([*hand, starter], suits, strict=True)]
    if len(set(five)) < 5:
        return
    before = score_show(hand, starter)
    after = score_show(five[:4], five[4])
    for scored in (before, after):
        if kinds(scored)["flush"] or kinds(scored)["nobs"]:
            return
    assert after.total == before.total
    # And whatever the suits, the suit-free part never moves.
    drop = ("fifteen", "pair", "run")
    assert [kinds(before)[k] for k in drop] == [kinds(after)[k] for k in drop]


@settings(max_examples=200, deadline=None)
@given(deal=deals, crib=st.booleans())
def test_items_come_in_announcement_order_with_cards_in_input_order(deal, crib):
    hand, starter = deal
    scored = score_show(hand, starter, crib=crib)
    position = {c: i for i, c in enumerate([*hand, starter])}
    order = ["fifteen", "pair", "run", "flush", "nobs"]
    keys = [(order.index(i.kind), len(i.cards) if i.kind == "fifteen" else 0,
             [position[c] for c in i.cards]) for i in scored.items]
    assert keys == sorted(keys)
    for item in scored.items:
        where = [position[c] for c in item.cards]
        assert where == sorted(where)
        if item.kind == "fifteen":
            assert sum(c.value for c in item.cards) == 15


@settings(max_examples=300, deadline=None)
@given(deal=three_card_deals, rules=show_rules)
def test_three_card_hands(deal, rules):
    hand, starter = deal
    scored = score_show(hand, starter, rules=rules)
    assert scored.total == sum(item.points for item in scored.items)
    assert scored.total == naive_total(hand, starter, crib=False, rules=rules)
    assert show_total(hand, starter, rules=rules) == scored.total
    flush = kinds(scored)["flush"]
    assert flush in (0, 3, 4)

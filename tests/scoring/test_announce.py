"""The count said aloud, the way a player announces it (rules/003 etiquette, pagat)."""
from __future__ import annotations

import pytest

from scoring.announce import announce, announce_text, number_words
from scoring.cards import card, cards
from scoring.show import score_show


def said(hand: str, starter: str, crib: bool = False) -> str:
    return announce_text(score_show(cards(hand), card(starter), crib=crib).items)


def test_pagat_seven_eight_eight_queen_with_a_nine():
    # pagat: "fifteen 2, fifteen 4, and a pair is 6, and a run is 9 and a run is 12"
    assert said("7H 8D 8C QS", "9H") == (
        "Fifteen two, fifteen four, a pair is six, a run of three is nine, a run of three is twelve."
    )


def test_the_29_hand_says_double_pair_royal_and_nobs():
    text = said("5H 5D 5C JS", "5S")
    assert text.startswith("Fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten,")
    assert "fifteen sixteen, a double pair royal is twenty-eight" in text
    assert text.endswith("one for his nobs is twenty-nine.")


def test_pair_royal_is_announced_once():
    # 4-4-4-3 with a 3 turned: two fifteens, a pair royal, a pair (rules/003, "Juli")
    assert said("4H 4D 4C 3S", "3H") == (
        "Fifteen two, fifteen four, a pair royal is ten, a pair is twelve."
    )


def test_flush_phrase_and_crib_flush():
    assert said("2H 4H 6H 8H", "KS") == "A flush of four is four."
    assert said("2H 4H 6H 8H", "KH", crib=True) == "A flush of five is five."


def test_nothing_is_nineteen():
    assert said("2H 4D 6C 8S", "KS") == "Nineteen (no score)."


def test_running_totals_match_the_show_total():
    show = score_show(cards("4H 4D 5C 5S"), card("6H"))
    phrases = announce(show.items)
    assert phrases[-1].running == show.total == 24
    assert [p.running for p in phrases] == sorted(p.running for p in phrases)


@pytest.mark.parametrize(
    ("n", "words"), [(0, "zero"), (15, "fifteen"), (20, "twenty"), (21, "twenty-one"),
                     (29, "twenty-nine"), (30, "thirty"), (53, "fifty-three")],
)
def test_number_words(n, words):
    assert number_words(n) == words

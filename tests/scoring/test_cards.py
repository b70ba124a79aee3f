"""Card notation (PRODUCT.md §3): ranks A..K with 10 for T, suits C D H S or symbols, any case."""
from __future__ import annotations

import pytest

from scoring.cards import DECK, Card, card, cards, codes
from scoring.errors import CardError, ScoringError


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("5H", 5, "H"),
        ("10d", 10, "D"),
        ("TD", 10, "D"),
        ("js", 11, "S"),
        ("5♥", 5, "H"),
        ("A♠", 1, "S"),
        ("k♦", 13, "D"),
        ("Qc", 12, "C"),
        (" 9h ", 9, "H"),
    ],
)
def test_parses_every_spelling(text, rank, suit):
    parsed = card(text)
    assert (parsed.rank, parsed.suit) == (rank, suit)


def test_ten_has_one_code_and_face_cards_count_ten():
    assert card("10d").code == "TD" == card("td").code
    assert [card(t).value for t in ("AH", "9H", "TH", "JH", "QH", "KH")] == [1, 9, 10, 10, 10, 10]


def test_deck_is_52_distinct_cards_with_distinct_indexes():
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert sorted(c.index for c in DECK) == list(range(52))
    assert all(card(c.code) is c for c in DECK)


@pytest.mark.parametrize(
    ("text", "reason"),
    [("5X", "suit"), ("1H", "rank"), ("11S", "rank"), ("ZZ", "rank"), ("H", "not a card"),
     ("", "not a card")],
)
def test_a_bad_card_is_named_with_the_reason(text, reason):
    with pytest.raises(CardError) as caught:
        card(text)
    assert repr(text) in str(caught.value)
    assert reason in str(caught.value)
    assert isinstance(caught.value, ScoringError)


def test_a_non_string_is_not_a_card():
    with pytest.raises(CardError, match="5 is not a card"):
        card(5)  # type: ignore[arg-type]


def test_cards_checks_the_count_and_duplicates():
    assert codes(cards("5H 5D 5C JS")) == ["5H", "5D", "5C", "JS"]
    assert codes(cards(["10h", "jd"])) == ["TH", "JD"]
    with pytest.raises(CardError, match="needs 4 cards, got 3"):
        cards("5H 5D 5C", count=4, what="hand")
    with pytest.raises(CardError, match="5H appears twice"):
        cards("5H 5D 5h")


def test_cards_are_values():
    assert Card(5, "H") == card("5H")
    assert hash(Card(5, "H")) == hash(card("5h"))
    assert repr(card("QS")) == "Card(QS)"

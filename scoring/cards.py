"""Cards and their notation.

Rank ``A 2 3 4 5 6 7 8 9 T J Q K`` (``10`` accepted for ``T``), suit ``C D H S``
(or ``♣ ♦ ♥ ♠``), case-insensitive: ``5H``, ``10d``, ``JS``, ``5♥``. The 52 cards are
built once; parsing is a dictionary look-up, so the hot scoring paths never
allocate a card.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from scoring.errors import CardError

RANK_LETTERS = "A23456789TJQK"
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = {"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S"}
JACK = 11
_SYMBOL_OF_SUIT = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``rank`` 1 (ace) .. 13 (king); ``value`` is its count (face cards 10)."""

    rank: int
    suit: str
    value: int = field(init=False, compare=False)
    index: int = field(init=False, compare=False)  # 0..51, for bit sets and arrays

    def __post_init__(self) -> None:
        object.__setattr__(self, "value", min(self.rank, 10))
        object.__setattr__(self, "index", (self.rank - 1) * 4 + SUIT_LETTERS.index(self.suit))

    @property
    def code(self) -> str:
        return RANK_LETTERS[self.rank - 1] + self.suit

    @property
    def symbol(self) -> str:
        """The card as printed for people: ``10♥``."""
        rank = "10" if self.rank == 10 else RANK_LETTERS[self.rank - 1]
        return rank + _SYMBOL_OF_SUIT[self.suit]

    @property
    def is_red(self) -> bool:
        return self.suit in "DH"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


DECK: tuple[Card, ...] = tuple(
    Card(rank, suit) for rank in range(1, 14) for suit in SUIT_LETTERS
)

_RANK_SPELLINGS = frozenset(RANK_LETTERS) | {"10"}
_BY_TEXT: dict[str, Card] = {}
for _card in DECK:
    _letters = [RANK_LETTERS[_card.rank - 1]] + (["10"] if _card.rank == 10 else [])
    _suits = [_card.suit] + [sym for sym, letter in SUIT_SYMBOLS.items() if letter == _card.suit]
    for _r in _letters:
        for _s in _suits:
            _BY_TEXT[_r + _s] = _card


def card(text: str) -> Card:
    """Parse one card, or raise ``CardError`` naming it and saying what is wrong."""
    if not isinstance(text, str):
        raise CardError(f"{text!r} is not a card: write it like 5H, 10D or JS")
    found = _BY_TEXT.get(text) or _BY_TEXT.get(text.strip().upper())
    if found is not None:
        return found
    cleaned = text.strip().upper()
    if len(cleaned) < 2:
        raise CardError(f"{text!r} is not a card: write it like 5H, 10D or JS")
    rank_part = cleaned[:-1]
    if rank_part not in _RANK_SPELLINGS:
        raise CardError(
            f"{text!r} is not a card: rank must be one of A 2 3 4 5 6 7 8 9 10/T J Q K"
        )
    raise CardError(f"{text!r} is not a card: suit must be one of C D H S")


def cards(texts: Iterable[str], *, count: int | None = None, what: str = "cards") -> tuple[Card, ...]:
    """Parse several distinct cards; ``count`` checks how many there must be."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    parsed = tuple(card(text) for text in texts)
    if count is not None and len(parsed) != count:
        raise CardError(f"{what} needs {count} cards, got {len(parsed)}")
    ensure_distinct(parsed)
    return parsed


def ensure_distinct(hand: Sequence[Card]) -> None:
    seen: set[Card] = set()
    for item in hand:
        if item in seen:
            raise CardError(f"{item.code} appears twice: every card is unique in one deck")
        seen.add(item)


def codes(hand: Iterable[Card]) -> list[str]:
    return [item.code for item in hand]

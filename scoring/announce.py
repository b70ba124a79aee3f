"""How a player announces a show: "fifteen two, fifteen four, a pair is six...".

Pure Python over a ``Show``'s items. Pairs of one rank are announced together
(a pair, a pair royal, a double pair royal); every other item is one phrase with
the running total, in the order the engine gives (fifteens, pairs, runs, flush,
nobs). A show of nothing is the cribbage player's "nineteen".
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

_WORDS = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen", "twenty",
]
_PAIR_NAMES = {1: "a pair", 3: "a pair royal", 6: "a double pair royal"}
_RUN_NAMES = {3: "three", 4: "four", 5: "five"}


def number_words(n: int) -> str:
    """Spell 0..99 the way it is said at the table ("twenty-nine")."""
    if 0 <= n <= 20:
        return _WORDS[n]
    tens = {2: "twenty", 3: "thirty", 4: "forty", 5: "fifty", 6: "sixty", 7: "seventy",
            8: "eighty", 9: "ninety"}
    if 20 < n < 100:
        head, unit = divmod(n, 10)
        return tens[head] + ("" if unit == 0 else "-" + _WORDS[unit])
    return str(n)


class _Card(Protocol):
    rank: int


class _Item(Protocol):
    kind: str
    cards: Sequence[_Card]
    points: int


@dataclass(frozen=True, slots=True)
class Phrase:
    """One thing said, and the running count after it."""

    text: str
    running: int


def _units(items: Sequence[_Item]) -> list[tuple[str, list[_Item]]]:
    """Group the pair items by rank (a pair royal is said once); others stay single."""
    units: list[tuple[str, list[_Item]]] = []
    pair_units: dict[int, list[_Item]] = {}
    for item in items:
        if item.kind == "pair":
            rank = item.cards[0].rank
            if rank not in pair_units:
                pair_units[rank] = []
                units.append(("pair", pair_units[rank]))
            pair_units[rank].append(item)
        else:
            units.append((item.kind, [item]))
    return units


def _phrase(kind: str, group: list[_Item], running: int) -> str:
    said = number_words(running)
    if kind == "fifteen":
        return f"fifteen {said}"
    if kind == "pair":
        return f"{_PAIR_NAMES.get(len(group), f'{len(group)} pairs')} is {said}"
    if kind == "run":
        length = len(group[0].cards)
        return f"a run of {_RUN_NAMES.get(length, str(length))} is {said}"
    if kind == "flush":
        return f"a flush of {number_words(group[0].points)} is {said}"
    if kind == "nobs":
        return f"one for his nobs is {said}"
    return f"{kind} is {said}"


def announce(items: Sequence[_Item]) -> tuple[Phrase, ...]:
    phrases: list[Phrase] = []
    running = 0
    for kind, group in _units(items):
        running += sum(item.points for item in group)
        phrases.append(Phrase(_phrase(kind, group, running), running))
    return tuple(phrases)


def announce_text(items: Sequence[_Item]) -> str:
    """The whole count as one sentence; "nineteen" for a hand that scores nothing."""
    phrases = announce(items)
    if not phrases:
        return "Nineteen (no score)."
    text = ", ".join(phrase.text for phrase in phrases)
    return text[0].upper() + text[1:] + "."

"""The show: scoring a hand or a crib together with the starter.

``score_show`` gives the itemised breakdown a player announces (fifteens, pairs,
runs, flush, nobs, each with its cards); ``show_total`` gives only the number and
is the fast path for statistics and batch checking. ``answer_show_request`` is the
JSON adapter shared by the ``score_hand`` command and the REST API.

Speed comes from one observation: fifteens, pairs and runs depend only on the
multiset of ranks, of which a four-card hand plus starter has just 6,175. That part
is computed once per rank multiset (keyed by a packed count of each rank, which
needs no sorting) and kept; flush and nobs depend on suits and are a few
comparisons per hand.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

from scoring.cards import DECK, JACK, Card, card
from scoring.errors import CardError, ScoringError
from scoring.rules import ACC_RULES, ShowRules

__all__ = [
    "IMPOSSIBLE_HAND_AND_CRIB_SCORES",
    "IMPOSSIBLE_SHOW_SCORES",
    "MAX_HAND_AND_CRIB",
    "MAX_SHOW",
    "Show",
    "ShowItem",
    "answer_show_request",
    "his_heels",
    "is_possible_hand_and_crib",
    "is_possible_show_score",
    "rank_score",
    "rules_from_request",
    "score_show",
    "show_total",
]

KINDS = ("fifteen", "pair", "run", "flush", "nobs")

# rules/003: the totals no four-card hand or crib with its starter can make, and the
# maxima. tests/scoring/test_stats.py checks these against the full enumeration.
MAX_SHOW = 29
IMPOSSIBLE_SHOW_SCORES: frozenset[int] = frozenset({19, 25, 26, 27})
MAX_HAND_AND_CRIB = 53
IMPOSSIBLE_HAND_AND_CRIB_SCORES: frozenset[int] = frozenset({51})


def is_possible_show_score(points: int) -> bool:
    """Can a four-card hand or crib with its starter score ``points``? (rules/003)"""
    return 0 <= points <= MAX_SHOW and points not in IMPOSSIBLE_SHOW_SCORES


def is_possible_hand_and_crib(points: int) -> bool:
    """Can a dealer's hand and crib (same starter) score ``points`` together? (rules/003)"""
    return 0 <= points <= MAX_HAND_AND_CRIB and points not in IMPOSSIBLE_HAND_AND_CRIB_SCORES


@dataclass(frozen=True, slots=True)
class ShowItem:
    """One scoring combination: a fifteen, a pair, a run, a flush or nobs."""

    kind: str
    cards: tuple[Card, ...]
    points: int

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": [c.code for c in self.cards], "points": self.points}


@dataclass(frozen=True, slots=True)
class Show:
    """A scored hand or crib: the items in announcement order and their total."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    items: tuple[ShowItem, ...]
    total: int

    def as_dict(self) -> dict[str, Any]:
        return {"total": self.total, "items": [item.as_dict() for item in self.items]}

    def points_by_kind(self) -> dict[str, int]:
        """Points per kind of item, every kind present (zero when absent)."""
        points = dict.fromkeys(KINDS, 0)
        for item in self.items:
            points[item.kind] += item.points
        return points


def his_heels(starter: Card | str) -> int:
    """Points the dealer pegs for the starter itself: 2 when a jack is turned."""
    if not isinstance(starter, Card):
        starter = _parse_card(starter, "starter")
    return 2 if starter.rank == JACK else 0


# ---------------------------------------------------------------------------
# Rank-only part: fifteens, pairs and runs.

# Each rank owns three bits holding how many cards of it there are (0..4), so
# the sum of the cards' weights identifies the rank multiset whatever the order.
_WEIGHT: tuple[int, ...] = (0, *(1 << (3 * (rank - 1)) for rank in range(1, 14)))

# A structure item is (kind, positions in the rank-sorted cards, points). The
# tables are keyed by rank multiset, so they never hold more than 6,175 five-card
# plus 1,820 four-card entries: safe to keep for the life of the process.
_Structure = tuple[tuple[str, tuple[int, ...], int], ...]
_STRUCTURES: dict[int, _Structure] = {}
_RANK_TOTALS: dict[int, int] = {}


def _ranks_of_key(key: int) -> tuple[int, ...]:
    ranks: list[int] = []
    for rank in range(1, 14):
        ranks.extend([rank] * ((key >> (3 * (rank - 1))) & 7))
    return tuple(ranks)


def _build_structure(ranks: tuple[int, ...]) -> _Structure:
    """Every fifteen, pair and run of the sorted ``ranks``, in announcement order."""
    values = [min(rank, 10) for rank in ranks]
    positions = range(len(ranks))
    items: list[tuple[str, tuple[int, ...], int]] = []
    for size in range(2, len(ranks) + 1):
        items.extend(
            ("fifteen", combo, 2)
            for combo in combinations(positions, size)
            if sum(values[i] for i in combo) == 15
        )
    items.extend(
        ("pair", (i, j), 2) for i, j in combinations(positions, 2) if ranks[i] == ranks[j]
    )
    # Runs: each maximal stretch of three or more consecutive ranks scores its
    # length once for every way of taking one card of each rank in it.
    where: dict[int, list[int]] = {}
    for i, rank in enumerate(ranks):
        where.setdefault(rank, []).append(i)
    distinct = sorted(where)
    start = 0
    while start < len(distinct):
        end = start
        while end + 1 < len(distinct) and distinct[end + 1] == distinct[end] + 1:
            end += 1
        length = end - start + 1
        if length >= 3:
            stretch = [where[rank] for rank in distinct[start : end + 1]]
            items.extend(("run", combo, length) for combo in product(*stretch))
        start = end + 1
    return tuple(items)


def _structure(key: int) -> _Structure:
    found = _STRUCTURES.get(key)
    if found is None:
        found = _STRUCTURES[key] = _build_structure(_ranks_of_key(key))
        _RANK_TOTALS[key] = sum(points for _, _, points in found)
    return found


def _rank_total(key: int) -> int:
    found = _RANK_TOTALS.get(key)
    if found is None:
        _structure(key)
        found = _RANK_TOTALS[key]
    return found


def rank_score(ranks: Iterable[int]) -> int:
    """Points for fifteens, pairs and runs of these ranks (1..13), the part suits never change."""
    key = 0
    for rank in ranks:
        if not 1 <= rank <= 13:
            raise ScoringError(f"{rank!r} is not a rank: ranks run from 1 (ace) to 13 (king)")
        key += _WEIGHT[rank]
    return _rank_total(key)


# ---------------------------------------------------------------------------
# Checking the cards.


# The canonical codes ("5H", "TD") are what machines send; one dict look-up
# serves them, and anything else goes through ``card`` with its error messages.
_BY_CODE: dict[str, Card] = {c.code: c for c in DECK}


def _parse_card(text: Any, field: str) -> Card:
    if isinstance(text, Card):
        return text
    found = _BY_CODE.get(text) if isinstance(text, str) else None
    if found is not None:
        return found
    try:
        return card(text)
    except CardError as error:
        raise CardError(str(error), field=field) from None


def _counted(parsed: tuple[Card, ...]) -> str:
    return f"{len(parsed)}" + (f" ({' '.join(c.code for c in parsed)})" if parsed else "")


def _checked(
    hand: Sequence[Card | str], starter: Card | str, crib: bool
) -> tuple[tuple[Card, ...], Card]:
    """The hand and starter as cards, or a ``CardError`` naming the card and the field."""
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Iterable):
        raise CardError("the hand must be a list of cards, like 5H 5D 5C JS", field="hand")
    parsed = tuple(_parse_card(item, "hand") for item in hand)
    if crib and len(parsed) != 4:
        raise CardError(f"a crib has 4 cards, got {_counted(parsed)}", field="hand")
    if len(parsed) not in (3, 4):
        raise CardError(
            f"a hand has 4 cards (3 in the five-card game), got {_counted(parsed)}",
            field="hand",
        )
    seen = 0  # one bit per card of the deck
    for item in parsed:
        bit = 1 << item.index
        if seen & bit:
            raise CardError(
                f"{item.code} appears twice in the hand: every card is unique in one deck",
                field="hand",
            )
        seen |= bit
    if starter is None:
        raise CardError("the starter is required", field="starter")
    turned = _parse_card(starter, "starter")
    if seen >> turned.index & 1:
        raise CardError(
            f"the starter {turned.code} is also in the hand: every card is unique in one deck",
            field="starter",
        )
    return parsed, turned


# ---------------------------------------------------------------------------
# The fast total.


def show_total(
    hand: Sequence[Card], starter: Card, *, crib: bool = False, rules: ShowRules = ACC_RULES
) -> int:
    """The show's points, without the breakdown. Same answer as ``score_show(...).total``."""
    weight = _WEIGHT
    if len(hand) == 4:
        try:
            a, b, c, d = hand
            key = (
                weight[a.rank] + weight[b.rank] + weight[c.rank] + weight[d.rank]
                + weight[starter.rank]
            )
            # One bit per card of the deck: five different cards make five bits.
            mask = (
                (1 << a.index) | (1 << b.index) | (1 << c.index) | (1 << d.index)
                | (1 << starter.index)
            )
        except AttributeError:
            mask = 0  # not Card objects: the slow path names the culprit
        if mask.bit_count() != 5:
            hand, starter = _checked(hand, starter, crib)
            return show_total(hand, starter, crib=crib, rules=rules)
        total = _RANK_TOTALS.get(key)
        if total is None:
            total = _rank_total(key)
        suit = a.suit
        if b.suit == suit and c.suit == suit and d.suit == suit:
            if starter.suit == suit:
                total += 5
            elif not crib or rules.four_card_crib_flush:
                total += 4
    elif len(hand) == 3 and not crib:
        try:
            a, b, c = hand
            key = weight[a.rank] + weight[b.rank] + weight[c.rank] + weight[starter.rank]
            mask = (1 << a.index) | (1 << b.index) | (1 << c.index) | (1 << starter.index)
        except AttributeError:
            mask = 0
        if mask.bit_count() != 4:
            hand, starter = _checked(hand, starter, crib)
            return show_total(hand, starter, crib=crib, rules=rules)
        total = _RANK_TOTALS.get(key)
        if total is None:
            total = _rank_total(key)
        suit = a.suit
        if b.suit == suit and c.suit == suit:
            total += 4 if starter.suit == suit else 3
    else:
        _checked(hand, starter, crib)  # raises: wrong number of cards
        raise AssertionError("unreachable")  # pragma: no cover
    # Nobs: the jack of the starter's suit is card index 40 + the suit's offset.
    if starter.rank != JACK and (mask >> (40 + (starter.index & 3))) & 1:
        total += 1
    return total


# ---------------------------------------------------------------------------
# The itemised show.

_KIND_ORDER = {kind: order for order, kind in enumerate(KINDS)}


def score_show(
    hand: Sequence[Card | str],
    starter: Card | str,
    *,
    crib: bool = False,
    rules: ShowRules = ACC_RULES,
) -> Show:
    """Score a hand (4 cards, or 3 in the five-card game) or a crib (4 cards) with the starter.

    Items come in the order a player announces them: fifteens (smaller
    combinations first), pairs, runs, flush, nobs; within a kind, and within each
    item, cards follow the input order (hand cards as given, then the starter).
    """
    hand, starter = _checked(hand, starter, crib)
    cards = (*hand, starter)
    key = 0
    for item in cards:
        key += _WEIGHT[item.rank]
    structure = _STRUCTURES.get(key)
    if structure is None:
        structure = _structure(key)

    # Position in rank-sorted order -> position in the input; the sort is stable,
    # so equal ranks keep their input order.
    order = sorted(range(len(cards)), key=lambda i: cards[i].rank)
    found: list[tuple[int, int, tuple[int, ...], str, int]] = []
    for kind, positions, points in structure:
        where = tuple(sorted([order[p] for p in positions]))
        found.append((_KIND_ORDER[kind], len(where), where, kind, points))
    found.sort()
    items = [
        ShowItem(kind, tuple([cards[i] for i in where]), points)
        for _, _, where, kind, points in found
    ]
    total = _RANK_TOTALS[key]

    flush = _flush_points(hand, starter, crib, rules)
    if flush:
        flush_cards = cards if flush == len(cards) else hand
        items.append(ShowItem("flush", flush_cards, flush))
        total += flush
    if starter.rank != JACK:
        for item in hand:
            if item.rank == JACK and item.suit == starter.suit:
                items.append(ShowItem("nobs", (item,), 1))
                total += 1
    return Show(hand, starter, crib, tuple(items), total)


def _flush_points(hand: tuple[Card, ...], starter: Card, crib: bool, rules: ShowRules) -> int:
    suit = hand[0].suit
    if any(item.suit != suit for item in hand):
        return 0
    if starter.suit == suit:
        return len(hand) + 1
    # The crib's four cards alone are no flush under the ACC; a house rule allows it.
    if crib and not rules.four_card_crib_flush:
        return 0
    return len(hand)


# ---------------------------------------------------------------------------
# The JSON adapter (score_hand command and POST /api/v1/scoring/show/).

_RULE_FLAGS = tuple(ShowRules.__dataclass_fields__)


def rules_from_request(value: Any) -> ShowRules:
    """A ``ShowRules`` from the request's optional ``"rules"`` object of boolean flags."""
    if value is None:
        return ACC_RULES
    if not isinstance(value, Mapping):
        raise ScoringError(
            "rules must be an object of flags, like {\"four_card_crib_flush\": true}",
            field="rules",
        )
    flags: dict[str, bool] = {}
    for name, flag in value.items():
        if name not in _RULE_FLAGS:
            raise ScoringError(
                f"{name!r} is not a rule flag: use {', '.join(_RULE_FLAGS)}", field="rules"
            )
        if not isinstance(flag, bool):
            raise ScoringError(f"rules.{name} must be true or false, got {flag!r}", field="rules")
        flags[name] = flag
    return ShowRules(**flags) if flags else ACC_RULES


def answer_show_request(obj: Mapping[str, Any]) -> dict[str, Any]:
    """Answer ``{"hand": [...], "starter": "5S", "crib": false, "claimed": 12, "rules": {...}}``.

    Returns ``Show.as_dict()``, plus ``"claim"`` when a claimed score is given.
    Raises ``CardError``/``ScoringError`` with ``field`` naming the bad JSON field.
    """
    # Imported here because claims imports this module.
    from scoring.claims import check_claim

    if not isinstance(obj, Mapping):
        raise ScoringError("the request must be a JSON object with hand and starter")
    hand = obj.get("hand")
    if hand is None:
        raise CardError("the hand is required: a list of 4 cards, like [\"5H\", \"JS\"]", field="hand")
    if not isinstance(hand, (list, tuple)):
        raise CardError(
            f"the hand must be a list of cards, like [\"5H\", \"5D\", \"5C\", \"JS\"], not {hand!r}",
            field="hand",
        )
    starter = obj.get("starter")
    if starter is None:
        raise CardError("the starter is required, like \"5S\"", field="starter")
    crib = obj.get("crib", False)
    if crib is None:
        crib = False
    if not isinstance(crib, bool):
        raise ScoringError(f"crib must be true or false, got {crib!r}", field="crib")
    rules = rules_from_request(obj.get("rules"))

    show = score_show(hand, starter, crib=crib, rules=rules)
    answer = show.as_dict()
    claimed = obj.get("claimed")
    if claimed is not None:
        answer["claim"] = check_claim(show, claimed, rules=rules).as_dict()
    return answer


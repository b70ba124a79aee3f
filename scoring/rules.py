"""What the engine needs to know about the game being played: a small typed value.

``GameKind`` says how many play and how many cards a hand keeps; ``ShowRules``
holds the house-rule flags that change how a hand or a play is scored. The
tournament rule sets (tournaments app) carry one of each.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameKind:
    key: str
    label: str
    players: int
    cards_dealt: int          # to each player
    hand_size: int            # cards a player keeps for the play and the show
    target: int               # 121, or 61 for five-card
    pegging_restarts: bool    # five-card pegs to 31 only once
    crib_from_deck: int = 0   # three-player: one card dealt straight to the crib
    first_non_dealer_start: int = 0  # five-card: three points to the first non-dealer
    partners: bool = False    # four-player: 0 & 2 against 1 & 3


SIX_CARD = GameKind("six-card", "Six-card, two players, to 121", 2, 6, 4, 121, True)
FIVE_CARD = GameKind(
    "five-card", "Five-card, two players, to 61", 2, 5, 3, 61, False, first_non_dealer_start=3
)
THREE_PLAYER = GameKind("three-player", "Three players, to 121", 3, 5, 4, 121, True, crib_from_deck=1)
FOUR_PLAYER = GameKind("four-player", "Four players in partners, to 121", 4, 5, 4, 121, True, partners=True)

GAME_KINDS: dict[str, GameKind] = {kind.key: kind for kind in (SIX_CARD, FIVE_CARD, THREE_PLAYER, FOUR_PLAYER)}


def game_kind_for_players(players: int) -> GameKind:
    """The usual game for a number of players (two players means six-card)."""
    for kind in (SIX_CARD, THREE_PLAYER, FOUR_PLAYER):
        if kind.players == players:
            return kind
    raise ValueError(f"cribbage is played by 2, 3 or 4 players, not {players}")


@dataclass(frozen=True, slots=True)
class ShowRules:
    """House-rule flags. Defaults are the ACC's."""

    four_card_crib_flush: bool = False  # house rule: a four-card flush counts in the crib
    muggins: bool = False               # points a player misses go to the opponent
    null_point_penalty: bool = False    # a hand or crib of 0 gives the opponent 1
    back_ten: bool = False              # a hand or crib of 0 sends its owner back 10


ACC_RULES = ShowRules()

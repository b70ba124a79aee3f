"""The play (pegging) engine: every worked example of the rules texts, and the breaches.

Sequences are written as ``"0:4H 1:2C 0:go"`` (player:card), player 0 first.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from scoring.cards import card, cards
from scoring.errors import CardError, PlayError
from scoring.play import GO, PlayResult, answer_play_request, score_card, score_play
from scoring.rules import FIVE_CARD, FOUR_PLAYER, SIX_CARD


def plays(text: str) -> list[tuple[int, object]]:
    found = []
    for item in text.split():
        player, what = item.split(":")
        found.append((int(player), GO if what == "go" else card(what)))
    return found


def hands(*texts: str) -> list[tuple]:
    return [cards(text) for text in texts]


def points(result: PlayResult) -> list[int]:
    return [played.points for played in result.cards]


def implicit_goes(text: str) -> str:
    """Leave out every go the engine can infer: one followed by another player's play.

    A go followed by the same player's card stays: that card alone could be a count
    passing 31. Trailing goes go too (with hands the end of the count is known).
    """
    kept: list[str] = []
    for item in reversed(text.split()):
        player, what = item.split(":")
        if what == "go" and (not kept or kept[-1].split(":")[0] != player):
            continue
        kept.append(item)
    return " ".join(reversed(kept))


# -- rules/001 (pagat) --------------------------------------------------------


def test_pagat_4_2_3_5_6_scores_growing_runs():
    result = score_play(plays("0:4H 1:2C 0:3D 1:5S 0:6H"), players=2)
    assert points(result) == [0, 0, 3, 4, 5]
    assert [played.reasons for played in result.cards][2:] == [
        ("run of 3",), ("run of 4",), ("run of 5",)
    ]
    # A fragment: nobody has played out, so no last card.
    assert result.totals == (8, 4)
    assert result.errors == ()


def test_pagat_4_2_3_4_3_second_three_completes_nothing():
    result = score_play(plays("0:4H 1:2C 0:3D 1:4S 0:3H"), players=2)
    assert points(result) == [0, 0, 3, 3, 0]
    assert result.errors == ()


# -- rules/000 ---------------------------------------------------------------


def test_three_fives_ten_and_a_pair_then_fifteen_and_pair_royal():
    result = score_play(plays("0:5H 1:5C 0:5D"), players=2)
    assert points(result) == [0, 2, 8]
    assert result.cards[1].reasons == ("pair",)
    assert result.cards[2].reasons == ("fifteen", "pair royal")
    assert [played.count for played in result.cards] == [5, 10, 15]


def test_run_of_seven():
    result = score_play(plays("0:2H 1:4C 0:6D 1:AS 0:3H 1:5C 0:7D"), players=2)
    assert points(result) == [0, 0, 0, 0, 0, 6, 7]
    assert result.cards[5].reasons == ("run of 6",)
    assert result.cards[6].reasons == ("run of 7",)
    assert result.cards[6].count == 28


def test_pair_interrupts_run_2_3_3_4():
    result = score_play(plays("0:2H 1:3C 0:3D 1:4S"), players=2)
    assert points(result) == [0, 0, 2, 0]


# -- rules/003 (Ty's questions, the 15-point card, the maxima) -----------------


def test_ty_runs_in_the_play_three_players():
    result = score_play(plays("0:3H 1:5C 2:4D 0:2S 1:3C 2:4H"), players=3)
    assert points(result) == [0, 0, 3, 4, 4, 3]
    assert result.totals == (4, 4, 6)
    assert result.errors == ()


def test_2_3_4_4_scores_pair_and_a_five_after_it_nothing():
    result = score_play(plays("0:2H 1:3C 0:4D 1:4S 0:5H"), players=2)
    assert points(result) == [0, 0, 3, 2, 0]
    assert result.cards[3].reasons == ("pair",)


def test_6_6_4_2_3_the_three_scores_a_run():
    result = score_play(plays("0:6H 1:6C 0:4D 1:2S 0:3H"), players=2)
    assert points(result) == [0, 2, 0, 0, 3]


def test_ten_and_queen_do_not_pair():
    result = score_play(plays("0:TH 1:QC 0:TD"), players=2)
    assert points(result) == [0, 0, 0]


FIFTEEN_POINT_PLAY = "0:JH 1:QC 0:KD 1:go 0:go 1:7S 0:2H 1:2C 0:2D 1:2S"
BOB_AND_ALICE = ("JH KD 2H 2D", "QC 7S 2C 2S")


@pytest.mark.parametrize("given_hands", [None, BOB_AND_ALICE])
@pytest.mark.parametrize("sequence", [FIFTEEN_POINT_PLAY, implicit_goes(FIFTEEN_POINT_PLAY)])
def test_fifteen_points_with_one_card(sequence, given_hands):
    result = score_play(
        plays(sequence), players=2, hands=hands(*given_hands) if given_hands else None
    )
    assert result.errors == ()
    assert [played.count for played in result.cards] == [10, 20, 30, 7, 9, 11, 13, 15]
    assert result.cards[2].reasons == ("run of 3", "go")  # Bob: 30 for one
    assert result.cards[2].points == 4
    last = result.cards[-1]
    assert last.points == 15
    assert last.reasons == ("fifteen", "double pair royal", "last card")
    assert result.totals == (10, 17)  # Bob 3 + 1 + 6, Alice 2 + 15


def test_fifteen_points_the_other_way_4_a_a_a_2_2_2_2():
    result = score_play(
        plays("0:4H 1:AC 0:AD 1:AS 0:2H 1:2C 0:2D 1:2S"),
        players=2,
        hands=hands("4H AD 2H 2D", "AC AS 2C 2S"),
    )
    assert points(result) == [0, 0, 2, 6, 0, 2, 6, 15]
    assert result.errors == ()


def test_dealer_pegs_29():
    result = score_play(
        plays("0:3H 1:3C 0:3D 1:3S 0:4H 1:4C 0:4D 1:4S"),
        players=2,
        hands=hands("3H 3D 4H 4D", "3C 3S 4C 4S"),
    )
    assert points(result) == [0, 2, 6, 12, 0, 2, 6, 13]
    assert result.cards[-1].reasons == ("double pair royal", "last card")
    assert result.totals == (12, 29)


def test_non_dealer_pegs_24_then_the_dealers_nine_alone_is_last_card():
    result = score_play(
        plays("0:5H 1:5C 0:5D 1:4S 0:4H 1:4C 0:4D 1:9S"),
        players=2,
        hands=hands("5H 5D 4H 4D", "5C 4S 4C 9S"),
    )
    assert points(result) == [0, 2, 8, 0, 2, 6, 14, 1]
    assert result.cards[6].reasons == ("thirty-one", "double pair royal")
    assert result.cards[7].count == 9
    assert result.cards[7].reasons == ("last card",)
    assert result.totals == (24, 9)


# -- rules/004 ---------------------------------------------------------------


def test_ten_five_five_five_six_makes_thirty_one():
    result = score_play(plays("0:TH 1:5C 0:5D 1:5S 0:6H"), players=2)
    assert [played.count for played in result.cards] == [10, 15, 20, 25, 31]
    assert points(result) == [0, 2, 2, 6, 2]
    assert result.cards[1].reasons == ("fifteen",)
    assert result.cards[4].reasons == ("thirty-one",)
    assert result.errors == ()


GO_EXAMPLE = "0:9H 1:7C 0:8D 1:5S 0:go 1:AH 1:go 0:9C 1:3D 0:4S"
GO_EXAMPLE_HANDS = ("9H 8D 9C 4S", "7C 5S AH 3D")


@pytest.mark.parametrize("given_hands", [None, GO_EXAMPLE_HANDS])
@pytest.mark.parametrize("sequence", [GO_EXAMPLE, implicit_goes(GO_EXAMPLE)])
def test_go_example_nine_seven_eight(sequence, given_hands):
    result = score_play(
        plays(sequence), players=2, hands=hands(*given_hands) if given_hands else None
    )
    assert result.errors == ()
    assert [(played.player, played.card.code, played.count) for played in result.cards] == [
        (0, "9H", 9), (1, "7C", 16), (0, "8D", 24), (1, "5S", 29),
        (1, "AH", 30), (0, "9C", 9), (1, "3D", 12), (0, "4S", 16),
    ]
    assert points(result) == [0, 0, 3, 0, 1, 0, 0, 1]
    assert result.cards[4].reasons == ("go",)
    assert result.cards[7].reasons == ("last card",)
    assert result.totals == (4, 1)


SELF_INFLICTED = "0:KH 1:JC 0:7D 1:go 0:4S 1:TC 0:QD 1:9C 1:5H"
SELF_INFLICTED_HANDS = ("KH 7D 4S QD", "JC TC 9C 5H")


@pytest.mark.parametrize("given_hands", [None, SELF_INFLICTED_HANDS])
def test_self_inflicted_go(given_hands):
    # The opponent is out of cards at 29; the 9 is the player's own go, the 5 a new count.
    result = score_play(
        plays(SELF_INFLICTED), players=2, hands=hands(*given_hands) if given_hands else None
    )
    assert result.errors == ()
    assert [played.count for played in result.cards] == [10, 20, 27, 31, 10, 20, 29, 5]
    assert result.cards[3].reasons == ("thirty-one",)
    assert result.cards[6].reasons == ("go",)
    assert result.cards[7].reasons == ("last card",)
    assert result.totals == (2, 2)


def test_self_inflicted_go_said_aloud_scores_the_same():
    said = SELF_INFLICTED.replace("1:9C 1:5H", "1:9C 1:go 1:5H")
    assert score_play(plays(said), players=2) == score_play(plays(SELF_INFLICTED), players=2)


# -- breaches ----------------------------------------------------------------


def test_go_while_holding_a_card_that_fits_is_a_renege():
    result = score_play(
        plays("0:8C 1:7D 2:9S 0:3C 1:go 2:4H"),
        players=3,
        hands=hands("8C 3C KC QC", "7D 3H KD QD", "9S 4H KS QS"),
    )
    assert result.errors[0] == "play 5 (player 1, go): renege, 3H fits (count 27)"
    # Not a breach that hides the count: scoring goes on.
    assert result.cards[-1].count == 31
    assert result.cards[-1].reasons == ("thirty-one",)


def test_go_at_a_low_count_is_a_renege_without_hands():
    result = score_play(plays("0:6C 1:6D 0:go"), players=2)
    assert result.errors == ("play 3 (player 0, go): renege, every card fits (count 12)",)
    assert points(result) == [0, 2]


def test_count_past_31_stops_the_scoring():
    result = score_play(plays("0:TH 1:KC 0:QD 1:5S 0:5C 1:5D"), players=2)
    assert result.errors == ("play 4 (player 1, 5S): takes the count past 31 (30 + 5)",)
    assert [played.card.code for played in result.cards] == ["TH", "KC", "QD"]


def test_card_played_twice():
    result = score_play(plays("0:4H 1:4H 0:5C"), players=2)
    assert result.errors == ("play 2 (player 1, 4H): 4H was already played (play 1)",)
    assert [played.count for played in result.cards] == [4, 8, 13]


def test_card_not_held():
    result = score_play(
        plays("0:4H 1:9S"), players=2, hands=hands("4H 9S 2C 3C", "TD JD QD KD")
    )
    assert result.errors[0] == (
        "play 2 (player 1, 9S): player 1 does not hold 9S (it is in player 0's hand)"
    )


def test_card_in_nobody_s_hand():
    result = score_play(
        plays("0:4H 1:AS"), players=2, hands=hands("4H 9S 2C 3C", "TD JD QD KD")
    )
    assert "player 1 does not hold AS (it is in no hand)" in result.errors[0]


@pytest.mark.parametrize(
    ("sequence", "message"),
    [
        ("1:4H", "play 1 (player 1, 4H): out of turn, player 0 was to play "
                 "(every card fits at count 0)"),
        ("0:4H 0:5C", "play 2 (player 0, 5C): out of turn, player 1 was to play "
                      "(every card fits at count 4)"),
        ("0:4H 1:go", "play 2 (player 1, go): renege, every card fits (count 4)"),
    ],
)
def test_out_of_turn(sequence, message):
    result = score_play(plays(sequence), players=2)
    assert result.errors[0] == message


def test_out_of_turn_stops_the_scoring():
    result = score_play(plays("0:4H 0:5C 1:6D"), players=2)
    assert len(result.errors) == 1
    assert [played.card.code for played in result.cards] == ["4H"]


def test_skipped_player_holding_a_card_that_fits_is_out_of_turn():
    result = score_play(
        plays("0:TH 1:KC 0:8D 0:3S"), players=2, hands=hands("TH 8D 3S 2S", "KC AC QC JC")
    )
    assert result.errors == (
        "play 4 (player 0, 3S): out of turn, player 1 was to play (AC fits at count 28)",
    )


def test_after_a_go_the_other_player_must_lead_the_next_count():
    # Player 1 said go at 30 and player 0 cannot play; the count closes and player 1
    # (the player after the last card) leads: player 0 playing again is out of turn.
    result = score_play(plays("0:TH 1:KC 0:QD 1:go 0:go 0:5C"), players=2)
    assert result.errors == (
        "play 6 (player 0, 5C): out of turn, player 1 was to play (every card fits at count 0)",
    )
    assert result.cards[2].reasons == ("go",)


def test_a_card_that_does_not_fit_after_the_others_went_is_the_players_own_go():
    # Player 1 said go; player 0 lays a card that does not fit: player 0's own go,
    # but the next count is player 1's to lead.
    result = score_play(plays("0:TH 1:KC 0:QD 1:go 0:5C"), players=2)
    assert result.errors == (
        "play 5 (player 0, 5C): out of turn, player 1 was to play (every card fits at count 0)",
    )
    assert result.cards[2].reasons == ("go",)


def test_own_go_while_holding_a_card_that_fits_is_a_renege():
    # Players 0 and 1 are out of cards at 23; player 2 lays the 9 (own go, new count)
    # although the 7 fits.
    result = score_play(
        plays("0:2D 1:JC 2:TD 0:3D 1:AC 2:go 0:5S 1:9H 2:8C 0:3S 1:3H 2:9S 2:7C"),
        players=3,
        hands=hands("3D 3S 2D 5S", "9H JC 3H AC", "7C TD 9S 8C"),
    )
    assert result.errors == ("play 12 (player 2, 9S): renege, 7C fits (count 23)",)
    assert [played.count for played in result.cards][-3:] == [23, 9, 16]
    assert result.cards[-3].reasons == ("pair", "go")
    assert result.cards[-1].reasons == ("last card",)


def test_a_card_after_a_go_while_another_player_can_still_play():
    result = score_play(
        plays("0:8C 1:7D 2:9S 0:3C 1:go 1:4D"),
        players=3,
        hands=hands("8C 3C KC QC", "7D 4D KD QD", "9S 3H KS QS"),
    )
    assert result.errors == (
        "play 5 (player 1, go): renege, 4D fits (count 27)",
        "play 6 (player 1, 4D): out of turn, player 2 can still play (3H fits at count 27)",
    )


def test_five_card_own_go_would_start_a_second_count():
    result = score_play(
        plays("0:TH 1:KC 0:9D 1:AC 1:5C"), players=2, kind=FIVE_CARD,
        hands=hands("TH 9D JD", "KC AC 5C"),
    )
    assert result.errors == (
        "play 5 (player 1, 5C): the play is over, five-card pegs to 31 only once",
    )
    assert result.cards[-1].reasons == ("go",)
    assert result.totals == (0, 1)


def test_a_card_that_does_not_fit_while_others_are_still_in_is_past_31():
    result = score_play(plays("0:TH 1:KC 0:9D 1:QS"), players=2)
    assert result.errors == ("play 4 (player 1, QS): takes the count past 31 (29 + 10)",)


def test_more_cards_than_the_hand_holds():
    result = score_play(plays("0:AH 1:2C 0:3D 1:4S 0:5H 1:6C 0:7D 1:3S 0:9H"), players=2)
    # Every card is played at 31: the last card scores the 2 for 31, no extra point.
    assert result.cards[7].reasons == ("thirty-one", "run of 5")
    assert result.errors == ("play 9 (player 0, 9H): player 0 has already played all 4 cards",)
    assert result.cards[8].count == 9


def test_an_unfinished_play_with_hands_is_reported():
    result = score_play(
        plays("0:4H 1:2C 0:3D"), players=2, hands=hands("4H 3D 9S 9C", "2C KD 8H 7H")
    )
    assert result.errors == (
        "the play is unfinished: player 0 still holds 9C and 9S; "
        "player 1 still holds 7H, 8H and KD",
    )
    assert points(result) == [0, 0, 3]


def test_go_from_a_player_without_cards_is_tolerated():
    sequence = "0:KH 1:JC 0:7D 1:go 0:4S 1:TC 0:QD 1:9C 0:go 1:5H 0:go"
    result = score_play(plays(sequence), players=2)
    assert result.errors == ()
    assert result.totals == (2, 2)


# -- three and four players, five-card ------------------------------------------

THREE_PLAYER_PLAY = "0:TC 1:KD 2:9S 0:go 1:go 2:AS 2:go 0:5H 1:7H 2:QH 0:4D 1:go 2:2D 0:3C 1:6S 1:8D"
THREE_PLAYER_HANDS = ("TC 5H 4D 3C", "KD 7H 6S 8D", "9S AS QH 2D")


@pytest.mark.parametrize("given_hands", [None, THREE_PLAYER_HANDS])
@pytest.mark.parametrize("sequence", [THREE_PLAYER_PLAY, implicit_goes(THREE_PLAYER_PLAY)])
def test_three_players(sequence, given_hands):
    result = score_play(
        plays(sequence), players=3, hands=hands(*given_hands) if given_hands else None
    )
    assert result.errors == ()
    assert [(played.player, played.count) for played in result.cards] == [
        (0, 10), (1, 20), (2, 29), (2, 30),
        # player 0 leads after player 2's go
        (0, 5), (1, 12), (2, 22), (0, 26), (2, 28), (0, 31),
        # player 1 alone still holds cards and plays them out
        (1, 6), (1, 14),
    ]
    assert result.cards[3].reasons == ("go",)
    assert result.cards[9].reasons == ("thirty-one", "run of 3")
    assert result.cards[11].reasons == ("last card",)
    assert result.totals == (5, 1, 1)


FOUR_PLAYER_PLAY = (
    "0:5S 1:TD 2:5D 3:5H 0:5C 1:go 2:go 3:go 0:go "
    "1:KD 2:QS 3:JH 0:go 1:go 2:go 3:go "
    "0:2C 1:3D 2:4S 3:6H 0:7C 1:8D 2:go 3:go "
    "2:9H 3:9S"
)
FOUR_PLAYER_HANDS = ("5S 5C 2C 7C", "TD KD 3D 8D", "5D QS 4S 9H", "5H JH 6H 9S")


@pytest.mark.parametrize("given_hands", [None, FOUR_PLAYER_HANDS])
@pytest.mark.parametrize("sequence", [FOUR_PLAYER_PLAY, implicit_goes(FOUR_PLAYER_PLAY)])
def test_four_players_in_partners(sequence, given_hands):
    result = score_play(
        plays(sequence), players=4, hands=hands(*given_hands) if given_hands else None
    )
    assert result.errors == ()
    assert [played.player for played in result.cards] == [
        0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3
    ]
    assert points(result) == [0, 2, 0, 2, 7, 0, 0, 4, 0, 0, 3, 2, 0, 4, 0, 3]
    assert result.totals == (7, 6, 3, 11)
    assert result.teams == (10, 17)
    assert result.as_dict()["teams"] == [10, 17]


def test_four_players_turn_skips_a_player_out_of_cards():
    # Player 0 plays out first (two aces after the others' goes); from then on the turn
    # passes 3 -> 1, and player 3, the only one left, takes a go of their own.
    result = score_play(
        plays("0:KC 1:KD 2:9H 3:go 0:AC 1:go 2:go 0:AH 1:QD 2:QH 3:QS 0:AD "
              "1:JD 2:JH 3:JS 1:go 2:go 3:go 1:TD 2:TH 3:TS 3:8S"),
        players=4,
        hands=hands("KC AC AH AD", "KD QD JD TD", "9H QH JH TH", "QS JS TS 8S"),
    )
    assert result.errors == ()
    assert [(played.player, played.count, played.points) for played in result.cards] == [
        (0, 10, 0), (1, 20, 2), (2, 29, 0), (0, 30, 0), (0, 31, 4),
        (1, 10, 0), (2, 20, 2), (3, 30, 6), (0, 31, 2),
        (1, 10, 0), (2, 20, 2), (3, 30, 7),
        (1, 10, 0), (2, 20, 2), (3, 30, 7), (3, 8, 1),
    ]
    assert result.cards[-2].reasons == ("pair royal", "go")
    assert result.cards[-1].reasons == ("last card",)
    assert result.totals == (6, 2, 6, 21)
    assert result.teams == (12, 23)


FIVE_CARD_PLAY = "0:5H 1:5S 0:TC 1:KD 0:go 1:go"
FIVE_CARD_HANDS = ("5H TC 6D", "5S KD 9C")


@pytest.mark.parametrize(
    ("sequence", "given_hands"),
    [
        (FIVE_CARD_PLAY, None),
        (FIVE_CARD_PLAY, FIVE_CARD_HANDS),
        (implicit_goes(FIVE_CARD_PLAY), FIVE_CARD_HANDS),
    ],
)
def test_five_card_pegs_to_31_once(sequence, given_hands):
    result = score_play(
        plays(sequence), players=2, kind=FIVE_CARD,
        hands=hands(*given_hands) if given_hands else None,
    )
    assert result.errors == ()
    assert points(result) == [0, 2, 0, 1]
    assert result.cards[-1].reasons == ("go",)
    assert result.totals == (0, 3)


def test_five_card_without_hands_and_goes_is_a_fragment():
    result = score_play(plays(implicit_goes(FIVE_CARD_PLAY)), players=2, kind=FIVE_CARD)
    assert result.totals == (0, 2)


def test_five_card_a_card_after_the_count_closed_is_refused():
    result = score_play(plays(FIVE_CARD_PLAY + " 0:6D"), players=2, kind=FIVE_CARD)
    assert result.errors == (
        "play 7 (player 0, 6D): the play is over, five-card pegs to 31 only once",
    )
    assert result.totals == (0, 3)


def test_five_card_every_card_played_ends_with_last_card():
    result = score_play(plays("0:AH 1:2C 0:3D 1:4S 0:5H 1:6C"), players=2, kind=FIVE_CARD)
    assert result.cards[-1].reasons == ("run of 6", "last card")
    assert result.cards[-1].points == 6 + 1


def test_five_card_with_hands_incomplete_play():
    result = score_play(
        plays("0:5H 1:5S"), players=2, kind=FIVE_CARD, hands=hands(*FIVE_CARD_HANDS)
    )
    assert result.errors == (
        "the play is unfinished: player 0 still holds 6D and TC; "
        "player 1 still holds 9C and KD",
    )


# -- the card scorer and the API of score_play -----------------------------------


@pytest.mark.parametrize(
    ("sequence", "expected"),
    [
        ("5H TD", (2, ["fifteen"])),
        ("KH KD", (2, ["pair"])),
        ("AH 2H 3H 4H 5H", (2 + 5, ["fifteen", "run of 5"])),
        ("9H 9D 9C 3S", (0, [])),
        ("7H 7D 7C 7S", (12, ["double pair royal"])),
        ("TH JD QC", (3, ["run of 3"])),
        ("QC KD AH", (0, [])),  # the ace is low
    ],
)
def test_score_card(sequence, expected):
    current = cards(sequence)
    assert score_card(current, sum(played.value for played in current)) == expected


def test_as_dict_shape():
    answer = score_play(plays("0:4H 1:2C"), players=2).as_dict()
    assert answer == {
        "cards": [
            {"player": 0, "card": "4H", "count": 4, "points": 0, "reasons": []},
            {"player": 1, "card": "2C", "count": 6, "points": 0, "reasons": []},
        ],
        "totals": [0, 0],
        "errors": [],
    }


def test_result_is_frozen():
    result = score_play(plays("0:4H"), players=2)
    with pytest.raises(AttributeError):
        result.totals = (9, 9)  # type: ignore[misc]
    with pytest.raises(AttributeError):
        result.cards[0].points = 9  # type: ignore[misc]


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({"players": 5}, "players"),
        ({"players": 2, "kind": FOUR_PLAYER}, "players"),
        ({"players": 2, "hands": hands("4H 2C 3C 5C")}, "hands"),
    ],
)
def test_score_play_refuses_what_is_not_a_play(arguments, field):
    with pytest.raises(PlayError) as caught:
        score_play(plays("0:4H"), **arguments)
    assert caught.value.field == field


def test_score_play_refuses_bad_plays():
    with pytest.raises(PlayError) as caught:
        score_play([(0, card("4H")), (2, card("5H"))], players=2)
    assert caught.value.field == "plays[1]"
    with pytest.raises(PlayError) as caught:
        score_play([(0, "4H")], players=2)  # type: ignore[list-item]
    assert caught.value.field == "plays[0]"


def test_score_play_refuses_hands_of_the_wrong_size_or_shared_cards():
    with pytest.raises(CardError) as caught:
        score_play([], players=2, hands=hands("4H 2C 3C", "5C 6C 7C 8C"), kind=SIX_CARD)
    assert caught.value.field == "hands[0]"
    with pytest.raises(CardError) as caught:
        score_play([], players=2, hands=hands("4H 2C 3C 9D", "5C 6C 4H 8C"))
    assert caught.value.field == "hands[1]"
    assert "4H" in str(caught.value)


# -- the JSON adapter ----------------------------------------------------------------


def test_answer_play_request():
    answer = answer_play_request(
        {
            "players": 2,
            "plays": [[0, "9H"], [1, "7c"], [0, "8♦"], [1, "5S"], [0, "go"], [1, "AH"],
                      [0, "9C"], [1, "3D"], [0, "4S"]],
            "hands": [["9H", "8D", "9C", "4S"], ["7C", "5S", "AH", "3D"]],
        }
    )
    assert answer["totals"] == [4, 1]
    assert answer["errors"] == []
    assert answer["cards"][2] == {
        "player": 0, "card": "8D", "count": 24, "points": 3, "reasons": ["run of 3"]
    }
    assert "teams" not in answer


def test_answer_play_request_five_card_and_four_players():
    five = answer_play_request({"game": "five-card", "plays": [[0, "5H"], [1, "TS"]]})
    assert five["totals"] == [0, 2]
    four = answer_play_request({"players": 4, "plays": [[0, "5H"], [1, "TS"]]})
    assert four["teams"] == [0, 2]


@pytest.mark.parametrize(
    ("request_body", "error", "field", "words"),
    [
        ({"players": 5, "plays": []}, PlayError, "players", "2, 3 or 4"),
        ({"players": "two", "plays": []}, PlayError, "players", "2, 3 or 4"),
        ({"players": 2}, PlayError, "plays", "list"),
        ({"players": 2, "plays": "0:4H"}, PlayError, "plays", "list"),
        ({"players": 2, "plays": [[0, "4H"], [1]]}, PlayError, "plays[1]", "[player"),
        ({"players": 2, "plays": [[0, "4H"], [2, "5H"]]}, PlayError, "plays[1]", "player 2"),
        ({"players": 2, "plays": [[0, "4H"], [True, "5H"]]}, PlayError, "plays[1]", "player"),
        ({"players": 2, "plays": [[0, "4H"], [1, "1C"], [0, "5X"], [1, "9C"]]},
         CardError, "plays[1]", "rank"),
        ({"players": 2, "plays": [[0, "4H"], [1, "5C"], [0, "5X"], [1, "9C"]]},
         CardError, "plays[2]", "suit"),
        ({"players": 2, "plays": [], "hands": [["4H", "2C", "3C", "5C"]]},
         PlayError, "hands", "2 hands"),
        ({"players": 2, "plays": [], "hands": [["4H", "2C", "3C", "5C"], ["4H", "6D", "7D", "8D"]]},
         CardError, "hands[1]", "4H"),
        ({"players": 2, "plays": [], "hands": [["4H", "2C", "3C", "5C"], ["6D", "7D", "8D"]]},
         CardError, "hands[1]", "4 cards"),
        ({"players": 2, "plays": [], "hands": [["4H", "2C", "3C", "5C"], ["6D", "7D", "8D", "ZZ"]]},
         CardError, "hands[1]", "ZZ"),
        ({"players": 2, "plays": [], "game": "seven-card"}, PlayError, "game", "five-card"),
    ],
)
def test_answer_play_request_refuses_malformed_input(request_body, error, field, words):
    with pytest.raises(error) as caught:
        answer_play_request(request_body)
    assert caught.value.field == field
    assert words in str(caught.value)


def test_answer_play_request_reports_breaches_in_errors():
    answer = answer_play_request(
        {"players": 2, "plays": [[0, "TH"], [1, "KC"], [0, "QD"], [1, "5S"]]}
    )
    assert answer["errors"] == ["play 4 (player 1, 5S): takes the count past 31 (30 + 5)"]


def test_the_engine_imports_no_django():
    code = (
        "import sys, scoring.play; "
        "sys.exit(sorted(m for m in sys.modules if m.split('.')[0] == 'django') or 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[2],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr

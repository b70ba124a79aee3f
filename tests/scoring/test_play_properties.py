"""Properties of the pegging engine over random legal deals and random legal play-outs.

The play-outs come from ``scoring.playout.legal_playout``, written from the rules
alone (not from scoring/play.py), so the two check each other.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import DECK, SUIT_LETTERS, Card
from scoring.play import GO, PlayResult, score_play
from scoring.playout import legal_playout
from scoring.rules import FIVE_CARD, FOUR_PLAYER, SIX_CARD, THREE_PLAYER, GameKind

Play = tuple[int, Card | None]
CLOSING = {"go", "thirty-one", "last card"}


def without_inferable_goes(sequence: Sequence[Play]) -> list[Play]:
    """Drop each go followed by another player's play (or by nothing)."""
    kept: list[Play] = []
    for player, played in reversed(sequence):
        if played is GO and (not kept or kept[-1][0] != player):
            continue
        kept.append((player, played))
    return kept[::-1]


@st.composite
def deals(draw: st.DrawFn) -> tuple[GameKind, list[tuple[Card, ...]], list[Play]]:
    kind = draw(st.sampled_from([SIX_CARD, FIVE_CARD, THREE_PLAYER, FOUR_PLAYER]))
    deck = draw(st.permutations(DECK))
    size = kind.hand_size
    hands = [tuple(deck[index * size:(index + 1) * size]) for index in range(kind.players)]
    rng = draw(st.randoms(use_true_random=False))
    return kind, hands, legal_playout(hands, kind, rng)


def score(kind: GameKind, hands, sequence, *, with_hands: bool = True) -> PlayResult:
    return score_play(sequence, players=kind.players, kind=kind,
                      hands=hands if with_hands else None)


def closing_points(reasons: Sequence[str]) -> int:
    return sum(1 for reason in reasons if reason in ("go", "last card"))


@settings(max_examples=300, deadline=None)
@given(deals())
def test_a_legal_play_out_scores_without_errors(deal):
    kind, hands, sequence = deal
    result = score(kind, hands, sequence)
    assert result.errors == ()

    card_plays = [(player, played) for player, played in sequence if played is not GO]
    assert [(played.player, played.card) for played in result.cards] == card_plays
    if kind.pegging_restarts:
        assert len(result.cards) == kind.players * kind.hand_size

    for player in range(kind.players):
        assert result.totals[player] == sum(
            played.points for played in result.cards if played.player == player
        )
    for played in result.cards:
        assert 1 <= played.count <= 31
        assert 0 <= played.points <= 15  # rules/003: the most one card can peg
        assert sum(1 for reason in played.reasons if reason in CLOSING) <= 1


@settings(max_examples=300, deadline=None)
@given(deals())
def test_counts_chain_and_each_count_closes_with_one_point(deal):
    kind, hands, sequence = deal
    result = score(kind, hands, sequence)
    played = result.cards
    for before, card_after in pairwise(played):
        closed = bool(CLOSING & set(before.reasons))
        assert "last card" not in before.reasons
        if closed:
            assert card_after.count == card_after.card.value
        else:
            assert card_after.count == before.count + card_after.card.value
        assert ("thirty-one" in before.reasons) == (before.count == 31)
    final = played[-1]
    # Exactly one point (or the 2 for 31) ends the play, on its last card.
    assert len(CLOSING & set(final.reasons)) == 1
    if kind.pegging_restarts:
        assert ("last card" in final.reasons) != ("thirty-one" in final.reasons)


@settings(max_examples=200, deadline=None)
@given(deals())
def test_hands_only_add_checks(deal):
    kind, hands, sequence = deal
    # Written out with every go, a legal play reads the same with or without the hands.
    assert score(kind, hands, sequence, with_hands=False) == score(kind, hands, sequence)


@settings(max_examples=300, deadline=None)
@given(deals())
def test_goes_the_engine_can_infer_may_be_left_out(deal):
    kind, hands, sequence = deal
    short = without_inferable_goes(sequence)
    assert score(kind, hands, short) == score(kind, hands, sequence)


@settings(max_examples=150, deadline=None)
@given(deals(), st.permutations(SUIT_LETTERS))
def test_suits_do_not_matter(deal, suits):
    kind, hands, sequence = deal
    rename = dict(zip(SUIT_LETTERS, suits, strict=True))

    def resuit(item: Card | None) -> Card | None:
        return None if item is None else Card(item.rank, rename[item.suit])

    result = score(kind, hands, sequence)
    renamed = score(
        kind,
        [tuple(resuit(item) for item in hand) for hand in hands],
        [(player, resuit(item)) for player, item in sequence],
    )
    assert renamed.totals == result.totals
    assert [card.reasons for card in renamed.cards] == [card.reasons for card in result.cards]


@settings(max_examples=200, deadline=None)
@given(deals().filter(lambda deal: deal[0] is SIX_CARD))
def test_the_dealer_always_pegs(deal):
    # rules/003: in two-player six-card the dealer (player 1) pegs at least one point.
    kind, hands, sequence = deal
    assert score(kind, hands, sequence).totals[1] >= 1


@settings(max_examples=200, deadline=None)
@given(deals(), st.data())
def test_a_prefix_scores_the_same_cards(deal, data):
    kind, hands, sequence = deal
    cut = data.draw(st.integers(0, len(sequence)))
    full = score(kind, hands, sequence, with_hands=False)
    prefix = score(kind, hands, sequence[:cut], with_hands=False)
    assert prefix.errors == ()
    for partial, whole in zip(prefix.cards, full.cards, strict=False):
        assert (partial.player, partial.card, partial.count) == (
            whole.player, whole.card, whole.count
        )
        # Only a go or last-card point can be missing: it is earned by what follows.
        missing = whole.points - partial.points
        assert missing in (0, closing_points(whole.reasons))


@settings(max_examples=200, deadline=None)
@given(deals(), st.data())
def test_a_go_instead_of_a_card_that_fits_is_a_renege(deal, data):
    kind, hands, sequence = deal
    position = data.draw(
        st.sampled_from([index for index, (_, item) in enumerate(sequence) if item is not GO])
    )
    player, _ = sequence[position]
    reneged = [*sequence[:position], (player, GO), *sequence[position + 1:]]
    result = score(kind, hands, reneged)
    assert result.errors[0].startswith(f"play {position + 1} (player {player}, go): renege, ")


@settings(max_examples=200, deadline=None)
@given(deals(), st.data())
def test_a_card_played_by_the_wrong_player_is_caught(deal, data):
    kind, hands, sequence = deal
    position = data.draw(
        st.sampled_from([index for index, (_, item) in enumerate(sequence) if item is not GO])
    )
    player, item = sequence[position]
    other = data.draw(st.sampled_from([p for p in range(kind.players) if p != player]))
    result = score(kind, hands, [*sequence[:position], (other, item)])
    # Whatever else is wrong, the card is not in that player's hand.
    assert any(
        error.startswith(f"play {position + 1} (player {other}, {item.code}): ")
        for error in result.errors
    )

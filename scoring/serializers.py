"""Request and response shapes of the public scoring endpoints.

They type-check the JSON and document it in the OpenAPI schema; the engine's own
adapters (``answer_show_request``, ``answer_play_request``) then check the cards and
the rules, naming the field in any error.
"""
from __future__ import annotations

from rest_framework import serializers


class ShowRulesSerializer(serializers.Serializer):
    four_card_crib_flush = serializers.BooleanField(required=False)
    muggins = serializers.BooleanField(required=False)


class ShowRequestSerializer(serializers.Serializer):
    hand = serializers.ListField(
        child=serializers.CharField(), min_length=3, max_length=4,
        help_text='Four cards (three for a five-card-game hand), e.g. ["5H", "5D", "5C", "JS"].',
    )
    starter = serializers.CharField(help_text='The starter (cut) card, e.g. "5S".')
    crib = serializers.BooleanField(required=False, default=False)
    claimed = serializers.IntegerField(
        required=False, min_value=0, help_text="The score the player announced, to check."
    )
    rules = ShowRulesSerializer(required=False)


class ShowItemSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["fifteen", "pair", "run", "flush", "nobs"])
    cards = serializers.ListField(child=serializers.CharField())
    points = serializers.IntegerField()


class ClaimSerializer(serializers.Serializer):
    true_score = serializers.IntegerField()
    claimed = serializers.IntegerField()
    difference = serializers.IntegerField(help_text="claimed minus true score")
    verdict = serializers.ChoiceField(choices=["correct", "over-claim", "under-claim"])
    muggins_points = serializers.IntegerField()


class ShowResponseSerializer(serializers.Serializer):
    total = serializers.IntegerField()
    items = ShowItemSerializer(many=True)
    claim = ClaimSerializer(required=False)


class PlayRequestSerializer(serializers.Serializer):
    players = serializers.IntegerField(min_value=2, max_value=4)
    plays = serializers.ListField(
        child=serializers.ListField(child=serializers.JSONField(), min_length=2, max_length=2),
        help_text='Each play is [player_index, card or "go"], e.g. [[0, "4H"], [1, "go"]].',
    )
    hands = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()), required=False,
        help_text="Optional: each player's cards, to detect reneges and cards not held.",
    )
    game = serializers.ChoiceField(
        choices=["six-card", "five-card", "three-player", "four-player"], required=False
    )


class PlayedCardSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    card = serializers.CharField()
    count = serializers.IntegerField()
    points = serializers.IntegerField()
    reasons = serializers.ListField(child=serializers.CharField())


class PlayResponseSerializer(serializers.Serializer):
    cards = PlayedCardSerializer(many=True)
    totals = serializers.ListField(child=serializers.IntegerField())
    teams = serializers.ListField(
        child=serializers.IntegerField(), required=False,
        help_text="Four players only: partners' totals, players 0+2 then 1+3.",
    )
    errors = serializers.ListField(child=serializers.CharField())

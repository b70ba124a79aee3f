"""Forms of the server-rendered pages. They check shapes; the services check the rules."""
from __future__ import annotations

import uuid
from typing import Any

from django import forms

from scoring.forms import ShowForm
from tournaments.models import ClaimPurpose, Entry


class GameReportForm(forms.Form):
    """A game's final peg totals, one field per side, from a player's phone.

    ``key`` is rendered into the page, so pressing submit twice (or a retry on a weak
    connection) sends the same idempotency key and stores one report.
    """

    game = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    key = forms.CharField(widget=forms.HiddenInput, max_length=64)

    def __init__(self, *args: Any, sides: list[Entry], me: Entry, target: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The player's own total first: that is the one they know best.
        self.sides = sorted(sides, key=lambda side: side.pk != me.pk)
        self.target = target
        if not self.is_bound:
            self.initial.setdefault("key", uuid.uuid4().hex)
        for side in self.sides:
            label = "Your total" if side.pk == me.pk else f"{side.name}'s total"
            self.fields[self.field_name(side)] = forms.IntegerField(
                label=label, min_value=0, max_value=target,
                error_messages={
                    "required": "Enter the final peg total.",
                    "max_value": f"A total cannot pass {target}: the winner pegs out on {target}.",
                    "min_value": "A total cannot be negative.",
                    "invalid": "Enter a whole number.",
                },
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "pattern": "[0-9]*",
                                                "min": 0, "max": target}),
            )

    @staticmethod
    def field_name(side: Entry) -> str:
        return f"total_{side.pk}"

    def totals(self) -> dict[str, int]:
        return {str(side.pk): self.cleaned_data[self.field_name(side)] for side in self.sides}

    def side_fields(self) -> list[forms.BoundField]:
        return [self[self.field_name(side)] for side in self.sides]


class DisputeResolveForm(forms.Form):
    """The director's decision on a disputed game: each side's total and the reason."""

    reason = forms.CharField(
        max_length=500, label="Reason (kept in the audit trail)",
        error_messages={"required": "Say why: it goes in the audit trail."},
    )

    def __init__(self, *args: Any, sides: list[Entry], target: int, prefix_game: int, **kwargs: Any) -> None:
        super().__init__(*args, prefix=f"g{prefix_game}", **kwargs)
        self.sides = sides
        for side in sides:
            self.fields[f"total_{side.pk}"] = forms.IntegerField(
                label=f"{side.name}", min_value=0, max_value=target,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
        self.order_fields([f"total_{side.pk}" for side in sides] + ["reason"])

    def totals(self) -> dict[str, int]:
        return {str(side.pk): self.cleaned_data[f"total_{side.pk}"] for side in self.sides}


class HandClaimForm(ShowForm):
    """A player's claim on a hand: the cards, the score they say it makes, and why."""

    PURPOSES = [
        (ClaimPurpose.SIDE_POT, "Side pot (e.g. a 24-hand)"),
        (ClaimPurpose.DISPUTE, "A count we disagree on"),
        (ClaimPurpose.CHECK, "Just checking"),
    ]
    claimed = forms.IntegerField(
        min_value=0, max_value=29, label="Points claimed",
        error_messages={"required": "Say how many points the hand makes.",
                        "max_value": "No hand makes more than 29."},
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    purpose = forms.ChoiceField(choices=PURPOSES, initial=ClaimPurpose.SIDE_POT, label="This claim is for")

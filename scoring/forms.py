"""The hand calculator's form: four hand cards, the starter, crib or not, an optional claim.

Each card is parsed by the engine's notation (``5H``, ``10d``, ``5♥``); a bad or
repeated card is reported next to its own field.
"""
from __future__ import annotations

from typing import Any

from django import forms

from scoring.cards import Card, card
from scoring.errors import CardError

CARD_WIDGET_ATTRS = {
    "autocapitalize": "characters",
    "autocomplete": "off",
    "autocorrect": "off",
    "spellcheck": "false",
    "maxlength": "3",
    "placeholder": "5H",
    "class": "card-input",
}


class CardField(forms.CharField):
    """A text field whose cleaned value is a ``Card``."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("widget", forms.TextInput(attrs=CARD_WIDGET_ATTRS))
        kwargs.setdefault("error_messages", {"required": "Enter a card, like 5H or 10D."})
        super().__init__(**kwargs)

    def clean(self, value: Any) -> Card:
        text = super().clean(value)
        try:
            return card(text)
        except CardError as exc:
            raise forms.ValidationError(str(exc), code="card") from exc


class MarkInvalidMixin:
    """Flag fields with errors for assistive tech and for the red border in the CSS."""

    def full_clean(self) -> None:
        super().full_clean()  # type: ignore[misc]
        for name in self.errors:  # type: ignore[attr-defined]
            if name in self.fields:  # type: ignore[attr-defined]
                attrs = self.fields[name].widget.attrs  # type: ignore[attr-defined]
                attrs["aria-invalid"] = "true"
                attrs["aria-describedby"] = f"{name}-error"


class ShowForm(MarkInvalidMixin, forms.Form):
    hand_1 = CardField(label="Card 1")
    hand_2 = CardField(label="Card 2")
    hand_3 = CardField(label="Card 3")
    hand_4 = CardField(label="Card 4")
    starter = CardField(label="Starter")
    crib = forms.BooleanField(required=False, label="This is the crib")
    claimed = forms.IntegerField(
        required=False, min_value=0, max_value=99, label="Claimed score (optional)",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    CARD_FIELDS = ("hand_1", "hand_2", "hand_3", "hand_4", "starter")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        seen: dict[Card, str] = {}
        for name in self.CARD_FIELDS:
            value = cleaned.get(name)
            if value is None:
                continue
            if value in seen:
                first = self.fields[seen[value]].label
                self.add_error(name, f"{value.code} is already {first}: every card is unique.")
            else:
                seen[value] = name
        return cleaned

    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(self.cleaned_data[name] for name in self.CARD_FIELDS[:4])

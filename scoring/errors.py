"""Errors of the scoring engine, each with a message fit to show a person.

``api_status`` and ``field`` let the API layer (config/api.py) answer 400 naming the
field without the engine importing anything from Django.
"""
from __future__ import annotations


class ScoringError(ValueError):
    api_status = 400

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class CardError(ScoringError):
    """A card that is not a card, a duplicate, or the wrong number of cards."""


class PlayError(ScoringError):
    """A pegging sequence that cannot be read at all (not a rules breach inside it)."""

"""Errors of the tournaments app, each with a message fit to show a person.

``api_status`` and ``field`` let config/api.py answer with that HTTP status and name
the field, without this module importing Django or DRF (the pure engines raise them).
"""
from __future__ import annotations


class TournamentError(Exception):
    api_status = 400

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class RulesError(TournamentError):
    """A rule set whose values do not make sense (a skunk line above the target...)."""


class ReportError(TournamentError):
    """A result that cannot be true: no winner, two winners, a negative total..."""


class ClaimError(TournamentError):
    """A hand claim that cannot be checked (bad or duplicate cards)."""


class EntryError(TournamentError):
    """A bad entry or match set-up (unknown entry, a player twice in one match...)."""


class StateError(TournamentError):
    """An action the object's current state does not allow (report on a finished event,
    a game after the match is decided...)."""

    api_status = 409


class IdempotencyError(StateError):
    """An idempotency key already used for a different submission."""


class NotFound(TournamentError):
    api_status = 404


class CutTieError(StateError):
    """The cut line falls between entrants level on every tie-breaker: a playoff is needed.

    ``tied`` lists the entries of that group, in standings order; the playoff's order
    comes back to the cut as ``tie_order``.
    """

    def __init__(self, message: str, *, tied: list[int]) -> None:
        super().__init__(message, field="tie_order")
        self.tied = tied

"""Errors of the format engines, each with a message fit to show a person.

The engines import nothing from Django; ``api_status`` and ``field`` let the API
layer answer with the right status and name the offending field, the same way
``scoring.errors`` does.
"""
from __future__ import annotations


class FormatError(ValueError):
    """A request the engines cannot accept as given (bad option, too few entrants).

    The director asked for something that does not make sense; fixing the input
    fixes it, hence 400.
    """

    api_status = 400

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class PairingError(FormatError):
    """No pairing satisfies the hard rules (rematches, second byes, fixed tables).

    The input is valid but the event's history makes the request impossible right
    now, hence 409 (conflict), with a message that names the reason, e.g.
    ``no valid Swiss pairing: every remaining opponent of #12 is a rematch``.
    """

    api_status = 409


class BracketError(FormatError):
    """A bracket result that cannot be applied (unknown match, winner not in it)."""

    api_status = 409

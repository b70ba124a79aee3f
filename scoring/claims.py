"""Checking a claimed show score, and the house rules about a show of nothing.

A player announces a score; the engine compares it with the true score of the
cards. Under muggins (rules/000, 002; ACC rule 10) the points a player fails to
claim go to the opponent. The null-point penalty and back-10 variants
(rules/000) act on a show of zero.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.errors import ScoringError
from scoring.rules import ACC_RULES, ShowRules
from scoring.show import Show

CORRECT = "correct"
OVER_CLAIM = "over-claim"
UNDER_CLAIM = "under-claim"


def validate_claimed(claimed: Any) -> int:
    """The claimed score, or a ``ScoringError`` on field ``claimed``.

    ``bool`` is an ``int`` in Python, but ``true`` is no score, so it is refused.
    """
    if isinstance(claimed, bool) or not isinstance(claimed, int):
        raise ScoringError(
            f"claimed must be a whole number of points, got {claimed!r}", field="claimed"
        )
    if claimed < 0:
        raise ScoringError(f"claimed must be 0 or more, got {claimed}", field="claimed")
    return claimed


@dataclass(frozen=True, slots=True)
class ClaimVerdict:
    """The engine's answer to a claimed score."""

    true_score: int
    claimed: int
    difference: int      # claimed - true: positive is an over-claim
    verdict: str         # "correct", "over-claim" or "under-claim"
    muggins_points: int  # points the opponent takes under muggins (0 without it)

    def as_dict(self) -> dict[str, Any]:
        return {
            "true_score": self.true_score,
            "claimed": self.claimed,
            "difference": self.difference,
            "verdict": self.verdict,
            "muggins_points": self.muggins_points,
        }


def check_claim(show: Show | int, claimed: int, *, rules: ShowRules = ACC_RULES) -> ClaimVerdict:
    """Compare ``claimed`` with the show's true total (a ``Show`` or its total)."""
    claimed = validate_claimed(claimed)
    true_score = show.total if isinstance(show, Show) else int(show)
    difference = claimed - true_score
    if difference == 0:
        verdict = CORRECT
    elif difference > 0:
        verdict = OVER_CLAIM
    else:
        verdict = UNDER_CLAIM
    # Muggins takes only what was missed; an over-claim is corrected, not rewarded.
    muggins_points = -difference if difference < 0 and rules.muggins else 0
    return ClaimVerdict(true_score, claimed, difference, verdict, muggins_points)


@dataclass(frozen=True, slots=True)
class ZeroShowAdjustment:
    """Points moved because a hand or crib scored nothing (house rules, rules/000)."""

    owner: int     # added to the owner's score: -10 under back-10
    opponent: int  # added to the opponent's score: +1 under the null-point penalty

    def as_dict(self) -> dict[str, int]:
        return {"owner": self.owner, "opponent": self.opponent}


NO_ADJUSTMENT = ZeroShowAdjustment(0, 0)


def zero_show_adjustment(total: int, *, rules: ShowRules = ACC_RULES) -> ZeroShowAdjustment:
    """What the null-point penalty and back-10 flags do to a show of ``total`` points.

    Only a show of exactly 0 triggers them. The caller applies ``owner`` to the
    owner's pegs (it may decide a score never drops below 0; the rule texts are
    silent on that) and ``opponent`` to the opponent's.
    """
    if total != 0:
        return NO_ADJUSTMENT
    return ZeroShowAdjustment(
        owner=-10 if rules.back_ten else 0,
        opponent=1 if rules.null_point_penalty else 0,
    )

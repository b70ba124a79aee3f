"""Hand claims (disputes at the table, side pots such as the 24-hand): stored with the
scoring engine's verdict and breakdown."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from scoring.claims import CORRECT, OVER_CLAIM, check_claim
from scoring.errors import ScoringError
from scoring.show import score_show
from tournaments.errors import ClaimError, EntryError
from tournaments.models import ClaimPurpose, ClaimVerdictKind, Entry, Event, Game, HandClaim

_VERDICTS = {CORRECT: ClaimVerdictKind.EXACT, OVER_CLAIM: ClaimVerdictKind.OVER}


@transaction.atomic
def hand_claim_record(
    *,
    event: Event,
    hand: Sequence[str],
    starter: str,
    claimed: Any,
    crib: bool = False,
    game: Game | None = None,
    entry: Entry | None = None,
    purpose: str = ClaimPurpose.CHECK,
    user: Any = None,
) -> HandClaim:
    """Score the cards with the event's house rules, compare with the claim, store both."""
    if purpose not in ClaimPurpose.values:
        raise ClaimError(f"unknown purpose {purpose!r}: one of {', '.join(ClaimPurpose.values)}", field="purpose")
    if entry is not None and entry.event_id != event.pk:
        raise EntryError(f"{entry.name} is not entered in {event.name}", field="entry")
    if game is not None and game.match.event_id != event.pk:
        raise EntryError("the game belongs to another event", field="game")
    rules = event.rules.to_rules().show_rules
    try:
        show = score_show(hand, starter, crib=crib, rules=rules)
        verdict = check_claim(show, claimed, rules=rules)
    except ScoringError as error:  # bad or duplicate cards, a claim that is no number
        raise ClaimError(str(error), field=error.field or "hand") from None
    return HandClaim.objects.create(
        event=event, game=game, entry=entry, purpose=purpose,
        hand=[item.code for item in show.hand], starter=show.starter.code, crib=crib,
        claimed=verdict.claimed, score=verdict.true_score,
        verdict=_VERDICTS.get(verdict.verdict, ClaimVerdictKind.UNDER), difference=verdict.difference,
        breakdown={**show.as_dict(), "muggins_points": verdict.muggins_points},
        submitted_by=user if getattr(user, "pk", None) else None,
    )

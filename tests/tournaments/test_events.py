"""Setting up events: rule sets, the event state machine, entries, matches, byes, hand claims."""
from __future__ import annotations

import pytest

from tests.factories import EntryFactory, EventFactory, RuleSetFactory
from tournaments import selectors
from tournaments.errors import ClaimError, EntryError, RulesError, StateError
from tournaments.models import EventStatus, Game, GameState, MatchStatus, Player, RuleSet
from tournaments.services import claims, events

pytestmark = pytest.mark.django_db


def test_event_create_uses_the_shared_preset_rule_set():
    first = events.event_create(name="Spring Open")
    second = events.event_create(name="Summer Open", rules="acc")
    assert first.rules_id == second.rules_id
    assert first.rules.to_rules().points_skunk == 3
    assert first.status == EventStatus.DRAFT
    assert RuleSet.objects.filter(builtin=True, preset="acc").count() == 1


def test_event_create_refuses_an_unknown_preset():
    with pytest.raises(RulesError) as caught:
        events.event_create(name="X", rules="poker")
    assert caught.value.field == "rules"


def test_a_director_copies_a_preset_and_changes_values():
    base = events.ruleset_for_preset(preset="acc")
    house = events.ruleset_copy(source=base, name="Club house rules", changes={"muggins": True, "forfeit_spread": 15})
    rules = house.to_rules()
    assert rules.muggins
    assert rules.forfeit_spread == 15
    assert base.to_rules().forfeit_spread == 10
    with pytest.raises(RulesError):
        events.ruleset_copy(source=base, name="Bad", changes={"skunk_line": 500})


def test_event_state_machine():
    event = events.event_create(name="Open")
    with pytest.raises(StateError, match="cannot become finished"):
        events.event_finish(event=event)
    events.event_open(event=event)
    events.event_start(event=event)
    events.event_finish(event=event)
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    with pytest.raises(StateError):
        events.event_transition(event=event, to=EventStatus.OPEN)


def test_entry_add_creates_or_reuses_a_player():
    event = EventFactory()
    other = EventFactory()
    alice, created = events.entry_add(event=event, name="Alice")
    assert created
    again, created_again = events.entry_add(event=event, name="alice")
    assert (again.pk, created_again) == (alice.pk, False)
    elsewhere, _ = events.entry_add(event=other, name="Alice")
    assert elsewhere.player_id == alice.player_id
    assert Player.objects.count() == 1
    assert alice.token
    assert alice.token != elsewhere.token


def test_membership_number_identifies_the_player():
    event = EventFactory()
    entry, _ = events.entry_add(event=event, name="Bob Smith", membership_number="ACC-123")
    other, _ = events.entry_add(event=EventFactory(), name="Robert Smith", membership_number="ACC-123")
    assert other.player_id == entry.player_id


def test_partners_event_needs_a_partner():
    event = EventFactory(partners=True)
    with pytest.raises(EntryError) as caught:
        events.entry_add(event=event, name="Ann")
    assert caught.value.field == "partner"
    team, _ = events.entry_add(event=event, name="Ann", partner_name="Ben")
    assert team.name == "Ann & Ben"


def test_entry_refused_for_a_finished_event():
    with pytest.raises(StateError):
        events.entry_add(event=EventFactory(status=EventStatus.FINISHED), name="Late")


def test_match_create_checks_its_sides():
    event = EventFactory()
    a, b = EntryFactory(event=event), EntryFactory(event=event)
    stranger = EntryFactory()
    with pytest.raises(EntryError, match="not entered"):
        events.match_create(event=event, entries=[a, stranger])
    with pytest.raises(EntryError, match="cannot play itself"):
        events.match_create(event=event, entries=[a, a])
    with pytest.raises(EntryError, match="2 sides"):
        events.match_create(event=event, entries=[a])
    with pytest.raises(EntryError, match="unknown match format"):
        events.match_create(event=event, entries=[a, b], format="sudden_death")
    events.entry_withdraw(entry=b)
    with pytest.raises(EntryError, match="withdrawn"):
        events.match_create(event=event, entries=[a, b])


def test_three_player_event_matches_have_three_sides():
    event = EventFactory(rules=RuleSetFactory(preset="three-player-wta"))
    a, b, c = (EntryFactory(event=event) for _ in range(3))
    match = events.match_create(event=event, entries=[a, b, c])
    assert match.side_ids == [a.pk, b.pk, c.pk]
    with pytest.raises(EntryError, match="3 sides"):
        events.match_create(event=event, entries=[a, b])


def test_bye_is_recorded_as_confirmed_games_scored_by_the_rules():
    event = EventFactory()
    lucky = EntryFactory(event=event)
    match = events.match_create(event=event, entries=[lucky], format="games", n=2, bye=True)
    assert match.status == MatchStatus.DECIDED
    assert match.winner_id == lucky.pk
    assert Game.objects.filter(match=match, state=GameState.CONFIRMED, outcome="bye").count() == 2
    row = selectors.event_standings(event=event)[0]
    assert (row["won"], row["game_points"]) == (2, 4)


def test_tbd_sides_are_allowed_for_brackets_but_take_no_report():
    event = EventFactory()
    a = EntryFactory(event=event)
    match = events.match_create(event=event, entries=[a, None], format="best_of", n=3)
    assert match.side_b_id is None
    from tournaments.services import results

    with pytest.raises(StateError, match="waiting for its sides"):
        results.game_report(match=match, number=1, totals={str(a.pk): 121}, key="k")


def test_hand_claim_stores_the_engines_verdict():
    event = EventFactory()
    claim = claims.hand_claim_record(event=event, hand=["5H", "5D", "5S", "JC"], starter="5C", claimed=28)
    assert claim.score == 29
    assert claim.verdict == "under"
    assert claim.difference == -1
    assert claim.breakdown["total"] == 29
    exact = claims.hand_claim_record(event=event, hand=["5H", "5D", "5S", "JC"], starter="5C", claimed=29)
    assert exact.verdict == "exact"


@pytest.mark.parametrize(
    ("hand", "starter", "field"),
    [
        (["5H", "5H", "5S", "JC"], "5C", "hand"),   # duplicate
        (["5H", "5X", "5S", "JC"], "5C", "hand"),   # bad card
        (["5H", "5D", "5S", "JC"], "5H", "starter"),  # starter also in hand
        (["5H", "5D"], "5C", "hand"),               # too few
    ],
)
def test_hand_claim_with_bad_or_duplicate_cards_is_refused(hand, starter, field):
    with pytest.raises(ClaimError) as caught:
        claims.hand_claim_record(event=EventFactory(), hand=hand, starter=starter, claimed=10)
    assert caught.value.field == field
    assert caught.value.api_status == 400


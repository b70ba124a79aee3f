"""The player's personal link, through Django's test client (the no-JavaScript flow)."""
from __future__ import annotations

import re

import pytest

from tournaments.models import EventStatus, GameState, Report, RoundStatus
from tournaments.services.events import entry_add, event_create, match_create, stage_create
from tournaments.services.results import game_report

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    """Alice v Bob at table 7, best of 3, in an open ACC event."""
    event = event_create(name="Club night", rules="acc", status=EventStatus.OPEN)
    alice, _ = entry_add(event=event, name="Alice")
    bob, _ = entry_add(event=event, name="Bob")
    match = match_create(event=event, entries=[alice, bob], format="best_of", n=3, table=7)
    return event, alice, bob, match


def form_fields(page: str) -> dict[str, str]:
    return dict(re.findall(r'name="(game|key)" value="([^"]+)"', page))


def report(client, entry, totals: dict, *, follow=True, **extra):
    page = client.get(f"/p/{entry.token}/").content.decode()
    data = {**form_fields(page), **{f"total_{e.pk}": t for e, t in totals.items()}, **extra}
    return client.post(f"/p/{entry.token}/", data, follow=follow)


def test_the_player_sees_table_and_opponent_first(client, table):
    _, alice, _, _ = table
    page = client.get(f"/p/{alice.token}/").content.decode()
    assert '<b id="table">7</b>' in page
    assert '<b id="opponent">Bob</b>' in page
    assert "best of 3" in page
    # Their own total is the first field of the form.
    assert page.index(f'name="total_{alice.pk}"') == page.index('name="total_')


def test_an_unknown_link_or_a_draft_event_is_404(client, table):
    event, alice, _, _ = table
    assert client.get("/p/not-a-token/").status_code == 404
    event.status = EventStatus.DRAFT
    event.save(update_fields=["status"])
    assert client.get(f"/p/{alice.token}/").status_code == 404


def test_report_then_the_opponent_confirms(client, table):
    _, alice, bob, match = table
    response = report(client, alice, {alice: 121, bob: 95})
    assert "Game 1 reported" in response.content.decode()
    game = match.games.get(number=1)
    assert game.state == GameState.REPORTED
    assert Report.objects.get(game=game).channel == "player"

    bob_page = client.get(f"/p/{bob.token}/").content.decode()
    assert "Your opponent reported game 1" in bob_page
    assert "Alice <b>121</b>, Bob <b>95</b>" in bob_page
    confirm = client.post(f"/p/{bob.token}/games/{game.pk}/confirm/", follow=True)
    assert "Game 1 confirmed" in confirm.content.decode()
    game.refresh_from_db()
    assert game.state == GameState.CONFIRMED
    assert game.winner_id == alice.pk
    # The next game is now the one to report.
    assert "Report game 2" in client.get(f"/p/{alice.token}/").content.decode()


def test_a_resubmitted_form_stores_one_report(client, table):
    _, alice, bob, match = table
    page = client.get(f"/p/{alice.token}/").content.decode()
    data = {**form_fields(page), f"total_{alice.pk}": 121, f"total_{bob.pk}": 80}
    client.post(f"/p/{alice.token}/", data)
    client.post(f"/p/{alice.token}/", data)  # the double tap / the retry on a weak connection
    assert Report.objects.filter(match=match).count() == 1


def test_disagreeing_reports_make_a_dispute(client, table):
    _, alice, bob, match = table
    report(client, alice, {alice: 121, bob: 95})
    response = report(client, bob, {alice: 121, bob: 105})
    assert "The director will decide" in response.content.decode()
    assert match.games.get(number=1).state == GameState.DISPUTED


@pytest.mark.parametrize(
    ("alice_total", "bob_total", "where", "message"),
    [
        (121, 121, "form-error", "121"),
        (100, 95, "form-error", "121"),
        (130, 95, "total_{alice}-error", "cannot pass 121"),
        ("", 95, "total_{alice}-error", "Enter the final peg total"),
        (121, -3, "total_{bob}-error", "cannot be negative"),
    ],
)
def test_impossible_totals_are_refused_next_to_the_field(client, table, alice_total, bob_total, where,
                                                          message):
    _, alice, bob, match = table
    response = report(client, alice, {alice: alice_total, bob: bob_total}, follow=False)
    assert response.status_code == 400
    page = response.content.decode()
    element = where.format(alice=alice.pk, bob=bob.pk)
    assert f'id="{element}"' in page
    assert message in page.split(f'id="{element}"', 1)[1].split("</p>", 1)[0]
    assert not Report.objects.filter(match=match).exists()


def test_a_draft_round_is_not_shown_to_players(client, table):
    event, _alice, _bob, _ = table
    stage = stage_create(event=event, name="Qualifying", kind="manual")
    from tournaments.models import Round

    draft = Round.objects.create(stage=stage, number=1, status=RoundStatus.DRAFT)
    carol, _ = entry_add(event=event, name="Carol")
    dave, _ = entry_add(event=event, name="Dave")
    match_create(event=event, entries=[carol, dave], stage=stage, round=draft, table=3)
    assert "No table yet" in client.get(f"/p/{carol.token}/").content.decode()
    draft.status = RoundStatus.RELEASED
    draft.save(update_fields=["status"])
    assert '<b id="table">3</b>' in client.get(f"/p/{carol.token}/").content.decode()


def test_a_decided_match_offers_no_form(client, table):
    _, alice, bob, match = table
    for number, key in ((1, "k1"), (2, "k2")):
        game_report(match=match, number=number, totals={alice.pk: 121, bob.pk: 90}, key=key)
    page = client.get(f"/p/{bob.token}/").content.decode()
    assert 'id="report-form"' not in page
    assert "No table yet" in page  # nothing left to play
    assert "v Alice — lost" in page


def test_the_player_page_reads_in_a_fixed_number_of_queries(client, table, django_assert_max_num_queries):
    _event, alice, bob, match = table
    for number, key in ((1, "a"), (2, "b")):
        game_report(match=match, number=number, totals={alice.pk: 121, bob.pk: 118}, key=key, reporter=alice)
    with django_assert_max_num_queries(12):
        assert client.get(f"/p/{alice.token}/").status_code == 200


def claim(client, entry, **fields):
    data = {"hand_1": "", "hand_2": "", "hand_3": "", "hand_4": "", "starter": "", "claimed": "",
            "purpose": "side_pot", **fields}
    return client.post(f"/p/{entry.token}/claim/", data)


def test_a_24_hand_side_pot_claim_is_checked_and_stored(client, table):
    from tournaments.models import HandClaim

    event, alice, _, _ = table
    response = claim(client, alice, hand_1="4H", hand_2="4D", hand_3="5C", hand_4="5S", starter="6H",
                     claimed="24")
    assert response.status_code == 200
    assert "24 it is." in response.content.decode()
    stored = HandClaim.objects.get()
    assert (stored.entry, stored.event, stored.score, stored.verdict, stored.purpose) == (
        alice, event, 24, "exact", "side_pot")


def test_an_over_claim_is_stored_with_the_true_count(client, table):
    from tournaments.models import HandClaim

    _, alice, _, _ = table
    page = claim(client, alice, hand_1="7H", hand_2="8D", hand_3="8C", hand_4="QS", starter="9H",
                 claimed="14", purpose="dispute").content.decode()
    assert "That hand makes 12, not 14." in page
    assert HandClaim.objects.get().difference == 2


@pytest.mark.parametrize(
    ("fields", "element", "message"),
    [
        ({"hand_1": "4H", "hand_2": "4D", "hand_3": "5C", "hand_4": "5S", "starter": "6H"},
         "claimed-error", "Say how many points"),
        ({"hand_1": "4H", "hand_2": "4D", "hand_3": "5C", "hand_4": "5S", "starter": "6H", "claimed": "30"},
         "claimed-error", "more than 29"),
        ({"hand_1": "4H", "hand_2": "4H", "hand_3": "5C", "hand_4": "5S", "starter": "6H", "claimed": "24"},
         "hand_2-error", "already Card 1"),
    ],
)
def test_a_bad_claim_is_refused_beside_the_field(client, table, fields, element, message):
    from tournaments.models import HandClaim

    _, alice, _, _ = table
    response = claim(client, alice, **fields)
    assert response.status_code == 400
    page = response.content.decode()
    assert message in page.split(f'id="{element}"', 1)[1].split("</p>", 1)[0]
    assert not HandClaim.objects.exists()

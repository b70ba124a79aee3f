"""Two players at one table, each on a phone: report a game, confirm it, see the standings."""
from __future__ import annotations

import pytest

from tournaments.models import EventStatus, GameState
from tournaments.services.events import entry_add, event_create, match_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table():
    event = event_create(name="Thursday club night", rules="acc", status=EventStatus.OPEN)
    alice, _ = entry_add(event=event, name="Alice Archer")
    bob, _ = entry_add(event=event, name="Bob Baker")
    match = match_create(event=event, entries=[alice, bob], format="best_of", n=3, table=5)
    return event, alice, bob, match


def fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_report_on_one_phone_confirm_on_the_other(live_server, phone_page, no_js_page, table):
    event, alice, bob, match = table
    page = phone_page
    page.goto(f"{live_server.url}/p/{alice.token}/")
    assert page.inner_text("#table") == "5"
    assert page.inner_text("#opponent") == "Bob Baker"
    assert fits_the_phone(page)
    # The table number and the form are on the first screen.
    assert page.locator("button[type=submit]").bounding_box()["y"] < 844
    page.fill(f"input[name=total_{alice.pk}]", "121")
    page.fill(f"input[name=total_{bob.pk}]", "88")
    page.click("#report-form button[type=submit]")
    assert "Game 1 reported" in page.inner_text("#messages")

    # Bob's phone has JavaScript off: the confirm flow is plain forms.
    other = no_js_page
    other.goto(f"{live_server.url}/p/{bob.token}/")
    assert "Alice Archer 121, Bob Baker 88" in other.inner_text("#confirm-1")
    other.click("#confirm-1 button[type=submit]")
    assert "Game 1 confirmed" in other.inner_text("#messages")
    assert match.games.get(number=1).state == GameState.CONFIRMED

    page.goto(f"{live_server.url}/events/{event.pk}/")
    first_row = page.locator("#standings tbody tr").first
    assert "Alice Archer" in first_row.inner_text()
    assert "+33" in first_row.inner_text()  # 121 - 88
    assert fits_the_phone(page)


def test_an_impossible_result_is_explained_next_to_the_form(live_server, phone_page, table):
    _, alice, bob, match = table
    page = phone_page
    page.goto(f"{live_server.url}/p/{alice.token}/")
    page.fill(f"input[name=total_{alice.pk}]", "118")
    page.fill(f"input[name=total_{bob.pk}]", "97")
    page.click("#report-form button[type=submit]")
    assert "121" in page.inner_text("#form-error")
    assert not match.reports.exists()

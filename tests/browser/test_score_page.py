"""The hand calculator in headless Chromium at a phone viewport."""
from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def assert_fits_the_phone(page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"page is {overflow}px wider than the phone"


def test_typing_a_hand_and_counting_it(live_server, phone_page):
    page = phone_page
    page.goto(f"{live_server.url}/score/")
    assert_fits_the_phone(page)
    for name, code in zip(("hand_1", "hand_2", "hand_3", "hand_4", "starter"),
                          ("7h", "8d", "8c", "qs", "9h"), strict=True):
        page.fill(f"input[name={name}]", code)
    page.click("button[type=submit]")
    page.wait_for_selector("#result")
    assert page.inner_text("#total") == "12"
    assert page.inner_text("#announcement") == (
        "Fifteen two, fifteen four, a pair is six, a run of three is nine, "
        "a run of three is twelve."
    )
    assert page.locator("#breakdown tbody tr").count() == 5
    assert page.locator("#total").is_visible()
    in_view = page.evaluate("document.getElementById('total').getBoundingClientRect().top")
    assert 0 <= in_view < 844, "after counting, the total is on screen without scrolling"
    assert_fits_the_phone(page)


def test_picking_cards_with_the_thumb(live_server, phone_page):
    page = phone_page
    page.goto(f"{live_server.url}/score/")
    picker = page.locator("#picker")
    assert picker.is_visible()
    for rank, suit in (("5", "H"), ("5", "D"), ("5", "C"), ("J", "S"), ("5", "S")):
        picker.locator(f"[data-rank='{rank}']").tap()
        picker.locator(f"[data-suit='{suit}']").tap()
    assert page.input_value("input[name=hand_4]") == "JS"
    assert page.input_value("input[name=starter]") == "5S"
    submit = page.locator("button[type=submit]")
    box = submit.bounding_box()
    assert box["height"] >= 44, "the submit button is a comfortable thumb target"
    submit.tap()
    page.wait_for_selector("#result")
    assert page.inner_text("#total") == "29"


def test_works_without_javascript_and_shows_errors_by_the_field(live_server, no_js_page):
    page = no_js_page
    page.goto(f"{live_server.url}/score/")
    assert not page.locator("#picker").is_visible()
    page.fill("input[name=hand_1]", "5H")
    page.fill("input[name=hand_2]", "5D")
    page.fill("input[name=hand_3]", "5C")
    page.fill("input[name=hand_4]", "JS")
    page.fill("input[name=starter]", "5H")
    page.click("button[type=submit]")
    error = page.locator("#starter-error")
    assert "5H is already Card 1" in error.inner_text()
    page.fill("input[name=starter]", "5S")
    page.check("input[name=crib]")
    page.click("button[type=submit]")
    assert page.inner_text("#total") == "29"
    assert "in the crib" in page.inner_text("#result")

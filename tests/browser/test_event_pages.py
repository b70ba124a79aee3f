"""The bracket on a phone and on a projector, the director's dashboard, a hand claim."""
from __future__ import annotations

import pytest

from tests.factories import DirectorFactory, play_match, stage_with_field
from tournaments.models import Match, StageKind
from tournaments.services import brackets, rounds
from tournaments.services.events import entry_add, event_create, match_create
from tournaments.services.results import game_report

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def finished_bracket():
    """Eight qualifiers played to a champion through the services."""
    stage = stage_with_field(8, settings={"rounds": 1})
    round_ = rounds.round_generate(stage=stage)
    rounds.round_release(round=round_)
    for index, match in enumerate(Match.objects.filter(round=round_).order_by("table")):
        play_match(match, loser_total=95 + index)
    rounds.round_close(round=round_)
    playoffs = brackets.event_cut(event=stage.event, qualifiers=8)
    brackets.playoffs_start(event=stage.event)
    for number in (1, 2, 3):
        for match in Match.objects.filter(stage=playoffs, bracket_round=number, is_bye=False):
            play_match(match)
    return playoffs


def test_the_bracket_reads_on_a_phone_and_on_a_projector(live_server, phone_page, chromium, finished_bracket):
    page = phone_page
    page.goto(f"{live_server.url}/stages/{finished_bracket.pk}/bracket/")
    assert "Champion:" in page.inner_text("#champion")
    # The page itself never scrolls sideways; the bracket scrolls inside its own box.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.locator(".bracket-round").count() == 3
    assert page.locator(".bracket-match .won").count() == 7
    projector = chromium.new_page(viewport={"width": 1366, "height": 768})
    try:
        projector.goto(f"{live_server.url}/stages/{finished_bracket.pk}/bracket/")
        columns = projector.locator(".bracket-round")
        lefts = [columns.nth(i).bounding_box()["x"] for i in range(3)]
        assert lefts == sorted(lefts)  # rounds side by side, left to right
        assert projector.evaluate("document.querySelector('#bracket').scrollWidth"
                                  " <= document.querySelector('#bracket').clientWidth")  # all in view
    finally:
        projector.close()


def test_a_director_decides_a_dispute_from_the_dashboard(live_server, phone_page):
    event = event_create(name="Friday open", status="open")
    ann, _ = entry_add(event=event, name="Ann Archer")
    ben, _ = entry_add(event=event, name="Ben Baker")
    match = match_create(event=event, entries=[ann, ben], table=3)
    game_report(match=match, number=1, totals={ann.pk: 121, ben.pk: 95}, key="a", reporter=ann)
    game_report(match=match, number=1, totals={ann.pk: 121, ben.pk: 105}, key="b", reporter=ben)
    director = DirectorFactory(username="td")
    director.set_password("a-long-enough-password")
    director.save()

    page = phone_page
    page.goto(f"{live_server.url}/director/events/{event.pk}/")
    page.fill("#id_username", "td")  # the admin's login page, then back
    page.fill("#id_password", "a-long-enough-password")
    page.click("input[type=submit]")
    page.wait_for_selector("#count-disputes")
    assert page.inner_text("#count-disputes") == "1"
    dispute = page.locator(".dispute").first
    inputs = dispute.locator("input[type=number]")
    inputs.nth(0).fill("121")
    inputs.nth(1).fill("100")
    dispute.locator("input[name$=reason]").fill("Both scorecards checked at the desk")
    dispute.locator("button[type=submit]").click()
    assert "decided" in page.inner_text("#messages")
    assert page.inner_text("#count-disputes") == "0"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_player_claims_a_24_hand_with_the_picker(live_server, phone_page):
    event = event_create(name="Side pot night", status="open")
    ann, _ = entry_add(event=event, name="Ann Archer")
    page = phone_page
    page.goto(f"{live_server.url}/p/{ann.token}/claim/")
    picker = page.locator("#picker")
    for rank, suit in (("4", "H"), ("4", "D"), ("5", "C"), ("5", "S"), ("6", "H")):
        picker.locator(f"[data-rank='{rank}']").tap()
        picker.locator(f"[data-suit='{suit}']").tap()
    page.fill("input[name=claimed]", "24")
    page.locator("button[type=submit]").tap()
    assert "24 it is." in page.inner_text("#verdict")
    assert "claimed 24, scores 24" in page.inner_text("#claims")


def test_the_printed_schedule_fits_a_phone(live_server, phone_page):
    stage = stage_with_field(6, kind=StageKind.ROUND_ROBIN)
    page = phone_page
    page.goto(f"{live_server.url}/stages/{stage.pk}/schedule/")
    assert page.locator(".schedule-round").count() == 5
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

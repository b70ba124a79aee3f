"""Headless Chromium (Debian's package) driven by Playwright, at a phone viewport.

Never ``playwright install``: the browser is ``/usr/bin/chromium`` (apt-get install
chromium). Without it these tests skip with a clear message, or fail under
``PEGBOARD_REQUIRE_BROWSER=1`` (.ci/run). A failing test leaves a full-page
screenshot in ``tests/browser/screenshots/<test name>.png``.
"""
from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import require_or_skip

CHROMIUM = os.environ.get("PEGBOARD_CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
PHONE = {"width": 390, "height": 844}  # a common phone in portrait

# Playwright's sync API runs an event loop in this thread; Django's ORM would refuse
# to run "in an async context" though nothing here is async.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def chromium() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        require_or_skip(
            "PEGBOARD_REQUIRE_BROWSER",
            f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


def _page(chromium, request, suffix: str, **context_options) -> Iterator[object]:
    context = chromium.new_context(viewport=PHONE, **context_options)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        SCREENSHOTS.mkdir(exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
        page.screenshot(path=str(SCREENSHOTS / f"{name}{suffix}.png"), full_page=True)
    context.close()


@pytest.fixture
def phone_page(chromium, request) -> Iterator[object]:
    """A fresh page at a phone viewport; screenshots itself if the test fails."""
    yield from _page(chromium, request, "", device_scale_factor=2, is_mobile=True, has_touch=True)


@pytest.fixture
def no_js_page(chromium, request) -> Iterator[object]:
    """A phone page with JavaScript off: the core flows must work without it."""
    yield from _page(chromium, request, "-nojs", java_script_enabled=False)

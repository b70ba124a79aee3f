"""Suite-wide fixtures and the rule that, under CI, a missing service is a failure.

``PEGBOARD_REQUIRE_SERVICES=1`` (set by .ci/run for its PostgreSQL/Redis pass) turns
the skip of an integration test into a failure, and ``PEGBOARD_REQUIRE_BROWSER=1``
does the same for browser tests, so a broken environment can never pass quietly.
"""
from __future__ import annotations

import os

import pytest


def require_or_skip(env_flag: str, reason: str) -> None:
    """Skip with ``reason``, or fail when ``env_flag`` says the thing must be there."""
    if os.environ.get(env_flag, "").strip() not in {"", "0", "false"}:
        pytest.fail(f"{reason} (and {env_flag} says it is required)", pytrace=False)
    pytest.skip(reason)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    # Keep each phase's report on the item so fixtures can act on failures
    # (the browser fixtures save a screenshot when a test fails).
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report

"""API clients for the API tests: a director with a DRF token, and nobody."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import DirectorFactory, token_for


@pytest.fixture
def director() -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token_for(DirectorFactory())}")
    return api


@pytest.fixture
def anonymous() -> APIClient:
    return APIClient()

"""/score/ through Django's test client: the no-JavaScript form post."""
from __future__ import annotations

import pytest


def post(client, **fields):
    data = {"hand_1": "", "hand_2": "", "hand_3": "", "hand_4": "", "starter": ""}
    data.update(fields)
    return client.post("/score/", data)


def test_the_form_is_there(client):
    page = client.get("/score/").content.decode()
    for name in ("hand_1", "hand_2", "hand_3", "hand_4", "starter", "crib", "claimed"):
        assert f'name="{name}"' in page


def test_counting_the_29_hand(client):
    response = post(client, hand_1="5h", hand_2="5d", hand_3="5♣", hand_4="js", starter="5S")
    assert response.status_code == 200
    page = response.content.decode()
    assert '<span id="total">29</span>' in page
    assert "one for his nobs is twenty-nine" in page


def test_a_crib_and_a_claim(client):
    response = post(client, hand_1="2H", hand_2="4H", hand_3="6H", hand_4="8H", starter="KS",
                    crib="on", claimed="4")
    page = response.content.decode()
    assert '<span id="total">0</span>' in page
    assert "over-claimed by 4" in page


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"hand_1": "5X", "hand_2": "5D", "hand_3": "5C", "hand_4": "JS", "starter": "5S"},
         "hand_1", "suit must be one of C D H S"),
        ({"hand_1": "5H", "hand_2": "5D", "hand_3": "5C", "hand_4": "JS", "starter": "5H"},
         "starter", "5H is already Card 1"),
        ({"hand_1": "5H", "hand_2": "5D", "hand_3": "5C", "hand_4": "JS"},
         "starter", "Enter a card"),
    ],
)
def test_errors_show_next_to_their_field(client, fields, field, message):
    response = post(client, **fields)
    assert response.status_code == 400
    page = response.content.decode()
    assert f'id="{field}-error"' in page
    error_line = page.split(f'id="{field}-error"', 1)[1].split("</p>", 1)[0]
    assert message in error_line
    assert 'id="total"' not in page
    field_input = page.split(f'name="{field}"', 1)[1].split(">", 1)[0]
    assert 'aria-invalid="true"' in field_input

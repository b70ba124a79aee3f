"""``manage.py score_hand``: one hand as text or JSON, and the JSON-lines batch mode."""
from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.show import answer_show_request

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str | None = None) -> str:
    out = StringIO()
    options = {"stdout": out}
    if stdin is not None:
        options["stdin"] = StringIO(stdin)
    call_command("score_hand", *args, **options)
    return out.getvalue()


def test_prints_the_breakdown_of_the_29_hand():
    text = run("5H", "5D", "5C", "JS", "--starter", "5S")
    lines = text.splitlines()
    assert lines[0] == "Hand 5H 5D 5C JS, starter 5S"
    assert lines[1].split() == ["fifteen", "5H", "JS", "2"]
    assert sum(1 for line in lines if line.split()[0] == "pair") == 6
    assert lines[-2].split() == ["nobs", "JS", "1"]
    assert lines[-1].split() == ["total", "29"]


def test_json_is_the_same_object_the_api_answers():
    text = run("7h", "8d", "8c", "qs", "--starter", "9h", "--json")
    assert json.loads(text) == answer_show_request(
        {"hand": ["7H", "8D", "8C", "QS"], "starter": "9H"}
    )
    assert json.loads(text)["total"] == 12


def test_crib_flag_applies_the_crib_flush_rule():
    assert json.loads(run("2H", "4H", "6H", "8H", "--starter", "KS", "--json"))["total"] == 4
    crib = run("2H", "4H", "6H", "8H", "--starter", "KS", "--crib", "--json")
    assert json.loads(crib) == {"total": 0, "items": []}
    assert "Crib 2H 4H 6H 8H" in run("2H", "4H", "6H", "8H", "--starter", "KS", "--crib")


def test_a_bad_card_is_a_command_error_naming_it():
    with pytest.raises(CommandError, match="'5X' is not a card"):
        run("5H", "5D", "5C", "5X", "--starter", "JS")
    with pytest.raises(CommandError, match="starter 5H is also in the hand"):
        run("5H", "5D", "5C", "JS", "--starter", "5H")
    with pytest.raises(CommandError, match="--starter"):
        run("5H", "5D", "5C", "JS")


def test_batch_answers_every_line_and_goes_on_after_a_bad_one():
    lines = [
        '{"hand": ["5H", "5D", "5C", "JS"], "starter": "5S"}',
        '{"hand": ["5H", "5D", "5C", "JX"], "starter": "5S"}',   # bad card
        "this is not json",
        "",
        '["5H", "5D"]',                                          # not an object
        '{"hand": ["5H", "5D", "5C", "JS"], "starter": "JS"}',   # duplicate starter
        '{"hand": ["2H", "4H", "6H", "8H"], "starter": "KS", "crib": true}',
        '{"hand": ["7H", "8D", "8C", "QS"], "starter": "9H", "claimed": 10}',
    ]
    answers = [json.loads(line) for line in run(stdin="\n".join(lines) + "\n").splitlines()]
    assert len(answers) == len(lines)
    assert answers[0]["total"] == 29
    assert answers[0]["items"][0] == {"kind": "fifteen", "cards": ["5H", "JS"], "points": 2}
    assert set(answers[1]) == {"error"}
    assert "'JX' is not a card" in answers[1]["error"]
    assert "not JSON" in answers[2]["error"]
    assert answers[3] == {"error": "the line is empty"}
    assert "JSON object" in answers[4]["error"]
    assert "starter JS is also in the hand" in answers[5]["error"]
    assert answers[6] == {"total": 0, "items": []}
    assert answers[7]["claim"]["verdict"] == "under-claim"
    assert answers[7]["claim"]["difference"] == -2


def test_batch_through_real_pipes():
    # The binary stdin/stdout path the command takes outside tests.
    lines = [
        {"hand": ["5H", "5D", "5C", "JS"], "starter": "5S"},
        {"hand": ["5H"], "starter": "5S"},
        {"hand": ["4H", "6H", "JH", "KH"], "starter": "5H", "crib": True},
    ]
    feed = "".join(json.dumps(line) + "\n" for line in lines)
    done = subprocess.run(
        [sys.executable, "manage.py", "score_hand"], input=feed.encode(), cwd=ROOT,
        capture_output=True, check=True, timeout=60,
    )
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [a.get("total") for a in answers] == [29, None, 15]
    assert "a hand has 4 cards" in answers[1]["error"]

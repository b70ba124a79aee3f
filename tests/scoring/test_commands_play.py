"""``manage.py score_play``: JSON lines in, one JSON line (or a table) out per line."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]

GO_EXAMPLE = {
    "players": 2,
    "plays": [[0, "9H"], [1, "7C"], [0, "8D"], [1, "5S"], [0, "go"], [1, "AH"],
              [0, "9C"], [1, "3D"], [0, "4S"]],
}


def run(lines: list[str], *flags: str) -> str:
    out = io.StringIO()
    call_command("score_play", *flags, stdin=io.StringIO("".join(f"{line}\n" for line in lines)),
                 stdout=out)
    return out.getvalue()


def test_json_lines_answer_each_line_and_go_on_after_a_malformed_one():
    lines = [
        json.dumps(GO_EXAMPLE),
        '{"players": 2, "plays": [[0, "4H"], [1, "ZZ"]]}',
        "this is not json",
        "",
        json.dumps({"players": 5, "plays": []}),
        json.dumps({"players": 2, "plays": [[0, "TH"], [1, "KC"], [0, "QD"], [1, "5S"]]}),
    ]
    answers = [json.loads(line) for line in run(lines, "--json").splitlines()]
    assert len(answers) == len(lines)
    assert answers[0]["totals"] == [4, 1]
    assert answers[0]["cards"][4] == {
        "player": 1, "card": "AH", "count": 30, "points": 1, "reasons": ["go"]
    }
    assert answers[1] == {"error": "plays[1]: 'ZZ' is not a card: rank must be one of "
                                   "A 2 3 4 5 6 7 8 9 10/T J Q K"}
    assert answers[2]["error"].startswith("not JSON")
    assert answers[3] == {"error": "the line is empty"}
    assert answers[4] == {"error": "players: players must be 2, 3 or 4, not 5"}
    # A rules breach is not a malformed line: it is scored and reported in "errors".
    assert answers[5]["errors"] == ["play 4 (player 1, 5S): takes the count past 31 (30 + 5)"]
    assert answers[5]["totals"] == [0, 0]


def test_json_four_players_carries_the_teams():
    line = json.dumps({"players": 4, "plays": [[0, "5H"], [1, "TS"], [2, "5D"], [3, "5C"]]})
    (answer,) = [json.loads(text) for text in run([line], "--json").splitlines()]
    assert answer["totals"] == [0, 2, 0, 2]
    assert answer["teams"] == [0, 4]


def test_table_for_a_person():
    out = run([json.dumps(GO_EXAMPLE), '{"players": 2}'])
    assert "   3       0  8D       24       3  run of 3" in out
    assert "   8       0  4S       16       1  last card" in out
    assert "totals: player 0 4, player 1 1" in out
    assert "line 2: plays: plays must be a list" in out


def test_table_lists_the_breaches():
    out = run([json.dumps({"players": 2, "plays": [[0, "6C"], [1, "6D"], [0, "go"]]})])
    assert "error: play 3 (player 0, go): renege, every card fits (count 12)" in out


def test_real_stdin_and_stdout_through_manage_py():
    lines = json.dumps(GO_EXAMPLE) + "\n" + "{oops\n" + json.dumps(GO_EXAMPLE) + "\n"
    completed = subprocess.run(
        [sys.executable, "manage.py", "score_play", "--json"],
        input=lines.encode(), capture_output=True, cwd=ROOT, check=True, timeout=60,
    )
    answers = [json.loads(text) for text in completed.stdout.decode().splitlines()]
    assert [answer.get("totals") for answer in answers] == [[4, 1], None, [4, 1]]
    assert "not JSON" in answers[1]["error"]

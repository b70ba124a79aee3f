"""``manage.py score_play``: validate and score pegging sequences read from stdin.

Each input line is one JSON object in the shape ``answer_play_request`` takes::

    {"players": 2, "plays": [[0, "4H"], [1, "2C"], [0, "go"]], "hands": [...], "game": "five-card"}

With ``--json`` each line is answered by one JSON line: the scored play, or
``{"error": "..."}`` for a line that is not a play sequence, and the command goes on
with the next line. Without ``--json`` it prints a table a person reads.
"""
from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import IO, Any

import orjson
from django.core.management.base import BaseCommand

from scoring.errors import ScoringError
from scoring.play import answer_play_request

# Answers are written in blocks: one write per line would cost more than the scoring.
_BLOCK = 1024


class Command(BaseCommand):
    help = (
        "Validate and score pegging sequences: one JSON object per stdin line, e.g. "
        '{"players": 2, "plays": [[0, "4H"], [1, "2C"], [0, "go"]]}. '
        "--json answers one JSON line each; otherwise prints a table."
    )
    # Tests (and callers) may hand in their own input stream, as with createsuperuser.
    stealth_options = ("stdin",)

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--json", action="store_true", help="answer each input line with one JSON line"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        source = options.get("stdin") or sys.stdin
        if options["json"]:
            self._json_lines(source, options.get("stdout") or sys.stdout)
            return
        for number, line in enumerate(source, start=1):
            answer = answer_line(line)
            self.stdout.write(render_answer(number, answer))

    def _json_lines(self, source: IO[Any], target: IO[Any]) -> None:
        # Bytes in and out when the streams allow it: orjson reads and writes bytes.
        lines: Iterable[bytes | str] = getattr(source, "buffer", source)
        binary_out = getattr(target, "buffer", None)
        for block in answer_lines(lines):
            if binary_out is not None:
                binary_out.write(block)
            else:
                target.write(block.decode())
        (binary_out or target).flush()


def answer_line(line: bytes | str) -> dict[str, Any]:
    """The answer to one input line: the scored play, or ``{"error": ...}``."""
    try:
        request = orjson.loads(line)
    except orjson.JSONDecodeError as error:
        text = line.strip() if isinstance(line, str) else line.strip().decode("utf-8", "replace")
        return {"error": "the line is empty" if not text else f"not JSON ({error})"}
    try:
        return answer_play_request(request)
    except ScoringError as error:
        return {"error": f"{error.field}: {error}" if error.field else str(error)}


def answer_lines(lines: Iterable[bytes | str]) -> Iterator[bytes]:
    """One JSON answer per input line, yielded in blocks of newline-terminated lines."""
    block: list[bytes] = []
    for line in lines:
        block.append(orjson.dumps(answer_line(line)))
        if len(block) >= _BLOCK:
            yield b"\n".join(block) + b"\n"
            block = []
    if block:
        yield b"\n".join(block) + b"\n"


def render_answer(number: int, answer: dict[str, Any]) -> str:
    """A table of the cards, the totals and the breaches, for a person to read."""
    if "error" in answer:
        return f"line {number}: {answer['error']}\n"
    rows = [f"line {number}", "   #  player  card  count  points  reasons"]
    for index, played in enumerate(answer["cards"], start=1):
        rows.append(
            f"  {index:>2}  {played['player']:>6}  {played['card']:<4}  {played['count']:>5}"
            f"  {played['points']:>6}  {', '.join(played['reasons'])}".rstrip()
        )
    totals = ", ".join(f"player {player} {total}" for player, total in enumerate(answer["totals"]))
    rows.append(f"  totals: {totals}")
    if "teams" in answer:
        rows.append(f"  teams: players 0+2 {answer['teams'][0]}, players 1+3 {answer['teams'][1]}")
    rows.extend(f"  error: {error}" for error in answer["errors"])
    return "\n".join(rows) + "\n"

"""``manage.py score_hand``: score one hand from the command line, or many as JSON lines.

    manage.py score_hand 5H 5D 5C JS --starter 5S [--crib] [--json]

prints the breakdown (or one JSON object). With no cards it reads JSON lines from
standard input, one request per line in the shape ``answer_show_request`` takes,
and writes one JSON line per input line: the show, or ``{"error": "..."}`` for a
line it cannot score, then goes on with the next line.
"""
from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import IO, Any

import orjson
from django.core.management.base import BaseCommand, CommandError

from scoring.errors import ScoringError
from scoring.show import Show, answer_show_request, score_show

# Lines are gathered and written in blocks: one write per line would cost more
# than the scoring itself.
_BLOCK = 4096


class Command(BaseCommand):
    help = (
        "Score a hand or crib with its starter, e.g. `score_hand 5H 5D 5C JS --starter 5S`. "
        "With no cards, read JSON lines from stdin and answer one JSON line each."
    )
    # Tests (and callers) may hand in their own input stream, as with createsuperuser.
    stealth_options = ("stdin",)

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("cards", nargs="*", help="the hand: 4 cards (3 in five-card), e.g. 5H 10D JS")
        parser.add_argument("--starter", help="the starter (turn-up) card, e.g. 5S")
        parser.add_argument("--crib", action="store_true", help="score as a crib (flush rule)")
        parser.add_argument("--json", action="store_true", help="print one JSON object")

    def handle(self, *args: Any, **options: Any) -> None:
        if not options["cards"]:
            self._batch(options.get("stdin") or sys.stdin, options.get("stdout") or sys.stdout)
            return
        if not options["starter"]:
            raise CommandError("give the starter with --starter, e.g. --starter 5S")
        try:
            show = score_show(options["cards"], options["starter"], crib=options["crib"])
        except ScoringError as error:
            raise CommandError(str(error)) from None
        if options["json"]:
            self.stdout.write(orjson.dumps(show.as_dict()).decode())
        else:
            self.stdout.write(render_show(show))

    def _batch(self, source: IO[Any], target: IO[Any]) -> None:
        # Binary in and out when the streams allow it (real stdin/stdout): orjson
        # reads and writes bytes, so no text decoding sits in the loop.
        lines: Iterable[bytes | str] = getattr(source, "buffer", source)
        binary_out = getattr(target, "buffer", None)
        if binary_out is not None:
            write = binary_out.write
            for block in answer_lines(lines):
                write(block)
            binary_out.flush()
        else:
            for block in answer_lines(lines):
                target.write(block.decode())
            target.flush()


def answer_lines(lines: Iterable[bytes | str]) -> Iterable[bytes]:
    """One JSON answer per input line, yielded in blocks of newline-terminated lines."""
    dumps = orjson.dumps
    loads = orjson.loads
    block: list[bytes] = []
    for line in lines:
        try:
            answer = answer_show_request(loads(line))
        except orjson.JSONDecodeError as error:
            text = line.strip() if isinstance(line, str) else line.strip().decode("utf-8", "replace")
            reason = "the line is empty" if not text else f"not JSON ({error})"
            answer = {"error": reason}
        except ScoringError as error:
            answer = {"error": str(error)}
        block.append(dumps(answer))
        if len(block) >= _BLOCK:
            yield b"\n".join(block) + b"\n"
            block = []
    if block:
        yield b"\n".join(block) + b"\n"


def render_show(show: Show) -> str:
    """The breakdown a person reads: one line per item, then the total."""
    what = "Crib" if show.crib else "Hand"
    lines = [f"{what} {' '.join(c.code for c in show.hand)}, starter {show.starter.code}"]
    for item in show.items:
        cards = " ".join(c.code for c in item.cards)
        lines.append(f"  {item.kind:<8} {cards:<16} {item.points:>2}")
    if not show.items:
        lines.append("  nothing scores (a \"nineteen\")")
    lines.append(f"  {'total':<8} {'':<16} {show.total:>2}")
    return "\n".join(lines)


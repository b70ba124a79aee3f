"""``manage.py crib_stats [--json]``: the hand and crib score distributions, computed.

Enumerates all 12,994,800 hand+starter combinations through the engine
(scoring/stats.py) and prints the count of each score, the total points and the
mean, for hands and for cribs. Nothing is looked up: the rules/003 tables are what
the tests compare the output with.
"""
from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand

from scoring.rules import ShowRules
from scoring.stats import ShowStatistics, show_statistics


class Command(BaseCommand):
    help = "Count every hand and crib score over all 12,994,800 hand+starter combinations."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--json", action="store_true", help="one JSON object instead of a table")
        parser.add_argument(
            "--four-card-crib-flush",
            action="store_true",
            help="house rule: a four-card flush counts in the crib",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        rules = ShowRules(four_card_crib_flush=options["four_card_crib_flush"])
        stats = show_statistics(rules=rules)
        if options["json"]:
            self.stdout.write(json.dumps(stats.as_dict()))
        else:
            self.stdout.write(render_table(stats, rules))


def render_table(stats: ShowStatistics, rules: ShowRules) -> str:
    hand, crib = stats.hand, stats.crib
    crib_rule = (
        "a four-card crib flush counts (house rule)"
        if rules.four_card_crib_flush
        else "only a five-card flush counts in the crib"
    )
    lines = [
        f"All {stats.combinations:,} hand+starter combinations (C(52,4) x 48); {crib_rule}.",
        "",
        f"{'score':>5}  {'hands':>11} {'%':>8}  {'cribs':>11} {'%':>8}",
    ]
    for points in range(max(len(hand.counts), len(crib.counts))):
        in_hand = hand.counts[points] if points < len(hand.counts) else 0
        in_crib = crib.counts[points] if points < len(crib.counts) else 0
        lines.append(
            f"{points:>5}  {in_hand:>11,} {100 * in_hand / hand.combinations:>8.4f}"
            f"  {in_crib:>11,} {100 * in_crib / crib.combinations:>8.4f}"
        )
    lines += [
        "",
        f"{'total':>5}  {hand.combinations:>11,} {'':>8}  {crib.combinations:>11,}",
        f"{'mean':>5}  {hand.mean:>11.4f} {'':>8}  {crib.mean:>11.4f}",
        "impossible: hand " + ", ".join(map(str, hand.impossible()))
        + "; crib " + ", ".join(map(str, crib.impossible())),
    ]
    return "\n".join(lines)

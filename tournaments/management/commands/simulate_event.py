"""Fill a new event with random but valid results through the services, to a champion.

    python manage.py simulate_event --players 64 --format acc --seed 1

See ``tournaments.simulation`` for what each format plays.
"""
from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from tournaments.errors import TournamentError
from tournaments.formats.errors import FormatError
from tournaments.simulation import FORMATS, simulate_event


class Command(BaseCommand):
    help = "Create an event and play it with random results through the services (ACC or club night)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--players", type=int, default=64)
        parser.add_argument("--format", choices=FORMATS, default="acc")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--name", default="")

    def handle(self, *args: object, **options: Any) -> None:
        try:
            result = simulate_event(players=options["players"], format=options["format"], seed=options["seed"],
                                    name=options["name"])
        except (TournamentError, FormatError) as error:
            raise CommandError(str(error)) from None
        event = result.event
        self.stdout.write(self.style.SUCCESS(f"{event.name} (id {event.pk}): {result.games} games played."))
        if result.champion is not None:
            self.stdout.write(f"Champion: {result.champion.name}")
        if result.consolation_winner is not None:
            self.stdout.write(f"Consolation winner: {result.consolation_winner.name}")
        self.stdout.write("Qualifying standings, top 8:")
        for row in result.standings[:8]:
            self.stdout.write(
                f"  {row['rank']:>3}. {row['name']:<24} {row['game_points']:>3} pts  {row['won']:>2} won  "
                f"spread {row['spread']:+d}"
            )
        steps = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in result.timings.items())
        self.stdout.write(f"Time: {result.seconds:.1f} s ({steps})")

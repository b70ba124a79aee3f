"""Queue again the webhook deliveries still pending (e.g. after the broker was down).

Run it from cron every few minutes in production; it is harmless to run often.
"""
from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from tournaments.services.webhooks import webhooks_retry_pending


class Command(BaseCommand):
    help = "Queue again webhook deliveries that are still pending."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--older-than", type=int, default=60, help="seconds (default 60)")

    def handle(self, *args: Any, **options: Any) -> None:
        count = webhooks_retry_pending(older_than=timedelta(seconds=options["older_than"]))
        self.stdout.write(f"{count} pending deliveries queued.")

"""Load the demo tournament (replaced by the full ACC-style demo in the events work)."""
from __future__ import annotations

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Load a demo tournament (idempotent)."

    def handle(self, *args: object, **options: object) -> None:
        self.stdout.write("No demo event yet: the events app has no models.")

"""Load a realistic ACC-style demo event (``make run`` calls it). Idempotent.

24 players from two clubs, ACC rules, a round-robin qualifying stage of two games per
opponent: three rounds played and confirmed, the fourth under way with some games
confirmed, some awaiting the opponent's confirmation, and one dispute waiting for the
director. Also a "director" user (staff, in the "directors" group) with a DRF token,
printed so the API can be tried. A second run finds the event and changes nothing.
"""
from __future__ import annotations

import random
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token

from tournaments.models import (
    Channel,
    Club,
    Entry,
    Event,
    EventStatus,
    Round,
    RoundStatus,
    StageKind,
)
from tournaments.selectors import DIRECTORS_GROUP, event_standings
from tournaments.services import events, results
from tournaments.simulation import loser_total

DEMO_EVENT = "Pegboard Demo Open (ACC qualifier)"
PLAYERS = [
    ("Margaret Hollis", "Riverside"), ("Tom Adeyemi", "Riverside"), ("Linda Park", "Riverside"),
    ("George Whitfield", "Riverside"), ("Rosa Delgado", "Riverside"), ("Frank Osei", "Riverside"),
    ("Helen Brandt", "Riverside"), ("Walter Kim", "Riverside"), ("Dorothy Lane", "Riverside"),
    ("Sam Okafor", "Riverside"), ("Irene Novak", "Riverside"), ("Bill Carver", "Riverside"),
    ("Judy Fenwick", "Lakeside"), ("Ray Castillo", "Lakeside"), ("Ann Moreau", "Lakeside"),
    ("Pete Lindqvist", "Lakeside"), ("Carol Jensen", "Lakeside"), ("Hank Douglas", "Lakeside"),
    ("Betty Nakamura", "Lakeside"), ("Earl Peterson", "Lakeside"), ("Nora Quinn", "Lakeside"),
    ("Vic Romano", "Lakeside"), ("Edith Sorensen", "Lakeside"), ("Lou Tremblay", "Lakeside"),
]
ROUNDS_PLAYED = 3
GAMES_PER_OPPONENT = 2


def circle_pairings(count: int, round_index: int) -> list[tuple[int, int]]:
    """Round ``round_index`` of the circle method on ``count`` (even) positions."""
    rest = list(range(1, count))
    shift = round_index % (count - 1)
    rotated = [0, *rest[shift:], *rest[:shift]]
    return [(rotated[i], rotated[count - 1 - i]) for i in range(count // 2)]


DEMO_PASSWORD = "pegboard-demo"


class Command(BaseCommand):
    help = "Load the demo ACC-style event of 24 players (idempotent)."

    def handle(self, *args: object, **options: Any) -> None:
        token = self._director()
        event = Event.objects.filter(name=DEMO_EVENT).first()
        if event is None:
            with transaction.atomic():
                event = self._build()
            self.stdout.write(self.style.SUCCESS(f"Created the demo event: {event.name} (id {event.pk})."))
        else:
            self.stdout.write(f"The demo event is already loaded: {event.name} (id {event.pk}); nothing changed.")
        leader = next(iter(event_standings(event=event)), None)
        if leader:
            self.stdout.write(f"Leader: {leader['name']} with {leader['game_points']} game points.")
        login = (
            f"log in as director / {DEMO_PASSWORD} (local demo only)" if settings.DEBUG
            else "create a login with: python manage.py createsuperuser"
        )
        self.stdout.write(
            f"Public page:     /events/{event.pk}/\n"
            f"Standings JSON:  /api/v1/events/{event.pk}/standings/\n"
            f"Dashboard:       /director/events/{event.pk}/ ({login})\n"
            f"Admin:           /admin/tournaments/event/{event.pk}/change/\n"
            f"Director token:  {token}  (user \"director\"; send it as 'Authorization: Token {token}')"
        )

    def _director(self) -> str:
        group, _ = Group.objects.get_or_create(name=DIRECTORS_GROUP)
        if not group.permissions.exists():
            group.permissions.set(Permission.objects.filter(content_type__app_label="tournaments"))
        user_model = get_user_model()
        director, created = user_model.objects.get_or_create(username="director", defaults={"is_staff": True})
        if created:
            director.set_unusable_password()
            director.save(update_fields=["password"])
            director.groups.add(group)
        # On a developer's machine (DEBUG, no SECRET_KEY) the demo director can log in to
        # the admin and the dashboard at once; anywhere else the password stays unusable.
        if settings.DEBUG and not director.has_usable_password():
            director.set_password(DEMO_PASSWORD)
            director.save(update_fields=["password"])
        return Token.objects.get_or_create(user=director)[0].key

    def _build(self) -> Event:
        rng = random.Random(2026)
        clubs = {
            name: Club.objects.get_or_create(name=f"{name} Cribbage Club", defaults={"short_name": name})[0]
            for name in {club for _, club in PLAYERS}
        }
        event = events.event_create(
            name=DEMO_EVENT, rules="acc", status=EventStatus.OPEN, club=clubs["Riverside"],
            starts_on=timezone.localdate(), venue="Riverside Community Hall",
        )
        entries: list[Entry] = []
        for number, (name, club) in enumerate(PLAYERS, start=1):
            player = events.player_get_or_create(name=name, membership_number=f"DEMO-{number:03d}",
                                                 club=clubs[club])
            entry, _ = events.entry_add(event=event, player=player)
            events.entry_check_in(entry=entry)
            entries.append(entry)
        stage = events.stage_create(
            event=event, name="Qualifying", kind=StageKind.ROUND_ROBIN,
            settings={"rounds": 7, "games_per_opponent": GAMES_PER_OPPONENT},
        )
        for round_index in range(ROUNDS_PLAYED + 1):
            current = round_index == ROUNDS_PLAYED
            played_round = Round.objects.create(
                stage=stage, number=round_index + 1,
                status=RoundStatus.RELEASED if current else RoundStatus.CLOSED, released_at=timezone.now(),
            )
            for table, (i, j) in enumerate(circle_pairings(len(entries), round_index), start=1):
                match = events.match_create(
                    event=event, entries=[entries[i], entries[j]], format="games", n=GAMES_PER_OPPONENT,
                    stage=stage, round=played_round, table=table,
                )
                self._play(match, rng, table=table if current else None)
        return event

    def _play(self, match: Any, rng: random.Random, *, table: int | None) -> None:
        """Report both games from both phones; in the round under way, leave some open."""
        a, b = match.side_a_id, match.side_b_id
        for number in (1, 2):
            if table is not None and (table > 8 or (table > 4 and number == 2)):
                return  # still being played
            winner_is_a = rng.random() < 0.5
            loser = loser_total(rng)
            totals = {str(a): 121, str(b): loser} if winner_is_a else {str(a): loser, str(b): 121}
            key = f"demo-{match.pk}-{number}"
            results.game_report(match=match, number=number, totals=totals, key=f"{key}-a", reporter=a,
                                channel=Channel.PLAYER)
            if table == 1 and number == 1:
                # The dispute the director will find: the opponent remembers a different total.
                other = dict(totals)
                loser_side = str(b) if winner_is_a else str(a)
                other[loser_side] = min(120, other[loser_side] + 7)
                results.game_report(match=match, number=number, totals=other, key=f"{key}-b", reporter=b,
                                    channel=Channel.PLAYER)
            elif table in (2, 3) and number == 2:
                continue  # reported by one side, waiting for the opponent's confirmation
            else:
                results.game_report(match=match, number=number, totals=totals, key=f"{key}-b", reporter=b,
                                    channel=Channel.PLAYER)

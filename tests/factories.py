"""factory_boy factories for the tournaments models."""
from __future__ import annotations

import factory
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from tournaments import models
from tournaments import rules as rules_engine


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Club
        django_get_or_create = ("name",)

    name = factory.Sequence(lambda n: f"Cribbage Club {n}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Player

    name = factory.Sequence(lambda n: f"Player {n}")


class RuleSetFactory(factory.django.DjangoModelFactory):
    """A builtin preset row (one per preset, shared)."""

    class Meta:
        model = models.RuleSet
        django_get_or_create = ("preset", "builtin")

    preset = "acc"
    builtin = True
    name = factory.LazyAttribute(lambda o: rules_engine.PRESETS[o.preset].label)
    values = factory.LazyAttribute(lambda o: rules_engine.PRESETS[o.preset].as_values())


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Event

    name = factory.Sequence(lambda n: f"Event {n}")
    status = models.EventStatus.RUNNING
    rules = factory.SubFactory(RuleSetFactory)


class EntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Entry

    event = factory.SubFactory(EventFactory)
    player = factory.SubFactory(PlayerFactory)


class StageFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Stage

    event = factory.SubFactory(EventFactory)
    order = factory.Sequence(lambda n: n + 1)
    name = "Qualifying"
    kind = models.StageKind.ROUND_ROBIN


class MatchFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Match

    event = factory.SubFactory(EventFactory)
    side_a = factory.SubFactory(EntryFactory, event=factory.SelfAttribute("..event"))
    side_b = factory.SubFactory(EntryFactory, event=factory.SelfAttribute("..event"))
    format = models.MatchFormat.GAMES
    format_n = 1


class GameFactory(factory.django.DjangoModelFactory):
    """A confirmed game won by side A."""

    class Meta:
        model = models.Game

    match = factory.SubFactory(MatchFactory)
    number = 1
    state = models.GameState.CONFIRMED
    total_a = 121
    total_b = 100
    winner = factory.LazyAttribute(lambda o: o.match.side_a)


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")


class DirectorFactory(UserFactory):
    username = factory.Sequence(lambda n: f"director{n}")
    is_staff = True


def build_field(event, players: int, stage=None) -> list:
    """``players`` entries; each plays the next three in a circle, one confirmed game each."""
    people = PlayerFactory.create_batch(players)
    entries = models.Entry.objects.bulk_create(models.Entry(event=event, player=person) for person in people)
    matches = models.Match.objects.bulk_create(
        models.Match(event=event, stage=stage, side_a=entries[i], side_b=entries[(i + step) % players])
        for i in range(players) for step in (1, 2, 3)
    )
    models.Game.objects.bulk_create(
        models.Game(match=match, number=1, state=models.GameState.CONFIRMED, total_a=121,
                    total_b=80 + (index % 40), winner_id=match.side_a_id)
        for index, match in enumerate(matches)
    )
    return entries


def token_for(user) -> str:
    return Token.objects.get_or_create(user=user)[0].key


def stage_with_field(players: int, *, kind: str = "round_robin", settings: dict | None = None,
                     rules: str = "acc"):
    """An open event with ``players`` entries (seeded 1..n) and one round-based stage."""
    from tournaments.services import events

    event = EventFactory(status=models.EventStatus.OPEN, rules=RuleSetFactory(preset=rules))
    people = PlayerFactory.create_batch(players)
    models.Entry.objects.bulk_create(
        models.Entry(event=event, player=person, seed=number) for number, person in enumerate(people, start=1)
    )
    return events.stage_create(event=event, name="Qualifying", kind=kind, settings=settings or {})


def play_match(match, *, winner=None, loser_total: int = 100, key: str = "t") -> None:
    """Both sides report each game until the match is decided; ``winner`` (an entry id,
    default side A) wins every game."""
    from tournaments.services import results

    winner = winner or match.side_a_id
    loser = match.side_b_id if winner == match.side_a_id else match.side_a_id
    for number in range(1, match.format_n + 1):
        totals = {str(winner): 121, str(loser): loser_total}
        for reporter in (match.side_a_id, match.side_b_id):
            report = results.game_report(match=match.pk, number=number, totals=totals, reporter=reporter,
                                         key=f"{key}-{match.pk}-{number}-{reporter}")
        if report.game.match.status == models.MatchStatus.DECIDED:
            return

"""The admin refuses bad input with a form error (never a 500) and stays fast as data grows."""
from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import EventFactory, build_field
from tournaments.models import EventStatus, Game, RuleSet

pytestmark = pytest.mark.django_db


def test_a_rule_set_with_impossible_values_is_a_form_error(admin_client):
    response = admin_client.post(reverse("admin:tournaments_ruleset_add"), {
        "name": "Broken", "preset": "acc", "values": '{"skunk_line": 200}',
    })
    assert response.status_code == 200  # the form again, with the error
    assert "errornote" in response.content.decode()
    assert not RuleSet.objects.filter(name="Broken").exists()


def test_correcting_a_game_of_a_finished_event_is_a_form_error(admin_client):
    event = EventFactory(status=EventStatus.RUNNING)
    build_field(event, 4)
    game = Game.objects.filter(match__event=event).first()
    before = (game.total_a, game.total_b)
    event.status = EventStatus.FINISHED
    event.save(update_fields=["status"])
    response = admin_client.post(reverse("admin:tournaments_game_change", args=[game.pk]), {
        "total_a": 121, "total_b": 90, "total_c": "", "runner_up": "", "reason": "late fix",
        "reports-TOTAL_FORMS": 0, "reports-INITIAL_FORMS": 0, "changes-TOTAL_FORMS": 0,
        "changes-INITIAL_FORMS": 0,
    })
    assert response.status_code == 200
    assert "is finished" in response.content.decode()
    game.refresh_from_db()
    assert (game.total_a, game.total_b) == before
    assert game.changes.count() == 0


def test_the_event_status_moves_only_through_the_actions(admin_client):
    event = EventFactory(status=EventStatus.RUNNING)
    page = admin_client.get(reverse("admin:tournaments_event_change", args=[event.pk])).content.decode()
    assert 'name="status"' not in page
    assert 'name="rules"' not in page  # the rule set is fixed once the event is public


def test_the_game_page_takes_the_same_queries_for_a_small_and_a_large_database(
    admin_client, django_assert_max_num_queries,
):
    small = EventFactory(status=EventStatus.RUNNING)
    build_field(small, 6)
    game = Game.objects.filter(match__event=small).first()
    url = reverse("admin:tournaments_game_change", args=[game.pk])
    admin_client.get(url)  # warm the content types and permissions caches
    with django_assert_max_num_queries(40) as small_run:
        admin_client.get(url)
    build_field(EventFactory(status=EventStatus.RUNNING), 30)
    with django_assert_max_num_queries(len(small_run.captured_queries)):
        assert admin_client.get(url).status_code == 200

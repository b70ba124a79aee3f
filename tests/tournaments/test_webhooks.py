"""Webhooks: signed POSTs when results land, an outbox that survives a broker outage."""
from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from tests.factories import DirectorFactory, play_match, stage_with_field, token_for
from tests.webhook_receiver import Receiver
from tournaments.models import DeliveryStatus, EventStatus, Match, WebhookDelivery
from tournaments.services import rounds, webhooks
from tournaments.services.events import entry_add, event_create, match_create
from tournaments.services.results import game_report

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def eager_tasks():
    """Run the delivery task in-process, also when the suite runs with REDIS_URL: these
    tests are about delivery; tests/integration covers the broker and the worker."""
    from config.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.fixture
def receiver():
    running = Receiver().start()
    yield running
    running.stop()


@pytest.fixture
def table():
    event = event_create(name="League night", status=EventStatus.OPEN)
    ann, _ = entry_add(event=event, name="Ann")
    ben, _ = entry_add(event=event, name="Ben")
    return event, ann, ben, match_create(event=event, entries=[ann, ben], format="best_of", n=3)


def confirm(match, ann, ben, number=1, key="k"):
    game_report(match=match, number=number, totals={ann.pk: 121, ben.pk: 88}, key=f"{key}-a", reporter=ann)
    game_report(match=match, number=number, totals={ann.pk: 121, ben.pk: 88}, key=f"{key}-b", reporter=ben)


def test_a_confirmed_game_is_posted_and_signed(receiver, table, django_capture_on_commit_callbacks):
    event, ann, ben, match = table
    hook = webhooks.webhook_create(url=receiver.url, event=event)
    with django_capture_on_commit_callbacks(execute=True):
        confirm(match, ann, ben)
    [post] = receiver.received
    assert post.headers["X-Pegboard-Signature"] == webhooks.signature(hook.secret, post.body)
    assert post.headers["X-Pegboard-Topic"] == "game.confirmed"
    body = post.json
    assert body["topic"] == "game.confirmed"
    assert body["event"] == event.pk
    assert body["data"]["totals"] == {str(ann.pk): 121, str(ben.pk): 88}
    assert body["data"]["winner"] == ann.pk
    delivery = WebhookDelivery.objects.get(pk=body["id"])
    assert delivery.status == DeliveryStatus.DELIVERED
    assert delivery.attempts == 1


def test_nothing_is_sent_before_the_result_commits(receiver, table, django_capture_on_commit_callbacks):
    event, ann, ben, match = table
    webhooks.webhook_create(url=receiver.url, event=event)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        confirm(match, ann, ben)
    assert receiver.received == []
    assert len(callbacks) == 1
    assert WebhookDelivery.objects.get().status == DeliveryStatus.PENDING


def test_a_failing_site_is_tried_again_later(receiver, table, django_capture_on_commit_callbacks):
    event, ann, ben, match = table
    webhooks.webhook_create(url=receiver.url, event=event)
    receiver.answer = 503
    with django_capture_on_commit_callbacks(execute=True):
        confirm(match, ann, ben)
    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts, delivery.last_status) == (DeliveryStatus.PENDING, 1, 503)

    receiver.answer = 200
    out = StringIO()
    call_command("deliver_webhooks", "--older-than", "0", stdout=out)
    assert "1 pending deliveries queued" in out.getvalue()
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == (DeliveryStatus.DELIVERED, 2)
    assert len(receiver.received) == 2
    assert receiver.received[0].headers["X-Pegboard-Delivery"] == receiver.received[1].headers[
        "X-Pegboard-Delivery"]  # the same delivery, for the site to de-duplicate


def test_a_broker_outage_never_fails_the_report(table, monkeypatch, django_capture_on_commit_callbacks):
    from tournaments import tasks

    event, ann, ben, match = table
    webhooks.webhook_create(url="http://127.0.0.1:9/never", event=event)

    def broker_down(*args, **kwargs):
        raise ConnectionError("redis is down")

    monkeypatch.setattr(tasks.deliver_webhook, "delay", broker_down)
    with django_capture_on_commit_callbacks(execute=True):
        confirm(match, ann, ben)
    assert match.games.get(number=1).state == "confirmed"
    assert WebhookDelivery.objects.get().status == DeliveryStatus.PENDING


def test_only_the_topics_and_events_a_site_asked_for(receiver, table, django_capture_on_commit_callbacks):
    event, ann, ben, match = table
    other = event_create(name="Another club's night", status=EventStatus.OPEN)
    webhooks.webhook_create(url=receiver.url, event=other)
    webhooks.webhook_create(url=receiver.url, event=event, topics=["round.closed"])
    with django_capture_on_commit_callbacks(execute=True):
        confirm(match, ann, ben)
    assert receiver.received == []
    assert not WebhookDelivery.objects.exists()


def test_a_club_webhook_hears_every_event_of_the_club(receiver, django_capture_on_commit_callbacks):
    from tests.factories import ClubFactory

    club = ClubFactory()
    event = event_create(name="Club championship", status=EventStatus.OPEN, club=club)
    ann, _ = entry_add(event=event, name="Ann")
    ben, _ = entry_add(event=event, name="Ben")
    match = match_create(event=event, entries=[ann, ben])
    webhooks.webhook_create(url=receiver.url, club=club)
    with django_capture_on_commit_callbacks(execute=True):
        confirm(match, ann, ben)
    assert [post.json["topic"] for post in receiver.received] == ["game.confirmed"]


def test_round_closed_and_bracket_advanced(receiver, django_capture_on_commit_callbacks):
    stage = stage_with_field(4, settings={"rounds": 1})
    event = stage.event
    webhooks.webhook_create(url=receiver.url, event=event, topics=["round.closed", "bracket.advanced"])
    with django_capture_on_commit_callbacks(execute=True):
        round_ = rounds.round_generate(stage=stage)
        rounds.round_release(round=round_)
        for match in Match.objects.filter(round=round_):
            play_match(match)
        rounds.round_close(round=round_)
    assert [post.json["topic"] for post in receiver.received] == ["round.closed"]
    assert receiver.received[0].json["data"] == {"stage": stage.pk, "round": 1}

    from tournaments.services import brackets

    with django_capture_on_commit_callbacks(execute=True):
        brackets.event_cut(event=event, qualifiers=2)
        brackets.playoffs_start(event=event)
        final = Match.objects.get(event=event, bracket="winners")
        play_match(final)
    advanced = [post.json for post in receiver.received if post.json["topic"] == "bracket.advanced"]
    assert len(advanced) == 1
    assert advanced[0]["data"]["winner"] == final.side_a_id


def test_the_webhook_api_is_for_directors(client, table, receiver):
    event = table[0]
    url = "/api/v1/webhooks/"
    assert client.get(url).status_code == 401
    auth = {"HTTP_AUTHORIZATION": f"Token {token_for(DirectorFactory())}"}
    created = client.post(url, {"url": receiver.url, "event": event.pk, "topics": ["game.confirmed"]},
                          content_type="application/json", **auth)
    assert created.status_code == 201
    assert len(created.json()["secret"]) >= 32
    listed = client.get(url, **auth).json()
    assert listed[0]["url"] == receiver.url
    assert "secret" not in listed[0]
    deliveries = client.get(f"{url}{created.json()['id']}/deliveries/", **auth)
    assert deliveries.json() == []
    assert client.delete(f"{url}{created.json()['id']}/", **auth).status_code == 204


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"url": "ftp://example.test/x", "event": None}, "url"),
        ({"url": "not a url"}, "url"),
        ({"url": "https://club.example/hook"}, "event"),
        ({"url": "https://club.example/hook", "event": 999999}, "event"),
        ({"url": "https://club.example/hook", "event": 1, "topics": ["game.deleted"]}, "topics"),
    ],
)
def test_a_bad_webhook_is_400_naming_the_field(client, payload, field):
    auth = {"HTTP_AUTHORIZATION": f"Token {token_for(DirectorFactory())}"}
    response = client.post("/api/v1/webhooks/", payload, content_type="application/json", **auth)
    assert response.status_code == 400
    assert any(key.startswith(field) for key in response.json()["errors"]), response.json()

"""A confirmed game reaches a club site through Redis and a real Celery worker."""
from __future__ import annotations

import time

import pytest

from tests.webhook_receiver import Receiver
from tournaments.models import DeliveryStatus, EventStatus, WebhookDelivery
from tournaments.services import webhooks
from tournaments.services.events import entry_add, event_create, match_create
from tournaments.services.results import game_report

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_worker_delivers_the_signed_event_and_records_it(celery_worker):
    receiver = Receiver().start()
    try:
        event = event_create(name="Worker night", status=EventStatus.OPEN)
        ann, _ = entry_add(event=event, name="Ann")
        ben, _ = entry_add(event=event, name="Ben")
        match = match_create(event=event, entries=[ann, ben])
        hook = webhooks.webhook_create(url=receiver.url, event=event)
        # A director's report confirms at once; its transaction commits, then the task is queued.
        game_report(match=match, number=1, totals={ann.pk: 121, ben.pk: 60}, key="worker-1")

        assert receiver.arrived.wait(timeout=30), "the worker never POSTed the event"
        [post] = receiver.received
        assert post.headers["X-Pegboard-Signature"] == webhooks.signature(hook.secret, post.body)
        assert post.json["data"]["winner"] == ann.pk

        # The worker (another process, same database) records the delivery.
        deadline = time.monotonic() + 15
        delivery = WebhookDelivery.objects.get(webhook=hook)
        while delivery.status != DeliveryStatus.DELIVERED and time.monotonic() < deadline:
            time.sleep(0.2)
            delivery.refresh_from_db()
        assert delivery.status == DeliveryStatus.DELIVERED
        assert delivery.attempts == 1
    finally:
        receiver.stop()

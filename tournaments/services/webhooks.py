"""Webhooks: club sites register a URL and receive signed events as results land.

A transactional outbox. ``webhooks_emit`` writes one ``WebhookDelivery`` per
subscribed webhook in the same transaction as the change it reports, and queues
the Celery task only once that transaction commits. If the broker is down the
rows stay pending and ``webhooks_retry_pending`` (the ``deliver_webhooks``
command) queues them again later: nothing in the request path needs Redis or a
worker. Delivery is at least once; receivers de-duplicate on the
``X-Pegboard-Delivery`` header.

Each POST carries ``X-Pegboard-Signature: sha256=<hex>``, the HMAC-SHA256 of the
raw body with the webhook's secret, which the club site checks before trusting it.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import logging
import urllib.error
import urllib.request
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from tournaments.errors import EntryError
from tournaments.models import Club, DeliveryStatus, Event, Webhook, WebhookDelivery, WebhookTopic

logger = logging.getLogger(__name__)

TIMEOUT_SECONDS = 5
MAX_ATTEMPTS = 8
USER_AGENT = "Pegboard-Webhooks/1"


def signature(secret: str, body: bytes) -> str:
    """The value of ``X-Pegboard-Signature`` for ``body``."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


@transaction.atomic
def webhook_create(
    *, url: str, event: Event | None = None, club: Club | None = None, topics: Iterable[str] = (),
    user: Any = None,
) -> Webhook:
    parts = urlsplit(url or "")
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise EntryError("the webhook URL must be an http:// or https:// address", field="url")
    if event is None and club is None:
        raise EntryError("a webhook listens to one event or to every event of a club", field="event")
    topics = list(dict.fromkeys(topics))
    unknown = [topic for topic in topics if topic not in WebhookTopic.values]
    if unknown:
        raise EntryError(f"unknown topic {unknown[0]!r}: use {', '.join(WebhookTopic.values)}", field="topics")
    return Webhook.objects.create(url=url, event=event, club=club, topics=topics,
                                  created_by=user if getattr(user, "pk", None) else None)


def webhooks_emit(*, event: Event, topic: str, key: str, data: Mapping[str, Any]) -> list[WebhookDelivery]:
    """Record ``topic`` for every webhook that listens to ``event``; send after commit.

    Call it inside the transaction of the change it reports. ``key`` identifies the
    change (emitting it twice stores one delivery per webhook).
    """
    listening = [
        hook for hook in Webhook.objects.filter(
            Q(event_id=event.pk) | Q(club_id=event.club_id, event__isnull=True, club__isnull=False), active=True
        )
        if not hook.topics or topic in hook.topics
    ]
    if not listening:
        return []
    now = timezone.now()
    payload = {"topic": topic, "event": event.pk, "at": now.isoformat(), "data": dict(data)}
    WebhookDelivery.objects.bulk_create(
        [WebhookDelivery(webhook=hook, topic=topic, key=key, payload=payload) for hook in listening],
        ignore_conflicts=True,
    )
    created = list(WebhookDelivery.objects.filter(webhook__in=listening, key=key, status=DeliveryStatus.PENDING,
                                                  attempts=0))
    transaction.on_commit(lambda: _queue([delivery.pk for delivery in created]))
    return created


def _queue(delivery_ids: list[int]) -> None:
    from tournaments.tasks import deliver_webhook

    for delivery_id in delivery_ids:
        try:
            deliver_webhook.delay(delivery_id)
        except Exception:  # broker down: the row stays pending for webhooks_retry_pending
            logger.warning("webhook delivery %s not queued; it stays pending", delivery_id, exc_info=True)


@dataclass(frozen=True)
class DeliveryResult:
    status: str            # delivered | pending (try again) | failed (gave up) | skipped
    retry: bool = False


def webhook_deliver(*, delivery_id: int, final_attempt: bool = False) -> DeliveryResult:
    """POST one delivery. Idempotent: a delivered (or failed) row is not sent again.

    The HTTP call happens outside any transaction; the outcome is then recorded
    with the attempt count.
    """
    delivery = WebhookDelivery.objects.select_related("webhook").filter(pk=delivery_id).first()
    if delivery is None or delivery.status != DeliveryStatus.PENDING:
        return DeliveryResult("skipped")
    hook = delivery.webhook
    body = json.dumps({"id": delivery.pk, **delivery.payload}, separators=(",", ":")).encode()
    request = urllib.request.Request(hook.url, data=body, method="POST", headers={
        "Content-Type": "application/json", "User-Agent": USER_AGENT,
        "X-Pegboard-Topic": delivery.topic, "X-Pegboard-Delivery": str(delivery.pk),
        "X-Pegboard-Signature": signature(hook.secret, body),
    })
    status_code: int | None = None
    error = ""
    try:
        # The URL was checked to be http(s) when the webhook was registered.
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            status_code = response.status
    except urllib.error.HTTPError as exc:
        status_code, error = exc.code, f"HTTP {exc.code}"
    except (urllib.error.URLError, OSError, ValueError) as exc:
        error = f"{type(exc).__name__}: {exc}"[:500]
    ok = status_code is not None and 200 <= status_code < 300
    attempts = delivery.attempts + 1
    if ok:
        status = DeliveryStatus.DELIVERED
    elif final_attempt or attempts >= MAX_ATTEMPTS:
        status = DeliveryStatus.FAILED
    else:
        status = DeliveryStatus.PENDING
    WebhookDelivery.objects.filter(pk=delivery.pk, status=DeliveryStatus.PENDING).update(
        status=status, attempts=F("attempts") + 1, last_status=status_code, last_error=error,
        delivered_at=timezone.now() if ok else None,
    )
    return DeliveryResult(status, retry=status == DeliveryStatus.PENDING)


def webhooks_retry_pending(*, older_than: timedelta = timedelta(minutes=1)) -> int:
    """Queue again every pending delivery older than ``older_than`` (after a broker outage)."""
    cutoff = timezone.now() - older_than
    ids = list(WebhookDelivery.objects.filter(status=DeliveryStatus.PENDING, created_at__lt=cutoff)
               .values_list("id", flat=True))
    _queue(ids)
    return len(ids)

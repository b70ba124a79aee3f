"""Celery tasks of the tournaments app. They take ids, are queued on commit, are
idempotent, and retry with backoff."""
from __future__ import annotations

from celery import shared_task

from tournaments.services.webhooks import MAX_ATTEMPTS, webhook_deliver


@shared_task(bind=True, max_retries=MAX_ATTEMPTS - 1, acks_late=True)
def deliver_webhook(self, delivery_id: int) -> str:
    """POST one webhook delivery; on failure retry after 10 s, 20 s, 40 s ... (at most 1 h)."""
    # Run eagerly (no broker configured) there is one attempt; the pending row is
    # picked up again by the deliver_webhooks command.
    eager = bool(self.request.is_eager)
    final = eager or self.request.retries >= self.max_retries
    result = webhook_deliver(delivery_id=delivery_id, final_attempt=final and not eager)
    if result.retry and not eager:
        raise self.retry(countdown=min(10 * 2 ** self.request.retries, 3600))
    return result.status

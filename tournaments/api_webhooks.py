"""REST API for webhooks (mounted at /api/v1/webhooks/): directors only.

A club site registers a URL for one event or all of a club's events and gets the
secret once, on creation, to check the ``X-Pegboard-Signature`` of each POST.
"""
from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api import BaseView, DirectorOnly
from tournaments.errors import EntryError
from tournaments.models import Club, Event, Webhook, WebhookDelivery, WebhookTopic
from tournaments.services import webhooks


class WebhookIn(serializers.Serializer):
    url = serializers.URLField(max_length=500)
    event = serializers.IntegerField(required=False, allow_null=True)
    club = serializers.IntegerField(required=False, allow_null=True)
    topics = serializers.ListField(
        child=serializers.ChoiceField(choices=WebhookTopic.choices), required=False, default=list,
        help_text="Empty or absent: every topic.",
    )


class WebhookOut(serializers.ModelSerializer):
    class Meta:
        model = Webhook
        fields = ["id", "url", "event", "club", "topics", "active", "created_at"]


class WebhookCreatedOut(WebhookOut):
    class Meta(WebhookOut.Meta):
        fields = [*WebhookOut.Meta.fields, "secret"]


class DeliveryOut(serializers.ModelSerializer):
    class Meta:
        model = WebhookDelivery
        fields = ["id", "topic", "status", "attempts", "last_status", "last_error", "created_at", "delivered_at",
                  "payload"]


class WebhookListView(BaseView):
    permission_classes = [DirectorOnly]
    serializer_class = WebhookOut
    queryset = Webhook.objects.none()

    @extend_schema(responses=WebhookOut(many=True))
    def get(self, request: Request) -> Response:
        return Response(WebhookOut(Webhook.objects.order_by("id"), many=True).data)

    @extend_schema(request=WebhookIn, responses={201: WebhookCreatedOut})
    def post(self, request: Request) -> Response:
        data = self.valid(WebhookIn, request.data)
        event = _find(Event, data.get("event"), "event")
        club = _find(Club, data.get("club"), "club")
        hook = webhooks.webhook_create(url=data["url"], event=event, club=club, topics=data["topics"],
                                       user=request.user)
        return Response(WebhookCreatedOut(hook).data, status=status.HTTP_201_CREATED)


class WebhookDetailView(BaseView):
    permission_classes = [DirectorOnly]
    serializer_class = WebhookOut
    queryset = Webhook.objects.none()

    @extend_schema(responses={204: None})
    def delete(self, request: Request, webhook_id: int) -> Response:
        get_object_or_404(Webhook, pk=webhook_id).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class WebhookDeliveriesView(BaseView):
    permission_classes = [DirectorOnly]
    serializer_class = DeliveryOut
    queryset = WebhookDelivery.objects.none()

    @extend_schema(responses=DeliveryOut(many=True), description="The latest 100 deliveries, newest first.")
    def get(self, request: Request, webhook_id: int) -> Response:
        hook = get_object_or_404(Webhook, pk=webhook_id)
        return Response(DeliveryOut(hook.deliveries.order_by("-id")[:100], many=True).data)


def _find(model: type, pk: int | None, field: str) -> object | None:
    if pk is None:
        return None
    found = model.objects.filter(pk=pk).first()
    if found is None:
        raise EntryError(f"there is no {field} {pk}", field=field)
    return found

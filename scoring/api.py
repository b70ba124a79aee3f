"""Public REST endpoints of the scoring engine: ``POST /api/v1/scoring/show/`` and ``/play/``.

No login and no session: these are calculators. Bad input answers 400 naming the
field (config/api.py turns the engine's ``ScoringError`` into that answer).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer
from rest_framework.views import APIView

from scoring.play import answer_play_request
from scoring.serializers import (
    PlayRequestSerializer,
    PlayResponseSerializer,
    ShowRequestSerializer,
    ShowResponseSerializer,
)
from scoring.show import answer_show_request


class EngineView(APIView):
    """Type-check the request with ``request_serializer``, answer with ``answer``."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    request_serializer: type[Serializer]
    answer: Callable[[Mapping[str, Any]], dict[str, Any]]

    def post(self, request: Request) -> Response:
        serializer = self.request_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(type(self).answer(serializer.validated_data))


@extend_schema_view(post=extend_schema(
    request=ShowRequestSerializer, responses=ShowResponseSerializer,
    summary="Score a hand or crib with its starter; optionally check a claimed score",
))
class ShowView(EngineView):
    request_serializer = ShowRequestSerializer
    answer = staticmethod(answer_show_request)


@extend_schema_view(post=extend_schema(
    request=PlayRequestSerializer, responses=PlayResponseSerializer,
    summary="Validate a pegging sequence and score every card",
))
class PlayView(EngineView):
    request_serializer = PlayRequestSerializer
    answer = staticmethod(answer_play_request)

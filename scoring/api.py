"""Public REST endpoints of the scoring engine: ``POST /api/v1/scoring/show/`` and ``/play/``.

No login and no session: these are calculators. Bad input answers 400 naming the
field (config/api.py turns the engine's ``ScoringError`` into that answer).
"""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.play import answer_play_request
from scoring.serializers import (
    PlayRequestSerializer,
    PlayResponseSerializer,
    ShowRequestSerializer,
    ShowResponseSerializer,
)
from scoring.show import answer_show_request


class ShowView(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        request=ShowRequestSerializer, responses=ShowResponseSerializer,
        summary="Score a hand or crib with its starter; optionally check a claimed score",
    )
    def post(self, request: Request) -> Response:
        serializer = ShowRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(answer_show_request(serializer.validated_data))


class PlayView(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        request=PlayRequestSerializer, responses=PlayResponseSerializer,
        summary="Validate a pegging sequence and score every card",
    )
    def post(self, request: Request) -> Response:
        serializer = PlayRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(answer_play_request(serializer.validated_data))

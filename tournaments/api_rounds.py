"""REST API for running the formats: rounds of a stage, the cut, and playoff brackets.

Mounted with the rest of the API at /api/v1/ (``tournaments/urls_api.py``). Reads are
public once the event is open, except draft rounds (directors only: players see a
round once it is released); writes need a director's token. Each view calls one
service or selector.
"""
from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import selectors
from tournaments import serializers as s
from tournaments.api import BaseView
from tournaments.models import Entry, Round, Stage
from tournaments.services import brackets, rounds


def _round_body(round_: Round) -> dict[str, Any]:
    matches = selectors.round_matches(round=round_)
    return s.RoundOut(round_, context={"matches": matches}).data


def _bracket_body(stage: Stage) -> dict[str, Any]:
    matches = selectors.bracket_matches(stage=stage)
    names = None
    if not matches and stage.settings.get("seeds"):
        names = {entry.pk: entry.name for entry in Entry.objects.filter(pk__in=stage.settings["seeds"])
                 .select_related("player", "partner")}
    return s.bracket_data(stage, matches, selectors.bracket_champion(matches), names)


class StageRoundsView(BaseView):
    serializer_class = s.RoundSummaryOut
    queryset = Round.objects.none()

    @extend_schema(responses=s.RoundSummaryOut(many=True))
    def get(self, request: Request, stage_id: int) -> Response:
        stage = selectors.stage_by_id(stage_id=stage_id, user=request.user)
        return Response(s.RoundSummaryOut(selectors.round_list(stage=stage, user=request.user), many=True).data)

    @extend_schema(request=None, responses={201: s.RoundOut},
                   description="Generate the stage's next round as a draft (or draw the current draft again).")
    def post(self, request: Request, stage_id: int) -> Response:
        stage = selectors.stage_by_id(stage_id=stage_id, user=request.user)
        round_ = rounds.round_generate(stage=stage, user=request.user)
        return Response(_round_body(round_), status=status.HTTP_201_CREATED)


class RoundDetailView(BaseView):
    serializer_class = s.RoundOut

    @extend_schema(responses=s.RoundOut, description="The round with its matches by table (byes last).")
    def get(self, request: Request, round_id: int) -> Response:
        return Response(_round_body(selectors.round_get(round_id=round_id, user=request.user)))


class RoundReleaseView(BaseView):
    @extend_schema(request=None, responses=s.RoundOut)
    def post(self, request: Request, round_id: int) -> Response:
        round_ = rounds.round_release(round=selectors.round_get(round_id=round_id, user=request.user))
        return Response(_round_body(round_))


class RoundCloseView(BaseView):
    @extend_schema(request=None, responses=s.RoundOut)
    def post(self, request: Request, round_id: int) -> Response:
        round_ = rounds.round_close(round=selectors.round_get(round_id=round_id, user=request.user))
        return Response(_round_body(round_))


class RoundSwapView(BaseView):
    @extend_schema(request=s.SwapIn, responses=s.RoundOut)
    def post(self, request: Request, round_id: int) -> Response:
        data = self.valid(s.SwapIn, request.data)
        round_ = rounds.round_swap(round=selectors.round_get(round_id=round_id, user=request.user),
                                   entry=data["entry"], other=data["other"])
        return Response(_round_body(round_))


class EventCutView(BaseView):
    @extend_schema(request=s.CutIn, responses=s.CutOut)
    def post(self, request: Request, event_id: int) -> Response:
        data = self.valid(s.CutIn, request.data)
        playoffs = brackets.event_cut(event=self.event(event_id), qualifiers=data["qualifiers"],
                                      tie_order=data["tie_order"])
        consolation = Stage.objects.filter(event_id=playoffs.event_id, order=playoffs.order + 1,
                                           settings__consolation=True).first()
        seeds = playoffs.settings["seeds"]
        names = {entry.pk: entry.name for entry in Entry.objects.filter(pk__in=seeds).select_related("player",
                                                                                                     "partner")}
        return Response({
            "qualifiers": [{"seed": number, "entry": entry, "name": names[entry]}
                           for number, entry in enumerate(seeds, start=1)],
            "playoffs": s.StageOut(playoffs, context={"director": True}).data,
            "consolation": (s.StageOut(consolation, context={"director": True}).data
                            if consolation is not None else None),
        })


class StagePlayoffsView(BaseView):
    @extend_schema(request=None, responses={201: s.BracketOut},
                   description="Start a bracket stage: store its bracket from the seeds the cut gave it.")
    def post(self, request: Request, stage_id: int) -> Response:
        stage = brackets.bracket_create(stage=selectors.stage_by_id(stage_id=stage_id, user=request.user),
                                        user=request.user)
        return Response(_bracket_body(stage), status=status.HTTP_201_CREATED)


class StageBracketView(BaseView):
    serializer_class = s.BracketOut

    @extend_schema(responses=s.BracketOut)
    def get(self, request: Request, stage_id: int) -> Response:
        return Response(_bracket_body(selectors.stage_by_id(stage_id=stage_id, user=request.user)))


class StageScheduleView(BaseView):
    @extend_schema(
        responses=s.ScheduleOut,
        description="A round robin's whole schedule up front (tables, sides, flags), to print or publish.",
    )
    def get(self, request: Request, stage_id: int) -> Response:
        stage = selectors.stage_by_id(stage_id=stage_id, user=request.user)
        return Response(selectors.schedule_data(stage=stage))

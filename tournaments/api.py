"""REST API for events, entries, matches, reports and standings (mounted at /api/v1/).

Each view checks the input's shape, calls one service or selector, and draws the
answer. Reads of an event are public once it is open; writes need a director
(staff, or the "directors" group) authenticated by a DRF token.
"""
from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import selectors
from tournaments import serializers as s
from tournaments.errors import EntryError, NotFound, RulesError
from tournaments.models import (
    Channel,
    Entry,
    Event,
    EventKind,
    EventStatus,
    GameChange,
    Match,
    Player,
    Report,
    Round,
    RuleSet,
    Stage,
)
from tournaments.rules import PRESETS, RULE_FIELDS
from tournaments.services import claims, events, results


class IsDirectorOrReadOnly(BasePermission):
    message = "only a tournament director can change this"

    def has_permission(self, request: Request, view: APIView) -> bool:
        return request.method in SAFE_METHODS or selectors.user_is_director(request.user)


class DirectorOnly(BasePermission):
    message = "only a tournament director can see this"

    def has_permission(self, request: Request, view: APIView) -> bool:
        return selectors.user_is_director(request.user)


class BaseView(GenericAPIView):
    permission_classes = [IsDirectorOrReadOnly]

    def valid(self, serializer_class: type, data: Any) -> dict[str, Any]:
        serializer = serializer_class(data=data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def event(self, event_id: Any) -> Event:
        return selectors.event_get(event_id=event_id, user=self.request.user)

    @property
    def is_director(self) -> bool:
        return selectors.user_is_director(self.request.user)


def client_ip(request: Request) -> str | None:
    return request.META.get("REMOTE_ADDR") or None


def _entry_in(event: Event, entry_id: int | None, field: str) -> Entry | None:
    if entry_id is None:
        return None
    entry = Entry.objects.filter(event=event, pk=entry_id).select_related("player", "partner", "event").first()
    if entry is None:
        raise EntryError(f"entry {entry_id} is not in {event.name}", field=field)
    return entry


class EventListView(BaseView):
    serializer_class = s.EventOut

    def get_queryset(self):
        params = self.request.query_params
        return selectors.event_list(user=self.request.user, status=params.get("status"), kind=params.get("kind"))

    @extend_schema(
        parameters=[OpenApiParameter("status", str, enum=EventStatus.values),
                    OpenApiParameter("kind", str, enum=EventKind.values)],
        responses=s.EventOut(many=True),
    )
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(s.EventOut(page, many=True).data)

    @extend_schema(request=s.EventCreateIn, responses={201: s.EventOut})
    def post(self, request: Request) -> Response:
        data = self.valid(s.EventCreateIn, request.data)
        rules: str | RuleSet = data["rules"]
        if _is_id(rules):
            rules = _ruleset_source(rules)
        event = events.event_create(
            name=data["name"], rules=rules, kind=data["kind"], status=data["status"], partners=data["partners"],
            starts_on=data["starts_on"], venue=data["venue"], created_by=request.user,
        )
        return Response(s.EventOut(event).data, status=status.HTTP_201_CREATED)


def _is_id(text: str) -> bool:
    # ASCII only: "²".isdigit() is true, and int("²") fails.
    return text.isascii() and text.isdigit()


def _ruleset_source(source: str) -> RuleSet:
    """A preset key (its shared row) or a stored rule set's id."""
    if _is_id(source):
        ruleset = RuleSet.objects.filter(pk=int(source)).first()
        if ruleset is None:
            raise EntryError(f"there is no rule set {source}", field="rules")
        return ruleset
    return events.ruleset_for_preset(preset=source)


class RuleSetListView(BaseView):
    serializer_class = s.RuleSetOut
    queryset = RuleSet.objects.none()

    @extend_schema(responses=s.RuleSetOut(many=True))
    def get(self, request: Request) -> Response:
        # A read writes nothing: a preset no event has used yet has no row, so it is
        # listed as an unsaved one (id null) with the preset's values.
        stored = list(RuleSet.objects.order_by("-builtin", "id"))
        used = {ruleset.preset for ruleset in stored if ruleset.builtin}
        unsaved = [
            RuleSet(name=rules.label, preset=key, values=rules.as_values(), builtin=True)
            for key, rules in PRESETS.items() if key not in used
        ]
        builtin = [ruleset for ruleset in stored if ruleset.builtin]
        own = [ruleset for ruleset in stored if not ruleset.builtin]
        page = self.paginate_queryset([*builtin, *unsaved, *own])
        return self.get_paginated_response(s.RuleSetOut(page, many=True).data)

    @extend_schema(request=s.RuleSetIn, responses={201: s.RuleSetOut})
    def post(self, request: Request) -> Response:
        data = self.valid(s.RuleSetIn, request.data)
        try:
            ruleset = events.ruleset_copy(source=_ruleset_source(data["source"]), name=data["name"],
                                          changes=data["values"])
        except RulesError as error:
            if error.field in RULE_FIELDS or error.field in data["values"]:
                # The value came in (or clashes with one that came in) under "values".
                raise RulesError(error.message, field=f"values.{error.field}") from None
            raise
        return Response(s.RuleSetOut(ruleset).data, status=status.HTTP_201_CREATED)


class EventDetailView(BaseView):
    serializer_class = s.EventOut

    def get(self, request: Request, event_id: int) -> Response:
        return Response(s.EventOut(self.event(event_id)).data)


class EventStatusView(BaseView):
    @extend_schema(request=s.EventStatusIn, responses=s.EventOut)
    def post(self, request: Request, event_id: int) -> Response:
        data = self.valid(s.EventStatusIn, request.data)
        event = events.event_transition(event=self.event(event_id), to=data["status"])
        return Response(s.EventOut(event).data)


class EventEntriesView(BaseView):
    serializer_class = s.EntryOut
    queryset = Entry.objects.none()

    @extend_schema(responses=s.EntryOut(many=True))
    def get(self, request: Request, event_id: int) -> Response:
        page = self.paginate_queryset(selectors.entry_list(event=self.event(event_id)))
        context = {"director": self.is_director}
        return self.get_paginated_response(s.EntryOut(page, many=True, context=context).data)

    @extend_schema(request=s.EntryIn, responses={201: s.EntryOut, 200: s.EntryOut})
    def post(self, request: Request, event_id: int) -> Response:
        data = self.valid(s.EntryIn, request.data)
        event = self.event(event_id)
        player = None
        if data["player"] is not None:
            player = Player.objects.filter(pk=data["player"]).first()
            if player is None:
                raise EntryError(f"there is no player {data['player']}", field="player")
        entry, created = events.entry_add(
            event=event, name=data["name"], player=player, membership_number=data["membership_number"],
            partner_name=data["partner"], seed=data["seed"],
        )
        body = s.EntryOut(entry, context={"director": True}).data
        return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class EntryStatusView(BaseView):
    @extend_schema(request=s.EntryStatusIn, responses=s.EntryOut)
    def post(self, request: Request, entry_id: int) -> Response:
        data = self.valid(s.EntryStatusIn, request.data)
        entry = Entry.objects.select_related("event", "player", "partner").filter(pk=entry_id).first()
        if entry is None:
            raise NotFound(f"there is no entry {entry_id}", field="entry")
        if data["status"] == "checked_in":
            entry = events.entry_check_in(entry=entry)
        else:
            entry = events.entry_withdraw(entry=entry)
        return Response(s.EntryOut(entry, context={"director": True}).data)


class EventStagesView(BaseView):
    serializer_class = s.StageOut
    queryset = Stage.objects.none()

    @extend_schema(responses=s.StageOut(many=True))
    def get(self, request: Request, event_id: int) -> Response:
        stages = Stage.objects.filter(event=self.event(event_id)).order_by("order")
        # A draw's seed and a round robin's order are the director's until the rounds are out.
        return Response(s.StageOut(stages, many=True, context={"director": self.is_director}).data)

    @extend_schema(request=s.StageIn, responses={201: s.StageOut})
    def post(self, request: Request, event_id: int) -> Response:
        data = self.valid(s.StageIn, request.data)
        stage = events.stage_create(event=self.event(event_id), name=data["name"], kind=data["kind"],
                                    settings=data["settings"])
        return Response(s.StageOut(stage, context={"director": True}).data, status=status.HTTP_201_CREATED)


class EventMatchesView(BaseView):
    serializer_class = s.MatchOut
    queryset = Match.objects.none()

    @extend_schema(responses=s.MatchOut(many=True))
    def get(self, request: Request, event_id: int) -> Response:
        page = self.paginate_queryset(selectors.match_list(event=self.event(event_id), user=request.user))
        return self.get_paginated_response(s.MatchOut(page, many=True).data)

    @extend_schema(request=s.MatchIn, responses={201: s.MatchOut})
    def post(self, request: Request, event_id: int) -> Response:
        data = self.valid(s.MatchIn, request.data)
        event = self.event(event_id)
        found = {
            entry.pk: entry
            for entry in Entry.objects.filter(event=event, pk__in=[i for i in data["entries"] if i is not None])
            .select_related("player", "partner")
        }
        missing = [i for i in data["entries"] if i is not None and i not in found]
        if missing:
            raise EntryError(f"entry {missing[0]} is not in {event.name}", field="entries")
        stage = selectors.stage_get(event=event, stage_id=data["stage"]) if data["stage"] is not None else None
        round_ = None
        if data["round"] is not None:
            round_ = Round.objects.filter(pk=data["round"], stage__event=event).first()
            if round_ is None:
                raise EntryError(f"there is no round {data['round']} in {event.name}", field="round")
        match = events.match_create(
            event=event, entries=[found.get(i) if i is not None else None for i in data["entries"]],
            format=data["format"], n=data["n"], stage=stage, round=round_, table=data["table"], bye=data["bye"],
            user=request.user,
        )
        match = selectors.match_get(match_id=match.pk, user=request.user)
        return Response(s.MatchOut(match).data, status=status.HTTP_201_CREATED)


class EventStandingsView(BaseView):
    serializer_class = s.StandingsOut

    @extend_schema(
        parameters=[OpenApiParameter("stage", int, description="Standings of one stage (default: the event)")],
        responses=s.StandingsOut,
    )
    def get(self, request: Request, event_id: int) -> Response:
        event = self.event(event_id)
        stage_id = request.query_params.get("stage")
        stage = selectors.stage_get(event=event, stage_id=stage_id) if stage_id else None
        rows = selectors.event_standings(event=event, stage=stage)
        return Response({
            "event": event.pk, "stage": stage.pk if stage else None, "rules": event.rules.preset,
            "tie_breakers": list(event.rules.to_rules().tie_breakers), "rows": rows,
        })


class EventHandClaimsView(BaseView):
    serializer_class = s.HandClaimOut

    @extend_schema(request=s.HandClaimIn, responses={201: s.HandClaimOut})
    def post(self, request: Request, event_id: int) -> Response:
        data = self.valid(s.HandClaimIn, request.data)
        event = self.event(event_id)
        game = None
        if data["game"] is not None:
            game = selectors.game_get(game_id=data["game"])
        claim = claims.hand_claim_record(
            event=event, hand=data["hand"], starter=data["starter"], crib=data["crib"], claimed=data["claimed"],
            game=game, entry=_entry_in(event, data["entry"], "entry"), purpose=data["purpose"], user=request.user,
        )
        return Response(s.HandClaimOut(claim).data, status=status.HTTP_201_CREATED)


class MatchDetailView(BaseView):
    serializer_class = s.MatchOut

    def get(self, request: Request, match_id: int) -> Response:
        return Response(s.MatchOut(selectors.match_get(match_id=match_id, user=request.user)).data)


class MatchReportsView(BaseView):
    serializer_class = s.ReportOut
    queryset = Report.objects.none()

    def get_permissions(self):
        # Reports carry IP addresses: directors only, reading or writing.
        return [DirectorOnly()]

    @extend_schema(responses=s.ReportOut(many=True))
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get(match_id=match_id, user=request.user)
        reports = Report.objects.filter(match=match).select_related("game__match").order_by("id")
        page = self.paginate_queryset(reports)
        return self.get_paginated_response(s.ReportOut(page, many=True).data)

    @extend_schema(request=s.ReportIn, responses={201: s.ReportOut})
    def post(self, request: Request, match_id: int) -> Response:
        data = self.valid(s.ReportIn, request.data)
        match = selectors.match_get(match_id=match_id, user=request.user)
        report = results.game_report(
            match=match.pk, number=data["game"], totals=data["totals"], key=data["key"],
            reporter=data["reporter"], runner_up=data["runner_up"], channel=Channel.API, user=request.user,
            ip=client_ip(request),
        )
        response = Response(s.ReportOut(report).data, status=status.HTTP_201_CREATED)
        # A retry answers exactly as the first time; the header tells a client it was one.
        response["Idempotent-Replayed"] = "true" if getattr(report, "replayed", False) else "false"
        return response


class MatchForfeitView(BaseView):
    @extend_schema(request=s.ForfeitIn, responses=s.MatchOut)
    def post(self, request: Request, match_id: int) -> Response:
        data = self.valid(s.ForfeitIn, request.data)
        match = selectors.match_get(match_id=match_id, user=request.user)
        results.match_forfeit(match=match.pk, forfeiting=data["entry"], user=request.user, reason=data["reason"])
        return Response(s.MatchOut(selectors.match_get(match_id=match.pk, user=request.user)).data)


class GameView(BaseView):
    def game(self, game_id: int):
        game = selectors.game_get(game_id=game_id)
        if not game.match.event.is_public and not self.is_director:
            raise NotFound(f"there is no game {game_id}", field="game")
        return game


class GameConfirmView(GameView):
    @extend_schema(request=s.ConfirmIn, responses=s.GameOut)
    def post(self, request: Request, game_id: int) -> Response:
        data = self.valid(s.ConfirmIn, request.data)
        game = results.game_confirm(game=self.game(game_id).pk, entry=data["entry"], user=request.user)
        return Response(s.GameOut(game).data)


class GameResolveView(GameView):
    @extend_schema(request=s.ResolveIn, responses=s.GameOut)
    def post(self, request: Request, game_id: int) -> Response:
        data = self.valid(s.ResolveIn, request.data)
        game = results.game_resolve(
            game=self.game(game_id).pk, totals=data["totals"], reason=data["reason"], runner_up=data["runner_up"],
            user=request.user, channel=Channel.API, confirm_reset=data["confirm_reset"],
        )
        return Response(s.GameOut(game).data)


class GameHistoryView(GameView):
    serializer_class = s.GameChangeOut
    queryset = GameChange.objects.none()
    def get_permissions(self):
        return [DirectorOnly()]

    @extend_schema(responses=s.GameChangeOut(many=True))
    def get(self, request: Request, game_id: int) -> Response:
        changes = selectors.game_history(game=self.game(game_id))
        return Response(s.GameChangeOut(changes, many=True).data)

"""API shapes: input serializers check types, output serializers draw the JSON.

Domain checks (a total above the target, a game after the match is decided...) stay in
the services, which raise errors the API turns into 400/409 naming the field.
"""
from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments import rules as rules_engine
from tournaments.errors import RulesError
from tournaments.models import (
    Entry,
    Event,
    EventKind,
    EventStatus,
    Game,
    GameChange,
    HandClaim,
    Match,
    MatchFormat,
    Report,
    RuleSet,
    Stage,
    StageKind,
)

# -- input ----------------------------------------------------------------------------

# Upper bounds on numbers that reach an integer column or a lookup, so a huge number is a
# 400 naming the field rather than a database overflow (a 500 on PostgreSQL).
ID_MAX = 2**63 - 1        # BigAutoField
SEED_MAX = 100_000
TABLE_MAX = 10_000
# Above any match's most games (first to 99 between three sides is 295), far below the column's limit.
GAME_NUMBER_MAX = 999
HAND_MAX = 29             # no cribbage hand scores more


def id_field(**kwargs: Any) -> serializers.IntegerField:
    return serializers.IntegerField(max_value=ID_MAX, **kwargs)



class EventCreateIn(serializers.Serializer):
    name = serializers.CharField(max_length=160)
    rules = serializers.CharField(
        required=False, default=rules_engine.DEFAULT_PRESET, max_length=120,
        help_text=f"A preset key ({', '.join(rules_engine.PRESETS)}) or the id of a stored rule set.",
    )
    kind = serializers.ChoiceField(choices=EventKind.choices, required=False, default=EventKind.TOURNAMENT)
    status = serializers.ChoiceField(
        choices=[EventStatus.DRAFT, EventStatus.OPEN], required=False, default=EventStatus.OPEN,
        help_text="open (default: public at once) or draft (directors only until opened).",
    )
    partners = serializers.BooleanField(required=False, default=False)
    starts_on = serializers.DateField(required=False, allow_null=True, default=None)
    venue = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)


class EventStatusIn(serializers.Serializer):
    status = serializers.ChoiceField(choices=EventStatus.choices)


class EntryIn(serializers.Serializer):
    name = serializers.CharField(required=False, allow_blank=True, default="", max_length=120)
    player = id_field(required=False, allow_null=True, default=None)
    membership_number = serializers.CharField(required=False, allow_blank=True, default="", max_length=32)
    partner = serializers.CharField(required=False, allow_blank=True, default="", max_length=120)
    seed = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1, max_value=SEED_MAX)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs["name"].strip() and attrs["player"] is None and not attrs["membership_number"].strip():
            raise serializers.ValidationError({"name": ["the player's name is required"]})
        return attrs


class MatchIn(serializers.Serializer):
    entries = serializers.ListField(child=id_field(allow_null=True), min_length=1, max_length=3)
    games = serializers.IntegerField(required=False, min_value=1, max_value=99)
    best_of = serializers.IntegerField(required=False, min_value=1, max_value=99)
    first_to = serializers.IntegerField(required=False, min_value=1, max_value=99)
    table = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1, max_value=TABLE_MAX)
    stage = id_field(required=False, allow_null=True, default=None)
    round = id_field(required=False, allow_null=True, default=None)
    bye = serializers.BooleanField(required=False, default=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        given = [name for name in MatchFormat.values if attrs.get(name) is not None]
        if len(given) > 1:
            raise serializers.ValidationError(
                {given[1]: [f"give one of games, best_of or first_to, not {' and '.join(given)}"]}
            )
        attrs["format"] = given[0] if given else MatchFormat.GAMES
        attrs["n"] = attrs.get(attrs["format"]) or 1
        return attrs


class ReportIn(serializers.Serializer):
    game = serializers.IntegerField(max_value=GAME_NUMBER_MAX,
                                    help_text="The game's number in the match (1, 2, 3...).")
    reporter = id_field(
        required=False, allow_null=True, default=None,
        help_text="The entry id of the side reporting; leave out when the director enters the result.",
    )
    totals = serializers.DictField(help_text='Each side\'s final peg total: {"<entry id>": 121, ...}')
    key = serializers.CharField(max_length=64, help_text="Idempotency key: a retry with it is the same report.")
    runner_up = id_field(required=False, allow_null=True, default=None)


class ConfirmIn(serializers.Serializer):
    entry = id_field(required=False, allow_null=True, default=None)


class ResolveIn(serializers.Serializer):
    totals = serializers.DictField()
    reason = serializers.CharField()
    runner_up = id_field(required=False, allow_null=True, default=None)
    confirm_reset = serializers.BooleanField(
        required=False, default=False,
        help_text="A bracket correction that changes a winner resets the later matches that followed "
                  "from it; without this it is refused (409) with the list of those matches.",
    )


class ForfeitIn(serializers.Serializer):
    entry = id_field(help_text="The entry that forfeits (does not show).")
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class HandClaimIn(serializers.Serializer):
    hand = serializers.ListField(child=serializers.CharField(), help_text='e.g. ["5H", "5D", "5S", "JC"]')
    starter = serializers.CharField()
    crib = serializers.BooleanField(required=False, default=False)
    # JSON, not IntegerField: "12" is refused by the engine rather than read as 12.
    claimed = serializers.JSONField(help_text=f"The points claimed, 0 to {HAND_MAX}.")
    game = id_field(required=False, allow_null=True, default=None)
    entry = id_field(required=False, allow_null=True, default=None)
    purpose = serializers.CharField(required=False, default="check")

    def validate_claimed(self, claimed: Any) -> Any:
        # A whole number out of range stops here (the stored columns are small integers);
        # anything that is no whole number goes on to the engine, which says so.
        if isinstance(claimed, int) and not isinstance(claimed, bool) and not 0 <= claimed <= HAND_MAX:
            raise serializers.ValidationError(
                f"a hand scores 0 to {HAND_MAX} points: a claim of {claimed} cannot be right"
            )
        return claimed


class RuleSetIn(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    source = serializers.CharField(
        required=False, default=rules_engine.DEFAULT_PRESET, max_length=120,
        help_text="The preset key or rule set id to copy.",
    )
    values = serializers.DictField(required=False, default=dict, help_text="The values to change.")


class EntryStatusIn(serializers.Serializer):
    status = serializers.ChoiceField(choices=["checked_in", "withdrawn"])


class StageIn(serializers.Serializer):
    name = serializers.CharField(max_length=80)
    kind = serializers.ChoiceField(choices=StageKind.choices, required=False, default=StageKind.MANUAL)
    settings = serializers.DictField(required=False, default=dict)


# -- output ---------------------------------------------------------------------------


def ruleset_values(ruleset: RuleSet) -> dict[str, Any]:
    """The rule set's values, checked; a row stored before the checks as it was stored.

    One bad row must not stop every list that shows it; the standings of its event
    still refuse it with the reason (RulesError, a 400 naming the value).
    """
    try:
        return ruleset.to_rules().as_values()
    except RulesError:
        return dict(ruleset.values) if isinstance(ruleset.values, dict) else {}


class RuleSetOut(serializers.ModelSerializer):
    id = serializers.IntegerField(
        read_only=True, allow_null=True,
        help_text="null for a preset no event uses yet: name it by its preset key.",
    )
    values = serializers.SerializerMethodField()

    class Meta:
        model = RuleSet
        fields = ["id", "name", "preset", "builtin", "values"]

    def get_values(self, ruleset: RuleSet) -> dict[str, Any]:
        return ruleset_values(ruleset)


# The stage settings anyone may read. The rest stay with the directors: a random draw's
# "seed" lets anyone compute a round before it is released, and a round robin's "order"
# is the draw itself. "seeds" is the qualifying order a bracket is built from.
PUBLIC_STAGE_SETTINGS = frozenset({
    "rounds", "games_per_opponent", "avoid_same_club", "best_of", "final_best_of", "third_place",
    "grand_final_reset", "consolation", "qualifiers", "seeds",
})


class StageOut(serializers.ModelSerializer):
    """A stage; its settings in full only with ``context={"director": True}``."""

    class Meta:
        model = Stage
        fields = ["id", "event", "order", "kind", "name", "settings", "status"]

    def to_representation(self, stage: Stage) -> dict[str, Any]:
        data = super().to_representation(stage)
        if not self.context.get("director"):
            settings = data.get("settings") if isinstance(data.get("settings"), dict) else {}
            data["settings"] = {key: value for key, value in settings.items() if key in PUBLIC_STAGE_SETTINGS}
        return data


class EventOut(serializers.ModelSerializer):
    rules = serializers.CharField(source="rules.preset")
    ruleset = serializers.SerializerMethodField()

    class Meta:
        model = Event
        fields = ["id", "name", "kind", "status", "rules", "ruleset", "partners", "starts_on", "venue",
                  "created_at"]

    def get_ruleset(self, event: Event) -> dict[str, Any]:
        return {"id": event.rules_id, "name": event.rules.name, "values": ruleset_values(event.rules)}


class EntryOut(serializers.ModelSerializer):
    name = serializers.CharField(read_only=True)
    player = serializers.SerializerMethodField()
    partner = serializers.SerializerMethodField()

    class Meta:
        model = Entry
        fields = ["id", "event", "name", "player", "partner", "status", "seed"]

    def get_player(self, entry: Entry) -> dict[str, Any]:
        player = {"id": entry.player_id, "name": entry.player.name}
        if self.context.get("director"):
            # A membership number is personal: directors only.
            player["membership_number"] = entry.player.membership_number
        return player

    def get_partner(self, entry: Entry) -> dict[str, Any] | None:
        if entry.partner_id is None:
            return None
        return {"id": entry.partner_id, "name": entry.partner.name}

    def to_representation(self, entry: Entry) -> dict[str, Any]:
        data = super().to_representation(entry)
        if self.context.get("director"):
            # The personal link's secret is for the director to hand to the player.
            data["token"] = entry.token
        return data


def game_data(game: Game) -> dict[str, Any]:
    totals = {str(entry): total for entry, total in game.totals_by_entry().items()}
    return {
        "id": game.pk, "number": game.number, "state": game.state, "outcome": game.outcome,
        "totals": totals, "winner": game.winner_id, "runner_up": game.runner_up_id,
        "first_dealer": game.first_dealer_id,
    }


class MatchOut(serializers.ModelSerializer):
    entries = serializers.SerializerMethodField()
    sides = serializers.SerializerMethodField()
    games = serializers.SerializerMethodField()

    class Meta:
        model = Match
        fields = ["id", "event", "stage", "round", "table", "entries", "sides", "is_bye", "format", "format_n",
                  "status", "winner", "games", "bracket", "bracket_round", "bracket_slot"]

    def get_entries(self, match: Match) -> list[int | None]:
        return [side.pk if side else None for side in match.sides_or_tbd()]

    def get_sides(self, match: Match) -> list[dict[str, Any] | None]:
        return [{"entry": side.pk, "name": side.name} if side else None for side in match.sides_or_tbd()]

    def get_games(self, match: Match) -> list[dict[str, Any]]:
        return [game_data(game) for game in match.games.all()]

    def to_representation(self, match: Match) -> dict[str, Any]:
        data = super().to_representation(match)
        if match.format != MatchFormat.GAMES:  # echo "best_of": 3 / "first_to": 5 ("games" lists the games)
            data[match.format] = match.format_n
        return data


class ReportOut(serializers.ModelSerializer):
    game = serializers.SerializerMethodField()
    match = serializers.SerializerMethodField()

    class Meta:
        model = Report
        fields = ["id", "key", "version", "reporter", "channel", "totals", "superseded", "created_at", "game",
                  "match"]

    def get_game(self, report: Report) -> dict[str, Any]:
        return game_data(report.game)

    def get_match(self, report: Report) -> dict[str, Any]:
        match = report.game.match
        return {"id": match.pk, "status": match.status, "winner": match.winner_id}


class GameOut(serializers.ModelSerializer):
    class Meta:
        model = Game
        fields = ["id"]

    def to_representation(self, game: Game) -> dict[str, Any]:
        data = game_data(game)
        match = game.match
        data["match"] = {"id": match.pk, "status": match.status, "winner": match.winner_id}
        return data


class GameChangeOut(serializers.ModelSerializer):
    actor = serializers.CharField(source="actor.username", default=None)

    class Meta:
        model = GameChange
        fields = ["id", "action", "actor", "actor_entry", "channel", "report", "reason", "before", "after",
                  "created_at"]


class HandClaimOut(serializers.ModelSerializer):
    class Meta:
        model = HandClaim
        fields = ["id", "event", "game", "entry", "purpose", "hand", "starter", "crib", "claimed", "score",
                  "verdict", "difference", "breakdown", "created_at"]


class StandingRowOut(serializers.Serializer):
    rank = serializers.IntegerField()
    entry = serializers.IntegerField()
    name = serializers.CharField()
    games_played = serializers.IntegerField()
    won = serializers.IntegerField()
    lost = serializers.IntegerField()
    game_points = serializers.IntegerField()
    spread = serializers.IntegerField()
    plus_points = serializers.IntegerField()
    skunks_given = serializers.IntegerField()
    skunks_taken = serializers.IntegerField()
    double_skunks_given = serializers.IntegerField()
    double_skunks_taken = serializers.IntegerField()
    tie = serializers.BooleanField(help_text="Shares its rank after every tie-breaker: a playoff is needed.")


class StandingsOut(serializers.Serializer):
    event = serializers.IntegerField()
    stage = serializers.IntegerField(allow_null=True)
    rules = serializers.CharField()
    tie_breakers = serializers.ListField(child=serializers.CharField())
    rows = StandingRowOut(many=True)


# -- rounds and brackets ------------------------------------------------------------------


class SwapIn(serializers.Serializer):
    entry = id_field(help_text="An entry in the draft round.")
    other = id_field(help_text="The entry it changes seats with.")


class CutIn(serializers.Serializer):
    qualifiers = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=2, max_value=SEED_MAX,
        help_text="How many qualify (default: ACC rule 13, one in four rounded up).",
    )
    tie_order = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=ID_MAX), required=False, default=list,
        max_length=1000,
        help_text="When the cut line splits players level on every tie-breaker: the playoff's result, "
                  "their entry ids best first.",
    )


class RoundMatchOut(MatchOut):
    flags = serializers.SerializerMethodField()

    class Meta(MatchOut.Meta):
        fields = [*MatchOut.Meta.fields, "flags"]

    def get_flags(self, match: Match) -> list[str]:
        return list(match.flags.get("pairing", []))


class RoundSummaryOut(serializers.Serializer):
    id = serializers.IntegerField()
    stage = serializers.IntegerField(source="stage_id")
    number = serializers.IntegerField()
    status = serializers.CharField(help_text="draft (directors only), released or closed")
    released_at = serializers.DateTimeField(allow_null=True)


class RoundOut(RoundSummaryOut):
    matches = serializers.SerializerMethodField()

    def get_matches(self, round_: Any) -> list[dict[str, Any]]:
        return RoundMatchOut(self.context["matches"], many=True).data


class SeedOut(serializers.Serializer):
    seed = serializers.IntegerField()
    entry = serializers.IntegerField()
    name = serializers.CharField()


class CutOut(serializers.Serializer):
    qualifiers = SeedOut(many=True)
    playoffs = StageOut()
    consolation = StageOut(allow_null=True)


class BracketOut(serializers.Serializer):
    stage = serializers.DictField(help_text="id, name, kind, status")
    size = serializers.IntegerField(help_text="The bracket size: the next power of two.")
    seeds = SeedOut(many=True)
    champion = serializers.DictField(allow_null=True, help_text="entry and name, once decided")
    brackets = serializers.ListField(
        child=serializers.DictField(),
        help_text="Each bracket (winners, losers, final, third, consolation) with its rounds and matches. "
                  'A side is {"status": "known", "entry", "name", "seed", "wins"}, {"status": "tbd"} '
                  'while it waits for an earlier match, or {"status": "bye"}.',
    )


def bracket_side(match: Match, letter: str) -> dict[str, Any]:
    """One side of a bracket match: known, still to be decided (TBD), or a bye."""
    entry = getattr(match, f"side_{letter}")
    if entry is not None:
        wins = sum(1 for game in match.games.all() if game.state == "confirmed" and game.winner_id == entry.pk)
        return {"status": "known", "entry": entry.pk, "name": entry.name, "seed": getattr(match, f"seed_{letter}"),
                "wins": wins}
    if match.is_bye and letter == "b":
        return {"status": "bye"}
    return {"status": "tbd"}


def bracket_data(
    stage: Stage, matches: list[Match], champion: Entry | None, names: dict[int, str] | None = None,
) -> dict[str, Any]:
    """The bracket JSON: brackets in playing order, each with its rounds and matches."""
    names = dict(names or {})
    names.update(
        {side.pk: side.name for match in matches for side in (match.side_a, match.side_b) if side is not None}
    )
    seeds = list(stage.settings.get("seeds") or [])
    size = 1 << max(len(seeds) - 1, 0).bit_length() if seeds else 0
    order = ["winners", "consolation", "losers", "third", "final"]
    grouped: dict[str, dict[int, list[dict[str, Any]]]] = {}
    for match in sorted(matches, key=lambda m: (order.index(m.bracket) if m.bracket in order else 9,
                                                m.bracket_round or 0, m.bracket_slot or 0)):
        grouped.setdefault(match.bracket, {}).setdefault(match.bracket_round or 0, []).append({
            "id": match.pk, "round": match.bracket_round, "slot": match.bracket_slot, "best_of": match.format_n,
            "status": match.status, "is_bye": match.is_bye, "table": match.table,
            "flags": list(match.flags.get("bracket", [])),
            "side_a": bracket_side(match, "a"), "side_b": bracket_side(match, "b"), "winner": match.winner_id,
            "winner_to": {"match": match.winner_to_id, "side": match.winner_to_side} if match.winner_to_id else None,
            "loser_to": {"match": match.loser_to_id, "side": match.loser_to_side} if match.loser_to_id else None,
        })
    return {
        "stage": {"id": stage.pk, "name": stage.name, "kind": stage.kind, "status": stage.status},
        "size": size,
        "seeds": [{"seed": number, "entry": entry, "name": names.get(entry, "")}
                  for number, entry in enumerate(seeds, start=1)],
        "champion": {"entry": champion.pk, "name": champion.name} if champion is not None else None,
        "brackets": [
            {"name": name, "rounds": [{"round": number, "matches": rows} for number, rows in by_round.items()]}
            for name, by_round in grouped.items()
        ],
    }


class ScheduleSideOut(serializers.Serializer):
    entry = serializers.IntegerField()
    name = serializers.CharField()


class SchedulePairingOut(serializers.Serializer):
    table = serializers.IntegerField(allow_null=True)
    a = ScheduleSideOut()
    b = ScheduleSideOut(allow_null=True, help_text="null: a bye")
    games = serializers.IntegerField()
    flags = serializers.ListField(child=serializers.CharField())


class ScheduleRoundOut(serializers.Serializer):
    number = serializers.IntegerField()
    pairings = SchedulePairingOut(many=True)


class ScheduleOut(serializers.Serializer):
    stage = serializers.IntegerField()
    rounds = ScheduleRoundOut(many=True)

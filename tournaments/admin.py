"""Django admin: a director sees every row and corrects data.

Results are never edited field by field: a game's totals change only through
``game_resolve`` (the form asks for a reason, which lands in the audit trail), and
reports and the audit trail are read-only.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.http import HttpRequest

from tournaments import models
from tournaments.errors import TournamentError
from tournaments.formats.errors import FormatError
from tournaments.services import brackets, events, results, rounds

# What a director's action may run into: a domain error whose message is for a person.
ACTION_ERRORS = (TournamentError, FormatError)


def run_action(
    admin_view: admin.ModelAdmin, request: HttpRequest, rows: Any, service: Callable[[Any], Any],
    done: Callable[[Any], str],
) -> None:
    """Call ``service(row)`` for each selected row; say what happened (``done(result)``), or why not."""
    for row in rows:
        try:
            result = service(row)
        except ACTION_ERRORS as error:
            admin_view.message_user(request, f"{row}: {error}", messages.ERROR)
        else:
            admin_view.message_user(request, f"{row}: {done(result)}", messages.SUCCESS)


@admin.register(models.Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "short_name"]
    search_fields = ["name", "short_name"]


@admin.register(models.Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "membership_number", "club"]
    search_fields = ["name", "membership_number"]
    list_select_related = ["club"]
    autocomplete_fields = ["club"]


class RuleSetForm(forms.ModelForm):
    """Checks the values through the rules engine, so a bad value is a form error, not a 500."""

    class Meta:
        model = models.RuleSet
        fields = ["name", "preset", "values"]

    def clean(self) -> dict[str, Any]:
        from tournaments.rules import rules_from_values

        cleaned = super().clean()
        if "preset" in cleaned:
            try:
                cleaned["values"] = rules_from_values(cleaned["preset"], cleaned.get("values") or {}).as_values()
            except TournamentError as error:
                raise forms.ValidationError(str(error)) from None
        return cleaned


@admin.register(models.RuleSet)
class RuleSetAdmin(admin.ModelAdmin):
    form = RuleSetForm
    list_display = ["name", "preset", "builtin"]
    list_filter = ["preset", "builtin"]
    actions = ["copy_rule_set"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        # Presets are shared by many events: copy one to change values.
        return ["name", "preset", "values", "builtin"] if obj is not None and obj.builtin else ["builtin"]

    @admin.action(description="Copy the selected rule sets (to change their values)")
    def copy_rule_set(self, request: HttpRequest, queryset: Any) -> None:
        for ruleset in queryset:
            events.ruleset_copy(source=ruleset, name=f"{ruleset.name} (copy)")
        self.message_user(request, f"Copied {queryset.count()} rule set(s).")


class ReadOnlyInline(admin.TabularInline):
    """Rows shown beside their parent and never edited there (history, audit, deliveries)."""

    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class StageInline(admin.TabularInline):
    model = models.Stage
    extra = 0
    fields = ["order", "name", "kind", "status", "settings"]


@admin.register(models.Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "kind", "status", "rules", "starts_on", "club"]
    list_filter = ["status", "kind"]
    search_fields = ["name"]
    list_select_related = ["rules", "club"]
    inlines = [StageInline]
    actions = ["open_events", "start_events", "finish_events", "make_cut", "start_playoffs"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        # The status moves only through the actions (the state machine); the rule set
        # is fixed once players can see the event.
        fixed = ["status"]
        if obj is not None and obj.status != models.EventStatus.DRAFT:
            fixed.append("rules")
        return fixed

    def _transition(self, request: HttpRequest, queryset: Any, to: str) -> None:
        for event in queryset:
            try:
                events.event_transition(event=event, to=to)
            except TournamentError as error:
                self.message_user(request, f"{event}: {error}", messages.ERROR)

    @admin.action(description="Open the selected events")
    def open_events(self, request: HttpRequest, queryset: Any) -> None:
        self._transition(request, queryset, models.EventStatus.OPEN)

    @admin.action(description="Start the selected events")
    def start_events(self, request: HttpRequest, queryset: Any) -> None:
        self._transition(request, queryset, models.EventStatus.RUNNING)

    @admin.action(description="Finish the selected events")
    def finish_events(self, request: HttpRequest, queryset: Any) -> None:
        self._transition(request, queryset, models.EventStatus.FINISHED)

    @admin.action(description="Make the cut (qualifiers to the playoffs, the rest to the consolation)")
    def make_cut(self, request: HttpRequest, queryset: Any) -> None:
        run_action(self, request, queryset, lambda event: brackets.event_cut(event=event),
                   lambda stage: f"cut made: {len(stage.settings['seeds'])} qualify for {stage.name}")

    @admin.action(description="Start the playoffs (store the brackets of the stages the cut filled)")
    def start_playoffs(self, request: HttpRequest, queryset: Any) -> None:
        run_action(self, request, queryset, lambda event: brackets.playoffs_start(event=event, user=request.user),
                   lambda stages: "started " + ", ".join(stage.name for stage in stages))


@admin.register(models.Stage)
class StageAdmin(admin.ModelAdmin):
    list_display = ["name", "event", "order", "kind", "status"]
    list_filter = ["kind", "status"]
    list_select_related = ["event"]
    actions = ["generate_round", "start_bracket"]

    @admin.action(description="Generate the next round (as a draft to review)")
    def generate_round(self, request: HttpRequest, queryset: Any) -> None:
        run_action(self, request, queryset, lambda stage: rounds.round_generate(stage=stage, user=request.user),
                   lambda round_: f"round {round_.number} drawn as a draft to review")

    @admin.action(description="Start the playoffs of the selected bracket stages")
    def start_bracket(self, request: HttpRequest, queryset: Any) -> None:
        run_action(self, request, queryset, lambda stage: brackets.bracket_create(stage=stage, user=request.user),
                   lambda stage: "bracket stored")


@admin.register(models.Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["__str__", "event", "status", "seed", "club"]
    list_filter = ["status", "event"]
    search_fields = ["player__name", "partner__name"]
    list_select_related = ["event", "player", "partner", "club"]
    raw_id_fields = ["player", "partner"]
    readonly_fields = ["token"]


@admin.register(models.Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["__str__", "stage", "number", "status", "released_at"]
    list_filter = ["status"]
    list_select_related = ["stage"]
    readonly_fields = ["status", "released_at"]  # moved on by the actions, through the services
    actions = ["release_rounds", "close_rounds"]

    @admin.action(description="Release the selected rounds to the players")
    def release_rounds(self, request: HttpRequest, queryset: Any) -> None:
        run_action(self, request, queryset, lambda round_: rounds.round_release(round=round_),
                   lambda round_: "released to the players")

    @admin.action(description="Close the selected rounds")
    def close_rounds(self, request: HttpRequest, queryset: Any) -> None:
        run_action(self, request, queryset, lambda round_: rounds.round_close(round=round_),
                   lambda round_: "closed")


class GameInline(ReadOnlyInline):
    model = models.Game
    fields = readonly_fields = ["number", "state", "outcome", "total_a", "total_b", "total_c", "winner", "first_dealer"]
    show_change_link = True


@admin.register(models.Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "event", "round", "table", "format", "format_n", "status", "winner"]
    list_filter = ["status", "format", "bracket", "event"]
    search_fields = ["side_a__player__name", "side_b__player__name"]
    list_select_related = ["event", "round__stage", "side_a__player", "side_b__player", "side_c__player",
                           "winner__player"]
    raw_id_fields = ["side_a", "side_b", "side_c", "winner", "winner_to", "loser_to"]
    readonly_fields = ["status", "winner", "decided_at"]
    inlines = [GameInline]


class GameCorrectionForm(forms.ModelForm):
    """Change a game's totals through the resolution service, with a reason."""

    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}), help_text="Why the result is set this way (audit trail)."
    )
    confirm_reset = forms.BooleanField(
        required=False, label="Reset later bracket matches",
        help_text="A bracket correction that changes who won resets the later matches that followed from it.",
    )

    class Meta:
        model = models.Game
        fields = ["total_a", "total_b", "total_c", "runner_up"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk and "runner_up" in self.fields:
            # Only the match's own sides, loaded with their names in one query.
            self.fields["runner_up"].queryset = models.Entry.objects.filter(
                pk__in=self.instance.match.side_ids
            ).select_related("player", "partner")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        match = self.instance.match
        if match.event.status == models.EventStatus.FINISHED:
            raise forms.ValidationError(f"{match.event.name} is finished: results can no longer change.")
        totals = {
            side_id: cleaned.get(f"total_{letter}")
            for letter, side_id in (("a", match.side_a_id), ("b", match.side_b_id), ("c", match.side_c_id))
            if side_id is not None
        }
        rules = match.event.rules.to_rules()
        try:
            cleaned["totals"] = results.parse_totals(match, totals, rules)
            new_winner = rules.check_totals(cleaned["totals"])
        except TournamentError as error:
            raise forms.ValidationError(str(error)) from None
        # In a bracket a game with another winner can change who won the match: warn
        # before the later matches that followed from it are reset.
        flips = match.bracket and self.instance.winner_id is not None and new_winner != self.instance.winner_id
        if flips and not cleaned.get("confirm_reset"):
            later = brackets.bracket_reset_preview(match=match)
            if later:
                listed = "; ".join(brackets.match_label(row) for row in later)
                raise forms.ValidationError(
                    f"This may change who won {brackets.match_label(match)} and reset these later matches, "
                    f"deleting their games: {listed}. Tick \"Reset later bracket matches\" to go ahead."
                )
        return cleaned


class ReportInline(ReadOnlyInline):
    model = models.Report
    fields = readonly_fields = ["version", "reporter", "channel", "totals", "superseded", "ip", "key", "created_at"]


class GameChangeInline(ReadOnlyInline):
    model = models.GameChange
    fields = readonly_fields = ["created_at", "action", "actor", "actor_entry", "channel", "reason", "before", "after"]


@admin.register(models.Game)
class GameAdmin(admin.ModelAdmin):
    form = GameCorrectionForm
    list_display = ["__str__", "state", "outcome", "total_a", "total_b", "winner", "confirmed_at"]
    list_filter = ["state", "outcome", "match__event"]
    list_select_related = ["match__side_a__player", "match__side_b__player", "match__side_c__player",
                           "winner__player"]
    readonly_fields = ["match", "number", "state", "outcome", "winner", "first_dealer", "confirmed_at"]
    inlines = [ReportInline, GameChangeInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # games come from reports, forfeits and byes

    def save_model(self, request: HttpRequest, obj: models.Game, form: Any, change: bool) -> None:
        runner_up = form.cleaned_data.get("runner_up")
        try:
            results.game_resolve(
                game=obj.pk, totals=form.cleaned_data["totals"], user=request.user,
                reason=form.cleaned_data["reason"], runner_up=runner_up.pk if runner_up else None,
                confirm_reset=form.cleaned_data.get("confirm_reset", False),
            )
        except TournamentError as error:  # a race since the form was checked: say so, change nothing
            self.message_user(request, f"Not changed: {error}", messages.ERROR)


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(models.Report)
class ReportAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "reporter", "channel", "version", "superseded", "ip", "created_at"]
    list_filter = ["channel", "superseded"]
    list_select_related = ["game__match__side_a__player", "game__match__side_b__player", "reporter__player"]


@admin.register(models.GameChange)
class GameChangeAdmin(ReadOnlyAdmin):
    list_display = ["game", "action", "actor", "channel", "reason", "created_at"]
    list_filter = ["action", "channel"]
    list_select_related = ["game__match__side_a__player", "game__match__side_b__player", "actor"]


@admin.register(models.HandClaim)
class HandClaimAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "event", "entry", "purpose", "claimed", "score", "verdict", "created_at"]
    list_filter = ["purpose", "verdict"]
    list_select_related = ["event", "entry__player"]


class DeliveryInline(ReadOnlyInline):
    model = models.WebhookDelivery
    fields = readonly_fields = ["created_at", "topic", "status", "attempts", "last_status", "last_error",
                                "delivered_at"]
    ordering = ["-id"]


@admin.register(models.Webhook)
class WebhookAdmin(admin.ModelAdmin):
    list_display = ["url", "event", "club", "active", "created_at"]
    list_filter = ["active"]
    readonly_fields = ["secret", "created_at", "created_by"]
    inlines = [DeliveryInline]


@admin.register(models.WebhookDelivery)
class WebhookDeliveryAdmin(ReadOnlyAdmin):
    list_display = ["id", "webhook", "topic", "status", "attempts", "last_status", "created_at"]
    list_filter = ["status", "topic"]
    list_select_related = ["webhook"]

"""Tournament data: clubs, players, events, stages, entries, rounds, matches, games,
reports from the table, hand claims and the audit trail of every change to a game.

Models hold data and a few questions about themselves; writes go through
``tournaments.services``, reads that need more than one line through
``tournaments.selectors``; the arithmetic lives in the pure ``tournaments.rules`` and
``tournaments.standings``.

Sides of a match: two entry foreign keys (``side_a``, ``side_b``) plus an optional
``side_c`` for three-player events. A null side means "to be decided" (a bracket
slot waiting for a winner); a bye is a match with ``is_bye`` and only ``side_a``.
A game stores each side's final peg total in the same letters (``total_a`` ...).
"""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q

from tournaments import rules as rules_engine


def new_entry_token() -> str:
    """A secret for a player's personal link (``/p/<token>/``)."""
    return secrets.token_urlsafe(24)


class Club(models.Model):
    name = models.CharField(max_length=120, unique=True)
    short_name = models.CharField(max_length=20, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    name = models.CharField(max_length=120)
    # ACC membership number or a club's own; unique when present.
    membership_number = models.CharField(max_length=32, blank=True)
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="players")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["membership_number"],
                condition=~Q(membership_number=""),
                name="player_membership_number_unique",
            ),
        ]
        indexes = [models.Index(fields=["name"])]

    def __str__(self) -> str:
        return self.name


class RuleSet(models.Model):
    """A stored rule set: a preset key plus the full JSON of its values.

    ``to_rules()`` turns it into the frozen ``tournaments.rules.RuleSet`` the code asks
    questions of. ``builtin`` rows are the shared, unedited presets; a director copies
    one (``ruleset_copy``) to change values.
    """

    name = models.CharField(max_length=120)
    preset = models.CharField(max_length=32, choices=[(key, key) for key in rules_engine.PRESETS])
    values = models.JSONField(default=dict, blank=True)
    builtin = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["preset"], condition=Q(builtin=True), name="ruleset_one_builtin_per_preset"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def to_rules(self) -> rules_engine.RuleSet:
        return rules_engine.rules_from_values(self.preset, self.values)


class EventKind(models.TextChoices):
    TOURNAMENT = "tournament", "Tournament"
    CLUB_NIGHT = "club_night", "Club night"
    LEAGUE = "league", "League season"


class EventStatus(models.TextChoices):
    DRAFT = "draft", "Draft"
    OPEN = "open", "Open"
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"


class Event(models.Model):
    name = models.CharField(max_length=160)
    kind = models.CharField(max_length=16, choices=EventKind.choices, default=EventKind.TOURNAMENT)
    status = models.CharField(max_length=16, choices=EventStatus.choices, default=EventStatus.DRAFT)
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="events")
    rules = models.ForeignKey(RuleSet, on_delete=models.PROTECT, related_name="events")
    partners = models.BooleanField(default=False, help_text="Entries are teams of two.")
    starts_on = models.DateField(null=True, blank=True)
    venue = models.CharField(max_length=200, blank=True)
    entry_fee_cents = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-starts_on", "-id"]
        indexes = [models.Index(fields=["status"])]

    def __str__(self) -> str:
        return self.name

    @property
    def is_public(self) -> bool:
        return self.status != EventStatus.DRAFT


class StageKind(models.TextChoices):
    ROUND_ROBIN = "round_robin", "Round robin"
    RANDOM_DRAW = "random_draw", "Random draw"
    SWISS = "swiss", "Swiss"
    SINGLE_ELIMINATION = "single_elimination", "Single elimination"
    DOUBLE_ELIMINATION = "double_elimination", "Double elimination"
    MANUAL = "manual", "Manual"


class StageStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"


class Stage(models.Model):
    """One stage of an event (qualifying, playoffs, consolation), run in ``order``.

    ``settings`` holds the kind's typed settings as JSON (games per opponent, rounds,
    best of N, cut size...); the format services read and validate them.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="stages")
    order = models.PositiveSmallIntegerField(default=1)
    kind = models.CharField(max_length=24, choices=StageKind.choices, default=StageKind.MANUAL)
    name = models.CharField(max_length=80)
    settings = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=StageStatus.choices, default=StageStatus.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "order"]
        constraints = [
            models.UniqueConstraint(fields=["event", "order"], name="stage_order_unique_per_event"),
        ]

    def __str__(self) -> str:
        return f"{self.event}: {self.name}"


class EntryStatus(models.TextChoices):
    REGISTERED = "registered", "Registered"
    CHECKED_IN = "checked_in", "Checked in"
    WITHDRAWN = "withdrawn", "Withdrawn"


class Entry(models.Model):
    """A player (or, in a partners event, a team of ``player`` and ``partner``) in one event."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    partner = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="partner_entries"
    )
    status = models.CharField(max_length=16, choices=EntryStatus.choices, default=EntryStatus.REGISTERED)
    seed = models.PositiveIntegerField(null=True, blank=True)
    # The player's club when entering: pairings avoid same-club opponents with it even
    # if the player later changes club.
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    token = models.CharField(max_length=64, unique=True, default=new_entry_token, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "id"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="entry_player_once_per_event"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        player_name = self.player.name
        if self.partner_id:
            return f"{player_name} & {self.partner.name}"
        return player_name


class RoundStatus(models.TextChoices):
    DRAFT = "draft", "Draft"
    RELEASED = "released", "Released"
    CLOSED = "closed", "Closed"


class Round(models.Model):
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=16, choices=RoundStatus.choices, default=RoundStatus.DRAFT)
    released_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["stage", "number"]
        constraints = [
            models.UniqueConstraint(fields=["stage", "number"], name="round_number_unique_per_stage"),
        ]

    def __str__(self) -> str:
        return f"{self.stage.name} round {self.number}"


class MatchFormat(models.TextChoices):
    GAMES = "games", "Fixed number of games"
    BEST_OF = "best_of", "Best of N games"
    FIRST_TO = "first_to", "First to N match points"


class MatchStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    PLAYING = "playing", "Playing"
    DECIDED = "decided", "Decided"


class Bracket(models.TextChoices):
    NONE = "", "—"
    WINNERS = "winners", "Winners"
    LOSERS = "losers", "Losers"
    FINAL = "final", "Final"
    THIRD = "third", "Third place"
    CONSOLATION = "consolation", "Consolation"


class SideLetter(models.TextChoices):
    A = "a", "A"
    B = "b", "B"


class Match(models.Model):
    """One or more games between the same sides.

    ``format`` with ``format_n``: ``games`` N (a fixed number), ``best_of`` N (first to
    a majority of N games) or ``first_to`` N match points.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="matches")
    stage = models.ForeignKey(Stage, null=True, blank=True, on_delete=models.CASCADE, related_name="matches")
    round = models.ForeignKey(Round, null=True, blank=True, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveIntegerField(null=True, blank=True)
    side_a = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    side_b = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    side_c = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    is_bye = models.BooleanField(default=False)
    format = models.CharField(max_length=16, choices=MatchFormat.choices, default=MatchFormat.GAMES)
    format_n = models.PositiveSmallIntegerField(default=1)
    status = models.CharField(max_length=16, choices=MatchStatus.choices, default=MatchStatus.PENDING)
    winner = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)
    # Brackets: where this match sits and where its winner and loser go next.
    bracket = models.CharField(max_length=16, choices=Bracket.choices, blank=True, default="")
    bracket_round = models.PositiveSmallIntegerField(null=True, blank=True)
    bracket_slot = models.PositiveSmallIntegerField(null=True, blank=True)
    seed_a = models.PositiveIntegerField(null=True, blank=True)
    seed_b = models.PositiveIntegerField(null=True, blank=True)
    winner_to = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="winner_from"
    )
    winner_to_side = models.CharField(max_length=1, choices=SideLetter.choices, blank=True)
    loser_to = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="loser_from"
    )
    loser_to_side = models.CharField(max_length=1, choices=SideLetter.choices, blank=True)
    # Why a pairing was made (repeat avoided, same club, bye...), for the director.
    flags = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "round", "table", "id"]
        verbose_name_plural = "matches"
        indexes = [
            models.Index(fields=["event", "status"]),
            models.Index(fields=["stage", "bracket", "bracket_round", "bracket_slot"]),
        ]
        constraints = [
            models.CheckConstraint(condition=Q(format_n__gte=1), name="match_format_n_positive"),
        ]

    def __str__(self) -> str:
        names = [str(side) if side else "TBD" for side in self.sides_or_tbd()]
        return " v ".join(names) if not self.is_bye else f"{names[0]} (bye)"

    def sides_or_tbd(self) -> list[Entry | None]:
        sides = [self.side_a, self.side_b]
        if self.side_c_id:
            sides.append(self.side_c)
        return sides

    @property
    def side_ids(self) -> list[int]:
        """The entry ids of the sides that are known, in letter order."""
        return [i for i in (self.side_a_id, self.side_b_id, self.side_c_id) if i is not None]

    def letter_of(self, entry_id: int) -> str | None:
        for letter, side_id in (("a", self.side_a_id), ("b", self.side_b_id), ("c", self.side_c_id)):
            if side_id is not None and side_id == entry_id:
                return letter
        return None


class GameState(models.TextChoices):
    PENDING = "pending", "Pending"          # no report yet
    REPORTED = "reported", "Reported"       # one side reported; waiting for the other
    DISPUTED = "disputed", "Disputed"       # the sides disagree; the director decides
    CONFIRMED = "confirmed", "Confirmed"    # counts in the standings


class GameOutcome(models.TextChoices):
    PLAYED = "played", "Played"
    FORFEIT = "forfeit", "Forfeit"
    BYE = "bye", "Bye"


class Game(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    state = models.CharField(max_length=16, choices=GameState.choices, default=GameState.PENDING)
    outcome = models.CharField(max_length=16, choices=GameOutcome.choices, default=GameOutcome.PLAYED)
    total_a = models.PositiveSmallIntegerField(null=True, blank=True)
    total_b = models.PositiveSmallIntegerField(null=True, blank=True)
    total_c = models.PositiveSmallIntegerField(null=True, blank=True)
    winner = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    # Three-player continued play: the side that went on to finish second.
    runner_up = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    first_dealer = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="game_number_unique_per_match"),
            models.CheckConstraint(condition=Q(number__gte=1), name="game_number_positive"),
        ]
        indexes = [models.Index(fields=["state"])]

    def __str__(self) -> str:
        return f"{self.match} game {self.number}"

    def totals_by_entry(self) -> dict[int, int]:
        """``{entry_id: peg total}`` for the sides with a total."""
        match = self.match
        pairs = ((match.side_a_id, self.total_a), (match.side_b_id, self.total_b), (match.side_c_id, self.total_c))
        return {entry: total for entry, total in pairs if entry is not None and total is not None}


class Channel(models.TextChoices):
    PLAYER = "player", "Player link"
    DIRECTOR = "director", "Director"
    API = "api", "API"


class Report(models.Model):
    """One submission of a game's totals. Versioned per reporter; never edited.

    ``key`` is the idempotency key: a retried submission with the same key (per match)
    is the same report. ``reporter`` is the side reporting (null when the director
    enters the result).
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    channel = models.CharField(max_length=16, choices=Channel.choices)
    ip = models.GenericIPAddressField(null=True, blank=True)
    key = models.CharField(max_length=64)
    version = models.PositiveSmallIntegerField(default=1)
    totals = models.JSONField(help_text='{"<entry id>": peg total}')
    superseded = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["match", "key"], name="report_key_unique_per_match"),
            models.UniqueConstraint(
                fields=["game", "reporter", "version"],
                condition=Q(reporter__isnull=False),
                name="report_version_unique_per_reporter",
            ),
        ]

    def __str__(self) -> str:
        return f"report {self.key} v{self.version} on {self.game}"


class ClaimVerdictKind(models.TextChoices):
    EXACT = "exact", "Exact"
    OVER = "over", "Over-claimed"
    UNDER = "under", "Under-claimed"


class ClaimPurpose(models.TextChoices):
    CHECK = "check", "Check"
    DISPUTE = "dispute", "Dispute"
    SIDE_POT = "side_pot", "Side pot"


class HandClaim(models.Model):
    """A hand (or crib) someone claimed a score for, with the engine's verdict."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="hand_claims")
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="hand_claims")
    entry = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.SET_NULL, related_name="hand_claims")
    purpose = models.CharField(max_length=16, choices=ClaimPurpose.choices, default=ClaimPurpose.CHECK)
    hand = models.JSONField(help_text="Card codes, e.g. [\"5H\", \"5D\", \"5S\", \"JC\"]")
    starter = models.CharField(max_length=3)
    crib = models.BooleanField(default=False)
    claimed = models.PositiveSmallIntegerField()
    score = models.PositiveSmallIntegerField()
    verdict = models.CharField(max_length=8, choices=ClaimVerdictKind.choices)
    difference = models.SmallIntegerField(help_text="claimed minus score")
    breakdown = models.JSONField(default=list, blank=True)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{' '.join(self.hand)} | {self.starter}: claimed {self.claimed}, scores {self.score}"


class GameChangeAction(models.TextChoices):
    REPORTED = "reported", "Reported"
    CONFIRMED = "confirmed", "Confirmed"
    DISPUTED = "disputed", "Disputed"
    CONFLICT = "conflict", "Conflicting report on a confirmed game"
    RESOLVED = "resolved", "Resolved by the director"
    CORRECTED = "corrected", "Corrected by the director"
    FORFEIT = "forfeit", "Forfeit"
    BYE = "bye", "Bye"


class GameChange(models.Model):
    """The audit trail: every change to a game, who made it, when, before and after."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="changes")
    action = models.CharField(max_length=16, choices=GameChangeAction.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    actor_entry = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    channel = models.CharField(max_length=16, choices=Channel.choices)
    report = models.ForeignKey(Report, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    reason = models.TextField(blank=True)
    before = models.JSONField(default=dict)
    after = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.game}: {self.action} at {self.created_at:%Y-%m-%d %H:%M}"


def new_webhook_secret() -> str:
    return secrets.token_urlsafe(32)


class WebhookTopic(models.TextChoices):
    GAME_CONFIRMED = "game.confirmed", "A game is confirmed (or resolved, or corrected)"
    ROUND_CLOSED = "round.closed", "A round is closed"
    BRACKET_ADVANCED = "bracket.advanced", "A bracket match is decided and its winner moves on"


class Webhook(models.Model):
    """A club site's URL that receives signed events, for one event or all of a club's."""

    url = models.URLField(max_length=500)
    event = models.ForeignKey(Event, null=True, blank=True, on_delete=models.CASCADE, related_name="webhooks")
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.CASCADE, related_name="webhooks")
    topics = models.JSONField(default=list, blank=True, help_text="Empty: every topic.")
    secret = models.CharField(max_length=64, default=new_webhook_secret, editable=False)
    active = models.BooleanField(default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(event__isnull=False) | Q(club__isnull=False), name="webhook_for_an_event_or_a_club"
            ),
        ]

    def __str__(self) -> str:
        return self.url


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    DELIVERED = "delivered", "Delivered"
    FAILED = "failed", "Failed"


class WebhookDelivery(models.Model):
    """One event for one webhook: written with the change that caused it (an outbox),
    sent by a Celery task, retried with backoff. ``key`` makes emitting idempotent."""

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    topic = models.CharField(max_length=32, choices=WebhookTopic.choices)
    key = models.CharField(max_length=120)
    payload = models.JSONField()
    status = models.CharField(max_length=16, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_status = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name_plural = "webhook deliveries"
        constraints = [
            models.UniqueConstraint(fields=["webhook", "key"], name="delivery_key_unique_per_webhook"),
        ]
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self) -> str:
        return f"{self.topic} to {self.webhook_id} ({self.status})"

"""The play (pegging): validate a whole play sequence and score every card.

A play is ``(player_index, card)`` or ``(player_index, None)`` for a "go"; player 0
plays first (the dealer's left) and turns go 0, 1, 2, ... round the table.
``score_play`` reads the sequence the way a table would: it follows the count, the
turn and who has said go, scores each card (fifteen, thirty-one, pairs, runs, go,
last card) and collects every rules breach as a sentence naming the play.
``answer_play_request`` is the JSON adapter shared by ``manage.py score_play`` and
``POST /api/v1/scoring/play/``.

How the sequence is read (PRODUCT.md §3, rules/000, 003, 004):

- A player who says go is out of that count; a player with no cards is skipped
  (a go from them is tolerated). A count closes at 31, or when nobody still in it
  holds a card; the last card of a count below 31 earns 1 ("go", or "last card" when
  nobody holds a card any more). The next count is led by the first player after
  the last card's player who still holds a card.
- Goes may be left out: a play by someone other than the player to play means the
  players skipped said go, and each such go must be plausible (with hands: they hold
  nothing that fits; without: the count is above 21, where a ten might not fit).
  A card from a player who already said go means the count closed before it.
  A card that does not fit from the only player still in the count is that
  player's own go followed by a new count (rules/004's self-inflicted go).
- Without hands the last-card point is known only when every card has been played;
  a fragment scores its combinations only. With hands the sequence must play every
  card that can be played, and the closing point is given at the end when nobody
  can play on.
- Five-card pegs to 31 once: the play ends when the first count closes.

Breaches that make the rest unreadable (past 31, out of turn, a card after a
five-card play ended) stop the scoring; the others (renege, a card twice, a card
not held, too many cards, an unfinished play) are reported and scoring goes on.
Plays are numbered from 1 in messages ("play 5 (player 1, go): ...").
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.cards import Card, card, ensure_distinct
from scoring.errors import CardError, PlayError
from scoring.rules import GAME_KINDS, GameKind, game_kind_for_players

GO = None  # the play of a player who says "go"
MAX_COUNT = 31
# Above this count a ten-value card no longer fits, so a go can be honest without hands.
EVERY_CARD_FITS_UP_TO = MAX_COUNT - 10
_SAME_RANK_POINTS = {2: (2, "pair"), 3: (6, "pair royal"), 4: (12, "double pair royal")}

Play = tuple[int, Card | None]


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """One card of the play: who played it, the count it made, and what it scored."""

    player: int
    card: Card
    count: int
    points: int
    reasons: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "card": self.card.code,
            "count": self.count,
            "points": self.points,
            "reasons": list(self.reasons),
        }


@dataclass(frozen=True, slots=True)
class PlayResult:
    """Every card played with its points, each player's total, and the rules breaches."""

    players: int
    cards: tuple[PlayedCard, ...]
    totals: tuple[int, ...]
    errors: tuple[str, ...]

    @property
    def teams(self) -> tuple[int, int] | None:
        """Four-player partners: (players 0 + 2, players 1 + 3); None otherwise."""
        if self.players != 4:
            return None
        return (self.totals[0] + self.totals[2], self.totals[1] + self.totals[3])

    def as_dict(self) -> dict[str, Any]:
        answer: dict[str, Any] = {
            "cards": [played.as_dict() for played in self.cards],
            "totals": list(self.totals),
            "errors": list(self.errors),
        }
        if self.teams is not None:
            answer["teams"] = list(self.teams)
        return answer


def score_card(current: Sequence[Card], count: int) -> tuple[int, list[str]]:
    """Points for the last card of ``current`` (the cards of this count, in order).

    ``count`` is the count after it. Go and last card are not decided here: they
    depend on what the other players do next.
    """
    points = 0
    reasons: list[str] = []
    if count == 15:
        points += 2
        reasons.append("fifteen")
    elif count == MAX_COUNT:
        points += 2
        reasons.append("thirty-one")
    rank = current[-1].rank
    same = 1
    while same < len(current) and current[-1 - same].rank == rank:
        same += 1
    if same >= 2:
        pair_points, name = _SAME_RANK_POINTS[same]
        points += pair_points
        reasons.append(name)
    else:
        # A run is the N most recent cards, all different, of consecutive ranks; only
        # the longest counts. A pair inside the last N cards breaks it.
        for length in range(len(current), 2, -1):
            ranks = [played.rank for played in current[-length:]]
            if max(ranks) - min(ranks) == length - 1 and len(set(ranks)) == length:
                points += length
                reasons.append(f"run of {length}")
                break
    return points, reasons


class _Stop(Exception):
    """A breach after which the count can no longer be followed."""


class _Entry:
    """A played card while the play is being read (its go point may come later)."""

    __slots__ = ("card", "count", "player", "points", "reasons")

    def __init__(self, player: int, played: Card, count: int, points: int, reasons: list[str]):
        self.player = player
        self.card = played
        self.count = count
        self.points = points
        self.reasons = reasons

    def freeze(self) -> PlayedCard:
        return PlayedCard(self.player, self.card, self.count, self.points, tuple(self.reasons))


def _list_cards(found: Sequence[Card]) -> str:
    names = [item.code for item in found]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class _Pegging:
    """The state of the table while a sequence is read, one play at a time."""

    def __init__(self, players: int, kind: GameKind, hands: Sequence[Sequence[Card]] | None):
        self.players = players
        self.kind = kind
        self.hand_size = kind.hand_size
        self.held: list[set[Card]] | None = (
            [set(hand) for hand in hands] if hands is not None else None
        )
        self.owner: dict[Card, int] = (
            {item: index for index, hand in enumerate(hands) for item in hand} if hands else {}
        )
        self.played_count = [0] * players
        self.seen: dict[Card, int] = {}        # card -> number of the play that laid it
        self.entries: list[_Entry] = []
        self.errors: list[str] = []
        self.count = 0
        self.current: list[Card] = []          # the cards of the count in progress
        self.gone: set[int] = set()            # said go (or taken to) in this count
        self.turn = 0
        self.last_entry: _Entry | None = None  # the last card of the count in progress
        self.over = False                      # five-card: the one count has closed

    # -- who can do what ---------------------------------------------------------

    def has_cards(self, player: int) -> bool:
        return self.played_count[player] < self.hand_size

    def active(self, player: int) -> bool:
        return player not in self.gone and self.has_cards(player)

    def after(self, player: int) -> list[int]:
        """Everybody in turn order after ``player``, ending with ``player``."""
        return [(player + step) % self.players for step in range(1, self.players + 1)]

    def cannot_go(self, player: int) -> str | None:
        """Why ``player`` could not honestly say go now, or None if they could."""
        if self.held is not None:
            fits = sorted(
                (held for held in self.held[player] if self.count + held.value <= MAX_COUNT),
                key=lambda held: held.index,
            )
            if fits:
                return f"{_list_cards(fits)} {'fits' if len(fits) == 1 else 'fit'}"
            return None
        if self.count <= EVERY_CARD_FITS_UP_TO:
            return "every card fits"
        return None

    # -- turns and counts --------------------------------------------------------

    def close_count(self) -> None:
        """End the count in progress: the go point, then the next leader."""
        last = self.last_entry
        nobody_holds = not any(self.has_cards(player) for player in range(self.players))
        if last is not None and self.count != MAX_COUNT:
            last.points += 1
            last.reasons.append("last card" if nobody_holds else "go")
        if last is not None:
            self.turn = next(
                (player for player in self.after(last.player) if self.has_cards(player)),
                last.player,
            )
        self.count = 0
        self.current = []
        self.gone = set()
        self.last_entry = None
        if not self.kind.pegging_restarts and last is not None:
            self.over = True

    def take_turn(self, player: int, label: str) -> None:
        """Make ``player`` (still in the count) the one to play, or stop: out of turn.

        Every player in the count between the one to play and ``player`` is taken to
        have said go, which must be plausible.
        """
        for skipped in self.after(self.turn - 1):
            if skipped == player:
                break
            if not self.active(skipped):
                continue
            problem = self.cannot_go(skipped)
            if problem is not None:
                raise _Stop(
                    f"{label}: out of turn, player {skipped} was to play "
                    f"({problem} at count {self.count})"
                )
            self.gone.add(skipped)
        self.turn = player

    def everybody_else_goes(self, player: int, label: str) -> None:
        for other in range(self.players):
            if other == player or not self.active(other):
                continue
            problem = self.cannot_go(other)
            if problem is not None:
                raise _Stop(
                    f"{label}: out of turn, player {other} can still play "
                    f"({problem} at count {self.count})"
                )
            self.gone.add(other)

    def pass_turn(self, player: int) -> None:
        following = next((other for other in self.after(player) if self.active(other)), None)
        if following is None:
            self.close_count()
        else:
            self.turn = following

    # -- plays -------------------------------------------------------------------

    def play_go(self, number: int, player: int) -> None:
        if self.over or not self.has_cards(player) or player in self.gone:
            return  # nothing to say: out of cards, the play has ended, or a repeated go
        label = f"play {number} (player {player}, go)"
        self.take_turn(player, label)
        problem = self.cannot_go(player)
        if problem is not None:
            self.errors.append(f"{label}: renege, {problem} (count {self.count})")
        self.gone.add(player)
        self.pass_turn(player)

    def play_card(self, number: int, player: int, played: Card) -> None:
        label = f"play {number} (player {player}, {played.code})"
        if self.over:
            raise _Stop(f"{label}: the play is over, five-card pegs to 31 only once")
        if not self.has_cards(player):
            self.errors.append(
                f"{label}: player {player} has already played all {self.hand_size} cards"
            )
        else:
            if player in self.gone:
                # Having said go, the player plays again: the count closed in between.
                self.everybody_else_goes(player, label)
                self.close_count()
                if self.over:
                    raise _Stop(f"{label}: the play is over, five-card pegs to 31 only once")
            self.take_turn(player, label)
            if self.count + played.value > MAX_COUNT:
                if any(self.active(other) for other in range(self.players) if other != player):
                    raise _Stop(
                        f"{label}: takes the count past 31 ({self.count} + {played.value})"
                    )
                # Everybody else is done: the player's own go, then a new count.
                problem = self.cannot_go(player)
                if problem is not None:
                    self.errors.append(f"{label}: renege, {problem} (count {self.count})")
                self.gone.add(player)
                self.close_count()
                if self.over:
                    raise _Stop(f"{label}: the play is over, five-card pegs to 31 only once")
                self.take_turn(player, label)
        if self.count + played.value > MAX_COUNT:
            raise _Stop(f"{label}: takes the count past 31 ({self.count} + {played.value})")

        if played in self.seen:
            self.errors.append(f"{label}: {played.code} was already played (play {self.seen[played]})")
        elif self.held is not None and played not in self.held[player]:
            holder = self.owner.get(played)
            where = f"it is in player {holder}'s hand" if holder is not None else "it is in no hand"
            self.errors.append(f"{label}: player {player} does not hold {played.code} ({where})")
        self.seen.setdefault(played, number)
        if self.held is not None:
            self.held[player].discard(played)
        self.played_count[player] += 1

        self.count += played.value
        self.current.append(played)
        points, reasons = score_card(self.current, self.count)
        entry = _Entry(player, played, self.count, points, reasons)
        self.entries.append(entry)
        self.last_entry = entry
        if self.count == MAX_COUNT:
            self.close_count()
        else:
            self.pass_turn(player)

    def finish(self) -> None:
        """At the end of the sequence: with hands, close a count nobody can add to."""
        if self.held is None or self.over:
            return
        if self.last_entry is not None and not any(
            self.active(player) and self.cannot_go(player) is not None
            for player in range(self.players)
        ):
            self.close_count()
        if self.over:
            return
        holding = [
            f"player {player} still holds {_list_cards(sorted(self.held[player], key=lambda c: c.index))}"
            for player in range(self.players)
            if self.has_cards(player) and self.held[player]
        ]
        if holding:
            self.errors.append(f"the play is unfinished: {'; '.join(holding)}")

    def result(self) -> PlayResult:
        totals = [0] * self.players
        for entry in self.entries:
            totals[entry.player] += entry.points
        return PlayResult(
            players=self.players,
            cards=tuple(entry.freeze() for entry in self.entries),
            totals=tuple(totals),
            errors=tuple(self.errors),
        )


def _check_hands(
    hands: Sequence[Sequence[Card]], players: int, hand_size: int
) -> tuple[tuple[Card, ...], ...]:
    if len(hands) != players:
        raise PlayError(f"{players} players need {players} hands, got {len(hands)}",
                        field="hands")
    checked: list[tuple[Card, ...]] = []
    seen: dict[Card, int] = {}
    for index, given in enumerate(hands):
        hand = tuple(given)
        if len(hand) != hand_size:
            raise CardError(f"hand {index} needs {hand_size} cards, got {len(hand)}",
                            field=f"hands[{index}]")
        if not all(isinstance(item, Card) for item in hand):
            raise CardError(f"hand {index} holds something that is not a card",
                            field=f"hands[{index}]")
        for item in hand:
            if item in seen:
                whose = "twice in it" if seen[item] == index else f"also in hand {seen[item]}"
                raise CardError(f"hand {index}: {item.code} is {whose}: every card is unique",
                                field=f"hands[{index}]")
            seen[item] = index
        checked.append(hand)
    return tuple(checked)


def score_play(
    plays: Sequence[Play],
    *,
    players: int,
    hands: Sequence[Sequence[Card]] | None = None,
    kind: GameKind | None = None,
) -> PlayResult:
    """Validate a play sequence and score every card.

    ``plays``: ``(player_index, card)`` or ``(player_index, None)`` for go, player 0
    first. ``hands`` (optional): the cards each player kept, to find reneges and
    cards not held. ``kind``: the game (default the usual one for ``players``).
    Input that is not a play sequence at all raises ``PlayError``/``CardError``;
    breaches of the rules inside it are returned in ``PlayResult.errors``.
    """
    if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3, 4):
        raise PlayError(f"cribbage is played by 2, 3 or 4 players, not {players!r}",
                        field="players")
    if kind is None:
        kind = game_kind_for_players(players)
    elif kind.players != players:
        raise PlayError(f"{kind.label} is for {kind.players} players, not {players}",
                        field="players")
    checked_hands = _check_hands(hands, players, kind.hand_size) if hands is not None else None
    for index, play in enumerate(plays):
        if not (isinstance(play, tuple | list) and len(play) == 2):
            raise PlayError(f"play {index + 1} must be a pair (player, card or go)",
                            field=f"plays[{index}]")
        player, played = play
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
            raise PlayError(
                f"play {index + 1}: player must be 0 to {players - 1}, not {player!r}",
                field=f"plays[{index}]",
            )
        if played is not GO and not isinstance(played, Card):
            raise PlayError(f"play {index + 1}: {played!r} is neither a card nor go",
                            field=f"plays[{index}]")

    table = _Pegging(players, kind, checked_hands)
    try:
        for index, (player, played) in enumerate(plays):
            if played is GO:
                table.play_go(index + 1, player)
            else:
                table.play_card(index + 1, player, played)
    except _Stop as stop:
        table.errors.append(str(stop))
    else:
        table.finish()
    return table.result()


# -- the JSON adapter (CLI and REST API) ----------------------------------------


def _parse_play(raw: Any, index: int, players: int) -> Play:
    field = f"plays[{index}]"
    if not isinstance(raw, list | tuple) or len(raw) != 2:
        raise PlayError(f'each play is [player, card or "go"], got {raw!r}', field=field)
    player, text = raw
    if isinstance(player, bool) or not isinstance(player, int):
        raise PlayError(f"the player is a number 0 to {players - 1}, got {player!r}",
                        field=field)
    if not 0 <= player < players:
        raise PlayError(f"player {player} is not at a {players}-player table "
                        f"(0 to {players - 1})", field=field)
    if text is None or (isinstance(text, str) and text.strip().lower() == "go"):
        return player, GO
    try:
        return player, card(text)
    except CardError as error:
        raise CardError(str(error), field=field) from error


def _parse_hands(raw: Any) -> list[tuple[Card, ...]]:
    if not isinstance(raw, list | tuple):
        raise PlayError("hands must be a list, one list of cards per player", field="hands")
    hands = []
    for index, hand in enumerate(raw):
        field = f"hands[{index}]"
        if not isinstance(hand, list | tuple | str):
            raise CardError(f"a hand is a list of cards, got {hand!r}", field=field)
        texts = hand.replace(",", " ").split() if isinstance(hand, str) else hand
        try:
            parsed = tuple(card(text) for text in texts)
            ensure_distinct(parsed)
        except CardError as error:
            raise CardError(str(error), field=field) from error
        hands.append(parsed)
    return hands


def answer_play_request(obj: Mapping[str, Any]) -> dict[str, Any]:
    """Score ``{"players": 2, "plays": [[0, "4H"], [1, "go"]], "hands"?: [...], "game"?: ...}``.

    Returns ``PlayResult.as_dict()``. Input that is not a play sequence raises
    ``PlayError``/``CardError`` with ``field`` set to its JSON path.
    """
    if not isinstance(obj, Mapping):
        raise PlayError("the request is a JSON object with players and plays")
    kind: GameKind | None = None
    game = obj.get("game")
    if game is not None:
        kind = GAME_KINDS.get(game) if isinstance(game, str) else None
        if kind is None:
            raise PlayError(f"game must be one of {', '.join(GAME_KINDS)}, not {game!r}",
                            field="game")
    players = obj.get("players", kind.players if kind is not None else None)
    if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3, 4):
        raise PlayError(f"players must be 2, 3 or 4, not {players!r}", field="players")
    raw_plays = obj.get("plays")
    if not isinstance(raw_plays, list | tuple):
        raise PlayError('plays must be a list of [player, card or "go"] pairs', field="plays")
    plays = [_parse_play(raw, index, players) for index, raw in enumerate(raw_plays)]
    raw_hands = obj.get("hands")
    hands = _parse_hands(raw_hands) if raw_hands is not None else None
    return score_play(plays, players=players, hands=hands, kind=kind).as_dict()


__all__ = [
    "GO",
    "PlayResult",
    "PlayedCard",
    "answer_play_request",
    "score_card",
    "score_play",
]

"""The keys of ``Stage.settings``, read and checked in one place. Pure Python.

A stage keeps its format's options as JSON; the services read them through these
functions so a bad value is refused with a message naming the key (``field`` is
``settings.<key>``), whatever screen or API call stored it.

Round-based stages (``round_robin``, ``random_draw``, ``swiss``):

- ``rounds`` (int >= 1): rounds to play. Round robin: default the full schedule;
  random draw: default 9 (the Grass Roots club night); Swiss: required.
- ``games_per_opponent`` (1 or 2, default 1): games in each round's match.
- ``seed`` (int): random draw only; the draw's random seed, stored by the first
  ``round_generate`` when missing so a re-generated draft gives the same draw.
- ``order`` (list of entry ids): round robin only; the circle's order, stored by
  the first ``round_generate`` so every later round follows the same schedule.
- ``avoid_same_club`` (bool, default false): Swiss only; keep club-mates apart.
- ``stationary`` (list of entry ids): round robin only; a fixed-seat rotation where
  these entries (half the field) keep tables 1, 2, ... and the others move up a
  table each round.
- ``fixed_tables`` (object, entry id -> table number): players who must keep a table
  (wheelchair access, a player who cannot move); not with ``stationary``.
- ``qualifiers`` (int >= 2): the qualifying stage's cut, overriding ACC rule 13's
  one in four (``event_cut(qualifiers=...)`` overrides it again).
- ``consolation`` (bool, default false): the qualifying stage asks ``event_cut`` to
  create a consolation stage for those who miss the cut when none exists.

Bracket stages (``single_elimination``, ``double_elimination``):

- ``best_of`` (odd int, default 3): games per match (3 = best 2 of 3).
- ``final_best_of`` (odd int): double elimination's grand final (default ``best_of``).
- ``third_place`` (bool, default false): single elimination; a match for third.
- ``grand_final_reset`` (bool, default true): double elimination; a second final
  when the losers' champion wins the first.
- ``seeds`` (list of entry ids, best first): the qualifiers, written by ``event_cut``.
- ``consolation`` (bool): the stage is the consolation bracket (bracket name
  ``consolation``), written by ``event_cut``.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tournaments.errors import EntryError

DEFAULT_CLUB_NIGHT_ROUNDS = 9


def _field(key: str) -> str:
    return f"settings.{key}"


def _int(settings: Mapping[str, Any], key: str, default: int | None, *, low: int = 1) -> int | None:
    value = settings.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise EntryError(f"the stage setting {key!r} must be a whole number of at least {low}, not {value!r}",
                         field=_field(key))
    return value


def _bool(settings: Mapping[str, Any], key: str, default: bool) -> bool:
    value = settings.get(key, default)
    if not isinstance(value, bool):
        raise EntryError(f"the stage setting {key!r} must be true or false, not {value!r}", field=_field(key))
    return value


def _odd(settings: Mapping[str, Any], key: str, default: int | None) -> int | None:
    value = _int(settings, key, default)
    if value is not None and value % 2 == 0:
        raise EntryError(f"the stage setting {key!r} must be odd (1, 3, 5...): best of {value} can end level",
                         field=_field(key))
    return value


def _entry_ids(settings: Mapping[str, Any], key: str) -> list[int] | None:
    value = settings.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in value):
        raise EntryError(f"the stage setting {key!r} must be a list of entry ids", field=_field(key))
    if len(set(value)) != len(value):
        raise EntryError(f"the stage setting {key!r} lists an entry twice", field=_field(key))
    return value


@dataclass(frozen=True, slots=True)
class RoundSettings:
    rounds: int | None
    games_per_opponent: int
    seed: int | None
    order: list[int] | None
    avoid_same_club: bool
    stationary: list[int] | None = None
    fixed_tables: dict[int, int] | None = None


def _fixed_tables(settings: Mapping[str, Any]) -> dict[int, int] | None:
    value = settings.get("fixed_tables")
    if value is None:
        return None
    key = "fixed_tables"
    if not isinstance(value, Mapping):
        raise EntryError('the stage setting \'fixed_tables\' maps entry ids to tables, like {"12": 1}',
                         field=_field(key))
    tables: dict[int, int] = {}
    for entry, table in value.items():
        try:
            entry_id = int(entry)
        except (TypeError, ValueError):
            raise EntryError(f"fixed_tables: {entry!r} is not an entry id", field=_field(key)) from None
        if isinstance(table, bool) or not isinstance(table, int) or table < 1:
            raise EntryError(f"fixed_tables: the table for entry {entry_id} must be a number from 1, "
                             f"not {table!r}", field=_field(key))
        tables[entry_id] = table
    return tables


def round_settings(kind: str, settings: Mapping[str, Any]) -> RoundSettings:
    """The options of a round-based stage, checked."""
    if not isinstance(settings, Mapping):
        raise EntryError("a stage's settings are an object of named values", field="settings")
    default_rounds = DEFAULT_CLUB_NIGHT_ROUNDS if kind == "random_draw" else None
    rounds = _int(settings, "rounds", default_rounds)
    if kind == "swiss" and rounds is None:
        raise EntryError("a Swiss stage needs its number of rounds", field=_field("rounds"))
    games = _int(settings, "games_per_opponent", 1)
    if games not in (1, 2):
        raise EntryError(f"the stage setting 'games_per_opponent' is 1 or 2, not {games}",
                         field=_field("games_per_opponent"))
    return RoundSettings(
        rounds=rounds,
        games_per_opponent=games,  # type: ignore[arg-type]
        seed=_int(settings, "seed", None, low=0),
        order=_entry_ids(settings, "order"),
        avoid_same_club=_bool(settings, "avoid_same_club", False),
        stationary=_stationary(kind, settings),
        fixed_tables=_fixed_tables(settings),
    )


def _stationary(kind: str, settings: Mapping[str, Any]) -> list[int] | None:
    stationary = _entry_ids(settings, "stationary")
    if stationary is not None and kind != "round_robin":
        raise EntryError("only a round robin can be played as a fixed-seat rotation",
                         field=_field("stationary"))
    if stationary is not None and settings.get("fixed_tables"):
        raise EntryError("in a rotation the stationary list already fixes the tables: drop 'fixed_tables'",
                         field=_field("fixed_tables"))
    return stationary


@dataclass(frozen=True, slots=True)
class BracketSettings:
    best_of: int
    final_best_of: int | None
    third_place: bool
    grand_final_reset: bool
    seeds: list[int] | None
    consolation: bool


def bracket_settings(settings: Mapping[str, Any]) -> BracketSettings:
    """The options of a bracket stage, checked."""
    if not isinstance(settings, Mapping):
        raise EntryError("a stage's settings are an object of named values", field="settings")
    return BracketSettings(
        best_of=_odd(settings, "best_of", 3),  # type: ignore[arg-type]
        final_best_of=_odd(settings, "final_best_of", None),
        third_place=_bool(settings, "third_place", False),
        grand_final_reset=_bool(settings, "grand_final_reset", True),
        seeds=_entry_ids(settings, "seeds"),
        consolation=_bool(settings, "consolation", False),
    )


def cut_override(settings: Mapping[str, Any]) -> int | None:
    """The qualifying stage's own cut size, if it has one."""
    return _int(settings, "qualifiers", None, low=2)


def wants_consolation(settings: Mapping[str, Any]) -> bool:
    return _bool(settings, "consolation", False)

"""Checks shared by the format engine tests (plain functions, no fixtures)."""
from __future__ import annotations

from collections import Counter
from itertools import combinations

from tournaments.formats.pairing import RoundDraw


def assert_round_is_sound(draw: RoundDraw, field: set) -> None:
    """Everybody in the field exactly once, tables 1..N distinct, byes without a table."""
    seen = Counter(draw.entrants)
    assert set(seen) == field, f"round {draw.number} misses or invents entrants"
    assert max(seen.values()) == 1, f"round {draw.number}: someone plays twice"
    tables = [p.table for p in draw.matches]
    assert sorted(tables) == list(range(1, len(tables) + 1))
    assert all(p.table is None for p in draw.pairings if p.b is None)


def meetings(rounds) -> Counter:
    return Counter(frozenset((p.a, p.b)) for draw in rounds for p in draw.matches)


def perfect_matching_exists(players: list, forbidden: set[frozenset]) -> bool:
    """Brute force, for tiny fields: can ``players`` all be paired avoiding ``forbidden``?"""
    if not players:
        return True
    first, rest = players[0], players[1:]
    for other in rest:
        if frozenset((first, other)) in forbidden:
            continue
        if perfect_matching_exists([p for p in rest if p != other], forbidden):
            return True
    return False


def all_pairs(field) -> set[frozenset]:
    return {frozenset(pair) for pair in combinations(field, 2)}

"""Random draw for a club night: random seating, no repeat opponents, fair sit-outs.

The Grass Roots club night: nine games, each against a new opponent drawn at
random. With an odd count one player sits out each round, and nobody sits out
a second time before everybody has sat out once (a hard rule: the sit-out is
drawn among those who have sat out least).

Search: a random greedy draw (shuffle, give each player a random allowed
partner among those left) succeeds almost always while the field is large
compared with the rounds played, and it is what "random seating" means. When
a few tries fail (a small field late in the evening), an exact search takes
over: networkx's maximum matching on the graph of allowed meetings, with random
weights so the draw stays random. Only when that finds no complete draw for
any fair sit-out does the engine say there is none.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from tournaments.formats.errors import PairingError
from tournaments.formats.pairing import (
    SIT_OUT,
    Entrant,
    Pairing,
    RoundDraw,
    check_entrants,
    count_byes,
    opponents_by_entrant,
)
from tournaments.formats.tables import assign_tables

GREEDY_TRIES = 20


def random_draw(
    entrants: Sequence[Entrant],
    *,
    number: int,
    rng: random.Random,
    played: Iterable[tuple[Entrant, Entrant | None]] = (),
    sat_out: Iterable[Entrant] | Mapping[Entrant, int] = (),
    fixed_tables: Mapping[Entrant, int] | None = None,
) -> RoundDraw:
    """Draw round ``number``: random pairs that have not met, one fair sit-out if the count is odd.

    ``played`` holds every past meeting as ``(a, b)``; ``sat_out`` every past
    sit-out (one id per sit-out, or a count per id). ``rng`` is the only source
    of randomness (seed it to replay a draw). Tables are numbered in the random
    order of the draw, fixed tables honoured; the sit-out comes last. Raises
    ``PairingError`` when no draw without a repeat opponent exists.
    """
    field = check_entrants(entrants, field="entrants", twice="an entrant is listed twice",
                           none_marks="a sit-out")
    if len(field) < 2:
        raise PairingError("no valid draw: a round needs at least two players")
    opponents = opponents_by_entrant(played)
    sits = count_byes(sat_out)

    if len(field) % 2 == 0:
        candidates: list[Entrant | None] = [None]
    else:
        fewest = min(sits[e] for e in field)
        candidates = [e for e in field if sits[e] == fewest]
        rng.shuffle(candidates)

    for sitter in candidates:
        players = [e for e in field if e != sitter]
        pairs = _draw(players, opponents, rng)
        if pairs is not None:
            break
    else:
        raise PairingError(_why_impossible(field, opponents, {c for c in candidates if c is not None}))

    pairings = [Pairing(a=a, b=b) for a, b in pairs]
    rng.shuffle(pairings)  # random seating: table order owes nothing to the standings
    if sitter is not None:
        pairings.append(Pairing(a=sitter, b=None, flags=(SIT_OUT,)))
    return RoundDraw(number=number, pairings=assign_tables(pairings, fixed=fixed_tables))


def _draw(
    players: list[Entrant], opponents: Mapping[Entrant, set[Entrant]], rng: random.Random
) -> list[tuple[Entrant, Entrant]] | None:
    """Random pairs of players who have not met, or None when none exist."""
    for _ in range(GREEDY_TRIES):
        pairs = _greedy(players, opponents, rng)
        if pairs is not None:
            return pairs
    return _exact(players, opponents, rng)


def _greedy(
    players: list[Entrant], opponents: Mapping[Entrant, set[Entrant]], rng: random.Random
) -> list[tuple[Entrant, Entrant]] | None:
    waiting = players[:]
    rng.shuffle(waiting)
    pairs: list[tuple[Entrant, Entrant]] = []
    while waiting:
        a = waiting.pop()
        past = opponents.get(a, set())
        allowed = [i for i, b in enumerate(waiting) if b not in past]
        if not allowed:
            return None
        # Swap-remove keeps each pick O(1) once the allowed list is built.
        i = rng.choice(allowed)
        waiting[i], waiting[-1] = waiting[-1], waiting[i]
        pairs.append((a, waiting.pop()))
    return pairs


def _exact(
    players: list[Entrant], opponents: Mapping[Entrant, set[Entrant]], rng: random.Random
) -> list[tuple[Entrant, Entrant]] | None:
    import networkx as nx  # here, not at the top: it costs every Django start-up 80 ms

    graph = nx.Graph()
    graph.add_nodes_from(range(len(players)))
    for i, a in enumerate(players):
        past = opponents.get(a, set())
        for j in range(i + 1, len(players)):
            if players[j] not in past:
                # Random weights: among the complete draws, a random one wins.
                graph.add_edge(i, j, weight=rng.randint(1, 1_000_000))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != len(players):
        return None
    return [(players[i], players[j]) for i, j in matching]


def _why_impossible(
    field: Sequence[Entrant], opponents: Mapping[Entrant, set[Entrant]], may_sit_out: set[Entrant]
) -> str:
    """A reason a person can act on: name a player left with nobody, if there is one."""
    everyone = set(field)
    for entrant in field:
        if entrant in may_sit_out:
            continue  # could sit out this round, so not the reason
        if not (everyone - {entrant} - opponents.get(entrant, set())):
            return f"no valid draw: #{entrant} has already played everybody here"
    if may_sit_out:
        return (
            "no valid draw: whoever of those who have sat out least sits out, the rest "
            "cannot all be paired with new opponents"
        )
    return "no valid draw: the players cannot all be paired with new opponents"

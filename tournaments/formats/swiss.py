"""Swiss pairing: the next round from the standings, within score groups, no rematches.

Rules (PRODUCT.md section 6 and the formats issue):

- hard: nobody meets a past opponent; nobody has a second bye; with an odd
  count the bye goes to the lowest-ranked entrant who has not had one (moving
  up only when giving it to them would leave the rest impossible to pair);
- preferred, in this order: partners from the same score group (when a group
  is odd its lowest entrant meets the top of the next group, who is "pulled
  up"), club-mates kept apart when the director asks (soft), and partners as
  close in the standings as possible (1 v 2, 3 v 4 within a group).

The preferences are weights on a graph whose edges are the allowed meetings,
and networkx's ``max_weight_matching(maxcardinality=True)`` picks the best
perfect matching: a well-kept blossom implementation rather than a home-made
matcher that would fail on the awkward late-round cases.

Speed: the blossom algorithm is cubic in pure Python (a 1,000-entrant graph
takes seconds), but good pairings are local, between neighbours in the
standings. So the field is cut into blocks of consecutive ranks (at score
group boundaries where possible) and each block is matched on its own, first with edges only to a window of nearby ranks,
then with all of its edges. A block that cannot be paired is merged with its
neighbour and tried again, so in the worst case the whole field is matched as
one graph: "no valid pairing" is only ever said after an exact search. Block
boundaries fall at even positions, so the natural 1 v 2, 3 v 4 pairs never
straddle one.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from tournaments.formats.errors import PairingError
from tournaments.formats.pairing import (
    BYE,
    PULLED_UP,
    REMATCH_AVOIDED,
    SAME_CLUB,
    SAME_CLUB_AVOIDED,
    Entrant,
    Pairing,
    RoundDraw,
    check_entrants,
    count_byes,
    opponents_by_entrant,
)
from tournaments.formats.tables import assign_tables

BLOCK = 64  # entrants matched together; ~15 ms of blossom each, quality indistinguishable from one graph


class Standing(NamedTuple):
    """One line of the standings as the Swiss engine needs it (a plain 2-tuple works too)."""

    entrant: Entrant
    points: float


def swiss_round(
    standings: Sequence[Standing | tuple[Entrant, float]],
    *,
    number: int,
    played: Iterable[tuple[Entrant, Entrant | None]] = (),
    byes: Iterable[Entrant] | Mapping[Entrant, int] = (),
    clubs: Mapping[Entrant, str | None] | None = None,
    avoid_same_club: bool = False,
    fixed_tables: Mapping[Entrant, int] | None = None,
) -> RoundDraw:
    """Pair round ``number`` of a Swiss stage.

    ``standings`` lists every entrant still playing, best first, with the points
    that make the score groups (game points or match points: whatever the rule
    set ranks by). ``played`` holds every past meeting as an ``(a, b)`` pair (bye
    rows with ``b`` None are ignored), ``byes`` every past bye (one id per bye,
    or a count per id). ``clubs`` maps entrants to a club (None or missing: no
    club). Pairings come top board first with the better-ranked entrant as
    ``a``; the bye, if any, comes last. Raises ``PairingError`` when the hard
    rules leave no pairing.
    """
    order = check_entrants((entry[0] for entry in standings), field="standings",
                           twice="an entrant appears twice in the standings", none_marks="a bye")
    points = {entry[0]: entry[1] for entry in standings}
    if len(order) < 2:
        raise PairingError("no valid Swiss pairing: a round needs at least two entrants")
    opponents = opponents_by_entrant(played)
    had_bye = count_byes(byes)
    clubs = clubs or {}
    # Score group 0 is the top group; a float's cost grows with the distance.
    distinct = sorted(set(points.values()), reverse=True)
    group_of = {value: i for i, value in enumerate(distinct)}
    group = {e: group_of[points[e]] for e in order}
    rank = {e: i for i, e in enumerate(order)}

    matcher = _BlockMatcher(opponents, clubs if avoid_same_club else {}, group, rank)
    bye: Entrant | None = None
    if len(order) % 2 == 0:
        pairs = matcher.pair(order)
        if pairs is None:
            raise PairingError(_why_impossible(order, opponents))
    else:
        candidates = [e for e in reversed(order) if not had_bye[e]]
        if not candidates:
            raise PairingError(
                "no valid Swiss pairing: the count is odd and every entrant has already had a bye"
            )
        pairs = None
        for bye in candidates:
            pairs = matcher.pair([e for e in order if e != bye])
            if pairs is not None:
                break
        if pairs is None:
            raise PairingError(_why_impossible(order, opponents, may_sit_out=set(candidates)))

    rest = [e for e in order if e != bye]
    natural = {}  # the opponent a history-free draw would give: 1 v 2, 3 v 4...
    for i in range(0, len(rest) - 1, 2):
        natural[rest[i]], natural[rest[i + 1]] = rest[i + 1], rest[i]
    pairings: list[Pairing] = []
    for x, y in sorted(pairs, key=lambda pair: min(rank[pair[0]], rank[pair[1]])):
        a, b = (x, y) if rank[x] < rank[y] else (y, x)
        flags: list[str] = []
        if group[a] != group[b]:
            flags.append(PULLED_UP)
        if any(natural[e] != partner and natural[e] in opponents.get(e, ()) for e, partner in ((a, b), (b, a))):
            flags.append(REMATCH_AVOIDED)
        if avoid_same_club:
            if any(
                natural[e] != partner and _same_club(clubs, e, natural[e])
                for e, partner in ((a, b), (b, a))
            ):
                flags.append(SAME_CLUB_AVOIDED)
            if _same_club(clubs, a, b):
                flags.append(SAME_CLUB)
        pairings.append(Pairing(a=a, b=b, flags=tuple(flags)))
    if bye is not None:
        pairings.append(Pairing(a=bye, b=None, flags=(BYE,)))
    return RoundDraw(number=number, pairings=assign_tables(pairings, fixed=fixed_tables))


def _same_club(clubs: Mapping[Entrant, str | None], a: Entrant, b: Entrant) -> bool:
    club = clubs.get(a)
    return club is not None and club == clubs.get(b)


def _why_impossible(
    order: Sequence[Entrant],
    opponents: Mapping[Entrant, set[Entrant]],
    may_sit_out: set[Entrant] | None = None,
) -> str:
    """A reason a person can act on: name the entrant left with nobody, if there is one."""
    field = set(order)
    for entrant in reversed(order):  # the lowest such entrant: usually the one who has played most
        if may_sit_out and entrant in may_sit_out:
            continue  # could take the bye, so not the reason
        if not (field - {entrant} - opponents.get(entrant, set())):
            return f"no valid Swiss pairing: every remaining opponent of #{entrant} is a rematch"
    if may_sit_out:
        return (
            "no valid Swiss pairing: whoever without a bye yet takes this round's bye, "
            "the others cannot all be paired without a rematch"
        )
    return (
        f"no valid Swiss pairing: the {len(order)} entrants cannot all be paired "
        "without a rematch"
    )


class _BlockMatcher:
    """Perfect matchings of minimum cost over blocks of consecutive ranks (see module doc)."""

    def __init__(
        self,
        opponents: Mapping[Entrant, set[Entrant]],
        clubs: Mapping[Entrant, str | None],
        group: Mapping[Entrant, int],
        rank: Mapping[Entrant, int],
    ) -> None:
        self.opponents = opponents
        self.clubs = clubs
        self.group = group
        self.rank = rank
        self.solved: dict[tuple[Entrant, ...], list[tuple[Entrant, Entrant]] | None] = {}
        most_played = max((len(o) for o in opponents.values()), default=0)
        # Past opponents in a Swiss sit near one's own rank, so the window must
        # reach past them to leave real choice.
        self.window = max(16, 2 * most_played + 8)

    def pair(self, entrants: Sequence[Entrant]) -> list[tuple[Entrant, Entrant]] | None:
        blocks = self._blocks(entrants)
        pairs: list[list[tuple[Entrant, Entrant]]] = []
        i = 0
        while i < len(blocks):
            solution = self._solve(tuple(blocks[i]))
            if solution is not None:
                pairs.append(solution)
                i += 1
            elif i + 1 < len(blocks):
                blocks[i].extend(blocks.pop(i + 1))
            elif i > 0:
                # The last block cannot be paired alone: give it the block above
                # (undoing that block's pairing) so both are solved together.
                pairs.pop()
                blocks[i - 1].extend(blocks.pop(i))
                i -= 1
            else:
                return None
        return [pair for block in pairs for pair in block]

    def _blocks(self, entrants: Sequence[Entrant]) -> list[list[Entrant]]:
        """Consecutive even-sized runs of about ``BLOCK`` entrants, cut between score groups.

        A cut inside a score group could leave each side with an odd part of
        it and force a float the whole field would not need, so each block
        ends at the first even position after ``BLOCK`` entrants where the
        score group changes (up to twice ``BLOCK``), else after ``BLOCK``.
        """
        group = self.group
        blocks: list[list[Entrant]] = []
        start, size = 0, len(entrants)
        while start < size:
            if size - start < BLOCK + BLOCK // 2:
                end = size  # no tiny last block with no room to manoeuvre
            else:
                end = next(
                    (
                        p
                        for p in range(start + BLOCK, min(size - BLOCK // 2, start + 2 * BLOCK), 2)
                        if group[entrants[p - 1]] != group[entrants[p]]
                    ),
                    start + BLOCK,
                )
            blocks.append(list(entrants[start:end]))
            start = end
        return blocks

    def _solve(self, block: tuple[Entrant, ...]) -> list[tuple[Entrant, Entrant]] | None:
        if block not in self.solved:
            result = self._match(block, self.window)
            if result is None and self.window < len(block) - 1:
                result = self._match(block, len(block))
            self.solved[block] = result
        return self.solved[block]

    def _match(self, block: tuple[Entrant, ...], window: int) -> list[tuple[Entrant, Entrant]] | None:
        import networkx as nx  # here, not at the top: it costs every Django start-up 80 ms

        size = len(block)
        # Integer weights so the blossom algorithm compares exactly. A float
        # (different score groups) costs more than any club clash, and a club
        # clash more than any distance in ranks inside the block.
        club_cost = size * size + 1
        float_cost = club_cost * size
        top_group = max(self.group[e] for e in block) - min(self.group[e] for e in block)
        ceiling = float_cost * top_group * top_group + club_cost + size * size + 1
        graph = nx.Graph()
        graph.add_nodes_from(range(size))
        for i, a in enumerate(block):
            past = self.opponents.get(a, ())
            for j in range(i + 1, min(size, i + window + 1)):
                b = block[j]
                if b in past:
                    continue
                cost = (self.rank[b] - self.rank[a]) ** 2
                gap = self.group[a] - self.group[b]
                if gap:
                    cost += float_cost * gap * gap
                if _same_club(self.clubs, a, b):
                    cost += club_cost
                graph.add_edge(i, j, weight=ceiling - cost)
        if any(degree == 0 for _, degree in graph.degree()):
            return None  # someone has nobody allowed in reach: no need to run the blossom
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        if 2 * len(matching) != size:
            return None
        return [(block[i], block[j]) for i, j in matching]


def score_groups(standings: Sequence[Standing | tuple[Entrant, float]]) -> tuple[tuple[Entrant, ...], ...]:
    """The standings cut into score groups (same points), top group first, for display."""
    groups: dict[float, list[Entrant]] = {}
    for entrant, points in standings:
        groups.setdefault(points, []).append(entrant)
    return tuple(tuple(groups[p]) for p in sorted(groups, reverse=True))


__all__ = ["Standing", "score_groups", "swiss_round"]

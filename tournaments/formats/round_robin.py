"""Round robin schedules: the circle method and fixed-seat rotation.

Both produce the whole schedule up front (a tuple of ``RoundDraw``), so the
director can print it (``pairing.render_schedule``) before the first card is cut.

*Circle method* (the ACC way): every entrant plays the same number of rounds,
each against a different opponent; a full schedule meets everybody once. With
an odd count a phantom entrant makes the count even and whoever draws it has a
bye that round, so over a full schedule everybody has exactly one bye.

*Fixed-seat rotation* for rooms where players keep a side: one half of the field
is stationary (each keeps a table for the whole event), the other half moves up
one table every round (from the last table back to table 1). Every stationary
entrant meets every moving one once; two stationary entrants never meet (that
is the price of keeping a seat), so a full rotation has ``ceil(n / 2)`` rounds.

``games_per_opponent=2`` makes each pairing a two-game match; opponents still
change every round. The pairing suggests alternating first deals (``a`` in game 1,
``b`` in game 2), but Pegboard's results follow PRODUCT.md §4 instead: game 1's
first deal is cut for, and the loser of a game deals first in the next, so the
services do not store the suggestion.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from tournaments.formats.errors import FormatError
from tournaments.formats.pairing import BYE, STATIONARY, Entrant, Pairing, RoundDraw, check_entrants
from tournaments.formats.tables import assign_tables


def round_robin(
    entrants: Sequence[Entrant],
    *,
    rounds: int | None = None,
    games_per_opponent: int = 1,
    fixed_tables: Mapping[Entrant, int] | None = None,
) -> tuple[RoundDraw, ...]:
    """A circle-method schedule: the full round robin, or its first ``rounds`` rounds.

    A full schedule has ``n - 1`` rounds for an even count and ``n`` for an odd
    one; fewer rounds keep every opponent different. Tables are numbered in the
    circle's order (fixed tables honoured), byes come last in each round.
    """
    field = _distinct(entrants)
    _check_games(games_per_opponent)
    seats: list[Entrant | None] = list(field)
    if len(seats) % 2:
        seats.append(None)  # the phantom: whoever meets it has the bye
    size = len(seats)
    full = size - 1
    count = _check_rounds(rounds, full, f"a round robin of {len(field)} entrants")

    fixed, rotating = seats[0], seats[1:]
    schedule: list[RoundDraw] = []
    for number in range(count):
        # Seat i (1..size-1) holds rotating[(i - 1 - number) mod (size - 1)]: the
        # circle turns one place per round while seat 0 stays, which is what
        # makes every pair meet exactly once in size - 1 rounds.
        turned = rotating[full - number :] + rotating[: full - number] if number else rotating
        circle = [fixed, *turned]
        pairings: list[Pairing] = []
        byes: list[Pairing] = []
        for i in range(size // 2):
            a, b = circle[i], circle[size - 1 - i]
            # The fixed seat would otherwise always be side a (and deal first in
            # a two-game match); alternate it so first deals balance out.
            if i == 0 and number % 2:
                a, b = b, a
            if a is None or b is None:
                byes.append(Pairing(a=b if a is None else a, b=None, flags=(BYE,)))
            else:
                pairings.append(_match(a, b, games_per_opponent))
        schedule.append(
            RoundDraw(number=number + 1, pairings=assign_tables([*pairings, *byes], fixed=fixed_tables))
        )
    return tuple(schedule)


def rotation(
    entrants: Sequence[Entrant],
    *,
    stationary: Sequence[Entrant] | None = None,
    rounds: int | None = None,
    games_per_opponent: int = 1,
) -> tuple[RoundDraw, ...]:
    """A fixed-seat rotation: stationary entrants keep table i+1, movers move up one table a round.

    ``stationary`` lists the entrants who keep their seat, in table order (table
    1 first); by default the first ``ceil(n / 2)`` entrants. It must be half the
    field (rounded either way). The mover listed j-th (0-based) sits at table
    ``(j + r) mod tables + 1`` in round ``r + 1``. With an odd count one table is
    short of a player each round: its occupant has a bye, each player of the
    larger side exactly once over the full rotation. Every pairing has the
    stationary entrant as ``a`` and the flag ``stationary``.
    """
    field = _distinct(entrants)
    _check_games(games_per_opponent)
    if stationary is None:
        still = list(field[: (len(field) + 1) // 2])
    else:
        still = list(stationary)
        unknown = [e for e in still if e not in set(field)]
        if unknown:
            raise FormatError(
                f"#{unknown[0]} is stationary but not in the field", field="stationary"
            )
        if len(set(still)) != len(still):
            raise FormatError("an entrant is listed twice as stationary", field="stationary")
        if len(still) not in {len(field) // 2, (len(field) + 1) // 2}:
            raise FormatError(
                f"a rotation keeps half the field stationary: {len(field) // 2} or "
                f"{(len(field) + 1) // 2} of {len(field)}, not {len(still)}",
                field="stationary",
            )
    still_set = set(still)
    movers: list[Entrant | None] = [e for e in field if e not in still_set]
    tables = max(len(still), len(movers))
    seated: list[Entrant | None] = [*still, *([None] * (tables - len(still)))]
    movers += [None] * (tables - len(movers))
    count = _check_rounds(rounds, tables, f"a rotation of {len(field)} entrants")

    schedule: list[RoundDraw] = []
    for number in range(count):
        pairings: list[Pairing] = []
        byes: list[Pairing] = []
        for table in range(tables):
            # Mover j sits at table (j + number) mod tables, so the mover at this
            # table came from the table below it.
            a = seated[table]
            b = movers[(table - number) % tables]
            if a is None or b is None:
                if a is not None or b is not None:
                    byes.append(Pairing(a=b if a is None else a, b=None, flags=(BYE,)))
                continue
            match = _match(a, b, games_per_opponent)
            pairings.append(
                Pairing(
                    a=a,
                    b=b,
                    flags=(STATIONARY,),
                    table=table + 1,
                    games=match.games,
                    first_dealers=match.first_dealers,
                )
            )
        schedule.append(RoundDraw(number=number + 1, pairings=(*pairings, *byes)))
    return tuple(schedule)


def _match(a: Entrant, b: Entrant, games: int) -> Pairing:
    if games == 2:
        return Pairing(a=a, b=b, games=2, first_dealers=(a, b))
    return Pairing(a=a, b=b)


def _distinct(entrants: Sequence[Entrant]) -> list[Entrant]:
    field = list(entrants)
    if len(field) < 2:
        raise FormatError("a schedule needs at least two entrants", field="entrants")
    return check_entrants(field, field="entrants", twice="an entrant is listed twice", none_marks="a bye")


def _check_games(games_per_opponent: int) -> None:
    if games_per_opponent not in {1, 2}:
        raise FormatError(
            f"one or two games per opponent, not {games_per_opponent}",
            field="games_per_opponent",
        )


def _check_rounds(rounds: int | None, full: int, what: str) -> int:
    if rounds is None:
        return full
    if not 1 <= rounds <= full:
        raise FormatError(
            f"{what} has {full} rounds with every opponent different; {rounds} asked",
            field="rounds",
        )
    return rounds

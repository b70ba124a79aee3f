"""Table numbers (fixed tables first, top boards first) and the ACC cut."""
from __future__ import annotations

import pytest

from tournaments.formats.cut import cut, qualifiers_for
from tournaments.formats.errors import FormatError, PairingError
from tournaments.formats.pairing import FIXED_TABLE, Pairing
from tournaments.formats.tables import assign_tables


def pairs(*couples):
    return [Pairing(a=a, b=b) for a, b in couples]


def test_tables_follow_pairing_order():
    seated = assign_tables(pairs((1, 2), (3, 4), (5, None), (6, 7)))
    assert [(p.table, p.a) for p in seated] == [(1, 1), (2, 3), (3, 6), (None, 5)]


def test_fixed_tables_are_kept_and_the_rest_fill_the_gaps():
    seated = assign_tables(pairs((1, 2), (3, 4), (5, 6)), fixed={6: 1})
    assert [(p.table, p.a, p.flags) for p in seated] == [
        (1, 5, (FIXED_TABLE,)),
        (2, 1, ()),
        (3, 3, ()),
    ]


def test_fixed_table_beyond_the_field_is_a_real_table():
    seated = assign_tables(pairs((1, 2), (3, 4)), fixed={4: 12})
    assert [(p.table, p.a) for p in seated] == [(1, 1), (12, 3)]


def test_two_fixed_players_at_one_table_sit_at_the_first_free_one():
    seated = assign_tables(pairs((1, 2), (3, 4)), fixed={1: 2, 3: 2, 4: 1})
    assert [(p.table, p.a) for p in seated] == [(1, 3), (2, 1)]


def test_clashing_fixed_tables_are_a_pairing_error():
    with pytest.raises(PairingError, match="table 3 is fixed for both #1 and #4") as error:
        assign_tables(pairs((1, 2), (3, 4)), fixed={1: 3, 4: 3})
    assert error.value.api_status == 409


def test_bad_table_number_is_refused():
    with pytest.raises(FormatError):
        assign_tables(pairs((1, 2)), fixed={1: 0})


@pytest.mark.parametrize(
    ("entrants", "qualifiers"),
    [(4, 1), (5, 2), (8, 2), (9, 3), (27, 7), (108, 27), (120, 30),
     (121, 31), (122, 31), (123, 31), (124, 31), (125, 32)],
)
def test_one_in_four_qualify_rounded_up(entrants, qualifiers):
    assert qualifiers_for(entrants) == qualifiers


def test_director_override_is_validated():
    assert qualifiers_for(124, override=32) == 32
    for bad in (1, 125):
        with pytest.raises(FormatError, match="between 2 and 124") as error:
            qualifiers_for(124, override=bad)
        assert error.value.field == "override"
        assert error.value.api_status == 400
    with pytest.raises(FormatError):
        qualifiers_for(0)


def test_cut_splits_in_qualifying_order():
    ranked = list(range(1, 125))
    qualified, rest = cut(ranked)
    assert qualified == tuple(range(1, 32))
    assert rest == tuple(range(32, 125))
    assert cut(ranked, override=4)[0] == (1, 2, 3, 4)

"""Catan Online World points per game: 1st gets N+1, place k >= 2 gets N-k+1 (seed 001)."""

from __future__ import annotations

import pytest

from tablerank.engine.systems.cow.points import Points, points_table

from ...builders import game, seat, vp_game


@pytest.mark.parametrize(
    ("size", "table"),
    [
        (2, (3, 1)),
        (3, (4, 2, 1)),
        (4, (5, 3, 2, 1)),
        (5, (6, 4, 3, 2, 1)),
        (6, (7, 5, 4, 3, 2, 1)),
    ],
)
def test_points_by_position_and_table_size(size: int, table: tuple[int, ...]) -> None:
    assert points_table(size) == table
    g = vp_game(10, *range(9, 9 - size + 1, -1))
    changes = Points().changes(g, {})
    assert tuple(changes[s.player] for s in g.seats) == table


def test_a_tie_for_second_and_third_in_a_three_player_game_gives_1_5_each() -> None:
    assert Points().changes(vp_game(10, 7, 7), {}) == {"A": 4, "B": 1.5, "C": 1.5}


def test_a_shared_first_place_shares_the_first_and_second_awards() -> None:
    g = game([seat("A", place=1), seat("B", place=1), seat("C", place=3), seat("D", place=4)])
    assert Points().changes(g, {}) == {"A": 4, "B": 4, "C": 2, "D": 1}


def test_a_tie_for_last_shares_the_last_places() -> None:
    assert Points().changes(vp_game(10, 8, 3, 3), {}) == {"A": 5, "B": 3, "C": 1.5, "D": 1.5}


def test_the_rating_is_the_sum_of_points() -> None:
    table = Points().rate([vp_game(10, 8, 6, id="g1"), vp_game(10, 8, 6, 4, id="g2", winner=3)])
    assert {s.player: s.rating for s in table.standings} == {
        "A": 4 + 3,
        "B": 2 + 2,
        "C": 1 + 1,
        "D": 5,
    }
    assert table.system == "cow.points"


def test_the_explanation_names_the_shared_positions() -> None:
    e = Points().explain([vp_game(10, 7, 7)], "g1")
    assert [t.why for t in e.terms] == [
        "1st of 3: 4",
        "2nd-3rd shared by 2 of 3: (2 + 1) / 2 = 1.5",
        "2nd-3rd shared by 2 of 3: (2 + 1) / 2 = 1.5",
    ]
    assert e.notes == ("3-player table: 4/2/1",)

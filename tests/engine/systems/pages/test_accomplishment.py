"""P.A.G.E.S. Accomplishment: only the winner earns 1 point (seed 000, system 2)."""

from __future__ import annotations

from tablerank.engine.systems.pages.accomplishment import Accomplishment

from ...builders import game, seat, vp_game


def test_only_the_winner_earns_one_point() -> None:
    assert Accomplishment().changes(vp_game(10, 9, 2, 1), {}) == {"A": 1, "B": 0, "C": 0, "D": 0}


def test_second_place_is_just_the_first_loser() -> None:
    changes = Accomplishment().changes(vp_game(8, 10, 9, winner=1), {})
    assert changes == {"A": 0, "B": 1, "C": 0}


def test_a_shared_first_place_splits_the_point() -> None:
    g = game([seat("A", 10, place=1), seat("B", 10, place=1), seat("C", 7, place=3)])
    assert Accomplishment().changes(g, {}) == {"A": 0.5, "B": 0.5, "C": 0}


def test_a_three_way_shared_first_place_splits_it_in_three() -> None:
    g = game([seat(p, 9, place=1) for p in "ABC"] + [seat("D", 3, place=4)])
    changes = Accomplishment().changes(g, {})
    assert changes["A"] == changes["B"] == changes["C"] == 1 / 3
    assert changes["D"] == 0


def test_vp_are_not_needed() -> None:
    g = game([seat("A", winner=True), seat("B"), seat("C")])
    assert Accomplishment().changes(g, {}) == {"A": 1, "B": 0, "C": 0}


def test_the_rating_counts_wins() -> None:
    table = Accomplishment().rate(
        [
            vp_game(10, 8, 6, id="g1"),
            vp_game(10, 8, 6, id="g2", winner=1),
            vp_game(10, 8, 6, id="g3", winner=1),
        ]
    )
    assert [(s.player, s.rank, s.rating) for s in table.standings] == [
        ("B", 1, 2),
        ("A", 2, 1),
        ("C", 3, 0),
    ]


def test_the_explanation_names_the_position() -> None:
    e = Accomplishment().explain([vp_game(10, 8, 6)], "g1")
    assert [t.why for t in e.terms] == ["1st of 3: 1", "2nd of 3: 0", "3rd of 3: 0"]
    assert e.notes == ("3-player table: 1/0/0",)

"""P.A.G.E.S. Point system: each game adds the player's VP (seed 000, system 1)."""

from __future__ import annotations

import pytest

from tablerank.engine.systems.base import NotRated
from tablerank.engine.systems.pages.point import Point
from tablerank.errors import RatingError

from ...builders import game, placed_game, seat, vp_game


def test_each_game_adds_the_players_vp() -> None:
    assert Point().changes(vp_game(10, 7, 4), {}) == {"A": 10, "B": 7, "C": 4}


def test_seven_vp_always_mean_seven_points_whatever_the_table() -> None:
    assert Point().changes(vp_game(10, 7, 4), {})["B"] == 7
    assert Point().changes(vp_game(11, 9, 7), {})["C"] == 7


def test_the_rating_is_the_running_total_of_vp() -> None:
    table = Point().rate(
        [vp_game(10, 7, 4, id="g1"), vp_game(10, 9, 8, id="g2", date="2026-03-15")]
    )
    assert [(s.player, s.rank, s.rating, s.games) for s in table.standings] == [
        ("A", 1, 20, 2),
        ("B", 2, 16, 2),
        ("C", 3, 12, 2),
    ]
    assert table.system == "pages.point"
    assert table.not_rated == ()


def test_equal_totals_share_a_rank() -> None:
    table = Point().rate([vp_game(10, 6, 6)])
    assert [(s.player, s.rank) for s in table.standings] == [("A", 1), ("B", 2), ("C", 2)]


def test_fractional_vp_count_as_given() -> None:
    assert Point().changes(vp_game(10, 7.5, 3), {})["B"] == 7.5


def test_a_missing_vp_is_a_rating_error_naming_the_seat() -> None:
    g = game([seat("A", winner=True), seat("Bo", 7), seat("Cy", 4)])
    with pytest.raises(RatingError) as info:
        Point().changes(g, {})
    assert info.value.system == "pages.point"
    assert info.value.record_id == "g1"
    assert str(info.value) == "pages.point: game g1: seats[0] (A) has no vp; this system scores VP"


def test_an_abandoned_seat_is_not_scored_and_is_reported() -> None:
    g = game([seat("A", 10, winner=True), seat("B", 5, status="abandoned"), seat("C", 6)])
    assert Point().changes(g, {}) == {"A": 10, "C": 6}
    table = Point().rate([g])
    assert table.not_rated == (NotRated("g1", "B", "left the game mid-way: holds no final place"),)


def test_an_abandoned_seat_without_vp_does_not_stop_the_game_being_scored() -> None:
    g = game([seat("A", 10, winner=True), seat("B", status="abandoned"), seat("C", 6)])
    assert Point().changes(g, {}) == {"A": 10, "C": 6}


def test_games_other_than_catan_are_not_rated() -> None:
    g = placed_game(1, 2, game_title="Kremlin")
    table = Point().rate([g])
    assert table.standings == ()
    assert table.not_rated == (NotRated("g1", None, "pages.point rates Catan games, not Kremlin"),)


def test_the_explanation_itemises_each_players_vp() -> None:
    e = Point().explain([vp_game(10, 7, 4)], "g1")
    assert e.changes == {"A": 10, "B": 7, "C": 4}
    assert [(t.player, t.amount, t.why) for t in e.terms] == [
        ("A", 10, "10 VP"),
        ("B", 7, "7 VP"),
        ("C", 4, "4 VP"),
    ]
    assert e.before == {"A": 0, "B": 0, "C": 0}
    assert e.after == {"A": 10, "B": 7, "C": 4}
    assert e.notes == ("table VP: 10/7/4",)

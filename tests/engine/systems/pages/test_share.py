"""P.A.G.E.S. Share: each game adds VP / table VP (seed 000, system 5)."""

from __future__ import annotations

from tablerank.engine.systems.pages.share import Share

from ...builders import vp_game


def test_seven_of_10_7_4_is_a_share_of_0_33() -> None:
    share = Share().changes(vp_game(10, 7, 4), {})["B"]
    assert round(share, 2) == 0.33
    assert share == 7 / 21


def test_seven_of_11_9_7_is_merely_0_26() -> None:
    share = Share().changes(vp_game(11, 9, 7), {})["C"]
    assert round(share, 2) == 0.26
    assert share == 7 / 27


def test_the_shares_of_a_table_add_up_to_one() -> None:
    assert sum(Share().changes(vp_game(10, 8, 5, 3), {}).values()) == 1


def test_a_table_where_nobody_scored_adds_no_share() -> None:
    assert Share().changes(vp_game(0, 0, 0), {}) == {"A": 0, "B": 0, "C": 0}


def test_the_rating_is_the_sum_of_shares() -> None:
    table = Share().rate([vp_game(10, 7, 4, id="g1"), vp_game(11, 9, 7, id="g2")])
    ratings = {s.player: s.rating for s in table.standings}
    assert ratings["A"] == 10 / 21 + 11 / 27
    assert ratings["C"] == 4 / 21 + 7 / 27


def test_the_explanation_shows_the_division() -> None:
    e = Share().explain([vp_game(10, 7, 4)], "g1")
    assert e.terms[1].why == "7 VP / 21 table VP = 0.333"
    zero = Share().explain([vp_game(0, 0, 0, id="z")], "z")
    assert zero.terms[0].why == "table VP is 0: no share"

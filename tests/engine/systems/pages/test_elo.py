"""P.A.G.E.S. Elo: N x VP - table VP, zero-sum (seed 000, system 4)."""

from __future__ import annotations

import pytest

from tablerank.engine.systems.pages.elo import Elo

from ...builders import vp_game


def test_a_close_three_player_game_10_9_9_gives_plus_2_minus_1_minus_1() -> None:
    assert Elo().changes(vp_game(10, 9, 9), {}) == {"A": 2, "B": -1, "C": -1}


def test_a_stomp_10_6_5_gives_plus_9_minus_3_minus_6() -> None:
    assert Elo().changes(vp_game(10, 6, 5), {}) == {"A": 9, "B": -3, "C": -6}


def test_four_player_tables_use_four_times_your_vp() -> None:
    # 4 x VP - 28 table VP
    assert Elo().changes(vp_game(10, 8, 6, 4), {}) == {"A": 12, "B": 4, "C": -4, "D": -12}


def test_five_player_tables_use_five_times_your_vp() -> None:
    assert Elo().changes(vp_game(10, 8, 6, 4, 2), {}) == {
        "A": 20,
        "B": 10,
        "C": 0,
        "D": -10,
        "E": -20,
    }


@pytest.mark.parametrize("others", [(9, 9), (6, 5), (3, 0), (10, 2)])
def test_reaching_11_instead_of_10_rewards_at_least_2_points(others: tuple[int, int]) -> None:
    at_10 = Elo().changes(vp_game(10, *others), {})["A"]
    at_11 = Elo().changes(vp_game(11, *others), {})["A"]
    assert at_11 - at_10 == 2


def test_the_game_is_zero_sum() -> None:
    assert sum(Elo().changes(vp_game(13, 11, 7, 2), {}).values()) == 0


def test_the_rating_is_a_running_total() -> None:
    table = Elo().rate([vp_game(10, 9, 9, id="g1"), vp_game(10, 6, 5, id="g2")])
    assert {s.player: s.rating for s in table.standings} == {"A": 11, "B": -4, "C": -7}


def test_the_explanation_shows_the_arithmetic() -> None:
    e = Elo().explain([vp_game(10, 6, 5)], "g1")
    assert [(t.amount, t.why) for t in e.terms] == [
        (9, "3 x 10 VP - 21 table VP = +9"),
        (-3, "3 x 6 VP - 21 table VP = -3"),
        (-6, "3 x 5 VP - 21 table VP = -6"),
    ]

"""P.A.G.E.S. Glory: position points with ties shared (seed 000, system 3)."""

from __future__ import annotations

from typing import Any

import pytest

from tablerank.engine.systems.pages.glory import DEFAULT_TABLES, Glory
from tablerank.errors import InvalidParameter, RatingError

from ...builders import NAMES, game, seat, vp_game


def glory(*vps: float, **fields: Any) -> list[float]:
    """Glory awards in seat order for a Catan table where seat A wins."""
    g = vp_game(*vps, **fields)
    changes = Glory().changes(g, {})
    return [changes[s.player] for s in g.seats]


def test_three_players_score_40_20_0() -> None:
    assert glory(10, 8, 5) == [40, 20, 0]


def test_a_tie_for_second_in_a_three_player_game_shares_40_10_10() -> None:
    assert glory(10, 6, 6) == [40, 10, 10]


def test_four_players_score_50_20_10_0() -> None:
    assert glory(10, 8, 6, 4) == [50, 20, 10, 0]


def test_a_tie_for_second_in_a_four_player_game_shares_50_15_15_0() -> None:
    assert glory(10, 7, 7, 4) == [50, 15, 15, 0]


def test_a_tie_for_third_in_a_four_player_game_shares_50_20_5_5() -> None:
    assert glory(10, 8, 5, 5) == [50, 20, 5, 5]


def test_a_three_way_tie_behind_the_winner_shares_50_10_10_10() -> None:
    assert glory(10, 6, 6, 6) == [50, 10, 10, 10]


def test_first_once_and_last_twice_is_40_but_second_three_times_is_60() -> None:
    # "if you finish first in one game and last in two, you get only 40 points; meanwhile, if
    # you finish second in all three games, you get 60 points."
    games = [
        game([seat("Ann", 10, winner=True), seat("Bo", 8), seat("Cy", 6)], id="g1"),
        game([seat("Cy", 10, winner=True), seat("Bo", 8), seat("Ann", 6)], id="g2"),
        game([seat("Cy", 10, winner=True), seat("Bo", 8), seat("Ann", 6)], id="g3"),
    ]
    ratings = {s.player: s.rating for s in Glory().rate(games).standings}
    assert ratings["Ann"] == 40
    assert ratings["Bo"] == 60
    assert ratings["Cy"] == 80


@pytest.mark.parametrize(
    ("size", "table"),
    [
        (2, (30, 0)),
        (3, (40, 20, 0)),
        (4, (50, 20, 10, 0)),
        (5, (60, 30, 20, 10, 0)),
        (6, (70, 40, 30, 20, 10, 0)),
    ],
)
def test_the_default_table_for_each_size(size: int, table: tuple[float, ...]) -> None:
    vps = [10, *range(9, 9 - size + 1, -1)]
    assert tuple(glory(*vps)) == table
    assert DEFAULT_TABLES[size] == table


def test_the_player_with_the_lowest_vp_scores_nothing_at_every_default_size() -> None:
    for size, table in DEFAULT_TABLES.items():
        assert table[-1] == 0, size
        assert all(x > 0 for x in table[:-1]), size


def test_a_seven_player_game_has_no_default_table() -> None:
    g = vp_game(10, 9, 8, 7, 6, 5, 4)
    with pytest.raises(RatingError) as info:
        Glory().changes(g, {})
    assert info.value.system == "pages.glory"
    assert "no Glory table for 7 players" in str(info.value)
    assert "tables.7=" in str(info.value)


def test_a_configured_table_rates_a_seven_player_game() -> None:
    system = Glory.configured({"tables.7": "80,50,40,30,20,10,0"})
    g = vp_game(10, 9, 8, 7, 6, 6, 4)
    assert system.changes(g, {}) == {
        "A": 80,
        "B": 50,
        "C": 40,
        "D": 30,
        "E": 15,
        "F": 15,
        "G": 0,
    }


def test_configuring_one_size_keeps_the_other_defaults_and_can_override_them() -> None:
    system = Glory.configured({"tables.7": "7,6,5,4,3,2,1", "tables.3": "3,2,1"})
    assert system.tables[7] == (7, 6, 5, 4, 3, 2, 1)
    assert system.tables[3] == (3, 2, 1)
    assert system.tables[4] == (50, 20, 10, 0)
    assert Glory().tables[3] == (40, 20, 0)


@pytest.mark.parametrize(
    ("key", "text", "message"),
    [
        ("tables", "40,20,0", "name the table size"),
        ("tables.x", "40,20,0", "name the table size"),
        ("tables.0", "", "name the table size"),
        ("tables.3", "40,20", "a 3-player table needs 3 values, got 2"),
        ("tables.3", "40,twenty,0", "expected numbers separated by commas, got '40,twenty,0'"),
        ("tables.3", "", "expected numbers separated by commas, got ''"),
        ("table.3", "40,20,0", "pages.glory has no parameter 'table.3'"),
    ],
)
def test_bad_table_texts_are_invalid_parameters(key: str, text: str, message: str) -> None:
    with pytest.raises(InvalidParameter) as info:
        Glory.configured({key: text})
    assert message in str(info.value)


def test_glory_needs_no_vp_when_places_are_given() -> None:
    g = game([seat(n, place=p) for n, p in zip(NAMES, (1, 2, 2, 4), strict=False)])
    assert Glory().changes(g, {}) == {"A": 50, "B": 15, "C": 15, "D": 0}


def test_the_table_size_counts_only_seats_present_at_the_end() -> None:
    g = game(
        [
            seat("A", 10, winner=True),
            seat("B", 8),
            seat("C", 2, status="abandoned"),
            seat("D", 5, status="substitute"),
        ]
    )
    assert Glory().changes(g, {}) == {"A": 40, "B": 20, "D": 0}


def test_the_explanation_shows_how_a_tie_is_shared() -> None:
    e = Glory().explain([vp_game(10, 7, 7, 4)], "g1")
    assert [t.why for t in e.terms] == [
        "1st of 4: 50",
        "2nd-3rd shared by 2 of 4: (20 + 10) / 2 = 15",
        "2nd-3rd shared by 2 of 4: (20 + 10) / 2 = 15",
        "4th of 4: 0",
    ]
    assert e.notes == ("4-player table: 50/20/10/0",)

"""The shared replay loop: date order, start ratings, not-rated reports, explanations."""

from __future__ import annotations

import re

import pytest

from tablerank.engine.records import Game
from tablerank.engine.systems.base import Explanation, NotRated, Term, chronological
from tablerank.engine.systems.cow.elo import Elo
from tablerank.engine.systems.pages.point import Point
from tablerank.errors import UnknownRecord

from ..builders import event, field_of, placed_game, standing, vp_game


def test_records_are_rated_by_date_and_in_input_order_within_a_day() -> None:
    a = vp_game(10, 5, id="a", date="2026-03-02")
    b = vp_game(10, 5, id="b", date="2026-03-01")
    c = vp_game(10, 5, id="c", date="2026-03-02")
    d = field_of(4, id="d")  # 2026-03-14
    assert [r.id for r in chronological([d, a, b, c])] == ["b", "a", "c", "d"]
    assert [r.id for r in chronological([c, a, b])] == ["b", "c", "a"]


def test_order_within_a_day_matters_to_a_rating_that_depends_on_ratings() -> None:
    first = vp_game(10, 5, id="x1", date="2026-03-01")
    second = vp_game(10, 5, id="x2", date="2026-03-01", winner=1)
    assert Elo().explain([first, second], "x2").before == {"A": 1004, "B": 996}
    assert Elo().explain([second, first], "x2").before == {"A": 1000, "B": 1000}


def test_start_ratings_carry_into_the_standings_even_without_games() -> None:
    table = Point().rate([vp_game(10, 5)], {"A": 100, "Z": 3})
    assert [(s.player, s.rating, s.games) for s in table.standings] == [
        ("A", 110, 1),
        ("B", 5, 1),
        ("Z", 3, 0),
    ]


def test_explain_uses_everything_before_the_record() -> None:
    g1 = vp_game(10, 5, id="g1", date="2026-03-01")
    g2 = vp_game(10, 7, 3, id="g2", date="2026-03-02")
    g3 = vp_game(10, 9, id="g3", date="2026-03-03")
    e = Point().explain([g3, g2, g1], "g2", {"C": 50})
    assert e.before == {"A": 10, "B": 5, "C": 50}
    assert e.after == {"A": 20, "B": 12, "C": 53}


def test_explaining_a_missing_record_names_it() -> None:
    with pytest.raises(UnknownRecord, match="no game or event has the id 'g9'"):
        Point().explain([vp_game(10, 5)], "g9")


def test_explaining_a_record_of_the_wrong_kind_says_why() -> None:
    e = event([standing(p, i) for i, p in enumerate("ABCD", 1)], id="e1")
    with pytest.raises(
        UnknownRecord, match=re.escape("'e1' is an event, which pages.point does not rate")
    ):
        Point().explain([e], "e1")
    k = placed_game(1, 2, game_title="Kremlin", id="k1")
    with pytest.raises(
        UnknownRecord, match=re.escape("'k1' is a Kremlin game, which pages.point does not")
    ):
        Point().explain([k], "k1")


def test_records_of_the_other_kind_are_reported_as_not_rated() -> None:
    e = event([standing(p, i) for i, p in enumerate("ABCD", 1)], id="e1")
    table = Point().rate([vp_game(10, 5), e])
    assert table.not_rated == (NotRated("e1", None, "pages.point rates games only"),)


def test_an_explanations_after_is_before_plus_change() -> None:
    e = Explanation(
        record="r",
        system="s",
        before={"A": 10, "B": 0},
        changes={"A": -2.5, "B": 4},
        terms=(Term("A", -2.5, "x"), Term("B", 4, "y")),
    )
    assert e.after == {"A": 7.5, "B": 4}


def test_a_game_is_a_valid_record_type() -> None:
    assert isinstance(vp_game(10, 5), Game)

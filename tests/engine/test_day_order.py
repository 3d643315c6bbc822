"""Records with a time of day: ordered by it within their day, plain dates as before."""

from __future__ import annotations

from tablerank.engine.records import Game
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import chronological
from tablerank.formats.records import record_json

from .builders import game, seat, vp_game


def ids(records: list[Game]) -> list[str]:
    return [r.id for r in chronological(records)]


def test_plain_dates_keep_input_order_within_a_day() -> None:
    games = [vp_game(10, 5, id=i, date=d) for i, d in
             [("b", "2026-03-15"), ("c", "2026-03-14"), ("a", "2026-03-14")]]  # fmt: skip
    assert ids(games) == ["c", "a", "b"]


def test_times_order_games_within_a_day_and_untimed_ones_come_first() -> None:
    games = [vp_game(10, 5, id=i, date=d) for i, d in [
        ("late", "2026-03-14T21:00"), ("next", "2026-03-15 08:00"), ("early", "2026-03-14 09:15"),
        ("plain", "2026-03-14"), ("noon", "2026-03-14T12:00:00+02:00"),
    ]]  # fmt: skip
    assert ids(games) == ["plain", "early", "noon", "late", "next"]


def test_the_time_as_written_orders_even_with_offsets() -> None:
    # 10:00+02:00 is 08:00 UTC, but the day reads as written: 09:00 comes first.
    games = [vp_game(10, 5, id="a", date="2026-03-14T10:00+02:00"),
             vp_game(10, 5, id="b", date="2026-03-14T09:00")]  # fmt: skip
    assert ids(games) == ["b", "a"]


def duel(id: str, date: str, winner: str, loser: str) -> Game:
    return game([seat(winner, 10, winner=True), seat(loser, 6)], id=id, date=date)


def test_the_time_changes_the_ratings_as_the_order_does() -> None:
    system = get_system("area", {})
    timed = [duel("x", "2026-03-14T20:00", "A", "B"), duel("y", "2026-03-14T10:00", "B", "C")]
    plain = [duel("x", "2026-03-14", "A", "B"), duel("y", "2026-03-14", "B", "C")]
    in_time_order = system.totals(list(reversed(plain))).ratings
    assert system.totals(timed).ratings == in_time_order
    assert system.totals(plain).ratings != in_time_order


def test_the_json_form_keeps_what_was_given() -> None:
    given = {
        "2026-03-14": "2026-03-14",
        "2026-03-14 19:30": "2026-03-14T19:30",
        "2026-03-14T19:30:15": "2026-03-14T19:30:15",
        "2026-03-14T19:30+02:00": "2026-03-14T19:30+02:00",
        "2026-03-14T19:30:00-0500": "2026-03-14T19:30-05:00",
    }
    for text, written in given.items():
        assert record_json(vp_game(10, 5, date=text))["date"] == written

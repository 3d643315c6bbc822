"""The seat-order report: win rate and mean VP by turn position, with 95% intervals."""

from __future__ import annotations

import datetime as dt

import pytest

from tablerank.engine.records import new_game
from tablerank.engine.values import Game
from tablerank.tournament.seat_report import chi_square, seat_report, wilson


def game(id: str, winner_seat: int, vps: list[int], *, abandoned: bool = False) -> Game:
    names = ["Ann", "Ben", "Cleo", "Dan"][: len(vps)]
    seats = [
        {"player": p, "vp": vp, "winner": i == winner_seat}
        for i, (p, vp) in enumerate(zip(names, vps, strict=True))
    ]
    if abandoned:
        seats[-1] |= {"status": "abandoned", "winner": False}
    return new_game(id=id, date=dt.date(2026, 5, 2), seats=seats)


def test_the_wilson_interval_matches_its_textbook_values() -> None:
    low, high = wilson(30, 100)
    assert low == pytest.approx(0.2189, abs=5e-5)
    assert high == pytest.approx(0.3958, abs=5e-5)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_wins_and_vp_by_position_per_table_size() -> None:
    games = [
        game("a", 0, [10, 7, 6, 5]),
        game("b", 1, [8, 10, 6, 5]),
        game("c", 0, [10, 9, 4, 3]),
        game("d", 2, [6, 7, 10]),
        game("e", 0, [10, 6, 5, 4], abandoned=True),
    ]
    report = seat_report(games)
    assert report.left_out == 1
    three, four = report.sizes
    assert (three.players, three.games, four.players, four.games) == (3, 1, 4, 3)
    first, second, third, fourth = four.positions
    assert (first.wins, second.wins, third.wins, fourth.wins) == (2, 1, 0, 0)
    assert first.win_rate == pytest.approx(2 / 3)
    assert (first.win_low, first.win_high) == wilson(2, 3)
    assert first.expected == 0.25
    assert first.mean_vp == pytest.approx(28 / 3)
    low, mean, high = first.vp_low, first.mean_vp, first.vp_high
    assert low is not None
    assert high is not None
    assert mean is not None
    assert low < mean < high
    assert three.positions[2].wins == 1
    assert three.positions[0].vp_low is None  # one game: no interval
    assert not report.listed_by_result


def test_files_listing_the_winner_first_are_flagged() -> None:
    by_result = [game(f"g{i}", 0, [10, 8, 6, 4]) for i in range(10)]
    assert seat_report(by_result).listed_by_result
    mixed = [*by_result[:8], game("x", 1, [8, 10, 6, 4]), game("y", 2, [8, 6, 10, 4])]
    assert not seat_report(mixed).listed_by_result


def test_the_chi_square_test_of_positions_is_pearsons() -> None:
    statistic, p = chi_square([40, 20, 20, 20])
    assert statistic == pytest.approx(12.0)
    assert p == pytest.approx(0.0073832, abs=1e-6)
    even, p_even = chi_square([25, 25, 25, 25])
    assert (even, p_even) == (0.0, 1.0)

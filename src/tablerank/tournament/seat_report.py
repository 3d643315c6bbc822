"""Does the first seat win more? Win rate and mean VP by turn position, per table size, with
95% confidence intervals (issue 12: "clubs argue about it"; field notes: seat 1 wins 30-35% of
4-player games in some communities, the 3rd pick least in others).

A game's seats are read in the record's order, which is the turn order (seat 1 starts). Only
games where every seat played to the end count: an abandoned seat or its substitute breaks the
order. A seat wins when it is the game's winner (the declared winner, else the one seat alone in
1st place)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable
from dataclasses import dataclass

from tablerank.catan.standings import winner_of
from tablerank.engine.history import select
from tablerank.engine.values import Event, Game, SeatStatus
from tablerank.errors import NothingToReport

__all__ = [
    "PositionRow",
    "SeatReport",
    "TableSizeReport",
    "chi_square",
    "seat_report",
    "selected_report",
    "wilson",
]

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class PositionRow:
    """One turn position at one table size."""

    position: int
    games: int
    wins: int
    win_rate: float
    win_low: float
    win_high: float
    expected: float
    """The win rate if position made no difference: 1 / table size."""
    vp_games: int
    mean_vp: float | None
    vp_low: float | None
    vp_high: float | None


@dataclass(frozen=True)
class TableSizeReport:
    players: int
    games: int
    positions: tuple[PositionRow, ...]
    chi_square: float
    """Pearson's statistic of the wins by position against an even 1/n each."""
    p_value: float
    """How often positions that make no difference would give a statistic this large
    (chi-square with n - 1 degrees of freedom)."""


@dataclass(frozen=True)
class SeatReport:
    sizes: tuple[TableSizeReport, ...]
    left_out: int
    """Games not counted: an abandoned or substitute seat, no single winner, a lone seat."""
    listed_by_result: bool
    """Nearly every game (90% or more of at least 10) lists its winner first: the file's seat
    order is then the result's, not the turn order, and the report says nothing about seats."""


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (it stays within 0..1 and behaves for few games
    and rates near 0 or 1, where the normal approximation does not)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    center = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    low = 0.0 if wins == 0 else max(0.0, center - half)
    high = 1.0 if wins == games else min(1.0, center + half)
    return low, high


def _mean_interval(values: list[float]) -> tuple[float | None, float | None, float | None]:
    if not values:
        return None, None, None
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None, None
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def selected_report(
    records: Iterable[Game | Event],
    *,
    title: str | None = None,
    group: str | None = None,
    city: str | None = None,
    event: str | None = None,
) -> SeatReport:
    """The report over the games the filters select (case-insensitive, as `engine.history`'s
    `select`; `event` a game's event); refused when none is left to count."""
    chosen = select(records, title=title, group=group, city=city)
    games = [g for g in chosen if isinstance(g, Game)]
    if event is not None:
        games = [g for g in games if (g.event or "").casefold() == event.casefold()]
    report = seat_report(games)
    if not report.sizes:
        raise NothingToReport(
            "no game to report on: every game was filtered out, or none has two or more seats "
            "all played to the end and one winner"
        )
    return report


def seat_report(games: Iterable[Game]) -> SeatReport:
    """The report over `games` (any titles; VP where the records have it)."""
    wins: dict[int, list[int]] = {}
    vps: dict[int, list[list[float]]] = {}
    counted: dict[int, int] = {}
    left_out = by_result = 0
    for game in games:
        seats = game.seats
        winner = winner_of(game)
        if (
            winner is None
            or len(seats) < 2
            or any(s.status is not SeatStatus.FINISHED for s in seats)
        ):
            left_out += 1
            continue
        by_result += seats[0].player == winner
        size = len(seats)
        counted[size] = counted.get(size, 0) + 1
        row_wins = wins.setdefault(size, [0] * size)
        row_vps = vps.setdefault(size, [[] for _ in range(size)])
        for i, seat in enumerate(seats):
            row_wins[i] += seat.player == winner
            if seat.vp is not None:
                row_vps[i].append(float(seat.vp))
    sizes = tuple(
        TableSizeReport(
            size,
            counted[size],
            _rows(size, counted[size], wins[size], vps[size]),
            *chi_square(wins[size]),
        )
        for size in sorted(counted)
    )
    total = sum(counted.values())
    return SeatReport(sizes, left_out, total >= 10 and by_result >= 0.9 * total)


def chi_square(wins: list[int]) -> tuple[float, float]:
    """Pearson's chi-square of the wins by position against an even split, and its p-value."""
    from scipy.stats import chi2

    expected = sum(wins) / len(wins)
    statistic = sum((w - expected) ** 2 for w in wins) / expected
    return statistic, float(chi2.sf(statistic, len(wins) - 1))


def _rows(
    size: int, games: int, wins: list[int], vps: list[list[float]]
) -> tuple[PositionRow, ...]:
    rows = []
    for i in range(size):
        low, high = wilson(wins[i], games)
        mean, vp_low, vp_high = _mean_interval(vps[i])
        rows.append(
            PositionRow(
                position=i + 1,
                games=games,
                wins=wins[i],
                win_rate=wins[i] / games,
                win_low=low,
                win_high=high,
                expected=1 / size,
                vp_games=len(vps[i]),
                mean_vp=mean,
                vp_low=vp_low,
                vp_high=vp_high,
            )
        )
    return tuple(rows)

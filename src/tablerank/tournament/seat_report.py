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
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tablerank.engine.history import select
from tablerank.engine.values import Event, Game, SeatStatus
from tablerank.engine.winner import winner_at
from tablerank.errors import NothingToReport

__all__ = [
    "PositionRow",
    "SeatReport",
    "SeatTally",
    "TableSizeReport",
    "chi_square",
    "event_matches",
    "reported",
    "seat_report",
    "selected_report",
    "tallied",
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
        games = [g for g in games if event_matches(event, g.event)]
    return reported(tallied(games))


def event_matches(wanted: str | None, event: str | None) -> bool:
    """Whether a game of `event` is one the report's event filter (`wanted`, None: any) asks
    for: the same name, ignoring case."""
    return wanted is None or (event or "").casefold() == wanted.casefold()


def reported(tally: SeatTally) -> SeatReport:
    """`tally.report()`, refused when it counted no game."""
    report = tally.report()
    if not report.sizes:
        raise NothingToReport(
            "no game to report on: every game was filtered out, or none has two or more seats "
            "all played to the end and one winner"
        )
    return report


def seat_report(games: Iterable[Game]) -> SeatReport:
    """The report over `games` (any titles; VP where the records have it)."""
    return tallied(games).report()


def tallied(games: Iterable[Game]) -> SeatTally:
    """`SeatTally` of the games, each read in its seats' order."""
    tally = SeatTally()
    for game in games:
        seats = game.seats
        tally.add(
            all(s.status is SeatStatus.FINISHED for s in seats),
            winner_at([s.winner for s in seats], [s.place for s in seats]),
            [s.vp for s in seats],
        )
    return tally


@dataclass
class SeatTally:
    """What the report counts, one game at a time (`add`): from games (`tallied`) or from a
    league's rows, so both give the same report."""

    counted: dict[int, int] = field(default_factory=dict)
    """Games counted, by table size."""
    wins: dict[int, list[int]] = field(default_factory=dict)
    """Wins by table size and position."""
    vps: dict[int, list[Counter[float]]] = field(default_factory=dict)
    """The seats' VP by table size and position: how many seats made each value."""
    left_out: int = 0
    by_result: int = 0
    """Counted games whose winner sits first."""

    def add(self, finished: bool, winner: int | None, vps: Sequence[float | None]) -> None:
        """One game: whether every seat played to the end, its winner's position
        (`engine.winner.winner_at`), and each seat's VP in turn order."""
        size = len(vps)
        if winner is None or size < 2 or not finished:
            self.left_out += 1
            return
        self.by_result += winner == 0
        self.counted[size] = self.counted.get(size, 0) + 1
        wins = self.wins.get(size) or self.wins.setdefault(size, [0] * size)
        wins[winner] += 1
        made = self.vps.get(size) or self.vps.setdefault(size, [Counter() for _ in range(size)])
        for at, vp in enumerate(vps):
            if vp is not None:
                made[at][float(vp)] += 1

    def report(self) -> SeatReport:
        counted = self.counted
        sizes = tuple(
            TableSizeReport(
                size,
                counted[size],
                _rows(size, counted[size], self.wins[size], self.vps[size]),
                *chi_square(self.wins[size]),
            )
            for size in sorted(counted)
        )
        total = sum(counted.values())
        return SeatReport(sizes, self.left_out, total >= 10 and self.by_result >= 0.9 * total)


def chi_square(wins: list[int]) -> tuple[float, float]:
    """Pearson's chi-square of the wins by position against an even split, and its p-value."""
    from scipy.special import chdtrc  # chi2.sf, without importing scipy.stats (a second more)

    expected = sum(wins) / len(wins)
    statistic = sum((w - expected) ** 2 for w in wins) / expected
    return statistic, float(chdtrc(len(wins) - 1, statistic))


def _rows(
    size: int, games: int, wins: list[int], vps: list[Counter[float]]
) -> tuple[PositionRow, ...]:
    rows = []
    for i in range(size):
        low, high = wilson(wins[i], games)
        # The mean (fsum) and the deviation (exact fractions) do not depend on the order.
        values = list(vps[i].elements())
        mean, vp_low, vp_high = _mean_interval(values)
        rows.append(
            PositionRow(
                position=i + 1,
                games=games,
                wins=wins[i],
                win_rate=wins[i] / games,
                win_low=low,
                win_high=high,
                expected=1 / size,
                vp_games=len(values),
                mean_vp=mean,
                vp_low=vp_low,
                vp_high=vp_high,
            )
        )
    return tuple(rows)

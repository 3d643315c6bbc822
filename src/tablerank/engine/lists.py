"""Catan Online World ranking lists: monthly lists with gold, the Open List, the annual score.

Seed 001: "In each city, there is a Monthly List for each game group. To get on the list, you
must have played at least 7 games." "The monthly winners receive 2 gold, and the players
occupying places 2-5 receive 1 gold each. In addition, for each game group there is an Open
List that extends across cities. The players on this list do not receive gold." "The annual
score consists of the sum of the four best monthly scores (ranking position). Missing monthly
scores ... are substituted with place # 150. Only those players are considered who still have a
Premium Account at the time of the annual score (exception: Basic Game)."

The points per game are `cow.points`' (the engine's one implementation); the monthly score
formula did not survive in the seed, so it is a parameter: the average points per game (the
seed notes' default) or the total.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from tablerank.engine.ranking import competition_ranks
from tablerank.engine.records import Account, Event, Game
from tablerank.engine.systems.base import chronological
from tablerank.engine.systems.cow.points import Points
from tablerank.errors import InvalidParameter, MixedLists

__all__ = [
    "MIN_GAMES",
    "MISSING_MONTH_PLACE",
    "SCORE_FORMULAS",
    "AnnualEntry",
    "MonthlyEntry",
    "NotListed",
    "RankingList",
    "annual_list",
    "gold_for",
    "monthly_list",
]

MIN_GAMES = 7
MISSING_MONTH_PLACE = 150
BEST_MONTHS = 4


def _average(points: Sequence[float]) -> float:
    return sum(points) / len(points)


SCORE_FORMULAS: dict[str, Callable[[Sequence[float]], float]] = {
    "average": _average,
    "total": sum,
}


@dataclass(frozen=True, slots=True)
class MonthlyEntry:
    player: str
    place: int
    score: float
    games: int
    gold: int


@dataclass(frozen=True, slots=True)
class AnnualEntry:
    player: str
    place: int
    score: int
    months: tuple[int, ...]
    """The player's monthly places, best first; missing months are not shown here."""


@dataclass(frozen=True, slots=True)
class NotListed:
    player: str
    reason: str


@dataclass(frozen=True)
class RankingList:
    """One list: which one it is, its lines, and who played but is not on it, and why."""

    kind: str
    period: str
    city: str | None
    group: str
    entries: tuple[MonthlyEntry, ...] | tuple[AnnualEntry, ...]
    not_listed: tuple[NotListed, ...] = ()


def gold_for(place: int) -> int:
    """2 gold for 1st, 1 for places 2-5; players sharing a place get that place's gold."""
    if place == 1:
        return 2
    return 1 if place <= 5 else 0


def _month_key(day: dt.date) -> str:
    return f"{day.year:04d}-{day.month:02d}"


def _parse_month(month: str) -> str:
    try:
        day = dt.date.fromisoformat(f"{month}-01")
    except ValueError:
        raise InvalidParameter(f"expected a month like 2026-03, got {month!r}") from None
    return _month_key(day)


def _list_games(
    records: Iterable[Game | Event], city: str | None, group: str | None
) -> tuple[list[Game], str]:
    """The Catan games of one city (all cities: the Open List) and one game group."""
    points = Points()
    games = [
        r
        for r in chronological(records)
        if isinstance(r, Game)
        and points.refusal(r) is None  # the games cow.points rates: Catan games
        and (city is None or (r.city or "").casefold() == city.casefold())
    ]
    groups = sorted({g.group for g in games})
    if group is None:
        if len(groups) > 1:
            raise MixedLists(
                f"there is a list per game group and these games span {len(groups)}: "
                f"{', '.join(groups)}; choose one with --group"
            )
        group = groups[0] if groups else "base"
    chosen = [g for g in games if g.group.casefold() == group.casefold()]
    return chosen, group


def _points_by_player(games: Iterable[Game]) -> dict[str, list[float]]:
    points = Points()
    out: dict[str, list[float]] = {}
    for game in games:
        for player, amount in points.changes(game, {}).items():
            out.setdefault(player, []).append(amount)
    return out


def monthly_list(
    records: Iterable[Game | Event],
    *,
    month: str,
    city: str | None = None,
    group: str | None = None,
    min_games: int = MIN_GAMES,
    score: str = "average",
) -> RankingList:
    """The Monthly List of a city and game group, with gold; without a city, the Open List."""
    formula = _formula(score)
    key = _parse_month(month)
    games, group = _list_games(records, city, group)
    month_games = [g for g in games if _month_key(g.date) == key]
    return _monthly(month_games, key, city, group, min_games, formula)


def _monthly(
    games: Iterable[Game],
    key: str,
    city: str | None,
    group: str,
    min_games: int,
    formula: Callable[[Sequence[float]], float],
) -> RankingList:
    """`monthly_list` of the month's games of the list (in play order)."""
    points = _points_by_player(games)
    scores = {p: formula(pts) for p, pts in points.items() if len(pts) >= min_games}
    with_gold = city is not None
    entries = tuple(
        MonthlyEntry(p, place, scores[p], len(points[p]), gold_for(place) if with_gold else 0)
        for place, p in competition_ranks(scores)
    )
    not_listed = tuple(
        NotListed(p, f"{len(pts)} games in {key}; the list needs {min_games}")
        for p, pts in sorted(points.items(), key=lambda item: item[0].casefold())
        if p not in scores
    )
    kind = "monthly" if with_gold else "open"
    return RankingList(kind, key, city, group, entries, not_listed)


def _formula(score: str) -> Callable[[Sequence[float]], float]:
    try:
        return SCORE_FORMULAS[score]
    except KeyError:
        known = ", ".join(SCORE_FORMULAS)
        raise InvalidParameter(
            f"unknown monthly score {score!r}; expected one of: {known}"
        ) from None


def _latest_accounts(records: Iterable[Game | Event], until: dt.date) -> dict[str, Account]:
    """Each player's account as of their latest game up to `until`."""
    accounts: dict[str, Account] = {}
    for record in chronological(records):
        if isinstance(record, Game) and record.date <= until:
            for seat in record.seats:
                accounts[seat.player] = seat.account
    return accounts


def annual_list(
    records: Iterable[Game | Event],
    *,
    year: int,
    city: str | None = None,
    group: str | None = None,
    min_games: int = MIN_GAMES,
    score: str = "average",
    basic_group: str = "base",
) -> RankingList:
    """The annual score: the sum of a player's four best monthly places, 150 for each missing
    month, lower first; premium accounts only, except in the Basic Game group."""
    records = list(records)
    games, group = _list_games(records, city, group)
    formula = _formula(score)
    by_month: dict[str, list[Game]] = {}
    for game in games:  # each month's games once, in play order, as `monthly_list` reads them
        by_month.setdefault(_month_key(game.date), []).append(game)
    places: dict[str, list[int]] = {}
    for month in range(1, 13):
        key = f"{year:04d}-{month:02d}"
        monthly = _monthly(by_month.get(key, []), key, city, group, min_games, formula)
        for entry in monthly.entries:
            assert isinstance(entry, MonthlyEntry)
            places.setdefault(entry.player, []).append(entry.place)
    accounts = _latest_accounts(records, dt.date(year, 12, 31))
    premium_only = group.casefold() != basic_group.casefold()
    not_listed = tuple(
        NotListed(p, "no premium account at the time of the annual score")
        for p in sorted(places, key=str.casefold)
        if premium_only and accounts.get(p) is Account.FREE
    )
    excluded = {n.player for n in not_listed}
    totals = {p: _annual_score(months) for p, months in places.items() if p not in excluded}
    entries = tuple(
        AnnualEntry(p, place, int(totals[p]), tuple(sorted(places[p])))
        for place, p in competition_ranks(totals, lower_first=True)
    )
    return RankingList("annual", f"{year:04d}", city, group, entries, not_listed)


def _annual_score(months: Sequence[int]) -> int:
    best = sorted(months)[:BEST_MONTHS]
    return sum(best) + MISSING_MONTH_PLACE * (BEST_MONTHS - len(best))

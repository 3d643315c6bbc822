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
from tablerank.engine.variants import is_catan
from tablerank.errors import InvalidParameter, MixedLists

__all__ = [
    "MIN_GAMES",
    "MISSING_MONTH_PLACE",
    "SCORE_FORMULAS",
    "AnnualEntry",
    "MonthlyEntry",
    "NotListed",
    "RankingList",
    "annual_from_points",
    "annual_list",
    "city_key",
    "city_matches",
    "gold_for",
    "group_key",
    "group_matches",
    "list_group",
    "listed_title",
    "month_key",
    "monthly_from_points",
    "monthly_list",
    "score_formula",
]

MIN_GAMES = 7
MISSING_MONTH_PLACE = 150
BEST_MONTHS = 4
_POINTS = Points()


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


def month_key(day: dt.date) -> str:
    """The month a game of `day` counts in: "YYYY-MM"."""
    return f"{day.year:04d}-{day.month:02d}"


def _parse_month(month: str) -> str:
    try:
        day = dt.date.fromisoformat(f"{month}-01")
    except ValueError:
        raise InvalidParameter(f"expected a month like 2026-03, got {month!r}") from None
    return month_key(day)


def _list_games(
    records: Iterable[Game | Event], city: str | None, group: str | None
) -> tuple[list[Game], str]:
    """The Catan games of one city (all cities: the Open List) and one game group."""
    games = [r for r in chronological(records) if isinstance(r, Game) and _in_city_list(r, city)]
    group = list_group({g.group for g in games}, group)
    chosen = [g for g in games if group_matches(g.group, group)]
    return chosen, group


def _in_city_list(game: Game, city: str | None) -> bool:
    """Whether the game counts in a list of `city` (None: the Open List, every city): a Catan
    game, the games cow.points rates, of that city."""
    return listed_title(game.game) and city_matches(game.city, city)


def city_key(city: str | None) -> str:
    """What a city is known by in the lists: its name ignoring case (no city: "")."""
    return (city or "").casefold()


def city_matches(game_city: str | None, city: str | None) -> bool:
    """Whether a game of `game_city` is of the list's `city` (None: every city), ignoring case."""
    return city is None or city_key(game_city) == city_key(city)


def listed_title(title: str) -> bool:
    """Whether games of this title count in the lists: those cow.points rates (Catan)."""
    return not _POINTS.catan_only or is_catan(title)


def group_key(group: str) -> str:
    """What a game group is known by in the lists: its name ignoring case."""
    return group.casefold()


def group_matches(game_group: str, group: str) -> bool:
    """Whether a game of `game_group` counts in the list of `group`, ignoring case."""
    return group_key(game_group) == group_key(group)


def list_group(groups: Iterable[str], group: str | None) -> str:
    """The game group a list is of: `group` when given; else the one group its games have
    ("base" when they have none), refused when they have several."""
    if group is not None:
        return group
    found = sorted(set(groups))
    if len(found) > 1:
        raise MixedLists(
            f"there is a list per game group and these games span {len(found)}: "
            f"{', '.join(found)}; choose one with --group"
        )
    return found[0] if found else "base"


def _points_by_player(games: Iterable[Game]) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}
    for game in games:
        for player, amount in _POINTS.changes(game, {}).items():
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
    formula = score_formula(score)
    key = _parse_month(month)
    games, group = _list_games(records, city, group)
    month_games = [g for g in games if month_key(g.date) == key]
    points = _points_by_player(month_games)
    return monthly_from_points(points, key, city, group, min_games, formula)


def monthly_from_points(
    points: dict[str, list[float]],
    key: str,
    city: str | None,
    group: str,
    min_games: int,
    formula: Callable[[Sequence[float]], float],
) -> RankingList:
    """The monthly list `key` from each player's points of the month's games, in play order
    (`seat_points` of each game they held a place in)."""
    scores = _scores(points, min_games, formula)
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


def _scores(
    points: dict[str, list[float]], min_games: int, formula: Callable[[Sequence[float]], float]
) -> dict[str, float]:
    """The monthly score of each player with `min_games` games or more in the month."""
    return {p: formula(pts) for p, pts in points.items() if len(pts) >= min_games}


def score_formula(score: str) -> Callable[[Sequence[float]], float]:
    """The monthly score formula named `score` (`SCORE_FORMULAS`), refused when unknown."""
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
    by_month: dict[str, dict[str, list[float]]] = {}
    for game in games:  # each month's games once, in play order, as `monthly_list` reads them
        month = by_month.setdefault(month_key(game.date), {})
        for player, amount in _POINTS.changes(game, {}).items():
            month.setdefault(player, []).append(amount)
    accounts = _latest_accounts(records, dt.date(year, 12, 31))
    return annual_from_points(by_month, accounts, year, city, group, min_games, score,
                              basic_group)  # fmt: skip


def annual_from_points(
    by_month: dict[str, dict[str, list[float]]],
    accounts: dict[str, Account],
    year: int,
    city: str | None,
    group: str,
    min_games: int,
    score: str,
    basic_group: str,
) -> RankingList:
    """`annual_list` from each month's points by player (as `monthly_from_points` reads them)
    and each player's account at their latest game of the year up to its end."""
    formula = score_formula(score)
    places: dict[str, list[int]] = {}
    for month in range(1, 13):
        key = f"{year:04d}-{month:02d}"
        scores = _scores(by_month.get(key, {}), min_games, formula)
        for place, player in competition_ranks(scores):  # the month's list, as monthly_list
            places.setdefault(player, []).append(place)
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

"""Ranking lists (seed 001): a city's Monthly List, the Open List and the annual score, over the
confirmed games of the month or year, read from the months' kept state (`list_months`; built
from the league's rows, `list_rows`, where it does not hold) and ranked by the engine's rules
(`engine.lists`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from tablerank.engine import lists as engine_lists
from tablerank.engine.lists import MIN_GAMES
from tablerank.errors import InvalidParameter, MixedLists
from tablerank.formats.collector import without_cycle_collection
from tablerank.league.errors import LeagueError
from tablerank.league.models import League
from tablerank.league.ratings.list_months import month_states
from tablerank.league.store import list_rows


def month_range(month: str) -> tuple[dt.date, dt.date]:
    """The first and last day of a month written YYYY-MM (`LeagueError` otherwise)."""
    try:
        return list_rows.month_range(month.strip())
    except (ValueError, AttributeError):
        raise LeagueError("month", f"expected a month like 2026-03, got {month!r}") from None


def _year(year: int | str) -> int:
    try:
        number = int(str(year).strip())
    except ValueError:
        raise LeagueError("year", f"expected a year like 2026, got {year!r}") from None
    if not dt.MINYEAR <= number <= dt.MAXYEAR:
        raise LeagueError("year", f"expected a year like 2026, got {year!r}")
    return number


def _listed(compute: Callable[[], engine_lists.RankingList]) -> engine_lists.RankingList:
    """`compute()`, the collector paused (the months' points are many containers, no cycles:
    a full collection amid them cost a list 0.2 s in a process holding a large history)."""
    try:
        with without_cycle_collection():
            result = compute()
    except MixedLists as exc:
        raise LeagueError("group", str(exc).replace(" with --group", "")) from None
    except InvalidParameter as exc:
        raise LeagueError("score", str(exc)) from None
    return result


def monthly_list(
    league: League,
    month: str,
    *,
    city: str | None = None,
    group: str | None = None,
    score: str | None = None,
) -> engine_lists.RankingList:
    """A city's Monthly List of a game group for `month` ("YYYY-MM"), with gold; without a city,
    the Open List. `score` is the league's monthly score formula unless given. The engine's
    `monthly_list` over the month's confirmed games: its entries are `MonthlyEntry` (player,
    place, score, games, gold), and `not_listed` says who played too little."""
    key = engine_lists.month_key(month_range(month)[0])

    def listed() -> engine_lists.RankingList:
        formula = engine_lists.score_formula(score or league.monthly_score)
        state = month_states(league, [key])[key]
        chosen = engine_lists.list_group(state.city_groups(city), group)
        points = state.city_points(city, chosen)
        return engine_lists.monthly_from_points(points, key, city, chosen, MIN_GAMES, formula)

    return _listed(listed)


def open_list(
    league: League, month: str, *, group: str | None = None, score: str | None = None
) -> engine_lists.RankingList:
    """The Open List of a game group: the monthly list across every city, without gold."""
    return monthly_list(league, month, group=group, score=score)


def annual_list(
    league: League,
    year: int | str,
    *,
    city: str | None = None,
    group: str | None = None,
    basic_group: str = "base",
    score: str | None = None,
) -> engine_lists.RankingList:
    """The annual score of a city (all cities: over the Open Lists) and game group: the sum of
    each player's four best monthly places, 150 per missing month; premium accounts only except
    in `basic_group`. Entries are `AnnualEntry` (player, place, score, months)."""
    number = _year(year)

    def listed() -> engine_lists.RankingList:
        months = month_states(league, [f"{number:04d}-{month:02d}" for month in range(1, 13)])
        groups = {g for state in months.values() for g in state.city_groups(city)}
        chosen = engine_lists.list_group(groups, group)
        by_month = {key: state.city_points(city, chosen) for key, state in months.items()}
        accounts = {}
        for state in months.values():  # in month order: each player's latest account
            accounts.update(state.latest_accounts())
        return engine_lists.annual_from_points(
            by_month, accounts, number, city, chosen, MIN_GAMES,
            score or league.monthly_score, basic_group,
        )  # fmt: skip

    return _listed(listed)

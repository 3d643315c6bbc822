"""Ranking lists (seed 001): a city's Monthly List, the Open List and the annual score, over the
confirmed games of the month or year."""

from __future__ import annotations

import datetime as dt
from typing import Any

from tablerank.engine import lists as engine_lists
from tablerank.engine.records import Game
from tablerank.errors import InvalidParameter, MixedLists
from tablerank.league.errors import LeagueError
from tablerank.league.models import League
from tablerank.league.reading import confirmed_records, games_of


def month_range(month: str) -> tuple[dt.date, dt.date]:
    """The first and last day of a month written YYYY-MM (`LeagueError` otherwise)."""
    try:
        first = dt.date.fromisoformat(f"{month.strip()}-01")
    except (ValueError, AttributeError):
        raise LeagueError("month", f"expected a month like 2026-03, got {month!r}") from None
    following = (first.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    return first, following - dt.timedelta(days=1)


def _year(year: int | str) -> int:
    try:
        number = int(str(year).strip())
    except ValueError:
        raise LeagueError("year", f"expected a year like 2026, got {year!r}") from None
    if not dt.MINYEAR <= number <= dt.MAXYEAR:
        raise LeagueError("year", f"expected a year like 2026, got {year!r}")
    return number


def _between(league: League, first: dt.date, last: dt.date) -> list[Game]:
    """The confirmed games dated in [first, last]: the only ones a list of that period reads
    (a game's date is its day in the league's time zone, see `services.local_date`)."""
    return games_of(confirmed_records(league).filter(date__gte=first, date__lte=last))


def _listed(compute: Any, **options: Any) -> engine_lists.RankingList:
    try:
        result: engine_lists.RankingList = compute(**options)
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
    first, last = month_range(month)
    return _listed(
        engine_lists.monthly_list,
        records=_between(league, first, last),
        month=f"{first.year:04d}-{first.month:02d}",
        city=city,
        group=group,
        score=score or league.monthly_score,
    )


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
    return _listed(
        engine_lists.annual_list,
        records=_between(league, dt.date(number, 1, 1), dt.date(number, 12, 31)),
        year=number,
        city=city,
        group=group,
        score=score or league.monthly_score,
        basic_group=basic_group,
    )

"""The league's monthly and annual lists read straight from its rows (`league.store.list_rows`) are
the engine's lists (`engine.lists`) over the confirmed games of the period, for any league."""

from __future__ import annotations

import datetime as dt
import itertools
from functools import partial
from typing import Any

import pytest
from django.contrib.auth.models import User
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablerank.engine import lists as engine_lists
from tablerank.engine.records import Game, game_from_dict
from tablerank.errors import MixedLists
from tablerank.league.errors import LeagueError
from tablerank.league.models import GameRecord, League
from tablerank.league.queries import lists
from tablerank.league.services import confirmed_history, record_game, void_game

pytestmark = pytest.mark.django_db

_numbers = itertools.count()
PLAYERS = ["Ann", "Ben", "Cleo", "Dan", "Eve"]
CITIES = [None, "Köln", "KÖLN", "Bonn"]


def _outcome(read: Any) -> Any:
    try:
        return read()
    except MixedLists as exc:  # the league says it without the command line's option
        return ("refused", str(exc).replace(" with --group", ""))
    except LeagueError as exc:
        return ("refused", exc.message)


def _games_between(league: League, first: dt.date, last: dt.date) -> list[Game]:
    return [g for g in confirmed_history(league) if isinstance(g, Game) and first <= g.date <= last]


def _same_lists(league: League, months: list[str]) -> None:
    options = itertools.product(CITIES, [None, "base", "BASE", "cities"], ["average", "total"])
    for city, group, score in options:
        asked: dict[str, Any] = {"city": city, "group": group, "score": score}
        for month in months:
            first, last = lists.month_range(month)
            games = _games_between(league, first, last)
            expected = _outcome(partial(engine_lists.monthly_list, games, month=month, **asked))
            found = _outcome(partial(lists.monthly_list, league, month, **asked))
            assert found == expected, (month, asked)
        games = _games_between(league, dt.date(2026, 1, 1), dt.date(2026, 12, 31))
        expected = _outcome(partial(engine_lists.annual_list, games, year=2026, **asked))
        assert _outcome(partial(lists.annual_list, league, 2026, **asked)) == expected, asked


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    """A table the league takes: Catan (base, or Cities & Knights) with one winner at its
    target and VP ties below it, sometimes a seat that left and a free account; or a Kremlin
    game (not on the lists, but its accounts count); in a city spelled either way, or none."""
    cities = draw(st.booleans())
    n = draw(st.integers(3 if cities else 2, 4))
    names = draw(st.permutations(PLAYERS))[:n]
    target = 13 if cities else 10
    kremlin = draw(st.integers(0, 5)) == 0
    seats: list[dict[str, Any]] = []
    for at, name in enumerate(names):
        seat: dict[str, Any] = {"player": name}
        if kremlin:
            seat["place"] = at + 1
        else:
            seat["vp"] = target if at == 0 else draw(st.sampled_from([3, 5, 5, 8]))
            seat["winner"] = at == 0
        if draw(st.integers(0, 2)) == 0:
            seat["account"] = "free"
        seats.append(seat)
    if not kremlin and draw(st.integers(0, 4)) == 0:
        seats.append({"player": "Finn", "status": "abandoned", "vp": 2})
    table: dict[str, Any] = {"seats": draw(st.permutations(seats))}
    if kremlin:
        table["game"] = "Kremlin"
    elif cities:
        table |= {"variant": "cities-knights", "group": "cities", "target": 13}
    city = draw(st.sampled_from(CITIES))
    if city is not None:
        table["city"] = city
    return table


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    rows=st.lists(st.tuples(tables(), st.integers(0, 35)), min_size=1, max_size=40),
    voided=st.sets(st.integers(0, 39), max_size=3),
)
def test_any_league_gives_the_engines_lists(
    official: User, rows: list[tuple[dict[str, Any], int]], voided: set[int]
) -> None:
    number = next(_numbers)
    league = League.objects.create(name=f"Lists {number}", slug=f"lists-{number}")
    league.admins.add(official)
    for k, (row, day) in enumerate(rows):
        date = dt.date(2026, 1, 1) + dt.timedelta(days=day)
        record_game(league, game_from_dict({"id": f"g{k}", "date": date.isoformat(), **row}),
                    official)  # fmt: skip
    for k in voided & set(range(len(rows))):
        void_game(GameRecord.objects.get(league=league, external_id=f"g{k}"), official, "twice")
    _same_lists(league, ["2026-01", "2026-02", "2026-03", "2026-04"])


def test_the_annual_score_reads_each_players_latest_account(league: League, official: User) -> None:
    """Nine Cities & Knights games in March put everyone on the list. Ann's latest game of the
    year is on a free account (off the annual score), Ben's earlier one only (on it). The last
    two are played on one day: the one recorded later is the later in play order, whatever
    was recorded in between."""
    days = [1, 2, 3, 4, 5, 6, 7, 8, 8]
    order = [7, *range(7), 8]  # g7 recorded first, g8 last, both on March 8
    for k in order:
        seats = [{"player": PLAYERS[(k + i) % 4], "vp": 13 if i == 0 else 8 - i,
                  "winner": i == 0} for i in range(4)]  # fmt: skip
        for seat in seats:
            if (seat["player"], k) in {("Ann", 8), ("Ben", 0)}:
                seat["account"] = "free"
        game = {"id": f"g{k}", "date": f"2026-03-{days[k]:02d}", "city": "Köln", "seats": seats,
                "variant": "cities-knights", "group": "cities", "target": 13}  # fmt: skip
        record_game(league, game_from_dict(game), official)
    monthly = lists.monthly_list(league, "2026-03", city="köln")
    assert len(monthly.entries) == 4
    annual = lists.annual_list(league, 2026, city="KÖLN")
    assert sorted(entry.player for entry in annual.entries) == ["Ben", "Cleo", "Dan"]
    assert [n.player for n in annual.not_listed] == ["Ann"]
    _same_lists(league, ["2026-03"])

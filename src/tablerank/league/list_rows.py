"""The ranking lists (seed 001) of a month or a year, read straight from the league's rows.

A list reads every confirmed game of its period: building a `Game` per stored game cost two
thirds of an annual list (1.6 of 2.3 s for a year of 50,000 games). Here one query (games joined
to their seats and players, in play order, no parameter that grows with the league) gives
what the lists read of each game, and the engine decides the rest: which games count
(`listed_title`, `city_matches`, `group_matches`, `list_group`), each seat's points
(`seat_points`, cow.points seat by seat), the monthly list (`monthly_from_points`) and the
annual score (`annual_from_points`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from itertools import groupby
from operator import itemgetter
from typing import Any

from django.db import connection

from tablerank.engine import lists as engine_lists
from tablerank.engine.systems.cow.points import seat_points
from tablerank.engine.values import Account
from tablerank.league.models import GameRecord, League, Player, RecordStatus
from tablerank.league.models import Seat as SeatRow
from tablerank.league.played import _stream, _table

__all__ = ["PeriodGames", "period_games"]

_ACCOUNTS = {member.value: member for member in Account}


@dataclass(frozen=True)
class _ListGame:
    """What a list reads of one Catan game: its group, month, and placed seats' points."""

    group: str
    month: str
    points: tuple[tuple[str, float], ...]


@dataclass(frozen=True)
class PeriodGames:
    """The Catan games of one city (None: every city) in a period, in play order, and each
    player's account at their latest game of the period (of any title or city)."""

    games: tuple[_ListGame, ...]
    accounts: dict[str, Account]

    def points_by_month(self, group: str | None) -> tuple[str, dict[str, dict[str, list[float]]]]:
        """The list's group (`list_group`) and each month's points by player of its games."""
        chosen = engine_lists.list_group({game.group for game in self.games}, group)
        by_month: dict[str, dict[str, list[float]]] = {}
        for game in self.games:
            if not engine_lists.group_matches(game.group, chosen):
                continue
            month = by_month.setdefault(game.month, {})
            for player, amount in game.points:
                month.setdefault(player, []).append(amount)
        return chosen, by_month


def period_games(
    league: League, first: dt.date, last: dt.date, city: str | None, *, accounts: bool = False
) -> PeriodGames:
    """The league's confirmed games dated in [first, last] as the lists read them; with
    `accounts`, each player's latest account too (the annual score's; a month's list reads
    none)."""
    games, seats, players = _table(GameRecord), _table(SeatRow), _table(Player)
    sql = (
        f'SELECT g.id, g.title, g.city, g."group", CAST(g.date AS TEXT), s.place, p.name, '
        f"s.account FROM {games} g JOIN {seats} s ON s.game_id = g.id "
        f"JOIN {players} p ON p.id = s.player_id "
        f"WHERE g.league_id = %s AND g.status = %s AND g.date >= %s AND g.date <= %s "
        f"ORDER BY g.date, g.sequence, g.id, s.position"
    )
    day = connection.ops.adapt_datefield_value
    params = [league.pk, RecordStatus.CONFIRMED.value, day(first), day(last)]
    latest: dict[str, Account] = {}
    listed = _Listed(city)
    for _, game in groupby(_stream(sql, params), key=itemgetter(0)):
        seated: list[Any] = list(game)
        if accounts:
            for row in seated:
                latest[row[6]] = _ACCOUNTS[row[7]]
        listed.add(seated)
    return PeriodGames(tuple(listed.games), latest)


class _Listed:
    """The games a list of `city` counts, gathered row group by row group."""

    def __init__(self, city: str | None) -> None:
        self.city = city
        self.games: list[_ListGame] = []
        self._counted: dict[tuple[str, str], bool] = {}
        self._months: dict[str, str] = {}

    def add(self, seated: list[Any]) -> None:
        _, title, city, group, date, *_ = seated[0]
        counted = self._counted.get((title, city))
        if counted is None:
            counted = self._counted[title, city] = engine_lists.listed_title(
                title
            ) and engine_lists.city_matches(city or None, self.city)
        if not counted:
            return
        month = self._months.get(date)
        if month is None:
            month = self._months[date] = engine_lists.month_key(dt.date.fromisoformat(date))
        placed = [(row[6], row[5]) for row in seated if row[5] is not None]
        points = seat_points([place for _, place in placed])
        names = [player for player, _ in placed]
        self.games.append(_ListGame(group, month, tuple(zip(names, points, strict=True))))

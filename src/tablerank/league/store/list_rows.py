"""A month of the ranking lists (seed 001) read straight from the league's rows.

A list reads whole months: a city's monthly list one, the annual score twelve. One query per
month (games joined to their seats and players, in play order, no parameter that grows with
the league) gives what the lists read of each game, and the engine decides the rest: which
games count (`listed_title`), by which city and game group they are known (`city_key`,
`group_key`, as `city_matches` and `group_matches` compare them), each seat's points
(`seat_points`, cow.points seat by seat). `MonthState` keeps them for every city and group at
once, so that a month is read once for every list of it (`list_months` keeps it as state); the
lists themselves are the engine's (`monthly_from_points`, `annual_from_points`).
"""

from __future__ import annotations

import calendar
import datetime as dt
from collections.abc import Sequence
from itertools import groupby
from operator import itemgetter
from typing import Any

import msgspec
from django.db import connection

from tablerank.engine import lists as engine_lists
from tablerank.engine.systems.cow.points import seat_points
from tablerank.engine.values import Account
from tablerank.league.models import GameRecord, League, Player, RecordStatus
from tablerank.league.models import Seat as SeatRow
from tablerank.league.store.played import stream_rows, table_name

__all__ = ["MonthState", "month_from_rows", "month_range"]

Points = dict[str, list[float]]
"""Each player's points, one per game, in play order."""
_ACCOUNTS = {member.value: member for member in Account}


class MonthState(msgspec.Struct, frozen=True):
    """What the lists read of one month's confirmed games. Each city's and group's points are
    kept encoded (MessagePack) and decoded when a list reads them: a list reads one of them."""

    points: dict[str, dict[str, msgspec.Raw]]
    """By city key, then game group key: each player's points of the listed games (`Points`)."""
    every_city: dict[str, msgspec.Raw]
    """By game group key: each player's points of the listed games of every city."""
    groups: dict[str, list[str]]
    """By city key: the game groups of its listed games, as spelled."""
    every_group: list[str]
    """The game groups of every city's listed games, as spelled."""
    accounts: dict[str, str]
    """Each player's account at their latest game of the month (of any title or city)."""

    def city_groups(self, city: str | None) -> list[str]:
        """The game groups of the listed games of `city` (None: every city), as spelled."""
        if city is None:
            return self.every_group
        return self.groups.get(engine_lists.city_key(city), [])

    def city_points(self, city: str | None, group: str) -> Points:
        """Each player's points of the listed games of `city` (None: every city) and `group`."""
        by_group = self.every_city if city is None else self.points.get(
            engine_lists.city_key(city), {}
        )  # fmt: skip
        found = by_group.get(engine_lists.group_key(group))
        return {} if found is None else _DECODE_POINTS(found)

    def latest_accounts(self) -> dict[str, Account]:
        return {player: _ACCOUNTS[account] for player, account in self.accounts.items()}


_ENCODE = msgspec.msgpack.Encoder().encode
_DECODE_POINTS = msgspec.msgpack.Decoder(Points).decode


def _raw(points: Points) -> msgspec.Raw:
    return msgspec.Raw(_ENCODE(points))


def month_range(month: str) -> tuple[dt.date, dt.date]:
    """The first and last day of a month written YYYY-MM (`ValueError` otherwise)."""
    first = dt.date.fromisoformat(f"{month}-01")
    return first, first.replace(day=calendar.monthrange(first.year, first.month)[1])


def month_from_rows(league: League, month: str) -> MonthState:
    """The month ("YYYY-MM") of the league's confirmed games, read from its rows."""
    games, seats, players = table_name(GameRecord), table_name(SeatRow), table_name(Player)
    sql = (
        f'SELECT g.id, g.title, g.city, g."group", s.place, p.name, s.account '
        f"FROM {games} g JOIN {seats} s ON s.game_id = g.id "
        f"JOIN {players} p ON p.id = s.player_id "
        f"WHERE g.league_id = %s AND g.status = %s AND g.date >= %s AND g.date <= %s "
        f"ORDER BY g.date, g.sequence, g.id, s.position"
    )
    day = connection.ops.adapt_datefield_value
    first, last = month_range(month)
    params = [league.pk, RecordStatus.CONFIRMED.value, day(first), day(last)]
    built = _Building()
    for _, game in groupby(stream_rows(sql, params), key=itemgetter(0)):
        built.add(list(game))
    return built.state()


class _Building:
    """A month's state gathered game by game, in play order."""

    def __init__(self) -> None:
        self.points: dict[str, dict[str, Points]] = {}
        self.every_city: dict[str, Points] = {}
        self.groups: dict[str, dict[str, None]] = {}
        self.every_group: dict[str, None] = {}
        self.accounts: dict[str, str] = {}
        self._lists: dict[tuple[str, str | None, str], tuple[Points, Points] | None] = {}
        """By a game's title, city and group: the points it adds to, None where unlisted."""
        self._awards: dict[tuple[int, ...], list[float]] = {}
        """`seat_points` by the placed seats' places."""

    def add(self, seated: Sequence[Any]) -> None:
        accounts = self.accounts
        for row in seated:
            accounts[row[5]] = row[6]
        _, title, city, group, *_ = seated[0]
        key = (title, city, group)
        if key in self._lists:
            lists = self._lists[key]
        else:
            lists = self._lists[key] = self._listed(title, city, group)
        if lists is None:
            return
        in_city, everywhere = lists
        placed = [(row[5], row[4]) for row in seated if row[4] is not None]
        places = tuple([place for _, place in placed])
        points = self._awards.get(places)
        if points is None:
            points = self._awards[places] = seat_points(places)
        for (player, _), amount in zip(placed, points, strict=True):
            mine = in_city.get(player)
            if mine is None:
                mine = in_city[player] = []
            mine.append(amount)
            ours = everywhere.get(player)
            if ours is None:
                ours = everywhere[player] = []
            ours.append(amount)

    def _listed(self, title: str, city: str | None, group: str) -> tuple[Points, Points] | None:
        """The points a game of this title, city and group adds to (its city's and every
        city's, in its group), its city and group noted; None where its title is not listed."""
        if not engine_lists.listed_title(title):
            return None
        city_key, group_key = engine_lists.city_key(city), engine_lists.group_key(group)
        self.groups.setdefault(city_key, {})[group] = None
        self.every_group[group] = None
        in_city = self.points.setdefault(city_key, {}).setdefault(group_key, {})
        return in_city, self.every_city.setdefault(group_key, {})

    def state(self) -> MonthState:
        return MonthState(
            {
                city: {g: _raw(p) for g, p in by_group.items()}
                for city, by_group in self.points.items()
            },
            {group: _raw(points) for group, points in self.every_city.items()},
            {city: list(groups) for city, groups in self.groups.items()},
            list(self.every_group),
            self.accounts,
        )

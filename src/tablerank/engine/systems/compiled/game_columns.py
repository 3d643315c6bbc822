"""A batch of games as the compiled replays' columns, built at once (an import rates a million).

`columns.columns_of` builds the same columns table by table, numbering each name as it
first meets it: each game's players, then its title's SOL participant. Here the seats are read
attribute by attribute in loops that run in C, and the names numbered in that same order by
sorting their first places: a million games of four seats in 1.8 s instead of 4.0 s (one
measurement, benchmarks/README.md). A property test holds the two equal, column for column and
number for number.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

import numpy as np
import numpy.typing as npt

from tablerank.engine.systems.compiled import codes
from tablerank.engine.systems.compiled.columns import CLASSES, Columns
from tablerank.engine.systems.tables import game_participant
from tablerank.engine.values import Game, Seat

__all__ = ["game_columns"]

Ints = npt.NDArray[np.int64]

_SEATS, _TITLE, _CLASS = attrgetter("seats"), attrgetter("game"), attrgetter("game_class")
_PLAYER, _PLACE, _WINNER = attrgetter("player"), attrgetter("place"), attrgetter("winner")
_STATUS_ACCOUNT = attrgetter("status", "account")
_CLASS_NUMBER = {game_class: n for n, game_class in enumerate(CLASSES)}


def game_columns(games: Sequence[Game]) -> tuple[Columns, dict[str, int]]:
    """`columns.columns_of` of the games' tables, numbering names from none: the columns
    and the numbers given to the names."""
    seats: list[Seat] = [seat for game in games for seat in game.seats]
    size = np.fromiter(map(len, map(_SEATS, games)), np.int64, len(games))
    start = np.zeros(len(games) + 1, np.int64)
    np.cumsum(size, out=start[1:])
    titles = list(map(_TITLE, games))
    ids, player, participant = _numbered(list(map(_PLAYER, seats)), titles, start)
    place, placed = _places(list(map(_PLACE, seats)))
    flagged = map(codes.STATUS_ACCOUNT_FLAGS.__getitem__, map(_STATUS_ACCOUNT, seats))
    flags = np.fromiter(flagged, np.int64, len(seats))
    flags += codes.WINNER * np.fromiter(map(_WINNER, seats), np.int64, len(seats))
    flags += codes.PLACED * placed
    game_class = np.fromiter(
        map(_CLASS_NUMBER.__getitem__, map(_CLASS, games)), np.int64, len(games)
    )
    return Columns(start, player, place, flags, game_class, participant), ids


def _places(places: list[int | None]) -> tuple[Ints, Ints | int]:
    """Each seat's place (0 when none), and whether it has one (1 where every seat has)."""
    try:
        return np.array(places, np.int64), 1
    except TypeError:  # a seat without a place
        place = np.fromiter((p or 0 for p in places), np.int64, len(places))
        return place, np.fromiter((p is not None for p in places), np.int64, len(places))


def _numbered(
    players: list[str], titles: list[str], start: Ints
) -> tuple[dict[str, int], Ints, Ints]:
    """Number the names in the order they first come in the sequence each game's players, then
    its title's participant: the numbers, each seat's player and each game's participant.

    A name's first place in that sequence is its first seat's index plus the game's (one
    participant before it per game), or for a participant, the end of its first game's seats
    plus the game's index; numbering by those places gives `columns_of`'s numbers."""
    index = {name: n for n, name in enumerate(dict.fromkeys(players))}
    seat_number = np.fromiter(map(index.__getitem__, players), np.int64, len(players))
    first_seat = _first_places(seat_number, len(index))
    game_of_seat = np.repeat(np.arange(len(start) - 1, dtype=np.int64), np.diff(start))
    places = (first_seat + game_of_seat[first_seat]).tolist()
    first: dict[str, int] = dict(zip(index, places, strict=True))
    title_index = {title: n for n, title in enumerate(dict.fromkeys(titles))}
    title_number = np.fromiter(map(title_index.__getitem__, titles), np.int64, len(titles))
    first_game = _first_places(title_number, len(title_index)).tolist()
    participants = [game_participant(title) for title in title_index]
    for name, game in zip(participants, first_game, strict=True):
        at = int(start[game + 1]) + game
        if at < first.get(name, at + 1):
            first[name] = at
    ids = {name: n for n, name in enumerate(sorted(first, key=first.__getitem__))}
    renumber = np.fromiter(map(ids.__getitem__, index), np.int64, len(index))
    by_title = np.fromiter(map(ids.__getitem__, participants), np.int64, len(participants))
    return ids, renumber[seat_number], by_title[title_number]


def _first_places(numbers: Ints, count: int) -> Ints:
    """Where each of `count` numbers first comes in `numbers`, which numbers them in the order
    they first come (number n comes first after every number below it)."""
    if not len(numbers):
        return np.zeros(0, np.int64)
    reached = np.maximum.accumulate(numbers)
    new = np.empty(len(numbers), dtype=bool)
    new[0] = True
    np.greater(reached[1:], reached[:-1], out=new[1:])
    found = np.flatnonzero(new)
    assert len(found) == count
    return found

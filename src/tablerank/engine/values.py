"""The record values: immutable games, seats and events, and the trusted way to rebuild them.

Records from any outside source are built and checked by `tablerank.engine.records`
(`new_game`, `new_event`), which also re-exports these types. `stored_game` and `stored_seat`
rebuild records that were checked when they were first stored, without checking them again.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from operator import attrgetter
from typing import Any

__all__ = [
    "NO_TIME",
    "Account",
    "Event",
    "EventFormat",
    "EventStanding",
    "Game",
    "GameClass",
    "Seat",
    "SeatStatus",
    "build_game",
    "build_seat",
    "day_order",
    "in_day_order",
    "placed_game",
    "stored_game",
    "stored_seat",
]


class GameClass(StrEnum):
    """A.R.E.A.'s five classes of game (seed 003)."""

    TWO = "two"
    WTA = "wta"
    TEAM = "team"
    RACE = "race"
    SOL = "sol"


class SeatStatus(StrEnum):
    """How a seat ended: played to the end, left mid-game, or took over a left seat."""

    FINISHED = "finished"
    ABANDONED = "abandoned"
    SUBSTITUTE = "substitute"


class Account(StrEnum):
    """Catan Online World account type: free accounts get no ELO value (seed 001)."""

    PREMIUM = "premium"
    FREE = "free"


class EventFormat(StrEnum):
    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    ELIMINATION = "elimination"


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's result at one table. `place` is None for a seat abandoned mid-game."""

    player: str
    place: int | None
    vp: float | None = None
    winner: bool = False
    team: str | None = None
    status: SeatStatus = SeatStatus.FINISHED
    account: Account = Account.PREMIUM
    sources: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Game:
    """One table: when, what, which list it belongs to, and one seat per player."""

    id: str
    date: dt.date
    seats: tuple[Seat, ...]
    game: str = "catan"
    variant: str | None = "base"
    target: int | None = 10
    group: str = "base"
    city: str | None = None
    game_class: GameClass = GameClass.WTA
    event: str | None = None
    round: int | None = None
    time: dt.time | None = None
    """The time of day when one was given (with its UTC offset if one was given)."""
    # The seats present at the end (finished or substitute), the ones that hold a place, as
    # parallel tuples: every position- and VP-based system reads these, millions of times.
    placed: tuple[Seat, ...] = field(init=False, repr=False, compare=False)
    placed_players: tuple[str, ...] = field(init=False, repr=False, compare=False)
    placed_places: tuple[int, ...] = field(init=False, repr=False, compare=False)
    placed_vps: tuple[float | None, ...] = field(init=False, repr=False, compare=False)
    tied: bool = field(init=False, repr=False, compare=False)
    """Whether two placed seats share a place."""

    def __post_init__(self) -> None:
        _derive(self, self.seats)


_PLAYER, _PLACE, _VP = attrgetter("player"), attrgetter("place"), attrgetter("vp")


def _derive(game: Game, seats: tuple[Seat, ...]) -> None:
    placed = seats
    for seat in seats:
        if seat.place is None:
            placed = tuple([s for s in seats if s.place is not None])
            break
    places: tuple[int, ...] = tuple(map(_PLACE, placed))
    setters = _DERIVED_SET
    setters[0](game, placed)
    setters[1](game, tuple(map(_PLAYER, placed)))
    setters[2](game, places)
    setters[3](game, tuple(map(_VP, placed)))
    setters[4](game, len(set(places)) < len(places))


@dataclass(frozen=True, slots=True)
class EventStanding:
    """One player's final line in an event: place and match record (seed 004)."""

    player: str
    place: int
    wins: int
    draws: int
    losses: int
    completed: bool


@dataclass(frozen=True, slots=True)
class Event:
    """An event's final standings, the record Turnabout rates."""

    id: str
    date: dt.date
    standings: tuple[EventStanding, ...]
    rounds: int | None = None
    format: EventFormat = EventFormat.SWISS
    time: dt.time | None = None
    """The time of day when one was given (with its UTC offset if one was given)."""


# -- the trusted path ------------------------------------------------------------------------


def _setters(cls: type, names: str) -> tuple[Any, ...]:
    """The slots' own setters: filling a frozen record this way skips `object.__setattr__`'s
    look-up, a third of the cost of building one."""
    return tuple(cls.__dict__[name].__set__ for name in names.split())


_SEAT_SET = _setters(Seat, "player place vp winner team status account sources")
_GAME_SET = _setters(
    Game, "id date seats game variant target group city game_class event round time"
)
_DERIVED_SET = _setters(Game, "placed placed_players placed_places placed_vps tied")


def build_seat(
    player: str,
    place: int | None,
    vp: float | None,
    winner: bool,
    team: str | None,
    status: SeatStatus,
    account: Account,
    sources: Mapping[str, int],
    _new: Any = object.__new__,
    _s: tuple[Any, ...] = _SEAT_SET,
) -> Seat:
    """`Seat(...)` for values already checked, at half the cost of the dataclass's own init."""
    seat: Seat = _new(Seat)
    _s[0](seat, player)
    _s[1](seat, place)
    _s[2](seat, vp)
    _s[3](seat, winner)
    _s[4](seat, team)
    _s[5](seat, status)
    _s[6](seat, account)
    _s[7](seat, sources)
    return seat


def build_game(
    id: str,
    date: dt.date,
    seats: tuple[Seat, ...],
    game: str,
    variant: str | None,
    target: int | None,
    group: str,
    city: str | None,
    game_class: GameClass,
    event: str | None,
    round: int | None,
    time: dt.time | None = None,
    _new: Any = object.__new__,
    _s: tuple[Any, ...] = _GAME_SET,
) -> Game:
    """`Game(...)` for values already checked, at half the cost of the dataclass's own init."""
    built: Game = _new(Game)
    _s[0](built, id)
    _s[1](built, date)
    _s[2](built, seats)
    _s[3](built, game)
    _s[4](built, variant)
    _s[5](built, target)
    _s[6](built, group)
    _s[7](built, city)
    _s[8](built, game_class)
    _s[9](built, event)
    _s[10](built, round)
    _s[11](built, time)
    _derive(built, seats)
    return built


def placed_game(
    id: str,
    date: dt.date,
    seats: tuple[Seat, ...],
    head: tuple[Any, ...],
    time: dt.time | None,
    players: tuple[str, ...],
    places: tuple[int, ...],
    vps: tuple[float | None, ...],
    tied: bool,
    _new: Any = object.__new__,
    _s: tuple[Any, ...] = _GAME_SET,
    _d: tuple[Any, ...] = _DERIVED_SET,
) -> Game:
    """`build_game(id, date, seats, *head, time)` for checked seats that all hold a place,
    whose players, places and VP (in seat order) and whether two share a place are given."""
    built: Game = _new(Game)
    _s[0](built, id)
    _s[1](built, date)
    _s[2](built, seats)
    _s[3](built, head[0])
    _s[4](built, head[1])
    _s[5](built, head[2])
    _s[6](built, head[3])
    _s[7](built, head[4])
    _s[8](built, head[5])
    _s[9](built, head[6])
    _s[10](built, head[7])
    _s[11](built, time)
    _d[0](built, seats)
    _d[1](built, players)
    _d[2](built, places)
    _d[3](built, vps)
    _d[4](built, tied)
    return built


def stored_seat(
    *,
    player: str,
    place: int | None,
    vp: float | None = None,
    winner: bool = False,
    team: str | None = None,
    status: str = "finished",
    account: str = "premium",
    sources: Mapping[str, int] | None = None,
) -> Seat:
    """A `Seat` from values exactly as `new_game` made them, WITHOUT any check.

    Only for data that `new_game` already checked and that was stored unchanged (the league's
    own rows: resolved places, canonical status and account); anything else must go through
    `new_game`, or it yields records that break the engine's assumptions.
    """
    if vp is not None and type(vp) is not int and float(vp).is_integer():
        vp = int(vp)  # as new_game keeps it; a database's float column gives 10.0
    return build_seat(
        player, place, vp, winner, team, _STATUS[status], _ACCOUNT[account], sources or {}
    )


# The members by value (a dict look-up, a tenth of calling the enum; a member finds itself).
_STATUS = {member.value: member for member in SeatStatus}
_ACCOUNT = {member.value: member for member in Account}
_CLASS = {member.value: member for member in GameClass}


def stored_game(
    *,
    id: str,
    date: dt.date,
    seats: Iterable[Seat],
    game: str,
    variant: str | None,
    target: int | None,
    group: str,
    city: str | None = None,
    game_class: str = "wta",
    event: str | None = None,
    round: int | None = None,
    time: dt.time | None = None,
) -> Game:
    """A `Game` from values exactly as `new_game` made them, WITHOUT any check.

    Only for data that `new_game` already checked and that was stored unchanged (the league's
    replays of its own rows, with seats from `stored_seat`): defaults are not applied and places
    are not resolved, so raw input here yields records that break the engine's assumptions.
    """
    return build_game(
        id, date, tuple(seats), game, variant, target, group, city, _CLASS[game_class], event,
        round, time,
    )  # fmt: skip


NO_TIME = -1.0
"""`day_order`'s clock of a record without a time of day."""


def _clock(time: dt.time | None) -> float:
    """Seconds since midnight as written (the offset is not applied); `NO_TIME` for none."""
    if time is None:
        return NO_TIME
    return time.hour * 3600 + time.minute * 60 + time.second + time.microsecond / 1e6


def in_day_order(record: Game | Event) -> tuple[dt.date, float]:
    """The key that orders records in time: by date, then by the time of day as written, a
    record without a time before the timed ones of its day (a stable sort keeps input order
    among equals, so a history of plain dates is rated in input order within each day)."""
    return record.date, _clock(record.time)


def day_order(date: dt.date, time: dt.time | None) -> tuple[dt.date, float]:
    """`in_day_order` of a record of this date and time of day."""
    return date, _clock(time)

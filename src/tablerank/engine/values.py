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
from typing import Any

__all__ = [
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


def _derive(game: Game, seats: tuple[Seat, ...], _set: Any = object.__setattr__) -> None:
    placed = seats
    for seat in seats:
        if seat.place is None:
            placed = tuple([s for s in seats if s.place is not None])
            break
    places = tuple([s.place or 0 for s in placed])
    _set(game, "placed", placed)
    _set(game, "placed_players", tuple([s.player for s in placed]))
    _set(game, "placed_places", places)
    _set(game, "placed_vps", tuple([s.vp for s in placed]))
    _set(game, "tied", len(set(places)) < len(places))


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


# -- the trusted path ------------------------------------------------------------------------


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
    _set: Any = object.__setattr__,
) -> Seat:
    """`Seat(...)` for values already checked, at half the cost of the dataclass's own init."""
    seat: Seat = _new(Seat)
    _set(seat, "player", player)
    _set(seat, "place", place)
    _set(seat, "vp", vp)
    _set(seat, "winner", winner)
    _set(seat, "team", team)
    _set(seat, "status", status)
    _set(seat, "account", account)
    _set(seat, "sources", sources)
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
    _new: Any = object.__new__,
    _set: Any = object.__setattr__,
) -> Game:
    """`Game(...)` for values already checked, at half the cost of the dataclass's own init."""
    built: Game = _new(Game)
    _set(built, "id", id)
    _set(built, "date", date)
    _set(built, "seats", seats)
    _set(built, "game", game)
    _set(built, "variant", variant)
    _set(built, "target", target)
    _set(built, "group", group)
    _set(built, "city", city)
    _set(built, "game_class", game_class)
    _set(built, "event", event)
    _set(built, "round", round)
    _derive(built, seats)
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
        player, place, vp, winner, team, SeatStatus(status), Account(account), sources or {}
    )


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
) -> Game:
    """A `Game` from values exactly as `new_game` made them, WITHOUT any check.

    Only for data that `new_game` already checked and that was stored unchanged (the league's
    replays of its own rows, with seats from `stored_seat`): defaults are not applied and places
    are not resolved, so raw input here yields records that break the engine's assumptions.
    """
    return build_game(
        id, date, tuple(seats), game, variant, target, group, city, GameClass(game_class), event,
        round,
    )  # fmt: skip

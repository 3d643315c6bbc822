"""Games as the replays read them (`Table`: no `Game` value built), and what a system's replay
over them offers (`TableReplay`, from `ReplaySystem.table_replay`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

from tablerank.engine.values import Account, Game, GameClass, Seat, SeatStatus

__all__ = [
    "SeatView",
    "Table",
    "TableReplay",
    "TableSeat",
    "game_participant",
    "seat_views",
    "table_of",
    "table_replay",
]

TableSeat = tuple[str, int | None, bool, SeatStatus, Account]
"""One seat as a replay needs it: player, place, declared winner, status, account."""

Table = tuple[str, str, GameClass, tuple[TableSeat, ...]]
"""One game as a replay needs it: title, group, class, and its seats in seat order."""


SeatView = tuple[str, int | None, bool, bool, bool]
"""A seat as `pairs` reads it: player, place, declared winner, whether it played to the end
(`SeatStatus.FINISHED`), whether its account is premium."""


def game_participant(title: str) -> str:
    """The name under which a game title is rated in A.R.E.A.'s SOL games ("it will show up on
    the A.R.E.A. rating sheets", seed 003)."""
    return f"{title} (game)"


def seat_views(seats: Iterable[Seat]) -> list[SeatView]:
    finished, premium = SeatStatus.FINISHED, Account.PREMIUM
    return [
        (s.player, s.place, s.winner, s.status is finished, s.account is premium) for s in seats
    ]


def table_of(game: Game) -> Table:
    """The table of a game (what a league reads from its rows directly)."""
    seats = tuple((s.player, s.place, s.winner, s.status, s.account) for s in game.seats)
    return game.game, game.group, game.game_class, seats


class TableReplay(Protocol):
    """A system's `list_key`/`refusal` and `changes`, over tables and games, exactly the
    system's own."""

    def list_key(self, title: str, group: str) -> str | None:
        """The list a game of this title and group counts in, or None when refused."""

    def changes(self, table: Table, ratings: Mapping[str, float]) -> dict[str, float]:
        """What the system's `changes` returns for the game `table` describes."""

    def game_changes(self, game: Game, ratings: Mapping[str, float]) -> dict[str, float]:
        """What the system's `changes` returns for `game`."""


class Replayed(Protocol):
    def table_replay(self) -> TableReplay | None: ...


def table_replay(system: Replayed) -> TableReplay | None:
    """`system.table_replay()`, for callers that take it as a function of the system."""
    return system.table_replay()

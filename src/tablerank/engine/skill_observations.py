"""What the skill model reads of the games (issue 12): each rated seat's score, as flat arrays.

Each rated seat's *score* is how far it finished above its table: its VP (capped at the target)
minus the table's mean VP, plus `place_weight` times its centred place score ((n + 1) / 2 -
place); at a table without VP (other titles, or a seat without VP), `place_vp` times the place
score alone. Seats that hold no place (left mid-game) are not rated, nor are tables with fewer
than two placed seats.

The rule is computed once, table by table in whole arrays (`observe_seats`), whether the seats
come from `Game` values (`observe`) or from a league's rows (`league.ratings.skill_columns`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt

from tablerank.engine.values import Game
from tablerank.engine.variants import is_catan

__all__ = [
    "Observations",
    "ScoreSettings",
    "SeatColumns",
    "observe",
    "observe_seats",
]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]


class ScoreSettings(Protocol):
    """The parameters a seat's score reads (`Skill` holds them)."""

    @property
    def place_weight(self) -> float: ...
    @property
    def place_vp(self) -> float: ...


@dataclass(frozen=True)
class Observations:
    """Rated games as flat arrays, in play order; a prefix of games is a prefix of every array
    (players are numbered in order of their first game)."""

    players: tuple[str, ...]
    game_ids: tuple[str, ...]
    game_day: Ints
    game_start: Ints
    """Index of each game's first seat; one extra entry at the end."""
    seat_player: Ints
    seat_position: Ints
    """Column of the seat's (table size, turn position) effect."""
    seat_score: Floats
    seat_vp: Floats
    """Capped VP, NaN at tables without VP."""
    positions: tuple[tuple[int, int], ...]
    """(table size, turn position from 1) of each position column."""


@dataclass(frozen=True)
class SeatColumns:
    """Games in play order and their seats in seat order, as columns: the model's input before
    any rule is applied."""

    game_ids: Sequence[str]
    game_day: Ints
    """Each game's date as its ordinal."""
    game_vp: Flags
    """Whether the game's title scores VP (Catan)."""
    game_target: Floats
    """The VP the game is played to; 0 where it has none (nothing is capped)."""
    game_start: Ints
    """Index of each game's first seat; one extra entry at the end."""
    seat_player: Ints
    """Any number that tells the players apart (`names` names them)."""
    seat_place: Ints
    """-1 for a seat without a place."""
    seat_vp: Floats
    """NaN for a seat without VP."""
    names: Mapping[int, str]

    def joined(self, games: int, tail: SeatColumns) -> SeatColumns:
        """This history's first `games` games followed by `tail`'s (named by `tail.names`)."""
        seats = int(self.game_start[games])
        return SeatColumns(
            game_ids=[*self.game_ids[:games], *tail.game_ids],
            game_day=np.concatenate((self.game_day[:games], tail.game_day)),
            game_vp=np.concatenate((self.game_vp[:games], tail.game_vp)),
            game_target=np.concatenate((self.game_target[:games], tail.game_target)),
            game_start=np.concatenate((self.game_start[:games], tail.game_start + seats)),
            seat_player=np.concatenate((self.seat_player[:seats], tail.seat_player)),
            seat_place=np.concatenate((self.seat_place[:seats], tail.seat_place)),
            seat_vp=np.concatenate((self.seat_vp[:seats], tail.seat_vp)),
            names=tail.names,
        )


def observe(games: Sequence[Game], settings: ScoreSettings) -> Observations:
    """The games with at least two placed seats, as the model reads them."""
    keys: dict[str, int] = {}
    players: list[int] = []
    places: list[int] = []
    vps: list[float] = []
    starts = [0]
    for game in games:
        players.extend(keys.setdefault(p, len(keys)) for p in game.placed_players)
        places.extend(game.placed_places)
        vps.extend(np.nan if v is None else float(v) for v in game.placed_vps)
        starts.append(len(players))
    columns = SeatColumns(
        game_ids=[g.id for g in games],
        game_day=np.array([g.date.toordinal() for g in games], dtype=np.int64),
        game_vp=np.array([is_catan(g.game) for g in games], dtype=np.bool_),
        game_target=np.array([g.target or 0 for g in games], dtype=np.float64),
        game_start=np.array(starts, dtype=np.int64),
        seat_player=np.array(players, dtype=np.int64),
        seat_place=np.array(places, dtype=np.int64),
        seat_vp=np.array(vps, dtype=np.float64),
        names={key: name for name, key in keys.items()},
    )
    return observe_seats(columns, settings)


def observe_seats(columns: SeatColumns, settings: ScoreSettings) -> Observations:
    """The seats' scores by the rule above, with players and turn positions numbered in order
    of their first rated game."""
    size = np.diff(columns.game_start)
    seat_game = np.repeat(np.arange(len(size)), size)
    placed = columns.seat_place >= 0
    count = np.bincount(seat_game[placed], minlength=len(size))
    rated = count >= 2
    kept = placed & rated[seat_game]
    game = seat_game[kept]
    games = np.flatnonzero(rated)
    n = count[game].astype(np.float64)
    start = np.zeros(len(games) + 1, dtype=np.int64)
    np.cumsum(count[games], out=start[1:])
    renumber = np.cumsum(rated) - 1
    turn = np.arange(len(game)) - start[renumber[game]] + 1
    raw = (n + 1) / 2 - columns.seat_place[kept]
    place = raw - _table_mean(raw, game, len(size))
    vp = columns.seat_vp[kept]
    target = columns.game_target[game]
    capped = np.where(target > 0, np.minimum(vp, target), vp)
    missing = np.bincount(game, weights=np.isnan(vp), minlength=len(size)) > 0
    with_vp = (columns.game_vp & ~missing)[game]
    margin = capped - _table_mean(np.where(with_vp, capped, 0.0), game, len(size))
    score = np.where(with_vp, margin + settings.place_weight * place, settings.place_vp * place)
    players, player_names = _first_seen(columns.seat_player[kept])
    positions, position_keys = _first_seen(count[game] * 1000 + turn)
    return Observations(
        players=tuple(columns.names[int(key)] for key in player_names),
        game_ids=tuple(columns.game_ids[int(g)] for g in games),
        game_day=columns.game_day[games],
        game_start=start,
        seat_player=players,
        seat_position=positions,
        seat_score=np.asarray(score, dtype=np.float64),
        seat_vp=np.where(with_vp, capped, np.nan),
        positions=tuple((int(k) // 1000, int(k) % 1000) for k in position_keys),
    )


def _table_mean(values: Floats, game: Ints, games: int) -> Floats:
    """Each seat's table's mean of `values`, seat by seat."""
    total = np.bincount(game, weights=values, minlength=games)
    seats = np.bincount(game, minlength=games)
    return np.asarray((total / np.maximum(seats, 1))[game], dtype=np.float64)


def _first_seen(keys: Ints) -> tuple[Ints, Ints]:
    """Each key's number in order of first appearance, and the keys in that order."""
    unique, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")
    number = np.empty(len(unique), dtype=np.int64)
    number[order] = np.arange(len(unique))
    return number[inverse].astype(np.int64), unique[order]

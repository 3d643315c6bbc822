"""Pools of order-dependent systems (cow.elo, area; a pool: a system's ratings per group or
title): a game's change depends on the ratings before it, so a change replays all after it.

Each such list keeps its rows (`RatingState`), a watermark (the last game applied and how many
the list has had) and checkpoints: the whole list's state just after one game
(`RatingCheckpoint`), every `EVERY` games, more games apart in a list of many names
(`falls_due`).

How a list moves forward is `pool_updates`' to decide (the one way to update it); this module
keeps the state, the watermark and the checkpoints:

* A confirmed game after the watermark is applied on its own: O(its seats).
* A change at or before the watermark (a void, a correction, a late confirmation) restores the
  nearest checkpoint before it, replays the list's later games in memory, and writes only the
  rows that differ and the checkpoints after it: O(games after the change), with no log to
  rewrite.
* `before_game.lists_before` (for explanations) replays at most one step of `falls_due`
  from a checkpoint.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from django.db.models import Q

from tablerank.engine.records import Game
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.tables import Table, TableReplay
from tablerank.errors import RatingError
from tablerank.league.models import League, RatingCheckpoint, RatingWatermark
from tablerank.league.store import checkpoint_blobs
from tablerank.league.store.played import Played, Point
from tablerank.league.store.pool_rows import Stored
from tablerank.league.store.state_rows import Row

__all__ = [
    "EVERY",
    "Changed",
    "Replay",
    "Replaying",
    "checkpoint_before",
    "earliest",
    "falls_due",
    "list_games",
    "mark",
    "points",
    "restore",
    "save_checkpoint",
    "watermark",
]

EVERY = 10_000
"""Games of a list between two checkpoints, at least: replaying this many takes well under a
second."""


def falls_due(count: int, names: int) -> bool:
    """Whether a list that rates `names` names takes a checkpoint just after its `count`th game.

    Every `EVERY` games; where the list rates four times as many names as that or more, every 2,
    4, 8 ... times `EVERY` games: the smallest such step above a quarter of the names. A
    checkpoint costs O(names) to write, and a change in the past rewrites every later one, so
    the checkpoints of a list hold fewer than 4 names per game of it (a million games among
    100,000 players: one every 40,000 games, 25 where every 10,000 games made 100); an
    explanation replays at most one step."""
    step = EVERY
    while 4 * step <= names:
        step *= 2
    return count % step == 0


@dataclass
class Replay:
    """A list's whole state in memory: ratings and games per rated name."""

    ratings: dict[str, float] = field(default_factory=dict)
    games: dict[str, int] = field(default_factory=dict)
    at: Point | None = None
    count: int = 0
    """The list's games applied so far."""

    def differing(self, stored: Stored) -> tuple[dict[str, Row], list[str]]:
        """`pool_rows.PoolState.differing`."""
        ratings, games = self.ratings, self.games
        changed: dict[str, Row] = {}
        gone: list[str] = []
        for player, rating, played in stored:
            now = ratings.get(player)
            if now is None:
                gone.append(player)
            elif now != rating or games[player] != played:
                changed[player] = (now, games[player], "")
        seen = {row[0] for row in stored}
        for player, rating in ratings.items():
            if player not in seen:
                changed[player] = (rating, games[player], "")
        return changed, gone

    def apply(self, system: ReplaySystem[Game], at: Point, game: Game) -> None:
        try:
            delta = system.changes(game, self.ratings)
        except RatingError:
            delta = {}  # e.g. the system cannot rate this table: it leaves the game out
        self.add(at, delta, system.initial_rating())

    def apply_table(self, replay: TableReplay, initial: float, at: Point, table: Table) -> None:
        """`apply` for a game read as a table, through the system's fast replay."""
        ratings, played = self.ratings, self.games
        try:
            delta = replay.changes(table, ratings)
        except RatingError:
            delta = {}
        for player, amount in delta.items():  # `add`, inline: once per game and list
            ratings[player] = ratings.get(player, initial) + amount
            played[player] = played.get(player, 0) + 1
        self.at, self.count = at, self.count + 1

    def add(self, at: Point, delta: dict[str, float], initial: float) -> None:
        """Count one more game of the list, at `at`, which changed these ratings."""
        ratings, played = self.ratings, self.games
        for player, amount in delta.items():
            ratings[player] = ratings.get(player, initial) + amount
            played[player] = played.get(player, 0) + 1
        self.at, self.count = at, self.count + 1

    def blob(self) -> bytes:
        return checkpoint_blobs.encode_json(self.ratings, self.games)

    @classmethod
    def from_blob(cls, blob: bytes, at: Point, count: int) -> Replay:
        ratings, games = checkpoint_blobs.decode(blob)
        return cls(ratings, games, at, count)


def _marks(league: League, name: str, key: str) -> Q:
    return Q(league=league, system=name, list_key=key)


def list_games(system: ReplaySystem[Game], key: str, played: Iterable[Played]) -> Iterator[Played]:
    for item in played:
        game = item[2]
        if system.refusal(game) is None and system.list_key(game) == key:
            yield item


def checkpoint_before(league: League, name: str, key: str, at: Point | None) -> Replay:
    """The latest checkpoint strictly before `at` (the last one when None), or an empty state."""
    rows = RatingCheckpoint.objects.filter(_marks(league, name, key))
    if at is not None:
        rows = rows.filter(Q(date__lt=at[0]) | Q(date=at[0], sequence__lt=at[1]))
    found = (
        rows.order_by("-date", "-sequence")
        .values_list("date", "sequence", "games", "state")
        .first()
    )
    if found is None:
        return Replay()
    day, sequence, count, blob = found
    return Replay.from_blob(bytes(blob), (day, sequence), count)


def points(league: League, name: str, key: str) -> list[Point]:
    """The places of the list's checkpoints, in play order."""
    rows = RatingCheckpoint.objects.filter(_marks(league, name, key)).order_by("date", "sequence")
    return [(day, sequence) for day, sequence in rows.values_list("date", "sequence")]


def save_checkpoint(
    league: League, name: str, key: str, state: Replay, blob: bytes | None = None
) -> None:
    """Store the state (or `blob`, the same state already encoded) as a checkpoint."""
    assert state.at is not None
    RatingCheckpoint.objects.create(
        league=league,
        system=name,
        list_key=key,
        date=state.at[0],
        sequence=state.at[1],
        games=state.count,
        state=blob or state.blob(),
    )


def mark(league: League, name: str, key: str, at: Point | None, count: int) -> None:
    marks = RatingWatermark.objects.filter(_marks(league, name, key))
    if at is None:
        marks.delete()
    elif not marks.update(date=at[0], sequence=at[1], games=count):
        RatingWatermark.objects.create(
            league=league, system=name, list_key=key, date=at[0], sequence=at[1], games=count
        )


def watermark(league: League, name: str, key: str) -> tuple[Point, int] | None:
    found = (
        RatingWatermark.objects.filter(_marks(league, name, key))
        .values_list("date", "sequence", "games")
        .first()
    )
    return None if found is None else ((found[0], found[1]), found[2])


Changed = tuple[str, ReplaySystem[Game], str, Point | None]
"""A list to replay: system name, system, list key, and the place of its earliest change."""


@dataclass
class Replaying:
    name: str
    system: ReplaySystem[Game]
    key: str
    state: Replay
    fast: TableReplay | None

    def wants(self, at: Point) -> bool:
        return self.state.at is None or at > self.state.at

    def saved(self, league: League) -> None:
        """Save a checkpoint where one falls due (`falls_due`)."""
        if falls_due(self.state.count, len(self.state.ratings)):
            save_checkpoint(league, self.name, self.key, self.state)


def earliest(states: Iterable[Replay]) -> Point | None:
    """Where the earliest of these states stands: None (the league's start) if any does."""
    starts = [state.at for state in states]
    return None if None in starts else min(at for at in starts if at is not None)


def restore(league: League, name: str, key: str, at: Point | None) -> Replay:
    """The list's state at its nearest checkpoint before `at`; its later checkpoints go."""
    state = checkpoint_before(league, name, key, at)
    later = RatingCheckpoint.objects.filter(_marks(league, name, key))
    if state.at is not None:
        day, sequence = state.at
        later = later.filter(Q(date__gt=day) | Q(date=day, sequence__gt=sequence))
    later.delete()
    return state

"""Pools of order-dependent systems (cow.elo, area; a pool: a system's ratings per group or
title): a game's change depends on the ratings before it, so a change replays all after it.

Each such list keeps its rows (`RatingState`), a watermark (the last game applied and how many
the list has had) and checkpoints: the whole list's state just after one game
(`RatingCheckpoint`), every `EVERY` games, more games apart in a list of many names
(`falls_due`).

* A confirmed game after the watermark is applied on its own: O(its seats).
* A change at or before the watermark (a void, a correction, a late confirmation) restores the
  nearest checkpoint before it, replays the list's later games in memory, and writes only the
  rows that differ and the checkpoints after it: O(games after the change), with no log to
  rewrite.
* `before_game.lists_before` (for explanations) replays at most one step of `falls_due`
  from a checkpoint.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q

from tablerank.engine import loading
from tablerank.engine.records import Game
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.tables import Table, TableReplay, table_of, table_replay
from tablerank.errors import RatingError
from tablerank.league.models import League, RatingCheckpoint, RatingWatermark
from tablerank.league.store import checkpoint_blobs
from tablerank.league.store.batch_columns import BatchColumns
from tablerank.league.store.played import Placed, Played, Point, played_games, played_tables
from tablerank.league.store.state_rows import (
    Row,
    StateRows,
    delete_states,
    list_rows,
    upsert_states,
)

__all__ = [
    "EVERY",
    "Replay",
    "append",
    "checkpoint_before",
    "earliest",
    "falls_due",
    "list_games",
    "points",
    "replay_from",
    "replay_lists",
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


COMPILED_APPEND = 2_000
"""Games a batch appends to a list from which on it goes through the compiled replays
(`compiled_pools.append`): worth loading numba (under a second) for an import's batch, not for
one recorded game."""


@dataclass
class Replay:
    """A list's whole state in memory: ratings and games per rated name."""

    ratings: dict[str, float] = field(default_factory=dict)
    games: dict[str, int] = field(default_factory=dict)
    at: Point | None = None
    count: int = 0
    """The list's games applied so far."""

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


def _mark(league: League, name: str, key: str, at: Point | None, count: int) -> None:
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


def replay_from(
    league: League, name: str, system: ReplaySystem[Game], key: str, at: Point | None
) -> None:
    """Make the list a replay again after a change at `at` (None: from the beginning)."""
    replay_lists(league, [(name, system, key, at)])


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


def replay_lists(league: League, lists: Sequence[Changed]) -> None:
    """Make several lists a replay again, each after its change, reading the history once:
    from the earliest of their checkpoints on. Through the compiled replays where they cover
    every list (`compiled_pools`), else the fast replays when every list has one
    (`table_replay`), else the engine."""
    if not lists:
        return
    replaying = [_restore(league, *item) for item in lists]
    start = earliest(r.state for r in replaying)
    fast = all(r.fast is not None for r in replaying)
    compiled = fast and _compiled(league, replaying, start)  # which writes the rows too
    if not compiled:
        (_replay_tables if fast else _replay_games)(league, replaying, start)
    for r in replaying:
        if not compiled:
            _write_rows(league, r.name, r.key, r.state)
        _mark(league, r.name, r.key, r.state.at, r.state.count)


def _compiled(league: League, replaying: list[Replaying], start: Point | None) -> bool:
    """Replay the lists through the compiled replays where they are worth it
    (`loading.worth_compiling` of the games the lists have left to replay; loading numba holds
    the league's write lock meanwhile), or where a list has no watermark to tell. False, with
    nothing changed, where they are not or cannot."""
    if not loading.worth_compiling(0):
        marks = [watermark(league, r.name, r.key) for r in replaying]
        if all(mark is not None for mark in marks):
            left = sum(m[1] - r.state.count for m, r in zip(marks, replaying, strict=True) if m)
            if not loading.worth_compiling(left):
                return False
    from tablerank.league.ratings import (
        compiled_pools,  # numpy and numba: off the start-up path
    )

    return compiled_pools.replay(league, replaying, start)


def _replay_games(league: League, replaying: list[Replaying], start: Point | None) -> None:
    for at_game, _, game in played_games(league.pk, after=start):
        for r in replaying:
            if not r.wants(at_game):
                continue
            if r.system.refusal(game) is not None or r.system.list_key(game) != r.key:
                continue
            r.state.apply(r.system, at_game, game)
            r.saved(league)


def _replay_tables(league: League, replaying: list[Replaying], start: Point | None) -> None:
    lists = [(r, r.fast, r.system.initial_rating()) for r in replaying if r.fast is not None]
    for at_game, table in played_tables(league.pk, after=start):
        title, group = table[0], table[1]
        for r, fast, initial in lists:
            state = r.state
            if state.at is not None and at_game <= state.at:
                continue
            if fast.list_key(title, group) == r.key:
                state.apply_table(fast, initial, at_game, table)
                if state.count % EVERY == 0:
                    r.saved(league)


def _restore(
    league: League, name: str, system: ReplaySystem[Game], key: str, at: Point | None
) -> Replaying:
    """The list's state at its nearest checkpoint before `at`, whose later checkpoints go."""
    state = checkpoint_before(league, name, key, at)
    later = RatingCheckpoint.objects.filter(_marks(league, name, key))
    if state.at is not None:
        day, sequence = state.at
        later = later.filter(Q(date__gt=day) | Q(date=day, sequence__gt=sequence))
    later.delete()
    return Replaying(name, system, key, state, table_replay(system))


def _write_rows(league: League, name: str, key: str, state: Replay) -> None:
    """Make the stored rows equal `state`, writing only the ones that differ."""
    changed: dict[str, Row] = {}
    gone: list[str] = []
    seen: set[str] = set()
    for player, (rating, games, _) in list_rows(league, name, key):
        seen.add(player)
        if player not in state.ratings:
            gone.append(player)
        elif state.ratings[player] != rating or state.games[player] != games:
            changed[player] = (state.ratings[player], state.games[player], "")
    for player, rating in state.ratings.items():
        if player not in seen:
            changed[player] = (rating, state.games[player], "")
    upsert_states(league, name, key, changed)
    delete_states(league, name, key, gone)


class _Ratings(dict[str, float]):
    """One list's ratings over `StateRows` as a plain dict, for the engine's `changes`: the
    rows loaded already are copied in; any other name is looked up on first use."""

    def __init__(self, rows: StateRows, name: str, key: str) -> None:
        super().__init__((player, row[0]) for player, row in rows.loaded(name, key).items())
        self._rows, self._name, self._key = rows, name, key

    def __missing__(self, player: str) -> float:
        row = self._rows.get((self._name, self._key, player))
        if row is None:
            raise KeyError(player)
        self[player] = row[0]
        return row[0]

    def get(self, player: str, default: Any = None) -> Any:
        try:
            return self[player]
        except KeyError:
            return default

    def __contains__(self, player: object) -> bool:
        return isinstance(player, str) and self.get(player) is not None


def append(
    rows: StateRows,
    name: str,
    system: ReplaySystem[Game],
    key: str,
    games: Sequence[Placed],
    count: int,
    columns: BatchColumns | None = None,
) -> int:
    """Apply games that all come after the list's watermark (which counts `count` games), in
    `rows` (the caller saves them): cost by their players only (`columns`: the batch's, shared
    with its other lists). Writes a checkpoint of the whole list at each game that makes the
    count a multiple of `EVERY` where one falls due (`falls_due`). Returns the new count."""
    if len(games) >= COMPILED_APPEND:
        from tablerank.league.ratings import (
            compiled_pools,  # numpy and numba: off the start-up path
        )

        compiled = compiled_pools.append(
            rows, name, system, key, games, count, columns or BatchColumns()
        )
        if compiled is not None:
            return compiled
    ratings = _Ratings(rows, name, key)
    played: dict[str, int] = {}
    initial = system.initial_rating()
    fast = table_replay(system)
    for counted, (at, game) in enumerate(games, start=count + 1):
        try:
            if fast is None:
                delta = system.changes(game, ratings)
            else:
                delta = fast.changes(table_of(game), ratings)
        except RatingError:
            delta = {}
        for player, amount in delta.items():
            if player not in played:
                row = rows.get((name, key, player))
                played[player] = row[1] if row else 0
            ratings[player] = ratings.get(player, initial) + amount
            played[player] += 1
        if counted % EVERY == 0:
            rows.put_many(name, key, {p: (ratings[p], n, "") for p, n in played.items()})
            rows.save()
            whole = Replay(at=at, count=counted)
            for player, (rating, games_of, _) in list_rows(rows.league, name, key):
                whole.ratings[player], whole.games[player] = rating, games_of
            if falls_due(counted, len(whole.ratings)):
                save_checkpoint(rows.league, name, key, whole)
    rows.put_many(name, key, {p: (ratings[p], n, "") for p, n in played.items()})
    return count + len(games)

"""An operator's checks (`tablerank league verify` and `rebuild`): does every table the league
keeps from its confirmed history equal a replay of that history, and recomputing them.

What is compared, list by list (a system and its list key):

* the rating rows (`RatingState`): each name's rating, games and exact sum;
* the order-dependent lists' watermarks (`RatingWatermark`: the last game applied and the
  list's count) and checkpoints (`RatingCheckpoint`: every name's rating and games just after
  one game). A sum list's watermark only says up to where the list has had games, and stays
  after a void of its latest game: it is not compared;
* each month's kept ranking-list state (`ListMonth`) that still serves readers, against the
  month built again from its rows.

Both run while the site runs, in one transaction holding the league's lock (as every write
does): `rebuild_ratings` replays the confirmed history into the tables, the replay is compared
with what was stored, and `verify` then rolls it all back while `rebuild` keeps it. On an SQLite
file `verify` does that on a copy (SQLite's online backup), so that no writer waits for it.
"""

from __future__ import annotations

import math
import os
import sqlite3
import tempfile
import zlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec
from django.db import connection, transaction

from tablerank.league.models import League, ListMonth, RatingCheckpoint, RatingState
from tablerank.league.models import RatingWatermark as Watermark
from tablerank.league.ratings.list_months import EVERY_MONTH
from tablerank.league.ratings.state import kept_systems, lock_league, rebuild_ratings
from tablerank.league.store import checkpoint_blobs
from tablerank.league.store.list_rows import MonthState, month_from_rows
from tablerank.league.store.state_rows import parse_parts

__all__ = ["Difference", "rebuild", "verify"]

_MONTH = msgspec.msgpack.Decoder(MonthState).decode


@dataclass(frozen=True)
class Difference:
    """One kept table's part that a replay computes otherwise."""

    table: str
    """What differs, in the operator's words: "rating rows", "checkpoints", "list month"."""
    where: str
    """Which list ("cow.elo [base]") or month ("2026-03")."""
    detail: str
    """The first difference found there."""

    def __str__(self) -> str:
        return f"{self.table} of {self.where}: {self.detail}"


def verify(league: League) -> list[Difference]:
    """Where the league's kept tables differ from a replay of its confirmed history (none:
    they are all equal). Writes nothing. On an SQLite file it replays on a copy taken in one
    read (`_sqlite_copy`), so it never holds the write lock writers wait for."""
    if connection.vendor != "sqlite" or connection.in_atomic_block:
        return _replayed(league, keep=False)
    connection.ensure_connection()
    if connection.is_in_memory_db():  # type: ignore[attr-defined]  # SQLite's wrapper has it
        return _replayed(league, keep=False)
    with _sqlite_copy():
        return _replayed(League.objects.get(pk=league.pk), keep=False)


def rebuild(league: League) -> list[Difference]:
    """Recompute the league's kept tables from its confirmed history; what differed before."""
    return _replayed(league, keep=True)


def _replayed(league: League, *, keep: bool) -> list[Difference]:
    with transaction.atomic():
        lock_league(league)
        before, months = _lists(league), _kept_months(league)
        rebuild_ratings(league)
        found = _compare(before, _lists(league))
        found += [
            Difference("list month", month, "its kept state is not the state built from its rows")
            for month, state in sorted(months.items())
            if state != month_from_rows(league, month)
        ]
        if not keep:
            transaction.set_rollback(True)
    return found


@contextmanager
def _sqlite_copy() -> Iterator[None]:
    """Django's connection on a copy of the SQLite file (SQLite's online backup: one read,
    which writers do not wait for), beside it and readable by its owner only, deleted after."""
    source = connection.connection
    name = connection.settings_dict["NAME"]
    fd, copy = tempfile.mkstemp(prefix=".verify-", suffix=".sqlite3", dir=Path(name).parent)
    os.close(fd)  # mkstemp made it 0600: it holds the accounts too
    try:
        target = sqlite3.connect(copy)
        try:
            source.backup(target)
        finally:
            target.close()
        connection.close()
        connection.settings_dict["NAME"] = copy
        try:
            yield
        finally:
            connection.close()
            connection.settings_dict["NAME"] = name
    finally:
        for leftover in (copy, f"{copy}-wal", f"{copy}-shm"):
            Path(leftover).unlink(missing_ok=True)


_List = tuple[str, str]
"""A list: its system and key."""
_Kept = dict[str, dict[_List, dict[Any, Any]]]
"""By table, by list: its rows, each by its key."""


def _lists(league: League) -> _Kept:
    """The kept rows of every list, as comparable values."""
    ordered = {
        name for name, system in kept_systems(league).items() if not system.order_independent
    }
    rows: _Kept = {"rating rows": {}, "watermarks": {}, "checkpoints": {}}
    states = RatingState.objects.filter(league=league).values_list(
        "system", "list_key", "player", "rating", "games", "parts"
    )
    for system, key, player, rating, games, parts in states.iterator(chunk_size=5000):
        exact = math.fsum(parse_parts((rating, games, parts)))
        rows["rating rows"].setdefault((system, key), {})[player] = (rating, games, exact)
    marks = Watermark.objects.filter(league=league, system__in=ordered)
    for system, key, date, sequence, games in marks.values_list(
        "system", "list_key", "date", "sequence", "games"
    ):
        rows["watermarks"].setdefault((system, key), {})["last game"] = (date, sequence, games)
    checkpoints = RatingCheckpoint.objects.filter(league=league).values_list(
        "system", "list_key", "date", "sequence", "games", "state"
    )
    for system, key, date, sequence, games, blob in checkpoints.iterator(chunk_size=100):
        state = checkpoint_blobs.decode(bytes(blob))
        rows["checkpoints"].setdefault((system, key), {})[(date, sequence)] = (games, state)
    return rows


def _compare(stored: _Kept, replayed: _Kept) -> list[Difference]:
    found = []
    for table, lists in stored.items():
        again = replayed[table]
        for where in sorted(set(lists) | set(again)):
            detail = _first_difference(lists.get(where, {}), again.get(where, {}))
            if detail is not None:
                system, key = where
                found.append(Difference(table, f"{system} [{key}]" if key else system, detail))
    return found


def _first_difference(stored: dict[Any, Any], replayed: dict[Any, Any]) -> str | None:
    for name in sorted(set(stored) | set(replayed), key=str):
        mine, theirs = stored.get(name), replayed.get(name)
        if mine == theirs:
            continue
        if mine is None:
            return f"{_named(name)} is missing (a replay has {_shown(theirs)})"
        if theirs is None:
            return f"{_named(name)} should not be there (stored {_shown(mine)})"
        if isinstance(name, tuple) and mine[0] == theirs[0]:  # a checkpoint of as many games
            return f"{_named(name)}: {_in_state(mine[1], theirs[1])}"
        return f"{_named(name)}: stored {_shown(mine)}, a replay gives {_shown(theirs)}"
    return None


def _in_state(mine: tuple[dict[str, Any], ...], theirs: tuple[dict[str, Any], ...]) -> str:
    """The first name whose rating or games differ between two checkpoints' states."""
    for player in sorted(set(mine[0]) | set(theirs[0]) | set(mine[1]) | set(theirs[1])):
        stored = (mine[0].get(player), mine[1].get(player))
        replayed = (theirs[0].get(player), theirs[1].get(player))
        if stored != replayed:
            return (
                f"{player} stored {stored[0]!r} after {stored[1]} games, a replay gives "
                f"{replayed[0]!r} after {replayed[1]} games"
            )
    return "the states differ"


def _named(key: Any) -> str:
    if isinstance(key, tuple):  # a checkpoint's place
        return f"the checkpoint after game #{key[1]} of {key[0]}"
    return str(key)


def _shown(value: Any) -> str:
    if isinstance(value, tuple) and len(value) == 3 and isinstance(value[1], int):
        if isinstance(value[0], float):  # a rating row
            return f"{value[0]!r} after {value[1]} games"
        return f"game #{value[1]} of {value[0]}, {value[2]} games"  # a watermark
    if isinstance(value, tuple):  # a checkpoint
        return f"{value[0]} games, {len(value[1][0])} rated names"
    return repr(value)


def _kept_months(league: League) -> dict[str, MonthState]:
    """Each month's kept list state that readers are served now (built after the month's and
    every month's last change), decoded."""
    rows = ListMonth.objects.filter(league=league).values_list(
        "month", "changed_at", "built_at", "data"
    )
    found = list(rows)
    every = max((changed for month, changed, _, _ in found if month == EVERY_MONTH), default=0)
    return dict(_decoded(found, every))


def _decoded(
    rows: Iterable[tuple[str, int, int | None, Any]], every: int
) -> Iterable[tuple[str, MonthState]]:
    for month, changed, built, data in rows:
        if month == EVERY_MONTH or data is None or built is None or built < max(changed, every):
            continue
        try:
            yield month, _MONTH(zlib.decompress(bytes(data)))
        except (zlib.error, msgspec.DecodeError):
            continue  # not this version's form: readers build it again

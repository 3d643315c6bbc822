"""Rating games imported by table (`engine.table_groups.TablesInOrder`) from their tables,
without a `Game` per game: what `ratings.refresh_changed` does with their `Game`s (`pools_by_table`
does it).

It takes the games from `FROM` games on (where numpy and the compiled loops are worth loading),
when every kept system is a sum by table (`ReplaySystem.by_table`) or replays through the
compiled loops, and every list appends over columns; else it writes nothing but the league's
lock and revision and answers False, and the caller rates `Game`s.
tests/league/test_import_by_table.py holds the rows, watermarks and checkpoints to the usual way's.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from tablerank.engine.loading import worth_numpy
from tablerank.engine.table_groups import TablesInOrder
from tablerank.formats.collector import without_cycle_collection
from tablerank.league.models import League
from tablerank.league.ratings import pool_updates
from tablerank.league.ratings.state import kept_systems, lock_league
from tablerank.league.store import revisions

__all__ = ["FROM", "refresh_plain"]

FROM = pool_updates.COMPILED_APPEND
"""Games from which an import is rated from its tables: worth loading numpy and numba."""


def refresh_plain(league: League, games: TablesInOrder, sequences: Sequence[int]) -> bool:
    """`ratings.refresh_changed` of the games of `games`, all new and confirmed, game `g`
    recorded as number `sequences[g]` (numbers that grow in the files' order). Call it inside
    the import's transaction. It takes the league's lock and bumps its revision; False where
    it does not take the games (the module's doc), with nothing else written:
    `refresh_changed(..., locked=True)` of their `Game`s rates them then."""
    with transaction.atomic(savepoint=False), without_cycle_collection():
        lock_league(league)
        revisions.bump(league)
        if len(games.ids) < FROM or not worth_numpy(len(games.ids)):
            return False
        from tablerank.league.ratings.pools_by_table import (
            rate_tables,  # numpy, numba: off start-up
        )

        return rate_tables(league, games, sequences, kept_systems(league))

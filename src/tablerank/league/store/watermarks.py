"""Every list's watermark of one league, read in one query and written back in one."""

from __future__ import annotations

from django.db import connection

from tablerank.league.models import League, RatingWatermark
from tablerank.league.store.bulk import Rows, Statement, inserts, run_all
from tablerank.league.store.played import Point

__all__ = ["Marks"]

Mark = tuple[Point, int]
"""The last game applied to a list (its place in play order) and the list's games so far."""


class Marks:
    """The league's watermarks by (system, list key), with the changes to write back."""

    def __init__(self, league: League, rows: Rows | None = None) -> None:
        """`rows`: what `reading(league)` found, when it ran with other statements."""
        self.league = league
        if rows is None:
            rows = run_all([self.reading(league)])[0]
        self.marks: dict[tuple[str, str], Mark] = {
            (system, key): ((at, sequence), games) for system, key, at, sequence, games in rows
        }
        self._changed: set[tuple[str, str]] = set()
        self._gone: set[tuple[str, str]] = set()

    @staticmethod
    def reading(league: League) -> Statement:
        table = connection.ops.quote_name(RatingWatermark._meta.db_table)
        sql = f"SELECT system, list_key, date, sequence, games FROM {table} WHERE league_id = %s"
        return sql, [league.pk]

    def get(self, system: str, key: str) -> Mark | None:
        return self.marks.get((system, key))

    def put(self, system: str, key: str, mark: Mark) -> None:
        self.marks[system, key] = mark
        self._changed.add((system, key))
        self._gone.discard((system, key))

    def drop(self, system: str, key: str) -> None:
        self.marks.pop((system, key), None)
        self._changed.discard((system, key))
        self._gone.add((system, key))

    def save(self) -> None:
        run_all(self.writing())

    def writing(self) -> list[Statement]:
        """The statements that write the changes back, to run with others; the changes count
        as saved."""
        day = connection.ops.adapt_datefield_value
        rows = [
            (self.league.pk, system, key, day(at[0]), at[1], games)
            for (system, key) in sorted(self._changed)
            for at, games in [self.marks[system, key]]
        ]
        out = inserts(
            RatingWatermark,
            ["league", "system", "list_key", "date", "sequence", "games"],
            rows,
            on_conflict="ON CONFLICT (league_id, system, list_key) DO UPDATE SET "
            "date = excluded.date, sequence = excluded.sequence, games = excluded.games",
        )
        table = connection.ops.quote_name(RatingWatermark._meta.db_table)
        gone = f"DELETE FROM {table} WHERE league_id = %s AND system = %s AND list_key = %s"
        out += [(gone, [self.league.pk, system, key]) for system, key in sorted(self._gone)]
        self._changed.clear()
        self._gone.clear()
        return out

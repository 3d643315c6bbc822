"""Reading and writing one list's `RatingState` rows in bulk."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from django.db import connection
from django.utils import timezone

from tablerank.league.bulk import batched, insert_rows
from tablerank.league.models import League, RatingState

__all__ = [
    "ListState",
    "Row",
    "delete_states",
    "format_parts",
    "list_rows",
    "parse_parts",
    "rows_from",
    "upsert_states",
]

Row = tuple[float, int, str]
"""A name's rating, games and exact-sum partials (empty unless it takes several floats)."""


def list_rows(league: League, system: str, key: str) -> Iterator[tuple[str, Row]]:
    """Every row of one list, streamed: (name, (rating, games, parts))."""
    rows = RatingState.objects.filter(league=league, system=system, list_key=key)
    for player, rating, games, parts in rows.values_list(
        "player", "rating", "games", "parts"
    ).iterator(chunk_size=5000):
        yield player, (rating, games, parts)


def upsert_states(league: League, system: str, key: str, rows: Mapping[str, Row]) -> None:
    """Insert or overwrite these names' rows of one list, in bulk (the ON CONFLICT form is the
    same in SQLite and PostgreSQL)."""
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    values = [
        (league.pk, system, key, player, rating, games, parts, now)
        for player, (rating, games, parts) in sorted(rows.items())
    ]
    insert_rows(
        RatingState._meta.db_table,
        ["league_id", "system", "list_key", "player", "rating", "games", "parts", "updated_at"],
        values,
        on_conflict="ON CONFLICT (league_id, system, list_key, player) DO UPDATE SET "
        "rating = excluded.rating, games = excluded.games, parts = excluded.parts, "
        "updated_at = excluded.updated_at",
    )


def delete_states(league: League, system: str, key: str, players: Iterable[str]) -> None:
    """Drop these names' rows of one list (they have no rated game left in it)."""
    rows = RatingState.objects.filter(league=league, system=system, list_key=key)
    for part in batched(sorted(players)):
        rows.filter(player__in=part).delete()


class ListState(Mapping[str, float]):
    """One list's stored ratings as the engine's `changes` reads them: the rows of the names
    asked for are loaded in one query (`load`), anyone else (area's game title) on first use."""

    def __init__(self, league: League, system: str, key: str) -> None:
        self._rows = RatingState.objects.filter(league=league, system=system, list_key=key)
        self.league, self.system, self.key = league, system, key
        self.rows: dict[str, Row] = {}
        self._looked: set[str] = set()

    def load(self, names: Iterable[str]) -> None:
        missing = sorted(set(names) - self._looked)
        for part in batched(missing):
            for player, rating, games, parts in self._rows.filter(player__in=part).values_list(
                "player", "rating", "games", "parts"
            ):
                self.rows[player] = (rating, games, parts)
        self._looked.update(missing)

    def _look(self, name: str) -> None:
        if name not in self._looked:
            self.load({name})

    def __getitem__(self, name: str) -> float:
        self._look(name)
        return self.rows[name][0]

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        self._look(name)
        return name in self.rows

    def __iter__(self) -> Iterator[str]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def get_row(self, name: str) -> Row | None:
        self._look(name)
        return self.rows.get(name)


def parse_parts(row: Row) -> list[float]:
    """The exact sum's partials of a row."""
    rating, _, parts = row
    return [float(x) for x in parts.split()] if parts else [rating]


def format_parts(partials: list[float]) -> str:
    return " ".join(repr(x) for x in partials) if len(partials) > 1 else ""


def rows_from(ratings: Mapping[str, float], games: Mapping[str, int]) -> dict[str, Row]:
    return {p: (r, games[p], "") for p, r in ratings.items()}

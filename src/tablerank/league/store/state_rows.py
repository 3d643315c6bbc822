"""Reading and writing one list's `RatingState` rows in bulk."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import repeat
from operator import itemgetter

from django.db import connection
from django.utils import timezone

from tablerank.league.models import League, RatingState
from tablerank.league.store.bulk import (
    FEW_VALUES,
    Rows,
    Statement,
    batched,
    inserts,
    run_all,
    statements_in,
    update_statements,
)
from tablerank.league.store.watermarks import Marks

__all__ = [
    "Key",
    "ListState",
    "Row",
    "StateReads",
    "StateRows",
    "delete_states",
    "format_parts",
    "list_reading",
    "list_rows",
    "parse_parts",
    "stored_rows",
    "upsert_states",
]

Row = tuple[float, int, str]
"""A name's rating, games and exact-sum partials (empty unless it takes several floats)."""


def list_reading(league: League, system: str, key: str, *, parts: bool = True) -> Statement:
    """The statement that reads every row of one list: name, rating, games and (unless not
    `parts`) the exact sum's partials."""
    table = connection.ops.quote_name(RatingState._meta.db_table)
    sql = (
        f"SELECT player, rating, games{', parts' if parts else ''} FROM {table} "
        "WHERE league_id = %s AND system = %s AND list_key = %s"
    )
    return sql, [league.pk, system, key]


def list_rows(league: League, system: str, key: str) -> Iterator[tuple[str, Row]]:
    """Every row of one list, streamed: (name, (rating, games, parts)). Plain rows from the
    cursor: a whole list is read after every change in the past."""
    with connection.chunked_cursor() as cursor:
        cursor.execute(*list_reading(league, system, key))
        while rows := cursor.fetchmany(5000):
            for player, rating, games, parts in rows:
                yield player, (rating, games, parts)


def stored_rows(
    league: League, system: str, key: str, players: Iterable[str]
) -> Iterator[tuple[str, Row]]:
    """These names' rows of one list (a request's handful of names), in batches."""
    rows = RatingState.objects.filter(league=league, system=system, list_key=key)
    for part in batched(sorted(set(players))):
        for player, rating, games, parts in rows.filter(player__in=part).values_list(
            "player", "rating", "games", "parts"
        ):
            yield player, (rating, games, parts)


def upsert_states(league: League, system: str, key: str, rows: Mapping[str, Row]) -> None:
    """Insert or overwrite these names' rows of one list, in bulk."""
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    values = [
        (league.pk, system, key, player, rating, games, parts, now)
        for player, (rating, games, parts) in rows.items()
    ]
    run_all(_upserting(values))


_STATE_FIELDS = ["league", "system", "list_key", "player", "rating", "games", "parts", "updated_at"]


def _upserting(values: Sequence[tuple[object, ...]]) -> list[Statement]:
    """Insert or overwrite rows of any lists (`_STATE_FIELDS` each): the statement to run
    (`bulk.inserts`; the ON CONFLICT form is the same in SQLite and PostgreSQL)."""
    return inserts(
        RatingState,
        _STATE_FIELDS,
        values,
        on_conflict="ON CONFLICT (league_id, system, list_key, player) DO UPDATE SET "
        "rating = excluded.rating, games = excluded.games, parts = excluded.parts, "
        "updated_at = excluded.updated_at",
    )


def delete_states(league: League, system: str, key: str, players: Iterable[str]) -> None:
    """Drop these names' rows of one list (they have no rated game left in it)."""
    run_all(_deleting(league, system, key, players))


def _deleting(league: League, system: str, key: str, players: Iterable[str]) -> list[Statement]:
    table = connection.ops.quote_name(RatingState._meta.db_table)
    sql = f"DELETE FROM {table} WHERE league_id = %s AND system = %s AND list_key = %s"
    return statements_in(sql + " AND player IN {in}", [league.pk, system, key], sorted(players))


Key = tuple[str, str, str]
"""(system, list key, name)."""


_SET = ["rating", "games", "parts", "updated_at"]

"""What a write changes in a stored row."""


class StateRows:
    """The rows of some names in every list of a league, loaded in one query and written back
    in one: what a write that touches a few players reads and changes. A name not loaded yet
    (area's game title) is looked up on first use."""

    def __init__(self, league: League) -> None:
        self.league = league
        self.lists: dict[tuple[str, str], dict[str, Row]] = {}
        """The loaded rows by list (system, list key), then by name."""
        self.dirty: dict[tuple[str, str], set[str]] = {}
        """The names whose rows `save` writes, by list."""
        self.gone: dict[tuple[str, str], set[str]] = {}
        """The names whose rows `save` deletes, by list."""
        self._looked: set[str] = set()
        self._pks: dict[Key, int] = {}
        """The stored rows' pks, by where they are."""
        self._inserted: set[Key] = set()
        """The rows `writing` inserted as new (their pks unknown)."""

    def load(self, names: Iterable[str]) -> None:
        missing = sorted(set(names) - self._looked)  # in index order
        if missing:
            self.take(missing, run_all(self.reading(missing)))

    def reading(self, names: Sequence[str]) -> list[Statement]:
        """The statements that read these names' rows of every list, to run with others;
        `take` their rows."""
        table = connection.ops.quote_name(RatingState._meta.db_table)
        sql = (
            f"SELECT system, list_key, player, rating, games, parts, id FROM {table} "
            "WHERE league_id = %s AND player IN {in}"
        )
        return statements_in(sql, [self.league.pk], names)

    def take(self, names: Iterable[str], found: Iterable[Rows]) -> None:
        """Keep the rows `reading(names)` found."""
        lists, pks = self.lists, self._pks
        for rows in found:
            for system, key, player, rating, games, parts, pk in rows:
                one = lists.get((system, key))
                if one is None:
                    one = lists[system, key] = {}
                one[player] = (rating, games, parts)
                pks[system, key, player] = pk
        self._looked.update(names)

    def get(self, where: Key) -> Row | None:
        if where[2] not in self._looked:
            self.load({where[2]})
        one = self.lists.get(where[:2])
        return None if one is None else one.get(where[2])

    def loaded(self, system: str, key: str) -> dict[str, Row]:
        """The loaded rows of one list, by name (live: `put` and `drop` change it)."""
        one = self.lists.get((system, key))
        if one is None:
            one = self.lists[system, key] = {}
        return one

    def put(self, where: Key, row: Row) -> None:
        self.put_many(where[0], where[1], {where[2]: row})

    def put_many(self, system: str, key: str, rows: Mapping[str, Row]) -> None:
        """`put` for many names of one list."""
        self.loaded(system, key).update(rows)
        self.dirty.setdefault((system, key), set()).update(rows)
        gone = self.gone.get((system, key))
        if gone:
            gone.difference_update(rows)

    def drop(self, where: Key) -> None:
        system, key, player = where
        self.loaded(system, key).pop(player, None)
        dirty = self.dirty.get((system, key))
        if dirty:
            dirty.discard(player)
        self.gone.setdefault((system, key), set()).add(player)

    def save(self) -> None:
        run_all(self.writing())

    def writing(self) -> list[Statement]:
        """The statements that write the changes back, to run with others (many changed rows
        are written at once instead); the changes count as saved. New rows go in by name, then
        list: a name's new rows lie together in the table, where the next write reads them back
        (measured: a third less time reading an import's rows, a tenth less writing them)."""
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        league, lists, pks, looked = self.league.pk, self.lists, self._pks, self._looked
        inserted = self._inserted
        many = sum(map(len, self.dirty.values())) * len(_SET) > FEW_VALUES
        stored: list[tuple[object, ...]] = []
        absent: list[tuple[object, ...]] = []
        """Rows looked up and not found: inserted with no conflict to check."""
        new: list[tuple[object, ...]] = []
        for (system, key), players in sorted(self.dirty.items(), key=_LIST):
            one = lists[system, key]
            wheres = list(zip(repeat(system), repeat(key), players))
            if pks.keys().isdisjoint(wheres) and inserted.isdisjoint(wheres) and looked >= players:
                # every name looked up and not found (an import's new names): in C, not name by name
                values = zip(*map(one.__getitem__, players), strict=True)
                absent += zip(repeat(league), repeat(system), repeat(key), players, *values,
                              repeat(now))  # fmt: skip
                inserted.update(wheres)
                continue
            for player in players:
                where = system, key, player
                if where not in pks:
                    row = (league, system, key, player, *one[player], now)
                    if player in looked and where not in inserted:
                        absent.append(row)
                        inserted.add(where)
                    else:
                        new.append(row)
                elif many:  # an import's batch: its upserts go by COPY
                    new.append((league, system, key, player, *one[player], now))
                else:
                    stored.append((pks[where], *one[player], now))
        absent.sort(key=_NAME)  # stable: by name, then list (the lists came in order)
        new.sort(key=_NAME)
        out = [
            *update_statements(RatingState, _SET, stored),
            *inserts(RatingState, _STATE_FIELDS, absent),
            *_upserting(new),
        ]
        for (system, key), players in self.gone.items():
            if players:
                for player in players:
                    pks.pop((system, key, player), None)
                out += _deleting(self.league, system, key, sorted(players))
        self.dirty.clear()
        self.gone.clear()
        return out


_NAME, _LIST = itemgetter(3), itemgetter(0)
"""A new row's name; a list's (system, list key) among the changed ones."""


class StateReads:
    """What a rating refresh reads first: every watermark of the league and some names' rows of
    every list, as statements that may run with others (after the league's write lock)."""

    def __init__(self, league: League, names: Iterable[str]) -> None:
        self.league = league
        self.names = sorted(set(names))
        self.rows = StateRows(league)
        self.marks: Marks | None = None

    def reading(self) -> list[Statement]:
        return [Marks.reading(self.league), *self.rows.reading(self.names)]

    def take(self, found: Sequence[Rows]) -> Marks:
        """Keep what `reading` found; the watermarks."""
        self.marks = Marks(self.league, found[0])
        self.rows.take(self.names, found[1:])
        return self.marks

    def loaded(self) -> tuple[StateRows, Marks]:
        """The rows and the watermarks, read now unless `take` has them already."""
        return self.rows, self.marks or self.take(run_all(self.reading()))


class ListState(Mapping[str, float]):
    """One list's ratings as the engine's `changes` reads them, over `StateRows`."""

    def __init__(self, rows: StateRows, system: str, key: str) -> None:
        self.state, self.system, self.key = rows, system, key

    @classmethod
    def of(cls, league: League, system: str, key: str) -> ListState:
        return cls(StateRows(league), system, key)

    def load(self, names: Iterable[str]) -> None:
        self.state.load(names)

    def get_row(self, name: str) -> Row | None:
        return self.state.get((self.system, self.key, name))

    def __getitem__(self, name: str) -> float:
        row = self.get_row(name)
        if row is None:
            raise KeyError(name)
        return row[0]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.get_row(name) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(list(self.state.loaded(self.system, self.key)))

    def __len__(self) -> int:
        return len(self.state.loaded(self.system, self.key))


def parse_parts(row: Row) -> list[float]:
    """The exact sum's partials of a row."""
    rating, _, parts = row
    return [float(x) for x in parts.split()] if parts else [rating]


def format_parts(partials: list[float]) -> str:
    return " ".join(repr(x) for x in partials) if len(partials) > 1 else ""

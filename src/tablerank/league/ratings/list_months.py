"""The ranking lists' months kept as state (`ListMonth`): a list reads a month's state where it
holds, else builds it from the month's rows (`list_rows`) and keeps it.

When a month's state holds: every write that changes a month's confirmed games marks the month
changed at the revision it writes (`changed`: the rating refresh asks for it with its other
statements, for every game entering or leaving the confirmed history), and a rebuild of the
league's ratings (new systems) or a renamed or merged player (`renamed_ratings`) marks every
month at once (month "", `every_month_changed`). State built at revision r holds while neither
mark is later than r. The revision is read before the month's rows, so state is never labelled
newer than what it was built from; a reader racing a write may label it older, and it is then
built again.

Keeping is a reader's errand, not a write of the league: a reader never waits for a writer to
keep what it built. Where the database is busy (SQLite's write lock held, a PostgreSQL row
lock held), it leaves the state unkept and the next reader builds it.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Sequence

import msgspec
from django.db import DatabaseError, connection, transaction

from tablerank.league.models import League, ListMonth
from tablerank.league.store.bulk import Statement, column, run_all, table
from tablerank.league.store.cache import current
from tablerank.league.store.list_rows import MonthState, month_from_rows
from tablerank.league.store.snapshot import without_waiting

__all__ = ["changed", "changed_since", "every_month_changed", "month_states"]

EVERY_MONTH = ""
"""The month whose mark stands for every month."""
_ENCODE = msgspec.msgpack.Encoder().encode
_DECODE = msgspec.msgpack.Decoder(MonthState).decode
_WAIT_MS = 100
"""How long a reader's keeping may wait for a PostgreSQL row lock."""


def month_states(league: League, months: Sequence[str]) -> dict[str, MonthState]:
    """The state of each month ("YYYY-MM") of the league: kept, or built and kept now."""
    revision = current(league)  # before the rows: state is never labelled newer than its rows
    found = {
        month: (changed_at, built_at, data)
        for month, changed_at, built_at, data in ListMonth.objects.filter(
            league=league, month__in=[*months, EVERY_MONTH]
        ).values_list("month", "changed_at", "built_at", "data")
    }
    every = found.get(EVERY_MONTH, (0, None, None))[0]
    out: dict[str, MonthState] = {}
    for month in months:
        changed_at, built_at, data = found.get(month, (0, None, None))
        kept = None
        if data is not None and built_at is not None and built_at >= max(changed_at, every):
            kept = _decoded(data)
        if kept is None:
            kept = month_from_rows(league, month)
            _keep(league, month, revision, kept)
        out[month] = kept
    return out


def _decoded(data: bytes | memoryview) -> MonthState | None:
    """Kept state, or None where it is not in this version's form (built again)."""
    try:
        return _DECODE(zlib.decompress(data))
    except (zlib.error, msgspec.DecodeError):  # msgspec's ValidationError is a DecodeError
        return None


def changed_since(league: League, revision: int) -> str | None:
    """The earliest month ("YYYY-MM") whose confirmed games a write changed after `revision`,
    "" where a rebuild changed every month, None where none changed. (The marks serve any
    state built from the confirmed games month by month, not only the lists': skill's columns,
    `skill_columns`.)"""
    found: str | None = (
        ListMonth.objects.filter(league=league, changed_at__gt=revision)
        .order_by("month")
        .values_list("month", flat=True)
        .first()
    )
    return found


def changed(league: League, months: Iterable[str]) -> list[Statement]:
    """The statements marking these months changed at the league's revision (inside the
    writing transaction, after the revision's bump), to run with the write's others."""
    wanted = sorted(set(months))
    if not wanted:
        return []
    return [_marking(league, wanted)]


def every_month_changed(league: League) -> None:
    """Mark every month changed at the league's revision (inside the writing transaction)."""
    run_all([_marking(league, [EVERY_MONTH])])


def _marking(league: League, months: list[str]) -> Statement:
    into, revision = table(ListMonth), column(League, "revision")
    values = ", ".join(
        [f"(%s, %s, (SELECT {revision} FROM {table(League)} WHERE id = %s))"] * len(months)
    )
    sql = (
        f"INSERT INTO {into} (league_id, month, changed_at) VALUES {values} "
        f"ON CONFLICT (league_id, month) DO UPDATE SET changed_at = excluded.changed_at, "
        f"built_at = NULL, data = NULL"
    )
    return sql, [value for month in months for value in (league.pk, month, league.pk)]


def _keep(league: League, month: str, revision: int, state: MonthState) -> None:
    """Keep a month's state built at `revision`, unless the database is busy (a newer state
    kept meanwhile stays)."""
    into = table(ListMonth)
    sql = (
        f"INSERT INTO {into} (league_id, month, changed_at, built_at, data) "
        f"VALUES (%s, %s, 0, %s, %s) ON CONFLICT (league_id, month) DO UPDATE SET "
        f"built_at = excluded.built_at, data = excluded.data "
        f"WHERE {into}.built_at IS NULL OR {into}.built_at <= excluded.built_at"
    )
    data = zlib.compress(_ENCODE(state), 1)
    postgresql, outer = connection.vendor == "postgresql", connection.in_atomic_block
    try:
        with without_waiting(), transaction.atomic():
            if postgresql:  # undone with the savepoint if it fails, else reset below
                run_all([(f"SET LOCAL lock_timeout = '{_WAIT_MS}ms'", [])])
            run_all([(sql, [league.pk, month, revision, data])])
            if postgresql and outer:
                run_all([("SET LOCAL lock_timeout = DEFAULT", [])])
    except DatabaseError:  # busy: the next reader builds it again
        return

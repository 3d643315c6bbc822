"""The plain-SQL helpers of the write paths: statements run together, rows inserted from
arrays, and the array literals written for them read back as the same values."""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

import pytest
from django.db import IntegrityError, connection
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tablerank.league.models import League, RatingState
from tablerank.league.store.array_literals import array_literal
from tablerank.league.store.bulk import (
    FEW_VALUES,
    IN_BATCH,
    insert_rows,
    inserts,
    run_all,
    select_in,
    statements_in,
    update_statements,
)
from tablerank.league.store.copy_rows import binary_types
from tablerank.league.store.state_rows import StateRows

pytestmark = pytest.mark.django_db

texts = st.text(st.characters(exclude_characters="\x00"))
moments = st.datetimes(min_value=dt.datetime(1900, 1, 1), timezones=st.just(dt.UTC))


def _read_back(literal: str, kind: str) -> list[Any]:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT %s::{kind}[]", [literal])
        return list(cursor.fetchone()[0])


def _postgresql() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's array input")


def test_an_array_literal_is_written_by_type_and_null() -> None:
    assert array_literal([1, None, 3]) == "{1,NULL,3}"
    assert array_literal(['a"b', "c\\d", "", None]) == '{"a\\"b","c\\\\d","",NULL}'
    assert array_literal([True, False]) == "{t,f}"
    assert array_literal([None, None]) == "{NULL,NULL}"
    assert array_literal([dt.date(2026, 3, 1)]) == '{"2026-03-01"}'
    assert array_literal(['a","b', "c"]) == '{"a\\",\\"b","c"}'


def test_mixed_or_other_types_are_left_to_psycopg() -> None:
    assert array_literal([1, 2.5]) is None
    assert array_literal([b"\x00"]) is None
    assert array_literal([True, 1]) is None


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.none() | texts, max_size=8))
@example(['a","b', "{c}", "NULL", " d ", "e\\"])
def test_text_reads_back_the_same(values: list[str | None]) -> None:
    _postgresql()
    literal = array_literal(values)
    assert literal is not None
    assert _read_back(literal, "text") == values


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.none() | st.floats(), max_size=8))
def test_floats_read_back_bit_for_bit(values: list[float | None]) -> None:
    _postgresql()
    literal = array_literal(values)
    assert literal is not None
    assert [_bits(x) for x in _read_back(literal, "double precision")] == [_bits(x) for x in values]


def _bits(value: float | None) -> object:
    """A float as compared bit for bit (-0.0 differs from 0.0), every NaN alike."""
    if value is None:
        return None
    if math.isnan(value):
        return "nan"
    return value, math.copysign(1.0, value)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(-(2**63), 2**63 - 1), max_size=8), st.lists(moments, max_size=4))
def test_integers_and_moments_read_back_the_same(
    numbers: list[int], times: list[dt.datetime]
) -> None:
    _postgresql()
    assert _read_back(array_literal(numbers) or "", "bigint") == numbers
    assert _read_back(array_literal(times) or "", "timestamp with time zone") == times
    days = [moment.date() for moment in times]
    assert _read_back(array_literal(days) or "", "date") == days


def test_statements_run_together_in_order(league: League) -> None:
    now = connection.ops.adapt_datetimefield_value(dt.datetime.now(dt.UTC))
    rows = [(league.pk, "pages.point", "", f"p{n}", float(n), n, "", now) for n in range(60)]
    fields = ["league", "system", "list_key", "player", "rating", "games", "parts", "updated_at"]
    insert_rows(RatingState, fields, rows)
    read = "SELECT player FROM league_ratingstate WHERE league_id = %s AND games = %s"
    drop = "DELETE FROM league_ratingstate WHERE league_id = %s AND games < %s"
    found = run_all([(read, [league.pk, 7]), (drop, [league.pk, 10]), (read, [league.pk, 7])])
    assert found == [[("p7",)], [], []]
    assert RatingState.objects.filter(league=league).count() == 50
    with pytest.raises(IntegrityError):
        run_all([(read, [league.pk, 11]), *[(_insert_one(), [league.pk, "p11", now])]])


def test_a_lookup_by_many_keys_finds_every_row_of_them(league: League) -> None:
    now = connection.ops.adapt_datetimefield_value(dt.datetime.now(dt.UTC))
    names = [f"p{n}" for n in range(IN_BATCH + 10)]
    rows = [(league.pk, "pages.point", "", name, 1.0, 1, "", now) for name in names]
    fields = ["league", "system", "list_key", "player", "rating", "games", "parts", "updated_at"]
    insert_rows(RatingState, fields, rows)
    sql = "SELECT player FROM league_ratingstate WHERE league_id = %s AND player IN {in}"
    wanted = [*names[1:], "nobody", "o'brien"]
    statements = statements_in(sql, [league.pk], wanted)
    assert len(statements) == (1 if connection.vendor == "postgresql" else 2)
    assert sorted(player for (player,) in select_in(sql, [league.pk], wanted)) == sorted(names[1:])
    assert statements_in(sql, [league.pk], []) == []


def test_a_lookup_by_many_keys_says_where_its_keys_go(league: League) -> None:
    for sql in ["SELECT 1 WHERE 1 = ANY({in})", "SELECT 1 WHERE 1 IN {in} AND 2 IN {in}"]:
        with pytest.raises(ValueError, match=r"IN \{in\}"):
            statements_in(sql, [], [1])
    ((sql, params),) = statements_in("SELECT '{a}' WHERE y = %s AND x IN {in}", [0], [1, 2])
    if connection.vendor == "postgresql":  # the text around `IN {in}` as it is, braces and all
        assert (sql, params) == ("SELECT '{a}' WHERE y = %s AND x = ANY(%s)", [0, [1, 2]])
    else:
        assert (sql, params) == ("SELECT '{a}' WHERE y = %s AND x IN (%s, %s)", [0, 1, 2])


def _insert_one() -> str:
    return (
        "INSERT INTO league_ratingstate (league_id, system, list_key, player, rating, games, "
        "parts, updated_at) VALUES (%s, 'pages.point', '', %s, 1.0, 1, '', %s)"
    )


def test_rows_are_updated_by_pk(league: League) -> None:
    now = connection.ops.adapt_datetimefield_value(dt.datetime.now(dt.UTC))
    fields = ["league", "system", "list_key", "player", "rating", "games", "parts", "updated_at"]
    insert_rows(RatingState, fields, [(league.pk, "s", "", p, 1.0, 1, "", now) for p in "abc"])
    pks = dict(RatingState.objects.values_list("player", "pk"))
    changed = [(pks["a"], 2.5, 7, '1.0 "x"'), (pks["c"], -0.0, 9, "")]
    run_all(update_statements(RatingState, ["rating", "games", "parts"], changed))
    assert sorted(RatingState.objects.values_list("player", "rating", "games", "parts")) == [
        ("a", 2.5, 7, '1.0 "x"'),
        ("b", 1.0, 1, ""),
        ("c", -0.0, 9, ""),
    ]


def test_a_state_row_dropped_and_written_again_is_stored_anew(league: League) -> None:
    where = ("pages.point", "", "Ann")
    first = StateRows(league)
    first.put(where, (10.0, 1, ""))
    first.save()
    rows = StateRows(league)
    rows.load(["Ann"])
    rows.drop(where)
    rows.save()
    assert not RatingState.objects.filter(league=league).exists()
    rows.put(where, (12.0, 2, ""))
    rows.save()
    assert list(RatingState.objects.values_list("player", "rating", "games")) == [("Ann", 12.0, 2)]
    rows.put(where, (13.0, 3, ""))
    rows.save()
    assert list(RatingState.objects.values_list("player", "rating", "games")) == [("Ann", 13.0, 3)]


def test_copy_goes_binary_only_for_the_types_it_knows() -> None:
    assert binary_types(("bigint", "varchar(200)", "double precision", "bytea")) == [
        "int8",
        "varchar",
        "float8",
        "bytea",
    ]
    assert binary_types(("bigint", "jsonb")) is None  # a text COPY then
    assert binary_types(()) is None


def test_many_rows_go_in_at_once_and_read_back_the_same(league: League) -> None:
    """More rows than a statement takes: COPY (binary) on PostgreSQL, multi-row INSERTs on
    SQLite; then the same rows again with other values as an upsert (a scratch table first)."""
    now = connection.ops.adapt_datetimefield_value(dt.datetime(2026, 11, 26, 8, 30, tzinfo=dt.UTC))
    fields = ["league", "system", "list_key", "player", "rating", "games", "parts", "updated_at"]
    names = [f'Zoë \\ {n} "quoted"\t' for n in range(FEW_VALUES // len(fields) + 1)]
    ratings = [(-0.0, 2**53, 0.1, 1e-308, -3)[n % 5] for n in range(len(names))]  # -3: an int
    rows = [(league.pk, "s", "ü", name, r, n, "0.1 1e-17", now) for n, (name, r) in
            enumerate(zip(names, ratings, strict=True))]  # fmt: skip
    assert inserts(RatingState, fields, rows) == []  # written at once, no statement left
    stored = RatingState.objects.filter(league=league).order_by("games")
    got = list(stored.values_list("player", "rating", "games", "parts", "list_key"))
    assert got == [(name, float(r), n, "0.1 1e-17", "ü") for n, (name, r) in
                   enumerate(zip(names, ratings, strict=True))]  # fmt: skip
    again = [(*row[:4], 2.5, row[5] + 1, "", now) for row in rows]
    upsert = (
        "ON CONFLICT (league_id, system, list_key, player) DO UPDATE SET "
        "rating = excluded.rating, games = excluded.games, parts = excluded.parts"
    )
    assert inserts(RatingState, fields, again, on_conflict=upsert) == []
    assert stored.count() == len(names)
    assert set(stored.values_list("rating", "parts")) == {(2.5, "")}
    assert list(stored.values_list("games", flat=True)) == list(range(1, len(names) + 1))

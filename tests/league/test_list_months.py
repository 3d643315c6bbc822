"""The ranking lists' months kept as state (`league.list_months`): read between any writes, the
lists are the engine's over the confirmed games; a month's kept state is read without its
games; a write rebuilds only the months it changed, a rebuild every month; state built before
a write is never read after it; a reader does not wait for a busy database to keep a month."""

from __future__ import annotations

import datetime as dt
import itertools
import os
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablerank.engine import lists as engine_lists
from tablerank.engine.records import game_from_dict
from tablerank.league import services
from tablerank.league.models import GameRecord, League, ListMonth, Player
from tablerank.league.queries import lists
from tablerank.league.ratings import list_months
from tablerank.league.store.bulk import table
from tablerank.league.store.cache import current
from tablerank.league.store.list_rows import month_from_rows
from tests.league.test_list_rows import PLAYERS, _same_lists, tables

_numbers = itertools.count()
MONTHS = ["2026-01", "2026-02", "2026-03"]


def _game(game_id: str, day: str, winner: str = "Ann", city: str = "Köln") -> Any:
    seats = [{"player": name, "vp": 10 if name == winner else 5 + i, "winner": name == winner}
             for i, name in enumerate(["Ann", "Ben", "Cleo"])]  # fmt: skip
    return game_from_dict({"id": game_id, "date": day, "city": city, "seats": seats})


def _built(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The months built from rows from now on."""
    built: list[str] = []

    def counted(league: League, month: str) -> Any:
        built.append(month)
        return month_from_rows(league, month)

    monkeypatch.setattr(list_months, "month_from_rows", counted)
    return built


@pytest.fixture
def played(league: League, official: User) -> League:
    for k, day in enumerate(["2026-01-05", "2026-02-07", "2026-03-03", "2026-03-09"]):
        services.record_game(league, _game(f"g{k}", day), official)
    return league


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    steps=st.lists(
        st.one_of(
            st.tuples(st.just("record"), tables(), st.integers(0, 80)),
            st.tuples(st.just("void"), st.integers(0, 30)),
            st.tuples(st.just("correct"), st.integers(0, 30), tables(), st.integers(0, 80)),
            st.tuples(st.just("rename"), st.sampled_from(PLAYERS)),
            st.tuples(st.just("read")),
        ),
        min_size=1,
        max_size=25,
    )
)
def test_lists_read_between_any_writes_are_the_engines(
    official: User, steps: list[tuple[Any, ...]]
) -> None:
    """Records, voids, corrections (moved to another day, perhaps another month) and renames,
    with the lists read in between (which keeps their months): every read gives the engine's
    lists over the confirmed games."""
    number = next(_numbers)
    league = League.objects.create(name=f"Months {number}", slug=f"months-{number}")
    league.admins.add(official)
    recorded: list[str] = []
    for step in [*steps, ("read",)]:
        kind = step[0]
        if kind == "record":
            game_id = f"g{len(recorded)}"
            services.record_game(league, _drawn(game_id, step[1], step[2]), official)
            recorded.append(game_id)
        elif kind in ("void", "correct") and recorded:
            game_id = recorded[step[1] % len(recorded)]
            record = GameRecord.objects.filter(league=league, external_id=game_id).first()
            if record is None or record.status == "voided":
                continue
            if kind == "void":
                services.void_game(record, official, "twice")
            else:
                services.correct_game(record, _drawn(game_id, step[2], step[3]), official, "typo")
        elif kind == "rename":
            player = Player.objects.filter(league=league, name=step[1]).first()
            if player is not None:
                renamed = f"{step[1]} the Second"
                services.rename_player(player, renamed, by=services.CONSOLE, why="married")
        elif kind == "read":
            _same_lists(league, MONTHS)


def _drawn(game_id: str, table: dict[str, Any], day: int) -> Any:
    date = dt.date(2026, 1, 1) + dt.timedelta(days=day)
    return game_from_dict({"id": game_id, "date": date.isoformat(), **table})


def test_a_kept_month_is_read_without_its_games(
    played: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = lists.annual_list(played, 2026, city="köln")
    assert ListMonth.objects.filter(league=played, data__isnull=False).count() == 12
    built = _built(monkeypatch)
    with CaptureQueriesContext(connection) as again:
        assert lists.annual_list(played, 2026, city="köln") == first
        assert lists.monthly_list(played, "2026-03", city="Köln").not_listed
    assert built == []
    assert not any(table(GameRecord) in query["sql"] for query in again.captured_queries)


def test_a_write_rebuilds_only_the_months_it_changed(
    played: League, official: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    lists.annual_list(played, 2026)
    built = _built(monkeypatch)
    services.record_game(played, _game("new", "2026-03-20", winner="Ben"), official)
    services.void_game(GameRecord.objects.get(league=played, external_id="g0"), official, "x")
    annual = lists.annual_list(played, 2026)
    assert sorted(built) == ["2026-01", "2026-03"]
    assert annual == engine_lists.annual_list(services.confirmed_history(played), year=2026)
    march = lists.monthly_list(played, "2026-03", city="Köln")
    reason = "3 games in 2026-03; the list needs 7"
    assert {n.player: n.reason for n in march.not_listed} == dict.fromkeys(PLAYERS[:3], reason)


def test_a_rebuild_of_the_ratings_rebuilds_every_month(
    played: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    lists.annual_list(played, 2026)
    built = _built(monkeypatch)
    ann = Player.objects.get(league=played, name="Ann")
    services.rename_player(ann, "Anna", by=services.CONSOLE, why="spelling")
    march = lists.monthly_list(played, "2026-03", city="Köln")
    assert sorted(built) == ["2026-03"]
    assert "Anna" in {n.player for n in march.not_listed}
    lists.annual_list(played, 2026)
    assert len(built) == 12


def test_state_built_before_a_write_is_not_read_after_it(played: League, official: User) -> None:
    """A reader that read the month before a write and keeps it after the write's commit
    labels it with the revision it read: older than the write's mark, so it is built again."""
    before = current(played)
    stale = month_from_rows(played, "2026-03")
    services.record_game(played, _game("late", "2026-03-25", winner="Cleo"), official)
    list_months._keep(played, "2026-03", before, stale)
    assert ListMonth.objects.get(league=played, month="2026-03").built_at == before
    march = lists.monthly_list(played, "2026-03", city="Köln")
    assert march == engine_lists.monthly_list(
        services.confirmed_history(played), month="2026-03", city="Köln"
    )
    assert ListMonth.objects.get(league=played, month="2026-03").built_at == current(played)


@pytest.mark.parametrize(("month", "year"), [("0001-01", 1), ("9999-12", 9999), ("2024-02", 2024)])
def test_the_first_and_last_months_of_the_calendar_are_lists_too(
    played: League, month: str, year: int
) -> None:
    """December 9999 ends on the calendar's last day (its first day plus a month is past it)."""
    assert lists.month_range(month)[1].month == int(month[5:])
    assert lists.monthly_list(played, month, city="Köln").entries == ()
    assert lists.annual_list(played, year).entries == ()


@pytest.mark.parametrize("data", [b"not zlib", zlib.compress(b"\x93\x01\x02\x03")])
def test_a_month_kept_in_another_form_is_built_again(played: League, data: bytes) -> None:
    """State kept by another version of tablerank, or damaged, is built again and replaced."""
    expected = lists.monthly_list(played, "2026-03", city="Köln")
    ListMonth.objects.filter(league=played, month="2026-03").update(data=data)
    assert lists.monthly_list(played, "2026-03", city="Köln") == expected
    kept = ListMonth.objects.get(league=played, month="2026-03").data
    assert kept is not None
    assert bytes(kept) != data


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("os.environ.get('TABLERANK_DATABASE_URL', '').startswith('postgres')")
def test_a_reader_does_not_wait_for_a_busy_sqlite_database(tmp_path: Path) -> None:
    """While another connection holds SQLite's write lock (an import), a list is read and
    given at once, unkept; once the lock is free, the next read keeps it."""
    program = """
import sqlite3, time
import django
django.setup()
from django.core.management import call_command
from django.contrib.auth.models import User
from django.db import connection
from tablerank.league import services
from tablerank.league.queries import lists
from tablerank.league.models import League, ListMonth
from tests.league.test_list_months import _game
call_command("migrate", verbosity=0)
league = League.objects.create(name="Busy", slug="busy")
league.admins.add(User.objects.create_user("ref"))
services.record_game(league, _game("g1", "2026-03-03"), league.admins.get())
other = sqlite3.connect(connection.settings_dict["NAME"], isolation_level=None)
other.execute("BEGIN IMMEDIATE")
start = time.perf_counter()
listed = lists.monthly_list(league, "2026-03", city="Köln")
print("read", len(listed.not_listed), time.perf_counter() - start < 50)
print("kept", ListMonth.objects.filter(month="2026-03", data__isnull=False).count())
other.execute("COMMIT")
lists.monthly_list(league, "2026-03", city="Köln")
print("kept", ListMonth.objects.filter(month="2026-03", data__isnull=False).count())
"""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TABLERANK_")}
    env = clean | {
        "DJANGO_SETTINGS_MODULE": "tablerank.server.settings",
        "TABLERANK_DATA_DIR": str(tmp_path),
        "TABLERANK_SECRET_KEY": "tests-only-not-a-secret",
        # A read that waited for the lock would wait this long: far beyond the 50 s the program
        # allows, so a slow machine (the first read compiles the list's kernels) cannot pass
        # for a waiting one, nor a waiting read for a slow machine.
        "TABLERANK_SQLITE_TIMEOUT": "100",
        "PYTHONPATH": os.pathsep.join(str(Path(__file__).parents[2] / d) for d in ("src", "")),
    }
    result = subprocess.run(
        [sys.executable, "-c", program], env=env, capture_output=True, text=True, timeout=240,
        check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["read 3 True", "kept 0", "kept 1"]


@pytest.mark.django_db(transaction=True)
def test_a_reader_does_not_wait_for_a_month_a_writer_holds(official: User) -> None:
    """On PostgreSQL a writer holds the rows it marked until it commits: a reader keeping
    the same month gives up after `_WAIT_MS` instead of waiting for the commit."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite's writer holds the whole database: the test above")
    league = League.objects.create(name="Held", slug="held")
    services.record_game(league, _game("g1", "2026-03-03"), official)
    writer = connections.create_connection("default")
    try:
        writer.set_autocommit(False)
        with writer.cursor() as cursor:
            cursor.execute(*list_months.changed(league, ["2026-03"])[0])
        start = time.perf_counter()
        listed = lists.monthly_list(league, "2026-03", city="Köln")
        assert time.perf_counter() - start < 5
        assert len(listed.not_listed) == 3
        assert not ListMonth.objects.filter(league=league, data__isnull=False).exists()
        writer.commit()
    finally:
        writer.close()

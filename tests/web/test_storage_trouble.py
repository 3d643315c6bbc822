"""A database that cannot store anything (read-only, a full disk) is a 503 with one plain
sentence on every door: a page on the web, the documented JSON error on the API, one line and
exit status 2 on the command line; reads go on working (issue 39, item 7)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg.errors
import pytest
from django.contrib.auth.models import User
from django.db import DatabaseError, OperationalError, connection
from django.test import Client
from django.utils.html import escape
from typer.testing import CliRunner

from tablerank.api.auth import issue_token
from tablerank.cli.main import app
from tablerank.formats.records import game_json
from tablerank.league.models import GameRecord
from tablerank.league.store.storage import FAILING, FULL, READ_ONLY, storage_trouble
from tests.web.action_helpers import PASSWORD, Club, four_player_game

pytestmark = pytest.mark.django_db(transaction=True)
SQLITE = connection.vendor == "sqlite"


@pytest.fixture
def read_only() -> Iterator[None]:
    """The database refuses every write from here on (the test's connection is the site's)."""
    with connection.cursor() as cursor:
        if SQLITE:
            cursor.execute("PRAGMA query_only = ON")
        else:
            cursor.execute("SET default_transaction_read_only = on")
    yield
    with connection.cursor() as cursor:
        if SQLITE:
            cursor.execute("PRAGMA query_only = OFF")
        else:
            cursor.execute("SET default_transaction_read_only = off")


@contextmanager
def no_room() -> Iterator[None]:
    """SQLite's database may not grow: every page it may have is in use (a full disk)."""
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE filler (b BLOB)")
        cursor.execute("PRAGMA page_count")
        cursor.execute(f"PRAGMA max_page_count = {cursor.fetchone()[0]}")
        for size in (4000, 1000, 100):
            try:
                while True:
                    cursor.execute("INSERT INTO filler VALUES (zeroblob(%s))", [size])
            except OperationalError:
                pass
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("DROP TABLE filler")
            cursor.execute("PRAGMA max_page_count = 1073741823")


def test_a_web_form_that_cannot_save_is_a_503_page(club: Club, read_only: None) -> None:
    client = Client(raise_request_exception=False)
    assert client.get(f"/l/{club.league.slug}/standings/").status_code == 200
    form = {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post("/accounts/signup/", form)
    assert response.status_code == 503
    page = response.content.decode()
    assert "Nothing can be saved just now" in page
    assert READ_ONLY in page
    assert not User.objects.filter(username="newcomer").exists()


def test_an_api_write_that_cannot_save_is_a_503_in_json(club: Club, read_only: None) -> None:
    client = Client(raise_request_exception=False)
    assert client.get(f"/api/leagues/{club.league.slug}/games").status_code == 200
    response = client.post(
        "/api/tokens",
        {"username": club.ann.username, "password": PASSWORD},
        content_type="application/json",
    )
    assert response.status_code == 503
    assert response.json() == {"error": {"field": "", "message": READ_ONLY}}


def test_a_command_that_cannot_save_exits_2_with_one_line(club: Club, read_only: None) -> None:
    result = CliRunner().invoke(app, ["league", "add-player", club.league.slug, "Zed"])
    assert result.exit_code == 2
    assert result.stderr == f"tablerank: error: {READ_ONLY}\n"
    shown = CliRunner().invoke(app, ["league", "standings", club.league.slug, "-s", "pages.elo"])
    assert shown.exit_code == 0, shown.stderr


@pytest.mark.skipif(not SQLITE, reason="PostgreSQL's full disk: the classifier's test below")
def test_a_full_disk_is_told_on_every_door(club: Club, tmp_path: Path) -> None:
    """Importing 200 games needs pages the database may not add."""
    games = [game_json(four_player_game(f"g{n}", "2026-05-02")) for n in range(200)]
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(game) + "\n" for game in games), encoding="utf-8")
    _, token = issue_token(club.organizer)
    web = Client(raise_request_exception=False)
    web.force_login(club.organizer)
    api = Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Bearer {token}")
    slug = club.league.slug
    with no_room():
        command = ["league", "import", slug, str(path), "--as", club.organizer.username]
        result = CliRunner().invoke(app, command)
        answer = api.post(
            f"/api/leagues/{slug}/games/import", {"games": games}, content_type="application/json"
        )
        with path.open("rb") as upload:
            page = web.post(f"/l/{slug}/import/", {"file": upload})
    assert (result.exit_code, result.stderr) == (2, f"tablerank: error: {FULL}\n")
    assert (answer.status_code, answer.json()) == (503, {"error": {"field": "", "message": FULL}})
    assert (page.status_code, escape(FULL) in page.content.decode()) == (503, True)
    assert not GameRecord.objects.exists()


@pytest.mark.parametrize(
    ("error", "told"),
    [
        (OperationalError("database or disk is full"), FULL),
        (OperationalError("attempt to write a readonly database"), READ_ONLY),
        (OperationalError("disk I/O error"), FAILING),
        (psycopg.errors.DiskFull("could not extend file"), FULL),
        (psycopg.errors.ReadOnlySqlTransaction("cannot execute INSERT"), READ_ONLY),
        (psycopg.errors.IoError("could not read block"), FAILING),
        (OperationalError("database is locked"), None),
        (ValueError("database or disk is full"), None),
    ],
)
def test_what_counts_as_storage_trouble(error: Exception, told: str | None) -> None:
    if isinstance(error, psycopg.Error):  # as Django raises it: its own class, the driver's cause
        wrapped = DatabaseError(str(error))
        wrapped.__cause__ = error
        error = wrapped
    assert storage_trouble(error) == told

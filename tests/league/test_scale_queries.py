"""No query grows with the league: with SQLite's parameter limit lowered to 50, a league of
a few hundred games imports, exports and serves its standings and player pages.

A statement with more parameters than the limit fails with "too many SQL variables", so each
test here fails if any query it runs builds an IN list (or a VALUES list) as long as the league.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tablerank.engine.records import Event, Game, new_event, new_game
from tablerank.formats.records import record_json
from tablerank.league import services
from tablerank.league.models import GameRecord, League
from tablerank.league.queries import export_lines
from tablerank.league.services.importing import import_records
from tablerank.league.store import played
from tablerank.web.pages.common import tabs_of

LIMIT = 50
GAMES = 300
PLAYERS = 40
EVENTS = 3


@pytest.fixture(autouse=True)
def static_root(settings: Any, tmp_path: Path) -> None:
    """A static root that exists: whitenoise warns about a missing one (warnings fail tests)."""
    settings.STATIC_ROOT = str(tmp_path)


@pytest.fixture
def low_limit(db: None) -> Iterator[None]:
    """SQLite's limit on one statement's parameters, lowered to `LIMIT` for the test."""
    if connection.vendor != "sqlite":
        pytest.skip("the parameter limit is SQLite's")
    connection.ensure_connection()
    raw: sqlite3.Connection = connection.connection
    before = raw.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER)
    raw.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, LIMIT)
    yield
    raw.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, before)


def _game(n: int) -> Game:
    table = [f"Player {(n * 7 + k * 11) % PLAYERS:02d}" for k in range(4)]
    vps = [10, 8, 7, 5]
    shift = n % 4
    vps = vps[shift:] + vps[:shift]
    seats: list[dict[str, Any]] = [
        {"player": name, "vp": vp, "winner": vp == 10} for name, vp in zip(table, vps, strict=True)
    ]
    if n % 50 == 0:  # some winners say where their VP came from
        winner = next(seat for seat in seats if seat["winner"])
        winner["sources"] = {"settlements": 2, "cities": 4, "longest_road": 2, "vp_cards": 2}
    day = dt.date(2025, 1, 1) + dt.timedelta(days=n * 365 // GAMES)
    return new_game(id=f"g{n}", date=day, seats=seats, city="Bonn" if n % 2 else "Köln")


def _event(n: int) -> Event:
    standings = [
        {"player": f"Player {k:02d}", "place": k + 1, "wins": 3 - k, "losses": k, "completed": True}
        for k in range(4)
    ]
    return new_event(id=f"e{n}", date=dt.date(2025, 3 * n + 1, 15), standings=standings, rounds=3)


def _records() -> list[Game | Event]:
    records: list[Game | Event] = [_game(n) for n in range(GAMES)]
    for n in range(EVENTS):
        records.insert(100 * n + 50, _event(n))
    return records


@pytest.fixture
def big(low_limit: None) -> League:
    """A league of `GAMES` games among `PLAYERS` players, imported with the limit lowered,
    then one game voided and one corrected."""
    admin = User.objects.create_user("admin", password="secret password 1")
    league = services.create_league(services.CONSOLE, name="Big", slug="big", admins=[admin])
    summary = import_records(league, _records(), admin)
    assert (len(summary.imported), summary.rejected) == (GAMES + EVENTS, [])
    services.void_game(GameRecord.objects.get(league=league, external_id="g10"), admin, "typo")
    fixed = record_json(_game(20)) | {"city": "Bonn-Beuel"}
    original = GameRecord.objects.get(league=league, external_id="g20")
    services.correct_game(original, _game_from(fixed), admin, "wrong city")
    return league


def _game_from(data: dict[str, Any]) -> Game:
    from tablerank.engine.records import game_from_dict

    return game_from_dict(data)


def test_import_is_idempotent_beyond_the_limit(big: League) -> None:
    admin = User.objects.get(username="admin")
    again = import_records(big, _records(), admin)
    assert again.imported == []
    assert len(again.already_present) == GAMES + EVENTS - 1  # g20 was corrected
    assert again.rejected == [("g20", "game id exists with other content; correct it instead")]


def test_export_streams_every_record_in_recording_order(big: League) -> None:
    lines = list(export_lines(big))
    ids = [line["id"] for line in lines]
    expected = [record.id for record in _records()]
    at = expected.index("g20")
    assert ids == [*expected[: at + 1], "g20", *expected[at + 1 :]]  # the correction follows
    by_id: dict[str, list[dict[str, Any]]] = {}
    for line in lines:
        by_id.setdefault(line["id"], []).append(line)
    assert by_id["g10"][0]["voided"]["why"] == "typo"
    first, second = by_id["g20"]
    assert first["voided"]["replaced_by"] == "g20"
    assert (first["city"], second["city"], "voided" in second) == ("Köln", "Bonn-Beuel", False)
    [winner] = [seat for seat in by_id["g50"][0]["seats"] if seat.get("winner")]
    assert winner["sources"] == {"settlements": 2, "cities": 4, "longest_road": 2, "vp_cards": 2}
    plain = [line for line in lines if "voided" not in line and line["id"] != "g20"]
    assert plain == [record_json(r) for r in _records() if r.id not in {"g10", "g20"}]


def test_an_import_looks_its_ids_up_by_index_not_by_reading_the_league(big: League) -> None:
    """Each batch's ids are looked up through the live-id index (live games) and the play
    index's league and status (voided ones): one query for both read every game of the league
    per look-up, which grew with the league (a million games: minutes)."""
    admin = User.objects.get(username="admin")
    with CaptureQueriesContext(connection) as queries:
        again = import_records(big, _records(), admin)
    assert len(again.already_present) == GAMES + EVENTS - 1  # live, and g10 voided
    lookups = [
        q["sql"]
        for q in queries
        if q["sql"].startswith("SELECT") and 'external_id" IN (' in q["sql"]
    ]
    assert any("NOT" in sql for sql in lookups)
    assert any("NOT" not in sql for sql in lookups)
    with connection.cursor() as cursor:
        for sql in lookups:
            cursor.execute(f"EXPLAIN QUERY PLAN {sql}")
            plan = " / ".join(str(row[-1]) for row in cursor.fetchall())
            assert "external_id=?" in plan or "status=?" in plan, plan


def test_the_home_and_standings_pages_hold(big: League) -> None:
    client = Client()
    assert client.get("/").status_code == 200
    assert client.get("/l/big/").status_code == 200
    for tab in tabs_of(big):  # every kept system and ranking list
        assert client.get(f"/l/big/standings/{tab}/").status_code == 200, tab


def test_the_player_page_holds(big: League) -> None:
    page = Client().get("/l/big/players/Player 07")
    assert page.status_code == 200
    assert "Player 07" in page.content.decode()


def test_the_members_page_holds(big: League) -> None:
    client = Client()
    client.force_login(User.objects.get(username="admin"))
    assert client.get("/l/big/members/").status_code == 200


def test_a_players_games_are_looked_up_once_not_per_game(big: League) -> None:
    """The lookup of one player's games (player pages, histories) is a plain subquery: one
    correlated with each game of the league took minutes at 100,000 games."""
    seat_sql, source_sql, params = played._queries(big.pk, None, None, {"Player 07"})
    with connection.cursor() as cursor:
        for sql in (seat_sql, source_sql):
            cursor.execute(f"EXPLAIN QUERY PLAN {sql}", [big.pk, *params])
            plan = " / ".join(str(row[-1]) for row in cursor.fetchall())
            assert "SUBQUERY" in plan, plan
            assert "CORRELATED" not in plan, plan
    mine = list(played.played_games(big.pk, players={"player 07"}))
    every = list(played.played_games(big.pk))
    assert [item[1] for item in mine] == [
        item[1] for item in every if "Player 07" in {seat.player for seat in item[2].seats}
    ]
    assert len(mine) > 10


def test_the_confirmed_history_holds(big: League) -> None:
    """`tablerank league history` reads every confirmed game: streamed, not prefetched by an IN
    list of every game's key."""
    history = services.confirmed_history(big)
    assert len(history) == GAMES - 1  # g10 voided
    assert {g.id for g in history} == {f"g{n}" for n in range(GAMES)} - {"g10"}
    assert next(g for g in history if g.id == "g20").city == "Bonn-Beuel"
    assert [g.date for g in history] == sorted(g.date for g in history)


def test_skills_reads_hold(big: League) -> None:
    from tablerank.league import queries

    table = queries.standings(big, "skill")
    assert len(table.standings) == PLAYERS
    odds = queries.predict(big, ("Player 01", "Player 02", "Newcomer"), "skill")
    assert sum(o.win_probability for o in odds) == pytest.approx(1)
    explained = queries.skill_explanation(big, "g150")
    assert explained is not None
    assert explained.record == "g150"


def test_the_seats_report_holds(big: League) -> None:
    """The seat report tallies every confirmed game's seats from one query."""
    from tablerank.league.queries import seat_tallies
    from tablerank.tournament.seat_report import selected_report

    history = services.confirmed_history(big)
    assert seat_tallies.seats_report(big) == selected_report(history)
    assert seat_tallies.seats_report(big, city="bonn-beuel") == selected_report(
        history, city="Bonn-Beuel"
    )


def test_the_monthly_and_annual_lists_hold(big: League) -> None:
    """The lists read a month's or a year's rows with one query, whatever their size."""
    from tablerank.engine import lists as engine_lists
    from tablerank.league.queries import lists

    history = services.confirmed_history(big)
    assert lists.annual_list(big, 2025) == engine_lists.annual_list(history, year=2025)
    monthly = lists.monthly_list(big, "2025-03", city="bonn")
    assert monthly == engine_lists.monthly_list(history, month="2025-03", city="bonn")
    assert monthly.not_listed  # the month had its games read

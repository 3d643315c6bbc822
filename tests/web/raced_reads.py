"""A confirmation forced between the queries of a read: the game page, the API's game detail and
a player's history (page and API) each answer 200 with the state before it, the next read
shows it. Run in the test process on PostgreSQL, and in a program of its own on a real SQLite
file (`test_raced_reads`)."""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.core.cache import caches
from django.db import connection
from django.test import Client

from tablerank.league import services
from tablerank.league.models import GameRecord, ListMonth, RecordStatus
from tablerank.league.store.cache import CACHE
from tests.web.action_helpers import Club, four_player_game, make_club

SECOND_QUERIES = ("SELECT g.id, p.name, s.place", "SELECT g.id, g.sequence, g.external_id")
"""The second query of each stream of `league.store.played` (the seats, after the games or the VP
sources): a confirmation landing just before it used to fail the read with a 500."""

SLUG = "raced"
ASKED = {
    "game page": "/l/{slug}/games/g9",
    "game detail": "/api/leagues/{slug}/games/g9",
    "history page": "/l/{slug}/players/Ann",
    "history": "/api/leagues/{slug}/players/Ann/history?system=pages.elo",
}


def club_with_pending() -> Club:
    """Ann's club: two confirmed games, a later one (g9) and one pending result per door, each
    played before g9 (so it changes what the reads of g9 and of Ann's history say)."""
    club = make_club(SLUG)
    for number, day in ((1, "2026-05-01"), (9, "2026-05-20")):
        services.record_game(club.league, four_player_game(f"g{number}", day), club.organizer)
    for number, door in enumerate(ASKED, start=2):
        game = four_player_game(f"p-{door.replace(' ', '-')}", f"2026-05-0{number}")
        services.submit_game(club.league, game, club.organizer)
    return club


def _confirm(record: GameRecord, club: Club) -> None:
    """Confirm `record` on another thread, so on another connection, committed before it
    returns."""
    failed: list[BaseException] = []

    def work() -> None:
        try:
            for user in (club.ann, club.ben, club.cleo):
                if GameRecord.objects.get(pk=record.pk).status == RecordStatus.CONFIRMED:
                    break
                signer = services.player_named(club.league, user.username.split("-")[1])
                services.confirm(record, signer, user)
        except BaseException as exc:  # raised in the test below
            failed.append(exc)
        finally:
            connection.close()

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]


@contextmanager
def confirmed_between_queries(record: GameRecord, club: Club) -> Iterator[list[str]]:
    """While open, the first second query of a stream first waits for `record` to be confirmed
    on another connection; the list names that query once it has."""
    fired: list[str] = []

    def trap(execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        if not fired and sql.startswith(SECOND_QUERIES):
            fired.append(sql[:40])
            _confirm(record, club)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(trap):
        yield fired


def _body(response: Any) -> str:
    text = response.content.decode()
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", text)


def outcomes() -> list[str]:
    """For each door: its status with the race forced, whether the answer equals the one
    before, and whether the next answer differs (the confirmation counts)."""
    club = club_with_pending()
    client = Client(raise_request_exception=False)
    lines = []
    for door, path in ASKED.items():
        url = path.format(slug=club.league.slug)
        record = GameRecord.objects.get(external_id=f"p-{door.replace(' ', '-')}")
        caches[CACHE].clear()
        before = client.get(url)
        caches[CACHE].clear()
        with confirmed_between_queries(record, club) as fired:
            raced = client.get(url)
        after = client.get(url)
        record.refresh_from_db()
        lines.append(
            f"{door}: {before.status_code} {raced.status_code} fired={bool(fired)} "
            f"{record.status} same={_body(raced) == _body(before)} "
            f"changed={_body(after) != _body(before)}"
        )
    return lines


EXPECTED = [f"{door}: 200 200 fired=True confirmed same=True changed=True" for door in ASKED]


def beside_a_writer() -> list[str]:
    """SQLite only, after `outcomes`: while another connection holds the write lock (`BEGIN
    IMMEDIATE`, never released here) every read answers (one that waited for the lock would
    fail after the busy timeout), keeping no month it would have to write for that."""
    other = sqlite3.connect(connection.settings_dict["NAME"], isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        caches[CACHE].clear()
        client = Client(raise_request_exception=False)
        kept = ListMonth.objects.filter(data__isnull=False).count()
        paths = [*ASKED.values(), *BESIDE]
        statuses = {client.get(path.format(slug=SLUG)).status_code for path in paths}
        kept = ListMonth.objects.filter(data__isnull=False).count() - kept
    finally:
        other.execute("ROLLBACK")
        other.close()
    return [f"statuses {sorted(statuses)}", f"months kept meanwhile {kept}"]


BESIDE = ("/l/{slug}/standings/", "/api/leagues/{slug}/lists/monthly?month=2026-05")
"""Reads that keep what they computed (a month's state of the lists) where they can."""

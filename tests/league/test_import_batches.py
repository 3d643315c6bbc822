"""An import stores a chunk's records a batch at a time and rates them once, at the end of the
chunk's transaction (`importing.CHUNK`, `importing.BATCH`): the lists, watermarks and
checkpoints it leaves are those a rebuild from the stored games writes, whatever lies between
the batches (past dates, ids repeated in a later batch, events, a batch that falls back to
recording game by game)."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tablerank.engine.records import Event, Game, new_event, new_game
from tablerank.league.errors import DuplicateRecord
from tablerank.league.models import League, RatingCheckpoint, RatingState, RatingWatermark
from tablerank.league.ratings import checkpoints
from tablerank.league.services import batch, importing, rebuild_ratings

pytestmark = pytest.mark.django_db


def _snapshot(league: League) -> dict[str, Any]:
    """Every stored rating row, watermark and checkpoint of the league."""
    rows = RatingState.objects.filter(league=league)
    marks = RatingWatermark.objects.filter(league=league)
    points = RatingCheckpoint.objects.filter(league=league)
    fields = ("system", "list_key", "date", "sequence", "games", "state")
    return {
        "rows": sorted(
            rows.values_list("system", "list_key", "player", "rating", "games", "parts")
        ),
        "marks": sorted(marks.values_list("system", "list_key", "date", "sequence", "games")),
        "checkpoints": sorted(
            (s, k, d, q, g, checkpoints.Replay.from_blob(bytes(b), (d, q), g).ratings)
            for s, k, d, q, g, b in points.values_list(*fields)
        ),
    }


def _games(count: int, seed: int = 3) -> list[Game]:
    """Four-player games among 14 players, dated out of order (an import's file need not be
    sorted), in two game titles (area keeps a list per title)."""
    rng = random.Random(seed)
    start = dt.date(2026, 1, 1)
    out = []
    for number in range(count):
        seated = rng.sample(range(14), 4)
        vps = [10, *rng.sample([9, 8, 7, 6, 5, 4], 3)]
        rng.shuffle(vps)
        seats = [
            {"player": f"Player {p}", "vp": vp, "winner": vp == 10}
            for p, vp in zip(seated, vps, strict=True)
        ]
        day = start + dt.timedelta(days=rng.randrange(60))
        title = "catan" if number % 3 else "Cities & Knights"
        out.append(new_game(id=f"g{number}", date=day.isoformat(), seats=seats, game=title))
    return out


def _event() -> Event:
    standings = [
        {"player": f"Player {p}", "place": place, "wins": 3 - place, "losses": place}
        for place, p in enumerate((1, 2, 3), start=1)
    ]
    return new_event(id="cup", date="2026-01-20", standings=standings, rounds=3)


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks of 30 records in batches of 7; a checkpoint every 4 games; the fast replay."""
    monkeypatch.setattr(importing, "CHUNK", 30)
    monkeypatch.setattr(importing, "BATCH", 7)
    monkeypatch.setattr(checkpoints, "EVERY", 4)


@pytest.mark.usefixtures("small")
def test_a_chunk_rated_once_leaves_what_a_rebuild_leaves(official: User) -> None:
    league = League.objects.create(name="Batches", slug="batches")
    league.admins.add(official)
    games = _games(80)
    repeated = games[2]  # again in a later batch of the same chunk: already present
    file: list[Game | Event] = [*games[:20], repeated, _event(), *games[20:]]
    heard: list[int] = []
    summary = importing.import_records(league, file, official, progress=heard.append)
    assert len(summary.imported) == 81  # the 80 games and the event
    assert summary.already_present == [repeated.id]
    assert heard == [7, 7, 7, 7, 2] * 2 + [7, 7, 7, 1]  # each batch, as it is stored
    assert RatingState.objects.filter(league=league).exists()
    imported = _snapshot(league)
    rebuild_ratings(league)
    assert imported == _snapshot(league)


@pytest.mark.usefixtures("small")
def test_a_batch_recorded_game_by_game_is_rated_after_the_batches_before_it(
    official: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A batch that fails as a whole (a concurrent import took one of its ids) is recorded game
    by game, each rated at once, among games of the chunk's earlier batches waiting to be
    rated and later ones: the lists still end as a rebuild leaves them."""
    league = League.objects.create(name="Fallback", slug="fallback")
    league.admins.add(official)
    real = batch.store_games
    calls = 0

    def third_fails(*args: Any, **kwargs: Any) -> int:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise DuplicateRecord(league.slug, "g14")
        return real(*args, **kwargs)

    monkeypatch.setattr(importing, "store_games", third_fails)
    summary = importing.import_records(league, list(_games(40)), official)
    assert len(summary.imported) == 40
    imported = _snapshot(league)
    rebuild_ratings(league)
    assert imported == _snapshot(league)


def _key_checks() -> int:
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA foreign_keys")
        return int(cursor.fetchone()[0])


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's foreign-key look-ups")
def test_an_import_runs_without_sqlites_key_lookups_and_turns_them_back_on(
    official: User,
) -> None:
    league = League.objects.create(name="Keys", slug="keys")
    league.admins.add(official)
    during: list[int] = []
    importing.import_records(
        league, list(_games(12)), official, progress=lambda _: during.append(_key_checks())
    )
    assert during == [0]
    assert _key_checks() == 1
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA foreign_key_check")
        assert cursor.fetchall() == []  # every row the import wrote points at a stored row

    def interrupted(_: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        importing.import_records(league, list(_games(12, seed=4)), official, progress=interrupted)
    assert _key_checks() == 1


@pytest.mark.parametrize(("games", "analyzed"), [(12, True), (11, False)])
def test_a_large_import_refreshes_postgresqls_statistics_at_its_end(
    official: User, monkeypatch: pytest.MonkeyPatch, games: int, analyzed: bool
) -> None:
    """From `STATISTICS_FROM` records imported, PostgreSQL's statistics of the tables the import
    wrote are refreshed once it is done; SQLite plans without them."""
    monkeypatch.setattr(importing, "STATISTICS_FROM", 12)
    league = League.objects.create(name="Stats", slug="stats")
    league.admins.add(official)
    with CaptureQueriesContext(connection) as queries:
        importing.import_records(league, list(_games(games)), official)
    ran = [q["sql"] for q in queries if q["sql"].startswith("ANALYZE")]
    if connection.vendor != "postgresql":
        assert ran == []
        return
    assert len(ran) == (1 if analyzed else 0)
    if analyzed:
        assert queries[len(queries) - 1]["sql"] == ran[0]  # after everything it wrote
        for name in ("league_gamerecord", "league_seat", "league_ratingstate"):
            assert f'"{name}"' in ran[0]

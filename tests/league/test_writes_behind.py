"""An import's seats go in on a second thread, on the import's own connection and in its
transaction (`writes_behind`): held until started, then in order; whatever names their table,
and once they run every savepoint, waits for them; a failure among them fails the import."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import nullcontext
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.db.models import Model
from django.utils import timezone

from tablerank.engine import loading
from tablerank.engine.records import Event, Game, event_from_dict, game_from_dict
from tablerank.formats.records import game_json
from tablerank.league.errors import DuplicateRecord, LeagueError
from tablerank.league.models import GameRecord, League, RatingState, Seat, SourceVP
from tablerank.league.ratings.state import rebuild_ratings
from tablerank.league.services import importing
from tablerank.league.services.batch import store_games
from tablerank.league.store import bulk
from tablerank.league.store.bulk import table
from tablerank.league.store.writes_behind import WritesBehind, seat_writes_behind
from tests.league.test_import_batches import _games

pytestmark = pytest.mark.django_db

_FIELDS = ["league", "system", "list_key", "player", "rating", "games", "updated_at", "parts"]


def _rows(league: League, players: range, rating: float = 1.0) -> list[tuple[object, ...]]:
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    return [(league.pk, "s", "", f"p{n}", rating, 1, now, "") for n in players]


def _held() -> int:
    """Rows of the rating state, counted on the connection itself (no execute wrapper)."""
    raw = connection.connection
    return int(raw.execute(f"SELECT count(*) FROM {table(RatingState)}").fetchone()[0])


@pytest.fixture
def behind() -> Iterator[WritesBehind]:
    connection.ensure_connection()
    made = WritesBehind(connection.connection, [table(RatingState)])
    try:
        with connection.execute_wrapper(made.ordered):
            yield made
    finally:
        made.close()


def test_statements_are_held_until_started_then_run_in_order(
    league: League, behind: WritesBehind
) -> None:
    behind.insert(RatingState, _FIELDS, _rows(league, range(5000)))
    mark = "?" if connection.vendor == "sqlite" else "%s"  # the connection's own placeholder
    behind.execute(f"DELETE FROM {table(RatingState)} WHERE player = {mark}", ["p7"])
    assert _held() == 0
    behind.start()
    behind.wait()
    assert _held() == 4999
    assert not RatingState.objects.filter(player="p7").exists()


def test_a_statement_naming_the_table_waits_for_the_queue(
    league: League, behind: WritesBehind
) -> None:
    behind.insert(RatingState, _FIELDS, _rows(league, range(300)))
    assert RatingState.objects.count() == 300  # held: run here, first
    behind.insert(RatingState, _FIELDS, _rows(league, range(300, 9000)))
    behind.start()
    assert RatingState.objects.count() == 9000


def test_once_started_a_savepoint_waits_for_the_queue(league: League, behind: WritesBehind) -> None:
    behind.insert(RatingState, _FIELDS, _rows(league, range(20_000)))
    with transaction.atomic():
        assert _held() == 0  # held: a savepoint need not wait
    behind.start()
    with transaction.atomic():
        assert _held() == 20_000


def test_held_statements_refuse_to_run_inside_a_savepoint_opened_after_them(
    league: League, behind: WritesBehind
) -> None:
    behind.insert(RatingState, _FIELDS, _rows(league, range(10)))
    with pytest.raises(RuntimeError, match="later savepoint"), transaction.atomic():
        RatingState.objects.count()  # names the table: its rollback would take them along
    assert _held() == 0
    assert RatingState.objects.count() == 10  # where they were queued: they run


def test_a_failed_statement_is_raised_and_those_after_it_are_skipped(
    league: League, behind: WritesBehind
) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL aborts the transaction at a failed statement: nothing runs after")
    behind.insert(RatingState, _FIELDS, _rows(league, range(10)))
    behind.insert(RatingState, _FIELDS, _rows(league, range(5, 6)))  # p5 again
    behind.insert(RatingState, _FIELDS, _rows(league, range(10, 20)))
    behind.start()
    with pytest.raises(IntegrityError):  # Django's, as its own cursor raises
        behind.wait()
    assert _held() == 10
    with pytest.raises(IntegrityError):
        behind.execute(f"DELETE FROM {table(RatingState)}")


def test_closing_drops_what_is_still_queued(league: League, behind: WritesBehind) -> None:
    behind.insert(RatingState, _FIELDS, _rows(league, range(1000)))
    behind.close()
    assert _held() == 0


_Stored = tuple[list[tuple[str, int, str, float | None]], list[tuple[str, str, int]]]


def _imported_both_ways(
    games: list[Game], official: User, monkeypatch: pytest.MonkeyPatch
) -> tuple[_Stored, _Stored]:
    """Each game's seats and VP sources after importing `games` into a new league with writes
    behind, then into another without (as on PostgreSQL)."""
    stored: list[_Stored] = []
    for slug in ("behind", "direct"):
        if slug == "direct":
            monkeypatch.setattr(importing, "seat_writes_behind", nullcontext)
        made = League.objects.create(name=slug, slug=slug)
        made.admins.add(official)
        assert len(importing.import_records(made, games, official).imported) == len(games)
        seats = Seat.objects.filter(game__league=made)
        sources = SourceVP.objects.filter(seat__game__league=made)
        stored.append(
            (
                sorted(seats.values_list("game__external_id", "position", "player__name", "vp")),
                sorted(sources.values_list("seat__game__external_id", "source", "vp")),
            )
        )
    return stored[0], stored[1]


def test_an_import_stores_the_same_seats_with_or_without_writes_behind(
    official: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(importing, "BATCH", 10)
    monkeypatch.setattr(bulk, "COPY_ROWS", 7)  # PostgreSQL: many COPYs, other statements between
    behind, direct = _imported_both_ways(_games(45), official, monkeypatch)
    assert len(behind[0]) == 180
    assert behind == direct


def test_a_failing_import_leaves_no_seat_behind(
    league: League, official: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(importing, "BATCH", 10)

    def fail(self: importing._Importer) -> None:
        raise RuntimeError("rating failed")

    monkeypatch.setattr(importing._Importer, "rate", fail)
    with pytest.raises(RuntimeError):
        importing.import_records(league, _games(30), official)
    assert not GameRecord.objects.filter(league=league).exists()
    assert not Seat.objects.filter(game__league=league).exists()


def test_seat_writes_behind_on_sqlite_and_postgresql() -> None:
    with seat_writes_behind() as behind:
        assert (behind is not None) == (connection.vendor in ("sqlite", "postgresql"))


def test_storing_with_seats_behind_asks_for_the_caller_to_rate(
    league: League, official: User
) -> None:
    with seat_writes_behind() as behind, pytest.raises(ValueError, match="unrated"):
        store_games(league, _games(2), official, behind=behind)
    assert not GameRecord.objects.filter(league=league).exists()


def test_a_batch_rolled_back_to_its_savepoint_keeps_the_seats_queued_before_it(
    league: League, official: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The third batch's ids are the league's already, unseen by the look-up (as if a
    concurrent import took them): its insert fails inside `store_games`' savepoint, which is
    rolled back while the seats of the two batches before it wait in the queue."""
    monkeypatch.setattr(importing, "BATCH", 10)
    games = _games(40)
    importing.import_records(league, games[:10], official)
    monkeypatch.setattr(importing, "stored_games", lambda league, ids: {})
    summary = importing.import_records(league, [*games[10:30], *games[:10], *games[30:]], official)
    assert (len(summary.imported), len(summary.rejected)) == (30, 10)
    seats = Seat.objects.filter(game__league=league).values_list("game__external_id", flat=True)
    counts = Counter(seats)
    assert len(counts) == 40
    assert set(counts.values()) == {4}
    state = sorted(
        RatingState.objects.filter(league=league).values_list(
            "system", "list_key", "player", "rating", "games"
        )
    )
    rebuild_ratings(league)
    assert state == sorted(
        RatingState.objects.filter(league=league).values_list(
            "system", "list_key", "player", "rating", "games"
        )
    )


def test_seats_with_vp_sources_go_in_after_those_queued_before_them(
    official: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A batch holding a seat with VP sources inserts its seats on the connection itself (their
    pks are read back for the sources) while the seats of earlier batches are held: the same
    seats and sources as an import without writes behind."""
    monkeypatch.setattr(importing, "BATCH", 5)
    games = []
    for game in _games(17):
        raw = game_json(game)
        if int(game.id[1:]) % 6 == 5:
            winner = next(seat for seat in raw["seats"] if seat.get("winner"))
            winner["sources"] = {"settlements": 2, "cities": 4, "longest_road": 2, "vp_cards": 2}
        games.append(game_from_dict(raw))
    behind, direct = _imported_both_ways(games, official, monkeypatch)
    assert len(behind[0]) == 68
    assert len(behind[1]) == 2 * 4  # g5 and g11
    assert behind == direct


def test_an_import_whose_queued_seats_fail_stores_nothing(
    league: League, official: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat insert that fails on the second thread fails the import and its transaction rolls
    back whole. The error is Django's IntegrityError, or, where the import's own statement
    stepped on the connection between the failure and its report, the error SQLite had last
    (`writes_behind`: one last error per connection)."""
    monkeypatch.setattr(importing, "BATCH", 10)
    insert = WritesBehind.insert

    def twice(self: WritesBehind, model: type[Model], fields: Sequence[str], rows: Any) -> None:
        insert(self, model, fields, rows)
        insert(self, model, fields, rows[:1])  # a seat position taken already

    monkeypatch.setattr(WritesBehind, "insert", twice)
    with pytest.raises(DatabaseError):
        importing.import_records(league, _games(30), official)
    assert not GameRecord.objects.filter(league=league).exists()
    assert not Seat.objects.filter(game__league=league).exists()


def test_seats_queued_before_a_game_recorded_on_its_own_stay_when_it_fails(
    league: League, official: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When a batch clashes, its games are recorded one by one, each in its own savepoint: a
    game that reads seats there and then fails must not take the seats queued before it with
    its rollback (they go in first). The compiled replays read no seat (as in a process that
    has loaded them), so nothing before the games reads the seats."""
    monkeypatch.setattr(importing, "BATCH", 10)
    monkeypatch.setattr(loading, "worth_compiling", lambda games: True)
    games = _games(40)
    importing.import_records(league, games[:10], official)
    monkeypatch.setattr(importing, "stored_games", lambda league, ids: {})

    def clashing(league: League, game: Game, by: User, *, status: object) -> None:
        with transaction.atomic():
            Seat.objects.filter(game__league=league).count()  # names the seat table in there
            raise DuplicateRecord(league.slug, game.id)

    monkeypatch.setattr(importing, "record_game", clashing)
    summary = importing.import_records(league, [*games[10:30], *games[:10], *games[30:]], official)
    assert (len(summary.imported), len(summary.rejected)) == (30, 10)
    seats = Seat.objects.filter(game__league=league).values_list("game__external_id", flat=True)
    assert Counter(seats) == {game.id: 4 for game in games}


def test_seats_queued_before_an_event_stay_when_the_event_fails(
    league: League, official: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An event is recorded on its own, in its own savepoint: one that reads seats there and
    then fails must not take the seats of the games before it with its rollback."""
    games = _games(12)
    standings = [{"player": "Player 1", "place": 1, "wins": 3, "completed": True}]
    event = event_from_dict({"id": "cup", "date": "2026-02-01", "standings": standings})

    def clashing(league: League, event: Event, by: User, *, status: object) -> None:
        with transaction.atomic():
            Seat.objects.filter(game__league=league).count()  # names the seat table in there
            raise LeagueError("id", f"event {event.id} is taken")

    monkeypatch.setattr(importing, "record_event", clashing)
    summary = importing.import_records(league, [*games, event], official)
    assert (len(summary.imported), summary.rejected) == (12, [("cup", "id: event cup is taken")])
    seats = Seat.objects.filter(game__league=league).values_list("game__external_id", flat=True)
    assert Counter(seats) == {game.id: 4 for game in games}

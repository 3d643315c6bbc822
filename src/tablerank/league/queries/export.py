"""A league's export: every record of it, streamed in recording order (`tablerank league
export`).

Each table (games, seats, VP sources, events, standings) is read by one query in the same
order, (sequence, voided first, pk), and the readers advance together, so memory stays
constant and no query's parameter count depends on the league's size.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from typing import Any

from django.db.models import BooleanField, ExpressionWrapper, Q, QuerySet

from tablerank.engine.records import new_event, new_game
from tablerank.formats.records import record_json
from tablerank.league.models import EventRecord, EventStanding, GameRecord, League, Seat, SourceVP
from tablerank.league.store.snapshot import snapshot

__all__ = ["export_lines"]

CHUNK = 2000
"""Rows each query fetches from the database at a time."""

_Key = tuple[int, bool, int]
"""Where a record goes in the export: (sequence, live, pk); a voided original comes first."""

_GAME: tuple[str, ...] = ("pk", "sequence", "live", "external_id", "date", "title", "variant")
_GAME += ("target", "group")
_GAME += ("city", "game_class", "event", "round", "voided_by__username", "voided_at")
_GAME += ("void_reason", "replaced_by__external_id")
_SEAT = ("game_id", "pk", "player__name", "vp", "winner", "place", "team", "status", "account")
_EVENT: tuple[str, ...] = ("pk", "sequence", "live", "external_id", "date", "rounds", "format")
_EVENT += ("voided_by__username", "voided_at", "void_reason")
_STANDING = ("event_id", "player__name", "place", "wins", "draws", "losses", "completed")


class _Rows:
    """One ordered query's rows, read as groups of consecutive rows sharing their first value."""

    def __init__(self, rows: QuerySet[Any, tuple[Any, ...]]) -> None:
        self._rows = rows.iterator(chunk_size=CHUNK)
        self._next: tuple[Any, ...] | None = next(self._rows, None)

    def take(self, owner: int) -> list[tuple[Any, ...]]:
        """The rows whose first value is `owner`, in order, from where the reading is."""
        out = []
        while self._next is not None and self._next[0] == owner:
            out.append(self._next)
            self._next = next(self._rows, None)
        return out


def _ordered(rows: QuerySet[Any], prefix: str = "", *then: str) -> QuerySet[Any]:
    """`rows` in the export's order of the record at `prefix` (a relation path, or none),
    then by `then` within one record."""
    live = ExpressionWrapper(Q(**{f"{prefix}voided_at__isnull": True}), BooleanField())
    order = (f"{prefix}sequence", "live_order", f"{prefix}pk", *then)
    ordered: QuerySet[Any] = rows.alias(live_order=live).order_by(*order)
    return ordered


def _voided(by: str | None, at: Any, why: str) -> dict[str, Any]:
    return {"by": by, "at": at.isoformat(), "why": why}


def _games(league: League) -> Iterator[tuple[_Key, dict[str, Any]]]:
    live = ExpressionWrapper(Q(voided_at__isnull=True), BooleanField())
    games = _ordered(GameRecord.objects.filter(league=league)).annotate(live=live)
    seats = _Rows(
        _ordered(Seat.objects.filter(game__league=league), "game__", "position").values_list(*_SEAT)
    )
    sources = _Rows(
        _ordered(
            SourceVP.objects.filter(seat__game__league=league),
            "seat__game__",
            "seat__position",
            "pk",
        ).values_list("seat__game_id", "seat_id", "source", "vp")
    )
    for row in games.values_list(*_GAME).iterator(chunk_size=CHUNK):
        pk, sequence, is_live, external_id, date, title, variant, target, group = row[:9]
        city, game_class, event, round_, voided_by, voided_at, why, replaced_by = row[9:]
        by_seat: dict[int, dict[str, int]] = {}
        for _, seat, source, vp in sources.take(pk):
            by_seat.setdefault(seat, {})[source] = vp
        game = new_game(
            id=external_id, date=date, game=title, variant=variant or None, target=target,
            group=group, city=city or None, game_class=game_class, event=event or None,
            round=round_,
            seats=[
                {"player": name, "vp": vp, "winner": winner, "place": place, "team": team or None,
                 "status": status, "account": account, "sources": by_seat.get(seat, {})}
                for _, seat, name, vp, winner, place, team, status, account in seats.take(pk)
            ],
        )  # fmt: skip
        line = record_json(game)
        if not is_live:
            line["voided"] = _voided(voided_by, voided_at, why)
            if replaced_by is not None:
                line["voided"]["replaced_by"] = replaced_by
        yield (sequence, is_live, pk), line


def _events(league: League) -> Iterator[tuple[_Key, dict[str, Any]]]:
    live = ExpressionWrapper(Q(voided_at__isnull=True), BooleanField())
    events = _ordered(EventRecord.objects.filter(league=league)).annotate(live=live)
    standings = _Rows(
        _ordered(
            EventStanding.objects.filter(event__league=league), "event__", "position"
        ).values_list(*_STANDING)
    )
    for row in events.values_list(*_EVENT).iterator(chunk_size=CHUNK):
        pk, sequence, is_live, external_id, date, rounds, format_, voided_by, voided_at, why = row
        event = new_event(
            id=external_id, date=date, rounds=rounds, format=format_,
            standings=[
                {"player": name, "place": place, "wins": wins, "draws": draws, "losses": losses,
                 "completed": completed}
                for _, name, place, wins, draws, losses, completed in standings.take(pk)
            ],
        )  # fmt: skip
        line = record_json(event)
        if not is_live:
            line["voided"] = _voided(voided_by, voided_at, why)
        yield (sequence, is_live, pk), line


def export_lines(league: League) -> Iterator[dict[str, Any]]:
    """Every game and event of the league in recording order, voided ones included with a
    `voided` object (by, at, why, and `replaced_by` for a correction), read in one snapshot
    (`league.store.snapshot`: REPEATABLE READ on PostgreSQL, a read transaction that takes no lock
    on SQLite) so the export is one consistent moment of the league."""
    with snapshot():
        merged = heapq.merge(_games(league), _events(league), key=lambda pair: pair[0])
        for _, line in merged:
            yield line

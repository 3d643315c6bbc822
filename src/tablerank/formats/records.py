"""Records as JSON: the records' JSON form (docs/records.md), as `read_records` reads it back.

The CLI's `league export` and `league history`, and the API's game detail, print these shapes,
so a file, the command line and the API agree.
"""

from __future__ import annotations

from typing import Any

from tablerank.engine.fields import time_text
from tablerank.engine.records import Event, Game

__all__ = ["event_json", "game_json", "record_json", "when_text"]


def when_text(record: Game | Event) -> str:
    """A record's date as given: the ISO date, with ``T`` and the time when one was given."""
    day = record.date.isoformat()
    return day if record.time is None else f"{day}T{time_text(record.time)}"


def game_json(game: Game) -> dict[str, Any]:
    """A game in the records' JSON form: `game_from_dict` of this equals `game`."""
    seats = []
    for seat in game.seats:
        row: dict[str, Any] = {"player": seat.player, "place": seat.place}
        if seat.vp is not None:
            row["vp"] = int(seat.vp) if float(seat.vp).is_integer() else seat.vp
        if seat.winner:
            row["winner"] = True
        if seat.team is not None:
            row["team"] = seat.team
        row["status"] = seat.status.value
        row["account"] = seat.account.value
        if seat.sources:
            row["sources"] = dict(seat.sources)
        seats.append(row)
    out: dict[str, Any] = {"id": game.id, "date": when_text(game), "game": game.game}
    if game.variant is not None:
        out["variant"] = game.variant
    out.update({"target": game.target, "group": game.group})
    if game.city is not None:
        out["city"] = game.city
    out["class"] = game.game_class.value
    if game.event is not None:
        out["event"] = game.event
    if game.round is not None:
        out["round"] = game.round
    out["seats"] = seats
    return out


def event_json(event: Event) -> dict[str, Any]:
    """An event in the records' JSON form: `event_from_dict` of this equals `event`."""
    return {
        "id": event.id,
        "date": when_text(event),
        "rounds": event.rounds,
        "format": event.format.value,
        "standings": [
            {"player": row.player, "place": row.place, "wins": row.wins, "draws": row.draws,
             "losses": row.losses, "completed": row.completed}
            for row in event.standings
        ],
    }  # fmt: skip


def record_json(record: Game | Event) -> dict[str, Any]:
    """A game or an event in the records' JSON form."""
    return game_json(record) if isinstance(record, Game) else event_json(record)

"""Game and event records: immutable values, built and checked in one place.

`new_game` and `new_event` are the only way the readers, the league and library users make
records; they apply the documented defaults, resolve every seat's placement and raise
`RecordError` naming the field when a record breaks a rule. A game's rules are
`game_rules.checked_game`'s; the fields of both records are declared in `record_schema`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from tablerank.engine.fields import (
    EARLIEST_DATE,
    ID_ALPHABET,
    ID_PATTERN,
    LATEST_DATE,
    MAX_EVENT_PLAYERS,
    MAX_ID_LENGTH,
    MAX_KEY_LENGTH,
    MAX_NAME_KEY_LENGTH,
    MAX_NAME_LENGTH,
    MAX_ROUNDS,
    MAX_SEATS,
    MAX_TEXT_LENGTH,
    MAX_VP,
    parse_bool,
    parse_choice,
    parse_int,
    parse_name,
    parse_text,
    parse_when,
    shown,
)
from tablerank.engine.game_rules import check_fields, checked_game
from tablerank.engine.placement import competition_places
from tablerank.engine.record_schema import EVENT_FIELDS, GAME_FIELDS, STANDING_FIELDS, GameJson
from tablerank.engine.shared_tables import SharedTables
from tablerank.engine.values import (
    Account,
    Event,
    EventFormat,
    EventStanding,
    Game,
    GameClass,
    Seat,
    SeatStatus,
    stored_game,
    stored_seat,
)
from tablerank.errors import RecordError

__all__ = [
    "EARLIEST_DATE",
    "ID_ALPHABET",
    "ID_PATTERN",
    "LATEST_DATE",
    "MAX_EVENT_PLAYERS",
    "MAX_ID_LENGTH",
    "MAX_KEY_LENGTH",
    "MAX_NAME_KEY_LENGTH",
    "MAX_NAME_LENGTH",
    "MAX_ROUNDS",
    "MAX_SEATS",
    "MAX_TEXT_LENGTH",
    "MAX_VP",
    "Account",
    "Event",
    "EventFormat",
    "EventStanding",
    "Game",
    "GameClass",
    "Seat",
    "SeatStatus",
    "event_from_dict",
    "game_from_dict",
    "new_event",
    "new_game",
    "stored_game",
    "stored_seat",
]


# -- building and checking -------------------------------------------------------------------

_GAME_KEYS = frozenset(GAME_FIELDS)


def new_game(
    *,
    id: Any,
    date: Any,
    seats: Any,
    game: Any = None,
    variant: Any = None,
    target: Any = None,
    group: Any = None,
    city: Any = None,
    game_class: Any = None,
    event: Any = None,
    round: Any = None,
) -> Game:
    """Build a checked `Game` from raw values, applying the documented defaults
    (`game_rules.checked_game`)."""
    return checked_game(id, date, seats, (game, variant, target, group, city, game_class, event,
                                          round))  # fmt: skip


def _standing(raw: Any, index: int, rounds: int | None, fmt: EventFormat) -> EventStanding:
    name = f"standings[{index}]"
    if not isinstance(raw, Mapping):
        raise RecordError(name, f"expected an object with player and place, got {shown(raw)}")
    check_fields(raw, STANDING_FIELDS, name)
    player = parse_name(raw.get("player"), f"{name}.player")
    place = parse_int(raw.get("place"), f"{name}.place", minimum=1, maximum=MAX_EVENT_PLAYERS)
    if place is None:
        raise RecordError(f"{name}.place", "is required")
    wins = parse_int(raw.get("wins"), f"{name}.wins", minimum=0, maximum=MAX_ROUNDS) or 0
    draws = parse_int(raw.get("draws"), f"{name}.draws", minimum=0, maximum=MAX_ROUNDS) or 0
    losses = parse_int(raw.get("losses"), f"{name}.losses", minimum=0, maximum=MAX_ROUNDS) or 0
    completed = parse_bool(raw.get("completed"), f"{name}.completed")
    if completed is None:
        if fmt is EventFormat.ELIMINATION or rounds is None:
            raise RecordError(
                f"{name}.completed",
                "is required: did the player play every scheduled round (or until eliminated)?",
            )
        completed = wins + draws + losses >= rounds
    if rounds is not None and wins + draws + losses > rounds:
        raise RecordError(
            name, f"{player} has {wins + draws + losses} matches in a {rounds}-round event"
        )
    return EventStanding(player, place, wins, draws, losses, completed)


def new_event(
    *,
    id: Any,
    date: Any,
    standings: Any,
    rounds: Any = None,
    format: Any = None,
) -> Event:
    """Build a checked `Event` (final standings of a tournament) from raw values."""
    event_id = parse_text(id, "id", limit=MAX_NAME_LENGTH, required=True)
    assert event_id is not None
    when, time = parse_when(date, "date")
    n_rounds = parse_int(rounds, "rounds", minimum=1, maximum=MAX_ROUNDS)
    fmt = parse_choice(format, "format", EventFormat, EventFormat.SWISS)
    if not isinstance(standings, Sequence) or isinstance(standings, str) or not standings:
        raise RecordError("standings", "expected a list of at least one player's standing")
    if len(standings) > MAX_EVENT_PLAYERS:
        raise RecordError(
            "standings", f"{len(standings)} players; an event has at most {MAX_EVENT_PLAYERS}"
        )
    given = [_standing(s, i, n_rounds, fmt) for i, s in enumerate(standings)]
    for i, row in enumerate(given):
        if row.place > len(given):
            raise RecordError(
                f"standings[{i}].place", f"place {row.place} in a field of {len(given)} players"
            )
    places = competition_places([float(row.place) for row in given])
    rows = tuple(
        dataclasses.replace(row, place=place) for row, place in zip(given, places, strict=True)
    )
    seen: dict[str, int] = {}
    for i, row in enumerate(rows):
        first = seen.get(row.player.casefold())
        if first is not None:
            raise RecordError(
                f"standings[{i}].player",
                f"{row.player} is already in these standings (standings[{first}])",
            )
        seen[row.player.casefold()] = i
    return Event(id=event_id, date=when, standings=rows, rounds=n_rounds, format=fmt, time=time)


def game_from_dict(raw: Mapping[str, Any]) -> Game:
    """A checked `Game` from its JSON form (see docs/records.md); unknown fields are errors.

    A dict of JSON's types that fits the declared form (`GameJson`, checked in C) is built by
    `SharedTables`, which checks a table once for many games (the same game or the same error
    as `checked_game`); anything else by `checked_game` itself."""
    if type(raw) is dict:
        try:
            form = _FORM(raw, GameJson)
        except msgspec.ValidationError:
            pass
        else:
            return _SHARED.game(form)
    if type(raw) is not dict or not raw.keys() <= _GAME_KEYS:
        check_fields(raw, GAME_FIELDS, "")
    get = raw.get
    return checked_game(get("id"), get("date"), get("seats"), (get("game"), get("variant"),
                        get("target"), get("group"), get("city"), get("class"), get("event"),
                        get("round")))  # fmt: skip


_FORM = msgspec.convert
_SHARED = SharedTables(games_to_keep=20_000)  # a few MB of seats at most


def event_from_dict(raw: Mapping[str, Any]) -> Event:
    """A checked `Event` from its JSON form; unknown fields are errors."""
    check_fields(raw, EVENT_FIELDS, "")
    return new_event(
        id=raw.get("id"),
        date=raw.get("date"),
        standings=raw.get("standings"),
        rounds=raw.get("rounds"),
        format=raw.get("format"),
    )

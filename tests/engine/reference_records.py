"""Today's record checks, frozen as the oracle for the one builder (test_game_rules.py).

A copy of `tablerank.engine.records`' checking code as it was before the fast path (commit
99253b3): every game and message `game_rules.checked_game` gives must be the one this gives.
Since issue 13 a date may carry a time of day, read by the same full checks as the engine's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tablerank.engine.fields import (
    MAX_EVENT_PLAYERS,
    MAX_KEY_LENGTH,
    MAX_NAME_LENGTH,
    MAX_ROUNDS,
    MAX_SEATS,
    MAX_TEXT_LENGTH,
    MAX_VP,
    parse_sources,
    parse_text,
    shown,
)

# The parsers without their early paths: the checks as they were (test_fields.py holds each
# parser to its full checks too).
from tablerank.engine.fields import _parse_bool as parse_bool
from tablerank.engine.fields import _parse_choice as parse_choice
from tablerank.engine.fields import _parse_id as parse_id
from tablerank.engine.fields import _parse_int as parse_int
from tablerank.engine.fields import _parse_name as parse_name
from tablerank.engine.fields import _parse_vp as parse_vp
from tablerank.engine.fields import _parse_when as parse_when
from tablerank.engine.placement import competition_places, resolve_places
from tablerank.engine.records import (
    Account,
    Event,
    EventFormat,
    EventStanding,
    Game,
    GameClass,
    Seat,
    SeatStatus,
)
from tablerank.engine.variants import VARIANTS, is_catan
from tablerank.errors import RecordError

# -- building and checking -------------------------------------------------------------------

GAME_FIELDS = (
    "id", "date", "game", "variant", "target", "group", "city", "class", "event", "round",
    "seats", "description",
)  # fmt: skip
SEAT_FIELDS = ("player", "vp", "winner", "place", "team", "status", "account", "sources")
EVENT_FIELDS = ("id", "date", "rounds", "format", "standings", "description")
STANDING_FIELDS = ("player", "place", "wins", "draws", "losses", "completed")


def _check_fields(raw: Mapping[str, Any], allowed: Sequence[str], prefix: str) -> None:
    for key in raw:
        if key not in allowed:
            where = f"{prefix}.{key}" if prefix else str(key)
            raise RecordError(where, f"unknown field; expected one of: {', '.join(allowed)}")


@dataclass(slots=True)
class _RawSeat:
    player: str
    vp: float | None
    winner: bool
    place: int | None
    team: str | None
    status: SeatStatus
    account: Account
    sources: dict[str, int]


def _seat(raw: Any, index: int) -> _RawSeat:
    name = f"seats[{index}]"
    if not isinstance(raw, Mapping):
        raise RecordError(name, f"expected an object with at least a player, got {shown(raw)}")
    _check_fields(raw, SEAT_FIELDS, name)
    player = parse_name(raw.get("player"), f"{name}.player")
    sources = parse_sources(raw.get("sources"), f"{name}.sources")
    vp = parse_vp(raw.get("vp"), f"{name}.vp")
    if sources:
        total = sum(sources.values())
        if vp is None:
            vp = total
        elif vp != total:
            raise RecordError(
                f"{name}.sources",
                f"sources add up to {total} VP but vp says {vp:g} ({player})",
            )
    return _RawSeat(
        player=player,
        vp=vp,
        winner=bool(parse_bool(raw.get("winner"), f"{name}.winner")),
        place=parse_int(raw.get("place"), f"{name}.place", minimum=1, maximum=MAX_SEATS),
        team=parse_text(raw.get("team"), f"{name}.team", limit=MAX_NAME_LENGTH),
        status=parse_choice(raw.get("status"), f"{name}.status", SeatStatus, SeatStatus.FINISHED),
        account=parse_choice(raw.get("account"), f"{name}.account", Account, Account.PREMIUM),
        sources=sources,
    )


def _check_players_once(seats: Sequence[_RawSeat]) -> None:
    seen: dict[str, int] = {}
    for i, seat in enumerate(seats):
        key = seat.player.casefold()
        if key in seen:
            raise RecordError(
                f"seats[{i}].player",
                f"{seat.player} is already at this table (seats[{seen[key]}])",
            )
        seen[key] = i


def _check_places_fit(seats: Sequence[_RawSeat]) -> None:
    # A lone seat may be 2nd: it lost to the game (A.R.E.A.'s solitaire class).
    last = max(len(seats), 2)
    for i, seat in enumerate(seats):
        if seat.place is not None and seat.place > last:
            raise RecordError(
                f"seats[{i}].place", f"place {seat.place} at a table of {len(seats)} seats"
            )


def _check_abandoned(seats: Sequence[_RawSeat]) -> None:
    for i, seat in enumerate(seats):
        if seat.status is SeatStatus.ABANDONED:
            if seat.winner:
                raise RecordError(f"seats[{i}].winner", "a seat abandoned mid-game cannot win")
            if seat.place is not None:
                raise RecordError(f"seats[{i}].place", "a seat abandoned mid-game has no place")


def _default_class(present: int) -> GameClass:
    if present == 1:
        return GameClass.SOL
    return GameClass.TWO if present == 2 else GameClass.WTA


def _check_class(
    game_class: GameClass, seats: Sequence[_RawSeat], places: Sequence[int | None], catan: bool
) -> None:
    present = [i for i, p in enumerate(places) if p is not None]
    winners = [i for i in present if seats[i].winner]
    if (catan or game_class is GameClass.TWO) and len(winners) > 1:
        names = ", ".join(seats[i].player for i in winners)
        kind = "a Catan game" if catan else "a two-player game"
        raise RecordError(
            f"seats[{winners[1]}].winner",
            f"{kind} has one winner, but {names} are all marked winner "
            "(a draw is recorded as equal places)",
        )
    if game_class is GameClass.TWO and len(present) != 2:
        raise RecordError(
            "class", f"a 'two' game needs exactly 2 seats at the end, this one has {len(present)}"
        )
    if game_class in (GameClass.WTA, GameClass.RACE, GameClass.TEAM) and len(present) < 2:
        raise RecordError("class", f"a '{game_class}' game needs at least 2 seats at the end")
    if game_class is GameClass.TEAM:
        _check_teams(seats, places, present)


def _check_teams(
    seats: Sequence[_RawSeat], places: Sequence[int | None], present: Sequence[int]
) -> None:
    for i in present:
        if seats[i].team is None:
            raise RecordError(f"seats[{i}].team", "a 'team' game needs a team for every seat")
    won: dict[str, bool] = {}
    for i in present:
        team, first = seats[i].team, places[i] == 1
        assert team is not None
        if won.setdefault(team, first) != first:
            raise RecordError(
                f"seats[{i}].place", f"team {team} has both winners and losers; a team wins as one"
            )
    if len(won) < 2:
        raise RecordError("seats", "a 'team' game needs at least two teams")
    if all(won.values()):
        raise RecordError("seats", "a 'team' game needs a losing team")


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
    """Build a checked `Game` from raw values, applying the documented defaults.

    Defaults: game catan, variant base (Catan only), target the variant's, group = variant
    (the title for other games), class two for 2 seats, sol for 1 and wta otherwise.
    """
    game_id = parse_id(id, "id")
    when, time = parse_when(date, "date")
    title = parse_text(game, "game", limit=MAX_TEXT_LENGTH) or "catan"
    catan = is_catan(title)
    if catan:
        title = "catan"
    variant_name = parse_text(variant, "variant", limit=MAX_KEY_LENGTH)
    if catan:
        variant_name = (variant_name or "base").lower()
        if variant_name not in VARIANTS:
            allowed = ", ".join(VARIANTS)
            raise RecordError("variant", f"unknown variant {variant!r}; expected one of: {allowed}")
    elif variant_name is not None:
        raise RecordError("variant", f"variants belong to Catan games, not to {title!r}")
    goal = parse_int(target, "target", minimum=1, maximum=MAX_VP)
    if goal is None and variant_name is not None:
        goal = VARIANTS[variant_name].target
    if not isinstance(seats, Sequence) or isinstance(seats, str) or not seats:
        raise RecordError("seats", "expected a list of at least one seat")
    if len(seats) > MAX_SEATS:
        raise RecordError("seats", f"{len(seats)} seats; a table has at most {MAX_SEATS}")
    raw = [_seat(s, i) for i, s in enumerate(seats)]
    _check_places_fit(raw)
    _check_players_once(raw)
    _check_abandoned(raw)
    places = resolve_places(
        [s.status is not SeatStatus.ABANDONED for s in raw],
        [s.place for s in raw],
        [s.winner for s in raw],
        [s.vp for s in raw],
    )
    present = sum(p is not None for p in places)
    if present == 0:
        raise RecordError("seats", "every seat was abandoned; nobody finished the game")
    cls = parse_choice(game_class, "class", GameClass, _default_class(present))
    _check_class(cls, raw, places, catan)
    return Game(
        id=game_id,
        date=when,
        seats=tuple(
            Seat(
                player=s.player,
                place=p,
                vp=s.vp,
                winner=s.winner,
                team=s.team,
                status=s.status,
                account=s.account,
                sources=s.sources,
            )
            for s, p in zip(raw, places, strict=True)
        ),
        game=title,
        variant=variant_name,
        target=goal,
        group=parse_text(group, "group", limit=MAX_TEXT_LENGTH) or variant_name or title,
        city=parse_text(city, "city", limit=MAX_TEXT_LENGTH),
        game_class=cls,
        event=parse_text(event, "event", limit=MAX_NAME_LENGTH),
        round=parse_int(round, "round", minimum=0, maximum=MAX_ROUNDS),
        time=time,
    )


def _standing(raw: Any, index: int, rounds: int | None, fmt: EventFormat) -> EventStanding:
    name = f"standings[{index}]"
    if not isinstance(raw, Mapping):
        raise RecordError(name, f"expected an object with player and place, got {shown(raw)}")
    _check_fields(raw, STANDING_FIELDS, name)
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
    """A checked `Game` from its JSON form (see docs/records.md); unknown fields are errors."""
    _check_fields(raw, GAME_FIELDS, "")
    return new_game(
        id=raw.get("id"),
        date=raw.get("date"),
        seats=raw.get("seats"),
        game=raw.get("game"),
        variant=raw.get("variant"),
        target=raw.get("target"),
        group=raw.get("group"),
        city=raw.get("city"),
        game_class=raw.get("class"),
        event=raw.get("event"),
        round=raw.get("round"),
    )


def event_from_dict(raw: Mapping[str, Any]) -> Event:
    """A checked `Event` from its JSON form; unknown fields are errors."""
    _check_fields(raw, EVENT_FIELDS, "")
    return new_event(
        id=raw.get("id"),
        date=raw.get("date"),
        standings=raw.get("standings"),
        rounds=raw.get("rounds"),
        format=raw.get("format"),
    )

"""The fast path of `new_game`: the common, valid record built with a few cheap checks.

`fast_game` takes the same raw values as `new_game` and returns the `Game` that `new_game`
would build, or None whenever the record is not plainly valid (an unusual form such as text
for a number, abandoned seats, sources, a team game, or any error). It never raises: `new_game`
then runs its full checks, which give every message. tests/engine/test_fast_records.py holds
the two to the same result on random valid and invalid records.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache
from typing import Any, Literal

from tablerank.engine.fields import (
    EARLIEST_DATE,
    ID_PATTERN,
    LATEST_DATE,
    MAX_KEY_LENGTH,
    MAX_NAME_KEY_LENGTH,
    MAX_NAME_LENGTH,
    MAX_ROUNDS,
    MAX_SEATS,
    MAX_TEXT_LENGTH,
    MAX_VP,
    normal_name,
    parse_when,
)
from tablerank.engine.values import (
    Account,
    Game,
    GameClass,
    Seat,
    SeatStatus,
    build_game,
    build_seat,
)
from tablerank.engine.variants import VARIANTS
from tablerank.errors import RecordError

__all__ = [
    "ID",
    "Found",
    "RawSeat",
    "checked_date",
    "checked_fields",
    "checked_name",
    "checked_seat",
    "checked_when",
    "fast_game",
    "fast_game_of_seats",
    "finished_game",
]

SEAT_KEYS = frozenset(("player", "vp", "winner", "place", "team", "status", "account", "sources"))
ID = re.compile(ID_PATTERN.removeprefix("^").removesuffix("$"))
"""A plainly valid id, matched whole."""
_STATUS: dict[object, SeatStatus] = {None: SeatStatus.FINISHED, **{s.value: s for s in SeatStatus}}
_ACCOUNT: dict[object, Account] = {None: Account.PREMIUM, **{a.value: a for a in Account}}
_CLASS = {c.value: c for c in GameClass}
_TWO_OR_MORE = (GameClass.WTA, GameClass.RACE)
_STRAIGHT = list(range(1, MAX_SEATS + 1))


When = tuple[dt.date, dt.time | None]
"""A record's date and its time of day, if one was given."""


@lru_cache(maxsize=8192)
def _day(text: str) -> When | None:
    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        return _day_and_time(text)
    return (day, None) if EARLIEST_DATE <= day <= LATEST_DATE else None


def _day_and_time(text: str) -> When | None:
    if len(text) <= 10:
        return None
    try:
        return parse_when(text, "date")
    except RecordError:
        return None


def checked_date(value: object) -> When | None:
    """A record's date and time of day, when plainly valid; else None."""
    if type(value) is str:
        return _day(value)
    if type(value) is dt.date and EARLIEST_DATE <= value <= LATEST_DATE:
        return value, None
    return None


def _text(value: object, limit: int) -> str | Literal[False] | None:
    """Stripped printable text (None when absent or blank); False when not plainly valid."""
    if value is None:
        return None
    if type(value) is not str:
        return False
    text = value.strip()
    if not text:
        return None
    return text if len(text) <= limit and text.isprintable() else False


def _int(value: object, minimum: int, maximum: int) -> int | Literal[False] | None:
    """A whole number in range, None when absent; False when not plainly valid."""
    if value is None:
        return None
    return value if type(value) is int and minimum <= value <= maximum else False


def _sources(value: object) -> dict[str, int] | None:
    if type(value) is not dict:
        return None
    out: dict[str, int] = {}
    for key, amount in value.items():
        name = _text(key, MAX_KEY_LENGTH)
        if type(name) is not str or type(amount) is not int or not 0 <= amount <= MAX_VP:
            return None
        out[name] = amount
    return out


def _vp(value: object) -> float | Literal[False] | None:
    if value is None:
        return None
    if type(value) is int:
        return value if 0 <= value <= MAX_VP else False
    if type(value) is float and 0.0 <= value <= MAX_VP:
        return int(value) if value.is_integer() else value
    return False


RawSeat = tuple[
    str, int | None, float | None, bool, str | None, SeatStatus, Account, dict[str, int]
]


def _seat(raw: object) -> RawSeat | None:
    """A finished or substitute seat's values, its place as given (resolved later), or None."""
    if type(raw) is not dict or not raw.keys() <= SEAT_KEYS:
        return None
    get = raw.get
    return checked_seat(
        get("player"), get("place"), get("vp"), get("winner", False), get("team"),
        get("status"), get("account"), get("sources"),
    )  # fmt: skip


def checked_name(player: object) -> str | None:
    """A seat's player name, stripped, when it is plainly valid; else None."""
    if type(player) is not str:
        return None
    player = player.strip()
    if not player.isascii():
        player = normal_name(player)
    if (
        not 0 < len(player) <= MAX_NAME_LENGTH
        or not player.isprintable()
        or (len(player) > 66 and len(player.casefold()) > MAX_NAME_KEY_LENGTH)
    ):
        return None
    return player


def checked_seat(
    player: object,
    place: object,
    vp: object,
    winner: object,
    team: object,
    status: object,
    account: object,
    sources: object,
) -> RawSeat | None:
    """`_seat` of a seat's raw values (None for an absent one)."""
    name = checked_name(player)
    if name is None:
        return None
    if type(vp) is not int or not 0 <= vp <= MAX_VP:
        vp = _vp(vp)
        if vp is False:
            return None
    if sources is None:
        amounts: dict[str, int] | None = {}
    else:
        amounts = _sources(sources)
        if amounts is None:
            return None
        if amounts:
            total = sum(amounts.values())
            if vp is None:
                vp = total
            elif vp != total:
                return None
    if winner is None:
        winner = False
    if team is not None:
        team = _text(team, MAX_NAME_LENGTH)
    seat_status = _STATUS.get(status) if status is None or type(status) is str else None
    seat_account = _ACCOUNT.get(account) if account is None or type(account) is str else None
    if (
        type(winner) is not bool
        or (place is not None and (type(place) is not int or not 1 <= place <= MAX_SEATS))
        or team is False
        or seat_status is None
        or seat_status is SeatStatus.ABANDONED
        or seat_account is None
    ):
        return None
    return (name, place, vp, winner, team, seat_status, seat_account, amounts)  # type: ignore[return-value]


def _places(seats: list[RawSeat]) -> list[int] | None:
    """Each seat's place: as given when every seat gives one in competition form (1, 2, 2, 4),
    else from the winners and VP; None when the seats need `new_game`'s full placement."""
    given = [s[1] for s in seats]
    if None not in given:
        order = sorted(given)  # type: ignore[type-var]
        if order != _STRAIGHT[: len(order)]:
            previous = 0
            for position, place in enumerate(order, 1):
                if place not in (previous, position):
                    return None
                previous = place
        won = [s[1] for s in seats if s[3]]
        if won and (won.count(1) != len(won) or given.count(1) != len(won)):
            return None
        return given  # type: ignore[return-value]
    keys: list[tuple[float, float]] = []
    for seat in seats:
        if seat[1] is not None or (seat[2] is None and not seat[3]):
            return None
        keys.append((-1.0, 0.0) if seat[3] else (0.0, -(seat[2] or 0.0)))
    first: dict[tuple[float, float], int] = {}
    for position, key in enumerate(sorted(keys), 1):
        first.setdefault(key, position)
    return [first[key] for key in keys]


def _class(value: object, seats: list[RawSeat], catan: bool) -> GameClass | None:
    n = len(seats)
    if value is None:
        cls = GameClass.SOL if n == 1 else GameClass.TWO if n == 2 else GameClass.WTA
    elif type(value) is str and value in _CLASS:
        cls = _CLASS[value]
    else:
        return None
    winners = [s[3] for s in seats].count(True)
    if winners > 1 and (catan or cls is GameClass.TWO):
        return None
    if (cls is GameClass.TWO and n != 2) or (cls in _TWO_OR_MORE and n < 2):
        return None
    return None if cls is GameClass.TEAM else cls


def fast_game(
    id: Any,
    date: Any,
    seats: Any,
    game: Any,
    variant: Any,
    target: Any,
    group: Any,
    city: Any,
    game_class: Any,
    event: Any,
    round: Any,
) -> Game | None:
    """The `Game` `new_game` builds from these raw values, or None unless plainly valid."""
    if type(seats) not in (list, tuple) or not 0 < len(seats) <= MAX_SEATS:
        return None
    built = [_seat(s) for s in seats]
    if None in built:
        return None
    checked: list[RawSeat] = built  # type: ignore[assignment]
    fields = (game, variant, target, group, city, game_class, event, round)
    return fast_game_of_seats(id, date, checked, None, *fields)


_Header = tuple[str, str | None, int | None, str, str | None, GameClass, str | None, int | None]
Found = tuple[_Header, list[int]]
"""A game's checked fields but id, date and seats (`build_game`'s order), and its places."""


def checked_when(id: object, date: object) -> When | None:
    """The date and time of a game whose id and date are plainly valid, else None."""
    if type(id) is not str or not ID.fullmatch(id):
        return None
    return checked_date(date)


def fast_game_of_seats(
    id: Any,
    date: Any,
    raw: list[RawSeat],
    ready: list[Seat] | None,
    *fields: Any,
) -> Game | None:
    """The game of checked seats and raw `checked_fields` fields; `ready` are those seats built with
    their places as given, their players known to differ (as folded)."""
    when = checked_when(id, date)
    if when is None or (ready is None and len({s[0].casefold() for s in raw}) < len(raw)):
        return None
    found = checked_fields(raw, *fields)
    return None if found is None else finished_game(id, when, raw, ready, found)


def checked_fields(
    raw: list[RawSeat],
    game: Any,
    variant: Any,
    target: Any,
    group: Any,
    city: Any,
    game_class: Any,
    event: Any,
    round: Any,
) -> Found | None:
    """Every field of a game but its id, date and seats, checked, and each seat's place."""
    title = _text(game, MAX_TEXT_LENGTH)
    if title is False:
        return None
    catan = title is None or title.casefold() == "catan"
    if catan:
        title = "catan"
    if variant is None:
        variant_name = "base" if catan else None
    elif catan and type(variant) is str and variant in VARIANTS:
        variant_name = variant
    else:
        return None
    goal = _int(target, 1, MAX_VP)
    if goal is False:
        return None
    if goal is None and variant_name is not None:
        goal = VARIANTS[variant_name].target
    places = _places(raw)
    cls = _class(game_class, raw, catan)
    group_name = _text(group, MAX_TEXT_LENGTH)
    city_name = _text(city, MAX_TEXT_LENGTH)
    event_name = _text(event, MAX_NAME_LENGTH)
    round_number = _int(round, 0, MAX_ROUNDS)
    if (
        places is None
        or cls is None
        or any(x is False for x in (group_name, city_name, event_name, round_number))
    ):
        return None
    list_name = group_name or variant_name or title
    return (title, variant_name, goal, list_name, city_name, cls, event_name, round_number), places  # type: ignore[return-value]


def finished_game(
    id: str, when: When, raw: list[RawSeat], ready: list[Seat] | None, found: Found
) -> Game:
    head, places = found
    if ready is not None and None not in [s[1] for s in raw]:
        table = tuple(ready)
    else:
        table = tuple([build_seat(s[0], p, *s[2:]) for s, p in zip(raw, places, strict=True)])
    return build_game(id, when[0], table, *head, when[1])

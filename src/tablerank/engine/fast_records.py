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
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

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

__all__ = ["Memo", "TypedGame", "TypedSeat", "fast_game", "typed_game"]

SEAT_KEYS = frozenset(("player", "vp", "winner", "place", "team", "status", "account", "sources"))
_ID = re.compile(ID_PATTERN.removeprefix("^").removesuffix("$"))
_STATUS: dict[object, SeatStatus] = {None: SeatStatus.FINISHED, **{s.value: s for s in SeatStatus}}
_ACCOUNT: dict[object, Account] = {None: Account.PREMIUM, **{a.value: a for a in Account}}
_CLASS = {c.value: c for c in GameClass}
_TWO_OR_MORE = (GameClass.WTA, GameClass.RACE)
_Vp = Annotated[int, Meta(ge=0, le=MAX_VP)]
_STRAIGHT = list(range(1, MAX_SEATS + 1))


@lru_cache(maxsize=8192)
def _day(text: str) -> dt.date | None:
    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        return None
    return day if EARLIEST_DATE <= day <= LATEST_DATE else None


def _date(value: object) -> dt.date | None:
    if type(value) is str:
        return _day(value)
    if type(value) is dt.date and EARLIEST_DATE <= value <= LATEST_DATE:
        return value
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


_RawSeat = tuple[
    str, int | None, float | None, bool, str | None, SeatStatus, Account, dict[str, int]
]


def _seat(raw: object) -> _RawSeat | None:
    """A finished or substitute seat's values, its place as given (resolved later), or None."""
    if type(raw) is not dict or not raw.keys() <= SEAT_KEYS:
        return None
    get = raw.get
    return _seat_values(
        get("player"), get("place"), get("vp"), get("winner", False), get("team"),
        get("status"), get("account"), get("sources"),
    )  # fmt: skip


def _seat_values(
    player: object,
    place: object,
    vp: object,
    winner: object,
    team: object,
    status: object,
    account: object,
    sources: object,
) -> _RawSeat | None:
    """`_seat` of a seat's raw values (None for an absent one)."""
    if type(player) is not str:
        return None
    player = player.strip()
    if (
        not 0 < len(player) <= MAX_NAME_LENGTH
        or not player.isprintable()
        or (len(player) > 66 and len(player.casefold()) > MAX_NAME_KEY_LENGTH)
    ):
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
    return (player, place, vp, winner, team, seat_status, seat_account, amounts)  # type: ignore[return-value]


def _places(seats: list[_RawSeat]) -> list[int] | None:
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


def _class(value: object, seats: list[_RawSeat], catan: bool) -> GameClass | None:
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
    checked: list[_RawSeat] = built  # type: ignore[assignment]
    return _game(id, date, checked, None, game, variant, target, group, city, game_class, event,
                 round)  # fmt: skip


class TypedSeat(msgspec.Struct, forbid_unknown_fields=True):
    """A seat as JSON gives it, its types and ranges checked while decoding (in C)."""

    player: str
    place: Annotated[int, Meta(ge=1, le=MAX_SEATS)] | None = None
    vp: _Vp | Annotated[float, Meta(ge=0, le=MAX_VP)] | None = None
    winner: bool | None = None
    team: str | None = None
    status: str | None = None
    account: str | None = None
    sources: dict[str, int] | None = None


class TypedGame(msgspec.Struct, forbid_unknown_fields=True, rename={"game_class": "class"}):
    """A game as JSON gives it (`docs/records.md`), its seats left as JSON text for `typed_game`
    (which decodes each distinct seat once)."""

    id: str
    date: str
    seats: list[msgspec.Raw]
    game: str | None = None
    variant: str | None = None
    target: int | None = None
    group: str | None = None
    city: str | None = None
    game_class: str | None = None
    event: str | None = None
    round: int | None = None
    description: Any = None


_Known = tuple[_RawSeat, Seat, str, tuple[int, bool] | None]
_Header = tuple[str, str | None, int | None, str, str | None, GameClass, str | None, int | None]
_Found = tuple[_Header, list[int]]


@dataclass(slots=True)
class Memo:
    """What `typed_game` checked once for many games of one reading: seats by their JSON text
    (the checked values, the seat with its place as given, the player's name folded, and its
    place and win when given) and the other fields with the seats' places and wins."""

    seats: dict[bytes, _Known | None] = field(default_factory=dict)
    headers: dict[tuple[Any, ...], _Found | None] = field(default_factory=dict)


_SEAT_DECODE = msgspec.json.Decoder(TypedSeat).decode


def typed_game(raw: TypedGame, memo: Memo) -> Game | None:
    """`fast_game` for a decoded `TypedGame`: the `Game` `new_game` builds, or None."""
    seats = raw.seats
    if not 0 < len(seats) <= MAX_SEATS:
        return None
    known: list[_Known] = []
    memo_seats = memo.seats
    for text in seats:
        key = bytes(text)
        seat = memo_seats.get(key)
        if seat is None:
            if key in memo_seats:
                return None
            seat = memo_seats[key] = _known_seat(key)
            if seat is None:
                return None
        known.append(seat)
    if len({k[2] for k in known}) < len(known):
        return None
    checked = [k[0] for k in known]
    fields = (raw.game, raw.variant, raw.target, raw.group, raw.city, raw.game_class, raw.event,
              raw.round)  # fmt: skip
    shape = tuple([k[3] for k in known])
    if None in shape:
        return _game(raw.id, raw.date, checked, [k[1] for k in known], *fields)
    if type(raw.id) is not str or not _ID.fullmatch(raw.id):
        return None
    when = _date(raw.date)
    header = (*fields, shape)
    found = memo.headers.get(header)
    if found is None:
        if header in memo.headers:
            return None
        found = memo.headers[header] = _header(checked, *fields)
    if when is None or found is None:
        return None
    return _finish(raw.id, when, checked, [k[1] for k in known], found)


def _known_seat(text: bytes) -> _Known | None:
    try:
        typed = _SEAT_DECODE(text)
    except msgspec.DecodeError:
        return None
    checked = _seat_values(typed.player, typed.place, typed.vp, typed.winner, typed.team,
                           typed.status, typed.account, typed.sources)  # fmt: skip
    if checked is None:
        return None
    given = None if checked[1] is None else (checked[1], checked[3])
    return checked, build_seat(*checked), checked[0].casefold(), given


def _game(
    id: Any,
    date: Any,
    raw: list[_RawSeat],
    ready: list[Seat] | None,
    *fields: Any,
) -> Game | None:
    """The game of checked seats and raw `_header` fields; `ready` are those seats built with
    their places as given, their players known to differ (as folded)."""
    if type(id) is not str or not _ID.fullmatch(id):
        return None
    when = _date(date)
    if when is None or (ready is None and len({s[0].casefold() for s in raw}) < len(raw)):
        return None
    found = _header(raw, *fields)
    return None if found is None else _finish(id, when, raw, ready, found)


def _header(
    raw: list[_RawSeat],
    game: Any,
    variant: Any,
    target: Any,
    group: Any,
    city: Any,
    game_class: Any,
    event: Any,
    round: Any,
) -> _Found | None:
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


def _finish(
    id: str, when: dt.date, raw: list[_RawSeat], ready: list[Seat] | None, found: _Found
) -> Game:
    head, places = found
    if ready is not None and None not in [s[1] for s in raw]:
        table = tuple(ready)
    else:
        table = tuple([build_seat(s[0], p, *s[2:]) for s, p in zip(raw, places, strict=True)])
    return build_game(id, when, table, *head)

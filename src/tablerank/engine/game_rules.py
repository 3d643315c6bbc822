"""Every rule of a game record, written once: `checked_game` builds the `Game` of raw values or
raises the `RecordError` of the first rule they break (docs/records.md).

The rules run in one fixed order, which decides the message of a record that breaks several:
id, date, game, variant, target, the seats one by one (each field in `SEAT_FIELDS` order, a
seat's VP sources against its VP), places within the table, each player once, abandoned seats,
placement, class, then group, city, event and round. Each field's parser takes the usual value
at a glance (`tablerank.engine.fields`), so a record in the usual form costs little.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from tablerank.engine.fields import (
    MAX_KEY_LENGTH,
    MAX_NAME_LENGTH,
    MAX_ROUNDS,
    MAX_SEATS,
    MAX_TEXT_LENGTH,
    MAX_VP,
    parse_bool,
    parse_choice,
    parse_id,
    parse_int,
    parse_name,
    parse_sources,
    parse_text,
    parse_vp,
    parse_when,
    shown,
)
from tablerank.engine.placement import resolve_places
from tablerank.engine.record_schema import SEAT_FIELDS
from tablerank.engine.values import (
    Account,
    Game,
    GameClass,
    SeatStatus,
    build_game,
    build_seat,
)
from tablerank.engine.variants import VARIANTS, is_catan
from tablerank.errors import RecordError

__all__ = ["Head", "check_fields", "check_players_once", "checked_game"]

Head = tuple[Any, Any, Any, Any, Any, Any, Any, Any]
"""A game's raw fields but id, date and seats: game, variant, target, group, city, class,
event and round."""

_SEAT_KEYS = frozenset(SEAT_FIELDS)
_ABANDONED = SeatStatus.ABANDONED


def check_fields(raw: Mapping[str, Any], allowed: Sequence[str], prefix: str) -> None:
    """Refuse a field of `raw` that is not one of `allowed` (`prefix` names where it is)."""
    for key in raw:
        if key not in allowed:
            where = f"{prefix}.{key}" if prefix else str(key)
            raise RecordError(where, f"unknown field; expected one of: {', '.join(allowed)}")


@dataclass(frozen=True, slots=True)
class _SeatNames:
    """How messages name seat `index` and each of its fields (made once, not per record)."""

    seat: str
    player: str
    vp: str
    winner: str
    place: str
    team: str
    status: str
    account: str
    sources: str

    @classmethod
    def of(cls, index: int) -> _SeatNames:
        seat = f"seats[{index}]"
        return cls(seat, *(f"{seat}.{name}" for name in SEAT_FIELDS))


_NAMES = tuple(_SeatNames.of(index) for index in range(MAX_SEATS))


_RawSeat = tuple[
    str, float | None, bool, int | None, str | None, SeatStatus, Account, dict[str, int]
]
"""A seat's checked values in `SEAT_FIELDS` order, its place as given."""


def _seat(raw: Any, names: _SeatNames) -> _RawSeat:
    """A seat's checked values, its place as given (placement comes later)."""
    if type(raw) is not dict:
        if isinstance(raw, msgspec.Struct):  # a decoded `SeatJson`
            raw = msgspec.structs.asdict(raw)
        elif not isinstance(raw, Mapping):
            raise RecordError(
                names.seat, f"expected an object with at least a player, got {shown(raw)}"
            )
    if not _SEAT_KEYS.issuperset(raw):
        check_fields(raw, SEAT_FIELDS, names.seat)
    get = raw.get
    player = parse_name(get("player"), names.player)
    sources = parse_sources(get("sources"), names.sources)
    vp = parse_vp(get("vp"), names.vp)
    if sources:
        total = sum(sources.values())
        if vp is None:
            vp = total
        elif vp != total:
            raise RecordError(
                names.sources, f"sources add up to {total} VP but vp says {vp:g} ({player})"
            )
    return (
        player,
        vp,
        parse_bool(get("winner"), names.winner) is True,
        parse_int(get("place"), names.place, minimum=1, maximum=MAX_SEATS),
        parse_text(get("team"), names.team, limit=MAX_NAME_LENGTH),
        parse_choice(get("status"), names.status, SeatStatus, SeatStatus.FINISHED),
        parse_choice(get("account"), names.account, Account, Account.PREMIUM),
        sources,
    )


def _seats(raw: Any) -> list[_RawSeat]:
    if (
        type(raw) is not list and (not isinstance(raw, Sequence) or isinstance(raw, str))
    ) or not raw:
        raise RecordError("seats", "expected a list of at least one seat")
    if len(raw) > MAX_SEATS:
        raise RecordError("seats", f"{len(raw)} seats; a table has at most {MAX_SEATS}")
    return [_seat(seat, names) for seat, names in zip(raw, _NAMES, strict=False)]


def check_players_once(players: Sequence[str]) -> None:
    """A player sits at a table once; names that differ only in case are one player."""
    if len(set(map(str.casefold, players))) == len(players):
        return
    folded = [player.casefold() for player in players]
    seen: dict[str, int] = {}
    for i, key in enumerate(folded):
        if key in seen:
            raise RecordError(
                f"seats[{i}].player", f"{players[i]} is already at this table (seats[{seen[key]}])"
            )
        seen[key] = i


class _Table:
    """A table's seats as columns, in `SEAT_FIELDS` order, each place as given."""

    __slots__ = ("accounts", "places", "players", "sources", "statuses", "teams", "vps", "winners")

    def __init__(self, seats: list[_RawSeat]) -> None:
        (self.players, self.vps, self.winners, self.places, self.teams, self.statuses,
         self.accounts, self.sources) = zip(*seats, strict=True)  # fmt: skip


def _check_places_fit(places: Sequence[int | None]) -> None:
    # A lone seat may be 2nd: it lost to the game (A.R.E.A.'s solitaire class).
    last = max(len(places), 2)
    for i, place in enumerate(places):
        if place is not None and place > last:
            raise RecordError(
                f"seats[{i}].place", f"place {place} at a table of {len(places)} seats"
            )


def _check_abandoned(table: _Table) -> None:
    if _ABANDONED not in table.statuses:
        return
    for i, status in enumerate(table.statuses):
        if status is _ABANDONED:
            if table.winners[i]:
                raise RecordError(f"seats[{i}].winner", "a seat abandoned mid-game cannot win")
            if table.places[i] is not None:
                raise RecordError(f"seats[{i}].place", "a seat abandoned mid-game has no place")


def _placed(table: _Table) -> list[int | None]:
    """Each seat's place (seed notes, "Placement"), None for a seat abandoned mid-game."""
    statuses = table.statuses
    places = resolve_places(
        [s is not _ABANDONED for s in statuses]
        if _ABANDONED in statuses
        else [True] * len(statuses),
        table.places,
        table.winners,
        table.vps,
    )
    if places.count(None) == len(places):
        raise RecordError("seats", "every seat was abandoned; nobody finished the game")
    return places


def _default_class(present: int) -> GameClass:
    if present == 1:
        return GameClass.SOL
    return GameClass.TWO if present == 2 else GameClass.WTA


def _check_class(
    game_class: GameClass, table: _Table, places: Sequence[int | None], catan: bool
) -> None:
    """A.R.E.A.'s classes (seed 003): one winner in Catan and in a two-player game, two seats
    at the end of a 'two' game, at least two in the others but solitaire."""
    present = [i for i, p in enumerate(places) if p is not None]
    winners = [i for i in present if table.winners[i]]
    if (catan or game_class is GameClass.TWO) and len(winners) > 1:
        names = ", ".join(table.players[i] for i in winners)
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
        _check_teams(table.teams, places, present)


def _check_teams(
    teams: Sequence[str | None], places: Sequence[int | None], present: Sequence[int]
) -> None:
    for i in present:
        if teams[i] is None:
            raise RecordError(f"seats[{i}].team", "a 'team' game needs a team for every seat")
    won: dict[str, bool] = {}
    for i in present:
        team, first = teams[i], places[i] == 1
        assert team is not None
        if won.setdefault(team, first) != first:
            raise RecordError(
                f"seats[{i}].place", f"team {team} has both winners and losers; a team wins as one"
            )
    if len(won) < 2:
        raise RecordError("seats", "a 'team' game needs at least two teams")
    if all(won.values()):
        raise RecordError("seats", "a 'team' game needs a losing team")


def _title(game: Any, variant: Any, target: Any) -> tuple[str, str | None, int | None]:
    """The title (any Catan spelling is catan), its variant (Catan's, base by default) and the
    target (the variant's by default)."""
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
    return title, variant_name, goal


def checked_game(id: Any, date: Any, seats: Any, head: Head) -> Game:
    """The checked `Game` of raw values, with the documented defaults: game catan, variant
    base (Catan only), target the variant's, group = variant (the title for other games),
    class two for 2 seats at the end, sol for 1 and wta otherwise. `seats` holds mappings
    (or decoded `SeatJson`s)."""
    game, variant, target, group, city, game_class, event, round = head
    game_id = parse_id(id, "id")
    when, time = parse_when(date, "date")
    title, variant_name, goal = _title(game, variant, target)
    table = _Table(_seats(seats))
    _check_places_fit(table.places)
    check_players_once(table.players)
    _check_abandoned(table)
    places = _placed(table)
    present = len(places) - places.count(None)
    cls = parse_choice(game_class, "class", GameClass, _default_class(present))
    _check_class(cls, table, places, title == "catan")
    built = tuple(
        map(build_seat, table.players, places, table.vps, table.winners, table.teams,
            table.statuses, table.accounts, table.sources)
    )  # fmt: skip
    return build_game(
        game_id,
        when,
        built,
        title,
        variant_name,
        goal,
        parse_text(group, "group", limit=MAX_TEXT_LENGTH) or variant_name or title,
        parse_text(city, "city", limit=MAX_TEXT_LENGTH),
        cls,
        parse_text(event, "event", limit=MAX_NAME_LENGTH),
        parse_int(round, "round", minimum=0, maximum=MAX_ROUNDS),
        time,
    )

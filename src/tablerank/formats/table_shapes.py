"""JSON Lines files of games grouped by table shape (`GamesByTable`), with one `Game` built per
table, not per game.

A game's table shape is everything but its id, date and players: its fields, and seat by seat
the place, VP, win, status and account. The games this reading takes are those of the export's
form whose every field is plainly valid: each seat gives at most its player (no blanks around
the name), place, VP as a whole number, winner, status (finished or substitute) and account
(`ShapedGame`, a narrower `GameJson`: msgspec checks the names, types and ranges while decoding,
in C). A table is checked once, by building its first game with the one builder
(`game_rules.checked_game`, every rule of `new_game`); each other game of the table checks only
its id, its date and its players' names, each distinct one once.

`read_games_by_table` keeps each player's seats (`GamesByTable`, for systems that rate by table);
`read_tables_in_order` each game's table, id, day and players (`TablesInOrder`, for replays).
Anything else (an event, a team, VP sources, a seat that left, a VP with a fraction, any error)
answers None, and the files are read the usual way (`read_records`), which says what is wrong.
tests/formats/test_table_shapes.py holds the answers to that reading's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from operator import attrgetter
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from tablerank.engine.fields import ID, MAX_SEATS, MAX_VP, parse_name, parse_when
from tablerank.engine.game_rules import checked_game
from tablerank.engine.table_groups import GamesByTable, TablesInOrder
from tablerank.engine.values import NO_TIME, Game, Seat, build_seat, day_order, placed_game
from tablerank.errors import RecordError
from tablerank.formats.json_lines import decoded, json_lines

__all__ = ["SEAT_SHAPE", "SHAPED_DECODE", "NamesMet", "OrderGames", "ShapedGame", "ShapedSeat",
           "read_games_by_table", "read_tables_in_order", "table_template"]  # fmt: skip


class ShapedSeat(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    """A seat as this reading takes it (a narrower `SeatJson`), checked while decoding."""

    player: str
    place: Annotated[int, Meta(ge=1, le=MAX_SEATS)] | None = None
    vp: Annotated[int, Meta(ge=0, le=MAX_VP)] | None = None
    winner: bool | None = None
    status: Literal["finished", "substitute"] | None = None
    account: Literal["premium", "free"] | None = None


class ShapedGame(
    msgspec.Struct, forbid_unknown_fields=True, rename={"game_class": "class"}, gc=False
):
    """A game as this reading takes it (a narrower `GameJson`, `docs/records.md`)."""

    id: str
    date: str
    seats: list[ShapedSeat]
    game: str | None = None
    variant: str | None = None
    target: int | None = None
    group: str | None = None
    city: str | None = None
    game_class: str | None = None
    event: str | None = None
    round: int | None = None
    description: Any = None


SHAPED_DECODE = msgspec.json.Decoder(ShapedGame).decode
SEAT_SHAPE = attrgetter("place", "vp", "winner", "status", "account")


@dataclass(slots=True)
class NamesMet:
    """The players' names a reading met, each checked once: as given (no blanks around it,
    composed), and folded, to tell the names that fold to one apart."""

    folded: dict[str, str] = field(default_factory=dict)
    """Each name met, folded."""
    folded_names: set[str] = field(default_factory=set)
    fold_together: bool = False
    """Whether two of the names fold to one: then no game may seat both."""

    def add(self, player: str) -> bool:
        """Remember a name met for the first time; False when it is not a name as given."""
        try:
            if parse_name(player, "player") != player:
                return False
        except RecordError:
            return False
        folded = player.casefold()
        self.fold_together = self.fold_together or folded in self.folded_names
        self.folded_names.add(folded)
        self.folded[player] = folded
        return True

    def fold_to_one(self, players: Sequence[str]) -> bool:
        """Whether two of a game's players' names (all met) fold to one."""
        return self.fold_together and len({self.folded[p] for p in players}) < len(players)


def table_template(game: ShapedGame) -> Game | None:
    """The game built and checked as `new_game` builds it (`checked_game`), or None when it
    breaks a rule."""
    head = (game.game, game.variant, game.target, game.group, game.city, game.game_class,
            game.event, game.round)  # fmt: skip
    try:
        return checked_game(game.id, game.date, game.seats, head)
    except RecordError:
        return None


@dataclass(slots=True)
class _Reading:
    """What a reading has found so far, and what it checked once for many games."""

    templates: list[Game] = field(default_factory=list)
    seats: dict[str, list[int]] = field(default_factory=dict)
    games: int = 0
    ids: set[str] = field(default_factory=set)
    table_of: dict[tuple[Any, ...], tuple[int, ...]] = field(default_factory=dict)
    """Each table's seat numbers, by its fields and its seats but their players."""
    numbered: int = 0
    """How many seats the tables have."""
    dates: dict[str, bool] = field(default_factory=dict)
    names: NamesMet = field(default_factory=NamesMet)


@dataclass(slots=True)
class _InOrder:
    """What a reading in order keeps besides `_Reading`: `TablesInOrder`'s lists as they grow."""

    table_index: dict[tuple[Any, ...], int] = field(default_factory=dict)
    tables: list[int] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    days: list[int] = field(default_factory=list)
    players: list[int] = field(default_factory=list)
    number: dict[str, int] = field(default_factory=dict)
    day_of: dict[str, int | None] = field(default_factory=dict)
    """Each date as given: its index in `whens`, None when not valid."""
    whens: list[tuple[Any, ...]] = field(default_factory=list)
    """Each distinct date's `day_order`."""


def read_games_by_table(paths: Sequence[Path | str]) -> GamesByTable | None:
    """The games of JSON Lines files by table, or None when any line is not a game this
    reading takes (`ShapedGame`), an id is used twice or a file holds no game."""
    reading = _Reading()
    if not _read_files(paths, lambda lines: _read(lines, reading), reading):
        return None
    if len(reading.ids) < reading.games:
        return None
    return GamesByTable(reading.templates, reading.seats, reading.games)


def read_tables_in_order(paths: Sequence[Path | str]) -> TablesInOrder | None:
    """`read_games_by_table`'s games one by one in the files' order (`TablesInOrder`), or None
    where `read_games_by_table` answers None."""
    reading, order = _Reading(), _InOrder()
    if not _read_files(paths, lambda lines: _read_in_order(lines, reading, order), reading):
        return None
    if len(set(order.ids)) < len(order.ids):
        return None
    by_time = sorted(range(len(order.whens)), key=order.whens.__getitem__)
    place = [0] * len(by_time)
    for at, index in enumerate(by_time):
        place[index] = at
    days = list(map(place.__getitem__, order.days))
    dates = tuple(order.whens[index][0] for index in by_time)
    timed = any(when[1] != NO_TIME for when in order.whens)
    return TablesInOrder(reading.templates, order.tables, order.ids, days, order.players,
                      list(order.number), dates, timed)  # fmt: skip


class OrderGames:
    """The games of a `TablesInOrder` as `read_records` reads them from its files, a range at a
    time (each table's seats built once per player who sits there); only where no game gave a
    time of day (`TablesInOrder.timed`), as the order keeps dates alone."""

    def __init__(self, order: TablesInOrder) -> None:
        if order.timed:
            raise ValueError("games with a time of day: read them the usual way")
        self._order = order
        shared: dict[tuple[Any, ...], dict[int, Seat]] = {}  # by the seat's all but its player
        self._built = [
            tuple(shared.setdefault(_SHAPE(seat), {}) for seat in template.seats)
            for template in order.templates
        ]
        self._heads = [_head(template) for template in order.templates]
        sizes = [len(template.seats) for template in order.templates]
        self.seat_start = list(accumulate(map(sizes.__getitem__, order.tables), initial=0))
        """Each game's first seat among all the games' seats, and one past the last."""

    def games(self, start: int = 0, end: int | None = None) -> list[Game]:
        """Games `start` to `end` (not included; default: to the last)."""
        order, names, starts = self._order, self._order.names, self.seat_start
        dates, days, ids, seat_of = order.dates, order.days, order.ids, dict.get
        out: list[Game] = []
        add = out.append
        for game in range(start, len(ids) if end is None else end):
            table = order.tables[game]
            template, built = order.templates[table], self._built[table]
            players = order.players[starts[game] : starts[game + 1]]
            seats: tuple[Seat | None, ...] = tuple(map(seat_of, built, players))
            if None in seats:
                seats = tuple([mine.get(player) or _seat(mine, player, names[player], shape)
                               for player, mine, shape in zip(players, built, template.seats,
                                                              strict=True)])  # fmt: skip
            add(placed_game(ids[game], dates[days[game]], seats, self._heads[table], None,  # type: ignore[arg-type]
                            tuple(map(names.__getitem__, players)), template.placed_places,
                            template.placed_vps, template.tied))  # fmt: skip
        return out


_SHAPE = attrgetter("place", "vp", "winner", "team", "status", "account")


def _head(template: Game) -> tuple[Any, ...]:
    return (template.game, template.variant, template.target, template.group, template.city,
            template.game_class, template.event, template.round)  # fmt: skip


def _seat(built: dict[int, Seat], player: int, name: str, shape: Seat) -> Seat:
    seat = built[player] = build_seat(name, shape.place, shape.vp, shape.winner, None,
                                      shape.status, shape.account, {})  # fmt: skip
    return seat


def _read_files(
    paths: Sequence[Path | str], read: Callable[[list[bytes]], bool], reading: _Reading
) -> bool:
    """Read each file's lines with `read`; False when one is not JSON Lines of games this
    reading takes or holds no game."""
    for path in paths:
        if Path(path).suffix.lower() == ".csv":
            return False
        try:
            lines = json_lines(Path(path).read_bytes())
        except OSError:
            return False
        before = reading.games
        if lines is None or not read(lines) or reading.games == before:
            return False
    return True


def _read(lines: list[bytes], reading: _Reading) -> bool:
    """Add the games of the lines (blank lines skipped); False when one is not taken."""
    table_of, dates = reading.table_of.get, reading.dates
    seats_of, add_id = reading.seats.get, reading.ids.add
    games = 0
    for one in _checked(lines):
        if one is None:
            return False
        game, players, key = one
        if not (dates.get(game.date) or _date_ok(game.date, dates)):
            return False
        numbers = table_of(key)
        if numbers is None and (numbers := _new_table(game, key, reading)) is None:
            return False
        for player, number in zip(players, numbers, strict=True):
            mine = seats_of(player)
            if mine is not None:
                mine.append(number)
            elif not reading.names.add(player):
                return False
            else:
                reading.seats[player] = [number]
        if reading.names.fold_to_one(players):
            return False
        add_id(game.id)
        games += 1
    reading.games += games
    return True


def _read_in_order(lines: list[bytes], reading: _Reading, order: _InOrder) -> bool:
    """`_read`, keeping each game's table, id, day and players in order."""
    table_of, day_of, number_of = order.table_index.get, order.day_of, order.number
    add_table, add_id, add_day = order.tables.append, order.ids.append, order.days.append
    add_players = order.players.extend
    games = 0
    for one in _checked(lines):
        if one is None:
            return False
        game, players, key = one
        day = day_of.get(game.date, -1)
        if day == -1:
            day = _new_day(game.date, order)
        if day is None:
            return False
        table = table_of(key)
        if table is None:
            if _new_table(game, key, reading) is None:
                return False
            table = order.table_index[key] = len(reading.templates) - 1
        numbers = list(map(number_of.get, players))
        if None in numbers:
            numbers = [_numbered(p, reading, order) if n is None else n
                       for p, n in zip(players, numbers, strict=True)]  # fmt: skip
            if -1 in numbers:
                return False
        if reading.names.fold_to_one(players):
            return False
        add_table(table)
        add_id(game.id)
        add_day(day)
        add_players(numbers)  # type: ignore[arg-type]
        games += 1
    reading.games += games
    return True


_Checked = tuple[ShapedGame, list[str], tuple[Any, ...]]
"""A decoded game, its players, and its table's key: its fields and its seats but their
players."""


def _checked(lines: list[bytes]) -> Iterator[_Checked | None]:
    """The games of the lines (blank lines skipped) that pass the checks every game takes (a
    `ShapedGame` decoding, from one to `MAX_SEATS` seats of distinct players, an id), each with its
    players and its table's key; None for the first that does not, and no more."""
    id_ok = ID.fullmatch
    for game in decoded(lines, SHAPED_DECODE):
        if game is None:
            yield None
            return
        seats = game.seats
        players = [seat.player for seat in seats]
        if (
            not 0 < len(players) <= MAX_SEATS
            or len(set(players)) < len(players)
            or not id_ok(game.id)
        ):
            yield None
            return
        key = (game.game, game.variant, game.target, game.group, game.city, game.game_class,
               game.event, game.round, *map(SEAT_SHAPE, seats))  # fmt: skip
        yield game, players, key


def _numbered(player: str, reading: _Reading, order: _InOrder) -> int:
    """The number of a player met for the first time, or -1 when the name is not as given."""
    if not reading.names.add(player):
        return -1
    number = order.number[player] = len(order.number)
    return number


def _date_ok(date: str, dates: dict[str, bool]) -> bool:
    ok = dates[date] = _when(date) is not None
    return ok


def _when(date: str) -> tuple[Any, ...] | None:
    try:
        return parse_when(date, "date")
    except RecordError:
        return None


def _new_day(date: str, order: _InOrder) -> int | None:
    """The index of a date met for the first time among the distinct ones, None when it is not
    valid."""
    when = _when(date)
    day = order.day_of[date] = None if when is None else len(order.whens)
    if when is not None:
        order.whens.append(day_order(*when))
    return day


def _new_table(game: ShapedGame, key: tuple[Any, ...], reading: _Reading) -> tuple[int, ...] | None:
    """The seat numbers of the game's table, met for the first time and checked by building
    the game; None when the game breaks a rule."""
    built = table_template(game)
    if built is None:
        return None
    first = reading.numbered
    reading.numbered += len(built.seats)
    reading.templates.append(built)
    numbers = reading.table_of[key] = tuple(range(first, reading.numbered))
    return numbers

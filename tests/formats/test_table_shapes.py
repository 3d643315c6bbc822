"""Reading games by table shape (`read_games_by_table`) keeps what the usual reading reads.

For random files, mostly of plain games and now and then of anything, `read_games_by_table`
either gives up (None: the files are then read the usual way) or gives the games `read_records`
reads: each player's seats in game order, at tables equal to those games but for id, date and
players.
"""

from __future__ import annotations

import json
import tempfile
import typing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.engine.records import Account, Game, SeatStatus
from tablerank.engine.table_groups import GamesByTable, TablesInOrder
from tablerank.engine.values import day_order
from tablerank.errors import InputError
from tablerank.formats.reading import read_records
from tablerank.formats.table_shapes import (
    OrderGames,
    ShapedSeat,
    read_games_by_table,
    read_tables_in_order,
)

from ..engine.systems.test_by_table import table_key
from .test_fast_reading import lines

NAMES = ["Ann", "Bo", "Cy", "Dee", "Ed", "Flo", "Gus"]
ODD_SEAT_FIELDS = [{"status": "abandoned", "place": None}, {"team": "red"}, {"vp": 7.5},
                   {"vp": 10.0}, {"sources": {"cities": 4}}, {"player": " Ann "}, {"vp": "9"},
                   {"winner": 1}, {"place": 0}, {"account": "gold"}, {"colour": "red"}]  # fmt: skip
ODD_GAME_FIELDS = [{"date": "2026-02-30"}, {"id": "a/b"}, {"variant": "nope"}, {"game": "Kremlin"},
                   {"class": "team"}, {"target": 0}, {"seats": []}, {"round": -1},
                   {"description": [1, {"a": None}]}, {"date": "2026-03-14T19:30"}]  # fmt: skip
DATES = ["2026-03-13", "2026-03-15", "2026-03-14T09:00", "2026-03-14T18:30:00+01:00"]
GAME_FIELDS: dict[str, list[Any]] = {
    "variant": ["base", "seafarers"], "target": [10, 13], "group": ["league"], "city": ["Graz"],
    "class": ["wta", "race"], "event": ["cup"], "round": [1]}  # fmt: skip


def now_and_then(one_in: int) -> st.SearchStrategy[bool]:
    return st.sampled_from([False] * (one_in - 1) + [True])


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    """A game in the export's form but its id and players, most often plain, now and then odd
    in one field."""
    vps = draw(st.lists(st.integers(2, 9), min_size=2, max_size=4))
    vps[0] = draw(st.sampled_from([10, 11, 13]))
    seats: list[dict[str, Any]] = []
    for i, vp in enumerate(vps):
        seat: dict[str, Any] = {"place": 1 + sum(other > vp for other in vps), "vp": vp}
        if i == 0 or draw(st.booleans()):
            seat["winner"] = i == 0
        if draw(st.booleans()):
            seat["status"] = draw(st.sampled_from(["finished", "substitute"]))
        if draw(st.booleans()):
            seat["account"] = draw(st.sampled_from(["premium", "free"]))
        if draw(now_and_then(60)):
            seat.update(draw(st.sampled_from(ODD_SEAT_FIELDS)))
        seats.append(seat)
    game: dict[str, Any] = {"date": "2026-03-14", "game": "catan"}
    for key, values in GAME_FIELDS.items():
        if draw(now_and_then(4)):
            game[key] = draw(st.sampled_from(values))
    game["seats"] = draw(st.permutations(seats))
    if draw(now_and_then(6)):
        game["target"] = 12  # a winner with 10 or 11 VP breaks a Catan rule
    if draw(now_and_then(40)):
        game.update(draw(st.sampled_from(ODD_GAME_FIELDS)))
    return game


@st.composite
def played(draw: st.DrawFn, table: dict[str, Any], id: str) -> dict[str, Any]:
    """A game of the table with its own id, players and now and then its own date (a time of
    day with it now and then); now and then a seat's status or account differs, which makes it
    another table."""
    seats = table["seats"]
    players = draw(st.lists(st.sampled_from(NAMES), min_size=len(seats), max_size=len(seats),
                            unique=True))  # fmt: skip
    if draw(now_and_then(8)) and players:
        players[-1] = "ann"  # another player, unless Ann sits at the same table
    seats = [{**seat, "player": p} for seat, p in zip(seats, players, strict=True)]
    if draw(now_and_then(6)) and seats:
        changed = draw(st.sampled_from([{"status": "substitute"}, {"account": "free"}]))
        seats[draw(st.integers(0, len(seats) - 1))].update(changed)
    date = table["date"]
    if draw(now_and_then(3)):
        date = draw(st.sampled_from(DATES))
    return {**table, "id": id, "date": date, "seats": seats}


@st.composite
def plain_files(draw: st.DrawFn) -> list[str]:
    """One or two files of JSON Lines, a few tables many times; ids are sometimes used twice,
    lines sometimes blank or anything at all."""
    some = draw(st.lists(tables(), min_size=1, max_size=3))
    files = []
    for file in range(draw(st.integers(1, 2))):
        out = []
        for number in range(draw(st.integers(0, 12))):
            if draw(now_and_then(40)):
                out.append(draw(st.sampled_from(["", "  ", draw(lines())])))
            else:
                id = "g0-0" if draw(now_and_then(40)) else f"g{file}-{number}"
                game = draw(played(draw(st.sampled_from(some)), id))
                out.append(json.dumps(game, ensure_ascii=draw(st.booleans())))
        files.append("\n".join(out) + "\n")
    return files


def written(folder: Path, files: list[str]) -> list[Path]:
    paths = []
    for i, content in enumerate(files):
        path = folder / f"f{i}.jsonl"
        path.write_text(content, encoding="utf-8")
        paths.append(path)
    return paths


def kept(plain: GamesByTable) -> tuple[int, dict[str, list[tuple[str, int]]]]:
    """The games and each player's seats, as (table, place at the table)."""
    at = [(table_key(t), i) for t in plain.templates for i in range(len(t.seats))]
    return plain.games, {p: [at[n] for n in seats] for p, seats in plain.seats.items()}


def kept_games(games: list[Game]) -> tuple[int, dict[str, list[tuple[str, int]]]]:
    seats: dict[str, list[tuple[str, int]]] = {}
    for game in games:
        key = table_key(game)
        for i, seat in enumerate(game.seats):
            seats.setdefault(seat.player, []).append((key, i))
    return len(games), seats


@settings(max_examples=400)
@given(files=plain_files())
def test_table_shapes_are_the_games_the_usual_reading_reads(files: list[str]) -> None:
    with tempfile.TemporaryDirectory() as name:
        paths = written(Path(name), files)
        plain = read_games_by_table(paths)
        if plain is None:
            return
        records = read_records(paths)
    assert all(isinstance(r, Game) for r in records)
    assert kept(plain) == kept_games(records)  # type: ignore[arg-type]


def in_order(plain: TablesInOrder) -> list[tuple[str, str, int, list[str]]]:
    """Each game in the files' order: id, table, day and players."""
    sizes = [len(t.seats) for t in plain.templates]
    out, first = [], 0
    for table, id, day in zip(plain.tables, plain.ids, plain.days, strict=True):
        players = [plain.names[n] for n in plain.players[first : first + sizes[table]]]
        out.append((id, table_key(plain.templates[table]), day, players))
        first += sizes[table]
    assert first == len(plain.players)
    return out


def in_order_games(games: list[Game]) -> list[tuple[str, str, int, list[str]]]:
    whens = sorted({day_order(g.date, g.time) for g in games})
    return [(g.id, table_key(g), whens.index(day_order(g.date, g.time)),
             [s.player for s in g.seats]) for g in games]  # fmt: skip


@settings(max_examples=400)
@given(files=plain_files())
def test_table_shapes_in_order_are_the_games_the_usual_reading_reads(files: list[str]) -> None:
    with tempfile.TemporaryDirectory() as name:
        paths = written(Path(name), files)
        plain = read_tables_in_order(paths)
        assert (plain is None) == (read_games_by_table(paths) is None)
        if plain is None:
            return
        records = read_records(paths)
    assert all(isinstance(r, Game) for r in records)
    assert in_order(plain) == in_order_games(records)  # type: ignore[arg-type]
    assert plain.timed == any(r.time is not None for r in records)
    assert [plain.dates[day] for day in plain.days] == [r.date for r in records]
    if not plain.timed:
        built = OrderGames(plain)
        assert built.games() == records
        assert [*built.games(0, 1), *built.games(1)] == records  # the seats built reused


@pytest.fixture
def folder() -> Any:
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


GAME: dict[str, Any] = {"id": "g1", "date": "2026-03-14", "seats": [
    {"player": "Ann", "place": 1, "vp": 10, "winner": True, "status": "finished",
     "account": "premium"},
    {"player": "Bo", "place": 2, "vp": 7}]}  # fmt: skip


def test_games_of_one_table_share_its_first_game(folder: Path) -> None:
    second = {**GAME, "id": "g2", "seats": [{**GAME["seats"][0], "player": "Cy"}, GAME["seats"][1]]}
    paths = written(folder, [f"{json.dumps(GAME)}\n\n{json.dumps(second)}\n"])
    plain = read_games_by_table(paths)
    assert plain is not None
    assert [t.id for t in plain.templates] == ["g1"]
    assert plain.seats == {"Ann": [0], "Bo": [1, 1], "Cy": [0]}
    assert plain.games == 2
    ordered = read_tables_in_order(paths)
    assert ordered is not None
    assert [t.id for t in ordered.templates] == ["g1"]
    assert (ordered.tables, ordered.ids, ordered.days) == ([0, 0], ["g1", "g2"], [0, 0])
    assert (ordered.players, ordered.names) == ([0, 1, 2, 1], ["Ann", "Bo", "Cy"])


@pytest.mark.parametrize(
    "content",
    [
        "",
        json.dumps(GAME) + "\n" + json.dumps(GAME),
        json.dumps({**GAME, "seats": [{"player": "Ann", "status": "abandoned"}]}),
        json.dumps({**GAME, "seats": [{"player": "Ann", "team": "red"}]}),
        json.dumps({**GAME, "seats": [{"player": "Ann ", "vp": 10, "winner": True}]}),
        json.dumps({**GAME, "seats": [{"player": "Ann", "vp": 9.5}]}),
        json.dumps({"id": "e1", "date": "2026-03-14", "standings": [{"player": "A", "place": 1}]}),
        json.dumps({**GAME, "seats": [{"player": "Ann", "vp": 10}, {"player": "ann", "vp": 3}]}),
        json.dumps(GAME) + " " + json.dumps({**GAME, "id": "g2"}),
    ],
)
def test_anything_unusual_is_left_to_the_usual_reading(folder: Path, content: str) -> None:
    assert read_games_by_table(written(folder, [content])) is None
    assert read_tables_in_order(written(folder, [content])) is None


def test_an_id_used_in_two_files_and_a_csv_file_are_left_to_the_usual_reading(
    folder: Path,
) -> None:
    line = json.dumps(GAME) + "\n"
    assert read_games_by_table(written(folder, [line, line])) is None
    assert read_tables_in_order(written(folder, [line, line])) is None
    csv = folder / "games.csv"
    csv.write_text(line, encoding="utf-8")
    assert read_games_by_table([csv]) is None
    with pytest.raises(InputError):
        read_records([folder / "missing.jsonl"])
    assert read_games_by_table([folder / "missing.jsonl"]) is None


def test_a_plain_seat_takes_every_status_but_abandoned_and_every_account() -> None:
    hints = typing.get_type_hints(ShapedSeat, include_extras=True)
    status, account = (typing.get_args(typing.get_args(hints[k])[0]) for k in ("status", "account"))
    assert set(status) == {s.value for s in SeatStatus} - {"abandoned"}
    assert set(account) == {a.value for a in Account}

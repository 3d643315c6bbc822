"""BoardGameGeek's plays XML: the sample file and malformed variants."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tablerank.engine.records import Game
from tablerank.errors import InputError
from tablerank.formats.reading import Rejected, Skipped, read_each, read_records

SAMPLE = Path(__file__).parents[2] / "examples" / "imports" / "bgg-plays.xml"
PLAY = """<play id="{id}" date="{date}" quantity="{quantity}" incomplete="0" nowinstats="0"
 location="Bonn"><item name="{name}" objectid="13"/><players>{players}</players></play>"""
PLAYER = '<player name="{name}" username="" startposition="{pos}" score="{score}" win="{win}"/>'


def plays(*items: str) -> str:
    return f'<?xml version="1.0" encoding="utf-8"?>\n<plays username="ann">{"".join(items)}</plays>'


def play(id: str = "7", date: str = "2026-04-18", quantity: str = "1", name: str = "CATAN",
         players: str = "") -> str:  # fmt: skip
    seats = players or "".join(
        PLAYER.format(name=n, pos=i + 1, score=vp, win=int(i == 0))
        for i, (n, vp) in enumerate([("Ann", 10), ("Ben", 8), ("Cleo", 7)])
    )
    return PLAY.format(id=id, date=date, quantity=quantity, name=name, players=seats)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "plays.xml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_sample_maps_plays_and_reports_the_incomplete_one() -> None:
    items = read_each([SAMPLE])
    skipped = [i for i in items if isinstance(i, Skipped)]
    assert [(s.id, s.error.location, s.error.field) for s in skipped] == [
        ("bgg-81234502", "play 2 (id 81234502)", "incomplete"),
        ("bgg-81234504", "play 4 (id 81234504)", "players"),
    ]
    first, knights = [r for r in read_records([SAMPLE], []) if isinstance(r, Game)]
    assert (first.id, first.date, first.time, first.city) == (
        "bgg-81234501", dt.date(2026, 4, 18), None, "Bonn")  # fmt: skip
    assert [(s.player, s.vp, s.place) for s in first.seats] == [
        ("Ann", 10, 1), ("Ben", 8, 2), ("Cleo", 7, 3)]  # fmt: skip
    assert (knights.game, knights.variant, knights.target) == ("catan", "cities-knights", 13)


def test_a_quantity_above_one_is_that_many_games(tmp_path: Path) -> None:
    records = read_records([write(tmp_path, plays(play(quantity="3")))])
    assert [r.id for r in records] == ["bgg-7", "bgg-7.2", "bgg-7.3"]


@pytest.mark.parametrize("odd", ["²", "①", "9" * 5000, "-2", "two"])
def test_a_quantity_or_start_position_that_is_not_plain_digits_is_ignored(
    tmp_path: Path, odd: str
) -> None:
    """`str.isdigit` takes "²", which `int` refuses: such a quantity counts one play, such a
    start position leaves the players in the order given."""
    (game,) = read_records([write(tmp_path, plays(play(quantity=odd)))])
    assert isinstance(game, Game)
    seats = (PLAYER.format(name="Ann", pos=odd, score=10, win=1)
             + PLAYER.format(name="Ben", pos=1, score=6, win=0))  # fmt: skip
    (given,) = read_records([write(tmp_path, plays(play(players=seats)))])
    assert isinstance(given, Game)
    assert [s.player for s in given.seats] == ["Ann", "Ben"]
    seats = (PLAYER.format(name="Ann", pos=2, score=10, win=1)
             + PLAYER.format(name="Ben", pos=1, score=6, win=0))  # fmt: skip
    (ordered,) = read_records([write(tmp_path, plays(play(players=seats)))])
    assert isinstance(ordered, Game)
    assert [s.player for s in ordered.seats] == ["Ben", "Ann"]


def test_a_player_known_only_by_username_keeps_it(tmp_path: Path) -> None:
    seats = (PLAYER.format(name="", pos=1, score=10, win=1).replace('username=""', 'username="ann"')
             + PLAYER.format(name="Ben", pos=2, score=6, win=0))  # fmt: skip
    (game,) = read_records([write(tmp_path, plays(play(players=seats)))])
    assert isinstance(game, Game)
    assert [s.player for s in game.seats] == ["ann", "Ben"]


@pytest.mark.parametrize(
    ("xml", "field", "message"),
    [
        (play(date="18/04/2026"), "date", "expected a date like 2026-03-14"),
        (play(players=PLAYER.format(name="Ann", pos=1, score="ten", win=1)
              + PLAYER.format(name="Ben", pos=2, score=3, win=0)),
         "players.player[0].score", "expected a number of VP, got 'ten'"),
        (play(players=PLAYER.format(name="", pos=1, score=10, win=1)
              + PLAYER.format(name="Ben", pos=2, score=3, win=0)),
         "players.player[0].name", "is required"),
        (play(players=PLAYER.format(name="Ann", pos=2, score=10, win=1)
              + PLAYER.format(name="ann", pos=1, score=8, win=0)),
         "players.player[0].name", "Ann is already at this table"),
    ],
)  # fmt: skip
def test_a_play_that_breaks_a_rule_names_file_play_and_field(
    tmp_path: Path, xml: str, field: str, message: str
) -> None:
    path = write(tmp_path, plays(xml))
    (rejected,) = read_each([path])
    assert isinstance(rejected, Rejected)
    assert (rejected.error.source, rejected.error.location) == (str(path), "play 1 (id 7)")
    assert rejected.error.field == field
    assert message in rejected.error.message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (plays(play(id="")), ", play 1: id: is required (the play's id)"),
        ("<plays><play id='1'>", ", line 1: malformed XML: "),
        ("<items><item/></items>", ": expected BoardGameGeek's plays XML (<plays>), got <items>"),
        ('<?xml version="1.0"?><!DOCTYPE plays [<!ENTITY a "aaaa">]><plays>&a;</plays>',
         ": refused XML: "),
    ],
)  # fmt: skip
def test_an_unreadable_document_is_one_error(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(InputError) as caught:
        read_each([path])
    assert str(caught.value).startswith(f"{path}{message}")

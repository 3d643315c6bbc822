"""BG Stats' export: the sample file, zipped and plain, and malformed variants."""

from __future__ import annotations

import copy
import datetime as dt
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tablerank.engine.records import Game
from tablerank.errors import InputError
from tablerank.formats.reading import Located, Rejected, Skipped, read_each, read_records

SAMPLE = Path(__file__).parents[2] / "examples" / "imports" / "bgstats-export.json"
FIRST = "4f7c2a10-0b1e-4c3a-9a51-1d2e3f405061"


def export() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SAMPLE.read_text(encoding="utf-8"))
    return data


def write(tmp_path: Path, data: Any, name: str = "export.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def games(path: Path) -> list[Game]:
    skipped: list[Skipped] = []
    return [r for r in read_records([path], skipped) if isinstance(r, Game)]


def test_the_sample_maps_games_places_seats_and_cities() -> None:
    first, seafarers, azul, _ = games(SAMPLE)
    assert first.id == FIRST
    assert (first.date, first.time) == (dt.date(2026, 4, 11), dt.time(10, 0))
    assert (first.game, first.variant, first.city) == ("catan", "base", "Bonn")
    # seat order kept (seatOrder, from the start player), score is VP, the winner first
    assert [(s.player, s.vp, s.place, s.winner) for s in first.seats] == [
        ("Ann", 10, 1, True), ("Ben", 8, 2, False), ("Cleo", 6, 3, False)]  # fmt: skip
    assert (seafarers.game, seafarers.variant) == ("catan", "seafarers")
    assert [s.player for s in seafarers.seats] == ["Dario", "Ann", "Ben", "Cleo"]
    assert [s.place for s in seafarers.seats] == [2, 3, 3, 1]
    assert (azul.game, azul.variant, azul.city) == ("Azul", None, "Köln")
    assert [(s.player, s.vp, s.place) for s in azul.seats] == [("Ann", 72, 2), ("Dario", 81, 1)]


def test_an_anonymous_player_is_left_out_and_a_cooperative_game_reported() -> None:
    items = read_each([SAMPLE])
    skipped = [i for i in items if isinstance(i, Skipped)]
    assert [str(s.error) for s in skipped] == [
        f"{SAMPLE}, play 5 (uuid 4f7c2a10-0b1e-4c3a-9a51-1d2e3f405065): gameRefId: not rated: "
        "Pandemic is cooperative: the players win or lose together",
    ]
    assert len(items) == 5
    anonymous = items[3]
    assert isinstance(anonymous, Located)
    assert isinstance(anonymous.record, Game)
    assert [(s.player, s.place) for s in anonymous.record.seats] == [("Ben", 1), ("Cleo", 2)]
    assert [str(note) for note in anonymous.notes] == [
        f"{SAMPLE}, play 4 (uuid 4f7c2a10-0b1e-4c3a-9a51-1d2e3f405064): "
        "playerScores[1].playerRefId: rated among the 2 named players; not a person: "
        "Anonymous player (anonymous)"
    ]
    with pytest.raises(InputError, match="cooperative"):
        read_records([SAMPLE])  # without a list to report them in, a skipped play is an error


def test_an_npc_and_an_ignored_play_are_reported(tmp_path: Path) -> None:
    data = export()
    data["players"][3]["metaData"] = json.dumps({"isNpc": True})
    data["plays"][0]["ignored"] = True
    items = read_each([write(tmp_path, data)])
    reasons = [i.error.message for i in items if isinstance(i, Skipped)]
    assert reasons[:2] == [
        "not rated: the play is marked ignored in BG Stats",
        "not rated: fewer than two named players; not a person: Dario (an NPC)",
    ]
    seafarers = items[1]
    assert isinstance(seafarers, Located)
    assert isinstance(seafarers.record, Game)
    assert [s.player for s in seafarers.record.seats] == ["Ann", "Ben", "Cleo"]
    assert [n.message for n in seafarers.notes] == [
        "rated among the 3 named players; not a person: Dario (an NPC)"
    ]


def test_a_zipped_export_and_a_single_play_read_the_same(tmp_path: Path) -> None:
    archive = tmp_path / "BGStatsExport.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.write(SAMPLE, "BGStatsExport.json")
    assert games(archive) == games(SAMPLE)
    single = export()
    single["plays"] = single["plays"][:1]
    single["about"] = "BG Stats single play"
    assert [g.id for g in games(write(tmp_path, single, "night.bgsplay"))] == [FIRST]


def test_a_name_that_is_not_a_catan_base_game_keeps_its_title(tmp_path: Path) -> None:
    data = export()
    data["games"][0]["name"] = "Catan Junior"
    assert games(write(tmp_path, data))[0].game == "Catan Junior"


def test_lowest_score_wins_gives_places_and_no_vp(tmp_path: Path) -> None:
    data = export()
    data["games"][2]["highestWins"] = False
    ann, dario = data["plays"][2]["playerScores"]
    ann["winner"], dario["winner"] = True, False
    azul = games(write(tmp_path, data))[2]
    assert [(s.player, s.vp, s.place) for s in azul.seats] == [("Ann", None, 1), ("Dario", None, 2)]
    ann["winner"], dario["winner"] = False, True  # the app's winner flag decides, with a note
    read = read_each([write(tmp_path, data)])[2]
    assert isinstance(read, Located)
    assert isinstance(read.record, Game)
    assert [(s.player, s.place) for s in read.record.seats] == [("Ann", 2), ("Dario", 1)]
    (note,) = read.notes
    assert note.field == "playerScores[1].winner"
    assert note.message == (
        "Dario is marked winner, but the scores put Ann first (the lowest wins); the result "
        "follows the winner flag"
    )


def break_play(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(export())
    change(data["plays"][0])
    return data


WHERE = f"play 1 (uuid {FIRST})"


def _winner_ranked_last(play: dict[str, Any]) -> None:
    """BG Stats' own rank and winner flag disagree: the play's error, not a guess."""
    for score, rank in zip(play["playerScores"], (2, 1, 3), strict=True):
        score.update(rank=rank, winner=rank == 3)


@pytest.mark.parametrize(
    ("change", "location", "field", "message"),
    [
        (lambda p: p.update(playDate="11.04.2026"), WHERE, "playDate", "expected a date like"),
        (lambda p: p["playerScores"][0].update(score="eight"), WHERE, "playerScores[0].score",
         "expected a number of VP, got 'eight'"),
        (_winner_ranked_last, WHERE, "playerScores[1].rank",
         "this seat is placed first but another seat is marked winner"),
        (lambda p: p.update(gameRefId=99), WHERE, "gameRefId",
         "no game with id 99 in the export's games"),
        (lambda p: p["playerScores"][1].update(score="-2"), WHERE, "playerScores[1].score",
         "VP cannot be negative"),
    ],
)  # fmt: skip
def test_a_play_that_breaks_a_rule_names_file_play_and_field(
    tmp_path: Path, change: Any, location: str, field: str, message: str
) -> None:
    path = write(tmp_path, break_play(change))
    rejected = read_each([path])[0]
    assert isinstance(rejected, Rejected)
    assert (rejected.error.source, rejected.error.location) == (str(path), location)
    assert rejected.error.field == field
    assert message in rejected.error.message
    with pytest.raises(InputError) as caught:
        read_records([path], [])
    assert str(caught.value) == str(rejected.error)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p: p.pop("uuid"), "play 1: uuid: is required (the play's id)"),
        (lambda p: p.clear() or p.update(x=1), "play 1: uuid: is required"),
    ],
)
def test_a_play_without_an_id_makes_the_file_unreadable(
    tmp_path: Path, change: Any, message: str
) -> None:
    path = write(tmp_path, break_play(change))
    with pytest.raises(InputError) as caught:
        read_each([path])
    assert str(caught.value).startswith(f"{path}, {message}")


@pytest.mark.parametrize(
    ("member", "content", "message"),
    [
        ("a.txt", "hello",
         ": expected an .xlsx workbook or a zip holding one BG Stats export (.json)"),
        ("BGStatsExport.json", '{"plays": [', ":BGStatsExport.json: cannot read: "),
        ("BGStatsExport.json", '{"games": []}',
         ":BGStatsExport.json: expected a BG Stats export (an object with plays and players)"),
    ],
)  # fmt: skip
def test_a_zip_that_holds_no_readable_export_names_it(
    tmp_path: Path, member: str, content: str, message: str
) -> None:
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr(member, content)
    with pytest.raises(InputError) as caught:
        read_each([archive])
    assert str(caught.value).startswith(f"{archive}{message}")


def test_located_items_carry_the_play(tmp_path: Path) -> None:
    item = read_each([SAMPLE])[0]
    assert isinstance(item, Located)
    assert item.location == WHERE


def _stored_zip(tmp_path: Path) -> bytearray:
    archive = tmp_path / "stored.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("BGStatsExport.json", SAMPLE.read_bytes())
    return bytearray(archive.read_bytes())


def _compression(raw: bytearray, method: int) -> bytearray:
    """The archive with its member's compression method set to `method` in both headers."""
    raw[8:10] = method.to_bytes(2, "little")
    central = raw.find(b"PK\x01\x02")
    raw[central + 10 : central + 12] = method.to_bytes(2, "little")
    return raw


def _flagged(raw: bytearray) -> bytearray:
    """The member marked encrypted in both headers (a password asked for)."""
    raw[6] |= 1
    central = raw.find(b"PK\x01\x02")
    raw[central + 8] |= 1
    return raw


@pytest.mark.parametrize(
    "damage",
    [
        lambda raw: raw[:60] + b"\x00" * 60 + raw[120:],  # the compressed data broken
        lambda raw: _compression(raw, 9),  # Deflate64, which zipfile does not read
        _flagged,
    ],
    ids=["corrupt data", "deflate64", "encrypted"],
)
def test_a_damaged_zipped_export_is_one_error(tmp_path: Path, damage: Any) -> None:
    archive = tmp_path / "export.zip"
    archive.write_bytes(bytes(damage(_stored_zip(tmp_path))))
    with pytest.raises(InputError) as caught:
        read_each([archive])
    assert str(caught.value).startswith(f"{archive}:BGStatsExport.json: cannot read: ")

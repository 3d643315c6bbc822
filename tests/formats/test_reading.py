from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from tablerank.engine.records import Event, Game, SeatStatus
from tablerank.errors import InputError
from tablerank.formats.reading import Located, Rejected, read_each, read_records, read_start

GAME = {
    "id": "g1",
    "date": "2026-03-14",
    "seats": [{"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 7}],
}
EVENT = {
    "id": "ev1",
    "date": "2026-04-01",
    "rounds": 4,
    "standings": [{"player": "Ann", "place": 1, "wins": 3, "draws": 1, "losses": 0}],
}


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def jsonl(*records: object) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


def error_of(paths: list[Path]) -> str:
    with pytest.raises(InputError) as caught:
        read_records(paths)
    return str(caught.value)


def test_json_lines_hold_games_and_events(tmp_path: Path) -> None:
    records = read_records([write(tmp_path, "a.jsonl", jsonl(GAME, EVENT))])
    assert isinstance(records[0], Game)
    assert isinstance(records[1], Event)
    assert [s.place for s in records[0].seats] == [1, 2]


def test_blank_lines_are_allowed_between_records(tmp_path: Path) -> None:
    text = "\n" + json.dumps(GAME) + "\n\n   \n"
    assert [r.id for r in read_records([write(tmp_path, "a.jsonl", text)])] == ["g1"]


def test_a_json_array_is_read_whatever_the_suffix(tmp_path: Path) -> None:
    path = write(tmp_path, "season.txt", json.dumps([GAME, EVENT], indent=2))
    assert [r.id for r in read_records([path])] == ["g1", "ev1"]


def test_a_json_file_holding_one_object_per_line_is_json_lines(tmp_path: Path) -> None:
    assert [r.id for r in read_records([write(tmp_path, "a.json", jsonl(GAME))])] == ["g1"]


def test_malformed_json_names_the_file_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, "night.jsonl", jsonl(GAME) + '{"id": "g2", "date": \n')
    message = error_of([path])
    assert message.startswith(f"{path}, line 2: malformed JSON")
    assert "column" in message


def test_malformed_json_array_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "night.json", '[\n{"id": "g1",\n "date": }\n]')
    assert f"{path}, line 3: malformed JSON" in error_of([path])


@pytest.mark.parametrize(
    ("name", "content", "where", "message"),
    [
        ("big.jsonl", '{"id": "g1", "date": "2026-01-01", "seats": [{"player": "Ann", "vp": '
         + "9" * 5000 + "}]}\n", ", line 1", "malformed JSON: a number of more than 4,300 digits"),
        ("deep.json", "[" * 5000 + "]" * 5000, "", "malformed JSON: nested too deeply"),
        ("deep.jsonl", "[" * 5000 + "]" * 5000 + "\n", ", line 1",
         "malformed JSON: nested too deeply"),
        ("long.csv", "id,date,player,vp\n" + "x" * 140_000 + ",2026-01-01,Ann,10\n", ", line 2",
         "malformed CSV: field larger than field limit (131072)"),
    ],
    ids=["big number", "deep array", "deep line", "long cell"],
)  # fmt: skip
def test_a_file_python_cannot_parse_is_one_line_naming_where(
    tmp_path: Path, name: str, content: str, where: str, message: str
) -> None:
    """Python's JSON and CSV readers raise other errors than malformed input's on a number of
    more than 4,300 digits, nesting past the recursion limit and a cell past 131,072
    characters: each is the file's error, at its line, not a traceback."""
    path = write(tmp_path, name, content)
    assert error_of([path]) == f"{path}{where}: {message}"


def test_starting_ratings_nested_too_deeply_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "start.json", '{"Ann": ' + "[" * 5000 + "]" * 5000 + "}")
    with pytest.raises(InputError, match="nested too deeply"):
        read_start(path)


def test_a_json_array_of_non_objects_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "night.json", "[1, 2]")
    assert error_of([path]) == f"{path}, record 1: expected a JSON object, got int"


def test_a_json_document_that_is_not_an_array_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "night.json", '"hello"')
    assert "expected a JSON array of records" in error_of([path])


def test_a_record_error_names_line_id_and_field(tmp_path: Path) -> None:
    bad = {**GAME, "id": "g3", "seats": [{"player": "Ann", "vp": 10}, {"player": "Ben", "vp": -2}]}
    path = write(tmp_path, "night.jsonl", jsonl(GAME, {**GAME, "id": "g2"}, bad))
    assert error_of([path]) == (
        f"{path}, line 3 (id g3): seats[1].vp: VP cannot be negative, got -2"
    )


def test_a_line_that_is_neither_game_nor_event_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "night.jsonl", jsonl({"id": "x", "date": "2026-01-01"}))
    assert "expected a game (with seats) or an event (with standings)" in error_of([path])


def test_a_misspelt_field_is_an_error_not_ignored(tmp_path: Path) -> None:
    typo = {**GAME, "seats": [{"player": "Ann", "vp": 10, "winer": True}, {"player": "B"}]}
    message = error_of([write(tmp_path, "a.jsonl", jsonl(typo))])
    assert "seats[0].winer: unknown field; expected one of: player, vp" in message


def test_duplicate_ids_across_files_name_both_places(tmp_path: Path) -> None:
    first = write(tmp_path, "a.jsonl", jsonl(GAME))
    second = write(tmp_path, "b.jsonl", jsonl(EVENT, {**GAME, "date": "2026-03-15"}))
    assert error_of([first, second]) == (
        f"{second}, line 2: id: id 'g1' is already used ({first}, line 1)"
    )


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "nope.jsonl"
    assert error_of([path]) == f"{path}: no such file"


def test_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(b'{"id": "g\xe9"}\n')
    assert error_of([path]) == f"{path}: not UTF-8 text (at byte 9); save it as UTF-8"


CSV_HEADER = "id,date,variant,city,player,vp,winner,status,sources.settlements,sources.cities\n"


def test_csv_has_a_row_per_seat_grouped_by_id(tmp_path: Path) -> None:
    text = CSV_HEADER + (
        "n1,2026-05-02,base,Bonn,Ann,10,true,,4,6\n"
        "n1,,,,Ben,7,,,3,4\n"
        "n2,2026-05-03,base,Bonn,Ben,10,yes,,2,8\n"
        "n2,2026-05-03,base,Bonn,Ann,4,,abandoned,,\n"
        "n2,2026-05-03,base,Bonn,Cleo,6,,substitute,,\n"
    )
    games = read_records([write(tmp_path, "night.csv", text)])
    assert [g.id for g in games] == ["n1", "n2"]
    first = games[0]
    assert isinstance(first, Game)
    assert first.city == "Bonn"
    assert first.seats[0].sources == {"settlements": 4, "cities": 6}
    assert [s.place for s in first.seats] == [1, 2]
    second = games[1]
    assert isinstance(second, Game)
    assert second.seats[1].status is SeatStatus.ABANDONED
    assert second.seats[1].place is None


def test_csv_record_errors_point_at_the_seat_row(tmp_path: Path) -> None:
    text = CSV_HEADER + "n1,2026-05-02,base,Bonn,Ann,10,true,,4,6\nn1,,,,Ben,-1,,,,\n"
    path = write(tmp_path, "night.csv", text)
    assert error_of([path]) == f"{path}, line 3 (id n1): seats[1].vp: VP cannot be negative, got -1"


def test_csv_sources_that_disagree_with_vp_are_refused(tmp_path: Path) -> None:
    text = CSV_HEADER + "n1,2026-05-02,base,Bonn,Ann,10,true,,4,4\nn1,,,,Ben,7,,,,\n"
    message = error_of([write(tmp_path, "night.csv", text)])
    assert "seats[0].sources: sources add up to 8 VP but vp says 10 (Ann)" in message


def test_csv_rows_of_one_game_must_agree_on_game_fields(tmp_path: Path) -> None:
    text = CSV_HEADER + "n1,2026-05-02,base,Bonn,Ann,10,true,,,\nn1,2026-05-03,,,Ben,7,,,,\n"
    path = write(tmp_path, "night.csv", text)
    assert error_of([path]) == (
        f"{path}, line 3: date: '2026-05-03' disagrees with '2026-05-02' on line 2 "
        "for the same id 'n1'"
    )


def test_csv_unknown_columns_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "night.csv", "id,date,player,score\nn1,2026-05-02,Ann,3\n")
    assert error_of([path]).startswith(f"{path}, line 1: score: unknown column; expected:")


def test_csv_needs_id_and_player_columns(tmp_path: Path) -> None:
    path = write(tmp_path, "night.csv", "id,date,vp\nn1,2026-05-02,3\n")
    assert error_of([path]) == f"{path}, line 1: player: a required column is missing"


def test_csv_rows_need_an_id(tmp_path: Path) -> None:
    path = write(tmp_path, "night.csv", "id,date,player\n,2026-05-02,Ann\n")
    assert error_of([path]) == f"{path}, line 2: id: is required"


def test_csv_rows_with_extra_cells_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "night.csv", "id,date,player\nn1,2026-05-02,Ann,oops\n")
    assert "line 2: this row has a value in column 4, which has no header" in error_of([path])


def test_csv_event_standings_are_read(tmp_path: Path) -> None:
    text = (
        "id,date,rounds,player,place,wins,draws,losses,completed\n"
        "e1,2026-04-01,3,Ann,1,3,0,0,\n"
        "e1,,,Ben,2,1,0,1,false\n"
    )
    (event,) = read_records([write(tmp_path, "cup.csv", text)])
    assert isinstance(event, Event)
    assert [(s.player, s.completed) for s in event.standings] == [("Ann", True), ("Ben", False)]


def test_the_shipped_examples_all_read(tmp_path: Path) -> None:
    root = Path(__file__).parents[2] / "examples"
    records = read_records(
        [root / "club-season.jsonl", root / "club-season.csv", root / "events.jsonl"]
    )
    assert len(records) > 100


def test_start_ratings_are_read(tmp_path: Path) -> None:
    path = write(tmp_path, "sheet.json", '{"Ann": 1032, "Ben": 987.5}')
    assert read_start(path) == {"Ann": 1032, "Ben": 987.5}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[1, 2]", 'expected a JSON object like {"Ann": 1032'),
        ('{"Ann": "high"}', "Ann: expected a rating number, got 'high'"),
        ('{"Ann": true}', "Ann: expected a rating number, got True"),
        ('{"Ann": ', "line 1: malformed JSON"),
    ],
)
def test_bad_start_ratings_are_refused(tmp_path: Path, text: str, expected: str) -> None:
    path = write(tmp_path, "sheet.json", text)
    with pytest.raises(InputError, match=None) as caught:
        read_start(path)
    assert expected in str(caught.value)
    assert str(caught.value).startswith(str(path))


def test_a_missing_start_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        read_start(tmp_path / "none.json")


def test_an_id_that_is_not_plain_text_is_quoted_where_the_error_is_located(tmp_path: Path) -> None:
    bad = {**GAME, "id": "g\ud800\x1b[31m"}
    message = error_of([write(tmp_path, "a.jsonl", jsonl(bad))])
    assert "line 1 (id 'g\\ud800\\x1b[31m'): id: is not valid text: a lone surrogate" in message
    assert "\x1b" not in message


def test_a_long_id_is_cut_short_where_the_error_is_located(tmp_path: Path) -> None:
    bad = {**GAME, "id": "x" * 500}
    message = error_of([write(tmp_path, "a.jsonl", jsonl(bad))])
    assert f"(id '{'x' * 56}...): id: is 500 characters long; at most 64 are allowed" in message


def test_a_csv_id_outside_the_alphabet_names_its_line(tmp_path: Path) -> None:
    text = "id,date,player,vp,winner\ng/1,2026-03-14,Ann,10,true\ng/1,2026-03-14,Ben,5,\n"
    assert error_of([write(tmp_path, "a.csv", text)]).endswith(
        "a.csv, line 2 (id g/1): id: expected 1-64 letters, digits, '_', '.', '~' and '-', "
        "starting with a letter, digit or '_'; got 'g/1'"
    )


def test_read_each_keeps_a_record_that_breaks_a_rule_as_its_error(tmp_path: Path) -> None:
    seats = [{"player": n, "vp": 10, "winner": True} for n in ("Ann", "Ben")]
    two_winners = {"id": "g2", "date": "2026-03-14", "seats": seats}
    path = write(tmp_path, "a.jsonl", jsonl(two_winners, GAME | {"id": "g3"}))
    first, second = read_each([path])
    assert isinstance(first, Rejected)
    assert first.id == "g2"
    assert str(first.error) == (
        f"{path}, line 1 (id g2): seats[1].winner: a Catan game has one winner, but Ann, Ben are "
        "all marked winner (a draw is recorded as equal places)"
    )
    assert isinstance(second, Located)
    assert second.id == "g3"
    assert error_of([path]) == str(first.error)


def test_read_each_names_a_csv_seats_own_row(tmp_path: Path) -> None:
    text = "id,date,player,vp,winner\nc1,2026-03-14,Ann,10,true\nc1,,Ben,-1,\n"
    (rejected,) = read_each([write(tmp_path, "a.csv", text)])
    assert isinstance(rejected, Rejected)
    assert rejected.error.location == "line 3 (id c1)"
    assert rejected.error.field == "seats[1].vp"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"date": "2026-03-14", "seats": []}\n', "line 1: id: is required"),
        ('{"id": "a b", "date": "2026-03-14", "seats": []}\n', "line 1 (id a b): id: expected"),
        ("{oops\n", "line 1: malformed JSON"),
    ],
)
def test_read_each_raises_what_leaves_no_record_to_name(
    tmp_path: Path, text: str, message: str
) -> None:
    path = write(tmp_path, "a.jsonl", text)
    with pytest.raises(InputError) as caught:
        read_each([path])
    assert str(caught.value).startswith(f"{path}, {message}")


def test_dates_with_times_read_the_same_on_the_fast_and_the_careful_path(tmp_path: Path) -> None:
    timed = [{**GAME, "id": f"t{i}", "date": d} for i, d in enumerate(
        ["2026-03-14T19:30", "2026-03-14 09:15:30+02:00", "2026-03-14"])]  # fmt: skip
    path = write(tmp_path, "timed.jsonl", jsonl(*timed))
    fast = read_records([path])
    careful = [item.record for item in read_each([path]) if isinstance(item, Located)]
    assert fast == careful
    plus_2 = dt.timezone(dt.timedelta(hours=2))
    assert [r.time for r in fast] == [dt.time(19, 30), dt.time(9, 15, 30, tzinfo=plus_2), None]

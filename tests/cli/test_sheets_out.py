"""Standings out (issue 13, item 4): `--format csv` and `--output FILE` (.csv, .xlsx, .json) for
rate, standings, lists and backtest; the rows are `--format json`'s, read back by the csv module
and openpyxl; every refusal is one line and exit status 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import Result

from tests.cli.conftest import EXAMPLES, Invoke
from tests.formats.read_back import as_rows, csv_back, xlsx_back

SEASON = EXAMPLES / "club-season.jsonl"

# Each command, and which list of its JSON is the rows.
COMMANDS: list[tuple[tuple[str | Path, ...], str]] = [
    (("rate", SEASON, "-s", "pages.glory"), "standings"),
    (("rate", SEASON, "-s", "skill", "--title", "catan"), "standings"),
    (("standings", SEASON, "--seed", "7", "--scoring", "5-3-2-1+5-3-1"), "standings"),
    (("lists", "monthly", SEASON, "--month", "2026-03", "--group", "base"), "list"),
    (("lists", "annual", SEASON, "--year", "2026", "--city", "Bonn", "--group", "base"), "list"),
    (("backtest", SEASON, "-s", "cow.elo", "-s", "pages.point"), "systems"),
]


def ok(result: Result) -> Result:
    assert result.exit_code == 0, result.stderr
    return result


def json_rows(invoke: Invoke, args: tuple[str | Path, ...], key: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads(ok(invoke(*args, "-f", "json")).stdout)[key]
    assert rows
    return rows


@pytest.mark.parametrize(("args", "key"), COMMANDS)
def test_csv_is_the_json_rows_in_order(
    invoke: Invoke, args: tuple[str | Path, ...], key: str
) -> None:
    expected = json_rows(invoke, args, key)
    header, rows = csv_back(ok(invoke(*args, "--format", "csv")).stdout)
    assert header[: len(expected[0])] == list(expected[0])
    assert rows == as_rows(expected, header)


@pytest.mark.parametrize(("args", "key"), COMMANDS)
def test_output_writes_a_workbook_csv_or_json_by_its_extension(
    invoke: Invoke, args: tuple[str | Path, ...], key: str, tmp_path: Path
) -> None:
    expected = json_rows(invoke, args, key)
    book, sheet, data = tmp_path / "out.xlsx", tmp_path / "OUT.CSV", tmp_path / "out.json"
    for target in (book, sheet, data):
        result = ok(invoke(*args, "--output", target))
        assert result.stdout == ""
        assert result.stderr == f"wrote {len(expected)} rows to {target}\n"
    header, rows = xlsx_back(book)
    assert rows == as_rows(expected, header)
    assert csv_back(sheet.read_text(encoding="utf-8")) == (header, rows)
    assert json.loads(data.read_text(encoding="utf-8"))[key] == expected
    ok(invoke(*args, "-o", sheet, "-f", "csv"))  # --format may say what the extension says


def test_nested_values_are_json_in_their_cell(invoke: Invoke) -> None:
    args = ("lists", "annual", SEASON, "--year", "2026", "--group", "base")
    first = json_rows(invoke, args, "list")[0]
    line = ok(invoke(*args, "-f", "csv")).stdout.splitlines()[1]
    assert json.dumps(first["months"], separators=(",", ":")) in line.replace('""', '"')


def test_a_name_that_would_be_a_formula_stays_text(invoke: Invoke, tmp_path: Path) -> None:
    evil = '=HYPERLINK("http://evil.example","x")'
    games = [
        {"id": f"g{i}", "date": f"2026-03-1{i}", "seats": [
            {"player": evil, "vp": 10, "winner": True}, {"player": "@Ben", "vp": 7},
            {"player": "-Cleo", "vp": 5}]}
        for i in range(3)
    ]  # fmt: skip
    night = tmp_path / "night.jsonl"
    night.write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")
    text = ok(invoke("rate", night, "-s", "pages.point", "-f", "csv")).stdout
    cells = [line.split(",")[0] for line in text.splitlines()[1:]]
    assert cells == ['"\'=HYPERLINK(""http://evil.example""', "'@Ben", "'-Cleo"]
    ok(invoke("rate", night, "-s", "pages.point", "-o", tmp_path / "out.xlsx"))
    from openpyxl import load_workbook

    sheet = load_workbook(tmp_path / "out.xlsx").active
    assert sheet is not None
    assert [(c.value, c.data_type) for c in sheet["A"][1:]] == [
        (evil, "s"), ("@Ben", "s"), ("-Cleo", "s")
    ]  # fmt: skip


def refused(result: Result, message: str) -> None:
    assert result.exit_code == 2
    assert result.stderr == f"tablerank: error: {message}\n"
    assert result.stdout == ""
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize(("args", "key"), COMMANDS[::2])
def test_a_file_that_cannot_be_written_is_refused_before_the_work(
    invoke: Invoke, args: tuple[str | Path, ...], key: str, tmp_path: Path
) -> None:
    text = tmp_path / "out.txt"
    refused(invoke(*args, "-o", text), f"{text}: unknown extension '.txt'; expected .csv, "
            ".xlsx or .json")  # fmt: skip
    bare = tmp_path / "standings"
    refused(invoke(*args, "-o", bare), f"{bare}: no extension; expected .csv, .xlsx or .json")
    nowhere = tmp_path / "missing" / "out.csv"
    cannot = "cannot write there (no such folder, or not writable)"
    refused(invoke(*args, "-o", nowhere), f"{nowhere}: {cannot}")
    folder = tmp_path / "a.csv"
    folder.mkdir()
    refused(invoke(*args, "-o", folder), f"{folder}: {cannot}")
    book = tmp_path / "out.xlsx"
    for given in ("csv", "json", "table"):
        refused(
            invoke(*args, "-o", book, "-f", given),
            f"{book}: --format {given} does not match the file's extension",
        )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.csv"]


def test_a_write_that_fails_is_one_line_not_a_traceback(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(self: Path, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full)
    target = tmp_path / "out.xlsx"
    refused(
        invoke("rate", SEASON, "-s", "pages.point", "-o", target),
        f"{target}: cannot write: No space left on device",
    )


def test_bad_input_with_csv_is_still_one_line_and_the_file_is_checked_first(
    invoke: Invoke, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "g1", "date": "2026-13-01", "seats": [{"player": "A"}]}\n')
    result = invoke("rate", bad, "-s", "pages.point", "-f", "csv")
    assert (result.exit_code, result.stdout, result.stderr.count("\n")) == (2, "", 1)
    assert result.stderr.startswith(f"tablerank: error: {bad}, line 1 (id g1): date: ")
    target = tmp_path / "out.ods"
    refused(
        invoke("rate", bad, "-s", "pages.point", "-o", target),
        f"{target}: unknown extension '.ods'; expected .csv, .xlsx or .json",
    )


@pytest.mark.parametrize("command", [("systems",), ("variants",)])
def test_commands_without_rows_refuse_csv_as_a_usage_error(
    invoke: Invoke, command: tuple[str, ...]
) -> None:
    result = invoke(*command, "--format", "csv")
    assert result.exit_code == 2
    assert "csv" in result.output

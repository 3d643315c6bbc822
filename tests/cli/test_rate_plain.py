"""`tablerank rate` says the same with or without rating plain games by table or in order.

`rate` first tries files of plain games rated by table (`read_games_by_table`, `table_standings`)
or, for cow.elo, replayed in play order (`read_tables_in_order`, `play_order_standings`, through the
memoised replay or the compiled loops) and reads and rates them the usual way otherwise. For random
files, systems and options, the output, the warnings and errors and the exit status must be
those of the usual way alone.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tablerank.cli.main import app
from tablerank.engine.systems import play_order
from tablerank.formats import rating_files
from tests.engine.systems.test_by_table import BY_TABLE
from tests.formats.test_table_shapes import NAMES, now_and_then, plain_files, written


def said(args: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, args)
    return result.exit_code, result.stdout, result.stderr


def usual(args: list[str]) -> tuple[int, str, str]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rating_files, "_plain_rating", lambda *_: None)
        return said(args)


OPTIONS = [[], ["--allow-invalid"], ["--group", "league"], ["--city", "Graz"],
           ["--format", "csv"], ["--param", "tables.2=5,1"], ["--param", "nope=1"],
           ["--param", "k=10.5"], ["--param", "start=1000.5"]]  # fmt: skip


IN_ORDER_OPTIONS = [[], ["--allow-invalid"], ["--format", "csv"], ["--group", "league"],
                    ["--param", "k=10.5"], ["--param", "start=1000.5"]]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(
    files=plain_files(),
    system=st.sampled_from([*BY_TABLE, "cow.elo", "nope"]),
    options=st.sampled_from(OPTIONS),
    start=st.none() | st.dictionaries(st.sampled_from([*NAMES, "Zed"]), st.integers(-9, 99)),
    table=now_and_then(4),
    compiled=st.booleans(),
)
def test_rate_says_what_the_usual_reading_says(
    files: list[str],
    system: str,
    options: list[str],
    start: dict[str, Any] | None,
    table: bool,
    compiled: bool,
) -> None:
    said_as_usual(files, system, options, start, table, compiled)


@settings(max_examples=200, deadline=None)
@given(
    files=plain_files(),
    options=st.sampled_from(IN_ORDER_OPTIONS),
    start=st.none() | st.dictionaries(st.sampled_from([*NAMES, "Zed"]), st.integers(-9, 2000)),
    table=now_and_then(4),
    compiled=st.booleans(),
)
def test_rate_in_order_says_what_the_usual_reading_says(
    files: list[str],
    options: list[str],
    start: dict[str, Any] | None,
    table: bool,
    compiled: bool,
) -> None:
    said_as_usual(files, "cow.elo", options, start, table, compiled)


def said_as_usual(
    files: list[str],
    system: str,
    options: list[str],
    start: dict[str, Any] | None,
    table: bool,
    compiled: bool,
) -> None:
    """`rate`'s output, messages and exit status are the usual way's."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        args = ["rate", *map(str, written(folder, files)), "--system", system, *options]
        if not table and "--format" not in options:
            args += ["--format", "json"]
        if start is not None:
            sheet = folder / "start.json"
            sheet.write_text(json.dumps(start), encoding="utf-8")
            args += ["--start", str(sheet)]
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(play_order, "worth_compiling", lambda games: compiled)
            assert said(args) == usual(args)

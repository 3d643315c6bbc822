"""How every command ends: its result as JSON or as a table, its errors as one line and exit 2.

The commands that print rows (standings, lists, backtest) end with `emit_rows`: also CSV, and
with `--output FILE` a file in the format its extension names (.csv, .xlsx, .json).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import msgspec
import typer

from tablerank.cli.options import Output, SheetOutput
from tablerank.errors import NothingSelected, TablerankError

if TYPE_CHECKING:
    from tablerank.formats.sheets import Rows

__all__ = ["CannotWrite", "emit", "emit_rows", "guarded", "print_json", "warn"]

T = TypeVar("T")


def guarded(action: Callable[[], T]) -> T:
    """Run `action`; turn tablerank's errors into one line on stderr and exit status 2 (1 where
    the filters leave nothing to show)."""
    try:
        return action()
    except NothingSelected as exc:
        typer.echo(f"tablerank: {exc}", err=True)
        raise typer.Exit(1) from None
    except TablerankError as exc:
        typer.echo(f"tablerank: error: {exc}", err=True)
        raise typer.Exit(2) from None


def warn(messages: Iterable[str]) -> None:
    """Each message as one line on stderr (`tablerank: warning: ...`); the result still prints."""
    for message in messages:
        typer.echo(f"tablerank: warning: {message}", err=True)


def print_json(data: Any) -> None:
    """`data` as indented JSON on stdout, names as written (not escaped)."""
    sys.stdout.write(_indented(data) + "\n")


def _indented(data: Any) -> str:
    """`json.dumps(data, indent=2, ensure_ascii=False)`, three times as fast: the json module's
    C encoder writes it compact (numbers as the json module writes them) and msgspec indents."""
    try:
        compact = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
        return msgspec.json.format(compact, indent=2).decode()
    except (UnicodeEncodeError, msgspec.DecodeError):  # a lone surrogate; NaN or Infinity
        return json.dumps(data, indent=2, ensure_ascii=False)


def _same(result: Any) -> Any:
    return result


def emit(
    result: T,
    output: Output,
    table: Callable[[T], None],
    as_json: Callable[[T], Any] = _same,
) -> None:
    """Print `result`: `as_json(result)` with `--format json`, else `table(result)`."""
    if output is Output.json:
        print_json(as_json(result))
    else:
        table(result)


class CannotWrite(TablerankError):
    """An output file that cannot be written, or whose extension names no format."""


_BY_EXTENSION = {".csv": SheetOutput.csv.value, ".json": SheetOutput.json.value, ".xlsx": "xlsx"}


def emit_rows(
    work: Callable[[], T],
    output: SheetOutput | None,
    to: Path | None,
    table: Callable[[T], None],
    rows: Rows,
    as_json: Callable[[T], Any] = _same,
) -> None:
    """Run `work` (once it is sure where the result goes) and print or write its result: the
    table, `as_json(result)`, or that JSON's `rows` as CSV or as a workbook."""
    kind = guarded(lambda: _kind(output, to))
    result = guarded(work)
    if kind == SheetOutput.table:
        table(result)
        return
    data = as_json(result)
    if to is None:
        sys.stdout.write(_text(data, kind, rows))
        return
    guarded(lambda: _write(to, data, kind, rows))
    typer.echo(f"wrote {len(data[rows.key])} rows to {to}", err=True)


def _kind(output: SheetOutput | None, to: Path | None) -> str:
    """What to print or write: `--format`, or the file's extension. Refuses an extension that
    names no format or disagrees with `--format`, and a place where no file can be written."""
    if to is None:
        return (output or SheetOutput.table).value
    kind = _BY_EXTENSION.get(to.suffix.lower())
    if kind is None:
        given = f"unknown extension {to.suffix!r}" if to.suffix else "no extension"
        raise CannotWrite(f"{to}: {given}; expected .csv, .xlsx or .json")
    if output is not None and output != kind:
        raise CannotWrite(f"{to}: --format {output} does not match the file's extension")
    folder = to.parent
    if to.is_dir() or not folder.is_dir() or not os.access(to if to.exists() else folder, os.W_OK):
        raise CannotWrite(f"{to}: cannot write there (no such folder, or not writable)")
    return kind


def _text(data: Any, kind: str, rows: Rows) -> str:
    if kind == SheetOutput.csv:
        from tablerank.formats.sheets import csv_text

        return csv_text(rows.sheet(data))
    return _indented(data) + "\n"


def _write(to: Path, data: Any, kind: str, rows: Rows) -> None:
    try:
        if kind == "xlsx":
            from tablerank.formats.sheets import workbook_bytes

            to.write_bytes(workbook_bytes(rows.sheet(data), rows.key))
        else:
            to.write_text(_text(data, kind, rows), encoding="utf-8")
    except OSError as exc:
        raise CannotWrite(f"{to}: cannot write: {exc.strerror or exc}") from None

"""How every command ends: its result as JSON or as a table, its errors as one line and exit 2."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import msgspec
import typer

from tablerank.cli.options import Output
from tablerank.errors import TablerankError

__all__ = ["emit", "guarded", "print_json", "warn"]

T = TypeVar("T")


def guarded(action: Callable[[], T]) -> T:
    """Run `action`; turn tablerank's errors into one line on stderr and exit status 2."""
    try:
        return action()
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

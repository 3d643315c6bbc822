"""Leaving the `tablerank` process once its command is done, without the interpreter's teardown.

Python frees every object of a process before it exits: Django's models, numba's compiled
loops, a league's records. After `tablerank league void` on a league of 100,000 games that
took 0.12-0.3 s of wall clock, a tenth to a quarter of the command (benchmarks/README.md). As
mypy does (its `--fast-exit`, on by default), the console script leaves with `os._exit` once
what it wrote is flushed and its database connections are closed (closing the last one folds
SQLite's write-ahead log into the database file, as a normal exit does).
"""

from __future__ import annotations

import os
import sys
from contextlib import suppress
from typing import NoReturn

__all__ = ["BROKEN_PIPE", "leave"]

BROKEN_PIPE = 120
"""The status when the output could not be written at the end (a reader such as `head` that
stopped reading): Python's own, when flushing stdout fails at exit."""


def leave(code: object) -> NoReturn:
    """Exit as `sys.exit(code)` would (None: 0; a number: itself; anything else is printed on
    stderr and exits 1), without tearing the interpreter down."""
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:
        print(code, file=sys.stderr)
        status = 1
    _close_databases()
    os._exit(_flushed(status))


def _close_databases() -> None:
    """Close the connections a league command opened (none unless it set Django up)."""
    if "django.db" not in sys.modules:
        return
    from django.conf import settings
    from django.db import Error, connections

    if settings.configured:
        with suppress(Error):  # as at a normal exit: the process ends either way
            connections.close_all()


def _flushed(status: int) -> int:
    """Flush stdout and stderr; `status`, or `BROKEN_PIPE` when the output could not be
    written (quietly: whoever reads it has left)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except OSError:
            status = status or BROKEN_PIPE
    return status

"""`league import` and `league export`: records in, records out, in the records' JSON form.

An import goes through the league services' import, as the console, with a progress bar on a
terminal: files of plain games the fast way where the league takes them so
(`plain_import.import_plain`), else their records (`importing.import_records`); an export
streams (`exporting.export_lines`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from tablerank.cli.league.exporting import export_lines

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from rich.progress import Task

    from tablerank.engine.records import Event, Game
    from tablerank.engine.table_groups import TablesInOrder
    from tablerank.league.importing import ImportSummary
    from tablerank.league.models import League

__all__ = ["export_lines", "import_plain", "import_records"]


@contextmanager
def _progress(total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar with the records per second on stderr when it is a terminal; a no-op
    step otherwise."""
    if total == 0 or not sys.stderr.isatty():
        yield lambda done: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class Speed(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            return Text(f"{speed:,.0f} records/s" if speed else "", style="progress.data.speed")

    columns = (BarColumn(), MofNCompleteColumn(), Speed(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("importing", total=total)
        yield lambda done: bar.advance(task, done)


def import_records(
    league: League, records: Sequence[Game | Event], by: User, *, pending: bool = False
) -> ImportSummary:
    """`importing.import_records` as the console (who holds every role), recorded by `by`."""
    from tablerank.league import importing
    from tablerank.league.services import CONSOLE

    with _progress(len(records)) as step:
        return importing.import_records(
            league, records, by, pending=pending, acting=CONSOLE, progress=step
        )


def import_plain(
    league: League, order: TablesInOrder, by: User, *, pending: bool = False
) -> ImportSummary | None:
    """`plain_import.import_plain` as the console (who holds every role), recorded by `by`."""
    from tablerank.league import plain_import
    from tablerank.league.services import CONSOLE

    with _progress(len(order.ids)) as step:
        return plain_import.import_plain(
            league, order, by, pending=pending, acting=CONSOLE, progress=step
        )

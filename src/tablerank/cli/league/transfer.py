"""`league import` and `league export`: records in, records out, in the records' JSON form.

An import goes through the league services' one door for files (`services.import_files`), as
the console, with a progress bar on a terminal (`progress_bar`); an export streams
(`queries.export_lines`).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.progress import Task, TaskID

    from tablerank.league.models import League
    from tablerank.league.services import ImportProgress

__all__ = ["export_lines", "progress_bar"]


def export_lines(league: League) -> Iterator[dict[str, Any]]:
    """The league's records as `league export` writes them (`queries.export_lines`; the
    league's modules load with the first export, not with the command line)."""
    from tablerank.league.queries import export_lines as lines

    return lines(league)


@contextmanager
def progress_bar() -> Iterator[ImportProgress]:
    """A progress bar with the records per second on stderr when it is a terminal, shown once
    the import knows how many records the files hold; a no-op step otherwise."""
    if not sys.stderr.isatty():
        yield lambda done, total: None
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
        tasks: list[TaskID] = []

        def step(done: int, total: int) -> None:
            if not tasks:
                tasks.append(bar.add_task("importing", total=total))
            bar.advance(tasks[0], done)

        yield step

"""`tablerank seats-report FILE...`: win rate and mean VP by turn position, per table size,
with 95% intervals (docs/tournaments.md, "Does the first seat win more?").

No `from __future__ import annotations` here: Typer must see the options' types as objects.
"""

from typing import TYPE_CHECKING, Annotated

import typer

from tablerank.cli.options import City, Files, Format, Group, Output, Title
from tablerank.cli.output import emit, guarded, warn

if TYPE_CHECKING:
    from tablerank.tournament.seat_report import SeatReport

__all__ = ["print_report", "register"]

EventOption = Annotated[
    str | None, typer.Option("--event", help="Only the games of this event (case-insensitive).")
]


def register(app: typer.Typer) -> None:
    """Add the `seats-report` command to the `tablerank` app."""

    @app.command("seats-report")
    def seats_report_command(
        files: Files,
        title: Title = None,
        group: Group = None,
        city: City = None,
        event: EventOption = None,
        output: Format = Output.table,
    ) -> None:
        """Does the first seat win more? Win rate and mean VP by turn position."""

        def work() -> "SeatReport":
            from tablerank.cli.inputs import read_files
            from tablerank.engine.history import unmatched
            from tablerank.tournament.seat_report import selected_report

            records = read_files(files)
            warn(unmatched(records, title=title, group=group, city=city, event=event))
            return selected_report(records, title=title, group=group, city=city, event=event)

        from tablerank.formats.seating import seat_report_json

        emit(guarded(work), output, print_report, as_json=seat_report_json)


LISTED_BY_RESULT = (
    "Warning: nearly every game lists its winner first, so the seat order in these records "
    "is the result's, not the turn order: the table above says nothing about seats. Record "
    "seats in turn order (seat 1 starts) to use this report."
)


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def print_report(report: "SeatReport") -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False)
    for size in report.sizes:
        test = f"chi-square {size.chi_square:.2f}, p = {size.p_value:.3f}"
        table = Table(title=f"{size.players}-player tables: {size.games} games ({test})")
        for heading in ("seat", "wins", "win rate", "95% interval", "no effect", "mean VP"):
            table.add_column(heading, justify="right")
        for row in size.positions:
            vp = "–" if row.mean_vp is None else f"{row.mean_vp:.2f}"
            if row.vp_low is not None and row.vp_high is not None:
                vp += f" ({row.vp_low:.2f}–{row.vp_high:.2f})"
            table.add_row(
                str(row.position), str(row.wins), _percent(row.win_rate),
                f"{_percent(row.win_low)}–{_percent(row.win_high)}", _percent(row.expected), vp,
            )  # fmt: skip
        console.print(table)
    if report.left_out:
        why = "a lone seat, a seat not played to the end, or no single winner"
        console.print(f"{report.left_out} games left out ({why})")
    if report.listed_by_result:
        Console(stderr=True, highlight=False).print(LISTED_BY_RESULT, style="bold", soft_wrap=True)

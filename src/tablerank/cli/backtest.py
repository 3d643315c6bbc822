"""`tablerank backtest FILE...`: which system predicts this club best (docs/backtest.md).

No `from __future__ import annotations` here: Typer must see the options' types as objects.
"""

from typing import Annotated, Any

import typer

from tablerank.cli.options import (
    AllowInvalid,
    City,
    Columns,
    Files,
    Group,
    OutputFile,
    SheetFormat,
    Strict,
    Title,
)
from tablerank.cli.output import emit_rows
from tablerank.formats.report import BACKTEST_ROWS

__all__ = ["print_backtest", "register"]

NUMBERS = ("games", "log-loss", "accuracy", "Brier")
CAPTION = (
    "deciles off: the seats cut into ten by the chance each was given; a tenth is off when its "
    "seats won more than 2 standard errors from that chance. In brackets: the chance of being "
    "this far off if every probability were exact (below 0.05: unlikely)."
)

Systems = Annotated[
    list[str] | None,
    typer.Option("--system", "-s", help="A system to score (repeatable; default: skill and "
                 "every one that rates games one by one)."),
]  # fmt: skip


def register(app: typer.Typer) -> None:
    """Add the `backtest` command to the `tablerank` app."""

    @app.command("backtest")
    def backtest_command(
        files: Files,
        systems: Systems = None,
        title: Title = None,
        group: Group = None,
        city: City = None,
        allow_invalid: AllowInvalid = False,
        strict: Strict = False,
        columns: Columns = None,
        output: SheetFormat = None,
        to: OutputFile = None,
    ) -> None:
        """Replay the history and score each system's predictions of the winner."""

        def work() -> dict[str, Any]:
            from tablerank.cli.inputs import checked, read_files, reading, selected
            from tablerank.engine.backtest import backtest_systems, baseline
            from tablerank.engine.systems.base import chronological
            from tablerank.engine.values import Game
            from tablerank.formats.report import backtest_json

            options = reading(allow_invalid, strict, columns)
            records = read_files(files, options)
            chosen = checked(
                selected(records, title=title, group=group, city=city),
                options,
            )
            games = [r for r in chronological(chosen) if isinstance(r, Game)]
            return backtest_json(baseline(games), backtest_systems(games, systems))

        emit_rows(work, output, to, print_backtest, BACKTEST_ROWS)


def print_backtest(data: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    from tablerank.formats.report import calibration_summary

    base = data["baseline"]
    table = Table(
        title=f"Predicting the winner: the later {base['games']} games",
        caption=CAPTION,
        caption_justify="left",
    )
    for heading in ("system", "games", "log-loss", "accuracy", "Brier", "deciles off"):
        table.add_column(heading, justify="right" if heading in NUMBERS else "left")
    table.add_row(
        "uniform guess", str(base["games"]), f"{base['log_loss']:.3f}", "", f"{base['brier']:.3f}"
    )
    for row in sorted(data["systems"], key=lambda r: r["log_loss"]):
        summary = calibration_summary(
            row["calibration_judged"], row["calibration_off"], row["calibration_chance"]
        )
        table.add_row(
            row["system"], str(row["games"]), f"{row['log_loss']:.3f}",
            f"{100 * row['accuracy']:.1f}%", f"{row['brier']:.3f}", summary,
        )  # fmt: skip
    Console(highlight=False).print(table)

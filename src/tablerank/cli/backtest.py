"""`tablerank backtest FILE...`: which system predicts this club best (docs/backtest.md).

No `from __future__ import annotations` here: Typer must see the options' types as objects.
"""

from typing import Annotated, Any

import typer

from tablerank.cli.options import City, Files, Format, Group, Output, Title
from tablerank.cli.output import emit, guarded

__all__ = ["register"]

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
        output: Format = Output.table,
    ) -> None:
        """Replay the history and score each system's predictions of the winner."""

        def work() -> dict[str, Any]:
            from tablerank.engine.backtest import backtest, backtest_skill, baseline
            from tablerank.engine.history import select
            from tablerank.engine.systems import SYSTEMS, get_system
            from tablerank.engine.systems.base import ReplaySystem
            from tablerank.engine.systems.skill import Skill
            from tablerank.engine.values import Game
            from tablerank.errors import InputError
            from tablerank.formats.reading import read_records
            from tablerank.formats.report import backtest_json

            chosen = select(read_records(files), title=title, group=group, city=city)
            games = sorted((r for r in chosen if isinstance(r, Game)), key=lambda g: g.date)
            names = systems or list(SYSTEMS)
            results = []
            for name in names:
                system = get_system(name)
                if isinstance(system, Skill):
                    scored = backtest_skill(system, games)
                    if scored is not None:
                        results.append(scored)
                    continue
                if not isinstance(system, ReplaySystem) or system.record_type is not Game:
                    if systems:
                        raise InputError(
                            "", "", f"{name} does not rate games one by one", "--system"
                        )
                    continue
                scored = backtest(name, system, games)
                if scored is not None:
                    results.append(scored)
            if not results:
                raise InputError("", "", "no system could predict two games of these records")
            return backtest_json(baseline(games), results)

        emit(guarded(work), output, _print_backtest)


def _print_backtest(data: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    base = data["baseline"]
    table = Table(title=f"Predicting the winner: the later {base['games']} games")
    for heading in ("system", "games", "log-loss", "accuracy", "Brier"):
        table.add_column(heading, justify="left" if heading == "system" else "right")
    table.add_row(
        "uniform guess", str(base["games"]), f"{base['log_loss']:.3f}", "", f"{base['brier']:.3f}"
    )
    for row in sorted(data["systems"], key=lambda r: r["log_loss"]):
        table.add_row(
            row["system"], str(row["games"]), f"{row['log_loss']:.3f}",
            f"{100 * row['accuracy']:.1f}%", f"{row['brier']:.3f}",
        )  # fmt: skip
    Console(highlight=False).print(table)

"""`tablerank predict FILE... --table "Ann,Ben,Cleo,Dan"`: each seat's chance to win, before
the game (docs/systems/skill.md).

No `from __future__ import annotations` here: Typer must see the options' types as objects.
"""

from typing import Annotated, Any

import typer

from tablerank.cli.options import (
    AllowInvalid,
    City,
    Columns,
    Files,
    Format,
    Group,
    Output,
    Params,
    Strict,
    Title,
)
from tablerank.cli.output import emit, guarded

__all__ = ["print_prediction", "register", "seated", "warned"]

PredictSystem = Annotated[
    str,
    typer.Option("--system", "-s", help="skill (its own probabilities; default) or a system "
                 "that rates games one by one (a softmax fitted to its history)."),
]  # fmt: skip
TableOption = Annotated[
    str,
    typer.Option("--table", help='The players in turn order, comma-separated: "Ann,Ben,Cleo".'),
]


def register(app: typer.Typer) -> None:
    """Add the `predict` command to the `tablerank` app."""

    @app.command("predict")
    def predict_command(
        files: Files,
        table: TableOption,
        system: PredictSystem = "skill",
        title: Title = None,
        group: Group = None,
        city: City = None,
        param: Params = None,
        allow_invalid: AllowInvalid = False,
        strict: Strict = False,
        columns: Columns = None,
        output: Format = Output.table,
    ) -> None:
        """Each player's chance to win this table, from the history in FILES."""

        def work() -> dict[str, Any]:
            from tablerank.cli.inputs import inputs, reading
            from tablerank.engine.prediction import predict_table
            from tablerank.formats.report import prediction_json

            players = seated(table)
            filters = {"title": title, "group": group, "city": city}
            given = inputs(
                files, system, param, filters, None, reading(allow_invalid, strict, columns)
            )
            odds = predict_table(given.system, given.records, players)
            return warned(prediction_json(given.system.name, odds))

        emit(guarded(work), output, print_prediction)


def seated(table: str) -> tuple[str, ...]:
    """The names of `--table`, in turn order (the engine checks the table)."""
    return tuple(name.strip() for name in table.split(","))


def warned(result: dict[str, Any]) -> dict[str, Any]:
    """`result`, after a warning on stderr for each newcomer at the table."""
    for name in result["newcomers"]:
        typer.echo(f"tablerank: warning: {name} has no rated game here; "
                   "predicted as a newcomer", err=True)  # fmt: skip
    return result


def print_prediction(data: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(title=f"{data['system']}: who wins this table?", title_justify="left")
    for heading in ("Seat", "Player", "Win", "Expected VP", "Rating"):
        table.add_column(heading, justify="left" if heading == "Player" else "right")
    for seat, row in enumerate(data["table"], 1):
        vp = "" if row["expected_vp"] is None else f"{row['expected_vp']:.1f}"
        table.add_row(
            str(seat), Text(row["player"]), f"{100 * row['win_probability']:.1f}%", vp,
            f"{row['rating']:.3g}",
        )  # fmt: skip
    Console(highlight=False).print(table)

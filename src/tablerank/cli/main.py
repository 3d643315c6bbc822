"""The `tablerank` command: a thin shell that reads files, calls the engine and prints.

Every command prints a readable table by default and the documented JSON with `--format json`.
Bad input ends with one line on stderr naming the file, line and field, and exit status 2.

The sub-commands live in their own modules and import the shared options (`cli.options`),
output (`cli.output`) and inputs (`cli.inputs`), never this module; this module adds them to
the app with their `register(app)`.
"""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer

from tablerank.cli import (
    backtest,
    catan_check,
    cut,
    league,
    lists,
    predict,
    seat,
    seat_report,
    serve,
    standings,
)
from tablerank.cli.inputs import inputs, rating, reading
from tablerank.cli.leaving import leave
from tablerank.cli.options import (
    AllowInvalid,
    City,
    Columns,
    Files,
    Format,
    Group,
    Output,
    OutputFile,
    Params,
    SheetFormat,
    Start,
    Strict,
    SystemName,
    Title,
)
from tablerank.cli.output import emit, emit_rows, guarded
from tablerank.cli.render import print_explanation, print_standings, print_systems
from tablerank.formats.collector import without_cycle_collection
from tablerank.formats.report import (
    RATING_ROWS,
    explanation_json,
    rating_tables_json,
    systems_json,
)

__all__ = ["app", "run"]

app = typer.Typer(
    name="tablerank",
    help="Ratings and standings for tabletop-game communities.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(asked: bool) -> None:
    if asked:
        from importlib.metadata import version

        print(f"tablerank {version('tablerank')}")
        raise typer.Exit(0)


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_version,
            is_eager=True,
            help="Print tablerank's version and exit.",
        ),
    ] = False,
) -> None:
    """Ratings and standings for tabletop-game communities."""


@app.command()
def rate(
    files: Files,
    system: SystemName,
    title: Title = None,
    group: Group = None,
    city: City = None,
    start: Start = None,
    param: Params = None,
    allow_invalid: AllowInvalid = False,
    strict: Strict = False,
    columns: Columns = None,
    output: SheetFormat = None,
    to: OutputFile = None,
) -> None:
    """Rate every game in FILES with one system and print the standings."""

    def rated() -> dict[str, Any]:
        filters = {"title": title, "group": group, "city": city}
        checks = reading(allow_invalid, strict, columns)
        return rating_tables_json(rating(files, system, param, filters, start, checks))

    def work() -> dict[str, Any]:
        # The records are freed before the collector resumes: resuming while they live would
        # walk every one of them at once (0.4 s for 200,000 games).
        with without_cycle_collection():
            return rated()

    emit_rows(work, output, to, print_standings, RATING_ROWS)


@app.command()
def explain(
    files: Files,
    game: Annotated[str, typer.Option("--game", "-g", help="The id of the game to explain.")],
    system: SystemName,
    title: Title = None,
    group: Group = None,
    city: City = None,
    start: Start = None,
    param: Params = None,
    allow_invalid: AllowInvalid = False,
    strict: Strict = False,
    columns: Columns = None,
    output: Format = Output.table,
) -> None:
    """Explain what one game did to each player's number in one system, and why."""

    def work() -> dict[str, Any]:
        filters = {"title": title, "group": group, "city": city}
        given = inputs(
            files, system, param, filters, start, reading(allow_invalid, strict, columns)
        )
        return explanation_json(given.system.explain(given.records, game, given.start))

    emit(guarded(work), output, print_explanation)


@app.command()
def systems(output: Format = Output.table) -> None:
    """List the rating systems, their sources, parameters and defaults."""
    emit(systems_json(), output, print_systems, as_json=lambda found: {"systems": found})


catan_check.register(app)
standings.register(app)
seat.register(app)
cut.register(app)
seat_report.register(app)
backtest.register(app)
predict.register(app)
lists.register(app)
league.register(app)
serve.register(app)


def run() -> None:
    """Console-script entry point: the command, then out without the interpreter's teardown
    (`cli.leaving`)."""
    try:
        app()
    except SystemExit as done:
        leave(done.code)
    except OSError as exc:  # the output could not be written (a full disk): no traceback
        print(f"tablerank: error: {exc}", file=sys.stderr)
        leave(1)
    leave(0)

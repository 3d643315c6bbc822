"""The `tablerank` command: a thin shell that reads files, calls the engine and prints.

Every command prints a readable table by default and the documented JSON with `--format json`.
Bad input ends with one line on stderr naming the file, line and field, and exit status 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from tablerank.engine.history import select
from tablerank.engine.records import Game
from tablerank.engine.systems import SYSTEMS, get_system
from tablerank.engine.systems.base import Record, System
from tablerank.errors import InvalidGames, InvalidParameter, TablerankError
from tablerank.formats.reading import read_records, read_start
from tablerank.formats.report import explanation_json, rating_table_json, systems_json

__all__ = ["app", "run"]

app = typer.Typer(
    name="tablerank",
    help="Ratings and standings for tabletop-game communities.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

T = TypeVar("T")


class Output(StrEnum):
    table = "table"
    json = "json"


Files = Annotated[
    list[Path], typer.Argument(help="Game records: JSON Lines, a JSON array, or CSV.")
]
SystemName = Annotated[str, typer.Option("--system", "-s", help=f"One of: {', '.join(SYSTEMS)}.")]
Params = Annotated[
    list[str] | None,
    typer.Option("--param", "-p", help="A system parameter, NAME=VALUE (see `tablerank systems`)."),
]
Start = Annotated[
    Path | None,
    typer.Option("--start", help='Starting ratings, a JSON object {"player": rating}.'),
]
Format = Annotated[Output, typer.Option("--format", "-f", help="table (default) or json.")]
Title = Annotated[
    str | None, typer.Option("--title", help="Only games of this title (catan, Kremlin, ...).")
]
Group = Annotated[str | None, typer.Option("--group", help="Only games of this game group.")]
City = Annotated[str | None, typer.Option("--city", help="Only games played in this city.")]
AllowInvalid = Annotated[
    bool,
    typer.Option(
        "--allow-invalid",
        help="Rate Catan games that fail validation (legacy data) instead of refusing.",
    ),
]


def _guarded(action: Callable[[], T]) -> T:
    """Run `action`; turn tablerank's errors into one line on stderr and exit status 2."""
    try:
        return action()
    except TablerankError as exc:
        typer.echo(f"tablerank: error: {exc}", err=True)
        raise typer.Exit(2) from None


def _parameters(pairs: Sequence[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs or ():
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise InvalidParameter(f"expected --param NAME=VALUE, got {pair!r}")
        out[name.strip()] = value
    return out


def _checked(records: list[Record], allow_invalid: bool) -> list[Record]:
    """Refuse Catan games with validation errors unless the user allows them (issue 3)."""
    if allow_invalid:
        return records
    from tablerank.catan.validation import validate

    failing = [f for f in validate(r for r in records if isinstance(r, Game)) if f.errors]
    if failing:
        first = failing[0]
        more = f" (and {len(failing) - 1} more games)" if len(failing) > 1 else ""
        raise InvalidGames(
            f"game {first.id}: {first.errors[0]}{more}; see `tablerank validate`, "
            "or rate anyway with --allow-invalid"
        )
    return records


@dataclass(frozen=True)
class _Inputs:
    """What `rate` and `explain` read before calling the engine."""

    system: System
    records: list[Record]
    start: dict[str, float] | None


def _inputs(
    files: Sequence[Path],
    system: str,
    param: Sequence[str] | None,
    filters: dict[str, str | None],
    start: Path | None,
    allow_invalid: bool,
) -> _Inputs:
    chosen = get_system(system, _parameters(param))
    records = select(read_records(files), **filters)
    return _Inputs(chosen, _checked(records, allow_invalid), read_start(start) if start else None)


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


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
    output: Format = Output.table,
) -> None:
    """Rate every game in FILES with one system and print the standings."""

    def work() -> dict[str, Any]:
        filters = {"title": title, "group": group, "city": city}
        given = _inputs(files, system, param, filters, start, allow_invalid)
        return rating_table_json(given.system.rate(given.records, given.start))

    result = _guarded(work)
    if output is Output.json:
        _print_json(result)
    else:
        from tablerank.cli.render import print_standings

        print_standings(result)


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
    output: Format = Output.table,
) -> None:
    """Explain what one game did to each player's number in one system, and why."""

    def work() -> dict[str, Any]:
        filters = {"title": title, "group": group, "city": city}
        given = _inputs(files, system, param, filters, start, allow_invalid)
        return explanation_json(given.system.explain(given.records, game, given.start))

    result = _guarded(work)
    if output is Output.json:
        _print_json(result)
    else:
        from tablerank.cli.render import print_explanation

        print_explanation(result)


@app.command()
def systems(output: Format = Output.table) -> None:
    """List the rating systems, their sources, parameters and defaults."""
    result = systems_json()
    if output is Output.json:
        _print_json({"systems": result})
    else:
        from tablerank.cli.render import print_systems

        print_systems(result)


from tablerank.cli import catan_check  # noqa: E402

catan_check.register(app)

from tablerank.cli import standings as standings_command  # noqa: E402

standings_command.register(app)

from tablerank.cli import lists as lists_command  # noqa: E402

lists_command.register(app)

from tablerank.cli import league as league_command  # noqa: E402

league_command.register(app)


def run() -> None:
    """Console-script entry point."""
    app()


from tablerank.cli import serve as serve_command  # noqa: E402

serve_command.register(app)

"""`tablerank lists monthly|annual`: Catan Online World ranking lists from plain files.

The JSON is `tablerank.formats.report.lists_json`; `print_list` is the table, which
`tablerank league lists` prints too.

No `from __future__ import annotations` here: Typer must see the options' types as objects.
"""

from typing import Annotated, Any

import typer

from tablerank.cli.inputs import checked, filtered, read_files, reading
from tablerank.cli.options import AllowInvalid, Columns, Files, OutputFile, SheetFormat, Strict
from tablerank.cli.output import emit_rows, warn
from tablerank.engine.history import unmatched
from tablerank.engine.lists import MIN_GAMES, RankingList, annual_list, monthly_list
from tablerank.errors import NothingSelected
from tablerank.formats.report import ANNUAL_ROWS, MONTHLY_ROWS, lists_json

__all__ = ["print_list", "register"]

lists_app = typer.Typer(
    help="Catan Online World ranking lists: monthly (with gold), Open, annual.",
    no_args_is_help=True,
)

CityOption = Annotated[
    str | None,
    typer.Option("--city", help="The city's list (with gold); leave out for the Open List."),
]
GroupOption = Annotated[
    str | None, typer.Option("--group", help="The game group (needed when games span several).")
]
MinGames = Annotated[
    int, typer.Option("--min-games", min=1, help="Games needed in the month to be listed.")
]
ScoreOption = Annotated[
    str, typer.Option("--score", help="Monthly score: average points per game, or total.")
]


def print_list(result: dict[str, Any]) -> None:
    """A ranking list's table (from its JSON), then who is not listed and why."""
    from rich.table import Table
    from rich.text import Text

    from tablerank.cli.long_tables import print_table
    from tablerank.cli.render import console

    where = result["city"] or "all cities (Open List)"
    table = Table(
        title=Text(f"{result['kind']} list {result['period']}, {where}, group {result['group']}"),
        title_justify="left",
    )
    shown = ("place", "player", "score", "games", "gold", "months")
    first = result["list"][0] if result["list"] else {"place": 0, "player": "", "score": 0}
    columns = [c for c in shown if c in first]
    for column in columns:
        table.add_column(column.capitalize(), justify="left" if column == "player" else "right")
    for row in result["list"]:
        table.add_row(*(Text(_cell(row[c])) for c in columns))
    print_table(console(), table)
    for item in result["not_listed"]:
        console().print(Text(f"  not listed: {item['player']}: {item['reason']}"))


def _cell(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".")
    return str(value)


@lists_app.command("monthly")
def monthly(
    files: Files,
    month: Annotated[str, typer.Option("--month", help="The month, YYYY-MM.")],
    city: CityOption = None,
    group: GroupOption = None,
    min_games: MinGames = MIN_GAMES,
    score: ScoreOption = "average",
    allow_invalid: AllowInvalid = False,
    strict: Strict = False,
    columns: Columns = None,
    output: SheetFormat = None,
    to: OutputFile = None,
) -> None:
    """A city's Monthly List with gold, or the Open List across cities."""

    def work() -> dict[str, Any]:
        options = reading(allow_invalid, strict, columns)
        records = checked(read_files(files, options), options)
        warn(unmatched(records, city=city, group=group))
        found = monthly_list(
            records, month=month, city=city, group=group, min_games=min_games, score=score
        )
        return lists_json(_something(found, month, city, group))

    emit_rows(work, output, to, print_list, MONTHLY_ROWS)


@lists_app.command("annual")
def annual(
    files: Files,
    year: Annotated[int, typer.Option("--year", help="The year, YYYY.")],
    city: CityOption = None,
    group: GroupOption = None,
    min_games: MinGames = MIN_GAMES,
    score: ScoreOption = "average",
    basic_group: Annotated[
        str, typer.Option("--basic-group", help="The Basic Game group, open to free accounts.")
    ] = "base",
    allow_invalid: AllowInvalid = False,
    strict: Strict = False,
    columns: Columns = None,
    output: SheetFormat = None,
    to: OutputFile = None,
) -> None:
    """The annual score: four best monthly places, 150 for each missing month."""

    def work() -> dict[str, Any]:
        options = reading(allow_invalid, strict, columns)
        records = checked(read_files(files, options), options)
        warn(unmatched(records, city=city, group=group))
        found = annual_list(
            records,
            year=year,
            city=city,
            group=group,
            min_games=min_games,
            score=score,
            basic_group=basic_group,
        )
        return lists_json(_something(found, str(year), city, group))

    emit_rows(work, output, to, print_list, ANNUAL_ROWS)


def _something(found: RankingList, period: str, city: str | None, group: str | None) -> RankingList:
    """The list, unless no game counts in it: then said, and the command exits 1."""
    if found.entries or found.not_listed:
        return found
    where = f" {filtered({'city': city, 'group': group})}" if city or group else ""
    raise NothingSelected(f"no game{where} in {period}: the list is empty")


def register(app: typer.Typer) -> None:
    """Add `lists monthly|annual` to the `tablerank` app."""
    app.add_typer(lists_app, name="lists")

"""`tablerank lists monthly|annual`: Catan Online World ranking lists from plain files."""

from typing import Annotated, Any

import typer

from tablerank.engine.lists import (
    MIN_GAMES,
    AnnualEntry,
    MonthlyEntry,
    RankingList,
    annual_list,
    monthly_list,
)
from tablerank.formats.reading import read_records

__all__ = ["lists_json", "register"]

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


def lists_json(result: RankingList) -> dict[str, Any]:
    rows: list[dict[str, Any]] = []
    for entry in result.entries:
        if isinstance(entry, MonthlyEntry):
            rows.append(
                {"player": entry.player, "place": entry.place, "score": round(entry.score, 9),
                 "games": entry.games, "gold": entry.gold}
            )  # fmt: skip
        else:
            assert isinstance(entry, AnnualEntry)
            rows.append(
                {"player": entry.player, "place": entry.place, "score": entry.score,
                 "months": list(entry.months)}
            )  # fmt: skip
    return {
        "kind": result.kind,
        "period": result.period,
        "city": result.city,
        "group": result.group,
        "list": rows,
        "not_listed": [{"player": n.player, "reason": n.reason} for n in result.not_listed],
    }


def _show(result: dict[str, Any], as_json: bool) -> None:
    from tablerank.cli import main

    if as_json:
        main._print_json(result)
        return
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

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
    console = Console(highlight=False)
    console.print(table)
    for item in result["not_listed"]:
        console.print(Text(f"  not listed: {item['player']}: {item['reason']}"))


def _cell(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".")
    return str(value)


def register(app: typer.Typer) -> None:
    from tablerank.cli import main

    @lists_app.command("monthly")
    def monthly(
        files: main.Files,
        month: Annotated[str, typer.Option("--month", help="The month, YYYY-MM.")],
        city: CityOption = None,
        group: GroupOption = None,
        min_games: MinGames = MIN_GAMES,
        score: ScoreOption = "average",
        allow_invalid: main.AllowInvalid = False,
        output: main.Format = main.Output.table,
    ) -> None:
        """A city's Monthly List with gold, or the Open List across cities."""

        def work() -> dict[str, Any]:
            records = main._checked(read_records(files), allow_invalid)
            return lists_json(
                monthly_list(
                    records,
                    month=month,
                    city=city,
                    group=group,
                    min_games=min_games,
                    score=score,
                )
            )

        _show(main._guarded(work), output is main.Output.json)

    @lists_app.command("annual")
    def annual(
        files: main.Files,
        year: Annotated[int, typer.Option("--year", help="The year, YYYY.")],
        city: CityOption = None,
        group: GroupOption = None,
        min_games: MinGames = MIN_GAMES,
        score: ScoreOption = "average",
        basic_group: Annotated[
            str, typer.Option("--basic-group", help="The Basic Game group, open to free accounts.")
        ] = "base",
        allow_invalid: main.AllowInvalid = False,
        output: main.Format = main.Output.table,
    ) -> None:
        """The annual score: four best monthly places, 150 for each missing month."""

        def work() -> dict[str, Any]:
            records = main._checked(read_records(files), allow_invalid)
            return lists_json(
                annual_list(
                    records,
                    year=year,
                    city=city,
                    group=group,
                    min_games=min_games,
                    score=score,
                    basic_group=basic_group,
                )
            )

        _show(main._guarded(work), output is main.Output.json)

    app.add_typer(lists_app, name="lists")

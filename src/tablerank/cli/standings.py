"""`tablerank standings`: a Catan tournament's standings with every tiebreak shown (seed 002).

`register(app)` adds the command; main.py calls it. Bad input, an unknown event or scoring name,
or no Catan game to rank end with one line on stderr and exit status 2, like every command.
The JSON is `tablerank.formats.report.tournament_json`.

No `from __future__ import annotations` here: Typer must see the options' types as objects.
"""

from typing import TYPE_CHECKING, Annotated, Any

import typer

from tablerank.cli.options import Columns, Files, OutputFile, SheetFormat, Strict
from tablerank.cli.output import emit_rows
from tablerank.formats.report import TOURNAMENT_ROWS, tournament_json

if TYPE_CHECKING:
    from tablerank.tournament.standings import TournamentStandings

__all__ = ["print_tournament", "register"]

EventOption = Annotated[
    str | None, typer.Option("--event", help="Only the games of this event (case-insensitive).")
]
ScoringOption = Annotated[
    str | None,
    typer.Option(
        "--scoring",
        help="How to order the players: wins (seed 002, the default) or a championship "
        "points preset such as 5-3-2-1; see docs/standings.md.",
    ),
]
SeedOption = Annotated[
    int | None,
    typer.Option(
        "--seed",
        min=0,
        help="Seed for the drawing of lots, 0 or more (default: derived from the game ids).",
    ),
]


def register(app: typer.Typer) -> None:
    """Add the `standings` command to the `tablerank` app."""

    @app.command("standings")
    def standings_command(
        files: Files,
        event: EventOption = None,
        scoring: ScoringOption = None,
        seed: SeedOption = None,
        strict: Strict = False,
        columns: Columns = None,
        output: SheetFormat = None,
        to: OutputFile = None,
    ) -> None:
        """Tournament standings of the Catan games in FILES, and the tiebreak between neighbours."""

        def work() -> "TournamentStandings":
            from tablerank.cli.inputs import read_files, reading
            from tablerank.tournament.scoring import DEFAULT_SCORING
            from tablerank.tournament.standings import tournament_standings

            records = read_files(files, reading(False, strict, columns))
            chosen = scoring or DEFAULT_SCORING  # one default for the CLI and the league
            return tournament_standings(records, event=event, scoring=chosen, seed=seed)

        emit_rows(work, output, to, print_tournament, TOURNAMENT_ROWS, as_json=tournament_json)


def _shown(x: Any, decimals: int) -> str:
    text = f"{float(x):.{decimals}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def print_tournament(result: "TournamentStandings") -> None:
    """A readable table; names are plain Text, never Rich markup."""
    from rich import box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(highlight=False)
    points = bool(result.scoring.points)
    where = f" of event {result.event}" if result.event is not None else ""
    table = Table(
        title=Text(f"Standings{where}, scoring {result.scoring.name}"),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        collapse_padding=True,
    )
    headers = ["#", "Player", "Games", "Wins", *(["Points"] if points else [])]
    for header in [*headers, "VP", "VP%", "2nd", "3rd", "Lot"]:
        if header == "Player":
            table.add_column(header, no_wrap=True)
        else:
            table.add_column(header, justify="right")
    table.add_column("Separated by", no_wrap=True)
    for r in result.rows:
        cells = [str(r.rank), r.player, str(r.games), str(r.wins)]
        if r.points is not None:
            cells.append(_shown(r.points, 3))
        cells += [_shown(r.vp, 3), _shown(r.vp_percent, 2), str(r.seconds), str(r.thirds)]
        cells += [str(r.lot), r.separated_by or ""]
        table.add_row(*(Text(c) for c in cells))
    console.print(table)
    console.print(Text(f"Scoring: {result.scoring.title}"))
    console.print(Text("Order: " + " > ".join(result.scoring.criteria)))
    console.print(Text(_seed_line(result)))
    for item in result.left_out:
        console.print(Text(f"Left out: {item.record}: {item.reason}"))


def _seed_line(result: "TournamentStandings") -> str:
    how = "from the game ids" if result.seed_derived else "given"
    return f"Seed: {result.seed} ({how}); --seed {result.seed} draws the same lots"

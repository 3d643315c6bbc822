"""The options several commands share, as `Annotated` types Typer reads.

No `from __future__ import annotations` here: Typer must see these types as objects.
"""

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from tablerank.engine.systems import SYSTEMS

__all__ = [
    "AllowInvalid",
    "City",
    "Columns",
    "Files",
    "Format",
    "Group",
    "Output",
    "OutputFile",
    "Params",
    "SheetFormat",
    "SheetOutput",
    "Start",
    "Strict",
    "SystemName",
    "Title",
]


class Output(StrEnum):
    table = "table"
    json = "json"


class SheetOutput(StrEnum):
    """What the commands that print rows (standings, lists, backtest) can print."""

    table = "table"
    json = "json"
    csv = "csv"


Files = Annotated[
    list[Path],
    typer.Argument(
        help="Game records: JSON Lines, a JSON array, CSV, .xlsx, a BG Stats export or BGG plays."
    ),
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
SheetFormat = Annotated[
    SheetOutput | None,
    typer.Option(
        "--format",
        "-f",
        help="table (default), json, or csv (one row per line, for a spreadsheet).",
    ),
]
OutputFile = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        help="Write to FILE instead of stdout, as its extension says: .csv, .xlsx (a workbook) "
        "or .json.",
    ),
]
Title = Annotated[
    str | None, typer.Option("--title", help="Only games of this title (catan, Kremlin, ...).")
]
Group = Annotated[str | None, typer.Option("--group", help="Only games of this game group.")]
City = Annotated[str | None, typer.Option("--city", help="Only games played in this city.")]
AllowInvalid = Annotated[
    bool,
    typer.Option(
        "--allow-invalid",
        help="Rate Catan games that fail validation (legacy data) instead of leaving them out.",
    ),
]
Columns = Annotated[
    str | None,
    typer.Option(
        "--columns",
        help="A spreadsheet's own headers mapped onto the records' columns: "
        'id="Game No",date=Date,player=Name,vp=Points,winner=Winner (a winner column may hold the '
        "winner's name); the sheet's other columns are left out.",
    ),
]
Strict = Annotated[
    bool,
    typer.Option(
        "--strict",
        help="Refuse the files at the first play that cannot be rated, instead of reporting it "
        "and rating the others.",
    ),
]

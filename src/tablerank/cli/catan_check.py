"""`tablerank variants` and `tablerank validate`: the Catan catalog and result checks (seed 002).

`register(app)` adds both commands; main.py calls it. `validate` lists the games with errors or
warnings (every game with `--verbose`) and a summary, and exits 1 when any game has an error, 0
otherwise; a file that cannot be read as records at all
(malformed JSON, a missing id) still exits 2 like every other command. Rich is
imported only when a table is printed, to keep the command's start-up fast.

No `from __future__ import annotations` here: Typer must see the options' types as objects.
"""

from typing import Annotated, Any

import typer

from tablerank.catan.validation import findings_json
from tablerank.catan.variants import catalog_json
from tablerank.cli.options import Columns, Files, Format, Output
from tablerank.cli.output import emit, guarded
from tablerank.formats.checking import check_files

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    """Add the `validate` and `variants` commands to the `tablerank` app."""

    @app.command("validate")
    def validate_command(
        files: Files,
        columns: Columns = None,
        output: Format = Output.table,
        verbose: Annotated[
            bool, typer.Option("--verbose", "-v", help="Also list every game that checks out.")
        ] = False,
    ) -> None:
        """Check every game in FILES, and every Catan game against its variant.

        Lists the games with errors or warnings, then a summary; exits 1 when any game has an
        error, 2 when a file cannot be read as records at all."""

        def work() -> tuple[dict[str, Any], int]:
            from tablerank.cli.inputs import reading

            checked = check_files(files, reading(False, False, columns).columns)
            return findings_json(checked.findings), checked.not_checked

        result, skipped = guarded(work)
        emit(result, output, lambda found: print_findings(found, skipped, verbose=verbose))
        if any(g["errors"] for g in result["games"]):
            raise typer.Exit(1)

    @app.command()
    def variants(output: Format = Output.table) -> None:
        """List the Catan variants: target VP, table sizes and VP sources with their maximums."""
        emit(catalog_json(), output, print_catalog, as_json=lambda found: {"variants": found})


def print_findings(result: dict[str, Any], skipped: int, *, verbose: bool = False) -> None:
    """One line per game with errors or warnings (per game, with `verbose`), then its errors
    and warnings, then a summary."""
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False)
    games = result["games"]
    for g in games:
        status = "error" if g["errors"] else ("warning" if g["warnings"] else "ok")
        if status == "ok" and not verbose:
            continue
        style = {"error": "bold red", "warning": "yellow", "ok": "green"}[status]
        line = Text(f"{status:<7}", style=style)
        line.append(Text(f" {g['id']}"))
        console.print(line, soft_wrap=True)
        for message in g["errors"]:
            console.print(Text(f"  error: {message}"), soft_wrap=True)
        for message in g["warnings"]:
            console.print(Text(f"  warning: {message}"), soft_wrap=True)
    bad = sum(1 for g in games if g["errors"])
    odd = sum(1 for g in games if g["warnings"] and not g["errors"])
    summary = f"{_count(len(games), 'game')}: {bad} with errors, {odd} with warnings only"
    if skipped == 1:
        summary += "; 1 game of another title without variant checks"
    elif skipped:
        summary += f"; {skipped} games of other titles without variant checks"
    console.print(Text(summary, style="bold"), soft_wrap=True)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def print_catalog(catalog: list[dict[str, Any]]) -> None:
    """A table of sources per variant."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(highlight=False)
    for v in catalog:
        players = v["players"]
        target = f"{v['target']} VP" + (" (scenario sets it)" if v["scenario_target"] else "")
        kind = "documented maximum" if v["maximum_documented"] else "sum of source maximums"
        heading = Text(f"{v['name']}", style="bold")
        heading.append(Text(f"  {v['title']}"))
        console.print(heading, soft_wrap=True)
        console.print(
            Text(
                f"  target {target}; {players['min']}-{players['max']} players; "
                f"{kind} {v['maximum']} VP"
            ),
            soft_wrap=True,
        )
        table = Table()
        table.add_column("Source")
        table.add_column("Points", justify="right")
        table.add_column("Max", justify="right")
        table.add_column("Single holder")
        table.add_column("Replaces")
        for s in v["sources"]:
            table.add_row(
                Text(s["key"]),
                str(s["points"]),
                str(s["max"]),
                "yes" if s["single_holder"] else "",
                Text(s["replaces"] or ""),
            )
        console.print(table)

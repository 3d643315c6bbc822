"""What the league commands print: the import's summary, the confirmed history, and one
player's changes, as tables or as JSON (the shapes of `tablerank.formats`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from tablerank.cli.options import Output
from tablerank.cli.output import emit
from tablerank.formats.records import game_json
from tablerank.formats.report import history_step_json

if TYPE_CHECKING:
    from tablerank.engine.records import Game
    from tablerank.league.queries import HistoryEntry
    from tablerank.league.services import ImportSummary

__all__ = ["history_json", "print_history", "print_player_history", "print_summary"]


def print_summary(summary: ImportSummary, slug: str, output: Output) -> None:
    """How many records were imported, already present and rejected, and why each was."""

    def table(done: ImportSummary) -> None:
        typer.echo(
            f"league {slug}: imported {len(done.imported)}, already present "
            f"{len(done.already_present)}, rejected {len(done.rejected)}"
        )
        for rid, why in done.rejected:
            typer.echo(f"  rejected {rid}: {why}")

    emit(summary, output, table, as_json=lambda done: done.as_json(slug))


def print_history(games: list[Game], slug: str, output: Output) -> None:
    """The league's confirmed games in play order."""
    emit(
        games,
        output,
        lambda shown: _history_table(shown, slug),
        as_json=lambda shown: {"league": slug, "games": [game_json(g) for g in shown]},
    )


def _history_table(games: list[Game], slug: str) -> None:
    from rich.table import Table
    from rich.text import Text

    from tablerank.cli.long_tables import print_table
    from tablerank.cli.render import console

    table = Table(title=Text(f"league {slug}: confirmed games"), title_justify="left")
    for column in ("Date", "Id", "Game", "Group", "City", "Places"):
        table.add_column(column)
    for game in games:
        places = ", ".join(
            f"{s.place}. {s.player}" if s.place is not None else f"- {s.player}"
            for s in sorted(game.seats, key=lambda s: (s.place is None, s.place or 0))
        )
        table.add_row(
            *(Text(v) for v in (game.date.isoformat(), game.id, game.game, game.group,
                                game.city or "", places))
        )  # fmt: skip
    print_table(console(), table)


def history_json(
    slug: str, entries: list[HistoryEntry], player: str, system: str
) -> dict[str, Any]:
    """One player's changes in one system, each with its one-line summary and explanation."""
    return {
        "league": slug,
        "player": entries[0].player if entries else player,
        "system": system,
        "history": [history_step_json(e, summary=True) for e in entries],
    }


def print_player_history(result: dict[str, Any]) -> None:
    """One player's changes as a table (from `history_json`)."""
    from rich.table import Table
    from rich.text import Text

    from tablerank.cli.render import console, num

    title = f"league {result['league']}: {result['player']} in {result['system']}"
    table = Table(title=Text(title), title_justify="left")
    rows = result["history"]
    with_lists = any(row["list"] for row in rows)
    for column in ("Date", "Game", *(["List"] if with_lists else []), "Before", "After"):
        table.add_column(column, justify="right" if column in ("Before", "After") else "left")
    table.add_column("Change, and why")
    for row in rows:
        cells = [row["date"], row["game"], *([row["list"]] if with_lists else [])]
        table.add_row(
            *(Text(c) for c in cells), num(row["before"]), num(row["after"]), Text(row["summary"])
        )
    console().print(table)
    if rows:
        console().print(Text("Every term in full: --format json"))

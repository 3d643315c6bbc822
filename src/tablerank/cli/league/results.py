"""`league import|confirm|dispute|void|correct|export`: a league's results, through the
league services.

No `from __future__ import annotations` here: Typer must see the options' types as objects.
"""

import getpass
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from tablerank.cli.league import access
from tablerank.cli.league.options import By, GameId, PlayerName, Slug
from tablerank.cli.league.show import print_summary
from tablerank.cli.league.transfer import export_lines, progress_bar
from tablerank.cli.options import Columns, Files, Format, Output, Strict
from tablerank.cli.output import CannotWrite, guarded, warn

if TYPE_CHECKING:
    from tablerank.league.models import League
    from tablerank.league.services import ImportSummary

__all__ = ["confirm", "correct", "dispute", "export", "import_", "void"]


def import_(
    slug: Slug,
    files: Files,
    as_user: Annotated[
        str | None,
        typer.Option("--as", help="Who records the results (default: your login name)."),
    ] = None,
    pending: Annotated[
        bool,
        typer.Option("--pending", help="Record results as submitted, waiting for their players."),
    ] = False,
    strict: Strict = False,
    columns: Columns = None,
    output: Format = Output.table,
) -> None:
    """Import results; games already present (same id and content) are skipped."""

    def work() -> "ImportSummary":
        from tablerank.cli.inputs import reading
        from tablerank.league.services import CONSOLE, import_files

        mapping = reading(False, strict, columns).columns
        league = access.league(slug)
        by = access.user(as_user or getpass.getuser())
        with progress_bar() as step:
            return import_files(league, files, by, pending=pending, acting=CONSOLE, progress=step,
                                strict=strict, columns=mapping)  # fmt: skip

    summary = guarded(lambda: access.run(work))
    warn(why for _, why in summary.notes)
    warn(why for _, why in summary.skipped)
    print_summary(summary, slug, output)
    if summary.rejected:
        raise typer.Exit(1)


def confirm(slug: Slug, game_id: GameId, player: PlayerName) -> None:
    """Confirm a result for one player's seat."""

    def work() -> str:
        from tablerank.league import services

        league = access.league(slug)
        record = access.game(league, game_id)
        signer = access.player(league, player)
        services.confirm(record, signer, access.account(signer))
        return services.verification(record).summary

    summary = guarded(lambda: access.run(work))
    typer.echo(f"{game_id}: {player} confirmed; {summary}")


def dispute(
    slug: Slug,
    game_id: GameId,
    player: PlayerName,
    why: Annotated[str, typer.Option("--why", help="Why the result is wrong.")],
) -> None:
    """Dispute a pending result for one player's seat."""

    def work() -> str:
        from tablerank.league import services

        league = access.league(slug)
        record = access.game(league, game_id)
        signer = access.player(league, player)
        services.dispute(record, signer, access.account(signer), why)
        return services.verification(record).summary

    summary = guarded(lambda: access.run(work))
    typer.echo(f"{game_id}: {summary}")


def void(
    slug: Slug,
    game_id: GameId,
    why: Annotated[str, typer.Option("--why", help="Why the result is voided.")],
    by: By,
) -> None:
    """Void a result: it stays stored, with who, when and why, and leaves the history."""

    def work() -> None:
        from tablerank.league import services

        league = access.league(slug)
        services.void_game(access.game(league, game_id), access.user(by), why)

    guarded(lambda: access.run(work))
    typer.echo(f"{game_id}: voided by {by}: {why.strip()}")


def correct(
    slug: Slug,
    game_id: GameId,
    file: Annotated[
        Path, typer.Argument(help="The replacement game: a file holding one game record.")
    ],
    why: Annotated[str, typer.Option("--why", help="Why the result is corrected.")],
    by: By,
) -> None:
    """Correct a result: void it and record the replacement in its place in the play order."""

    def work() -> str:
        from tablerank.league import services

        replacement = access.one_game(file)
        league = access.league(slug)
        original = access.game(league, game_id)
        record = services.correct_game(original, replacement, access.user(by), why)
        return record.external_id

    new_id = guarded(lambda: access.run(work))
    renamed = f" (now {new_id})" if new_id != game_id else ""
    typer.echo(f"{game_id}: corrected by {by}{renamed}: {why.strip()}")


def export(
    slug: Slug,
    output_file: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here instead of stdout.")
    ] = None,
) -> None:
    """Export every record (voided ones too) as JSON Lines."""

    def work() -> int:
        league = access.league(slug)
        if output_file is None:
            return _write_lines(league, sys.stdout)
        try:
            with output_file.open("w", encoding="utf-8") as out:
                return _write_lines(league, out)
        except OSError as exc:
            raise CannotWrite(f"{output_file}: cannot write: {exc}") from None

    count = guarded(lambda: access.run(work))
    if output_file is not None:
        typer.echo(f"exported {count} records of league {slug} to {output_file}", err=True)


def _write_lines(league: "League", out: TextIO) -> int:
    """Write the league's records to `out` as they are read; returns how many."""
    count = 0
    for line in export_lines(league):
        out.write(json.dumps(line, ensure_ascii=False) + "\n")
        count += 1
    return count


COMMANDS: dict[str, Callable[..., None]] = {
    "import": import_,
    "confirm": confirm,
    "dispute": dispute,
    "void": void,
    "correct": correct,
    "export": export,
}
"""The commands by name, in the order `tablerank league --help` lists them."""

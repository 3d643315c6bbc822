"""`league backup|restore|verify|rebuild`: the operator's commands, through
`tablerank.league.services.backups` and `tablerank.league.services.verifying`.

Backup and restore run with the site's settings (every app's tables, like `init`).

No `from __future__ import annotations` here: Typer must see the options' types as objects.
"""

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tablerank.cli.league import access
from tablerank.cli.league.options import Slug
from tablerank.cli.output import guarded

if TYPE_CHECKING:
    from tablerank.league.services import Difference, Summary

__all__ = ["backup", "rebuild", "restore", "verify"]

BackupFile = Annotated[Path, typer.Argument(help="The backup file (gzip-compressed JSON Lines).")]


def backup(file: BackupFile) -> None:
    """Write a consistent copy of the whole database to FILE while the site runs."""

    def work() -> "Summary":
        from tablerank.league.services import take_backup

        return take_backup(file)

    summary = guarded(lambda: access.run(work, access.SITE_SETTINGS))
    size = file.stat().st_size
    shown = f"{size / 1e6:,.1f} MB" if size >= 1e6 else f"{size / 1e3:,.0f} kB"
    typer.echo(
        f"backup written to {file}: {summary.total:,} rows of {len(summary.rows)} tables, "
        f"{shown}, taken at {summary.taken_at}"
    )


def restore(
    file: BackupFile,
    replace: Annotated[
        bool,
        typer.Option("--replace", help="Delete everything in the database first."),
    ] = False,
) -> None:
    """Load a backup into an empty database (after `tablerank league init`), all or nothing."""

    def work() -> "Summary":
        from tablerank.league.services import restore

        return restore(file, replace=replace)

    summary = guarded(lambda: access.run(work, access.SITE_SETTINGS))
    typer.echo(
        f"restored {summary.total:,} rows of {len(summary.rows)} tables from {file} "
        f"(taken at {summary.taken_at})"
    )


def verify(slug: Slug) -> None:
    """Check that every table the league keeps equals a replay of its confirmed history; exit
    status 1 and what differs where any does."""

    def work() -> "list[Difference]":
        from tablerank.league.services import verify

        return verify(access.league(slug))

    found = guarded(lambda: access.run(work))
    if not found:
        typer.echo(f"league {slug}: every kept table equals a replay of its confirmed history")
        return
    for difference in found:
        typer.echo(f"differs: {difference}")
    typer.echo(f"league {slug}: {len(found)} kept lists or months differ; `rebuild` mends them")
    raise typer.Exit(1)


def rebuild(slug: Slug) -> None:
    """Recompute every table the league keeps from its confirmed history."""

    def work() -> "list[Difference]":
        from tablerank.league.services import rebuild

        return rebuild(access.league(slug))

    found = guarded(lambda: access.run(work))
    for difference in found:
        typer.echo(f"mended: {difference}")
    typer.echo(f"league {slug}: rebuilt from its confirmed history ({len(found)} differed)")


COMMANDS: dict[str, Callable[..., None]] = {
    "backup": backup,
    "restore": restore,
    "verify": verify,
    "rebuild": rebuild,
}
"""The commands by name, in the order `tablerank league --help` lists them."""

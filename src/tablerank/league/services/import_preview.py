"""Before an import (issue 13): new names mapped onto the league's players, and the uploaded
file waiting for its confirmation. The web's import page shows the preview (`file_import`'s
import run and rolled back), lets an organizer map each new name (a typo, another spelling)
onto an existing player (`mapped_onto`, `with_names`), and then imports for real.

The uploaded file waits for the confirmation in a folder of its own (`new_upload_folder`),
deleted when the import is confirmed or cancelled (`drop_upload`), or else after
`UPLOAD_KEPT`: each new upload first deletes those left longer (so no scheduled job is needed).
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import stat
import tempfile
import time
from collections.abc import Mapping, Sequence
from datetime import timedelta
from pathlib import Path

from tablerank.engine.records import Event, Game
from tablerank.league.errors import LeagueError
from tablerank.league.models import League, Player

__all__ = [
    "UPLOAD_KEPT",
    "drop_upload",
    "mapped_onto",
    "new_upload_folder",
    "sweep_uploads",
    "with_names",
]

UPLOAD_KEPT = timedelta(days=1)
"""How long an upload waits for its confirmation or cancellation."""
_PREFIX = "tablerank-import-"


def with_names(
    records: Sequence[Game | Event], onto: Mapping[str, str]
) -> tuple[list[Game | Event], list[tuple[str, str]]]:
    """The records with each name of `onto` (a new name, casefolded: `mapped_onto`) replaced
    by the league's player it names; and the records it would seat one player twice at,
    rejected."""
    kept: list[Game | Event] = []
    rejected: list[tuple[str, str]] = []
    for record in records:
        renamed = _renamed(record, onto)
        rows = renamed.seats if isinstance(renamed, Game) else renamed.standings
        names = [row.player.casefold() for row in rows]
        if len(set(names)) < len(names):
            twice = next(row.player for row in rows if names.count(row.player.casefold()) > 1)
            rejected.append((record.id, f"the names mapped would seat {twice} twice"))
        else:
            kept.append(renamed)
    return kept, rejected


def mapped_onto(league: League, mapping: Mapping[str, str]) -> dict[str, str]:
    """`mapping`'s new names (casefolded) onto the names of the league's players they name;
    a `LeagueError` for a player the league does not have."""
    if not mapping:
        return {}
    players = {p.key: p.name for p in Player.objects.filter(league=league)}
    onto: dict[str, str] = {}
    for new, existing in mapping.items():
        if existing.casefold() not in players:
            raise LeagueError("names", f"league {league.slug!r} has no player {existing!r}")
        onto[new.casefold()] = players[existing.casefold()]
    return onto


def _renamed(record: Game | Event, onto: Mapping[str, str]) -> Game | Event:
    if isinstance(record, Game):
        seats = tuple(
            dataclasses.replace(s, player=onto.get(s.player.casefold(), s.player))
            for s in record.seats
        )
        return dataclasses.replace(record, seats=seats)
    standings = tuple(
        dataclasses.replace(s, player=onto.get(s.player.casefold(), s.player))
        for s in record.standings
    )
    return dataclasses.replace(record, standings=standings)


def new_upload_folder() -> Path:
    """A new private folder for an upload waiting for its confirmation (in the system's
    temporary folder), once the uploads left longer than `UPLOAD_KEPT` are deleted."""
    sweep_uploads()
    return Path(tempfile.mkdtemp(prefix=_PREFIX))


def drop_upload(folder: Path) -> None:
    """Delete an upload's folder (`new_upload_folder`), confirmed or cancelled."""
    if folder.name.startswith(_PREFIX):
        shutil.rmtree(folder, ignore_errors=True)


def sweep_uploads(now: float | None = None) -> list[Path]:
    """Delete the upload folders this process's user left longer than `UPLOAD_KEPT` ago (by
    their last change); the folders deleted."""
    oldest = (time.time() if now is None else now) - UPLOAD_KEPT.total_seconds()
    swept = []
    for folder in Path(tempfile.gettempdir()).glob(f"{_PREFIX}*"):
        try:
            found = folder.lstat()
        except OSError:  # deleted meanwhile
            continue
        ours = stat.S_ISDIR(found.st_mode) and found.st_uid == os.getuid()
        if ours and found.st_mtime < oldest:
            shutil.rmtree(folder, ignore_errors=True)
            swept.append(folder)
    return swept

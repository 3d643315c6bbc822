"""A players file: one name per line, optionally a rating after a comma or a tab
(`Ann, 1520`). Blank lines and lines starting with `#` are skipped; names are trimmed."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from tablerank.engine.fields import MAX_NAME_LENGTH
from tablerank.errors import InputError

__all__ = ["ListedPlayer", "read_players"]


@dataclass(frozen=True)
class ListedPlayer:
    name: str
    rating: float | None
    line: int


def read_players(path: Path) -> list[ListedPlayer]:
    """The players in the file, in order; a bad line names the file, the line and the field."""
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise InputError(source, "", "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(source, "", f"cannot be read as UTF-8 text ({exc})") from None
    players: list[ListedPlayer] = []
    first_line: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        player = _player(line, number, source)
        folded = player.name.casefold()
        if folded in first_line:
            raise InputError(
                source, f"line {number}", f"{player.name!r} is listed twice (first on line "
                f"{first_line[folded]})", "name",
            )  # fmt: skip
        first_line[folded] = number
        players.append(player)
    if not players:
        raise InputError(source, "", "no players: expected one name per line")
    return players


def _player(line: str, number: int, source: str) -> ListedPlayer:
    where = f"line {number}"
    name, separator, rest = line.replace("\t", ",").partition(",")
    name = name.strip()
    if not name:
        raise InputError(source, where, "expected a name before the rating", "name")
    if len(name) > MAX_NAME_LENGTH:
        raise InputError(
            source, where, f"expected at most {MAX_NAME_LENGTH} characters, got {len(name)}",
            "name",
        )  # fmt: skip
    if not separator:
        return ListedPlayer(name, None, number)
    text = rest.strip()
    try:
        rating = float(text)
    except ValueError:
        rating = math.nan
    if not math.isfinite(rating):
        raise InputError(source, where, f"expected a number, got {text!r}", "rating")
    return ListedPlayer(name, rating, number)

"""The official CATAN formats as presets: what an organizer picks instead of typing rounds, cut,
table sizes and scoring (docs/tournaments.md, "The official CATAN formats").

Sources:
- CATAN Studio's tournament rules, revised April 2024 (https://catanevents.com/hosts/tournament-rules):
  at least 12 players play 3 preliminary games; 12-15 players go straight to a 4-player final;
  16-28 may skip the semifinals; 29 or more send the top 16 to semifinal tables and the table
  winners to the final. Ranking: wins, then total VP, then the sum of each game's VP share, a
  3-player table's total raised by its average (seed 002's "dummy score").
- The 2025-26 US qualifier rules (https://catanevents.com/players/champ/us-regional): local
  qualifiers play 4 to 6 games; the "Large Event" rules drop players with 0 wins after game 3;
  the top 4 of each regional go on to the national final.

The ranking is the existing scoring "wins" (`tablerank.tournament.scoring`): wins, capped VP,
VP% with the 3-player normalisation; its later criteria (2nd and 3rd places, lots) only part
players the official three leave tied.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tablerank.errors import TablerankError
from tablerank.tournament.scoring import DEFAULT_SCORING

__all__ = [
    "MIN_OFFICIAL",
    "PRESETS",
    "EventFormat",
    "Preset",
    "PresetError",
    "get_preset",
    "keep_apart_groups",
    "official_format",
]

MIN_OFFICIAL = 12
"""CATAN Studio's rules need at least 12 players for an official event."""
_FINAL = 4
_SEMIFINALS = 16
_SEMIFINALS_FROM = 29


class PresetError(TablerankError, ValueError):
    """An unknown preset, or a preset asked to do what it does not allow; says which."""


@dataclass(frozen=True, slots=True)
class EventFormat:
    """What a preset makes of an attendance: the preliminary rounds, the cut (0: none; 4 at
    tables of 4: straight to the final) and whether CATAN Studio's rules call it official."""

    attendance: int
    rounds: int
    cut: int
    official: bool

    def describe(self) -> str:
        """The format in words, for a page, the API and the command line."""
        games = f"{self.rounds} preliminary games"
        if self.cut == _FINAL:
            shape = f"{games}, then the top 4 at the final"
        elif self.cut:
            shape = f"{games}, then the top {self.cut} at semifinal tables, winners to the final"
        else:
            shape = f"{games}, no cut"
        if self.official:
            return f"{self.attendance} players: {shape}"
        return (
            f"{self.attendance} players: not an official CATAN format (the official rules need "
            f"at least {MIN_OFFICIAL} players); played as {shape}"
        )


def official_format(attendance: int, rounds: int = 3) -> EventFormat:
    """CATAN Studio's format for `attendance` players (revised April 2024): 3 preliminary games;
    12-15 go straight to a 4-player final; 16-28 may skip the semifinals (the preset does: the
    top 4 go to the final; a cut of 16 is the alternative, chosen as a custom event); 29 or more
    send the top 16 to semifinal tables and the table winners to the final. Fewer than 12 is
    no official format: played like 12-15 and said so."""
    cut = _SEMIFINALS if attendance >= _SEMIFINALS_FROM else _FINAL
    if attendance < _FINAL:
        cut = 0
    return EventFormat(attendance, rounds, cut, attendance >= MIN_OFFICIAL)


@dataclass(frozen=True, slots=True)
class Preset:
    """An official format: its name in users' words, its source, and what it sets. `cut` None
    means chosen by attendance when round 1 is seated (`official_format`); `rounds_allowed`
    the preliminary rounds an organizer may pick (the first is the default)."""

    name: str
    title: str
    source: str
    rounds_allowed: tuple[int, ...]
    cut: int | None
    sizes: tuple[int, ...]
    scoring: str
    drop_winless_after: int

    @property
    def rounds(self) -> int:
        return self.rounds_allowed[0]

    def event_format(self, attendance: int, rounds: int | None = None) -> EventFormat:
        """The format this preset gives `attendance` players."""
        games = rounds or self.rounds
        if self.cut is None:
            return official_format(attendance, games)
        return EventFormat(attendance, games, self.cut, attendance >= MIN_OFFICIAL)

    def describe(self, attendance: int | None = None, rounds: int | None = None) -> str:
        """The preset in words; with an attendance, the format it gives those players."""
        drop = (
            f"; players without a win after game {self.drop_winless_after} drop"
            if self.drop_winless_after
            else ""
        )
        if attendance is not None:
            return f"{self.title}: {self.event_format(attendance, rounds).describe()}{drop}"
        games = rounds or self.rounds
        if self.cut is None:
            shape = (
                f"{games} preliminary games; the cut follows the players checked in when "
                "round 1 is seated (12-28: the top 4 at the final; 29 or more: the top 16 at "
                "semifinal tables, winners to the final)"
            )
        else:
            shape = f"{games} preliminary games, " + ("no cut" if not self.cut else "then a cut")
        return f"{self.title}: {shape}{drop}"


_CATAN_RULES = "CATAN Studio tournament rules, revised April 2024, https://catanevents.com/hosts/tournament-rules"
_US_RULES = "2025-26 US qualifier rules, https://catanevents.com/players/champ/us-regional"

PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            name="catan-official",
            title="Official CATAN format by attendance",
            source=_CATAN_RULES,
            rounds_allowed=(3,),
            cut=None,
            sizes=(3, 4),
            scoring=DEFAULT_SCORING,
            drop_winless_after=0,
        ),
        Preset(
            name="catan-us-qualifier",
            title="US qualifier, large event",
            source=f"{_US_RULES}; ranking and seating as {_CATAN_RULES}",
            rounds_allowed=(4, 5, 6),
            cut=0,  # the top 4 of the standings go on to the national final, another event
            sizes=(3, 4),
            scoring=DEFAULT_SCORING,
            drop_winless_after=3,
        ),
    )
}


def get_preset(name: str) -> Preset:
    """The preset called `name`; `PresetError` lists the names there are."""
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise PresetError(
            f"unknown preset {name!r}; expected one of: {known} (or none for a custom event)"
        ) from None


_SEPARATOR = re.compile(r"[,;]")


def keep_apart_groups(text: str) -> list[tuple[int, tuple[str, ...]]]:
    """The keep-apart list (CATAN Studio rule 1.1.5: friends and family apart): one group a
    line, names separated by commas; each group with its line number. Blank lines are
    skipped; a group of one name, or a name twice in a group, is refused with its line."""
    groups = []
    for number, line in enumerate(text.splitlines(), start=1):
        names = tuple(name.strip() for name in _SEPARATOR.split(line) if name.strip())
        if not names:
            continue
        if len(names) < 2:
            raise PresetError(
                f"keep apart, line {number}: {names[0]!r} alone; list at least two names a line"
            )
        folded = [name.casefold() for name in names]
        twice = next((n for n, f in zip(names, folded, strict=True) if folded.count(f) > 1), None)
        if twice is not None:
            raise PresetError(f"keep apart, line {number}: {twice!r} is given twice")
        groups.append((number, names))
    return groups

"""`tablerank validate`'s one pass over files: every game's problems as that game's errors.

A record that breaks a rule of `new_game` (sources that disagree with the VP, two winners, a
seat that cannot be placed, ...) is reported with the message `rate` refuses it with; a Catan game
that could be built is checked against its variant (`tablerank.catan.validation`); a row that
cannot be rated (an incomplete BoardGameGeek play) is a warning of its id, and so is each note of
a record read with a change (an anonymous player left out). Only what
leaves no record to name (malformed JSON, a missing id) is raised, as `read_each` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tablerank.catan.validation import Finding, validate_game
from tablerank.engine.records import Game
from tablerank.engine.variants import is_catan
from tablerank.formats.column_map import ColumnMap
from tablerank.formats.reading import Rejected, Skipped, read_each

__all__ = ["Checked", "check_files"]


@dataclass(frozen=True, slots=True)
class Checked:
    """One finding per record checked, in file order, and how many games were not checked
    (games of other titles that break no rule: only Catan has variant rules)."""

    findings: list[Finding]
    not_checked: int


def check_files(paths: Sequence[Path | str], mapping: ColumnMap | None = None) -> Checked:
    """Every game in the files checked: its record rules, then its Catan variant's (a sheet's
    own columns read through `mapping`)."""
    findings: list[Finding] = []
    not_checked = 0
    for item in read_each(paths, mapping):
        if isinstance(item, Rejected):
            findings.append(Finding(item.id, [str(item.error)]))
        elif isinstance(item, Skipped):
            findings.append(Finding(item.id, warnings=[str(item.error)]))
        elif isinstance(item.record, Game) and is_catan(item.record.game):
            found = validate_game(item.record)
            notes = [str(note) for note in item.notes]
            findings.append(Finding(found.id, found.errors, notes + found.warnings))
        elif item.notes:
            findings.append(Finding(item.id, warnings=list(map(str, item.notes))))
        elif isinstance(item.record, Game):
            not_checked += 1
    return Checked(findings, not_checked)

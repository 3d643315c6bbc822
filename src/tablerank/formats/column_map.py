"""A club's own spreadsheet read through a column mapping (issue 41): its headers mapped onto the
records' columns (`--columns id="Oyun No",date=Tarih,player=Oyuncu,vp=Puan,winner=Kazanan`),
its other columns left out, and a winner column that holds the winner's name read as each row's
winner flag. Without a mapping, a sheet's columns are the records' own (docs/records.md, "CSV").
Any sheet's date may be written day first with dots, as spreadsheets in Germany and Turkey
write it (`22.02.2022`, `day_first_date`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tablerank.errors import InputError

__all__ = ["ColumnMap", "day_first_date"]

_FLAGS = {"", "true", "false", "yes", "no", "1", "0", "x"}
"""What a winner cell holds when it is a flag (`engine.fields.parse_bool`'s words), not a name."""
_PAIR = re.compile(r'\s*([\w.]+)\s*=\s*(?:"([^"]*)"|([^,"]*))\s*(?:,|$)')
"""One `column=Header` or `column="Header"` of a mapping, with the comma after it."""
_DAY_FIRST = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{4})$")


@dataclass(frozen=True)
class ColumnMap:
    """Each record column (`player`, `vp`, `date`, ...) and the sheet's header that holds it."""

    headers: Mapping[str, str]

    @classmethod
    def parse(cls, text: str, known: Sequence[str], option: str = "--columns") -> ColumnMap:
        """A mapping written `column=Header,column="A header, with a comma"`: each column one
        of `known`, each header once."""
        headers: dict[str, str] = {}
        rest = text.strip()
        while rest:
            found = _PAIR.match(rest)
            if found is None:
                raise InputError(option, "", f"expected COLUMN=HEADER, got {rest!r}")
            column, quoted, plain = found.group(1), found.group(2), found.group(3)
            header = (quoted if quoted is not None else plain).strip()
            if not header:
                raise InputError(option, "", f"expected COLUMN=HEADER, got {found.group(0)!r}")
            if column not in known:
                wanted = ", ".join(known)
                raise InputError(option, "", f"unknown column {column!r}; expected: {wanted}")
            if column in headers:
                raise InputError(option, "", f"column {column!r} is mapped twice")
            headers[column] = header
            rest = rest[found.end() :].strip()
        if not headers:
            raise InputError(option, "", "expected COLUMN=HEADER pairs, separated by commas")
        return cls(headers)

    def written(self) -> str:
        """The mapping as `parse` reads it."""
        return ",".join(f'{column}="{header}"' for column, header in self.headers.items())

    def header(self, found: Sequence[str], source: str, where: str) -> list[str]:
        """The sheet's header with each mapped header renamed to its column and every other
        one blanked (left out); each mapped header must be there."""
        columns = {header.strip(): column for column, header in self.headers.items()}
        stripped = [cell.strip() for cell in found]
        for header, column in columns.items():
            if header not in stripped:
                there = ", ".join(h for h in stripped if h)
                raise InputError(source, where, f"no column {header!r} (mapped to {column}); the "
                                 f"sheet has: {there}")  # fmt: skip
        return [columns.get(cell, "") for cell in stripped]

    def cells(self, row: dict[str, str]) -> dict[str, str]:
        """A row's cells as the records read them: a winner column holding a name says whether
        the row's player won."""
        winner = row.get("winner", "")
        if winner.casefold() not in _FLAGS:
            row["winner"] = "true" if winner.casefold() == row.get("player", "").casefold() else ""
        return row


def day_first_date(text: str) -> str:
    """A date as spreadsheets in Germany or Turkey write it, `22.02.2022` (day, month, year),
    as `2022-02-22`; other text as it is."""
    found = _DAY_FIRST.match(text)
    if found is None:
        return text
    day, month, year = found.groups()
    return f"{year}-{int(month):02d}-{int(day):02d}"

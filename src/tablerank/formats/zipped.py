"""Zip archives among record files: an `.xlsx` workbook, or BG Stats' zipped JSON export."""

from __future__ import annotations

import io
import json
import zipfile
import zlib

from tablerank.errors import InputError
from tablerank.formats.bgstats import is_bgstats, records_from_bgstats
from tablerank.formats.column_map import ColumnMap
from tablerank.formats.located import Item
from tablerank.formats.xlsx_records import is_workbook, records_from_xlsx

__all__ = ["records_from_zip"]
_MOST_JSON = 512 * 1024 * 1024
"""Largest JSON export read from an archive (its size as the archive states it)."""


_DAMAGED = (ValueError, zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError,
            RuntimeError)  # fmt: skip
"""What reading a member raises for a damaged archive: bad data or checksum, a compression
zipfile cannot read (Deflate64: NotImplementedError), a password (RuntimeError)."""


def records_from_zip(data: bytes, source: str, mapping: ColumnMap | None = None) -> list[Item]:
    """The records of a workbook, or of the one BG Stats export (`.json`) an archive holds."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile as exc:
        raise InputError(source, "", f"cannot read the zip archive: {exc}") from None
    with archive:
        if is_workbook(archive):
            return records_from_xlsx(data, source, mapping)
        exports = [
            i for i in archive.infolist() if i.filename.lower().endswith((".json", ".bgsplay"))
        ]
        if len(exports) != 1:
            raise InputError(
                source,
                "",
                "expected an .xlsx workbook or a zip holding one BG Stats export (.json)",
            )
        inner = f"{source}:{exports[0].filename}"
        if exports[0].file_size > _MOST_JSON:
            raise InputError(
                inner, "", f"is {exports[0].file_size} bytes; at most {_MOST_JSON} are read"
            )
        try:
            parsed = json.loads(archive.read(exports[0]).decode("utf-8-sig"))
        except RecursionError:
            raise InputError(inner, "", "cannot read: JSON nested too deeply") from None
        except _DAMAGED as exc:
            raise InputError(inner, "", f"cannot read: {exc}") from None
    if not is_bgstats(parsed):
        raise InputError(inner, "", "expected a BG Stats export (an object with plays and players)")
    return records_from_bgstats(parsed, inner)

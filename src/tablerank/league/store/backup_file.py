"""The backup file: gzip-compressed JSON Lines, one portable format for SQLite and PostgreSQL.

    {"format": "tablerank-backup", "version": 1, "taken_at": ..., "database": ...,
     "migrations": {app: [applied migration, ...]}, "tables": [label, ...]}
    {"table": "league.league", "columns": ["id", "name", ...]}
    [1, "Bonn & Köln", ...]                                  one line per row, in pk order
    ...                                                      every table, in dependency order
    {"trailer": {"rows": {label: count, ...}, "sha256": ...}}

The trailer's SHA-256 is of every byte before it (uncompressed), so a truncated or altered
file is found out before anything is written (`check`). `BadBackup` names what is wrong.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any

import msgspec

from tablerank.league.errors import LeagueError

__all__ = ["FORMAT", "VERSION", "BadBackup", "Writer", "check", "lines"]

FORMAT = "tablerank-backup"
VERSION = 1
"""The newest format this version writes and reads."""
_DUMPS = json.JSONEncoder(separators=(",", ":")).encode
_ENCODE_LINES = msgspec.json.Encoder().encode_lines


class BadBackup(LeagueError):
    """A file that is not a whole backup this version can restore."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(str(path), message)


class Writer:
    """Writes a backup to a temporary file beside `path`, mode 0600 (it holds password
    hashes), and moves it into place when `close`d after the trailer; `discard` drops it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._partial = path.with_name(f".{path.name}.partial")
        fd = os.open(self._partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        self._raw: IO[bytes] = os.fdopen(fd, "wb")
        self._gzip = gzip.GzipFile(fileobj=self._raw, mode="wb", compresslevel=1, mtime=0)
        self._hash = hashlib.sha256()

    def write(self, lines: Sequence[Any], *, finite: bool = True) -> None:
        """Each value as one JSON line. `finite`: no float in them is NaN or infinite (which
        msgspec writes as null, and json as NaN or Infinity)."""
        try:
            data = _ENCODE_LINES(lines) if finite else b""
        except (msgspec.EncodeError, TypeError):
            data = b""
        if not data and lines:
            data = "".join(_DUMPS(line) + "\n" for line in lines).encode()
        self._hash.update(data)
        self._gzip.write(data)

    def close(self, rows: dict[str, int]) -> None:
        """Write the trailer and move the file into place."""
        trailer = {"trailer": {"rows": rows, "sha256": self._hash.hexdigest()}}
        self._gzip.write((_DUMPS(trailer) + "\n").encode())
        self._gzip.close()
        self._raw.close()
        os.replace(self._partial, self.path)

    def discard(self) -> None:
        try:
            self._gzip.close()
            self._raw.close()
        except OSError:  # a full disk: the file goes anyway
            pass
        self._partial.unlink(missing_ok=True)


_BLOCK = 1 << 20
"""Uncompressed bytes read at a time."""


def _pieces(path: Path) -> Iterator[bytes]:
    """The file uncompressed: its first line, then blocks of what follows; `BadBackup` for
    what gzip finds."""
    try:
        with gzip.open(path, "rb") as file:
            yield file.readline()
            while block := file.read(_BLOCK):
                yield block
    except FileNotFoundError:
        raise BadBackup(path, "no such file") from None
    except gzip.BadGzipFile:
        raise BadBackup(path, "not a tablerank backup (not a gzip file)") from None
    except EOFError:
        raise BadBackup(path, "truncated: the file ends before its end") from None
    except zlib.error as exc:
        raise BadBackup(path, f"damaged: {exc}") from None
    except OSError as exc:
        raise BadBackup(path, f"cannot be read: {exc.strerror or exc}") from None


def _json(path: Path, line: bytes, what: str) -> Any:
    try:
        return json.loads(line)
    except ValueError:
        raise BadBackup(path, f"damaged: {what} is not JSON") from None


def _header(path: Path, first: bytes) -> dict[str, Any]:
    header = _json(path, first, "its first line") if first else None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise BadBackup(path, "not a tablerank backup (no tablerank-backup header)")
    version = header.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise BadBackup(
            path,
            f"made by a newer tablerank (backup format version {version}; this one reads up "
            f"to {VERSION}): restore it with that version or a later one",
        )
    return header


def check(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The file's header and trailer, once the whole file was read and its checksum holds."""
    pieces = _pieces(path)
    first = next(pieces, b"")
    header = _header(path, first)
    digest = hashlib.sha256(first)
    last = b""  # from the start of the last line seen
    for block in pieces:
        last += block
        cut = last.rfind(b"\n", 0, len(last) - 1) + 1
        if cut:
            digest.update(last[:cut])
            last = last[cut:]
    return header, _trailer(path, last, digest.hexdigest())


def _trailer(path: Path, last: bytes, digest: str) -> dict[str, Any]:
    end = None
    if last.startswith(b'{"trailer"'):
        end = _json(path, last, "its trailer").get("trailer")
    if not isinstance(end, dict) or not last.endswith(b"\n"):
        raise BadBackup(path, "truncated: the file has no trailer (rows and checksum)")
    if end.get("sha256") != digest:
        raise BadBackup(path, "damaged: its checksum does not match its contents")
    return end


def lines(path: Path) -> Iterator[Any]:
    """Every line after the header, decoded, the trailer last (check the file first)."""
    pieces = _pieces(path)
    next(pieces, None)
    decode = msgspec.json.Decoder().decode
    rest = b""
    for block in pieces:
        found = (rest + block).split(b"\n")
        rest = found.pop()
        for line in found:
            try:
                yield decode(line)
            except msgspec.DecodeError:  # NaN or Infinity: json writes them, msgspec reads none
                yield _json(path, line, "a line")
    if rest:
        yield _json(path, rest, "its last line")

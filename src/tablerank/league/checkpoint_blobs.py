"""How a checkpoint stores a list's whole state (`RatingCheckpoint.state`).

Two forms, told apart by their first bytes, both read by `decode`:

* JSON, `{"r": {name: rating}, "g": {name: games}}`, zlib-compressed, written from a state
  held as dicts;
* columns, written straight from the compiled replays' arrays without a dict per name: a
  header (the count of names, the width of the numbers), every rating and every count as
  little-endian numbers (32-bit integers where every rating is a whole number that fits, else
  64-bit floats and integers), then the names joined by NUL (names are printable, so never
  hold one), zlib-compressed. Only the names are compressed: numbers compress slowly and
  little, and a replay after a change early in a long history writes many checkpoints, whose
  names only grow: `ColumnsWriter` compresses each name once, into one stream that every
  checkpoint of the replay ends with a finished copy of.
"""

from __future__ import annotations

import struct
import zlib

import msgspec
import numpy as np
import numpy.typing as npt

__all__ = ["ColumnsWriter", "decode", "encode_json"]

_COLUMNS = b"TRC2"
_HEADER = struct.Struct("<4sQB")
_SMALL, _WIDE = ("<i4", "<i4"), ("<f8", "<i8")
"""How the numbers are stored: whole ratings and counts that fit 32 bits, or floats."""


class _Json(msgspec.Struct):
    r: dict[str, float | int]
    g: dict[str, int]


def encode_json(ratings: dict[str, float], games: dict[str, int]) -> bytes:
    """msgspec's encoder: floats in shortest round-trip form, as the json module writes them."""
    return zlib.compress(msgspec.json.encode({"r": ratings, "g": games}), 1)


def _columns(ratings: npt.NDArray[np.float64], games: npt.NDArray[np.int64], names: bytes) -> bytes:
    """The columns form, given its names already joined and compressed."""
    small = _fits(ratings, games)
    rating_type, games_type = _SMALL if small else _WIDE
    header = _HEADER.pack(_COLUMNS, len(ratings), small)
    numbers = ratings.astype(rating_type).tobytes() + games.astype(games_type).tobytes()
    return header + numbers + names


class ColumnsWriter:
    """The columns form of one replay's consecutive checkpoints, whose rated names only grow:
    each name is joined and compressed once, into one zlib stream that every checkpoint ends
    with a finished copy of (a void early in a long history writes a hundred checkpoints of
    the same names). Each checkpoint is a whole columns blob that `decode` reads alone."""

    def __init__(self, names: list[str]) -> None:
        self._names = names
        """Every name of the replay by number."""
        self._order = np.zeros(0, dtype=np.int64)
        """The numbers written so far, in the order their names are in the stream."""
        self._written = np.zeros(len(names), dtype=bool)
        self._stream = zlib.compressobj(1)
        self._compressed: list[bytes] = []
        self._usable = True

    def encode(
        self,
        ratings: npt.NDArray[np.float64],
        counts: npt.NDArray[np.int64],
        rated: npt.NDArray[np.uint8],
    ) -> bytes | None:
        """The checkpoint of the names `rated` marks (by number; a superset of the last
        checkpoint's); None where a name holds a NUL (then write the JSON form)."""
        if not self._usable:
            return None
        new = np.flatnonzero(rated.astype(bool) & ~self._written[: len(rated)])
        added = [self._names[i] for i in new.tolist()]
        text = "\0".join(added)
        if text.count("\0") != max(len(added) - 1, 0):
            self._usable = False
            return None
        if added and len(self._order):
            text = "\0" + text
        self._compressed.append(self._stream.compress(text.encode("utf-8")))
        self._order = np.concatenate([self._order, new])
        self._written[new] = True
        finished = b"".join(self._compressed) + self._stream.copy().flush()
        return _columns(ratings[self._order], counts[self._order], finished)


def _fits(ratings: npt.NDArray[np.float64], games: npt.NDArray[np.int64]) -> bool:
    """Whether every rating is whole and both fit 32-bit integers exactly."""
    limit = 2**31 - 1
    whole = np.all(np.floor(ratings) == ratings) and np.all(np.abs(ratings) <= limit)
    return bool(whole and np.all(games <= limit))


def decode(blob: bytes) -> tuple[dict[str, float | int], dict[str, int]]:
    """(ratings, games) by name, from either form."""
    if not blob.startswith(_COLUMNS):
        found = msgspec.json.decode(zlib.decompress(blob), type=_Json)
        return found.r, found.g
    _, count, small = _HEADER.unpack_from(blob)
    rating_type, games_type = _SMALL if small else _WIDE
    start = _HEADER.size
    ratings = np.frombuffer(blob, rating_type, count, start).astype(np.float64).tolist()
    start += count * np.dtype(rating_type).itemsize
    games = np.frombuffer(blob, games_type, count, start).tolist()
    start += count * np.dtype(games_type).itemsize
    names = zlib.decompress(blob[start:]).decode("utf-8").split("\0") if count else []
    return dict(zip(names, ratings, strict=True)), dict(zip(names, games, strict=True))

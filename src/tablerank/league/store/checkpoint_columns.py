"""Checkpoints in the columns form (`checkpoint_blobs`), written straight from the compiled
replays' arrays without a dict per name.

Only the names are compressed: numbers compress slowly and little, and a replay after a change
early in a long history writes many checkpoints, whose names only grow: `ColumnsWriter`
compresses each name once, into one stream that every checkpoint of the replay ends with a
finished copy of. numpy loads with this module, which only the compiled replays import.
"""

from __future__ import annotations

import zlib

import numpy as np
import numpy.typing as npt

from tablerank.league.store.checkpoint_blobs import COLUMNS, HEADER, SMALL, WIDE

__all__ = ["ColumnsWriter"]


def _columns(ratings: npt.NDArray[np.float64], games: npt.NDArray[np.int64], names: bytes) -> bytes:
    """The columns form, given its names already joined and compressed."""
    small = _fits(ratings, games)
    rating_type, games_type = SMALL if small else WIDE
    header = HEADER.pack(COLUMNS, len(ratings), small)
    numbers = ratings.astype(f"<{rating_type}").tobytes() + games.astype(f"<{games_type}").tobytes()
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

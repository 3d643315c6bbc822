"""Pausing Python's cycle collector while many records are alive.

Records hold no reference cycles, so reference counting frees them as usual; the collector
would only walk the growing list of records again and again. It cost a quarter of the reading
time of `tablerank rate` on 200,000 games, and 2 of 15 s of a 100,000-game `league import`
(9 of 24 s importing the same file again), benchmarks/README.md.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["without_cycle_collection"]


@contextmanager
def without_cycle_collection() -> Iterator[None]:
    """The collector paused inside, and back as it was after, even on an error."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()

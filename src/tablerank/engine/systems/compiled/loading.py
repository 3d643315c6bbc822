"""Loading numba's cached loops (`loops`) for less of a command's start-up (issue 10).

A process's first compiled replay imports numba and loads the loops from numba's cache: most
of a second of CPU, a void's whole cost at 100,000 games. Two parts of it do work the loops
never use, and are skipped here:

* Optional modules numba imports only to offer what the loops do not use: scipy (numba
  imports scipy.linalg, 0.1-0.3 s, to learn whether np.dot may call BLAS), cffi (cffi
  functions as arguments) and yaml (to read a `.numba_config.yaml`, skipped only where the
  working directory has none). They look missing while numba loads, where they are not loaded
  yet and no other thread could import them meanwhile; they import as usual afterwards (where
  numba compiled the loops meanwhile, its np.dot goes without BLAS in this process).
* Before it loads a cached loop, numba refreshes its whole CPU target: it imports and
  registers every implementation it has (numpy's functions, typed containers, random, ...),
  0.1-0.2 s, which only compiling needs. A loaded loop needs numba's runtime only, so here the
  cache's load starts the runtime and leaves the rest: where a loop is missing from the cache,
  numba's compiler refreshes the target in full before it compiles, as always.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["light_cache_loads", "unused_modules_hidden"]

UNUSED = ("scipy", "cffi")
"""Modules numba imports on its first load only to offer what the loops do not use."""
NUMBA_CONFIG = ".numba_config.yaml"
"""The file numba reads its settings from (in the working directory), with yaml."""


@contextmanager
def unused_modules_hidden() -> Iterator[None]:
    """Make `UNUSED` (and yaml, where there is no `NUMBA_CONFIG` to read) look missing while
    numba loads, where they are not loaded yet and this is the process's only thread."""
    names = [*UNUSED, *(() if os.path.exists(NUMBA_CONFIG) else ("yaml",))]
    alone = threading.active_count() == 1
    hidden = [name for name in names if name not in sys.modules] if alone else []
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        for name in hidden:
            if sys.modules.get(name, 0) is None:
                del sys.modules[name]


@contextmanager
def light_cache_loads(dispatchers: list[Any]) -> Iterator[None]:
    """While in this block, a load of these numba dispatchers' loops from the cache starts
    numba's runtime instead of refreshing its whole target (numba's own compile still does).
    Where numba's cache is not the one this knows, loads stay as numba does them."""
    caches: list[Any] = [getattr(d, "_cache", None) for d in dispatchers]
    if not all(_knows(cache) for cache in caches):
        yield
        return
    from numba.core.runtime.nrt import rtsys

    def light(cache: Any) -> Any:
        def load_overload(sig: Any, target_context: Any) -> Any:
            try:
                rtsys.initialize(target_context)  # what the loaded loops need of the refresh
                with cache._guard_against_spurious_io_errors():
                    return cache._load_overload(sig, target_context)
            except Exception:  # a numba whose cache works otherwise: its own load, in full
                return type(cache).load_overload(cache, sig, target_context)

        return load_overload

    for cache in caches:
        cache.load_overload = light(cache)
    try:
        yield
    finally:
        for cache in caches:
            del cache.load_overload


def _knows(cache: object) -> bool:
    """Whether `cache` is numba's on-disk cache as this module knows it."""
    from numba.core.caching import Cache

    return (
        isinstance(cache, Cache)
        and "load_overload" not in vars(cache)
        and hasattr(cache, "_load_overload")
        and hasattr(cache, "_guard_against_spurious_io_errors")
    )

"""Settings for the whole suite: Hypothesis runs the same examples on every run and machine.

`deterministic` (the default, so a plain `pytest` gets it): derandomized, which also means no
example database is read or written; no deadline and no `too_slow` health check, the two that
depend on how busy the machine is. The other health checks stay on: with derandomized data they
pass or fail the same way every run. `HYPOTHESIS_PROFILE=explore pytest` draws fresh random
examples each run, with Hypothesis's defaults, to look for new failures; a failure it finds
prints the `@reproduce_failure` blob to pin it with.

Hypothesis keeps caches in `.hypothesis/` of the working directory; the suite writes only to
temporary directories, so each run gets its own (unless HYPOTHESIS_STORAGE_DIRECTORY names one).
"""

from __future__ import annotations

import gc
import os
import shutil
import tempfile
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.configuration import set_hypothesis_home_dir

settings.register_profile(
    "deterministic",
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile("explore", database=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "deterministic"))


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY"):
        return
    home = tempfile.mkdtemp(prefix="tablerank-hypothesis-")
    set_hypothesis_home_dir(home)
    config.add_cleanup(lambda: shutil.rmtree(home, ignore_errors=True))


@pytest.fixture
def collector_on() -> Iterator[None]:
    """Python's cycle collector on for the test, as it was after."""
    was_enabled = gc.isenabled()
    gc.enable()
    yield
    if not was_enabled:
        gc.disable()


@pytest.fixture
def empty_read_cache() -> Iterator[None]:
    """The cached reads (`league.store.cache`) empty before and after the test: for tests that run
    outside a transaction, where reads are cached across tests."""
    from django.core.cache import caches

    from tablerank.league.store.cache import CACHE

    caches[CACHE].clear()
    yield
    caches[CACHE].clear()

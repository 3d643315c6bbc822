"""`compiled.loading` hides only what is not loaded yet, only in a process's only thread, and puts
everything back; its light load leaves numba's caches as they were."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

from tablerank.engine.systems.compiled import loading


def test_only_modules_not_loaded_yet_look_missing_and_come_back(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # no .numba_config.yaml here
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    for name in ("scipy", "yaml"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    loaded = type(sys)("cffi")
    monkeypatch.setitem(sys.modules, "cffi", loaded)
    with loading.unused_modules_hidden():
        assert sys.modules["scipy"] is None
        assert sys.modules["yaml"] is None
        assert sys.modules["cffi"] is loaded
    assert "scipy" not in sys.modules
    assert "yaml" not in sys.modules
    assert sys.modules["cffi"] is loaded


def test_yaml_stays_where_numba_has_a_config_file_to_read(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / loading.NUMBA_CONFIG).write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    monkeypatch.delitem(sys.modules, "yaml", raising=False)
    with loading.unused_modules_hidden():
        assert "yaml" not in sys.modules


def test_nothing_is_hidden_where_another_thread_could_import(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(threading, "active_count", lambda: 2)
    monkeypatch.delitem(sys.modules, "scipy", raising=False)
    with loading.unused_modules_hidden():
        assert "scipy" not in sys.modules


def test_the_light_load_is_undone_and_skips_what_it_does_not_know() -> None:
    from tablerank.engine.systems.compiled import loops

    dispatchers = [loops.pairs_run]
    caches = [vars(d)["_cache"] for d in dispatchers]
    with loading.light_cache_loads(dispatchers):
        assert all("load_overload" in vars(cache) for cache in caches)
    assert not any("load_overload" in vars(cache) for cache in caches)
    with loading.light_cache_loads([object()]):  # no numba cache: nothing to change
        pass


def test_a_light_load_that_fails_falls_back_to_numbas_own(monkeypatch: pytest.MonkeyPatch) -> None:
    from tablerank.engine.systems.compiled import loops

    dispatcher = loops.pairs_run
    cache = vars(dispatcher)["_cache"]
    asked: list[object] = []

    def own_load(self: object, sig: object, target_context: object) -> str:
        asked.append(sig)
        return "numba's own load"

    def changed(*args: object) -> None:
        raise TypeError("a numba whose private load takes other arguments")

    monkeypatch.setattr(type(cache), "load_overload", own_load)
    monkeypatch.setattr(cache, "_load_overload", changed)
    with loading.light_cache_loads([dispatcher]):
        assert cache.load_overload("sig", dispatcher.targetctx) == "numba's own load"
    assert asked == ["sig"]

"""`tablerank rate` pauses Python's cycle collector while it reads and rates, and only then."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from tablerank.formats.collector import without_cycle_collection
from tests.cli.conftest import Invoke


@pytest.mark.usefixtures("collector_on")
def test_rate_turns_the_collector_back_on_after_success_and_after_bad_input(
    invoke: Invoke, night: Path, tmp_path: Path
) -> None:
    assert invoke("rate", night, "--system", "cow.points").exit_code == 0
    assert gc.isenabled()
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "g1", "date": "soon", "seats": [{"player": "Ann"}]}\n')
    result = invoke("rate", bad, "--system", "cow.points")
    assert result.exit_code == 2
    assert "date" in result.output
    assert gc.isenabled()


def fail_inside() -> None:
    with without_cycle_collection():
        assert not gc.isenabled()
        raise ValueError("boom")


@pytest.mark.usefixtures("collector_on")
def test_the_collector_is_paused_inside_and_an_error_still_restores_it() -> None:
    with pytest.raises(ValueError, match="boom"):
        fail_inside()
    assert gc.isenabled()


def test_a_collector_paused_by_the_caller_stays_paused() -> None:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        with without_cycle_collection():
            pass
        assert not gc.isenabled()
    finally:
        if was_enabled:
            gc.enable()

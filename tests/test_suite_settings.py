"""The suite's own settings: a failing property is reported as a failure."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
FAILING = """
from hypothesis import given, strategies as st

@given(st.integers())
def test_small(x: int) -> None:
    assert x < 5
"""


def test_a_failing_property_fails_the_run_without_an_internal_error(tmp_path: Path) -> None:
    """Under the suite's `filterwarnings = error`, a warning raised while Hypothesis reports a
    failing example once turned the failure into an INTERNALERROR that stopped the whole run."""
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]
    filters = "".join(f"\n    {f}" for f in options["ini_options"]["filterwarnings"])
    (tmp_path / "pytest.ini").write_text(f"[pytest]\nfilterwarnings ={filters}\n")
    (tmp_path / "test_failing.py").write_text(FAILING)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:django", "-rf"],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    output = run.stdout + run.stderr
    assert "INTERNALERROR" not in output, output
    assert run.returncode == pytest.ExitCode.TESTS_FAILED, output
    assert "FAILED test_failing.py::test_small" in run.stdout  # reported as the test's failure

from __future__ import annotations

import subprocess
import sys
import types

import tablerank


def test_all_lists_exactly_the_public_names() -> None:
    public = {
        name
        for name, value in vars(tablerank).items()
        if not name.startswith("_")
        and name != "annotations"
        and not isinstance(value, types.ModuleType)  # subpackages, imported as a side effect
    }
    assert set(tablerank.__all__) - {"__version__"} == public


def test_importing_tablerank_pulls_in_no_framework_or_terminal_ui() -> None:
    code = "import sys, tablerank; print(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    modules = set(out.stdout.split())
    assert not modules & {"django", "ninja", "rich", "typer", "openskill"}

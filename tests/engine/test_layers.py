"""The core's layers point one way: catan -> engine, never back (docs/architecture.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).parents[2] / "src" / "tablerank"

# What each core package may not import: the Catan rules build on the engine, and neither knows
# the layers above the core.
ABOVE_CORE = (
    "tablerank.formats",
    "tablerank.league",
    "tablerank.api",
    "tablerank.web",
    "tablerank.cli",
)
FORBIDDEN = {
    "engine": ("tablerank.catan", *ABOVE_CORE),
    "catan": ABOVE_CORE,
}


def imported_modules(path: Path) -> set[str]:
    """Every module `path` imports, at any depth (lazy imports inside functions included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def offending(package: str) -> list[str]:
    bad = []
    for path in sorted((SRC / package).rglob("*.py")):
        for module in imported_modules(path):
            if any(module == f or module.startswith(f + ".") for f in FORBIDDEN[package]):
                bad.append(f"{path.relative_to(SRC)} imports {module}")
    return bad


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_the_core_imports_only_downwards(package: str) -> None:
    assert offending(package) == []


def test_the_check_sees_an_import_of_catan(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "def f():\n    from tablerank import catan\n    import tablerank.catan.validation\n",
        encoding="utf-8",
    )
    assert imported_modules(module) >= {"tablerank.catan", "tablerank.catan.validation"}

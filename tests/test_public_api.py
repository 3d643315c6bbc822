from __future__ import annotations

import subprocess
import sys

import pytest

import tablerank


def test_all_lists_exactly_the_exported_names() -> None:
    assert set(tablerank.__all__) == set(tablerank._EXPORTS) | {"__version__"}


def test_every_public_name_resolves_to_its_object() -> None:
    for name in tablerank.__all__:
        value = getattr(tablerank, name)
        assert value is not None
        if name != "__version__":
            assert getattr(value, "__name__", name) in (name, "dict")


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        tablerank.no_such_name  # noqa: B018


def imported_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", f"import sys; {code}; print(' '.join(sorted(sys.modules)))"],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(out.stdout.split())


def test_importing_tablerank_pulls_in_no_framework_or_terminal_ui() -> None:
    modules = imported_after("import tablerank; tablerank.get_system; tablerank.validate")
    assert not modules & {"django", "ninja", "rich", "typer", "openskill"}


def test_the_command_line_does_not_load_tournament_standings_until_asked() -> None:
    modules = imported_after("import tablerank.cli.main")
    assert "tablerank.tournament.standings" not in modules
    assert "fractions" not in modules

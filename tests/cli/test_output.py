"""How every command ends: `emit` prints JSON or the table, `guarded` turns errors into exit 2."""

from __future__ import annotations

import json

import pytest
import typer
from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.cli.options import Output
from tablerank.cli.output import _indented, emit, guarded
from tablerank.errors import InvalidParameter


def test_json_prints_the_json_form_and_not_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    tables: list[object] = []
    emit({"n": 1}, Output.json, tables.append, as_json=lambda r: {"wrapped": r, "name": "Ünal"})
    assert tables == []
    out = capsys.readouterr().out
    assert json.loads(out) == {"wrapped": {"n": 1}, "name": "Ünal"}
    assert "Ünal" in out  # written as is, not escaped


def test_a_table_gets_the_result_itself(capsys: pytest.CaptureFixture[str]) -> None:
    tables: list[object] = []
    emit({"n": 1}, Output.table, tables.append, as_json=lambda r: 1 / 0)
    assert tables == [{"n": 1}]
    assert capsys.readouterr().out == ""


def test_an_error_is_one_line_and_exit_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    def fail() -> None:
        raise InvalidParameter("expected --param NAME=VALUE, got 'k'")

    with pytest.raises(typer.Exit) as caught:
        guarded(fail)
    assert caught.value.exit_code == 2
    err = capsys.readouterr().err
    assert err == "tablerank: error: expected --param NAME=VALUE, got 'k'\n"


def test_other_exceptions_are_not_swallowed() -> None:
    with pytest.raises(ZeroDivisionError):
        guarded(lambda: 1 / 0)
    assert guarded(lambda: 42) == 42


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300)
@given(data=JSON_VALUES)
def test_json_is_written_exactly_as_the_json_module_indents_it(data: object) -> None:
    assert _indented(data) == json.dumps(data, indent=2, ensure_ascii=False)


@pytest.mark.parametrize("data", [{"x": "\ud800"}, [float("nan"), float("-inf")]])
def test_json_the_fast_writer_cannot_write_is_written_by_the_json_module(data: object) -> None:
    assert _indented(data) == json.dumps(data, indent=2, ensure_ascii=False)

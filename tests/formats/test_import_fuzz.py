"""Whatever a BG Stats export holds, reading it ends in records, reported rows or one
`InputError` naming the file: never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablerank.errors import InputError
from tablerank.formats.reading import read_each

SAMPLE = Path(__file__).parents[2] / "examples" / "imports" / "bgstats-export.json"
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.floats(allow_nan=False)
    | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                max_size=3),
    max_leaves=6,
)  # fmt: skip


def paths(data: Any) -> list[tuple[Any, ...]]:
    """Every (container, key) in `data`, to replace one value."""
    out: list[tuple[Any, ...]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            out.append((data, key))
            out.extend(paths(value))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out.append((data, index))
            out.extend(paths(value))
    return out


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_a_mangled_export_never_raises_anything_but_an_input_error(
    tmp_path: Path, data: st.DataObject
) -> None:
    export = json.loads(SAMPLE.read_text(encoding="utf-8"))
    places = paths(export)
    for _ in range(data.draw(st.integers(1, 3))):
        container, key = data.draw(st.sampled_from(places))
        container[key] = data.draw(JSON)
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    source = str(path)
    try:
        read_each([path])
    except InputError as exc:
        source = exc.source
    assert source.startswith(str(path))


ATTRIBUTE = st.text(alphabet="0123456789-: .Tab", max_size=12)


PLAY_KEYS = st.sampled_from(["id", "date", "quantity", "incomplete", "nowinstats", "location"])
PLAYER_KEYS = st.sampled_from(["name", "username", "startposition", "score", "win"])


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    play=st.dictionaries(PLAY_KEYS, ATTRIBUTE),
    players=st.lists(st.dictionaries(PLAYER_KEYS, ATTRIBUTE), max_size=4),
    item=st.booleans(),
)
def test_any_bgg_attributes_end_in_records_reported_rows_or_one_input_error(
    tmp_path: Path, play: dict[str, str], players: list[dict[str, str]], item: bool
) -> None:
    from xml.sax.saxutils import quoteattr

    def attributes(values: dict[str, str]) -> str:
        return " ".join(f"{k}={quoteattr(v)}" for k, v in values.items())

    seats = "".join(f"<player {attributes(p)}/>" for p in players)
    thing = '<item name="CATAN" objectid="13"/>' if item else ""
    text = f"<plays><play {attributes(play)}>{thing}<players>{seats}</players></play></plays>"
    path = tmp_path / "plays.xml"
    path.write_text(text, encoding="utf-8")
    source = str(path)
    try:
        read_each([path])
    except InputError as exc:
        source = exc.source
    assert source == str(path)

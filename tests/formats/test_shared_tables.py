"""Reading games a table at a time (`SharedTables`) builds what `new_game` builds; a line
that is not a game of the declared form, or breaks a rule, is read on its own and the lines
after it still a table at a time.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings

from tablerank.engine import game_rules, shared_tables
from tablerank.engine.record_schema import GameJson
from tablerank.engine.records import Game, game_from_dict
from tablerank.engine.shared_tables import SharedTables
from tablerank.formats.reading import Located, read_each

from ..engine.test_game_rules import shape
from .test_fast_reading import careful, outcome
from .test_table_shapes import plain_files, written

SEATS = [{"player": "Ann", "place": 1, "vp": 10, "winner": True},
         {"player": "Bo", "place": 2, "vp": 8}, {"player": "Cy", "place": 3, "vp": 5}]  # fmt: skip


def game(number: int, *players: str, **fields: Any) -> dict[str, Any]:
    seats = [{**seat, "player": p} for seat, p in zip(SEATS, players, strict=False)]
    return {"id": f"g{number}", "date": "2026-03-14", "seats": seats, **fields}


def file_of(folder: Path, *lines: str) -> Path:
    path = folder / "games.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def lines_of(*games: dict[str, Any]) -> list[str]:
    return [json.dumps(g) for g in games]


def built(*games: dict[str, Any]) -> list[Any]:
    return [shape(game_from_dict(g)) for g in games]


@settings(max_examples=300)
@given(files=plain_files())
def test_plain_files_read_as_the_careful_reading(files: list[str]) -> None:
    with tempfile.TemporaryDirectory() as name:
        paths = written(Path(name), files)
        assert outcome(paths) == careful(paths)


def test_games_at_a_few_tables_are_built_a_table_at_a_time() -> None:
    later = "2026-03-15T19:30"
    games = [game(1, "Ann", "Bo", "Cy"), game(2, "Cy", "Ann", "Bo"), game(3, "Dee", "Bo"),
             game(4, "Ann", "Bo", "Cy", variant="seafarers", target=12),
             game(5, "Ann", "Dee"), game(6, "ann", "Bo", "Cy", date=later)]  # fmt: skip
    tables = SharedTables()
    found = [tables.game(msgspec.json.decode(line, type=GameJson)) for line in lines_of(*games)]
    assert [shape(g) for g in found] == built(*games)
    assert len(tables.tables) == 3  # g1, g2 and g6 share a table; g3 and g5 another


def test_a_blank_line_is_skipped(tmp_path: Path) -> None:
    lines = [*lines_of(game(1, "Ann", "Bo")), "", "  ", *lines_of(game(2, "Bo", "Ann"))]
    found = read_each([file_of(tmp_path, *lines)])
    assert [(item.id, item.location) for item in found if isinstance(item, Located)] == [
        ("g1", "line 1"),
        ("g2", "line 4"),
    ]


ODD = [
    (game(3, "Ann", "Bo") | {"seats": [{**SEATS[0], "sources": {"cities": 4}}]}, "VP sources"),
    (game(3, " Ann", "Bo"), "a blank before a name"),
    (game(3, "Ann", "ann"), "two names that fold to one"),
    (game(3, "Ann", "Ann"), "a player twice"),
    (game(3, "Ann", "Bo", date="2026-02-30"), "no such day"),
    (game(3, "Ann", "Bo") | {"id": "a b"}, "an id with a blank"),
    (game(3, "Ann", "Bo", variant="nope"), "a variant tablerank does not know"),
    ({"id": "e1", "date": "2026-03-14", "standings": [{"player": "Ann", "place": 1}]}, "an event"),
]


@pytest.mark.parametrize(("odd", "why"), ODD)
def test_a_line_out_of_the_usual_is_read_on_its_own(
    odd: dict[str, Any], why: str, tmp_path: Path
) -> None:
    path = file_of(tmp_path, *lines_of(game(1, "Ann", "Bo"), game(2, "Bo", "Ann"), odd,
                                       game(4, "Ann", "Bo")))  # fmt: skip
    assert outcome([path]) == careful([path]), why
    if why != "an id with a blank":  # (a wrong id leaves no record to name: an InputError)
        items = read_each([path])
        games = [i.record for i in items if isinstance(i, Located) and i.id != "g3"]
        assert [shape(g) for g in games if isinstance(g, Game)] == built(
            game(1, "Ann", "Bo"), game(2, "Bo", "Ann"), game(4, "Ann", "Bo")
        )


def test_a_table_is_checked_once_and_a_game_with_sources_on_its_own(tmp_path: Path) -> None:
    games = [game(1, "Ann", "Bo"), game(2, "Bo", "Cy", "Ann"),
             game(3, "Ann", "Bo") | {"seats": [{**SEATS[0], "sources": {"cities": 4, "roads": 6}},
                                               {**SEATS[1], "player": "Bo"}]},
             game(4, "Cy", "Bo")]  # fmt: skip
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(json.dumps(g) for g in games) + "\n", encoding="utf-8")
    checked: list[str] = []

    def counted(id: Any, *rest: Any) -> Any:
        checked.append(id)
        return game_from_dict_rules(id, *rest)

    game_from_dict_rules, expected = game_rules.checked_game, built(*games)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(shared_tables, "checked_game", counted)
        assert outcome([path]) == ("read", expected)
    assert checked == ["g1", "g2", "g3"]  # g4 sits at g1's table
    assert outcome([path]) == careful([path])

"""Reading plain games a table at a time (`table_games`) builds what `new_game` builds, and
stops at the first line that is not a plain game: `read_records` reads the rest game by game.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from tablerank.engine.records import Game, game_from_dict
from tablerank.formats import reading
from tablerank.formats.table_games import table_games
from tablerank.formats.typed_games import json_lines, typed_games

from ..engine.test_fast_records import shape
from .test_fast_reading import careful, outcome
from .test_plain_games import plain_files, written

SEATS = [{"player": "Ann", "place": 1, "vp": 10, "winner": True},
         {"player": "Bo", "place": 2, "vp": 8}, {"player": "Cy", "place": 3, "vp": 5}]  # fmt: skip


def game(number: int, *players: str, **fields: Any) -> dict[str, Any]:
    seats = [{**seat, "player": p} for seat, p in zip(SEATS, players, strict=False)]
    return {"id": f"g{number}", "date": "2026-03-14", "seats": seats, **fields}


def lines_of(*games: dict[str, Any]) -> list[bytes]:
    found = json_lines("\n".join(json.dumps(g) for g in games).encode())
    assert found is not None
    return found


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
    found, taken = table_games(lines_of(*games))
    assert taken == len(games)
    assert [shape(g) for g in found] == built(*games)


def test_a_blank_line_is_skipped() -> None:
    lines = [*lines_of(game(1, "Ann", "Bo")), b"", b"  ", *lines_of(game(2, "Bo", "Ann"))]
    found, taken = table_games(lines)
    assert (taken, [g.id for g in found]) == (4, ["g1", "g2"])


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
def test_the_reading_stops_at_the_first_line_that_is_not_a_plain_game(
    odd: dict[str, Any], why: str
) -> None:
    before = [game(1, "Ann", "Bo"), game(2, "Bo", "Ann")]
    found, taken = table_games(lines_of(*before, odd, game(4, "Ann", "Bo")))
    assert taken == 2, why
    assert [shape(g) for g in found] == built(*before)


def test_read_records_reads_the_rest_game_by_game(tmp_path: Path) -> None:
    games = [game(1, "Ann", "Bo"), game(2, "Bo", "Cy", "Ann"),
             game(3, "Ann", "Bo") | {"seats": [{**SEATS[0], "sources": {"cities": 4, "roads": 6}},
                                               {**SEATS[1], "player": "Bo"}]},
             game(4, "Cy", "Bo")]  # fmt: skip
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(json.dumps(g) for g in games) + "\n", encoding="utf-8")
    given: list[int] = []

    def counted(lines: list[bytes], memo: Any) -> list[Game] | None:
        given.append(len(lines))
        return typed_games(lines, memo)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reading, "typed_games", counted)
        assert outcome([path]) == ("read", built(*games))
    assert given == [2]  # the line with sources and the one after it
    assert outcome([path]) == careful([path])

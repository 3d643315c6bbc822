"""A batch's shared columns (`batch_columns`) are always those of the games asked for: shared
between lists that take the same games, never mistaken for another list's, even once a caller
has let go of the games it asked with."""

from __future__ import annotations

import gc

from tablerank.engine.records import Game, new_game
from tablerank.league.store.batch_columns import BatchColumns


def games(prefix: str, count: int = 3) -> list[Game]:
    seats = [
        {"player": f"{prefix}{n}", "vp": 10 if n == 0 else 9 - n, "winner": n == 0}
        for n in range(4)
    ]
    return [new_game(id=f"{prefix}-{g}", date="2026-03-01", seats=seats) for g in range(count)]


def test_the_same_games_share_their_columns() -> None:
    columns, batch = BatchColumns(), games("a")
    assert columns.seats(batch) is columns.seats(list(batch))
    first, ids = columns.tables(batch)
    again, other_ids = columns.tables(list(batch))
    assert again is first
    assert other_ids == ids
    assert list(ids)[:4] == ["a0", "a1", "a2", "a3"]  # and the game's participant (area)
    other_ids["new"] = len(ids)  # a copy: the next list's names start from the batch's again
    assert columns.tables(batch)[1] == ids
    assert columns.seats(batch[1:]).names == ["a0", "a1", "a2", "a3"]
    assert len(columns.seats(batch[1:]).games) == 2


def test_columns_are_of_the_games_asked_for_once_the_first_are_let_go() -> None:
    for kind in ["seats", "tables"]:
        columns = BatchColumns()
        for round in range(20):  # new games may take the places in memory of those let go
            prefix = f"{kind}{round}-"
            batch = games(prefix)
            if kind == "seats":
                names = columns.seats(batch).names
            else:
                names = list(columns.tables(batch)[1])[:4]
            assert names == [f"{prefix}{n}" for n in range(4)]
            del batch
            gc.collect()


def test_a_list_of_changes_gives_its_games_and_signs_once() -> None:
    columns, batch = BatchColumns(), games("c", 4)
    changed = [(n, game, n != 2) for n, game in enumerate(batch)]
    split = columns.signed(changed)
    assert split == (batch, [1, 1, -1, 1])
    assert columns.signed(changed) is split
    other = changed[:3]
    assert columns.signed(other) == (batch[:3], [1, 1, -1])

"""Which lists a batch of changed games touches (`ratings._by_list`): refusals are asked once
per kind of refusal (`ReplaySystem.refusal_kind`), yet every system gets exactly the games
it rates, by the list each counts in, as asking each system about each game would."""

from __future__ import annotations

import datetime as dt
import itertools

from hypothesis import given
from hypothesis import strategies as st

from tablerank.engine.records import Game, new_game
from tablerank.engine.systems import SYSTEMS, get_system
from tablerank.engine.systems.base import Record, ReplaySystem
from tablerank.engine.systems.cow.elo import Elo as CowElo
from tablerank.league.ratings.state import Changed, _by_list

GAME_SYSTEMS = {
    name: system
    for name in SYSTEMS
    if isinstance(system := get_system(name), ReplaySystem) and system.record_type is Game
}


class ClubElo(CowElo):
    """cow.elo with a refusal of its own: it leaves out the games of the online group."""

    def refusal(self, record: Record) -> str | None:
        if isinstance(record, Game) and record.group == "online":
            return "club games only"
        return super().refusal(record)


def one_by_one(
    kept: dict[str, ReplaySystem[Game]], changed: list[Changed]
) -> dict[str, dict[str, list[Changed]]]:
    out: dict[str, dict[str, list[Changed]]] = {}
    for name, system in kept.items():
        lists: dict[str, list[Changed]] = out.setdefault(name, {})
        for item in changed:
            if system.refusal(item[1]) is None:
                lists.setdefault(system.list_key(item[1]), []).append(item)
    return out


def a_game(number: int, title: str, group: str, placed: int) -> Game:
    seats = [
        {"player": f"p{n}", "vp": 10 - n, "winner": n == 0} if n < placed else
        {"player": f"p{n}", "vp": 3, "status": "abandoned"}
        for n in range(4)
    ]  # fmt: skip
    return new_game(
        id=f"g{number}", date=dt.date(2026, 1, 1), seats=seats, game=title, group=group or None
    )


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["Catan", "Catan: Seafarers", "Carcassonne"]),
            st.sampled_from(["", "club", "online"]),
            st.integers(1, 4),
        ),
        max_size=30,
    )
)
def test_every_system_gets_the_games_it_rates_by_list(
    games: list[tuple[str, str, int]],
) -> None:
    changed: list[Changed] = [
        ((dt.date(2026, 1, 1), n), a_game(n, *game), True) for n, game in enumerate(games)
    ]
    kept = {**GAME_SYSTEMS, "club": ClubElo()}
    grouped = _by_list(kept, changed)
    expected = one_by_one(kept, changed)
    assert {name: lists for name, lists in grouped.items() if lists} == {
        name: lists for name, lists in expected.items() if lists
    }


def test_systems_share_a_kind_of_refusal_only_where_the_verdict_is_the_same() -> None:
    kinds = {name: system.refusal_kind() for name, system in GAME_SYSTEMS.items()}
    assert ClubElo().refusal_kind() != ClubElo().refusal_kind()  # its own: never shared
    for (a, kind_a), (b, kind_b) in itertools.combinations(kinds.items(), 2):
        if kind_a == kind_b:
            one, other = GAME_SYSTEMS[a], GAME_SYSTEMS[b]
            assert (one.record_type, one.catan_only) == (other.record_type, other.catan_only)
    assert len(set(kinds.values())) < len(kinds)  # most systems ask one question


def test_one_list_only_where_the_system_keeps_one() -> None:
    assert {name for name, system in GAME_SYSTEMS.items() if not system.one_list()} == {
        name for name, system in GAME_SYSTEMS.items() if system.list_name
    }

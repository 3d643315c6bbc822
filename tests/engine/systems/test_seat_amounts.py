"""Many games' amounts at once (`seat_amounts`) are exactly the sum of their per-game `changes`,
for every order-independent system: what a league adds to its sum lists on import."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from tablerank.engine.records import Game
from tablerank.engine.systems import SYSTEMS, get_system
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.pages.glory import Glory
from tablerank.engine.systems.seat_amounts import batch_sums, placed_seats
from tablerank.errors import RatingError
from tests.engine.strategies import RawGame, catan_games

INDEPENDENT = [
    get_system(name)
    for name, cls in sorted(SYSTEMS.items())
    if issubclass(cls, ReplaySystem) and cls.order_independent
]
SOME_TABLES = Glory(tables={3: (40, 20, 0), 4: (50.5, 20.25, 10.1, 0)})
"""Glory without a 2-, 5- or 6-player table (those games are refused) and a table of
fractions."""
HUGE = Glory(tables={2: (2.0**45, 0.75), 3: (3.0, 2.0**44, 0.1)})
"""Awards too large for float totals to stay exact: summed as terms of their own."""
SYSTEMS_TO_CHECK: list[Any] = [*INDEPENDENT, SOME_TABLES, HUGE]

ODD_VP = st.sampled_from([0, 0.5, 1.25, 7.3, 0.1, 1000, 2.75])


@st.composite
def tables(draw: st.DrawFn) -> Game:
    """A Catan game; some with fractional VP, some with a placed seat's VP missing."""
    raw: RawGame = draw(catan_games())
    seats = [dict(seat) for seat in raw.seats]
    change = draw(st.sampled_from(["none", "odd", "missing"]))
    for seat in seats:
        if change == "odd" and draw(st.booleans()):
            seat["vp"] = draw(ODD_VP)
        elif change == "missing" and draw(st.booleans()) and "place" in seat:
            del seat["vp"]
    return RawGame(tuple(seats), raw.fields).build()


def expected(
    system: ReplaySystem[Game], games: list[Game], signs: list[int]
) -> tuple[dict[str, Fraction], Counter[str]]:
    """Each player's exact total of `changes`, game by game, and their net count of games."""
    totals: dict[str, Fraction] = {}
    counts: Counter[str] = Counter()
    for game, sign in zip(games, signs, strict=True):
        try:
            delta = system.changes(game, {})
        except RatingError:
            continue
        for player, amount in delta.items():
            totals[player] = totals.get(player, Fraction(0)) + sign * Fraction(amount)
            counts[player] += sign
    return totals, counts


@given(
    games=st.lists(tables(), max_size=25),
    data=st.data(),
)
def test_the_batch_amounts_are_the_sum_of_each_games_changes(
    games: list[Game], data: st.DataObject
) -> None:
    signs = data.draw(st.lists(st.sampled_from([1, -1]), min_size=len(games), max_size=len(games)))
    seats = placed_seats(games)
    for system in SYSTEMS_TO_CHECK:
        sums = batch_sums(system, seats, signs)
        totals, counts = expected(system, games, signs)
        assert sorted(sums.names) == sorted(totals), system.name
        for index, player in enumerate(sums.names):
            got = sum(map(Fraction, sums.terms(index)), Fraction(0))
            assert got == totals[player], (system.name, player)
            assert int(sums.games[index]) == counts[player], (system.name, player)


@given(games=st.lists(catan_games(), min_size=1, max_size=25))
def test_checked_games_with_vp_are_all_rated_by_columns(games: list[RawGame]) -> None:
    """The column forms cover every checked game (none falls back to `changes`)."""
    seats = placed_seats([raw.build() for raw in games])
    for system in INDEPENDENT:
        assert isinstance(system, ReplaySystem)
        found = system.seat_amounts(seats)
        assert found is not None, system.name
        assert found.rated.all(), system.name


def test_a_table_of_whole_points_is_one_exact_float_per_player() -> None:
    """Whole and dyadic amounts are totalled as floats; only the others are kept as terms."""
    rows = [
        [("Ann", 10), ("Bo", 7), ("Cy", 7)],
        [("Ann", 3), ("Bo", 10), ("Cy", 9)],
    ]
    games = [RawGame(tuple({"player": p, "vp": vp} for p, vp in row)).build() for row in rows]
    seats = placed_seats(games)
    points = batch_sums(get_system("pages.point"), seats, [1, 1])  # type: ignore[arg-type]
    assert dict(zip(points.names, points.exact.tolist(), strict=True)) == {
        "Ann": 13.0,
        "Bo": 17.0,
        "Cy": 16.0,
    }
    assert points.rest == {}
    shares = batch_sums(get_system("pages.share"), seats, [1, -1])  # type: ignore[arg-type]
    assert shares.terms(shares.names.index("Ann")) == [0.0, 10 / 24, -3 / 22]
    assert shares.games.tolist() == [0, 0, 0]

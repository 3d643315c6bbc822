"""Order-independent systems (`ReplaySystem.order_independent`): what a league relies on to
correct their lists by deltas instead of replaying."""

from __future__ import annotations

import dataclasses
import datetime as dt
import math

from hypothesis import given
from hypothesis import strategies as st

from tablerank.engine.records import Game
from tablerank.engine.sums import add, total
from tablerank.engine.systems import SYSTEMS, get_system
from tablerank.engine.systems.base import ReplaySystem
from tablerank.errors import RatingError
from tests.engine.strategies import PLAYERS, RawGame, catan_games

INDEPENDENT = sorted(
    name for name, cls in SYSTEMS.items() if issubclass(cls, ReplaySystem) and cls.order_independent
)
DEPENDENT = sorted(
    name
    for name, cls in SYSTEMS.items()
    if issubclass(cls, ReplaySystem) and not cls.order_independent
)


def test_the_sums_and_the_elo_like_systems_are_told_apart() -> None:
    assert INDEPENDENT == [
        "cow.points",
        "pages.accomplishment",
        "pages.elo",
        "pages.glory",
        "pages.point",
        "pages.share",
    ]
    assert DEPENDENT == ["area", "cow.elo", "turnabout"]


@given(
    raw=catan_games(),
    ratings=st.dictionaries(st.sampled_from(PLAYERS), st.floats(-1e6, 1e6), max_size=8),
)
def test_changes_never_read_the_ratings(raw: RawGame, ratings: dict[str, float]) -> None:
    game = raw.build()
    for name in INDEPENDENT:
        system = get_system(name)
        assert isinstance(system, ReplaySystem)
        if system.refusal(game) is not None:
            continue
        try:
            alone = system.changes(game, {})
        except RatingError:
            continue
        assert system.changes(game, ratings) == alone, name


def _history(raws: list[RawGame], days: list[int]) -> list[Game]:
    start = dt.date(2026, 1, 1)
    return [
        dataclasses.replace(raw.build(), id=f"g{i}", date=start + dt.timedelta(days=day))
        for i, (raw, day) in enumerate(zip(raws, days, strict=False))
    ]


@given(
    raws=st.lists(catan_games(statuses=False), min_size=1, max_size=12),
    days=st.lists(st.integers(0, 30), min_size=12, max_size=12),
    removed=st.integers(0, 11),
    data=st.data(),
)
def test_a_sum_is_the_same_in_any_order_and_after_taking_a_game_away(
    raws: list[RawGame], days: list[int], removed: int, data: st.DataObject
) -> None:
    history = _history(raws, days)
    shuffled = data.draw(st.permutations(history))
    gone = history[removed % len(history)]
    for name in INDEPENDENT:
        system = get_system(name)
        assert isinstance(system, ReplaySystem)
        try:
            reference = system.totals(history)
        except RatingError:
            continue
        assert system.totals(shuffled).ratings == reference.ratings, name
        partials: dict[str, list[float]] = {}
        for game in history:
            for player, amount in system.changes(game, {}).items():
                add(partials.setdefault(player, []), amount)
        if system.refusal(gone) is None:
            for player, amount in system.changes(gone, {}).items():
                add(partials[player], -amount)
        rest = system.totals([g for g in history if g is not gone]).ratings
        assert {p: total(x) for p, x in partials.items() if p in rest} == rest, name


def test_exact_sums_do_not_depend_on_the_order_of_thirds() -> None:
    thirds = [1 / 3, 1 / 3, 1 / 3, 0.1, 0.2]
    assert total(thirds) == total(reversed(thirds)) == 1.3
    partials: list[float] = []
    for x in thirds:
        add(partials, x)
    add(partials, -0.1)
    assert total(partials) == total([1 / 3, 1 / 3, 1 / 3, 0.2])


@given(
    st.lists(
        st.floats(allow_nan=False, allow_infinity=False, min_value=-1e12, max_value=1e12)
        | st.integers(-1000, 1000).map(float)
        | st.integers(1, 30).map(lambda n: 1 / n),
        max_size=20,
    )
)
def test_a_running_sum_is_math_fsum_of_its_terms(terms: list[float]) -> None:
    partials: list[float] = []
    for x in terms:
        add(partials, x)
    assert total(partials) == math.fsum(terms) + 0.0
    for x in terms[: len(terms) // 2]:
        add(partials, -x)
    assert total(partials) == math.fsum(terms[len(terms) // 2 :]) + 0.0


@given(
    raws=st.lists(catan_games(), min_size=1, max_size=12),
    days=st.lists(st.integers(0, 30), min_size=12, max_size=12),
    start=st.dictionaries(st.sampled_from(PLAYERS), st.integers(-50, 50) | st.floats(-1e3, 1e3)),
)
def test_a_sums_totals_are_the_plain_replays(
    raws: list[RawGame], days: list[int], start: dict[str, float]
) -> None:
    """`totals` of a sum (`sums.summed`) gives each player exactly what adding their start, or
    the initial rating, and every amount one game at a time and rounding once gives, in the
    same order, with the games they were rated in."""
    history = _history(raws, days)
    for name in INDEPENDENT:
        system = get_system(name)
        assert isinstance(system, ReplaySystem)
        try:
            totals = system.totals(history, start)
        except RatingError:
            continue
        partials = {p: [r] for p, r in start.items()}
        games = dict.fromkeys(start, 0)
        for game in sorted(history, key=lambda g: g.date):
            if system.refusal(game) is not None:
                continue
            for player, amount in system.changes(game, {}).items():
                add(partials.setdefault(player, [system.initial_rating()]), amount)
                games[player] = games.get(player, 0) + 1
        ratings = {p: total(x) for p, x in partials.items()}
        assert [(p, repr(r)) for p, r in totals.ratings.items()] == [
            (p, repr(r)) for p, r in ratings.items()
        ], name
        assert dict(totals.games) == games, name

"""Hypothesis strategies for valid games and events, kept as raw input so seats can be reordered."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from tablerank.engine.records import Event, Game, new_event, new_game

PLAYERS = ("Ann", "Bo", "Cy", "Dee", "Ed", "Flo", "Gus", "Hal")


@dataclass(frozen=True)
class RawGame:
    """A valid game as raw seats, with everyone's rating before it."""

    seats: tuple[dict[str, Any], ...]
    fields: dict[str, Any] = field(default_factory=dict)
    ratings: dict[str, float] = field(default_factory=dict)

    def build(self, order: Sequence[int] | None = None) -> Game:
        seats = self.seats if order is None else tuple(self.seats[i] for i in order)
        return new_game(id="p1", date="2026-03-14", seats=[dict(s) for s in seats], **self.fields)

    def with_twin(self, of: int, at: int) -> RawGame:
        """The same game with a copy of seat `of` (same place, VP, status, rating) at `at`."""
        twin = {**self.seats[of], "player": "Twin"}
        seats = list(self.seats)
        seats.insert(at, twin)
        ratings = dict(self.ratings)
        original = self.seats[of]["player"]
        if original in ratings:
            ratings["Twin"] = ratings[original]
        return RawGame(tuple(seats), self.fields, ratings)


ratings_values = st.integers(min_value=0, max_value=8000).map(float)


@st.composite
def _ratings(draw: st.DrawFn, players: Sequence[str]) -> dict[str, float]:
    rated = draw(st.lists(st.sampled_from(list(players)), unique=True))
    return {p: draw(ratings_values) for p in rated}


@st.composite
def catan_games(
    draw: st.DrawFn,
    *,
    min_present: int = 2,
    max_present: int = 6,
    statuses: bool = True,
    places_only: bool = False,
) -> RawGame:
    """A valid Catan table of 2-6 seats present at the end, every seat with VP.

    Places come either from a declared winner and VP, or are given (equal places allowed).
    With `statuses`, seats may be free accounts, substitutes, and extra abandoned seats.
    """
    present = draw(st.integers(min_present, max_present))
    abandoned = draw(st.integers(0, 2)) if statuses else 0
    names = PLAYERS[: present + abandoned]
    vps = [draw(st.integers(0, 15)) for _ in names]
    given = places_only or draw(st.booleans())
    seats: list[dict[str, Any]] = []
    winner = draw(st.integers(0, present - 1))
    for i, name in enumerate(names):
        seat: dict[str, Any] = {"player": name, "vp": vps[i]}
        if i >= present:
            seat["status"] = "abandoned"
        else:
            if given:
                seat["place"] = draw(st.integers(1, present))
            else:
                seat["winner"] = i == winner
            if statuses and draw(st.booleans()):
                seat["status"] = draw(st.sampled_from(["finished", "substitute"]))
            if statuses and draw(st.booleans()):
                seat["account"] = draw(st.sampled_from(["premium", "free"]))
        seats.append(seat)
    order = draw(st.permutations(range(len(seats))))
    shuffled = tuple(seats[i] for i in order)
    fields: dict[str, Any] = {}
    if present > 2 and draw(st.booleans()):
        fields["game_class"] = "race"
    return RawGame(shuffled, fields, draw(_ratings(names)))


@st.composite
def area_games(draw: st.DrawFn, *, allow_two: bool = True) -> RawGame:
    """A valid non-Catan game of any A.R.E.A. class (two, wta, team, race, sol)."""
    n = draw(st.integers(1, 6))
    if n == 1:
        cls = "sol"
    elif n == 2 and allow_two:
        cls = draw(st.sampled_from(["two", "wta", "race", "team", "sol"]))
    else:
        cls = draw(st.sampled_from(["wta", "race", "team", "sol"]))
    names = PLAYERS[:n]
    seats: list[dict[str, Any]] = [{"player": name} for name in names]
    if cls == "team":
        teams = draw(st.integers(2, max(2, min(n, 3))))
        assignment = draw(st.permutations([i % teams for i in range(n)]))
        for seat, team in zip(seats, assignment, strict=True):
            seat["team"] = f"team{team}"
            seat["place"] = 1 if team == 0 else draw(st.integers(2, n))
    elif cls == "sol" and draw(st.booleans()):
        for seat in seats:
            won = draw(st.booleans())
            seat["winner"] = won
            seat["place"] = 1 if won else 2
    else:
        for seat in seats:
            seat["place"] = draw(st.integers(1, n))
    for seat in seats:
        if draw(st.integers(0, 5)) == 0:
            seat["status"] = "substitute"
    if draw(st.booleans()):
        seats.append({"player": "Quit", "status": "abandoned"})
    title = draw(st.sampled_from(["Kremlin", "B-17", "Axis & Allies"]))
    everyone = [s["player"] for s in seats] + [f"{title} (game)"]
    return RawGame(tuple(seats), {"game": title, "game_class": cls}, draw(_ratings(everyone)))


@st.composite
def events(draw: st.DrawFn, *, min_size: int = 4, max_size: int = 64) -> Event:
    """Valid final standings of an event with 4 or more players."""
    size = draw(st.integers(min_size, max_size))
    rounds = draw(st.integers(1, 8))
    standings = []
    for i in range(size):
        played = draw(st.integers(0, rounds))
        wins = draw(st.integers(0, played))
        draws = draw(st.integers(0, played - wins))
        standings.append(
            {
                "player": f"P{i}",
                "place": draw(st.integers(1, size)),
                "wins": wins,
                "draws": draws,
                "losses": played - wins - draws,
            }
        )
    fmt = draw(st.sampled_from(["swiss", "round-robin", "elimination"]))
    if fmt == "elimination":
        for s in standings:
            s["completed"] = draw(st.booleans())
    return new_event(id="ev", date="2026-03-14", standings=standings, rounds=rounds, format=fmt)

"""A kept list read back as its system's standings: from the stored rating state, ranked by
the system itself (`ratings`); pages.combined from its members' state, skill fitted on reading,
Turnabout replayed from the confirmed events."""

from __future__ import annotations

from typing import Any

from tablerank.engine.records import Game
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import RatingTable, ReplaySystem, Standing
from tablerank.engine.systems.pages.combined import Combined
from tablerank.engine.systems.skill import Skill
from tablerank.league.errors import LeagueError
from tablerank.league.models import League, RatingState, RatingWatermark
from tablerank.league.ratings.state import confirmed_events
from tablerank.league.store.reading import only_list

__all__ = ["first_lines", "fitted_on_reading", "ratings"]


def _list_key(league: League, name: str, system: ReplaySystem[Any], key: str | None) -> str:
    if key is not None:
        return key
    if not system.list_name:
        return ""
    marks = RatingWatermark.objects.filter(league=league, system=name)
    return only_list(league, name, system.list_name, marks.values_list("list_key", flat=True))


def _state(league: League, name: str, key: str) -> tuple[dict[str, float], dict[str, int]]:
    rows = RatingState.objects.filter(league=league, system=name, list_key=key)
    values: dict[str, float] = {}
    games: dict[str, int] = {}
    for player, rating, played in rows.values_list("player", "rating", "games"):
        values[player] = rating
        games[player] = played
    return values, games


def _combined(league: League, system: Combined) -> RatingTable:
    """pages.combined from its members' stored state: the average of each player's rank."""
    ranks: list[dict[str, int]] = []
    games: dict[str, int] = {}
    for member in system.members():
        values, played = _state(league, member.name, "")
        ranks.append(member.ranks(values))
        for player, count in played.items():
            games[player] = max(count, games.get(player, -1))
    players = {p for r in ranks for p in r}
    average = {p: sum(r.get(p, len(r) + 1) for r in ranks) / len(ranks) for p in players}
    return RatingTable(system.name, system.rank(average, games))


def fitted_on_reading(system: str) -> bool:
    """Whether the system's standings are fitted over the whole history on each read (skill)
    rather than read from stored state: seconds on a large league, where a page should not
    wait for them before it shows anything else."""
    return isinstance(get_system(system), Skill)


def fit_ready(league: League, system: str) -> bool:
    """Whether reading the system's standings now costs no fit (`fitted_on_reading` systems:
    skill's fit is kept at the league's revision); True for systems read from stored state."""
    found = get_system(system)
    if not isinstance(found, Skill):
        return True
    from tablerank.league.ratings.skill_columns import fit_ready

    return fit_ready(league, found)


def _skill(league: League, system: Skill, key: str | None) -> RatingTable:
    """Skill is fitted in one batch over the confirmed games of one title (the caller caches
    it per revision): it keeps no state. Its arrays need numpy: imported here, on its own."""
    from tablerank.league.ratings.skill_columns import skill_fit, skill_title

    return system.standings(skill_fit(league, skill_title(league, key), system))


_TIE = 1e-8
"""Scores within this of the last one shown may share its rank (`ranking.same_score`: equal to
nine decimals), so `first_lines` reads them too."""


def first_lines(league: League, system: str, top: int) -> tuple[Standing, ...]:
    """`ratings(league, system).standings[:top]`, reading only the best rows of a stored list
    (and any that tie with the last of them), not the whole list."""
    engine = get_system(system)
    if system not in league.systems or not _stored(engine) or engine.lower_is_better:
        return ratings(league, system).standings[:top]
    assert isinstance(engine, ReplaySystem)
    key = _list_key(league, system, engine, None)
    rows = RatingState.objects.filter(league=league, system=system, list_key=key)
    best = rows.order_by("-rating").values_list("rating", flat=True)
    last = best[top - 1 : top].first()
    if last is not None:
        rows = rows.filter(rating__gte=last - _TIE)
    values: dict[str, float] = {}
    games: dict[str, int] = {}
    for player, rating, played in rows.values_list("player", "rating", "games"):
        values[player] = rating
        games[player] = played
    return engine.rank(values, games)[:top]


def _stored(engine: object) -> bool:
    """Whether the system's standings are a stored list (not combined, fitted or replayed)."""
    return (
        isinstance(engine, ReplaySystem)
        and not isinstance(engine, Combined)
        and engine.record_type is Game
    )


def ratings(league: League, system: str, list_key: str | None = None) -> RatingTable:
    """A kept system's standings in one list of the league, read from the stored state and
    ranked by the system itself (`not_rated` is left empty: ask the engine's `explain`).

    `list_key` names the list (the game group for cow.elo, the title for area); it may be left
    out where the system keeps one list or the league has only one. Turnabout, which rates
    events, is replayed from the confirmed events on each call.
    """
    engine = get_system(system)
    if system not in league.systems:
        raise LeagueError(
            "system",
            f"league {league.slug!r} does not keep {system}; it keeps "
            f"{', '.join(league.systems) or 'none'}",
        )
    if isinstance(engine, Combined):
        return _combined(league, engine)
    if isinstance(engine, Skill):
        return _skill(league, engine, list_key)
    if not isinstance(engine, ReplaySystem) or engine.record_type is not Game:
        return engine.rate(confirmed_events(league))
    key = _list_key(league, system, engine, list_key)
    values, games = _state(league, system, key)
    return RatingTable(system, engine.rank(values, games))

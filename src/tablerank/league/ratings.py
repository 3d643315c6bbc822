"""One rating state per league, system and list, kept equal to a full replay of the history.

The engine computes every number; this module only decides *what* to hand it and stores the
result (`RatingState` rows and one `RatingWatermark` per list):

* A confirmed game whose place in play order (date, then recording number) comes after its
  list's watermark is applied on its own: `system.changes(game, ratings of its players)` and
  one row per rated name updated. The cost depends on the table's size, not the history's.
* Any other change to a list's confirmed history (a game confirmed, voided or corrected at or
  before the watermark) recomputes that list from scratch with the engine's own replay
  (`system.totals` over the list's confirmed games), so the state is again a full replay.

The services call `refresh_ratings` inside their transactions whenever a game enters or
leaves the confirmed history; `ratings` reads a list back, ranked by the system itself.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone

from tablerank.engine.records import Event, Game
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import RatingTable, ReplaySystem
from tablerank.engine.systems.pages.combined import Combined
from tablerank.league.errors import LeagueError
from tablerank.league.models import (
    EventRecord,
    EventStanding,
    GameRecord,
    League,
    RatingState,
    RatingWatermark,
    RecordStatus,
    Seat,
)

__all__ = ["confirmed_events", "kept_systems", "ratings", "rebuild_ratings", "refresh_ratings"]

Point = tuple[dt.date, int]
"""A record's place in play order: its date, then its recording number."""

GameSystem = ReplaySystem[Game]


def kept_systems(league: League) -> dict[str, GameSystem]:
    """The systems whose state the league stores: its enabled systems that replay games, plus
    the members of pages.combined when that is enabled (its standings are read from theirs).
    Turnabout rates events and is computed on reading instead."""
    names = list(league.systems)
    if Combined.name in names:
        names += [n for n in Combined().systems if n not in names]
    kept: dict[str, GameSystem] = {}
    for name in names:
        system = get_system(name)
        if isinstance(system, ReplaySystem) and system.record_type is Game:
            kept[name] = system
    return kept


def _with_seats(records: Any) -> Any:
    seats = Seat.objects.select_related("player").prefetch_related("sources")
    return records.prefetch_related(Prefetch("seats", queryset=seats))


def _played(league: League) -> list[tuple[Point, Game]]:
    """The confirmed, live games in play order, each with its place in that order."""
    rows = _with_seats(
        GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED).order_by(
            "date", "sequence"
        )
    )
    return [((row.date, row.sequence), row.to_record()) for row in rows]


def confirmed_events(league: League) -> list[Event]:
    """The league's confirmed, live events in play order."""
    rows = EventStanding.objects.select_related("player")
    records = (
        EventRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
        .order_by("date", "sequence")
        .prefetch_related(Prefetch("standings", queryset=rows))
    )
    return [record.to_record() for record in records]


class _StateView(Mapping[str, float]):
    """The list's ratings as `changes` reads them: the table's players loaded at once, anyone
    else (area's game title) looked up on first use. Iterates over what is loaded only."""

    def __init__(self, league: League, system: str, key: str, names: Sequence[str]) -> None:
        self._rows = RatingState.objects.filter(league=league, system=system, list_key=key)
        self.loaded: dict[str, RatingState | None] = dict.fromkeys(names)
        self.loaded.update({row.player: row for row in self._rows.filter(player__in=names)})

    def row(self, name: str) -> RatingState | None:
        if name not in self.loaded:
            self.loaded[name] = self._rows.filter(player=name).first()
        return self.loaded[name]

    def __getitem__(self, name: str) -> float:
        row = self.row(name)
        if row is None:
            raise KeyError(name)
        return row.rating

    def __iter__(self) -> Iterator[str]:
        return (name for name, row in self.loaded.items() if row is not None)

    def __len__(self) -> int:
        return sum(row is not None for row in self.loaded.values())


def _apply(league: League, name: str, system: GameSystem, key: str, game: Game) -> None:
    """Add one game to a list's state: the engine's `changes`, as `totals` would add them."""
    view = _StateView(league, name, key, [seat.player for seat in game.seats])
    delta = system.changes(game, view)
    initial = system.initial_rating()
    now = timezone.now()
    new: list[RatingState] = []
    changed: list[RatingState] = []
    for player, amount in delta.items():
        row = view.row(player)
        if row is None:
            new.append(
                RatingState(
                    league=league,
                    system=name,
                    list_key=key,
                    player=player,
                    rating=initial + amount,
                    games=1,
                    updated_at=now,
                )
            )
        else:
            row.rating = row.rating + amount
            row.games += 1
            row.updated_at = now
            changed.append(row)
    if new:
        RatingState.objects.bulk_create(new)
    if changed:
        RatingState.objects.bulk_update(changed, ["rating", "games", "updated_at"])


def _mark(league: League, name: str, key: str, at: Point | None) -> None:
    marks = RatingWatermark.objects.filter(league=league, system=name, list_key=key)
    if at is None:
        marks.delete()
    elif not marks.update(date=at[0], sequence=at[1]):
        RatingWatermark.objects.create(
            league=league, system=name, list_key=key, date=at[0], sequence=at[1]
        )


def _recompute(
    league: League,
    name: str,
    system: GameSystem,
    key: str,
    history: list[tuple[Point, Game]],
) -> None:
    """Replace a list's state by the engine's replay of its confirmed games."""
    mine = [
        (at, game)
        for at, game in history
        if system.refusal(game) is None and system.list_key(game) == key
    ]
    totals = system.totals([game for _, game in mine])
    RatingState.objects.filter(league=league, system=name, list_key=key).delete()
    now = timezone.now()
    RatingState.objects.bulk_create(
        RatingState(
            league=league,
            system=name,
            list_key=key,
            player=player,
            rating=rating,
            games=totals.games.get(player, 0),
            updated_at=now,
        )
        for player, rating in totals.ratings.items()
    )
    _mark(league, name, key, mine[-1][0] if mine else None)


def _lock(league: League) -> None:
    """Serialise rating updates within one league (the league row's lock, as recording does)."""
    list(League.objects.select_for_update().filter(pk=league.pk).values_list("pk", flat=True))


def refresh_ratings(record: GameRecord, *more: GameRecord) -> None:
    """Bring every kept list the records count in up to date after they entered or left the
    confirmed history (confirmed, voided, corrected). Call it inside the change's transaction.

    Per list: if every given record lies after the list's watermark, the confirmed ones are
    applied one by one in play order (touching only their players' rows); if any lies at or
    before it, the list is recomputed from its confirmed history.
    """
    pks = [record.pk, *(other.pk for other in more)]
    rows = list(
        _with_seats(GameRecord.objects.filter(pk__in=pks).select_related("league")).order_by(
            "date", "sequence"
        )
    )
    if not rows:
        return
    league = rows[0].league
    changed = [
        ((row.date, row.sequence), row.to_record(), row.status == RecordStatus.CONFIRMED)
        for row in rows
    ]
    history: list[tuple[Point, Game]] | None = None
    with transaction.atomic():
        _lock(league)
        for name, system in kept_systems(league).items():
            lists: dict[str, list[tuple[Point, Game, bool]]] = {}
            for at, game, confirmed in changed:
                if system.refusal(game) is None:
                    lists.setdefault(system.list_key(game), []).append((at, game, confirmed))
            for key, items in lists.items():
                mark = (
                    RatingWatermark.objects.filter(league=league, system=name, list_key=key)
                    .values_list("date", "sequence")
                    .first()
                )
                if mark is not None and any(at <= mark for at, _, _ in items):
                    if history is None:
                        history = _played(league)
                    _recompute(league, name, system, key, history)
                    continue
                applied = [(at, game) for at, game, confirmed in items if confirmed]
                for _, game in applied:
                    _apply(league, name, system, key, game)
                if applied:
                    _mark(league, name, key, applied[-1][0])


def rebuild_ratings(league: League) -> None:
    """Recompute every kept list of the league from its confirmed history, and drop the state
    of lists (and systems) it no longer keeps. Run it after changing `league.systems`, or once
    for a league whose history was recorded before the rating state existed."""
    with transaction.atomic():
        _lock(league)
        history = _played(league)
        kept = kept_systems(league)
        RatingState.objects.filter(league=league).exclude(system__in=kept).delete()
        RatingWatermark.objects.filter(league=league).exclude(system__in=kept).delete()
        for name, system in kept.items():
            keys = {system.list_key(g) for _, g in history if system.refusal(g) is None}
            stale = RatingWatermark.objects.filter(league=league, system=name).exclude(
                list_key__in=keys
            )
            RatingState.objects.filter(
                league=league, system=name, list_key__in=stale.values("list_key")
            ).delete()
            stale.delete()
            for key in sorted(keys):
                _recompute(league, name, system, key, history)


def _list_key(league: League, name: str, system: ReplaySystem[Any], key: str | None) -> str:
    if key is not None:
        return key
    if not system.list_name:
        return ""
    keys = sorted(
        RatingWatermark.objects.filter(league=league, system=name).values_list(
            "list_key", flat=True
        )
    )
    if len(keys) > 1:
        raise LeagueError(
            "list_key",
            f"{name} keeps a separate list per {system.list_name}, and league "
            f"{league.slug!r} has {len(keys)}: {', '.join(keys)}; choose one",
        )
    return keys[0] if keys else ""


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
    if not isinstance(engine, ReplaySystem) or engine.record_type is not Game:
        return engine.rate(confirmed_events(league))
    key = _list_key(league, system, engine, list_key)
    values, games = _state(league, system, key)
    return RatingTable(system, engine.rank(values, games))

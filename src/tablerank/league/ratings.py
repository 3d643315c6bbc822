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

from django.db import connection, transaction
from django.db.models import F, Prefetch, Q, QuerySet, Window
from django.db.models.functions import RowNumber
from django.utils import timezone

from tablerank.engine.records import Event, Game
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import RatingTable, ReplaySystem
from tablerank.engine.systems.pages.combined import Combined
from tablerank.errors import RatingError
from tablerank.league.bulk import batched, insert_rows
from tablerank.league.errors import LeagueError
from tablerank.league.models import (
    EventRecord,
    EventStanding,
    GameRecord,
    League,
    RatingChange,
    RatingState,
    RatingWatermark,
    RecordStatus,
    Seat,
)

__all__ = [
    "ListState",
    "confirmed_events",
    "kept_systems",
    "ratings",
    "rebuild_ratings",
    "refresh_changed",
    "refresh_ratings",
]

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


def confirmed_events(league: League) -> list[Event]:
    """The league's confirmed, live events in play order."""
    rows = EventStanding.objects.select_related("player")
    records = (
        EventRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
        .order_by("date", "sequence")
        .prefetch_related(Prefetch("standings", queryset=rows))
    )
    return [record.to_record() for record in records]


class ListState(Mapping[str, float]):
    """One list's stored ratings as the engine's `changes` reads them, held in memory while
    games are applied (or previewed): the rows of the names asked for are loaded in one query
    (`load`), anyone else (area's game title) is looked up on first use. Tracks what changed
    for `save`."""

    def __init__(self, league: League, system: str, key: str) -> None:
        self._rows = RatingState.objects.filter(league=league, system=system, list_key=key)
        self.league, self.system, self.key = league, system, key
        self.rating: dict[str, float] = {}
        self.games: dict[str, int] = {}
        self._looked: set[str] = set()
        self.touched: set[str] = set()

    def load(self, names: set[str]) -> None:
        missing = sorted(names - self._looked)
        for part in batched(missing):
            for player, rating, games in self._rows.filter(player__in=part).values_list(
                "player", "rating", "games"
            ):
                self.rating[player], self.games[player] = rating, games
        self._looked.update(missing)

    def _look(self, name: str) -> None:
        if name not in self._looked:
            self.load({name})

    def __getitem__(self, name: str) -> float:
        self._look(name)
        return self.rating[name]

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        self._look(name)
        return name in self.rating

    def __iter__(self) -> Iterator[str]:
        return iter(self.rating)

    def __len__(self) -> int:
        return len(self.rating)

    def save(self) -> None:
        """Write the changed names' rows (one upsert statement, executed in bulk)."""
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        _upsert_states(
            [
                (self.league.pk, self.system, self.key, p, self.rating[p], self.games[p], now)
                for p in sorted(self.touched)
            ]
        )
        self.touched.clear()


def _upsert_states(rows: list[tuple[Any, ...]]) -> None:
    """Insert or overwrite `RatingState` rows given as (league id, system, list key, player,
    rating, games, updated at), in bulk. The ON CONFLICT form is the same in SQLite and
    PostgreSQL."""
    insert_rows(
        RatingState._meta.db_table,
        ["league_id", "system", "list_key", "player", "rating", "games", "updated_at"],
        rows,
        on_conflict="ON CONFLICT (league_id, system, list_key, player) DO UPDATE SET "
        "rating = excluded.rating, games = excluded.games, updated_at = excluded.updated_at",
    )


_CHANGE_COLUMNS = ["league_id", "system", "list_key", "game_id", "date", "sequence", "player"]
_CHANGE_COLUMNS += ["before", "after", "games"]


def _insert_changes(rows: list[tuple[Any, ...]]) -> None:
    """Append `RatingChange` rows given as (league id, system, list key, game id, date,
    sequence, player, before, after, games), in bulk."""
    insert_rows(
        RatingChange._meta.db_table,
        _CHANGE_COLUMNS,
        rows,
    )


def _play(
    state: ListState, system: GameSystem, games: Sequence[tuple[Point, int, Game]]
) -> list[tuple[Any, ...]]:
    """Apply games in play order to `state` exactly as the engine's `totals` adds them,
    returning the `_insert_changes` rows (who moved, from what to what)."""
    initial = system.initial_rating()
    names = {seat.player for _, _, game in games for seat in game.seats}
    state.load(names | {game.game for _, _, game in games})
    rating, played, touched = state.rating, state.games, state.touched
    head = (state.league.pk, state.system, state.key)
    day_value = connection.ops.adapt_datefield_value
    log: list[tuple[Any, ...]] = []
    for (day, sequence), pk, game in games:
        try:
            delta = system.changes(game, state)
        except RatingError:
            continue  # e.g. no Glory table for one player: this system leaves the game out
        when = day_value(day)
        for player, amount in delta.items():
            before = rating.get(player, initial)
            after = before + amount
            count = played.get(player, 0) + 1
            rating[player], played[player] = after, count
            touched.add(player)
            log.append((*head, pk, when, sequence, player, before, after, count))
    return log


def _from(at: Point) -> Q:
    """Records at or after `at` in play order."""
    day, sequence = at
    return Q(date__gt=day) | Q(date=day, sequence__gte=sequence)


def _rewind(league: League, name: str, key: str, at: Point | None) -> None:
    """Undo every logged change at or after `at` (all of them when None): each name they
    touched goes back to its last logged value before `at`, or leaves the list."""
    log = RatingChange.objects.filter(league=league, system=name, list_key=key)
    states = RatingState.objects.filter(league=league, system=name, list_key=key)
    if at is None:
        log.delete()
        states.delete()
        return
    later = log.filter(_from(at))
    touched = set(later.values_list("player", flat=True).distinct())
    if not touched:
        return
    later.delete()
    for part in batched(sorted(touched)):
        _restore(league, name, key, log, set(part))


def _restore(
    league: League, name: str, key: str, log: QuerySet[RatingChange], players: set[str]
) -> None:
    """Set the players' rows to their last logged values (dropping those with none)."""
    last = (
        log.filter(player__in=players)
        .annotate(
            latest=Window(
                RowNumber(),
                partition_by=[F("player")],
                order_by=[F("date").desc(), F("sequence").desc()],
            )
        )
        .filter(latest=1)
        .values_list("player", "after", "games")
    )
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    kept = [(league.pk, name, key, player, after, games, now) for player, after, games in last]
    states = RatingState.objects.filter(league=league, system=name, list_key=key)
    states.filter(player__in=players - {row[3] for row in kept}).delete()
    _upsert_states(kept)


Played = list[tuple[Point, int, Game]]


class _Confirmed:
    """The league's confirmed games from a point on, loaded once however many lists replay."""

    def __init__(self, league: League) -> None:
        self.league = league
        self._loaded: tuple[Point | None, Played] | None = None

    def since(self, at: Point | None) -> Played:
        if self._loaded is None or not _covers(self._loaded[0], at):
            rows = GameRecord.objects.filter(league=self.league, status=RecordStatus.CONFIRMED)
            if at is not None:
                rows = rows.filter(_from(at))
            rows = rows.order_by("date", "sequence")
            played = [
                ((game.date, sequence), pk, game) for pk, sequence, game in GameRecord.records(rows)
            ]
            self._loaded = (at, played)
        start, played = self._loaded
        if at is None or start == at:
            return played
        return [item for item in played if item[0] >= at]

    def of_list(self, system: GameSystem, key: str, at: Point | None) -> Played:
        """The list's confirmed games at or after `at`, in play order."""
        return [
            item
            for item in self.since(at)
            if system.refusal(item[2]) is None and system.list_key(item[2]) == key
        ]


def _covers(loaded: Point | None, at: Point | None) -> bool:
    return loaded is None or (at is not None and loaded <= at)


def _mark(league: League, name: str, key: str, at: Point | None) -> None:
    marks = RatingWatermark.objects.filter(league=league, system=name, list_key=key)
    if at is None:
        marks.delete()
    elif not marks.update(date=at[0], sequence=at[1]):
        RatingWatermark.objects.create(
            league=league, system=name, list_key=key, date=at[0], sequence=at[1]
        )


def _watermark(league: League, name: str, key: str) -> Point | None:
    return (
        RatingWatermark.objects.filter(league=league, system=name, list_key=key)
        .values_list("date", "sequence")
        .first()
    )


def _append(league: League, name: str, system: GameSystem, key: str, games: Played) -> None:
    """Apply games that all come after the list's watermark: cost by their players only."""
    state = ListState(league, name, key)
    _insert_changes(_play(state, system, games))
    state.save()
    _mark(league, name, key, games[-1][0])


def _replay_from(
    league: League,
    name: str,
    system: GameSystem,
    key: str,
    at: Point | None,
    confirmed: _Confirmed,
) -> None:
    """Make the list a replay again after a change at `at` (None: from the beginning): rewind
    the log to just before `at`, then apply the list's confirmed games from there on."""
    _rewind(league, name, key, at)
    games = confirmed.of_list(system, key, at)
    if games:
        _append(league, name, system, key, games)
        return
    previous = (
        RatingChange.objects.filter(league=league, system=name, list_key=key)
        .order_by("-date", "-sequence")
        .values_list("date", "sequence")
        .first()
    )
    _mark(league, name, key, previous)


def _lock(league: League) -> None:
    """Serialise rating updates within one league (the league row's lock, as recording does).

    Row locks here and in the services are FOR NO KEY UPDATE: they serialise writers but let
    other transactions' foreign-key checks (KEY SHARE, at commit) through, so a writer holding
    a record never deadlocks with one inserting rows that point at it."""
    list(
        League.objects.select_for_update(no_key=True)
        .filter(pk=league.pk)
        .values_list("pk", flat=True)
    )


Changed = tuple[Point, int, Game, bool]
"""A record that entered or left the confirmed history: its place, pk, game, and whether it
is confirmed now."""


def refresh_changed(league: League, changed: Sequence[Changed]) -> None:
    """Bring every kept list up to date after these records entered or left the confirmed
    history. Call it inside the change's transaction.

    Per list: if every changed record lies after the list's watermark, the confirmed ones are
    applied in play order, touching only their players' rows; otherwise the list is rewound to
    just before the earliest changed record and replayed from there.
    """
    changed = sorted(changed, key=lambda item: item[0])
    confirmed = _Confirmed(league)
    with transaction.atomic():
        _lock(league)
        for name, system in kept_systems(league).items():
            lists: dict[str, list[Changed]] = {}
            for item in changed:
                if system.refusal(item[2]) is None:
                    lists.setdefault(system.list_key(item[2]), []).append(item)
            for key, items in lists.items():
                mark = _watermark(league, name, key)
                if mark is not None and items[0][0] <= mark:
                    _replay_from(league, name, system, key, items[0][0], confirmed)
                    continue
                applied = [(at, pk, game) for at, pk, game, confirmed in items if confirmed]
                if applied:
                    _append(league, name, system, key, applied)


def refresh_ratings(record: GameRecord, *more: GameRecord) -> None:
    """`refresh_changed` for stored records (confirmed, voided or corrected just now)."""
    pks = [record.pk, *(other.pk for other in more)]
    rows = list(_with_seats(GameRecord.objects.filter(pk__in=pks).select_related("league")))
    if not rows:
        return
    refresh_changed(
        rows[0].league,
        [
            (
                (row.date, row.sequence),
                row.pk,
                row.to_record(),
                row.status == RecordStatus.CONFIRMED,
            )
            for row in rows
        ],
    )


def rebuild_ratings(league: League) -> None:
    """Recompute every kept list of the league from its confirmed history, and drop the state
    of lists (and systems) it no longer keeps. Run it after changing `league.systems`, or once
    for a league whose history was recorded before the rating state existed."""
    with transaction.atomic():
        _lock(league)
        confirmed = _Confirmed(league)
        history = [game for _, _, game in confirmed.since(None)]
        for model in (RatingState, RatingWatermark, RatingChange):
            model.objects.filter(league=league).delete()
        for name, system in kept_systems(league).items():
            keys = {system.list_key(g) for g in history if system.refusal(g) is None}
            for key in sorted(keys):
                _replay_from(league, name, system, key, None, confirmed)


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

"""One rating state per league, system and list, kept equal to a full replay of the history.

The engine computes every number; this module decides what to hand it and where the result
goes. Systems come in two kinds (`ReplaySystem.order_independent`):

* **Sums** (the P.A.G.E.S. systems, cow.points): a game entering or leaving the confirmed
  history adds or subtracts its own amounts, whenever it was played (`sum_pools`). O(seats).
* **Order-dependent** (cow.elo, area): a game after the list's watermark is applied on its own;
  a change at or before it replays from the nearest checkpoint (`checkpoints`).

Explanations and player histories are computed on demand from the same data
(`explanations`, `history`), so no per-game log is stored. The services call
`refresh_changed` inside their transactions whenever games enter or leave the confirmed
history; `rating_tables.ratings` reads a list back, ranked by the system itself.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Hashable, Sequence
from itertools import chain
from operator import attrgetter, itemgetter
from typing import Any

from django.db import transaction
from django.db.models import Prefetch

from tablerank.engine.lists import month_key
from tablerank.engine.records import Event, Game
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.pages.combined import Combined
from tablerank.engine.systems.refusals import refusals as every_refusal
from tablerank.formats.collector import without_cycle_collection
from tablerank.league.models import (
    EventRecord,
    EventStanding,
    GameRecord,
    League,
    RatingCheckpoint,
    RatingState,
    RatingWatermark,
    RecordStatus,
    Seat,
)
from tablerank.league.ratings import checkpoints, list_months, pool_updates
from tablerank.league.ratings.sum_pools import correct_sums
from tablerank.league.store import revisions
from tablerank.league.store.batch_columns import BatchColumns
from tablerank.league.store.bulk import Rows, Statement, run_all
from tablerank.league.store.played import Point, played_games
from tablerank.league.store.state_rows import ListState, StateReads, StateRows
from tablerank.league.store.watermarks import Marks

__all__ = [
    "Changed",
    "ListState",
    "appended_from",
    "confirmed_events",
    "kept_systems",
    "lock_league",
    "mark_sums",
    "rebuild_ratings",
    "refresh_changed",
    "refresh_ratings",
    "refresh_recorded",
    "save_refresh",
]

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


def lock_league(league: League) -> None:
    """Serialise rating updates within one league (the league row's lock, as recording does).

    Row locks here and in the services are FOR NO KEY UPDATE: they serialise writers but let
    other transactions' foreign-key checks (KEY SHARE, at commit) through, so a writer holding
    a record never deadlocks with one inserting rows that point at it."""
    list(
        League.objects.select_for_update(no_key=True)
        .filter(pk=league.pk)
        .values_list("pk", flat=True)
    )


Changed = tuple[Point, Game, bool]
"""A game that entered or left the confirmed history: its place, the game, and whether it is
confirmed now."""
_AT, _GAME, _DAY = itemgetter(0), itemgetter(1), itemgetter(0)
_SEATS, _PLAYER = attrgetter("seats"), attrgetter("player")


def _refresh_sums(
    rows: StateRows,
    marks: Marks,
    name: str,
    system: GameSystem,
    key: str,
    items: list[Changed],
    columns: BatchColumns,
) -> bool:
    """Correct a sum list by the changed games' amounts; its watermark only says the list
    exists and up to where it has games. Returns whether a name left the list. `items`: in
    play order (`_refresh` sorts them), the latest last."""
    games, signs = columns.signed(items)
    left = correct_sums(rows, name, system, key, games, signs, columns)
    mark_sums(marks, name, key, items[-1][0])
    return left


def mark_sums(marks: Marks, name: str, key: str, latest: Point) -> None:
    """A sum list's watermark after games up to `latest` changed: it only says the list exists
    and up to where it has games."""
    mark = marks.get(name, key)
    if mark is None or latest > mark[0]:
        marks.put(name, key, (latest, 0))


def appended_from(marks: Marks, name: str, key: str, first: Point) -> int | None:
    """How many games an order-dependent list counts where games from `first` on all come
    after its watermark (they are appended to it); None where it replays from `first`."""
    mark = marks.get(name, key)
    if mark is not None and first <= mark[0]:
        return None
    return mark[1] if mark else 0


def _refresh_replayed(
    rows: StateRows,
    marks: Marks,
    name: str,
    system: GameSystem,
    key: str,
    items: list[Changed],
    columns: BatchColumns,
) -> Point | None:
    """Apply the changed games to an order-dependent list on their own where they all come
    after its watermark; else return the first one's place: the list replays from there."""
    count = appended_from(marks, name, key, items[0][0])
    if count is None:
        return items[0][0]
    applied = [(at, game) for at, game, confirmed in items if confirmed]
    if applied:
        count = pool_updates.append(rows, name, system, key, applied, count, columns)
        marks.put(name, key, (applied[-1][0], count))
    return None


def _apply(
    league: League,
    changed: Sequence[Changed],
    kept: dict[str, GameSystem],
    reads: StateReads | None = None,
    ahead: Sequence[Statement] = (),
) -> list[Rows]:
    """`reads`: the state the refresh reads, where the caller read it already (the names it
    has not looked up are read now). `ahead`: statements sent first with the refresh's writes;
    returns their rows."""
    names = set(map(_PLAYER, chain.from_iterable(map(_SEATS, map(_GAME, changed)))))
    rows, marks = (reads or StateReads(league, names)).loaded()
    rows.load(names)
    emptied: set[tuple[str, str]] = set()
    replays: list[checkpoints.Changed] = []
    columns = BatchColumns()
    for name, lists in _by_list(kept, changed).items():
        system = kept[name]
        for key, items in lists.items():
            if not system.order_independent:
                at = _refresh_replayed(rows, marks, name, system, key, items, columns)
                if at is not None:
                    replays.append((name, system, key, at))
            elif _refresh_sums(rows, marks, name, system, key, items, columns):
                emptied.add((name, key))
    days = set(map(_DAY, map(_AT, changed)))  # few: an import's 100,000 games span 730
    return save_refresh(league, (rows, marks), days, replays, emptied, ahead)


def save_refresh(
    league: League,
    state: tuple[StateRows, Marks],
    days: Collection[dt.date],
    replays: list[checkpoints.Changed],
    emptied: set[tuple[str, str]] | None = None,
    ahead: Sequence[Statement] = (),
) -> list[Rows]:
    """Write a refresh's rows and watermarks (`state`), mark the months of the changed games'
    `days` changed (`list_months`), and replay the lists that replay from a change. `emptied`:
    the sum lists a name left (dropped where now empty); `ahead`: as `_apply` takes it."""
    rows, marks = state
    months = list_months.changed(league, {month_key(day) for day in days})
    if emptied:  # the rows first: whether a list is left empty is read back
        found = run_all([*ahead, *rows.writing(), *months])
        for name, key in emptied:
            if not RatingState.objects.filter(league=league, system=name, list_key=key).exists():
                marks.drop(name, key)
        run_all(marks.writing())
    else:
        found = run_all([*ahead, *rows.writing(), *marks.writing(), *months])
    if replays:
        pool_updates.replay_lists(league, replays)
    return found[: len(ahead)]


def _by_list(
    kept: dict[str, GameSystem], changed: Sequence[Changed]
) -> dict[str, dict[str, list[Changed]]]:
    """Each system's changed games that it rates, by the list they count in (whether a game
    is rated is asked once per kind of refusal, not once per system)."""
    rated: dict[Hashable, list[Changed]] = {}
    out: dict[str, dict[str, list[Changed]]] = {}
    for name, system in kept.items():
        kind = system.refusal_kind()
        mine = rated.get(kind)
        if mine is None:
            mine = rated[kind] = _rated(system, changed)
        if system.one_list():
            out[name] = {"": mine} if mine else {}
            continue
        out[name] = _grouped(system, mine)
    return out


def _rated(system: GameSystem, changed: Sequence[Changed]) -> list[Changed]:
    """The changed games `system` rates: `changed` itself where it rates them all."""
    refusals = every_refusal(system, list(map(_GAME, changed)))
    if refusals.count(None) == len(changed):
        return changed if isinstance(changed, list) else list(changed)
    return [item for item, refusal in zip(changed, refusals, strict=True) if refusal is None]


def _grouped(system: GameSystem, items: list[Changed]) -> dict[str, list[Changed]]:
    """`items` by the list each counts in: `items` itself where they all count in one."""
    keys = list(map(system.list_key, map(_GAME, items)))
    if not keys or keys.count(keys[0]) == len(keys):
        return {keys[0]: items} if keys else {}
    lists: dict[str, list[Changed]] = {}
    for key, item in zip(keys, items, strict=True):
        lists.setdefault(key, []).append(item)
    return lists


def refresh_changed(league: League, changed: Sequence[Changed], *, locked: bool = False) -> None:
    """Bring every kept list up to date after these records entered or left the confirmed
    history. Call it inside the change's transaction; `locked`: it holds the league's lock
    (`lock_league`) and bumped its revision already."""
    _refresh(league, changed, locked=locked)


def _refresh(
    league: League,
    changed: Sequence[Changed],
    *,
    locked: bool,
    reads: StateReads | None = None,
    ahead: Sequence[Statement] = (),
) -> list[Rows]:
    """`refresh_changed`; `locked`: the caller's transaction holds the league row's lock and
    has bumped its revision already (recording does both in one statement). `reads`, `ahead`:
    as `_apply` takes them."""
    changed = sorted(changed, key=_AT)
    # No savepoint: a failure here fails the caller's whole change.
    with transaction.atomic(savepoint=False), without_cycle_collection():
        if not locked:
            lock_league(league)
            revisions.bump(league)
        return _apply(league, changed, kept_systems(league), reads, ahead)


def refresh_ratings(record: GameRecord, *more: GameRecord) -> None:
    """`refresh_changed` for stored records (confirmed, voided or corrected just now)."""
    pks = [record.pk, *(other.pk for other in more)]
    rows = list(_with_seats(GameRecord.objects.filter(pk__in=pks).select_related("league")))
    if not rows:
        return
    refresh_changed(
        rows[0].league,
        [
            ((row.date, row.sequence), row.to_record(), row.status == RecordStatus.CONFIRMED)
            for row in rows
        ],
    )


def refresh_recorded(
    record: GameRecord,
    game: Game,
    reads: StateReads | None = None,
    ahead: Sequence[Statement] = (),
) -> list[Rows]:
    """`refresh_ratings` for a confirmed game being written, given as the engine's game with
    the league's spellings of its players (what `recording.write_game` returns): no
    re-reading. Only for a record whose sequence number was just taken (`recording._taking`
    locked the league row and bumped its revision in this transaction). `reads`: the state
    read already, in the same round trip as the number; `ahead`: the statements that write the
    record itself, sent first with the refresh's writes (the record's pk is not needed until
    then); returns their rows."""
    at = (record.date, record.sequence)
    return _refresh(record.league, [(at, game, True)], locked=True, reads=reads, ahead=ahead)


def rebuild_ratings(league: League) -> None:
    """Recompute every kept list of the league from its confirmed history, and drop the state
    of lists (and systems) it no longer keeps. Run it after changing `league.systems`, or once
    for a league whose history was recorded before the rating state existed."""
    with transaction.atomic():
        lock_league(league)
        revisions.bump(league)
        list_months.every_month_changed(league)  # renamed or merged players
        for model in (RatingState, RatingWatermark, RatingCheckpoint):
            model.objects.filter(league=league).delete()
        kept = kept_systems(league)
        replayed: set[tuple[str, str]] = set()
        chunk: list[Changed] = []
        for at, _, game in played_games(league.pk):
            chunk.append((at, game, True))
            if len(chunk) == _CHUNK:
                replayed |= _rebuild_sums(league, kept, chunk)
                chunk = []
        replayed |= _rebuild_sums(league, kept, chunk)
        pool_updates.replay_lists(
            league, [(name, kept[name], key, None) for name, key in sorted(replayed)]
        )


_CHUNK = 100_000


def _rebuild_sums(
    league: League, kept: dict[str, GameSystem], chunk: list[Changed]
) -> set[tuple[str, str]]:
    """Add a chunk of the history to the sum lists; return the order-dependent lists it
    touches (replayed afterwards, in one pass each)."""
    sums = {name: system for name, system in kept.items() if system.order_independent}
    if chunk:
        _apply(league, chunk, sums)
    replayed = {name: system for name, system in kept.items() if not system.order_independent}
    return {(name, key) for name, lists in _by_list(replayed, chunk).items() for key in lists}

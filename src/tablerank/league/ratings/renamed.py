"""The rating state after players' names change (a rename, a merge): what `rebuild_ratings`
would make of every kept list, at the cost of a void of the player's first game. A sum does not
depend on names, so its rows are renamed or added up exactly; cow.elo and A.R.E.A. pair players
in name order, so their lists replay from that game (`pool_updates.replay_lists`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import transaction

from tablerank.league.models import GameRecord, League, RatingState, RecordStatus
from tablerank.league.ratings import list_months, pool_updates
from tablerank.league.ratings.state import GameSystem, kept_systems, lock_league
from tablerank.league.ratings.sum_pools import merged
from tablerank.league.store import revisions
from tablerank.league.store.played import Point
from tablerank.league.store.state_rows import Row, delete_states, upsert_states

__all__ = ["first_played", "merge_ratings", "rename_ratings"]


def rename_ratings(league: League, old: str, new: str, first: Point | None) -> None:
    """Make every kept list what `rebuild_ratings` makes of it after the player named `old`,
    whose first confirmed game is at `first` (`first_played`), is named `new` (the league's row
    renamed already), at the cost of a void of that game: a sum does not depend on names, so
    its rows are renamed; cow.elo and A.R.E.A. pair players in name order, so their lists
    replay from that game (where a list rates `new` already, A.R.E.A.'s solitaire "TITLE
    (game)", the replay merges the two as a rebuild does; a sum list rates players only, whose
    names are unique)."""
    with _changing_names(league) as kept:
        sums = [name for name, system in kept.items() if system.order_independent]
        rows = RatingState.objects.filter(league=league, player=old)
        rows.filter(system__in=sums).update(player=new)
        replayed = rows.exclude(system__in=sums).values_list("system", "list_key")
        _replay_from(league, kept, sorted(replayed), first)


def merge_ratings(league: League, old: str, into: str, first: Point | None) -> None:
    """`rename_ratings` for the player named `old` merged into the one named `into` (their
    seats moved already; `first`: `old`'s first confirmed game, read before): a sum list's rows
    of the two add up (exactly: `sum_pools.merged`), and the order-dependent lists that rated
    `old` replay from that game."""
    with _changing_names(league) as kept:
        lists: dict[tuple[str, str], dict[str, Row]] = {}
        for system, key, player, *row in RatingState.objects.filter(
            league=league, player__in=[old, into]
        ).values_list("system", "list_key", "player", "rating", "games", "parts"):
            lists.setdefault((system, key), {})[player] = tuple(row)  # type: ignore[assignment]
        replayed = []
        for (system, key), named in lists.items():
            if old not in named or system not in kept:
                continue
            if not kept[system].order_independent:
                replayed.append((system, key))
                continue
            upsert_states(league, system, key, {into: merged(named.get(into), named[old])})
            delete_states(league, system, key, [old])
        _replay_from(league, kept, sorted(replayed), first)


def first_played(league: League, player: int) -> Point | None:
    """The place in play order of the player's (pk) first confirmed game."""
    found = (
        GameRecord.objects.filter(
            league=league, status=RecordStatus.CONFIRMED, seats__player_id=player
        )
        .order_by("date", "sequence")
        .values_list("date", "sequence")
        .first()
    )
    return None if found is None else (found[0], found[1])


@contextmanager
def _changing_names(league: League) -> Iterator[dict[str, GameSystem]]:
    """A change of players' names, in one transaction holding the league's lock: the revision
    bumped, every month of the lists marked, the kept systems."""
    with transaction.atomic():
        lock_league(league)
        revisions.bump(league)
        list_months.every_month_changed(league)
        yield kept_systems(league)


def _replay_from(
    league: League, kept: dict[str, GameSystem], lists: list[tuple[str, str]], first: Point | None
) -> None:
    if lists and first is not None:
        pool_updates.replay_lists(league, [(name, kept[name], key, first) for name, key in lists])

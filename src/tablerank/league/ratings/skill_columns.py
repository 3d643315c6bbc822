"""The league's confirmed games of one title as the skill model reads them, straight from the
rows (issue 12 in a league, at issue 10's sizes).

Skill keeps no state: its standings and a table's odds are fitted over the whole history on
reading; the fit is kept per league revision (`skill_fit`), so the standings, the home page's
leaders and every table asked on the record page share one fit until the next write.
Building a `Game` per row and then the model's arrays from the games cost four times the fit
itself at 100,000 games; here one query (games joined to their seats, in play order) fills the
arrays `engine.skill_observations` scores, so the rule stays the engine's. The query's
parameters never grow with the league.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

import numpy as np
from django.db import connection

from tablerank.engine import skill_model
from tablerank.engine.skill_model import Fit
from tablerank.engine.skill_observations import Observations, SeatColumns, observe_seats
from tablerank.engine.skill_spread import Spread
from tablerank.engine.systems.skill import Skill
from tablerank.engine.variants import is_catan
from tablerank.league.errors import LeagueError
from tablerank.league.models import GameRecord, League, Player, RecordStatus
from tablerank.league.models import Seat as SeatRow
from tablerank.league.ratings import list_months
from tablerank.league.store.cache import (
    cached,
    current,
    earlier,
    hint,
    keep_earlier,
    keep_hint,
    stored,
)
from tablerank.league.store.played import Point, seats_where, stream_rows, table_name
from tablerank.league.store.reading import only_list

__all__ = ["fit_ready", "skill_fit", "skill_observations", "skill_title"]


def skill_title(league: League, key: str | None) -> str:
    """The title whose list is meant: `key`, or the only title the confirmed games have."""
    if key is not None:
        return key
    confirmed = GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
    titles = confirmed.values_list("title", flat=True).distinct()
    return only_list(league, Skill.name, Skill.list_name, titles)


def skill_fit(league: League, title: str, system: Skill) -> Fit:
    """`system` fitted over the confirmed games of `title`, kept per league revision. Where the
    spreads are estimated by EM (more than `skill_model.DENSE_LIMIT` players), a refit after a
    write starts from the spreads of the league's last fit: EM settles at the same fixed point
    (`skill_spread.SETTLED`) in a few steps instead of a dozen or more."""
    asked = (title, repr(system))

    def fitted() -> Fit:
        obs = skill_observations(league, title, system)
        em = len(obs.players) > skill_model.DENSE_LIMIT
        start = hint(league, "skill spreads", asked) if em else None
        found = system.fitted(obs, near=start if isinstance(start, Spread) else None)
        keep_hint(league, "skill spreads", asked, Spread(found.prior_sd, found.noise_sd))
        return found

    return cached(league, _FIT, asked, fitted)


_FIT = "skill fit"


def fit_ready(league: League, system: Skill) -> bool:
    """Whether `system`'s standings need no fit when read now: its fit over the league's one
    title is kept at the league's revision. With several titles the home page's leaders leave
    skill out, so there is nothing to fit either."""
    try:
        title = skill_title(league, None)
    except LeagueError:
        return True
    return stored(league, _FIT, (title, repr(system)), revision=current(league)) is not None


def skill_observations(
    league: League, title: str, system: Skill, before: Point | None = None
) -> Observations:
    """The confirmed games of `title` in play order (strictly before `before` when given),
    scored as `system` scores them."""
    if before is not None:
        return observe_seats(_read(league, title, before=before), system)
    return observe_seats(_columns(league, title), system)


def _columns(league: League, title: str) -> SeatColumns:
    """The title's whole history as columns. In a server, the columns read at an earlier
    revision are brought up to date by reading again only from the first month a write changed
    since (`list_months.changed_since`: recording today's games reads this month's), or all
    of them after a rebuild; the players' names are read afresh every time."""
    revision = current(league)  # before the rows and the marks: never labelled newer than them
    kept = earlier(league, _COLUMNS, (title,))
    columns: SeatColumns | None = None
    if kept is not None and isinstance(kept[1], SeatColumns):
        since = list_months.changed_since(league, kept[0])
        if since is None:
            columns = dataclasses.replace(kept[1], names=_names(league))
        elif since:
            columns = _joined(league, title, kept[1], dt.date.fromisoformat(f"{since}-01"))
    if columns is None:
        columns = _read(league, title)
    keep_earlier(league, _COLUMNS, (title,), revision, columns)
    return columns


_COLUMNS = "skill columns"


def _joined(league: League, title: str, kept: SeatColumns, since: dt.date) -> SeatColumns:
    """`kept`'s games before `since`, then the games from `since` on, read now."""
    games = int(np.searchsorted(kept.game_day, since.toordinal(), side="left"))
    return kept.joined(games, _read(league, title, since=since))


def _read(
    league: League, title: str, *, before: Point | None = None, since: dt.date | None = None
) -> SeatColumns:
    """The confirmed games of `title` in play order (dated `since` or later, strictly before
    `before`), read from the rows."""
    where, params = seats_where(league.pk, None, before, None)
    if since is not None:
        where += " AND g.date >= %s"
        params.append(connection.ops.adapt_datefield_value(since))
    games, seats = table_name(GameRecord), table_name(SeatRow)
    sql = (
        f"SELECT g.id, g.external_id, CAST(g.date AS TEXT), g.target, s.player_id, s.place, "
        f"s.vp FROM {games} g JOIN {seats} s ON s.game_id = g.id "
        f"WHERE {where} AND g.title = %s ORDER BY g.date, g.sequence, g.id, s.position"
    )
    rows = list(stream_rows(sql, [league.pk, *params, title]))
    if not rows:
        return _empty(_names(league))
    pks, ids, dates, targets, players, places, vps = zip(*rows, strict=True)
    game_pk = np.array(pks, dtype=np.int64)
    first = np.flatnonzero(np.concatenate(([True], game_pk[1:] != game_pk[:-1])))
    ordinals = {d: dt.date.fromisoformat(d).toordinal() for d in set(dates)}
    place = np.array(places, dtype=np.float64)
    return SeatColumns(
        game_ids=[ids[i] for i in first],
        game_day=np.array([ordinals[dates[i]] for i in first], dtype=np.int64),
        game_vp=np.full(len(first), is_catan(title), dtype=np.bool_),
        game_target=np.array([targets[i] or 0 for i in first], dtype=np.float64),
        game_start=np.append(first, len(rows)).astype(np.int64),
        seat_player=np.array(players, dtype=np.int64),
        seat_place=np.where(np.isnan(place), -1, place).astype(np.int64),
        seat_vp=np.array(vps, dtype=np.float64),
        names=_names(league),
    )


def _names(league: League) -> dict[int, str]:
    """The league's players by key: read once, not a parameter per player."""
    sql = f"SELECT id, name FROM {table_name(Player)} WHERE league_id = %s"
    with connection.cursor() as cursor:
        cursor.execute(sql, [league.pk])
        return dict(cursor.fetchall())


def _empty(names: dict[int, str]) -> SeatColumns:
    nothing = np.zeros(0, dtype=np.int64)
    return SeatColumns(
        game_ids=[], game_day=nothing, game_vp=np.zeros(0, dtype=np.bool_),
        game_target=np.zeros(0), game_start=np.zeros(1, dtype=np.int64), seat_player=nothing,
        seat_place=nothing, seat_vp=np.zeros(0), names=names,
    )  # fmt: skip

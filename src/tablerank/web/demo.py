"""The demo league `tablerank serve --demo` fills once: a season to click through.

Three clubs (Bonn, Köln, Düsseldorf) over sixteen weeks of club nights, base game, Cities &
Knights and Seafarers tables, most score sheets with their VP sources, a few Kremlin,
Carcassonne and B-17 games for A.R.E.A., a three-round tournament (the Autumn Open) whose final
standings also count for Turnabout, and four results of the last evening still waiting for
signatures, one of them disputed. The season ships as JSON Lines in `demo_data/` (written by
`demo_data/generate.py`) and goes in through the league's own services, so it is checked like
any import.

The season is moved by whole weeks so that its last evening is in the past week: club nights
keep their weekdays and the latest results look recent. Everyone below signs in with
`PASSWORD`; Ann plays, so she has results to confirm.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from typing import Any

from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.db import transaction

from tablerank.engine.records import Event, Game, event_from_dict, game_from_dict
from tablerank.league import queries, services
from tablerank.league.models import League

__all__ = ["NAME", "PASSWORD", "PLAYERS", "SIGN_IN_AS", "SLUG", "Loaded", "load"]

SLUG = "demo"
NAME = "Rhineland Catan League"
TIME_ZONE = "Europe/Berlin"
PASSWORD = "demo-password"
SIGN_IN_AS = "ann"
PLAYERS = {"ann": "Ann", "ben": "Ben", "cleo": "Cleo", "kai": "Kai", "mia": "Mia"}
"""Accounts that sign for a player's seats, by user name."""
ADMIN = "admin"
"""Runs the league (settings, members, voids and corrections)."""
OFFICIAL = "official"
"""Enters results for any table and signs results another official entered."""


@dataclass(frozen=True)
class Loaded:
    """What `load` did: the league, and whether it was created now or found from before."""

    league: League
    created: bool
    games: int
    pending: int


def _lines(name: str) -> Iterator[dict[str, Any]]:
    text = resources.files("tablerank.web").joinpath("demo_data", name).read_text("utf-8")
    for line in text.splitlines():
        if line.strip():
            yield json.loads(line)


def _shift(raw: dict[str, Any], weeks: int) -> dict[str, Any]:
    day = dt.date.fromisoformat(raw["date"]) + dt.timedelta(weeks=weeks)
    return {**raw, "date": day.isoformat()}


def weeks_to_now(today: dt.date) -> int:
    """Whole weeks that bring the demo's last evening into the week before `today`."""
    last = max(dt.date.fromisoformat(row["game"]["date"]) for row in _lines("pending.jsonl"))
    return (today - last).days // 7


def _users() -> dict[str, User]:
    """The demo accounts, created with `PASSWORD` where missing (one hash for all: hashing is
    deliberately slow, and they share the password anyway)."""
    hashed = make_password(PASSWORD)
    users = {}
    for name in [*PLAYERS, ADMIN, OFFICIAL]:
        users[name] = services.local_account(name, password=hashed)
    return users


def _league(users: dict[str, User]) -> League:
    console = services.CONSOLE
    league = services.create_league(
        console, admins=[users[ADMIN]], name=NAME, slug=SLUG, time_zone=TIME_ZONE, public=True
    )
    services.grant_role(league, users[OFFICIAL], services.Role.OFFICIAL, by=console)
    for username, player in PLAYERS.items():
        services.add_player(league, player, by=console, account=users[username])
    return league


def _pending(league: League, users: dict[str, User], weeks: int) -> int:
    rows = list(_lines("pending.jsonl"))
    for row in rows:
        game = game_from_dict(_shift(row["game"], weeks))
        record = services.submit_game(league, game, by=users[row["submitted_by"]])
        if "disputed_by" in row:
            disputer = users[row["disputed_by"]]
            player = services.player_named(league, PLAYERS[disputer.username])
            services.dispute(record, player, by=disputer, why=row["why"])
    return len(rows)


def load(today: dt.date | None = None) -> Loaded:
    """Create the demo league unless it exists (then nothing changes): its accounts, season,
    events and pending results, dated so the season ends in the week before `today`."""
    existing = queries.find_league(SLUG)
    if existing is not None:
        return Loaded(existing, created=False, games=0, pending=0)
    weeks = weeks_to_now(today or dt.date.today())
    with transaction.atomic():
        users = _users()
        league = _league(users)
        games: list[Game] = [game_from_dict(_shift(raw, weeks)) for raw in _lines("season.jsonl")]
        services.record_games(league, games, by=users[OFFICIAL])
        events: list[Event] = [
            event_from_dict(_shift(raw, weeks)) for raw in _lines("events.jsonl")
        ]
        for event in events:
            services.record_event(league, event, by=users[OFFICIAL])
        pending = _pending(league, users, weeks)
    return Loaded(league, created=True, games=len(games), pending=pending)

"""The reads the shells used to build themselves, now the league's queries (issue 40): which rows
each returns, for whom, in which order."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User

from tablerank.engine.records import Game, new_event, new_game
from tablerank.league import queries
from tablerank.league.models import League
from tablerank.league.services import (
    CONSOLE,
    Role,
    add_player,
    confirm,
    grant_role,
    invitations_for,
    invite_by_username,
    local_account,
    record_event,
    record_game,
    submit_game,
)

pytestmark = pytest.mark.django_db


def catan(game_id: str, day: str, names: list[str], **fields: Any) -> Game:
    """A Catan game whose first seat wins."""
    rows = [{"player": p, "vp": 10 - i, "winner": i == 0} for i, p in enumerate(names)]
    return new_game(id=game_id, date=dt.date.fromisoformat(day), seats=rows, **fields)


FOUR = ["Ann", "Ben", "Cleo", "Dora"]


def test_the_league_s_events_latest_first_with_or_without_their_games(
    league: League, official: User
) -> None:
    record_game(league, catan("cup-1", "2026-03-01", FOUR, event="Cup"), official)
    record_game(league, catan("cup-2", "2026-03-08", FOUR, event="Cup"), official)
    record_game(league, catan("fair-1", "2026-01-10", FOUR, event="Fair"), official)
    standings = [{"player": p, "place": i + 1, "completed": True} for i, p in enumerate(FOUR)]
    record_event(league, new_event(id="Open", date="2026-02-01", standings=standings), official)
    events = queries.league_events(league)
    assert [(e.name, e.date, e.games) for e in events] == [
        ("Cup", dt.date(2026, 3, 8), True),  # its last game's day
        ("Open", dt.date(2026, 2, 1), False),  # final standings only
        ("Fair", dt.date(2026, 1, 10), True),
    ]
    assert queries.has_games(league, "Cup")
    assert not queries.has_games(league, "Open")
    assert [r.external_id for r in queries.event_rounds(league, "Cup")] == ["cup-1", "cup-2"]


def test_who_signs_for_whom_and_who_holds_a_role_without_a_player(
    league: League, official: User
) -> None:
    ann, ben = (add_player(league, name, by=CONSOLE) for name in ("Ann", "Ben"))
    zed = add_player(league, "Zed", by=CONSOLE)
    owner = local_account("owner")
    zed.user = owner
    zed.save(update_fields=["user"])
    assert queries.players_signed_by(league, owner) == [zed]
    assert [p.name for p in queries.players_without_account(league)] == ["Ann", "Ben"]
    grant_role(league, owner, Role.OFFICIAL, by=CONSOLE)
    held = queries.role_holders(league)
    assert held.admins == {official.pk}
    assert held.officials == {owner.pk}
    assert queries.staff_without_player(league) == [official]  # `owner` plays
    assert queries.player_by_id(league, ben.pk) == ben
    assert queries.player_by_id(league, ann.pk + zed.pk + ben.pk) is None
    assert queries.players_count(league) == 3
    assert queries.has_players(league)


def test_a_waiting_invitation_is_its_account_s_alone(league: League, official: User) -> None:
    ann = add_player(league, "Ann", by=CONSOLE)
    invited, other = local_account("invited"), local_account("other")
    invite_by_username(ann, "invited", by=official)
    (invitation,) = invitations_for(invited)
    assert queries.invitation_waiting(invited, invitation.pk) == invitation
    assert queries.invitation_waiting(other, invitation.pk) is None
    assert queries.invitation_waiting(invited, invitation.pk + 1) is None


def test_a_result_s_signatures_in_signing_order_and_who_may_read_it(
    league: League, official: User
) -> None:
    league.public = False
    league.save(update_fields=["public"])
    players = {name: add_player(league, name, by=CONSOLE) for name in FOUR}
    accounts = {name: local_account(name.lower()) for name in FOUR}
    for name, player in players.items():
        player.user = accounts[name]
        player.save(update_fields=["user"])
    record = submit_game(league, catan("g1", "2026-03-01", FOUR), official)
    for name in ("Cleo", "Ann"):
        confirm(record, players[name], accounts[name])
    signed = queries.signatures_of(record)
    assert [s.player.name if s.player else None for s in signed] == [None, "Cleo", "Ann"]
    assert queries.signed_seats(record) == {players["Cleo"].pk, players["Ann"].pk}
    assert queries.signed_as_official(record, official)
    assert not queries.signed_as_official(record, accounts["Ann"])
    assert queries.readable_result(record.pk, accounts["Ben"]) == record
    assert queries.readable_result(record.pk, AnonymousUser()) is None  # a private league
    assert queries.league_result(league, record.pk) == record

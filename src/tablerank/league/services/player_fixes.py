"""Fixing a league's players (issue 14): rename a mistyped name, merge two names of one person,
remove a player who never played. Only organizers may; each fix is kept with who made it, when
and why (`PlayerChange`), and every kept list becomes what a rebuild from the confirmed
history under the new names makes of it (`renamed_ratings`: the order-dependent systems pair
players in name order, so a rename may change them too).

A merge moves everything of one player to the other: seats, signatures, event standings,
tournament entries, account periods, invitations and the linked account. It is refused where
that would seat one person twice (both at one game, event or tournament) or give the player two
accounts; recorded results are otherwise untouched, as seats point at players, not names.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.db.models import QuerySet

from tablerank.engine.fields import parse_name
from tablerank.league.errors import DuplicatePlayer, InUse, LeagueError
from tablerank.league.models import (
    AccountPeriod,
    Confirmation,
    Entrant,
    EventStanding,
    GameRecord,
    Invitation,
    League,
    Player,
    PlayerChange,
    PlayerChangeKind,
    Seat,
    TableSeat,
)
from tablerank.league.ratings.renamed import first_played, merge_ratings, rename_ratings
from tablerank.league.services.roles import ORGANIZERS, Actor, Console, require_role
from tablerank.league.store import revisions, seat_columns

__all__ = ["merge_players", "player_changes", "remove_player", "rename_player"]


def rename_player(player: Player, name: str, *, by: Actor, why: str) -> Player:
    """Give `player` another name (a different spelling of the same name is a rename too);
    refused when another player of the league has the name: merge them instead."""
    league = player.league
    require_role(league, by, *ORGANIZERS)
    reason = _reason(why)
    name = parse_name(name.strip(), "name") if name.strip() else _no_name()
    if name == player.name:
        raise LeagueError("name", f"the player is called {name!r} already")
    taken = Player.objects.filter(league=league, key=name.casefold()).exclude(pk=player.pk)
    if taken.exists():
        raise DuplicatePlayer(
            "name", f"league {league.slug!r} has a player {name!r} already; merge the two instead"
        )
    with transaction.atomic():
        old = player.name
        player.name = name
        player.save()
        _audit(league, PlayerChangeKind.RENAMED, old, name, by, reason)
        rename_ratings(league, old, name, first_played(league, player.pk))
    return player


def merge_players(player: Player, into: Player, *, by: Actor, why: str) -> Player:
    """Move everything of `player` to `into` and remove `player` (see the module's notes)."""
    league = player.league
    require_role(league, by, *ORGANIZERS)
    reason = _reason(why)
    if into.league_id != league.pk:
        raise LeagueError("into", f"{into.name!r} is not a player of league {league.slug!r}")
    if into.pk == player.pk:
        raise LeagueError("into", "a player cannot be merged into itself")
    with transaction.atomic():
        _refuse_clashes(player, into)
        if player.user_id is not None:
            if into.user_id is not None:
                raise InUse(
                    "into", f"{player.name!r} and {into.name!r} both sign with an account; "
                    "unlink one of them first",
                )  # fmt: skip
            into.user_id, player.user_id = player.user_id, None
            player.save(update_fields=["user"])
            into.save(update_fields=["user"])
        first = first_played(league, player.pk)  # before the seats move
        games = list(Seat.objects.filter(player=player).values_list("game_id", flat=True))
        for model in (Seat, Confirmation, EventStanding, Entrant, TableSeat, AccountPeriod):
            model.objects.filter(player=player).update(player=into)
        Invitation.objects.filter(player=player).update(player=into)
        _repack(games)
        name = player.name
        player.delete()
        _audit(league, PlayerChangeKind.MERGED, name, into.name, by, reason)
        merge_ratings(league, name, into.name, first)
    return into


def remove_player(player: Player, *, by: Actor, why: str) -> None:
    """Remove a player who has no seat, event standing or tournament entry and no account."""
    league = player.league
    require_role(league, by, *ORGANIZERS)
    reason = _reason(why)
    played = (
        Seat.objects.filter(player=player).exists()
        or EventStanding.objects.filter(player=player).exists()
    )
    entered = Entrant.objects.filter(player=player).exists()
    if played or entered:
        held = "has results" if played else "is registered for a tournament"
        raise InUse("player", f"{player.name!r} {held}; merge the name into another instead")
    if player.user_id is not None:
        raise InUse("player", f"{player.name!r} signs with an account; unlink it first")
    with transaction.atomic():
        Invitation.objects.filter(player=player).delete()
        AccountPeriod.objects.filter(player=player).delete()
        name = player.name
        player.delete()
        _audit(league, PlayerChangeKind.REMOVED, name, "", by, reason)
        revisions.bump(league)  # no result, no rating: nothing to rebuild (6 s at 100,000 games)


def player_changes(league: League) -> QuerySet[PlayerChange]:
    """The league's fixes to its players, the latest first."""
    return PlayerChange.objects.filter(league=league).select_related("by")


def _reason(why: str) -> str:
    reason = why.strip()
    if not reason:
        raise LeagueError("why", "say why (the league keeps it with the change)")
    return reason


def _no_name() -> str:
    raise LeagueError("name", "give the player a name")


def _refuse_clashes(player: Player, into: Player) -> None:
    """Refuse a merge that would seat one person twice at a game, an event or a tournament."""
    shared = Seat.objects.filter(player=into, game__seats__player=player)
    game = shared.values_list("game__external_id", flat=True).first()
    if game is not None:
        _clash(player, into, f"game {game!r}")
    event = (
        EventStanding.objects.filter(player=into, event__standings__player=player)
        .values_list("event__external_id", flat=True)
        .first()
    )
    if event is not None:
        _clash(player, into, f"event {event!r}")
    tournament = (
        Entrant.objects.filter(player=into, tournament__entrants__player=player)
        .values_list("tournament__name", flat=True)
        .first()
    )
    if tournament is not None:
        _clash(player, into, f"tournament {tournament!r}")
    periods = AccountPeriod.objects.filter(player=player).values("valid_from")
    if AccountPeriod.objects.filter(player=into, valid_from__in=periods).exists():
        raise InUse(
            "into", f"{player.name!r} and {into.name!r} both have an account period from one day"
        )
    pending = Invitation.objects.filter(answered_at__isnull=True)
    accounts = pending.filter(player=player).values("account")
    if pending.filter(player=into, account__in=accounts).exists():
        raise InUse("into", f"{player.name!r} and {into.name!r} have the same invitation pending")


def _clash(player: Player, into: Player, where: str) -> None:
    raise InUse(
        "into", f"{player.name!r} and {into.name!r} both played in {where}: they are two people"
    )


def _repack(games: Iterable[int]) -> None:
    """Pack the seats of these games again (`GameRecord.seat_columns` holds player keys)."""
    for pk in set(games):
        seats = Seat.objects.filter(game_id=pk).order_by("position")
        packed = seat_columns.pack_stored(
            seats.values_list("player_id", "place", "winner", "status", "account")
        )
        GameRecord.objects.filter(pk=pk).update(seat_columns=packed)


def _audit(
    league: League, kind: PlayerChangeKind, name: str, into: str, by: Actor, why: str
) -> None:
    who = None if isinstance(by, Console) else by
    PlayerChange.objects.create(league=league, kind=kind, name=name, into=into, by=who, why=why)

"""`league grant` and `league revoke`: the shell's words for the league services' roles.

Every rule is the services': `grant_role`, `revoke_role`, `invite_account` and `unlink_account`,
called as `CONSOLE`, the operator who holds the database (an invitation from the console is
accepted at once).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerank.cli.league import access

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from tablerank.league.models import League
    from tablerank.league.services import Role

__all__ = ["grant", "revoke"]


def _role(name: str) -> Role:
    from tablerank.league.errors import LeagueError
    from tablerank.league.services import Role

    try:
        return Role(name.strip().casefold())
    except ValueError:
        known = ", ".join(role.value for role in Role)
        raise LeagueError("role", f"expected one of {known}, got {name!r}") from None


def _article(role: str) -> str:
    return f"an {role}" if role[0] in "aeiou" else f"a {role}"


def _office(role: str, player: str | None) -> Role | None:
    """The admin or official role named, None for the player's role; refuses --player with an
    office."""
    from tablerank.league.errors import LeagueError
    from tablerank.league.services import Role

    chosen = _role(role)
    if chosen is Role.PLAYER:
        return None
    if player is not None:
        raise LeagueError("player", "--player goes with --role player")
    return chosen


def grant(league: League, user: User, role: str, player: str | None) -> str:
    """Give `user` the role in the league (a player's role: sign for the player `player`);
    say what changed."""
    from tablerank.league.services import CONSOLE, grant_role

    office = _office(role, player)
    who = user.get_username()
    if office is not None:
        if not grant_role(league, user, office, by=CONSOLE):
            return f"{who} is already {_article(office.value)} of league {league.slug}"
        return f"{who} is now {_article(office.value)} of league {league.slug}"
    return _link(league, user, player)


def revoke(league: League, user: User, role: str, player: str | None) -> str:
    """Take the role away from `user` (a player's role: unlink the account from `player`, or
    from every player of the league it signs for); say what changed."""
    from tablerank.league.services import CONSOLE, revoke_role

    office = _office(role, player)
    if office is not None:
        revoke_role(league, user, office, by=CONSOLE)
        who = user.get_username()
        return f"{who} is no longer {_article(office.value)} of league {league.slug}"
    return _unlink(league, user, player)


def _link(league: League, user: User, player: str | None) -> str:
    from tablerank.league.errors import LeagueError

    if player is None:
        raise LeagueError("player", "name the player whose seats the account signs for: --player")
    who = user.get_username()
    member = access.player(league, player)
    if member.user_id == user.pk:
        return f"{who} already signs for {member.name} in league {league.slug}"
    from tablerank.league.services import CONSOLE, invite_account

    invite_account(member, user, by=CONSOLE)
    return f"{who} now signs for {member.name} in league {league.slug}"


def _unlink(league: League, user: User, player: str | None) -> str:
    from tablerank.league import queries
    from tablerank.league.errors import LeagueError

    who = user.get_username()
    from tablerank.league.services import CONSOLE, unlink_account

    mine = queries.players_signed_by(league, user)
    if player is not None:
        chosen = access.player(league, player)
        mine = [member for member in mine if member.pk == chosen.pk]
    names = [member.name for member in mine]
    if not names:
        which = f"for {player}" if player is not None else "for any player"
        raise LeagueError("role", f"{who!r} does not sign {which} in league {league.slug!r}")
    for member in mine:
        unlink_account(member, by=CONSOLE)
    return f"{who} no longer signs for {', '.join(names)} in league {league.slug}"

"""A tournament's tables' result ids are the tournament's to record (docs/tournaments.md): a
game of such an id recorded any other way would stand in for the table's result, put its
players in the standings and block the real one. The recording services and the imports ask
here; the tournament's own entry and correction (`tournament_rounds`) do not."""

from __future__ import annotations

import re

from tablerank.league.errors import LeagueError
from tablerank.league.models import League, Tournament

__all__ = ["require_outside_tournaments", "tables_refusal", "tournament_addresses"]

_TABLE_ID = re.compile(r"(.+)-r[0-9]+-t[0-9]+")
"""A tournament table's result id (`tournament_rounds._game_id`): its address, round and table."""


def tournament_addresses(league: League) -> frozenset[str]:
    """The addresses of the league's tournaments."""
    return frozenset(Tournament.objects.filter(league=league).values_list("slug", flat=True))


def tables_refusal(game_id: str, addresses: frozenset[str]) -> str | None:
    """Why a game of this id is not recorded outside its tournament: its id is a table's of
    one of these tournaments (the tournament enters and corrects it, for exactly the players
    seated there; recorded some other way it would stand in for the table and block its
    result). None when it is no table's."""
    found = _TABLE_ID.fullmatch(game_id) if addresses else None
    if found is None or found.group(1) not in addresses:
        return None
    return f"{game_id!r} is a table of tournament {found.group(1)!r}: enter its result there"


def require_outside_tournaments(league: League, game_id: str) -> None:
    """`tables_refusal` as a `LeagueError`."""
    refusal = tables_refusal(game_id, tournament_addresses(league))
    if refusal is not None:
        raise LeagueError("id", refusal)

"""Changing a league's settings: only its admins; the kept systems' ratings follow."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from tablerank.league.errors import LeagueError
from tablerank.league.models import League
from tablerank.league.ratings.state import rebuild_ratings
from tablerank.league.services.roles import Actor, Role, require_role
from tablerank.league.store.revisions import bump

__all__ = ["SETTINGS", "change_settings"]

SETTINGS = (
    "name",
    "public",
    "systems",
    "monthly_score",
    "one_official_is_enough",
    "time_zone",
    "unvalidated_titles",
)
"""What an admin may change (the slug and the history are not settings)."""


def change_settings(league: League, changes: Mapping[str, Any], *, by: Actor) -> League:
    """Apply `changes` (a subset of `SETTINGS`) after checking `by` is an admin; the model
    checks each value (`ValidationError`). Changing `systems` rebuilds the ratings of the
    systems now kept, in the same transaction."""
    require_role(league, by, Role.ADMIN)
    unknown = sorted(set(changes) - set(SETTINGS))
    if unknown:
        raise LeagueError(
            unknown[0], f"not a league setting; expected one of {', '.join(SETTINGS)}"
        )
    kept = sorted(league.systems)
    for field, value in changes.items():
        setattr(league, field, value)
    league.full_clean()
    with transaction.atomic():
        league.save(update_fields=list(changes))  # not `revision`, which may be stale here
        bump(league)
        if sorted(league.systems) != kept:
            rebuild_ratings(league)
    return league

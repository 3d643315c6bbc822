"""The league's revision: one number that every write changing its standings, lists or pages
increments, so caches and ETags keyed by it are invalidated by the write itself."""

from __future__ import annotations

from django.db.models import F

from tablerank.league.models import League

__all__ = ["bump", "revision_of"]


def bump(league: League) -> None:
    """Increment the league's revision (inside the writing transaction)."""
    League.objects.filter(pk=league.pk).update(revision=F("revision") + 1)


def revision_of(league_id: int) -> int:
    """The league's current revision, read from the database (one indexed lookup)."""
    value = League.objects.filter(pk=league_id).values_list("revision", flat=True).first()
    return value if value is not None else 0

"""`POST /api/leagues/{slug}/games/import`: many results at once, as `tablerank league import`.

The league's import service decides who may (its admins and officials) and what each record
becomes: imported, already present (same id and content) or rejected, with the reason. A record
that breaks a rule of the records (docs/records.md) is rejected with the reason and the others
imported, as `league import` does with a file (issue 41); with `strict`, it refuses the whole
request (422, nothing stored). A body of the wrong shape is always refused whole.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Field, Router, Schema
from pydantic import StrictBool

from tablerank.api import games
from tablerank.api.access import league_for
from tablerank.api.auth import READ, WRITE, signed_in
from tablerank.api.errors import BadInput
from tablerank.api.games import checked_game
from tablerank.api.limits import Slug
from tablerank.api.outputs import WRITES, GameDetailOut, errors
from tablerank.api.schemas import GameIn
from tablerank.engine.records import Game
from tablerank.errors import RecordError
from tablerank.league.models import League
from tablerank.league.services import import_records, require_importer

__all__ = ["IMPORT_MAX", "router"]

IMPORT_MAX = 1000
"""Games one request may carry (with `league import`'s chunks of thousands, one request is
one transaction); send more in several requests, which an import's idempotence makes safe."""

router = Router(tags=["games"])


class ImportIn(Schema):
    games: list[GameIn] = Field(
        ..., max_length=IMPORT_MAX, description=f"at most {IMPORT_MAX} game records"
    )
    pending: StrictBool = Field(False, description="record them as submitted, not confirmed")
    strict: StrictBool = Field(
        False,
        description="refuse the whole request (422, nothing stored) at the first record that "
        "breaks a rule, instead of rejecting that record and importing the others",
    )


class RejectedOut(Schema):
    id: str
    reason: str


class ImportOut(Schema):
    league: str
    imported: int = Field(description="how many games were recorded")
    already_present: list[str] = Field(description="ids the league has with the same content")
    rejected: list[RejectedOut] = Field(description="games not recorded, and why")


def _games(league: League, data: ImportIn) -> tuple[list[Game], list[tuple[str, str]]]:
    """The engine's checked games; and those that break a rule, each with the error naming
    its game and field (``games[3].seats[0].vp: ...``), unless `strict` raises the first."""
    games, rejected = [], []
    for n, sent in enumerate(data.games):
        try:
            games.append(checked_game(league, sent, prefix=f"games[{n}]")[0])
        except (RecordError, BadInput) as exc:
            if data.strict:
                raise
            rejected.append((sent.id if isinstance(sent.id, str) else f"games[{n}]", str(exc)))
    return games, rejected


@router.post(
    "/leagues/{slug}/games/import",
    auth=WRITE,
    response={200: ImportOut, **errors(*WRITES)},
    summary="Import results",
)
def import_games(request: HttpRequest, slug: Slug, data: ImportIn) -> dict[str, Any]:
    """Record many results at once (admins and officials), as `tablerank league import`:
    games the league has already (same id and content) are skipped, games whose id it has
    with other content or whose score sheet it refuses are rejected, with the reason."""
    user = signed_in(request)
    league = league_for(slug, user)
    require_importer(league, user)  # before the records are read: 403, not 422
    games, rejected = _games(league, data)
    summary = import_records(league, games, user, pending=data.pending)
    summary.rejected[:0] = rejected
    return {
        "league": league.slug,
        "imported": len(summary.imported),
        "already_present": summary.already_present,
        "rejected": [{"id": rid, "reason": why} for rid, why in summary.rejected],
    }


@router.get(
    "/leagues/{slug}/games/import",
    auth=READ,
    exclude_unset=True,
    by_alias=True,
    response={200: GameDetailOut, **errors(404, 422)},
    include_in_schema=False,
)
def game_named_import(request: HttpRequest, slug: Slug) -> dict[str, Any]:
    """A game whose id is `import`, which this path would otherwise hide."""
    return games.game(request, slug, "import")

"""What the API answers: leagues, players and games as JSON-ready dicts.

Standings, lists and explanations use the command line's own shapes
(`tablerank.formats.report`), and a game's record the records' JSON form
(`tablerank.formats.records.game_json`), so a file, the CLI and the API agree.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth.models import AnonymousUser, User

from tablerank.api.models import ApiToken
from tablerank.formats.records import game_json
from tablerank.formats.report import explanation_json
from tablerank.league import queries
from tablerank.league.models import GameRecord, League, Player
from tablerank.league.services import roles_of, token_state, verification

__all__ = ["game_detail", "game_summary", "league_json", "player_json", "token_json"]


def _when(moment: dt.datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _you(league: League, user: User | AnonymousUser) -> dict[str, list[str]]:
    """What the caller is in the league: their roles, and the players they sign for."""
    if not isinstance(user, User):
        return {"roles": [], "players": []}
    return {
        "roles": sorted(role.value for role in roles_of(league, user)),
        "players": sorted(p.name for p in queries.players_signed_by(league, user)),
    }


def league_json(league: League, user: User | AnonymousUser) -> dict[str, Any]:
    """A league's settings, and what the caller is in it (`you`)."""
    return {
        "slug": league.slug,
        "name": league.name,
        "time_zone": league.time_zone,
        "public": league.public,
        "systems": list(league.systems),
        "one_official_is_enough": league.one_official_is_enough,
        "monthly_score": league.monthly_score,
        "unvalidated_titles": list(league.unvalidated_titles),
        "created_at": _when(league.created_at),
        "you": _you(league, user),
    }


def player_json(player: Player) -> dict[str, Any]:
    return {
        "name": player.name,
        "has_account": player.user_id is not None,
        "joined": _when(player.created_at),
    }


def token_json(row: ApiToken) -> dict[str, Any]:
    return {
        "id": row.pk,
        "name": row.name,
        "created_at": _when(row.created_at),
        "last_used_at": _when(row.last_used_at),
        "expires_at": _when(row.expires_at),
        "revoked": row.revoked,
        "state": str(token_state(row)),
    }


def game_summary(record: GameRecord) -> dict[str, Any]:
    """A game as listed: its status and record (prefetch ``seats__player``, ``seats__sources``)."""
    return {
        "id": record.external_id,
        "status": record.status,
        "played_at": _when(record.played_at),
        "record": game_json(record.to_record()),
    }


def _voided(record: GameRecord) -> dict[str, Any] | None:
    if record.voided_at is None:
        return None
    replacement = queries.replacement_of(record)
    return {
        "by": record.voided_by.get_username() if record.voided_by else None,
        "at": _when(record.voided_at),
        "why": record.void_reason,
        "replaced_by": replacement.external_id if replacement else None,
    }


def _signatures(record: GameRecord) -> list[dict[str, Any]]:
    return [
        {
            "player": row.player.name if row.player else None,
            "as_official": row.player is None,
            "by": row.by.get_username(),
            "verdict": row.verdict,
            "at": _when(row.at),
            "note": row.note,
        }
        for row in queries.signatures_of(record)
    ]


def game_detail(record: GameRecord) -> dict[str, Any]:
    """Everything about one game: its record, where its verification stands and who signed,
    who entered or voided it, and what it did in each system (confirmed games only)."""
    check = verification(record)
    return {
        **game_summary(record),
        "verification": {
            "status": check.status.value,
            "summary": check.summary,
            "waiting_for": list(check.waiting_for),
            "disputed_by": list(check.disputed_by),
        },
        "signatures": _signatures(record),
        "entered_by": record.created_by.get_username(),
        "entered_at": _when(record.created_at),
        "voided": _voided(record),
        "replaces": record.replaces.external_id if record.replaces else None,
        "explanations": {
            system: explanation_json(explanation)
            for system, explanation in queries.game_explanations(record).items()
        },
    }

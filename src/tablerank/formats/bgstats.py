"""BG Stats' JSON export (the app's "Export data", zipped or plain) and its single plays
(`.bgsplay`): each play becomes one game record (docs/records.md, "BG Stats").

The export holds `games`, `players`, `locations` and `plays`; a play names its game, location
and players by id (`gameRefId`, `locationRefId`, `playerScores[].playerRefId`). Field names
follow CoGs' importer (bernd-wechner/CoGs, `Import/formats/bgstats.py`). The play's `uuid` is
the record's id, so importing a later export again finds the plays already there.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tablerank.engine.records import game_from_dict
from tablerank.engine.values import GameClass
from tablerank.errors import InputError
from tablerank.formats.catan_titles import catan_title
from tablerank.formats.located import Item, Rejected, Skipped, located, seat_fields
from tablerank.formats.scores import places_by_score, score_vp

__all__ = ["is_bgstats", "records_from_bgstats"]

_FIELDS = {"date": "playDate", "game": "gameRefId", "variant": "gameRefId", "city":
           "locationRefId", "class": "usesTeams", "seats": "playerScores"}  # fmt: skip
_SEAT_FIELDS = {"player": "playerRefId", "vp": "score", "place": "rank", "winner": "winner",
                "team": "team"}  # fmt: skip


def is_bgstats(data: Any) -> bool:
    """Whether parsed JSON is a BG Stats export or single play: an object with `plays`."""
    return isinstance(data, dict) and isinstance(data.get("plays"), list) and "players" in data


@dataclass(frozen=True, slots=True)
class _Refs:
    games: dict[Any, Mapping[str, Any]]
    players: dict[Any, Mapping[str, Any]]
    locations: dict[Any, Mapping[str, Any]]


def _by_id(data: Mapping[str, Any], key: str, source: str) -> dict[Any, Mapping[str, Any]]:
    items = data.get(key, [])
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise InputError(source, key, "expected a list of objects with an id")
    return {item["id"]: item for item in items if isinstance(item.get("id"), int | str)}


def _ref(table: Mapping[Any, Mapping[str, Any]], key: Any) -> Mapping[str, Any] | None:
    """The entry a play refers to; None for a reference that is not an id (a list, ...)."""
    return table.get(key) if isinstance(key, int | str) else None


def records_from_bgstats(data: Mapping[str, Any], source: str) -> list[Item]:
    """One item per play, in the export's order."""
    refs = _Refs(*(_by_id(data, key, source) for key in ("games", "players", "locations")))
    return [_play(play, n, refs, source) for n, play in enumerate(data["plays"], start=1)]


def _play(play: Any, number: int, refs: _Refs, source: str) -> Item:
    if not isinstance(play, dict):
        raise InputError(source, f"play {number}", "expected an object")
    uuid = play.get("uuid")
    if not isinstance(uuid, str) or not uuid.strip():
        raise InputError(source, f"play {number}", "is required (the play's id)", "uuid")
    where = f"play {number} (uuid {uuid})"
    game = _ref(refs.games, play.get("gameRefId"))
    if game is None:
        what = f"no game with id {play.get('gameRefId')!r} in the export's games"
        return Rejected(uuid, InputError(source, where, what, "gameRefId"))
    skip = _not_rated(play, game, refs)
    if skip is not None:
        return Skipped(uuid, InputError(source, where, skip[1], skip[0]))
    raw, order = _record(play, game, refs, uuid)
    rename = seat_fields(_FIELDS, "playerScores", _SEAT_FIELDS, order)
    return located(lambda: game_from_dict(raw), uuid, source, where, rename=rename)


def _not_rated(
    play: Mapping[str, Any], game: Mapping[str, Any], refs: _Refs
) -> tuple[str, str] | None:
    """(field, why) when the play cannot be rated as a table of named people."""
    name = str(game.get("name") or game.get("bggName") or "the game")
    if play.get("ignored"):
        return "ignored", "the play is marked ignored in BG Stats; not rated"
    if game.get("cooperative"):
        return "gameRefId", f"{name} is cooperative: the players win or lose together; not rated"
    scores = play.get("playerScores")
    if not isinstance(scores, list) or not scores:
        return "playerScores", "no players recorded; not rated"
    for j, score in enumerate(scores):
        field = f"playerScores[{j}].playerRefId"
        ref = score.get("playerRefId") if isinstance(score, dict) else None
        player = _ref(refs.players, ref)
        if player is None:
            return field, f"no player with id {ref!r} in the export's players; not rated"
        if player.get("isAnonymous"):
            return field, "an anonymous player sat at this table (name them in BG Stats); not rated"
        if _is_npc(player):
            who = player.get("name") or "a player"
            return field, f"{who} is an NPC (a bot or an automa): tablerank rates people; not rated"
    return None


def _is_npc(player: Mapping[str, Any]) -> bool:
    meta = player.get("metaData")
    if isinstance(meta, str):
        try:
            meta = json.loads(meta)
        except (ValueError, RecursionError):
            return False
    return isinstance(meta, dict) and bool(meta.get("isNpc"))


def _record(
    play: Mapping[str, Any], game: Mapping[str, Any], refs: _Refs, uuid: str
) -> tuple[dict[str, Any], list[int]]:
    """The play as a game record, and where each of its seats stands in `playerScores`."""
    scores: list[Mapping[str, Any]] = play["playerScores"]
    order = _seat_order(scores)
    listed = play.get("expansionPlays")
    expansions = [
        str((_ref(refs.games, e.get("gameRefId")) or {}).get("name") or "")
        for e in (listed if isinstance(listed, list) else ())
        if isinstance(e, dict)
    ]
    title, variant = catan_title(str(game.get("name") or game.get("bggName") or ""), expansions)
    seats = _seats([scores[i] for i in order], game, refs, catan=variant is not None)
    raw: dict[str, Any] = {"id": uuid, "date": play.get("playDate"), "game": title,
                           "seats": seats}  # fmt: skip
    if variant is not None:
        raw["variant"] = variant
    location = _ref(refs.locations, play.get("locationRefId"))
    if location is not None and location.get("name"):
        raw["city"] = location["name"]
    if play.get("usesTeams") or game.get("usesTeams"):
        raw["class"] = GameClass.TEAM.value
    return raw, order


def _seat_order(scores: Sequence[Mapping[str, Any]]) -> list[int]:
    """Indices of `playerScores` in turn order: by `seatOrder` when every seat has a distinct
    one, starting from the `startPlayer`; else as listed."""
    given = [s.get("seatOrder") for s in scores]
    seats = [s for s in given if isinstance(s, int) and not isinstance(s, bool) and s >= 0]
    if len(set(seats)) < len(scores):
        return list(range(len(scores)))
    order = sorted(range(len(scores)), key=seats.__getitem__)
    starts = [k for k, i in enumerate(order) if scores[i].get("startPlayer")]
    return order[starts[0] :] + order[: starts[0]] if len(starts) == 1 else order


def _seats(
    scores: Sequence[Mapping[str, Any]], game: Mapping[str, Any], refs: _Refs, *, catan: bool
) -> list[dict[str, Any]]:
    names = [str(refs.players[s.get("playerRefId")].get("name") or "") for s in scores]
    seats: list[dict[str, Any]] = [
        {"player": name, "winner": bool(s.get("winner"))}
        for name, s in zip(names, scores, strict=True)
    ]
    ranks = [s.get("rank") for s in scores]
    if all(isinstance(r, int) and r > 0 for r in ranks):
        for seat, rank in zip(seats, ranks, strict=True):
            seat["place"] = rank
    raw_scores = [s.get("score") for s in scores]
    highest_wins = game.get("highestWins", True) is not False
    vps = score_vp(raw_scores, catan=catan) if highest_wins and not game.get("noPoints") else None
    if vps is not None:
        for seat, vp in zip(seats, vps, strict=True):
            seat["vp"] = vp
    elif "place" not in seats[0] and not game.get("noPoints"):
        places = places_by_score(raw_scores, highest_wins=highest_wins)
        for seat, place in zip(seats, places or (), strict=False):
            seat["place"] = place
    for seat, s in zip(seats, scores, strict=True):
        if s.get("team") not in (None, ""):
            seat["team"] = s["team"]
    return seats

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
from typing import Any, NamedTuple

from tablerank.engine.records import game_from_dict
from tablerank.engine.values import GameClass
from tablerank.errors import InputError
from tablerank.formats.app_plays import (
    NOT_A_PERSON,
    Fields,
    Logged,
    Result,
    Skip,
    catan_variant,
    logged_result,
)
from tablerank.formats.catan_titles import catan_title
from tablerank.formats.located import Item, Rejected, Skipped, located, seat_fields

__all__ = ["is_bgstats", "records_from_bgstats"]

_FIELDS = {"date": "playDate", "game": "gameRefId", "variant": "gameRefId", "city":
           "locationRefId", "class": "usesTeams", "seats": "playerScores"}  # fmt: skip
_SEAT_FIELDS = {"player": "playerRefId", "vp": "score", "place": "rank", "winner": "winner",
                "team": "team"}  # fmt: skip
_NAMES = Fields("playerScores", "playerRefId", "winner")
_TABLES = ("games", "players", "locations")


def is_bgstats(data: Any) -> bool:
    """Whether parsed JSON is a BG Stats export or single play: an object with `plays`."""
    return isinstance(data, dict) and isinstance(data.get("plays"), list) and "players" in data


@dataclass(frozen=True, slots=True)
class _Refs:
    games: dict[Any, Mapping[str, Any]]
    players: dict[Any, Mapping[str, Any]]
    locations: dict[Any, Mapping[str, Any]]
    not_persons: dict[Any, str | None]
    """Why each player is not a person (`_not_a_person`), worked out once per player."""


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
    games, players, locations = (_by_id(data, key, source) for key in _TABLES)
    not_persons = {key: _not_a_person(player) for key, player in players.items()}
    refs = _Refs(games, players, locations, not_persons)
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
    read = _not_rated(play, game, refs) or _record(play, game, refs, uuid)
    if not isinstance(read, _Play):
        return Skipped(uuid, InputError(source, where, read[1], read[0]))
    raw, result = read
    rename = seat_fields(_FIELDS, "playerScores", _SEAT_FIELDS, result.order)
    notes = tuple(InputError(source, where, why, field) for field, why in result.notes)
    return located(lambda: game_from_dict(raw), uuid, source, where, rename=rename, notes=notes)


def _not_rated(
    play: Mapping[str, Any], game: Mapping[str, Any], refs: _Refs
) -> tuple[str, str] | None:
    """(field, why) when the play cannot be rated as a table of named people."""
    name = str(game.get("name") or game.get("bggName") or "the game")
    if play.get("ignored"):
        return "ignored", "not rated: the play is marked ignored in BG Stats"
    if game.get("cooperative"):
        return "gameRefId", f"not rated: {name} is cooperative: the players win or lose together"
    scores = play.get("playerScores")
    if not isinstance(scores, list) or not scores:
        return "playerScores", "not rated: no players recorded"
    for j, score in enumerate(scores):
        ref = score.get("playerRefId") if isinstance(score, dict) else None
        if _ref(refs.players, ref) is None:
            what = f"not rated: no player with id {ref!r} in the export's players"
            return f"playerScores[{j}].playerRefId", what
    return None


def _not_a_person(player: Mapping[str, Any]) -> str | None:
    """Why a player of the export is not a person: BG Stats' anonymous player, an NPC (`isNpc`
    in its `metaData`) or a name the apps give such a seat; None for a person."""
    if player.get("isAnonymous"):
        return "anonymous"
    meta = player.get("metaData")
    if isinstance(meta, str):
        try:
            meta = json.loads(meta)
        except (ValueError, RecursionError):
            meta = None
    if isinstance(meta, dict) and meta.get("isNpc"):
        return "an NPC"
    return NOT_A_PERSON.get(str(player.get("name") or "").strip().casefold())


class _Play(NamedTuple):
    raw: dict[str, Any]
    result: Result


def _record(
    play: Mapping[str, Any], game: Mapping[str, Any], refs: _Refs, uuid: str
) -> _Play | Skip:
    """The play as a game record and its seats' result, or why it is not rated."""
    scores: list[Mapping[str, Any]] = play["playerScores"]
    listed = play.get("expansionPlays")
    expansions = [
        str((_ref(refs.games, e.get("gameRefId")) or {}).get("name") or "")
        for e in (listed if isinstance(listed, list) else ())
        if isinstance(e, dict)
    ]
    title, variant = catan_title(str(game.get("name") or game.get("bggName") or ""), expansions)
    logged = [_logged(scores[i], i, refs) for i in _seat_order(scores)]
    result = logged_result(
        logged, _NAMES, catan=variant is not None,
        highest_wins=game.get("highestWins", True) is not False,
        points=not game.get("noPoints"),
    )  # fmt: skip
    if not isinstance(result, Result):
        return result
    variant, note = catan_variant(variant, len(result.seats), "expansionPlays")
    if note is not None:
        result.notes.append(note)
    raw: dict[str, Any] = {"id": uuid, "date": play.get("playDate"), "game": title,
                           "seats": result.seats}  # fmt: skip
    if variant is not None:
        raw["variant"] = variant
    location = _ref(refs.locations, play.get("locationRefId"))
    if location is not None and location.get("name"):
        raw["city"] = location["name"]
    if play.get("usesTeams") or game.get("usesTeams"):
        raw["class"] = GameClass.TEAM.value
    return _Play(raw, result)


def _logged(score: Mapping[str, Any], index: int, refs: _Refs) -> Logged:
    ref = score.get("playerRefId")
    player = refs.players[ref]
    rank, team = score.get("rank"), score.get("team")
    return Logged(
        str(player.get("name") or ""), index, score.get("score"), bool(score.get("winner")),
        rank if isinstance(rank, int) and not isinstance(rank, bool) and rank > 0 else None,
        None if team in (None, "") else str(team), refs.not_persons[ref],
    )  # fmt: skip


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

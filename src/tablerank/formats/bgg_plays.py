"""BoardGameGeek's plays (the XML API2 `plays` document, `/xmlapi2/plays?username=...`, saved
one page or several to a file): each `play` becomes one game record (docs/records.md, "BGG").

The XML is parsed with defusedxml, which refuses a document type declaration and entities, so a
hostile file cannot expand into gigabytes or read local files. A play's record id is `bgg-` and
the play's id, so importing a later export again finds the plays already there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from tablerank.engine.fields import digits
from tablerank.engine.records import Game, game_from_dict
from tablerank.errors import InputError
from tablerank.formats.catan_titles import catan_title
from tablerank.formats.located import Item, Skipped, located, seat_fields
from tablerank.formats.scores import score_vp

__all__ = ["records_from_bgg"]

_FIELDS = {"date": "date", "game": "item.name", "variant": "item.name", "city": "location",
           "seats": "players"}  # fmt: skip
_SEAT_FIELDS = {"player": "name", "vp": "score", "winner": "win", "place": "win"}


def records_from_bgg(text: str, source: str) -> list[Item]:
    """One item per play (several per play with `quantity` above 1), in the file's order."""
    try:
        root = fromstring(text)
    except DefusedXmlException as exc:
        raise InputError(
            source, "", f"refused XML: {exc} (entities and DTDs are not read)"
        ) from None
    except ParseError as exc:
        line, column = exc.position
        raise InputError(
            source, f"line {line}", f"malformed XML: {exc} (column {column})"
        ) from None
    if root.tag != "plays":
        raise InputError(
            source, "", f"expected BoardGameGeek's plays XML (<plays>), got <{root.tag}>"
        )
    out: list[Item] = []
    for number, play in enumerate(root.iter("play"), start=1):
        out.extend(_play(play, number, source))
    return out


def _play(play: Element, number: int, source: str) -> list[Item]:
    play_id = (play.get("id") or "").strip()
    if not play_id:
        raise InputError(source, f"play {number}", "is required (the play's id)", "id")
    record_id, where = f"bgg-{play_id}", f"play {number} (id {play_id})"
    skip = _not_rated(play)
    if skip is not None:
        return [Skipped(record_id, InputError(source, where, skip[1], skip[0]))]
    players = _players(play)
    order = _turn_order(players)
    item = play.find("item")
    title, variant = catan_title(item.get("name", "") if item is not None else "")
    seats = _seats([players[i] for i in order], catan=variant is not None)
    raw: dict[str, Any] = {"date": play.get("date"), "game": title, "seats": seats}
    if variant is not None:
        raw["variant"] = variant
    if play.get("location", "").strip():
        raw["city"] = play.get("location")
    rename = seat_fields(_FIELDS, "players.player", _SEAT_FIELDS, order)
    copies = _quantity(play)
    ids = [record_id, *(f"{record_id}.{k}" for k in range(2, copies + 1))]
    return [located(partial(_game, raw, i), i, source, where, rename=rename) for i in ids]


def _game(raw: Mapping[str, Any], record_id: str) -> Game:
    return game_from_dict({**raw, "id": record_id})


def _not_rated(play: Element) -> tuple[str, str] | None:
    """(field, why) when the play is not one to rate."""
    if play.get("incomplete", "0").strip() not in ("", "0"):
        return "incomplete", "the play is marked incomplete on BoardGameGeek; not rated"
    if play.get("nowinstats", "0").strip() not in ("", "0"):
        return "nowinstats", "the play is left out of win statistics on BoardGameGeek; not rated"
    if not play.findall("players/player"):
        return "players", "no players recorded; not rated"
    return None


def _players(play: Element) -> list[Mapping[str, str]]:
    return [dict(p.attrib) for p in play.findall("players/player")]


def _quantity(play: Element) -> int:
    quantity = digits(play.get("quantity", "1").strip())
    return quantity if quantity is not None and 1 <= quantity <= 100 else 1


def _turn_order(players: Sequence[Mapping[str, str]]) -> list[int]:
    """Indices in turn order: by `startposition` when every player has a distinct number."""
    given = [p.get("startposition", "").strip() for p in players]
    numbers = [digits(g) for g in given]
    if None in numbers or len(set(given)) < len(given):
        return list(range(len(players)))
    return sorted(range(len(players)), key=numbers.__getitem__)  # type: ignore[arg-type]


def _seats(players: Sequence[Mapping[str, str]], *, catan: bool) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = [
        {"player": (p.get("name") or "").strip() or (p.get("username") or "").strip(),
         "winner": p.get("win", "0").strip() == "1"}
        for p in players
    ]  # fmt: skip
    vps = score_vp([p.get("score", "").strip() for p in players], catan=catan)
    for seat, vp in zip(seats, vps or (), strict=False):
        seat["vp"] = vp
    return seats

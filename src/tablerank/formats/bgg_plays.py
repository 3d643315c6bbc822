"""BoardGameGeek's plays (the XML API2 `plays` document, `/xmlapi2/plays?username=...`, saved
one page or several to a file, or pages saved back to back into one): each `play` becomes one
game record (docs/records.md, "BGG").

The XML is parsed with defusedxml, which refuses a document type declaration and entities, so a
hostile file cannot expand into gigabytes or read local files. A play's record id is `bgg-` and
the play's id, so importing a later export again finds the plays already there.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any, NamedTuple
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from tablerank.engine.fields import digits
from tablerank.engine.records import Game, game_from_dict
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
from tablerank.formats.located import Item, Skipped, located, seat_fields

__all__ = ["records_from_bgg"]

_FIELDS = {"date": "date", "game": "item.name", "variant": "item.name", "city": "location",
           "seats": "players"}  # fmt: skip
_SEAT_FIELDS = {"player": "name", "vp": "score", "winner": "win", "place": "win"}
_NAMES = Fields("players.player", "name", "win")
_DECLARATION = re.compile(r"<\?xml[^>]*\?>")


def records_from_bgg(text: str, source: str) -> list[Item]:
    """One item per play (several per play with `quantity` above 1), in the file's order; the
    file may hold several pages saved back to back."""
    out: list[Item] = []
    plays = [play for page in _pages(text, source) for play in page.iter("play")]
    if not plays:
        raise InputError(
            source, "", "no plays in this page (BoardGameGeek answers a page past the last one "
            "with none); expected at least one play",
        )  # fmt: skip
    for number, play in enumerate(plays, start=1):
        out.extend(_play(play, number, source))
    return out


def _pages(text: str, source: str) -> list[Element]:
    """The file's `<plays>` pages: one document, or several saved one after another."""
    try:
        root = fromstring(text)
    except DefusedXmlException as exc:
        raise InputError(
            source, "", f"refused XML: {exc} (entities and DTDs are not read)"
        ) from None
    except ParseError as exc:
        pages = _back_to_back(text) if str(exc).startswith("junk after document element") else None
        if pages is None:
            line, column = exc.position
            raise InputError(
                source, f"line {line}", f"malformed XML: {exc} (column {column})"
            ) from None
        return pages
    if root.tag != "plays":
        raise InputError(
            source, "", f"expected BoardGameGeek's plays XML (<plays>), got <{root.tag}>"
        )
    return [root]


def _back_to_back(text: str) -> list[Element] | None:
    """Pages of the API saved into one file, each with its own XML declaration; None unless
    the file reads so and every document is a `<plays>` page."""
    try:
        root = fromstring(f"<pages>{_DECLARATION.sub('', text)}</pages>")
    except (DefusedXmlException, ParseError):
        return None
    pages = list(root)
    return pages if pages and all(page.tag == "plays" for page in pages) else None


def _play(play: Element, number: int, source: str) -> list[Item]:
    play_id = (play.get("id") or "").strip()
    if not play_id:
        raise InputError(source, f"play {number}", "is required (the play's id)", "id")
    record_id, where = f"bgg-{play_id}", f"play {number} (id {play_id})"
    read = _not_rated(play) or _record(play)
    if not isinstance(read, _Play):
        return [Skipped(record_id, InputError(source, where, read[1], read[0]))]
    raw, result = read
    rename = seat_fields(_FIELDS, "players.player", _SEAT_FIELDS, result.order)
    notes = tuple(InputError(source, where, why, field) for field, why in result.notes)
    copies = _quantity(play)
    ids = [record_id, *(f"{record_id}.{k}" for k in range(2, copies + 1))]
    return [
        located(partial(_game, raw, i), i, source, where, rename=rename, notes=notes) for i in ids
    ]


class _Play(NamedTuple):
    raw: dict[str, Any]
    result: Result


def _record(play: Element) -> _Play | Skip:
    """The play as a game record and its seats' result, or why it is not rated."""
    players = _players(play)
    item = play.find("item")
    title, variant = catan_title(item.get("name", "") if item is not None else "")
    logged = [_logged(players[i], i) for i in _turn_order(players)]
    result = logged_result(logged, _NAMES, catan=variant is not None)
    if not isinstance(result, Result):
        return result
    variant, note = catan_variant(variant, len(result.seats), "item.name")
    if note is not None:
        result.notes.append(note)
    raw: dict[str, Any] = {"date": play.get("date"), "game": title, "seats": result.seats}
    if variant is not None:
        raw["variant"] = variant
    if play.get("location", "").strip():
        raw["city"] = play.get("location")
    return _Play(raw, result)


def _game(raw: Mapping[str, Any], record_id: str) -> Game:
    return game_from_dict({**raw, "id": record_id})


def _not_rated(play: Element) -> tuple[str, str] | None:
    """(field, why) when the play is not one to rate."""
    if play.get("incomplete", "0").strip() not in ("", "0"):
        return "incomplete", "not rated: the play is marked incomplete on BoardGameGeek"
    if play.get("nowinstats", "0").strip() not in ("", "0"):
        return "nowinstats", "not rated: the play is left out of win statistics on BoardGameGeek"
    if not play.findall("players/player"):
        return "players", "not rated: no players recorded"
    return None


def _players(play: Element) -> list[Mapping[str, str]]:
    return [dict(p.attrib) for p in play.findall("players/player")]


def _logged(player: Mapping[str, str], index: int) -> Logged:
    """A player's line; one without a username whose name is BGG's "Anonymous player" (or
    another name the apps give a seat that is no person) is not a person."""
    name, username = (player.get("name") or "").strip(), (player.get("username") or "").strip()
    return Logged(
        name or username, index, player.get("score", "").strip(),
        player.get("win", "0").strip() == "1",
        not_person=None if username else NOT_A_PERSON.get(name.casefold()),
    )  # fmt: skip


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

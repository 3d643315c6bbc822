"""Choosing which records a list or a standing covers."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable

from tablerank.engine.records import Event, Game

__all__ = ["Facets", "fields_match", "known_values", "select", "unknown_names", "unknown_players",
           "unmatched", "unmatched_facets", "wanted_fields"]  # fmt: skip

_SHOWN = 5
"""Most known values a warning names, the closest first."""


def select(
    records: Iterable[Game | Event],
    *,
    title: str | None = None,
    group: str | None = None,
    city: str | None = None,
) -> list[Game | Event]:
    """Records of the game title, game group and city asked for (case-insensitive); events
    have none of these, so any filter leaves them out."""
    wanted = wanted_fields(title, group, city)
    if not any(wanted.values()):
        return list(records)
    return [rec for rec in records if isinstance(rec, Game) and _matches(rec, wanted)]


def _matches(game: Game, wanted: dict[str, str | None]) -> bool:
    return fields_match(wanted, game.game, game.group, game.city)


def fields_match(wanted: dict[str, str | None], title: str, group: str, city: str | None) -> bool:
    """Whether a game of this title, group and city is one `wanted` asks for (its values
    casefolded, None for no filter), as `select` keeps them."""
    have = {"game": title, "group": group, "city": city or ""}
    return all(want is None or have[key].casefold() == want for key, want in wanted.items())


def wanted_fields(
    title: str | None = None, group: str | None = None, city: str | None = None
) -> dict[str, str | None]:
    """The filters of `select`, casefolded (None: no filter), for `fields_match`."""
    return {
        "game": title.casefold() if title else None,
        "group": group.casefold() if group else None,
        "city": city.casefold() if city else None,
    }


def known_values(value: str, known: Iterable[str]) -> str:
    """The known values closest to `value` (case-insensitive: those starting with it or holding
    it, then by difflib's ratio), as a warning names them: "known: Bonn, Köln" (at most five,
    with "..." when there are more)."""
    ranked = sorted(set(known), key=lambda k: _likeness(value.casefold(), k))
    if not ranked:
        return "the records have none"
    more = ", ..." if len(ranked) > _SHOWN else ""
    return f"known: {', '.join(ranked[:_SHOWN])}{more}"


def close_spellings(name: str, known: Iterable[str], most: int = 3) -> list[str]:
    """The known names `name` may be another spelling of (a typo, two letters swapped: `Kaj`
    for `Kai`, `Pual` for `Paul`), likeliest first: difflib's similarity ratio of the
    case-folded names at least 0.6, the name itself left out."""
    folded = name.casefold()
    by_folded = {k.casefold(): k for k in known if k.casefold() != folded}
    found = difflib.get_close_matches(folded, list(by_folded), n=most, cutoff=0.6)
    return [by_folded[k] for k in found]


def alike_names(names: Iterable[str]) -> list[str]:
    """A warning for each set of names that differ only in case or accents (`ann` and `Ann`,
    `Ben` and `Bén`): the records rate them as different players, which a club rarely means."""
    spellings: dict[str, set[str]] = {}
    for name in names:
        spellings.setdefault(_loose(name), set()).add(name)
    return [
        f"{' and '.join(repr(n) for n in sorted(found))} differ only in case or accents: "
        "rated as different players; write them alike if they are one"
        for found in sorted(spellings.values(), key=sorted)
        if len(found) > 1
    ]


def _loose(name: str) -> str:
    """A name without case and accents (NFKD, combining marks dropped)."""
    decomposed = unicodedata.normalize("NFKD", name.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _likeness(value: str, known: str) -> tuple[int, float, str]:
    """Sorts the likeliest meant first: values starting with what was typed, then holding it,
    then by difflib's similarity ratio, then alphabetically."""
    folded = known.casefold()
    kind = 0 if folded.startswith(value) else 1 if value in folded else 2
    return kind, -difflib.SequenceMatcher(None, value, folded).ratio(), known


Facets = tuple[str, str, str | None, str | None]
"""What the filters look at in a game: its title, group, city and event."""
_KINDS = ("title", "group", "city", "event")


def unmatched(
    records: Iterable[Game | Event],
    *,
    title: str | None = None,
    group: str | None = None,
    city: str | None = None,
    event: str | None = None,
) -> list[str]:
    """A warning for each filter that no game matches, naming the closest values the games
    have ("no city 'Bon'; known: Bonn, Köln"), or one when each matches but not together."""
    facets = {(r.game, r.group, r.city, r.event) for r in records if isinstance(r, Game)}
    return unmatched_facets(facets, title=title, group=group, city=city, event=event)


def unmatched_facets(
    facets: Iterable[Facets],
    *,
    title: str | None = None,
    group: str | None = None,
    city: str | None = None,
    event: str | None = None,
) -> list[str]:
    """`unmatched` over the distinct facets of the games (a league reads them from its rows)."""
    listed = list(facets)
    rows = [tuple((v or "").casefold() for v in row) for row in listed]
    known = [{v for v in values if v} for values in zip(*listed, strict=True)] if rows else []
    asked = [(kind, value) for kind, value in zip(_KINDS, (title, group, city, event), strict=True)]
    out = []
    for position, (kind, value) in enumerate(asked):
        have = known[position] if known else set()
        if value and value.casefold() not in {v.casefold() for v in have}:
            out.append(f"no {kind} {value!r}; {known_values(value, have)}")
    given = [(i, value.casefold()) for i, (_, value) in enumerate(asked) if value]
    if not out and len(given) > 1 and not any(all(r[i] == v for i, v in given) for r in rows):
        both = " and ".join(f"{asked[i][0]} {asked[i][1]!r}" for i, _ in given)
        out.append(f"no game has {both} together")
    return out


def unknown_players(records: Iterable[Game | Event], names: Iterable[str]) -> list[str]:
    """A warning for each name of a starting sheet that plays in none of the records, naming
    the closest players who do ("no player 'Anne' in the records; known: Ann, ...")."""
    players: set[str] = set()
    for record in records:
        rows = record.seats if isinstance(record, Game) else record.standings
        players.update(row.player for row in rows)
    return unknown_names(players, names)


def unknown_names(players: set[str], names: Iterable[str]) -> list[str]:
    """`unknown_players` of the records' players."""
    folded = {p.casefold() for p in players}
    return [
        f"starting ratings: no player {name!r} in the records; {known_values(name, players)}"
        for name in names
        if name.casefold() not in folded
    ]

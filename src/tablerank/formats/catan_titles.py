"""Telling a Catan game and its variant from the names play-logging apps give it.

BG Stats and BoardGameGeek name a game as its box does: "CATAN", "The Settlers of Catan",
"Die Siedler von Catan", "Catan: Seafarers", and log expansions as further names (BG Stats'
`expansionPlays`). Those map to tablerank's title `catan` with the variant the names tell;
other games of the Catan family (Catan Junior, Rivals for Catan, Starfarers, the dice game) are
different games and keep their own title.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["catan_title"]

_CATAN = re.compile(r"^(the )?(settlers of )?catan\b|^die siedler von catan\b")
_OTHER_GAMES = re.compile(
    r"junior|dice|würfel|rivals|duel|duell|starfarers|sternenschiff|card game|kartenspiel|"
    r"histories|family|traveler|big box|scenarios?:"
)
_EXPANSIONS = {
    "seafarers": re.compile(r"seafarers|seefahrer"),
    "cities-knights": re.compile(r"cities (&|and) knights|städte (&|und) ritter"),
    "traders-barbarians": re.compile(r"traders (&|and) barbarians|händler (&|und) barbaren"),
    "explorers-pirates": re.compile(r"explorers (&|and) pirates|entdecker (&|und) piraten"),
    "5-6": re.compile(r"\b5\s*[-–&]\s*6\b|\b5 (and|und) 6\b"),
}


def catan_title(name: str, expansions: Sequence[str] = ()) -> tuple[str, str | None]:
    """(title, variant): ("catan", the variant) for a Catan base game, with the variant its name
    and its expansions' names tell; (the name, None) for any other game."""
    folded = name.casefold().strip()
    if not _CATAN.search(folded) or _OTHER_GAMES.search(folded):
        return name, None
    told = " | ".join([folded, *(e.casefold() for e in expansions)])
    found = {key for key, pattern in _EXPANSIONS.items() if pattern.search(told)}
    if {"seafarers", "cities-knights"} <= found:
        return "catan", "seafarers-cities-knights"
    for variant in ("cities-knights", "seafarers", "traders-barbarians", "explorers-pirates"):
        if variant in found:
            return "catan", variant
    return "catan", "base-5-6" if "5-6" in found else "base"

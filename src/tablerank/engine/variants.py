"""The Catan variants a game record may name: targets, table sizes and VP sources (seed 002).

Everything here is transcribed from the tracker's tables ("Victory Points to Win" per variant and
one "Victory Point Sources" table per variant); docs/catan.md prints the same catalog. Seafarers,
Traders & Barbarians, Explorers & Pirates and the combined game take the scenario's target, which
a record gives as `target` (for the combined game, the scenario's target already plus 2).

A seat's `sources` are amounts of VP, not piece counts: the tracker says to "enter the actual VP
earned from each source", so three cities are recorded as ``cities: 6``.

Source keys (snake_case, as records spell them):

=====================  ===================================================================
settlements            Settlements, 1 VP each
cities                 Cities, 2 VP each (a metropolis city still counts here)
longest_road           Longest Road, a 2 VP award
longest_trade_route    Longest Trade Route (roads and ships), a 2 VP award; replaces
                       longest_road in Seafarers, the combined game and Explorers & Pirates
largest_army           Largest Army, a 2 VP award
vp_cards               Victory Point development cards, 1 VP each
island_settlements     Seafarers' +2 VP bonus for the first settlement on a new island
scenario               scenario-specific bonuses (Seafarers, Traders & Barbarians, E&P)
trade_metropolis       Cities & Knights' trade metropolis, +2 VP on top of the city
politics_metropolis    the politics metropolis, +2 VP
science_metropolis     the science metropolis, +2 VP
defender               Defender of Catan, 1 VP; replaces largest_army in Cities & Knights
merchant               the Merchant token, 1 VP
progress_cards         VP progress cards (Constitution, Printing, ...), 1 VP each
missions               Explorers & Pirates' mission VP
spice                  Explorers & Pirates' spice sacks, 1 VP each
=====================  ===================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = [
    "SOURCES",
    "VARIANTS",
    "Source",
    "Variant",
    "catalog_json",
    "is_catan",
]


@dataclass(frozen=True, slots=True)
class Source:
    """One row of a seed 002 "Victory Point Sources" table.

    `points` is the VP of one unit ("1 VP each", "2 VP"); `maximum` is the "Max Possible" for one
    player, in VP. A source whose points "Varies" has `varies` set and is counted in single VP.
    `single_holder` marks an award only one player can hold at a time; `replaces` names the source
    it stands in for ("Replaces 'Longest Road'").
    """

    key: str
    label: str
    points: int
    maximum: int
    unit: str = ""
    varies: bool = False
    single_holder: bool = False
    replaces: str | None = None

    @property
    def units(self) -> int:
        """How many units make up the maximum (4 cities of 2 VP make 8)."""
        return self.maximum // self.points

    def allowed(self) -> str:
        """What the maximum is made of, for messages: "4 cities x 2 VP"."""
        if self.varies:
            return f"{self.label} vary, up to {self.maximum} VP"
        if self.single_holder:
            return f"{self.label} is one award of {self.points} VP"
        return f"{self.units} {self.unit} x {self.points} VP"


def _each(key: str, label: str, points: int, maximum: int, unit: str) -> Source:
    return Source(key, label, points, maximum, unit=unit)


def _award(key: str, label: str, points: int, replaces: str | None = None) -> Source:
    return Source(key, label, points, points, single_holder=True, replaces=replaces)


def _varies(key: str, label: str, maximum: int) -> Source:
    return Source(key, label, 1, maximum, unit="VP", varies=True)


SETTLEMENTS = _each("settlements", "Settlements", 1, 5, "settlements")
CITIES = _each("cities", "Cities", 2, 8, "cities")
LONGEST_ROAD = _award("longest_road", "Longest Road", 2)
LONGEST_TRADE_ROUTE = _award(
    "longest_trade_route", "Longest Trade Route", 2, replaces="longest_road"
)
LARGEST_ARMY = _award("largest_army", "Largest Army", 2)
VP_CARDS = _each("vp_cards", "Victory Point Cards", 1, 5, "VP cards")
ISLAND_SETTLEMENTS = _each(
    "island_settlements", "New Island Settlements", 2, 6, "island settlement bonuses"
)
SCENARIO = _varies("scenario", "Scenario-Specific Bonuses", 10)
TRADE_METROPOLIS = _award("trade_metropolis", "Trade Metropolis", 2)
POLITICS_METROPOLIS = _award("politics_metropolis", "Politics Metropolis", 2)
SCIENCE_METROPOLIS = _award("science_metropolis", "Science Metropolis", 2)
DEFENDER = _award("defender", "Defender of Catan", 1, replaces="largest_army")
MERCHANT = _award("merchant", "Merchant Token", 1)
PROGRESS_CARDS = _each("progress_cards", "VP Progress Cards", 1, 5, "progress cards")
MISSIONS = _varies("missions", "Mission Victory Points", 10)
SPICE = _each("spice", "Spice Sacks", 1, 5, "spice sacks")

SOURCES: dict[str, Source] = {
    s.key: s
    for s in (
        SETTLEMENTS, CITIES, LONGEST_ROAD, LONGEST_TRADE_ROUTE, LARGEST_ARMY, VP_CARDS,
        ISLAND_SETTLEMENTS, SCENARIO, TRADE_METROPOLIS, POLITICS_METROPOLIS, SCIENCE_METROPOLIS,
        DEFENDER, MERCHANT, PROGRESS_CARDS, MISSIONS, SPICE,
    )
}  # fmt: skip
"""Every source key any variant uses, by key."""


@dataclass(frozen=True, slots=True)
class Variant:
    """A Catan variant: its VP target, table sizes and VP sources (seed 002).

    `target` is the default "Victory Points to Win"; `scenario_target` says the scenario sets it
    ("Varies by scenario"), so a record's `target` overrides it. `players` is the smallest and
    largest table the variant allows. `documented_maximum` is the seed's "Total Maximum" where it
    gives one (22 base, 31 Cities & Knights); `maximum` falls back to the sum of the sources'
    maximums elsewhere.
    """

    name: str
    title: str
    target: int
    players: tuple[int, int] = (3, 4)
    sources: tuple[Source, ...] = ()
    scenario_target: bool = False
    documented_maximum: int | None = None

    @property
    def maximum(self) -> int:
        """The most VP one player can hold: the seed's "Total Maximum" or the sources' sum."""
        if self.documented_maximum is not None:
            return self.documented_maximum
        return sum(s.maximum for s in self.sources)

    def source(self, key: str) -> Source | None:
        """The variant's source with this key, or None when the variant does not use it."""
        for s in self.sources:
            if s.key == key:
                return s
        return None

    def replacement_for(self, key: str) -> Source | None:
        """The variant's source that replaces `key` (Longest Trade Route for longest_road)."""
        for s in self.sources:
            if s.replaces == key:
                return s
        return None

    def allows(self, players: int) -> bool:
        """Whether a table of this many players (at the end of the game) plays this variant."""
        low, high = self.players
        return low <= players <= high


_BASE_SOURCES = (SETTLEMENTS, CITIES, LONGEST_ROAD, LARGEST_ARMY, VP_CARDS)
_SEAFARERS_SOURCES = (
    SETTLEMENTS, CITIES, ISLAND_SETTLEMENTS, LONGEST_TRADE_ROUTE, LARGEST_ARMY, VP_CARDS, SCENARIO,
)  # fmt: skip
_CK_SOURCES = (
    SETTLEMENTS, CITIES, TRADE_METROPOLIS, POLITICS_METROPOLIS, SCIENCE_METROPOLIS, LONGEST_ROAD,
    DEFENDER, MERCHANT, PROGRESS_CARDS,
)  # fmt: skip
# "Combines all point sources from both expansions ... Longest Trade Route (not Longest Road)";
# Cities & Knights' own rules carry over: no Largest Army (Defender replaces it) and no
# development cards, so VP come from progress cards, not VP cards.
_COMBINED_SOURCES = (
    SETTLEMENTS, CITIES, ISLAND_SETTLEMENTS, LONGEST_TRADE_ROUTE, TRADE_METROPOLIS,
    POLITICS_METROPOLIS, SCIENCE_METROPOLIS, DEFENDER, MERCHANT, PROGRESS_CARDS, SCENARIO,
)  # fmt: skip
_TB_SOURCES = (SETTLEMENTS, CITIES, LONGEST_ROAD, LARGEST_ARMY, VP_CARDS, SCENARIO)
_EP_SOURCES = (SETTLEMENTS, CITIES, MISSIONS, SPICE, LONGEST_TRADE_ROUTE, SCENARIO)

VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("base", "Base Catan", 10, (2, 4), _BASE_SOURCES, documented_maximum=22),
        Variant(
            "base-5-6", "Base Catan, 5-6 player extension", 10, (5, 6), _BASE_SOURCES,
            documented_maximum=22,
        ),
        Variant("seafarers", "Seafarers", 10, (3, 4), _SEAFARERS_SOURCES, scenario_target=True),
        Variant(
            "cities-knights", "Cities & Knights", 13, (3, 4), _CK_SOURCES, documented_maximum=31
        ),
        Variant(
            "seafarers-cities-knights", "Seafarers + Cities & Knights", 15, (3, 4),
            _COMBINED_SOURCES, scenario_target=True,
        ),
        Variant(
            "traders-barbarians", "Traders & Barbarians", 10, (3, 4), _TB_SOURCES,
            scenario_target=True,
        ),
        Variant(
            "explorers-pirates", "Explorers & Pirates", 10, (3, 4), _EP_SOURCES,
            scenario_target=True,
        ),
    )
}  # fmt: skip
"""The catalog, by the name a record's `variant` gives."""


def is_catan(title: str) -> bool:
    """Variants and VP sources belong to Catan games only."""
    return title.casefold() == "catan"


def source_json(source: Source) -> dict[str, Any]:
    """One source as `tablerank variants --format json` prints it."""
    return {
        "key": source.key,
        "label": source.label,
        "points": "varies" if source.varies else source.points,
        "max": source.maximum,
        "single_holder": source.single_holder,
        "replaces": source.replaces,
    }


def catalog_json() -> list[dict[str, Any]]:
    """The whole catalog as plain JSON-ready dicts, in catalog order."""
    return [
        {
            "name": v.name,
            "title": v.title,
            "target": v.target,
            "scenario_target": v.scenario_target,
            "players": {"min": v.players[0], "max": v.players[1]},
            "maximum": v.maximum,
            "maximum_documented": v.documented_maximum is not None,
            "sources": [source_json(s) for s in v.sources],
        }
        for v in VARIANTS.values()
    ]

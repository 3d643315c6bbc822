"""The Catan variants a game record may name, with the VP needed to win (seed 002).

"Victory Points to Win" per variant, from the tracker's tables; Seafarers and the combined game
take the scenario's target, which a record gives as `target`.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["VARIANTS", "Variant", "is_catan"]


@dataclass(frozen=True, slots=True)
class Variant:
    name: str
    title: str
    target: int


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("base", "Base Catan (3-4 players)", 10),
        Variant("base-5-6", "Base Catan, 5-6 player extension", 10),
        Variant("seafarers", "Seafarers (scenario target, default 10)", 10),
        Variant("cities-knights", "Cities & Knights", 13),
        Variant("seafarers-cities-knights", "Seafarers + Cities & Knights (scenario + 2)", 15),
        Variant("traders-barbarians", "Traders & Barbarians", 10),
        Variant("explorers-pirates", "Explorers & Pirates", 10),
    )
}


def is_catan(title: str) -> bool:
    """Variants and VP sources belong to Catan games only."""
    return title.casefold() == "catan"

from __future__ import annotations

import pytest

from tablerank.formats.catan_titles import catan_title


@pytest.mark.parametrize(
    ("name", "expansions", "expected"),
    [
        ("CATAN", (), ("catan", "base")),
        ("The Settlers of Catan", (), ("catan", "base")),
        ("Die Siedler von Catan", ("Städte & Ritter", "Seefahrer"),
         ("catan", "seafarers-cities-knights")),
        ("Catan", ("CATAN: 5-6 Player Extension",), ("catan", "base-5-6")),
        ("CATAN: Cities & Knights", (), ("catan", "cities-knights")),
        ("Catan: Traders & Barbarians", (), ("catan", "traders-barbarians")),
        ("Catan: Explorers & Pirates", (), ("catan", "explorers-pirates")),
        ("Catan Junior", (), ("Catan Junior", None)),
        ("Rivals for Catan", (), ("Rivals for Catan", None)),
        ("Catan: Starfarers", (), ("Catan: Starfarers", None)),
        ("Azul", ("Catan: Seafarers",), ("Azul", None)),
    ],
)  # fmt: skip
def test_catan_names_map_to_the_title_and_variant(
    name: str, expansions: tuple[str, ...], expected: tuple[str, str | None]
) -> None:
    assert catan_title(name, expansions) == expected

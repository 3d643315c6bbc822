"""The variant catalog against seed 002's tables, transcribed here a second time on purpose."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tablerank.engine.variants as variants_module
from tablerank.catan.variants import SOURCES, VARIANTS, catalog_json, is_catan
from tests.engine.builders import vp_game

DOCS = Path(__file__).parents[2] / "docs" / "catan.md"

# (key, points per unit, max per player) exactly as each "Victory Point Sources" table gives them.
BASE = [
    ("settlements", 1, 5),
    ("cities", 2, 8),
    ("longest_road", 2, 2),
    ("largest_army", 2, 2),
    ("vp_cards", 1, 5),
]
SEAFARERS = [
    ("settlements", 1, 5),
    ("cities", 2, 8),
    ("island_settlements", 2, 6),
    ("longest_trade_route", 2, 2),
    ("largest_army", 2, 2),
    ("vp_cards", 1, 5),
    ("scenario", None, 10),
]
CITIES_KNIGHTS = [
    ("settlements", 1, 5),
    ("cities", 2, 8),
    ("trade_metropolis", 2, 2),
    ("politics_metropolis", 2, 2),
    ("science_metropolis", 2, 2),
    ("longest_road", 2, 2),
    ("defender", 1, 1),
    ("merchant", 1, 1),
    ("progress_cards", 1, 5),
]
COMBINED = [
    ("settlements", 1, 5),
    ("cities", 2, 8),
    ("island_settlements", 2, 6),
    ("longest_trade_route", 2, 2),
    ("trade_metropolis", 2, 2),
    ("politics_metropolis", 2, 2),
    ("science_metropolis", 2, 2),
    ("defender", 1, 1),
    ("merchant", 1, 1),
    ("progress_cards", 1, 5),
    ("scenario", None, 10),
]
TRADERS = [
    ("settlements", 1, 5),
    ("cities", 2, 8),
    ("longest_road", 2, 2),
    ("largest_army", 2, 2),
    ("vp_cards", 1, 5),
    ("scenario", None, 10),
]
EXPLORERS = [
    ("settlements", 1, 5),
    ("cities", 2, 8),
    ("missions", None, 10),
    ("spice", 1, 5),
    ("longest_trade_route", 2, 2),
    ("scenario", None, 10),
]
TABLES = {
    "base": BASE,
    "base-5-6": BASE,
    "seafarers": SEAFARERS,
    "cities-knights": CITIES_KNIGHTS,
    "seafarers-cities-knights": COMBINED,
    "traders-barbarians": TRADERS,
    "explorers-pirates": EXPLORERS,
}


def test_the_catalog_has_the_seven_variants_in_the_seed_order() -> None:
    assert list(VARIANTS) == list(TABLES)


@pytest.mark.parametrize("name", list(TABLES))
def test_each_variant_has_exactly_the_seed_table_sources(name: str) -> None:
    got = [(s.key, None if s.varies else s.points, s.maximum) for s in VARIANTS[name].sources]
    assert got == TABLES[name]


@pytest.mark.parametrize(
    ("name", "target", "scenario"),
    [
        ("base", 10, False),
        ("base-5-6", 10, False),
        ("seafarers", 10, True),
        ("cities-knights", 13, False),
        ("seafarers-cities-knights", 15, True),
        ("traders-barbarians", 10, True),
        ("explorers-pirates", 10, True),
    ],
)
def test_targets_and_which_variants_take_the_scenario_target(
    name: str, target: int, scenario: bool
) -> None:
    assert VARIANTS[name].target == target
    assert VARIANTS[name].scenario_target is scenario


@pytest.mark.parametrize(
    ("name", "players"),
    [
        ("base", (2, 4)),
        ("base-5-6", (5, 6)),
        ("seafarers", (3, 4)),
        ("cities-knights", (3, 4)),
        ("seafarers-cities-knights", (3, 4)),
        ("traders-barbarians", (3, 4)),
        ("explorers-pirates", (3, 4)),
    ],
)
def test_table_sizes(name: str, players: tuple[int, int]) -> None:
    v = VARIANTS[name]
    assert v.players == players
    low, high = players
    assert v.allows(low)
    assert v.allows(high)
    assert not v.allows(low - 1)
    assert not v.allows(high + 1)


def test_replacements_are_the_two_the_seed_names() -> None:
    replaced = {
        (name, s.key, s.replaces)
        for name, v in VARIANTS.items()
        for s in v.sources
        if s.replaces is not None
    }
    assert replaced == {
        ("seafarers", "longest_trade_route", "longest_road"),
        ("seafarers-cities-knights", "longest_trade_route", "longest_road"),
        ("explorers-pirates", "longest_trade_route", "longest_road"),
        ("cities-knights", "defender", "largest_army"),
        ("seafarers-cities-knights", "defender", "largest_army"),
    }
    for name in ("seafarers", "seafarers-cities-knights", "explorers-pirates"):
        assert VARIANTS[name].source("longest_road") is None
        assert VARIANTS[name].replacement_for("longest_road") is SOURCES["longest_trade_route"]
    for name in ("cities-knights", "seafarers-cities-knights"):
        assert VARIANTS[name].source("largest_army") is None
        assert VARIANTS[name].replacement_for("largest_army") is SOURCES["defender"]
    assert VARIANTS["base"].replacement_for("longest_road") is None


def test_single_holder_awards() -> None:
    assert {k for k, s in SOURCES.items() if s.single_holder} == {
        "longest_road",
        "longest_trade_route",
        "largest_army",
        "trade_metropolis",
        "politics_metropolis",
        "science_metropolis",
        "merchant",
        "defender",
    }


@pytest.mark.parametrize(
    ("name", "maximum", "documented"),
    [
        ("base", 22, True),
        ("base-5-6", 22, True),
        ("cities-knights", 31, True),
        ("seafarers", 5 + 8 + 6 + 2 + 2 + 5 + 10, False),
        ("seafarers-cities-knights", 5 + 8 + 6 + 2 + 6 + 1 + 1 + 5 + 10, False),
        ("traders-barbarians", 5 + 8 + 2 + 2 + 5 + 10, False),
        ("explorers-pirates", 5 + 8 + 10 + 5 + 2 + 10, False),
    ],
)
def test_maximum_is_the_seed_total_or_the_sum_of_the_sources(
    name: str, maximum: int, documented: bool
) -> None:
    v = VARIANTS[name]
    assert v.maximum == maximum
    assert (v.documented_maximum is not None) is documented


def test_the_base_total_is_the_sum_of_its_table_but_cities_knights_says_31() -> None:
    # The seed's C&K rows add up to 28; its "Total Maximum: 31 VP" is kept as documented.
    assert sum(s.maximum for s in VARIANTS["base"].sources) == 22
    assert sum(s.maximum for s in VARIANTS["cities-knights"].sources) == 28
    assert VARIANTS["cities-knights"].maximum == 31


@pytest.mark.parametrize(
    ("key", "text"),
    [
        ("cities", "4 cities x 2 VP"),
        ("settlements", "5 settlements x 1 VP"),
        ("island_settlements", "3 island settlement bonuses x 2 VP"),
        ("vp_cards", "5 VP cards x 1 VP"),
        ("longest_road", "Longest Road is one award of 2 VP"),
        ("defender", "Defender of Catan is one award of 1 VP"),
        ("scenario", "Scenario-Specific Bonuses vary, up to 10 VP"),
    ],
)
def test_what_each_maximum_is_made_of(key: str, text: str) -> None:
    assert SOURCES[key].allowed() == text


def test_source_keys_are_snake_case_and_documented() -> None:
    doc = variants_module.__doc__ or ""
    page = DOCS.read_text(encoding="utf-8")
    for key in SOURCES:
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", key)
        assert key in doc
        assert f"`{key}`" in page


def test_catalog_json_shape() -> None:
    catalog = {v["name"]: v for v in catalog_json()}
    assert list(catalog) == list(VARIANTS)
    base = catalog["base"]
    assert base["players"] == {"min": 2, "max": 4}
    assert (base["target"], base["maximum"], base["maximum_documented"]) == (10, 22, True)
    road = next(s for s in base["sources"] if s["key"] == "longest_road")
    assert road == {
        "key": "longest_road",
        "label": "Longest Road",
        "points": 2,
        "max": 2,
        "single_holder": True,
        "replaces": None,
    }
    scenario = next(s for s in catalog["seafarers"]["sources"] if s["key"] == "scenario")
    assert scenario["points"] == "varies"


def test_records_still_take_their_default_target_from_the_catalog() -> None:
    assert vp_game(13, 9, 8, variant="cities-knights").target == 13
    assert vp_game(15, 9, 8, variant="seafarers-cities-knights").target == 15
    assert is_catan("Catan")
    assert not is_catan("Kremlin")


def _documented_tables() -> dict[str, list[list[str]]]:
    """Each `### variant` section's source table in docs/catan.md, as rows of cells."""
    tables: dict[str, list[list[str]]] = {}
    current: str | None = None
    for line in DOCS.read_text(encoding="utf-8").splitlines():
        if line.startswith("### "):
            name = line[4:].strip()
            current = name if name in VARIANTS else None
        elif current and line.startswith("| `"):
            cells = [c.strip().strip("`") for c in line.strip("|").split("|")]
            tables.setdefault(current, []).append(cells)
    return tables


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_docs_print_the_catalog(name: str) -> None:
    variant = VARIANTS[name]
    expected = [
        [
            s.key,
            "varies" if s.varies else str(s.points),
            str(s.maximum),
            "yes" if s.single_holder else "",
            s.replaces or "",
        ]
        for s in variant.sources
    ]
    assert _documented_tables()[name] == expected
    page = DOCS.read_text(encoding="utf-8")
    section = page.split(f"### {name}\n", 1)[1].split("|", 1)[0]
    low, high = variant.players
    assert f"{low}-{high} players; maximum {variant.maximum} VP" in section

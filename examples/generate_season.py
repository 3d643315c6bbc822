"""Writes examples/club-season.jsonl: a reproducible, believable season for two Catan clubs.

Run `python examples/generate_season.py` to regenerate; the output is committed.
"""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path

CITIES = {
    "Bonn": ["Ann", "Ben", "Cleo", "Dario", "Emre", "Fatma", "Greta", "Hugo"],
    "Köln": ["Ines", "Jonas", "Kai", "Lena", "Mia", "Nils", "Ola", "Pia"],
}
VARIANTS = [("base", 10, 8), ("cities-knights", 13, 2), ("seafarers", 12, 1)]
VARIANT_TARGETS = {"base": 10, "cities-knights": 13, "seafarers": 10}


def _seats(rng: random.Random, players: list[str], target: int) -> list[dict[str, object]]:
    rng.shuffle(players)
    seats: list[dict[str, object]] = [{"player": players[0], "vp": target, "winner": True}]
    seats += [{"player": p, "vp": rng.randint(target - 7, target - 1)} for p in players[1:]]
    return seats


def season() -> list[dict[str, object]]:
    rng = random.Random(14)
    games: list[dict[str, object]] = []
    day = dt.date(2026, 1, 3)
    while len(games) < 236:
        for city, members in CITIES.items():
            variant, target, _ = rng.choices(VARIANTS, weights=[v[2] for v in VARIANTS])[0]
            size = rng.choice([3, 4, 4, 4])
            seats = _seats(rng, rng.sample(members, size), target)
            if rng.random() < 0.1:
                seats[-1]["account"] = "free"
            game = {
                "id": f"{city[:2].lower()}-{len(games) + 1:03d}", "date": day.isoformat(),
                "variant": variant, "city": city, "seats": seats,
            }  # fmt: skip
            if target != VARIANT_TARGETS[variant]:
                game["target"] = target  # a Seafarers scenario played to 12
            games.append(game)
        day += dt.timedelta(days=rng.choice([1, 1, 2]))
    return games


def specials() -> list[dict[str, object]]:
    """A seat left mid-game, a table with a tie, and A.R.E.A. games of other titles."""
    return [
        {"id": "bo-sub", "date": "2026-02-20", "city": "Bonn", "seats": [
            {"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 7},
            {"player": "Cleo", "vp": 4, "status": "abandoned"},
            {"player": "Greta", "vp": 6, "status": "substitute"}]},
        {"id": "kö-tie", "date": "2026-03-01", "city": "Köln", "seats": [
            {"player": "Ines", "vp": 10, "winner": True}, {"player": "Jonas", "vp": 8},
            {"player": "Kai", "vp": 8}]},
        {"id": "kremlin-1", "date": "2026-03-05", "game": "Kremlin", "city": "Bonn", "seats": [
            {"player": "Ann", "winner": True}, {"player": "Ben"}, {"player": "Cleo"},
            {"player": "Dario"}], "class": "wta"},
        {"id": "b17-1", "date": "2026-03-06", "game": "B-17", "seats": [{"player": "Hugo"}],
         "class": "sol"},
        {"id": "b17-2", "date": "2026-03-07", "game": "B-17", "seats": [
            {"player": "Hugo", "winner": True}], "class": "sol"},
    ]  # fmt: skip


if __name__ == "__main__":
    out = Path(__file__).with_name("club-season.jsonl")
    records = sorted(season() + specials(), key=lambda g: str(g["date"]))
    out.write_text("".join(json.dumps(g, ensure_ascii=False) + "\n" for g in records), "utf-8")
    print(f"wrote {len(records)} games to {out}")

"""Write the demo league's season (season.jsonl, pending.jsonl, events.jsonl) beside this file.

Run it only to change the demo (`python src/tablerank/web/demo_data/generate.py`); the files it
writes are committed and shipped, so `tablerank serve --demo` never generates anything. The
season is drawn from a fixed seed: three cities' club nights over 18 weeks, each table's winner
drawn by the players' strength, every Catan score sheet built from VP sources that pass
`tablerank validate`, a few other titles for A.R.E.A., a three-round tournament whose final
standings also go to Turnabout, and a handful of results still waiting for signatures.
"""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path
from typing import Any

from tablerank.catan.validation import validate_game
from tablerank.engine.records import game_from_dict
from tablerank.tournament.standings import tournament_standings

HERE = Path(__file__).parent
FIRST_MONDAY = dt.date(2026, 5, 4)
WEEKS = 16
TOURNAMENT = "Autumn Open"

STRENGTH = {
    "Ann": 8, "Ben": 6, "Cleo": 7, "Dario": 4, "Emre": 6, "Fatma": 5, "Greta": 8, "Hugo": 3,
    "Ines": 7, "Jonas": 5, "Kai": 8, "Lena": 6, "Mia": 8, "Nils": 4, "Olga": 6, "Paul": 5,
    "Rosa": 7, "Sven": 3, "Tilda": 6, "Uwe": 5, "Vera": 7, "Wim": 4,
}  # fmt: skip
CLUBS = {
    "Bonn": ["Ann", "Ben", "Cleo", "Dario", "Emre", "Fatma", "Greta", "Hugo", "Ines"],
    "Köln": ["Jonas", "Kai", "Lena", "Mia", "Nils", "Olga", "Paul", "Rosa", "Ann"],
    "Düsseldorf": ["Sven", "Tilda", "Uwe", "Vera", "Wim", "Kai", "Greta"],
}
# (weekday, the variant of each table in each round of the evening)
NIGHTS = {
    "Bonn": [
        (1, [["base", "base"], ["base", "base"]]),
        (4, [["base", "cities-knights"], ["base", "seafarers"]]),
    ],
    "Köln": [
        (2, [["base", "base"], ["base", "seafarers"]]),
        (5, [["base", "cities-knights"], ["base"]]),
    ],
    "Düsseldorf": [(3, [["base", "base"], ["cities-knights"]])],
}
FREE_ACCOUNTS = {"Nils", "Sven"}
TARGET = {"base": 10, "seafarers": 10, "cities-knights": 13}


def pick_table(rng: random.Random, pool: list[str], size: int) -> list[str]:
    return rng.sample(pool, size)


def seat_round(rng: random.Random, pool: list[str], tables: int) -> list[list[str]]:
    """Tables of 3 or 4 for one round, nobody at two tables."""
    sizes = [rng.choice([3, 4, 4, 4]) for _ in range(tables)]
    while sum(sizes) > len(pool):
        sizes[sizes.index(max(sizes))] -= 1
    players = rng.sample(pool, sum(sizes))
    out, start = [], 0
    for size in sizes:
        out.append(players[start : start + size])
        start += size
    return out


def draw_order(rng: random.Random, players: list[str]) -> list[str]:
    """Finishing order, stronger players more likely ahead (a Plackett-Luce draw)."""
    left = list(players)
    order: list[str] = []
    while left:
        weights = [STRENGTH[p] ** 1.3 for p in left]
        chosen = rng.choices(left, weights)[0]
        order.append(chosen)
        left.remove(chosen)
    return order


def losing_vp(rng: random.Random, target: int, place: int) -> int:
    high = target - 1 - (place - 2)
    return max(2, rng.randint(high - 3, high))


def split_rest(rng: random.Random, rest: int, extra: str, extra_max: int) -> dict[str, int] | None:
    """Settlements, cities and one card-like source adding up to `rest`, within the limits."""
    options = []
    for cards in range(min(extra_max, rest, 2) + 1):
        for cities in range(5):
            settlements = rest - cards - 2 * cities
            if 0 <= settlements <= 5 and settlements + cities >= 2:
                options.append((settlements, cities, cards))
    if not options:
        return None
    settlements, cities, cards = rng.choice(options)
    out = {"settlements": settlements, "cities": 2 * cities}
    if cards:
        out[extra] = cards
    return out


AWARDS = {
    "base": [("longest_road", 2), ("largest_army", 2)],
    "seafarers": [("longest_trade_route", 2), ("largest_army", 2)],
    "cities-knights": [
        ("trade_metropolis", 2),
        ("politics_metropolis", 2),
        ("science_metropolis", 2),
        ("longest_road", 2),
        ("defender", 1),
        ("merchant", 1),
    ],
}
CARDS = {"base": "vp_cards", "seafarers": "vp_cards", "cities-knights": "progress_cards"}


def sources(rng: random.Random, variant: str, vps: list[int]) -> list[dict[str, int]] | None:
    """Each seat's VP sources adding up to its VP, awards held by one seat each."""
    held: list[dict[str, int]] = [{} for _ in vps]
    for key, points in AWARDS[variant]:
        if rng.random() < 0.75:
            candidates = [i for i, vp in enumerate(vps) if vp - sum(held[i].values()) >= points + 3]
            if candidates:
                weights = [vps[i] for i in candidates]
                held[rng.choices(candidates, weights)[0]][key] = points
    out = []
    for vp, awards in zip(vps, held, strict=True):
        if variant == "seafarers" and vp - sum(awards.values()) >= 6 and rng.random() < 0.5:
            awards["island_settlements"] = 2
        rest = split_rest(rng, vp - sum(awards.values()), CARDS[variant], 5)
        if rest is None:
            return None
        out.append({**awards, **{k: v for k, v in rest.items() if v}})
    return out


def table(
    rng: random.Random, game_id: str, day: dt.date, city: str, variant: str, players: list[str]
) -> dict[str, Any]:
    target = TARGET[variant]
    order = draw_order(rng, players)
    vps = [target + (1 if rng.random() < 0.12 else 0)]
    vps += [losing_vp(rng, target, place) for place in range(2, len(order) + 1)]
    with_sources = rng.random() < 0.7
    split = sources(rng, variant, vps) if with_sources else None
    seats = []
    for i, player in enumerate(order):
        seat: dict[str, Any] = {"player": player, "vp": vps[i]}
        if i == 0:
            seat["winner"] = True
        if split is not None:
            seat["sources"] = split[i]
        if player in FREE_ACCOUNTS:
            seat["account"] = "free"
        seats.append(seat)
    rng.shuffle(seats)
    return {
        "id": game_id,
        "date": day.isoformat(),
        "variant": variant,
        "city": city,
        "seats": seats,
    }


def club_nights(rng: random.Random) -> list[dict[str, Any]]:
    games = []
    numbers = dict.fromkeys(NIGHTS, 0)
    for week in range(WEEKS):
        monday = FIRST_MONDAY + dt.timedelta(weeks=week)
        for city, nights in NIGHTS.items():
            for weekday, rounds in nights:
                day = monday + dt.timedelta(days=weekday)
                for variants in rounds:
                    tables = seat_round(rng, CLUBS[city], len(variants))
                    for variant, players in zip(variants, tables, strict=True):
                        numbers[city] += 1
                        prefix = city[:3].lower().replace("ö", "o").replace("ü", "u")
                        game_id = f"{prefix}-{numbers[city]:03d}"
                        games.append(table(rng, game_id, day, city, variant, players))
    return games


def other_titles(rng: random.Random) -> list[dict[str, Any]]:
    """A.R.E.A. games: a four-player Kremlin, two-player Carcassonne, solitaire B-17."""
    out: list[dict[str, Any]] = []
    for n, week in enumerate(range(0, WEEKS, 2), start=1):
        day = FIRST_MONDAY + dt.timedelta(weeks=week, days=4)
        four = draw_order(rng, pick_table(rng, CLUBS["Bonn"], 4))
        out.append({
            "id": f"kremlin-{n:02d}", "date": day.isoformat(), "game": "Kremlin",
            "city": "Bonn", "seats": [{"player": p, "place": i + 1} for i, p in enumerate(four)],
        })  # fmt: skip
        two = draw_order(rng, pick_table(rng, CLUBS["Köln"], 2))
        out.append({
            "id": f"carcassonne-{n:02d}", "date": (day + dt.timedelta(days=1)).isoformat(),
            "game": "Carcassonne", "city": "Köln", "class": "two",
            "seats": [{"player": two[0], "winner": True}, {"player": two[1]}],
        })  # fmt: skip
    for n, week in enumerate(range(1, WEEKS, 3), start=1):
        day = FIRST_MONDAY + dt.timedelta(weeks=week, days=6)
        won = rng.random() < 0.45
        out.append({
            "id": f"b17-{n:02d}", "date": day.isoformat(), "game": "B-17", "class": "sol",
            "seats": [{"player": "Hugo", "winner": won, "place": 1 if won else 2}],
        })  # fmt: skip
    return out


def tournament(rng: random.Random) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Three rounds of three base tables, and the final standings Turnabout rates."""
    day = FIRST_MONDAY + dt.timedelta(weeks=WEEKS - 3, days=6)
    field = sorted(STRENGTH, key=lambda p: -STRENGTH[p])[:12]
    games = []
    for round_ in range(1, 4):
        rng.shuffle(field)
        for n in range(3):
            game = table(
                rng, f"ao-r{round_}-t{n + 1}", day, "Bonn", "base", field[n * 4 : n * 4 + 4]
            )
            game.update(event=TOURNAMENT, round=round_)
            games.append(game)
    ranked = tournament_standings([game_from_dict(g) for g in games], event=TOURNAMENT)
    standings = [
        {"player": row.player, "place": row.rank, "wins": row.wins, "losses": 3 - row.wins}
        for row in ranked.rows
    ]
    event = {"id": TOURNAMENT, "date": day.isoformat(), "rounds": 3, "standings": standings}
    return games, event


def summer_cup(rng: random.Random) -> dict[str, Any]:
    """A Köln cup whose games were not recorded here, only its final standings."""
    day = FIRST_MONDAY + dt.timedelta(weeks=7, days=6)
    field = draw_order(rng, CLUBS["Köln"][:8])
    wins = [3, 2, 1, 1, 1, 0, 0, 0]  # two tables of four a round: eight wins in all
    return {
        "id": "Summer Cup", "date": day.isoformat(), "rounds": 4,
        "standings": [
            {"player": p, "place": i + 1, "wins": w, "losses": 4 - w}
            for i, (p, w) in enumerate(zip(field, wins, strict=True))
        ],
    }  # fmt: skip


def pending(rng: random.Random, last: dt.date) -> list[dict[str, Any]]:
    """Results of the last evening still waiting for signatures, one disputed."""
    day = last + dt.timedelta(days=1)
    base = table(rng, "bon-201", day, "Bonn", "base", ["Ann", "Ben", "Cleo", "Dario"])
    entered = table(rng, "kol-201", day, "Köln", "base", ["Mia", "Kai", "Lena", "Ann"])
    disputed = table(rng, "bon-202", day, "Bonn", "base", ["Cleo", "Ben", "Emre"])
    ben = next(seat["vp"] for seat in disputed["seats"] if seat["player"] == "Ben")
    two = {
        "id": "carcassonne-09", "date": day.isoformat(), "game": "Carcassonne",
        "city": "Köln", "class": "two",
        "seats": [{"player": "Kai", "winner": True}, {"player": "Ann"}],
    }  # fmt: skip
    return [
        {"submitted_by": "ben", "game": base},
        {"submitted_by": "official", "game": entered},
        {"submitted_by": "kai", "game": two},
        {
            "submitted_by": "cleo",
            "disputed_by": "ben",
            "why": f"I had {ben + 1} VP, not {ben}",
            "game": disputed,
        },
    ]


def check(game: dict[str, Any]) -> None:
    finding = validate_game(game_from_dict(game))
    if finding.errors:
        raise SystemExit(f"{game['id']}: {finding.errors}")


def write(name: str, rows: list[dict[str, Any]]) -> None:
    text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    (HERE / name).write_text(text, encoding="utf-8")


def main() -> None:
    rng = random.Random(11)
    season = club_nights(rng) + other_titles(rng)
    cup_games, autumn_open = tournament(rng)
    season += cup_games
    season.sort(key=lambda g: g["date"])
    for game in season:
        if game.get("game", "catan") == "catan":
            check(game)
    last = max(dt.date.fromisoformat(g["date"]) for g in season)
    waiting = pending(rng, last)
    for row in waiting:
        if row["game"].get("game", "catan") == "catan":
            check(row["game"])
    write("season.jsonl", season)
    write("pending.jsonl", waiting)
    write("events.jsonl", [summer_cup(rng), autumn_open])
    print(f"{len(season)} games, {len(waiting)} pending, last day {last}")


if __name__ == "__main__":
    main()

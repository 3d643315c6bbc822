"""Time every rating system against openskill's Plackett-Luce on one synthetic history.

Run from the project root, with the project's virtual environment active:

    python benchmarks/bench_systems.py [--games N] [--players N] [--seed N] [--json PATH]

It builds a reproducible history of four-player Catan games (default 1,000,000 games among
100,000 players, seed 2026) with `new_game`, plus one equivalent 4-player `new_event` per game
for Turnabout, then times `get_system(name).rate(records)` for every name in `SYSTEMS` and
openskill's `PlackettLuce().rate(...)` replayed game by game on the same games. It prints a
side-by-side table and exits with status 1 if any system is slower than openskill.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import json
import platform
import random
import resource
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TypeVar

from openskill.models import PlackettLuce, PlackettLuceRating

from tablerank.engine.records import Event, Game, new_event, new_game
from tablerank.engine.systems import SYSTEMS, get_system
from tablerank.engine.systems.base import Record

OPENSKILL = "openskill.PlackettLuce"
SEATS = 4
ROUNDS = 3
WINNING_VP = 10
FIRST_DAY = dt.date(2024, 1, 1)
DAYS = 730  # about two years
LOSER_VPS = (2, 3, 4, 5, 6, 7, 8, 9)
LOSER_WEIGHTS = (1, 2, 4, 7, 9, 9, 7, 4)  # most losing seats end on 5 to 8 VP
TIE_CHANCE = 0.12  # two losing seats on the same VP
DROP_CHANCE = 0.03  # the last-placed player leaves the event after round 2

# (wins, draws, losses) by finishing order in a 3-round, 4-player Swiss, by the table's places.
# Each line is one consistent event (6 matches: wins = losses, draws in pairs), and players who
# share a place share a record.
Line = tuple[tuple[int, int, int], ...]
EVENT_RECORDS: dict[tuple[int, ...], tuple[Line, ...]] = {
    (1, 2, 3, 4): (
        ((3, 0, 0), (2, 0, 1), (1, 0, 2), (0, 0, 3)),
        ((2, 1, 0), (2, 0, 1), (1, 1, 1), (0, 0, 3)),
        ((2, 1, 0), (1, 2, 0), (1, 1, 1), (0, 0, 3)),
    ),
    (1, 2, 2, 4): (((3, 0, 0), (1, 1, 1), (1, 1, 1), (0, 0, 3)),),
    (1, 2, 3, 3): (((3, 0, 0), (2, 0, 1), (0, 1, 2), (0, 1, 2)),),
}

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Options:
    games: int
    players: int
    seed: int
    json: Path | None


@dataclass(frozen=True, slots=True)
class History:
    games: list[Game]
    events: list[Event]


@dataclass(frozen=True, slots=True)
class Result:
    system: str
    records: int
    seconds: float
    cpu_seconds: float
    rated_players: int

    @property
    def per_second(self) -> float:
        return self.records / self.seconds if self.seconds > 0 else float("inf")


# -- command line ----------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None = None) -> Options:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1_000_000, help="games in the history")
    parser.add_argument("--players", type=int, default=100_000, help="distinct players")
    parser.add_argument("--seed", type=int, default=2026, help="random seed")
    parser.add_argument("--json", type=Path, default=None, help="also write results here")
    args = parser.parse_args(argv)
    if args.games < 1 or args.players < SEATS:
        parser.error(f"need at least 1 game and {SEATS} players")
    return Options(games=args.games, players=args.players, seed=args.seed, json=args.json)


# -- the synthetic history -------------------------------------------------------------------


def player_pool(rng: random.Random, count: int) -> tuple[list[str], list[float]]:
    """Player names and cumulative activity weights (log-normal: a few play a lot)."""
    names = [f"player{i:06d}" for i in range(1, count + 1)]
    cumulative: list[float] = []
    total = 0.0
    for _ in names:
        total += rng.lognormvariate(0.0, 1.0)
        cumulative.append(total)
    return names, cumulative


def pick_table(rng: random.Random, names: list[str], cumulative: list[float]) -> list[str]:
    """Four different players, drawn by activity."""
    while True:
        table = rng.choices(names, cum_weights=cumulative, k=SEATS)
        if len(set(table)) == SEATS:
            return table


def loser_vps(rng: random.Random) -> list[int]:
    """VP of the three losing seats: usually all different, occasionally two tied."""
    vps: list[int] = []
    while len(vps) < SEATS - 1:
        vp = rng.choices(LOSER_VPS, weights=LOSER_WEIGHTS)[0]
        if vp not in vps:
            vps.append(vp)
    if rng.random() < TIE_CHANCE:
        vps[2] = vps[1]
    return vps


def game_date(index: int, total: int) -> dt.date:
    """Games spread evenly, in order, over about two years."""
    return FIRST_DAY + dt.timedelta(days=index * DAYS // total)


def make_game(rng: random.Random, number: int, date: dt.date, players: list[str]) -> Game:
    vps = [WINNING_VP, *loser_vps(rng)]
    rng.shuffle(vps)
    seats = [
        {"player": p, "vp": vp, "winner": vp == WINNING_VP}
        for p, vp in zip(players, vps, strict=True)
    ]
    return new_game(id=f"g{number}", date=date, seats=seats)


def make_event(rng: random.Random, number: int, game: Game) -> Event:
    """The same table as a 3-round Swiss event: places from the game, records to match."""
    order = sorted(game.seats, key=lambda s: s.place or SEATS)
    records = rng.choice(EVENT_RECORDS[tuple(s.place or SEATS for s in order)])
    dropped = rng.random() < DROP_CHANCE
    standings = []
    for i, (seat, (wins, draws, losses)) in enumerate(zip(order, records, strict=True)):
        leaves = dropped and i == SEATS - 1
        standings.append(
            {
                "player": seat.player,
                "place": seat.place,
                "wins": wins,
                "draws": draws,
                "losses": losses - 1 if leaves else losses,
                "completed": not leaves,
            }
        )
    return new_event(
        id=f"e{number}", date=game.date, standings=standings, rounds=ROUNDS, format="swiss"
    )


def make_history(options: Options) -> History:
    rng = random.Random(options.seed)
    names, cumulative = player_pool(rng, options.players)
    games: list[Game] = []
    events: list[Event] = []
    for i in range(options.games):
        date = game_date(i, options.games)
        game = make_game(rng, i + 1, date, pick_table(rng, names, cumulative))
        games.append(game)
        events.append(make_event(rng, i + 1, game))
    return History(games, events)


# -- timing ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Timing:
    seconds: float  # wall clock, time.perf_counter
    cpu_seconds: float  # this process only, time.process_time: shows contention on a busy box


def timed(run: Callable[[], _T]) -> tuple[Timing, _T]:
    """How long one call takes (after a full collection), and what it returned."""
    gc.collect()
    wall, cpu = time.perf_counter(), time.process_time()
    value = run()
    return Timing(time.perf_counter() - wall, time.process_time() - cpu), value


def time_system(name: str, records: Sequence[Record]) -> Result:
    system = get_system(name)
    took, table = timed(lambda: system.rate(records))
    return Result(name, len(records), took.seconds, took.cpu_seconds, len(table.standings))


def replay_openskill(games: Sequence[Game]) -> dict[str, PlackettLuceRating]:
    """Plackett-Luce, one game at a time, each seat its own team, ranked by its place."""
    model = PlackettLuce()
    ratings: dict[str, PlackettLuceRating] = {}
    for game in games:
        seats = game.seats
        teams = [[ratings.get(s.player) or model.rating()] for s in seats]
        ranks = [float(s.place or len(seats)) for s in seats]
        for seat, team in zip(seats, model.rate(teams, ranks=ranks), strict=True):
            ratings[seat.player] = team[0]
    return ratings


def time_openskill(games: Sequence[Game]) -> Result:
    took, ratings = timed(lambda: replay_openskill(games))
    return Result(OPENSKILL, len(games), took.seconds, took.cpu_seconds, len(ratings))


def time_all(history: History) -> list[Result]:
    results = []
    for name in SYSTEMS:
        records: Sequence[Record] = history.events if name == "turnabout" else history.games
        results.append(time_system(name, records))
        print(f"  {name:<22} {results[-1].seconds:9.2f} s", flush=True)
    results.append(time_openskill(history.games))
    print(f"  {OPENSKILL:<22} {results[-1].seconds:9.2f} s", flush=True)
    return results


# -- reporting -------------------------------------------------------------------------------


def peak_memory_mib() -> float:
    """Peak resident memory of this process so far (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def table_lines(results: Sequence[Result]) -> list[str]:
    baseline = next(r for r in results if r.system == OPENSKILL).per_second
    lines = [
        f"{'system':<24}{'seconds':>10}{'cpu s':>9}{'games/s':>13}{'vs openskill':>14}",
        "-" * 70,
    ]
    for r in results:
        speed = r.per_second / baseline
        lines.append(
            f"{r.system:<24}{r.seconds:>10.2f}{r.cpu_seconds:>9.2f}"
            f"{r.per_second:>13,.0f}{speed:>13.1f}x"
        )
    return lines


def slower_than_openskill(results: Sequence[Result]) -> list[str]:
    baseline = next(r for r in results if r.system == OPENSKILL).per_second
    return [r.system for r in results if r.system != OPENSKILL and r.per_second < baseline]


def write_json(path: Path, options: Options, generation: Timing, results: Sequence[Result]) -> None:
    payload = {
        "date": dt.date.today().isoformat(),
        "python": platform.python_version(),
        "games": options.games,
        "players": options.players,
        "seed": options.seed,
        "generation_seconds": generation.seconds,
        "generation_cpu_seconds": generation.cpu_seconds,
        "peak_memory_mib": peak_memory_mib(),
        "results": [{**asdict(r), "games_per_second": r.per_second} for r in results],
    }
    path.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")


# -- main ------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    options = parse_args(argv)
    print(f"generating {options.games:,} games among {options.players:,} players ...", flush=True)
    generation, history = timed(lambda: make_history(options))
    gc.collect()
    gc.freeze()  # the history lives to the end: keep it out of every later collection
    print(
        f"generation: {generation.seconds:.2f} s (cpu {generation.cpu_seconds:.2f} s; "
        "games and events)",
        flush=True,
    )
    print("rating:", flush=True)
    results = time_all(history)
    print()
    print("\n".join(table_lines(results)))
    print(f"\npeak memory: {peak_memory_mib():,.0f} MiB")
    if options.json is not None:
        write_json(options.json, options, generation, results)
    slow = slower_than_openskill(results)
    if slow:
        print(f"slower than openskill: {', '.join(slow)}")
        return 1
    print("every system is faster than openskill")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How fast records are read and checked: `game_from_dict` and `read_records`, per record.

Run from the project root, with the project's virtual environment active:

    python benchmarks/bench_records.py [--games 100000] [--repeat 3]

It writes `--games` four-player games of `bench_systems.py`'s history (seed 2026) to a JSON
Lines file in two forms: the records' JSON form that `tablerank league export` writes (places,
status and account on every seat), and the short form people type (player, VP and a winner,
places left to `new_game`). For each form it times, best of `--repeat`, in CPU seconds of this
process (`time.process_time`, steadier than wall clock on a shared machine): `json.loads` of
every line (for scale), `game_from_dict` of every decoded line (checking and building), and
`read_records` of the file (reading, decoding, checking, building, unique ids); then the
reading by table shape of `tablerank rate` and `league import` (`read_tables_in_order`: every
check, each table once, no `Game`), and the same followed by its `Game`s (`OrderGames`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import bench_systems as gen

from tablerank.engine.records import game_from_dict
from tablerank.formats.collector import without_cycle_collection
from tablerank.formats.reading import read_records
from tablerank.formats.records import game_json
from tablerank.formats.table_shapes import OrderGames, read_tables_in_order


def history(games: int) -> list[dict[str, Any]]:
    rng = random.Random(2026)
    names, cumulative = gen.player_pool(rng, max(games // 10, gen.SEATS))
    return [
        game_json(gen.make_game(rng, i + 1, gen.game_date(i, games), table))
        for i in range(games)
        for table in [gen.pick_table(rng, names, cumulative)]
    ]


def short_form(game: dict[str, Any]) -> dict[str, Any]:
    seats = [{"player": s["player"], "vp": s["vp"], **({"winner": True} if s.get("winner") else {})}
             for s in game["seats"]]  # fmt: skip
    return {"id": game["id"], "date": game["date"], "seats": seats}


def timed_steps(path: Path) -> dict[str, Callable[[], object]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    decoded = [json.loads(line) for line in lines]
    return {
        "json.loads": lambda: [json.loads(line) for line in lines],
        "game_from_dict": lambda: [game_from_dict(raw) for raw in decoded],
        "read_records": lambda: read_records([path]),
        "read_tables_in_order": lambda: _paused(lambda: read_tables_in_order([path])),
        "in order, then Games": lambda: _paused(lambda: _games_in_order(path)),
    }


def _paused(run: Callable[[], object]) -> object:
    """`run` with the cycle collector paused, as `read_records` pauses it for itself."""
    with without_cycle_collection():
        return run()


def _games_in_order(path: Path) -> object:
    """The `Game`s of a file read by table shape (`OrderGames`: what `tablerank league import`
    builds for the rating); None when the file is not read so."""
    order = read_tables_in_order([path])
    return None if order is None else OrderGames(order).games()


def best_cpu(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.process_time()
        run()
        times.append(time.process_time() - started)
    return min(times)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    full = history(args.games)
    print(f"{'form':<12}{'step':<21}{'µs/record':>11}{'records/s':>12}")
    with tempfile.TemporaryDirectory() as work:
        for form, games in (("export", full), ("short", [short_form(g) for g in full])):
            path = Path(work) / f"{form}.jsonl"
            path.write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")
            steps = timed_steps(path)
            for step, run in steps.items():
                seconds = best_cpu(run, args.repeat)
                per = seconds / len(games)
                print(f"{form:<12}{step:<21}{per * 1e6:>11.2f}{1 / per:>12,.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

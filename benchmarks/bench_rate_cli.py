"""`tablerank rate` end to end against a plain openskill script reading the same file.

Run from the project root, with the project's virtual environment active:

    python benchmarks/bench_rate_cli.py [--games 200000] [--system pages.point --system cow.elo]
                                        [--file PATH] [--runs 1] [--json PATH]

It writes `--games` four-player games from `bench_systems.py`'s generator (seed 2026, a player
pool of a tenth of the games) as JSON Lines in the records' JSON form (`game_json`, what
`tablerank league export` writes) once, then times, each as a fresh process, `tablerank rate
FILE --system NAME --format json` for every `--system` and `OPENSKILL_SCRIPT` below (json.loads
per line, `PlackettLuce.rate` per game, places as ranks). Both read, decode and rate the whole
file; `tablerank rate` also checks every record and every Catan rule, and ranks and prints the
standings. The best of `--runs` wall-clock times counts; the best CPU times (user + system
of the child) are shown too, steadier on a shared machine. Exits 1 if a system is not `GOAL`
times openskill's speed.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import bench_systems as gen

from tablerank.formats.records import game_json

GOAL = 3.0
OPENSKILL_SCRIPT = """\
import json, sys
from openskill.models import PlackettLuce

model = PlackettLuce()
ratings = {}
with open(sys.argv[1], encoding="utf-8") as lines:
    for line in lines:
        seats = json.loads(line)["seats"]
        teams = [[ratings.get(s["player"]) or model.rating()] for s in seats]
        ranks = [float(s["place"]) for s in seats]
        for seat, team in zip(seats, model.rate(teams, ranks=ranks)):
            ratings[seat["player"]] = team[0]
print(len(ratings))
"""


def write_games(path: Path, games: int) -> None:
    """`games` games of the benchmark history, one JSON object per line."""
    rng = random.Random(2026)
    names, cumulative = gen.player_pool(rng, max(games // 10, gen.SEATS))
    with path.open("w", encoding="utf-8") as out:
        for i in range(games):
            table = gen.pick_table(rng, names, cumulative)
            game = gen.make_game(rng, i + 1, gen.game_date(i, games), table)
            out.write(json.dumps(game_json(game)) + "\n")


def console_script() -> str | None:
    """The environment's own `tablerank` script, beside this Python (the openskill script runs
    with this Python directly, so neither pays for a launcher such as a pyenv shim); else the
    one on PATH."""
    own = Path(sys.executable).parent / "tablerank"
    return str(own) if own.exists() else shutil.which("tablerank")


def best_seconds(command: Sequence[str], runs: int) -> tuple[float, float]:
    """The best wall-clock and the best CPU seconds (user + system) of `runs` runs."""
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return min(walls), min(cpus)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--system", action="append", help="default: pages.point and cow.elo")
    parser.add_argument("--file", type=Path, help="reuse (or create) this games file")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    exe = console_script()
    if exe is None:
        print("the tablerank command is not installed (pip install .)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as work:
        games_file = args.file or Path(work) / "games.jsonl"
        if not games_file.exists():
            print(f"writing {args.games:,} games to {games_file} ...", flush=True)
            write_games(games_file, args.games)
        games = sum(1 for _ in games_file.open(encoding="utf-8"))
        script = Path(work) / "openskill_rate.py"
        script.write_text(OPENSKILL_SCRIPT, encoding="utf-8")
        baseline = best_seconds([sys.executable, str(script), str(games_file)], args.runs)
        results = {"openskill script": baseline}
        for system in args.system or ["pages.point", "cow.elo"]:
            command = [exe, "rate", str(games_file), "--system", system, "--format", "json"]
            results[f"tablerank rate --system {system}"] = best_seconds(command, args.runs)
    wall, cpu = results["openskill script"]
    columns = {"wall s": 8, "cpu s": 8, "games/s": 10, "vs openskill": 14, "(cpu)": 8}
    print(f"{'command':<36}" + "".join(f"{c:>{w}}" for c, w in columns.items()))
    for name, (w, c) in results.items():
        print(f"{name:<36}{w:>8.2f}{c:>8.2f}{games / w:>10,.0f}{wall / w:>13.2f}x{cpu / c:>7.2f}x")
    if args.json is not None:
        rows = [{"command": n, "seconds": w, "cpu_seconds": c, "games_per_second": games / w,
                 "vs_openskill": wall / w, "vs_openskill_cpu": cpu / c}
                for n, (w, c) in results.items()]  # fmt: skip
        args.json.write_text(json.dumps({"games": games, "results": rows}, indent=2) + "\n")
    slow = [n for n, (w, _) in results.items() if n != "openskill script" and wall / w < GOAL]
    return 1 if slow else 0


if __name__ == "__main__":
    sys.exit(main())

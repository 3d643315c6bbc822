"""How long `tablerank rate` takes on the shipped ~100-game season, start-up included.

Run: python benchmarks/bench_cli.py [--runs 20] [--system pages.glory]

Each run is a fresh process, as a user's would be. Prints the median and the slowest run and
exits with status 1 if the median is not under the goal (0.5 s).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

SEASON = Path(__file__).parents[1] / "examples" / "club-season.jsonl"
GOAL_SECONDS = 0.5


def one_run(exe: str, system: str) -> float:
    started = time.perf_counter()
    subprocess.run(
        [exe, "rate", str(SEASON), "--system", system, "--format", "json"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--system", default="pages.glory")
    args = parser.parse_args()
    exe = shutil.which("tablerank")
    if exe is None:
        print("the tablerank command is not installed (pip install .)", file=sys.stderr)
        return 2
    games = sum(1 for line in SEASON.read_text(encoding="utf-8").splitlines() if line.strip())
    one_run(exe, args.system)  # warm the file cache
    times = sorted(one_run(exe, args.system) for _ in range(args.runs))
    median = statistics.median(times)
    print(
        f"tablerank rate ({games} games, {args.system}): median {median:.3f} s, "
        f"slowest {times[-1]:.3f} s over {args.runs} runs"
    )
    return 0 if median < GOAL_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())

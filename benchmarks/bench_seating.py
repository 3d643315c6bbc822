"""Seating speed, end to end as an organizer runs it: `tablerank seat` on a players file
(start-up, reading, the search, JSON out), for the fields of issue 11.

    python benchmarks/bench_seating.py [--json benchmarks/results-seating.json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FIELDS = [(13, 3), (16, 5), (24, 4), (40, 4), (200, 5)]
RUNS = 3


def tablerank() -> str:
    beside = Path(sys.executable).with_name("tablerank")
    found = str(beside) if beside.exists() else shutil.which("tablerank")
    if found is None:
        raise SystemExit("bench_seating: no tablerank script; pip install -e . first")
    return found


def seconds(command: list[str]) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    script = tablerank()
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for players, rounds in FIELDS:
            path = Path(tmp) / f"players-{players}.txt"
            path.write_text("".join(f"Player {i}\n" for i in range(players)), encoding="utf-8")
            took = seconds([script, "seat", str(path), "--rounds", str(rounds), "-f", "json"])
            results.append({"players": players, "rounds": rounds, "seconds": round(took, 3)})
            print(f"{players:4d} players x {rounds} rounds: {took:.3f} s (median of {RUNS})")
    if args.json:
        args.json.write_text(json.dumps({"seat": results}, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

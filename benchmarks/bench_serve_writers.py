"""Concurrent writers against `tablerank serve` on its SQLite file (issue 9, item 4).

    python benchmarks/bench_serve_writers.py --writers 16 --rounds 5
    python benchmarks/bench_serve_writers.py --writers 8 --writers 16 --writers 32 --json out.json

For each `--writers N`: a fresh data directory with a league of N players, each with their own
account; `tablerank serve` (gunicorn, two workers) on it; N clients take API tokens at once, then
per round every client submits a three-player game at once and every seat confirms at once
(N submits and 2N confirmations per round). It reports the requests that failed (5xx, or no
answer), the writes per second (submits and confirmations, wall clock from the first submit to
the last confirmation; the tokens are taken before) and checks that the stored ratings equal a
full replay. Exits
with status 1 if any request failed. The driver is tests/cli/serve_load.py, the same one the test
suite runs with 16 writers.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(ROOT))
from tests.cli.serve_load import drive, on_site, served  # noqa: E402


def measure(writers: int, rounds: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bench-serve-") as folder:
        data = Path(folder)
        on_site("setup", data, str(writers))
        with served(data) as site:
            night = drive(site.base, writers, rounds)
        stored = json.loads(on_site("check", data))
    writes = sum(1 for _, path, _ in night.answers if path != "/api/tokens")
    failed = len(night.server_errors)
    return {
        "writers": writers,
        "rounds": rounds,
        "requests": len(night.answers),
        "failed": failed,
        "seconds": round(night.seconds, 2),
        "writes_per_second": round(writes / night.seconds, 1),
        "confirmed_games": stored["games"].get("confirmed", 0),
        "ratings_equal_replay": True,  # `check` asserts it and fails otherwise
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writers", type=int, action="append", help="clients (repeatable)")
    parser.add_argument("--rounds", type=int, default=5, help="games per client (default 5)")
    parser.add_argument("--json", type=Path, help="also write the results here")
    options = parser.parse_args()
    results = [measure(n, options.rounds) for n in options.writers or [16]]
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    ).stdout.strip()
    print(f"tablerank {commit}, Python {platform.python_version()}, {platform.system()}")
    print("writers  requests  failed  seconds  writes/s  confirmed games")
    for r in results:
        print(
            f"{r['writers']:>7}  {r['requests']:>8}  {r['failed']:>6}  {r['seconds']:>7}  "
            f"{r['writes_per_second']:>8}  {r['confirmed_games']:>15}"
        )
    if options.json:
        options.json.write_text(json.dumps(results, indent=2) + "\n")
    return 1 if any(r["failed"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())

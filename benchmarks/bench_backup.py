"""`tablerank league backup`, `restore` and `verify` on a league of many games, as an operator
runs them (each command its own process, start-up included):

    python benchmarks/bench_backup.py --games 100000 [--postgres URL] [--json results.jsonl]

Imports `bench_league.py`'s history of `--games` games into a new SQLite file (not timed),
then times `league backup` of it, `league restore` of that file into a new SQLite database
(after `league init`, not timed), `league verify` and `league rebuild` of the league there,
and, with `--postgres URL` (an empty database), `league restore` into PostgreSQL.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(Path(__file__).parent))


def command(url: str, *args: str) -> float:
    """Run `tablerank ARGS` on the database at `url`; its wall seconds."""
    env = os.environ | {"TABLERANK_DATABASE_URL": url}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", "from tablerank.cli.main import run; run()", *args],
        env=env, check=True,
    )  # fmt: skip
    return round(time.perf_counter() - start, 2)


def build(games: int, folder: Path) -> str:
    """A new SQLite file holding league `bench` of `games` games; its URL."""
    url = f"sqlite:///{folder / 'source.sqlite3'}"
    code = (
        "import bench_league as b; b.setup_django(); "
        f"b.import_games('bench', b.history({games}, {max(games // 5, 100)}, 2026))"
    )
    env = os.environ | {"TABLERANK_DATABASE_URL": url}
    subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).parent, env=env, check=True)
    return url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--postgres", default=None, help="an empty PostgreSQL database's URL")
    parser.add_argument(
        "--json", type=Path, default=None, help="append the results, with the commit"
    )
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="tablerank-bench-") as name:
        folder = Path(name)
        source = build(options.games, folder)
        backup = folder / "bench.backup.gz"
        results: dict[str, Any] = {"games": options.games}
        results["backup_seconds"] = command(source, "league", "backup", str(backup))
        results["backup_megabytes"] = round(backup.stat().st_size / 1e6, 1)
        copy = f"sqlite:///{folder / 'copy.sqlite3'}"
        command(copy, "league", "init")
        results["restore_sqlite_seconds"] = command(copy, "league", "restore", str(backup))
        results["verify_seconds"] = command(copy, "league", "verify", "bench")
        results["rebuild_seconds"] = command(copy, "league", "rebuild", "bench")
        if options.postgres:
            command(options.postgres, "league", "init")
            results["restore_postgresql_seconds"] = command(
                options.postgres, "league", "restore", str(backup)
            )
            results["verify_postgresql_seconds"] = command(
                options.postgres, "league", "verify", "bench"
            )
    results["load"] = round(os.getloadavg()[0], 2)
    results["machine"] = f"CPython {sys.version.split()[0]}, {os.cpu_count()} cores"
    print(json.dumps(results, indent=2))
    if options.json:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT, capture_output=True, text=True, check=False,
        ).stdout.strip()  # fmt: skip
        with options.json.open("a") as out:
            out.write(json.dumps({"commit": commit, **results}) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

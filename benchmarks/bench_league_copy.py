"""`bench_league.py`'s changes in the past on a copy of a league it imported before, without
importing again (a million games take 11-30 min to import):

    python benchmarks/bench_league_copy.py LEAGUE.sqlite3 [--json results.jsonl]

Copies the SQLite file (its league `bench`), then records one more game, voids the middle game
(the process's first replay), corrects the next one and confirms a late result dated in the
middle, as `bench_league.main` does, printing each one's wall and CPU seconds and the load
average. Run it from a fresh process per measurement, alternating source trees with
PYTHONPATH.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
import bench_league


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("league", type=Path, help="a SQLite file bench_league.py imported")
    parser.add_argument("--json", type=Path, default=None, help="append the results here")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="tablerank-bench-") as folder:
        copy = Path(folder) / "league.sqlite3"
        shutil.copy(options.league, copy)
        os.environ["TABLERANK_DATABASE_URL"] = f"sqlite:///{copy}"
        bench_league.setup_django()
        results = measure()
    print(json.dumps(results))
    if options.json:
        with options.json.open("a") as out:
            out.write(json.dumps(results) + "\n")
    return 0


def measure() -> dict[str, Any]:
    from django.db import connections

    from tablerank.league.models import League

    big = League.objects.get(slug="bench")
    results: dict[str, Any] = {"load": round(os.getloadavg()[0], 2)}
    results["record_one_more_ms_full"] = round(bench_league.record_one_more(big, 2026) * 1000, 2)
    for name, run in (
        ("void_middle", lambda: bench_league.void_middle(big)),
        ("correct_middle", lambda: bench_league.correct_middle(big)),
        ("confirm_late", lambda: bench_league.confirm_late(big, 2026)),
    ):
        wall, cpu = bench_league.cpu_and_wall(run)
        results[f"{name}_seconds"], results[f"{name}_cpu_seconds"] = round(wall, 2), round(cpu, 2)
    results["load_after"] = round(os.getloadavg()[0], 2)
    connections.close_all()
    return results


if __name__ == "__main__":
    raise SystemExit(main())

"""Recording one more game, closely: its statements and round trips, and the time it takes on
each side of the connection (issue 10, "scale").

    python benchmarks/bench_record.py --games 2000 --records 200
    scripts/with-postgres python benchmarks/bench_record.py --games 100000 --players 20000

Imports a generated history (bench_league's generator and import service), then records
`--records` more games at its end as bench_league's "record one more" does, and prints the
median wall time and CPU time of this process per record, and on PostgreSQL the server's CPU
time per record (its backend's, read from /proc: the server must run on this machine, as
scripts/with-postgres runs it). The CPU times say more than the wall time on a shared machine.
Then it lists what one more record sends, as Django logs it: on PostgreSQL each line is one
round trip (several statements may go as one, shown between bars).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from bench_league import history, import_games, setup_django
from bench_systems import game_date, make_game


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=2000, help="games to import first")
    parser.add_argument("--players", type=int, default=400, help="distinct players")
    parser.add_argument("--records", type=int, default=200, help="games to record and time")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--analyze",
        action="store_true",
        help="ANALYZE after the import (PostgreSQL), as autovacuum soon does: the planner's "
        "statistics of a table just filled may send a small league's reads to a scan",
    )
    return parser.parse_args(argv)


def recorder(league: Any, seed: int) -> Callable[[], object]:
    """Record one more game of four of the league's players at the end of its history."""
    from django.contrib.auth.models import User

    from tablerank.league.models import GameRecord
    from tablerank.league.services import record_game

    by = User.objects.get(username="bench")
    rng = random.Random(seed)
    seats = GameRecord.objects.filter(league=league).values_list("seats__player__name", flat=True)
    names = sorted(set(seats[:400]))
    numbers = iter(range(10**9, 10**10))
    last = GameRecord.objects.filter(league=league).order_by("-date").values_list("date", flat=True)
    day = last.first() or game_date(0, 1)
    return lambda: record_game(league, make_game(rng, next(numbers), day, rng.sample(names, 4)), by)


def server_seconds() -> Callable[[], float]:
    """The CPU seconds so far of this connection's PostgreSQL backend (0 elsewhere)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return lambda: 0.0
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        stat = Path(f"/proc/{cursor.fetchone()[0]}/stat")
    tick = os.sysconf("SC_CLK_TCK")

    def seconds() -> float:
        fields = stat.read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / tick

    return seconds


def timed(record: Callable[[], object], records: int) -> dict[str, float]:
    server = server_seconds()
    walls, cpus = [], []
    before = server()
    for _ in range(records):
        wall, cpu = time.perf_counter(), time.process_time()
        record()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return {
        "wall_ms": round(statistics.median(walls) * 1000, 2),
        "cpu_ms": round(statistics.median(cpus) * 1000, 2),
        "server_cpu_ms": round((server() - before) / records * 1000, 2),
    }


def statements(record: Callable[[], object]) -> list[str]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        record()
    return [query["sql"] for query in queries.captured_queries]


def main(argv: Sequence[str] | None = None) -> int:
    options = parse_args(argv)
    setup_django()
    from django.db import connection

    games = history(options.games, options.players, options.seed)
    league, _ = import_games(f"record-{os.getpid()}", games)
    if options.analyze and connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    record = recorder(league, options.seed)
    for _ in range(5):
        record()
    found = timed(record, options.records)
    print(f"{connection.vendor}, {options.games:,} games: {found}")
    sent = statements(record)
    print(f"one more record: {len(sent)} executions")
    for sql in sent:
        print("   ", " | ".join(part[:70] for part in sql.split(";\n")))
    return 0


if __name__ == "__main__":
    sys.exit(main())

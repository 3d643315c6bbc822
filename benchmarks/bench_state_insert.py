"""Writing a batch's new rating state rows: as an upsert (COPY into a scratch table, then INSERT
... ON CONFLICT on PostgreSQL) against a plain insert (COPY straight into the table), which
`state_rows.StateRows.writing` uses for rows it looked up and did not find. Prints the wall
clock and, on PostgreSQL on this machine, the server's CPU, alternating the two ways.

    scripts/with-postgres python benchmarks/bench_state_insert.py [--players 20000] [--rounds 2]
"""

from __future__ import annotations

import argparse
import datetime as dt
import time

from bench_league import server_cpu, setup_django

LISTS = ("a", "b", "c", "d", "e", "f", "g", "h")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=2)
    options = parser.parse_args()
    setup_django()
    from django.db import connection, transaction

    from tablerank.league.models import League, RatingState
    from tablerank.league.store.bulk import inserts, run_all
    from tablerank.league.store.state_rows import _STATE_FIELDS, _upserting

    now = connection.ops.adapt_datetimefield_value(dt.datetime.now(dt.UTC))
    for n in range(options.rounds * 2):
        way = ("upsert", "insert")[n % 2]
        league = League.objects.create(name=f"state {n}", slug=f"state-{n}")
        rows = [
            (league.pk, system, "", f"player {p:06d}", 1.5, 3, "", now)
            for p in range(options.players)
            for system in LISTS
        ]
        server, start = server_cpu(), time.perf_counter()
        with transaction.atomic():
            if way == "upsert":
                run_all(_upserting(rows))
            else:
                run_all(inserts(RatingState, _STATE_FIELDS, rows))
        wall = time.perf_counter() - start
        after = server_cpu()
        used = "" if server is None or after is None else f", server CPU {after - server:.2f} s"
        print(f"{way}: {len(rows):,} rows, {wall:.2f} s{used}")


if __name__ == "__main__":
    main()

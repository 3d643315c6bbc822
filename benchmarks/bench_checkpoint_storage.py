"""Storing checkpoints on PostgreSQL: 50 states of about 1 MB (zlib-compressed, as
`checkpoint_blobs` writes them, so PostgreSQL cannot compress them further), inserted one by one
as `checkpoints.save_checkpoint` does, with the column's storage EXTENDED (PostgreSQL tries to
compress each value) and EXTERNAL (migration 0014: out of line, no attempt), alternating. Prints
the wall clock and the server's CPU.

    scripts/with-postgres python benchmarks/bench_checkpoint_storage.py [--rounds 2]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import time
import zlib

from bench_league import server_cpu, setup_django

STATES = 50


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    options = parser.parse_args()
    setup_django()
    from django.db import connection, transaction

    from tablerank.league.models import League, RatingCheckpoint

    names = b"".join(f"player {n:06d}\0".encode() for n in range(100_000))
    state = zlib.compress(names + os.urandom(800_000), 1)
    league = League.objects.create(name="checkpoints", slug="checkpoints")
    table = connection.ops.quote_name(RatingCheckpoint._meta.db_table)
    for n in range(options.rounds * 2):
        storage = ("EXTENDED", "EXTERNAL")[n % 2]
        with connection.cursor() as cursor:
            cursor.execute(f"ALTER TABLE {table} ALTER COLUMN state SET STORAGE {storage}")
        server, start = server_cpu(), time.perf_counter()
        with transaction.atomic():
            for sequence in range(STATES):
                RatingCheckpoint.objects.create(
                    league=league, system="bench", list_key="", date=dt.date(2026, 11, 26),
                    sequence=sequence, games=sequence, state=state,
                )  # fmt: skip
        wall = time.perf_counter() - start
        after = server_cpu()
        used = "" if server is None or after is None else f", server CPU {after - server:.2f} s"
        print(f"{storage}: {STATES} states of {len(state):,} bytes, {wall:.2f} s{used}")
        RatingCheckpoint.objects.filter(league=league).delete()


if __name__ == "__main__":
    main()

"""SQLite's page cache and a large league's index inserts: the CPU of inserting a million
games' seats (four a game, players drawn from 100,000) into a table shaped as the league's
seats, in batches of 100,000 games, with SQLite's default cache (2 MiB) and with the 64 MiB
each of tablerank's connections may use (`server.settings.SQLITE_PRAGMAS`).

    python benchmarks/bench_sqlite_cache.py [--games 1000000]
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import tempfile
import time
from itertools import chain
from pathlib import Path

SCHEMA = """
CREATE TABLE seat (id INTEGER PRIMARY KEY AUTOINCREMENT, game_id INT NOT NULL,
    position INT NOT NULL, player_id INT NOT NULL, vp REAL, winner BOOL, place INT, team TEXT,
    status TEXT, account TEXT);
CREATE UNIQUE INDEX seat_position ON seat (game_id, position);
CREATE UNIQUE INDEX seat_player ON seat (game_id, player_id);
CREATE INDEX seat_player_id ON seat (player_id);
"""
BATCH = 100_000
COLUMNS = 9


def insert_seats(path: Path, cache_kib: int, games: int) -> float:
    """CPU seconds to insert `games` games' seats in batches of `BATCH`, one commit each."""
    con = sqlite3.connect(path)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=NORMAL")
    con.execute(f"PRAGMA cache_size=-{cache_kib}")
    con.executescript(SCHEMA)
    rng = random.Random(2026)
    per_statement = 32766 // COLUMNS
    spent = 0.0
    for first in range(0, games, BATCH):
        rows = [
            (g, n, rng.randrange(100_000) * 4 + n, 10.0, n == 0, n + 1, "", "finished", "premium")
            for g in range(first, min(first + BATCH, games))
            for n in range(4)
        ]
        start = time.process_time()
        for i in range(0, len(rows), per_statement):
            part = rows[i : i + per_statement]
            values = ", ".join(["(" + ", ".join("?" * COLUMNS) + ")"] * len(part))
            con.execute(
                "INSERT INTO seat (game_id, position, player_id, vp, winner, place, team, status,"
                f" account) VALUES {values}",
                list(chain.from_iterable(part)),
            )
        con.commit()
        spent += time.process_time() - start
    con.close()
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1_000_000)
    games = parser.parse_args().games
    for cache_kib in (2000, 65536):
        with tempfile.TemporaryDirectory() as scratch:
            seconds = insert_seats(Path(scratch) / "seats.sqlite3", cache_kib, games)
        print(f"cache {cache_kib:>6} KiB: {games:,} games' seats in {seconds:.1f} s of CPU")


if __name__ == "__main__":
    main()

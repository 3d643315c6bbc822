"""One app process of the concurrency test: records, voids and corrects a share of a season.

Run as `python -m tests.league.concurrent_worker SLUG FILE WORKER WORKERS PHASE` with
DJANGO_SETTINGS_MODULE and TABLERANK_DATABASE_URL pointing at the test database. Waits for the
file `FILE.go` so that every worker starts at once.
"""

from __future__ import annotations

import dataclasses
import sys
import time
from pathlib import Path

import django


def main(slug: str, path: str, worker: int, workers: int, phase: str) -> None:
    django.setup()
    from django.contrib.auth.models import User

    from tablerank.engine.records import Game
    from tablerank.formats.reading import read_records
    from tablerank.league.models import GameRecord, League, RecordStatus
    from tablerank.league.services import correct_game, record_game, void_game

    league = League.objects.get(slug=slug)
    by = User.objects.get(username="official")
    games = [r for r in read_records([Path(path)]) if isinstance(r, Game)]
    mine = games[worker::workers]
    go = Path(path + ".go")
    while not go.exists():
        time.sleep(0.01)
    if phase == "record":
        for game in mine:
            record_game(league, game, by)
        return
    # phase "change": void or correct this worker's share of the recorded games
    for number, game in enumerate(mine):
        record = GameRecord.objects.get(
            league=league, external_id=game.id, status=RecordStatus.CONFIRMED
        )
        if number % 2:
            void_game(record, by, f"worker {worker}: wrong table")
        else:
            seats = (dataclasses.replace(game.seats[0], player="Zed"), *game.seats[1:])
            fixed = dataclasses.replace(game, seats=seats)
            correct_game(record, fixed, by, f"worker {worker}: wrong player")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])

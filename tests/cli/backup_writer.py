"""One writer of the online backup test: records, submits, confirms and voids games through
the league services until the file STOP exists.

Run as `python -m tests.cli.backup_writer SLUG WORKER STOP` with DJANGO_SETTINGS_MODULE and
TABLERANK_DATABASE_URL pointing at the test's SQLite file.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import django


def main(slug: str, worker: int, stop: Path) -> None:
    django.setup()
    from django.contrib.auth.models import User

    from tablerank.engine.records import new_game
    from tablerank.league import services
    from tablerank.league.models import League

    league = League.objects.get(slug=slug)
    olga = User.objects.get(username="olga")
    names = ["Ann", "Ben", "Cleo", "Dee", "Eva", "Finn"]
    number = 0
    while not stop.exists() or number < 6:
        number += 1
        table = [names[(worker + number + n) % len(names)] for n in range(3)]
        game = new_game(
            id=f"w{worker}-{number}",
            date=dt.date(2026, 1, 1) + dt.timedelta(days=number % 90),
            city="Bonn",
            seats=[{"player": p, "vp": 10 - 2 * n, "winner": n == 0} for n, p in enumerate(table)],
        )
        if number % 3 == 0:
            services.submit_game(league, game, by=olga)  # waits for its players
        else:
            record = services.record_game(league, game, olga)
            if number % 5 == 0:
                services.void_game(record, olga, "entered twice")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), Path(sys.argv[3]))

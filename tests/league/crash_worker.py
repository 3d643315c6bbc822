"""One process of the crash-safety test, on a SQLite file of its own.

`python -m tests.league.crash_worker setup N` creates a league of N confirmed games;
`... void` voids the middle game (printing "voiding" first, so the test can kill it mid-way);
`... check` exits 0 when every kept list equals the engine's replay of the confirmed history,
else prints the lists that differ. DJANGO_SETTINGS_MODULE and TABLERANK_DATABASE_URL come from
the environment. Checkpoints fall every 100 games, so the void restores one and replays.
"""

from __future__ import annotations

import random
import sys

import django


def main(mode: str, *args: str) -> int:
    django.setup()
    from django.core.management import call_command

    from tablerank.league.ratings import checkpoints

    checkpoints.EVERY = 100
    if mode == "setup":
        call_command("migrate", verbosity=0)
        _setup(int(args[0]))
    elif mode == "void":
        _void()
    else:
        return _check()
    return 0


def _setup(games: int) -> None:
    import datetime as dt

    from django.contrib.auth.models import User

    from tablerank.engine.records import new_game
    from tablerank.league.models import League
    from tablerank.league.services import record_games

    by = User.objects.create_user("official")
    league = League.objects.create(name="Crash", slug="crash")
    league.admins.add(by)
    rng = random.Random(7)
    names = [f"P{i}" for i in range(40)]
    season = []
    for i in range(games):
        players = rng.sample(names, 4)
        vps = [10, *rng.sample(range(2, 10), 3)]
        season.append(
            new_game(
                id=f"g{i}",
                date=dt.date(2025, 1, 1) + dt.timedelta(days=i // 20),
                seats=[
                    {"player": p, "vp": v, "winner": v == 10}
                    for p, v in zip(players, vps, strict=True)
                ],
            )
        )
    record_games(league, season, by)


def _void() -> None:
    from django.contrib.auth.models import User

    from tablerank.league.models import GameRecord, RecordStatus
    from tablerank.league.services import void_game

    middle = GameRecord.objects.get(league__slug="crash", external_id="g600")
    if middle.status == RecordStatus.VOIDED:
        print("already voided", flush=True)
        return
    print("voiding", flush=True)
    void_game(middle, User.objects.get(username="official"), "crash test")
    print("voided", flush=True)


def _check() -> int:
    from tablerank.league.models import League, RatingState
    from tablerank.league.services import confirmed_history, kept_systems, ratings

    league = League.objects.get(slug="crash")
    history = confirmed_history(league)
    wrong = []
    for name, system in kept_systems(league).items():
        keys = {system.list_key(g) for g in history if system.refusal(g) is None}
        for key in keys:
            mine = [g for g in history if system.refusal(g) is None and system.list_key(g) == key]
            if ratings(league, name, key).standings != system.rate(mine).standings:
                wrong.append(f"{name}[{key}]")
    print(f"{len(history)} confirmed games, {RatingState.objects.count()} rows; wrong: {wrong}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))

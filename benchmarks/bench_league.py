"""League server benchmark: import a generated history, record one more game, void one in the
middle (and correct one, confirm a late one), explain a late game, read a player's latest
games, and serve a 1,000-player list over HTTP (issues 4 and 10).

    python benchmarks/bench_league.py --games 1000000                        # SQLite file
    scripts/with-postgres python benchmarks/bench_league.py --games 1000000  # PostgreSQL

The database is TABLERANK_DATABASE_URL when set (scripts/with-postgres sets it), else a fresh
SQLite file in a temporary directory. Games come from bench_systems' generator (four seats,
players drawn by a log-normal activity). The league keeps every game system (the default).
`--serve` also starts gunicorn on the database and loads one standings URL with wrk;
`--serve-only` does only that (a 20,000-game, 1,000-player league), without the other rows.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from bench_systems import game_date, make_game, pick_table, player_pool

from tablerank.engine.records import Game, new_game

REPEATS = 15
ROOT = Path(__file__).parents[1]


@dataclass(frozen=True, slots=True)
class Options:
    games: int
    players: int
    seed: int
    serve: bool
    json: Path | None
    serve_only: bool = False
    import_only: bool = False


def parse_args(argv: Sequence[str] | None = None) -> Options:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1_000_000, help="games to import")
    parser.add_argument("--players", type=int, default=100_000, help="distinct players")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--serve", action="store_true", help="also measure HTTP serving")
    parser.add_argument("--serve-only", action="store_true", help="only measure HTTP serving")
    parser.add_argument("--import-only", action="store_true", help="only measure the import")
    parser.add_argument("--json", type=Path, default=None, help="also write results here")
    args = parser.parse_args(argv)
    if args.games < 2 or args.players < 4:
        parser.error("need at least 2 games and 4 players")
    return Options(
        args.games,
        args.players,
        args.seed,
        args.serve,
        args.json,
        args.serve_only,
        args.import_only,
    )


def history(games: int, players: int, seed: int) -> list[Game]:
    rng = random.Random(seed)
    names, cumulative = player_pool(rng, players)
    return [
        make_game(rng, i + 1, game_date(i, games), pick_table(rng, names, cumulative))
        for i in range(games)
    ]


def setup_django() -> str:
    """Point Django at the benchmark database, create its tables; return the database URL."""
    url = os.environ.get("TABLERANK_DATABASE_URL")
    if not url:
        url = f"sqlite:///{tempfile.mkdtemp(prefix='tablerank-bench-')}/bench.sqlite3"
        os.environ["TABLERANK_DATABASE_URL"] = url
    os.environ.setdefault("TABLERANK_SECRET_KEY", "benchmark-only")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tablerank.server.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    return url


def median_seconds(run: Callable[[], object], repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def import_games(slug: str, games: Sequence[Game]) -> tuple[Any, float]:
    """Import the games into a new league through the import service every door calls
    (`importing.import_records`, which `tablerank league import` and the API's bulk endpoint
    call), printing its progress; the league and the seconds it took."""
    from django.contrib.auth.models import User

    from tablerank.league.models import League
    from tablerank.league.services.importing import import_records

    by, _ = User.objects.get_or_create(username="bench")
    league = League.objects.create(name=slug, slug=slug)
    league.admins.add(by)
    start = time.perf_counter()
    done = 0

    def progress(stored: int) -> None:
        nonlocal done
        done += stored
        rate = done / (time.perf_counter() - start)
        print(f"  {slug}: {done:,} games stored, {rate:,.0f} games/s", file=sys.stderr, flush=True)

    summary = import_records(league, games, by, progress=progress)
    if len(summary.imported) != len(games):
        raise RuntimeError(f"{slug}: imported {len(summary.imported)} of {len(games)} games")
    return league, time.perf_counter() - start


def server_cpu() -> float | None:
    """The CPU seconds of the PostgreSQL server process serving this connection, where it runs
    on this machine (None on SQLite, which runs in this process, or a server elsewhere)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def record_one_more(league: Any, seed: int) -> float:
    """Median seconds to record one more confirmed game at the end of the history."""
    from django.contrib.auth.models import User

    from tablerank.league.models import GameRecord
    from tablerank.league.services import record_game

    by = User.objects.get(username="bench")
    rng = random.Random(seed)
    names = sorted(
        set(
            GameRecord.objects.filter(league=league).values_list("seats__player__name", flat=True)[
                :400
            ]
        )
    ) or [f"new{i}" for i in range(8)]
    numbers = iter(range(10**9, 10**10))
    last = (
        GameRecord.objects.filter(league=league)
        .order_by("-date")
        .values_list("date", flat=True)
        .first()
    )

    def one() -> None:
        players = rng.sample(names, 4)
        game = make_game(rng, next(numbers), last or game_date(0, 1), players)
        record_game(league, game, by)

    return median_seconds(one)


def _middle(league: Any, offset: int = 0) -> Any:
    from tablerank.league.models import GameRecord, RecordStatus

    rows = GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
    rows = rows.order_by("date", "sequence")
    return rows[rows.count() // 2 + offset]


def void_middle(league: Any) -> float:
    """Seconds to void the confirmed game in the middle of the play order."""
    from django.contrib.auth.models import User

    from tablerank.league.services import void_game

    by = User.objects.get(username="bench")
    middle = _middle(league)
    start = time.perf_counter()
    void_game(middle, by, "benchmark: recompute after a void in the middle")
    return time.perf_counter() - start


def correct_middle(league: Any) -> float:
    """Seconds to correct the middle game (its first two seats swap VP)."""
    import dataclasses

    from django.contrib.auth.models import User

    from tablerank.league.services import correct_game

    by = User.objects.get(username="bench")
    middle = _middle(league, 1)
    game = middle.to_record()
    first, second, *rest = game.seats
    swapped = (
        dataclasses.replace(first, player=second.player),
        dataclasses.replace(second, player=first.player),
        *rest,
    )
    start = time.perf_counter()
    correct_game(middle, dataclasses.replace(game, seats=swapped), by, "benchmark: seats swapped")
    return time.perf_counter() - start


def confirm_late(league: Any, seed: int) -> float:
    """Seconds for the signature that confirms a result dated in the middle of the history,
    entered by one official and confirmed by another."""
    from django.contrib.auth.models import User

    from tablerank.league.services import OFFICIAL, confirm, submit_game

    entering, _ = User.objects.get_or_create(username="bench-official")
    signing, _ = User.objects.get_or_create(username="bench-second")
    league.officials.add(entering, signing)
    middle = _middle(league).to_record()
    rng = random.Random(seed)
    late = make_game(rng, 2 * 10**10, middle.date, [s.player for s in middle.seats])
    record = submit_game(league, late, entering)
    start = time.perf_counter()
    confirm(record, OFFICIAL, signing)
    return time.perf_counter() - start


def explain_late(league: Any) -> float:
    """Seconds to explain, in every kept system, the confirmed game 1,000 before the last (the
    game page): cow.elo and area replay from their checkpoints before it."""
    from tablerank.league.models import GameRecord, RecordStatus
    from tablerank.league.queries.explanations import game_explanations

    rows = GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
    record = rows.order_by("-date", "-sequence")[1000]
    start = time.perf_counter()
    game_explanations(record)
    return time.perf_counter() - start


def history_latest(league: Any) -> float:
    """Seconds for the latest 50 games, in cow.elo and in area, of the first player of the
    middle game (the player page's two order-dependent tabs)."""
    from tablerank.league.queries import player_history

    player = _middle(league).to_record().seats[0].player
    start = time.perf_counter()
    for system in ("cow.elo", "area"):
        player_history(league, player, system, last=50)
    return time.perf_counter() - start


def annual_lists(league: Any, seed: int) -> dict[str, float]:
    """Seconds for the annual score of the last game's year (every city, the base group): as
    first read (its twelve months built from their rows and kept), read again (from the kept
    months), and right after one more game is recorded on the last game's day (its month
    built again)."""
    from django.contrib.auth.models import User

    from tablerank.league import services
    from tablerank.league.models import GameRecord
    from tablerank.league.queries import lists

    last = GameRecord.objects.filter(league=league).order_by("-date").values_list("date")[0][0]
    year = last.year
    out = {}
    for label in ("first", "kept"):
        start = time.perf_counter()
        lists.annual_list(league, year, group="base")
        out[f"annual_list_{label}_seconds"] = round(time.perf_counter() - start, 3)
    players = [f"player{n:06d}" for n in random.Random(seed).sample(range(1, 1000), 4)]
    seats = [{"player": p, "vp": 10 - 2 * i, "winner": i == 0} for i, p in enumerate(players)]
    game = new_game(id="annual-one-more", date=last.isoformat(), seats=seats)
    services.record_game(league, game, User.objects.get(username="bench"))
    start = time.perf_counter()
    lists.annual_list(league, year, group="base")
    out["annual_list_after_a_write_seconds"] = round(time.perf_counter() - start, 3)
    return out


CLI_VOIDS = 3
"""How many `tablerank league void` runs `cli_voids` times: the first after the in-process
steps alone ran up to 0.4 s slower than the next on PostgreSQL (2026-11-27)."""


def cli_voids(league: Any, url: str) -> dict[str, Any]:
    """`cli_void` of `CLI_VOIDS` games near the middle, one after another: the median and every
    run."""
    runs = [round(cli_void(league, url, 2 * (n + 1)), 2) for n in range(CLI_VOIDS)]
    return {"cli_void_middle_seconds": statistics.median(runs), "cli_void_middle_runs": runs}


def cli_void(league: Any, url: str, offset: int) -> float:
    """Seconds for `tablerank league void` of a middle game, end to end as a user runs it: the
    `tablerank` script installed beside this Python (a version manager's shim on PATH, such
    as pyenv's, would add its own start-up, about 0.1 s)."""
    middle = _middle(league, offset)
    # as a user runs it: not with the server's settings, which this process set for itself
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env["TABLERANK_DATABASE_URL"] = url
    beside = Path(sys.executable).with_name("tablerank")
    script = str(beside) if beside.exists() else "tablerank"
    command = [script, "league", "void", league.slug, middle.external_id,
               "--why", "benchmark", "--by", "bench"]  # fmt: skip
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def cli_import(games: Sequence[Any], url: str) -> dict[str, float]:
    """Seconds for `tablerank league import` of the games, written as a JSON Lines file of
    game records (`games_file.py`'s form), into a new league and then again (every game
    present), end to end as a user runs it (`cli_void`'s script and environment). On SQLite
    into a new database file of its own (`league init`), as a club starts; elsewhere into a new
    league of the bench's database, beside its league."""
    from tablerank.formats.records import game_json

    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    beside = Path(sys.executable).with_name("tablerank")
    script = str(beside) if beside.exists() else "tablerank"
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        env["TABLERANK_DATABASE_URL"] = (
            f"sqlite:///{folder}/cli.sqlite3" if url.startswith("sqlite") else url
        )
        path = Path(folder) / "games.jsonl"
        with path.open("w", encoding="utf-8") as file:
            file.writelines(json.dumps(game_json(g), ensure_ascii=False) + "\n" for g in games)
        for setup in (["league", "init"], ["league", "create", "bench-cli", "--name", "CLI"]):
            subprocess.run([script, *setup], env=env, check=True, capture_output=True)
        for label in ("cli_import", "cli_import_again"):
            start = time.perf_counter()
            subprocess.run([script, "league", "import", "bench-cli", str(path), "--as", "bench"],
                           env=env, check=True, capture_output=True)  # fmt: skip
            out[f"{label}_seconds"] = round(time.perf_counter() - start, 2)
    out["cli_import_games_per_second"] = round(len(games) / out["cli_import_seconds"])
    return out


def kernels_load() -> dict[str, float]:
    """Seconds a new process takes to import numba and compile the compiled replays with an
    empty cache, then to load them from that cache (what every later process pays once, at
    its first replay)."""
    code = (
        "import time; start = time.perf_counter(); "
        "from tablerank.engine.systems.compiled.replay import load; load(); "
        "print(time.perf_counter() - start)"
    )
    with tempfile.TemporaryDirectory() as cache:
        env = os.environ | {"NUMBA_CACHE_DIR": cache}
        times = [
            float(subprocess.run([sys.executable, "-c", code], env=env, check=True,
                                 capture_output=True, text=True).stdout)
            for _ in range(2)
        ]  # fmt: skip
    return {
        "kernels_compile_seconds": round(times[0], 2),
        "kernels_load_seconds": round(times[1], 2),
    }


def cpu_and_wall(run: Callable[[], float]) -> tuple[float, float]:
    """(wall seconds as `run` measures them, CPU seconds of this process meanwhile)."""
    start = time.process_time()
    wall = run()
    return wall, time.process_time() - start


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def serve_list(url: str, path: str) -> dict[str, float]:
    """Requests/s and latency percentiles of `path` under wrk (2 threads, 16 connections,
    10 s) against gunicorn with 2 workers on this database."""
    wrk = shutil.which("wrk")
    if wrk is None:
        raise SystemExit("wrk is missing: apt-get install wrk")
    port = free_port()
    env = os.environ | {
        "TABLERANK_DATABASE_URL": url,
        "TABLERANK_ALLOWED_HOSTS": "127.0.0.1",
        "TABLERANK_INSECURE_HTTP": "true",
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "tablerank.server.wsgi", "-w", "2",
         "-b", f"127.0.0.1:{port}", "--log-level", "warning"],
        env=env,
        cwd=ROOT,
    )  # fmt: skip
    try:
        address = f"http://127.0.0.1:{port}{path}"
        for _ in range(100):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.1)
        check = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", address],
                               capture_output=True, text=True, check=False)  # fmt: skip
        if check.stdout != "200":
            raise SystemExit(f"{address} answered {check.stdout}, not 200")
        out = subprocess.run([wrk, "-t2", "-c16", "-d10s", "--latency", address],
                             capture_output=True, text=True, check=True).stdout  # fmt: skip
    finally:
        server.terminate()
        server.wait(timeout=30)
    return wrk_numbers(out)


def wrk_numbers(out: str) -> dict[str, float]:
    def ms(text: str) -> float:
        number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()  # type: ignore[union-attr]
        return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]

    found = {p: ms(m) for p, m in re.findall(r"^\s+(50|99)%\s+(\S+)\s*$", out, re.MULTILINE)}
    rate = re.search(r"Requests/sec:\s+([\d.]+)", out)
    if rate is None or "99" not in found:
        raise SystemExit(f"cannot read wrk's output:\n{out}")
    return {
        "requests_per_second": float(rate.group(1)),
        "p50_ms": found["50"],
        "p99_ms": found["99"],
    }


def main(argv: Sequence[str] | None = None) -> int:
    options = parse_args(argv)
    url = setup_django()
    if options.serve_only:
        return report(serve_results(url, options.seed), options.json)
    from django.db import connection

    print(f"generating {options.games:,} games among {options.players:,} players", file=sys.stderr)
    games = history(options.games, options.players, options.seed)
    cpu, server = time.process_time(), server_cpu()
    big, seconds = import_games("bench", games)
    results: dict[str, Any] = {
        "database": connection.vendor,
        "games": options.games,
        "players": options.players,
        "import_seconds": round(seconds, 1),
        "import_cpu_seconds": round(time.process_time() - cpu, 1),
        "import_games_per_second": round(options.games / seconds),
    }
    if server is not None and (after := server_cpu()) is not None:
        results["import_server_cpu_seconds"] = round(after - server, 1)
    if options.import_only:
        return report(results, options.json)
    empty, _ = import_games("bench-empty", games[:1])
    results["record_one_more_ms_full"] = round(record_one_more(big, options.seed) * 1000, 2)
    results["record_one_more_ms_empty"] = round(record_one_more(empty, options.seed) * 1000, 2)
    results["record_ratio"] = round(
        results["record_one_more_ms_full"] / results["record_one_more_ms_empty"], 2
    )
    for name, run in (
        ("void_middle", lambda: void_middle(big)),
        ("correct_middle", lambda: correct_middle(big)),
        ("confirm_late", lambda: confirm_late(big, options.seed)),
        ("explain_late", lambda: explain_late(big)),
        ("history_latest_50", lambda: history_latest(big)),
    ):
        wall, cpu = cpu_and_wall(run)
        results[f"{name}_seconds"], results[f"{name}_cpu_seconds"] = round(wall, 2), round(cpu, 2)
    results |= annual_lists(big, options.seed)
    results |= cli_voids(big, url)
    results |= kernels_load()
    results |= cli_import(games, url)  # last: the rows above see the bench's league alone
    if options.serve:
        results |= serve_results(url, options.seed)
    return report(results, options.json)


def serve_results(url: str, seed: int) -> dict[str, Any]:
    """A 20,000-game, 1,000-player league's standings under wrk."""
    from django.db import connection

    listing, _ = import_games("bench-list", history(20_000, 1_000, seed + 1))
    path = f"/api/leagues/{listing.slug}/standings/pages.point"
    load = round(os.getloadavg()[0], 2)  # the cores are shared: say how busy they were
    return {
        "database": connection.vendor,
        "serve_path": path,
        "load_average_before": load,
        "serve": serve_list(url, path),
    }


def report(results: dict[str, Any], json_path: Path | None) -> int:
    results["machine"] = (
        f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores"
    )
    text = json.dumps(results, indent=2)
    print(text)
    if json_path:
        json_path.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

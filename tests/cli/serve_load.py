"""A club night against a live `tablerank serve`: players with their own accounts take API
tokens, then every player submits a game at once and the other seats confirm them at once.

Used by tests/cli/test_serve_load.py and benchmarks/bench_serve_writers.py. The database side
runs in its own process on the site's data directory (the real settings, not the tests'):

    python -m tests.cli.serve_load setup DATA_DIR PLAYERS   # migrate; league `load`, players
    python -m tests.cli.serve_load check DATA_DIR           # ratings == replay; JSON summary
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).parents[2]
SLUG = "load"
PASSWORD = "a club night's password"
TABLE = 3  # seats per game: the submitter and the next two players
GUESSED = "guessed"  # an account that is no player, for wrong-password guesses


def username(number: int) -> str:
    return f"p{number:02}"


def player(number: int) -> str:
    return f"P{number:02}"


@dataclass
class Night:
    """What the clients saw: every answer's method, path and status (0: no answer), the 5xx
    bodies and missing answers, and the seconds the rounds took (tokens not included)."""

    answers: list[tuple[str, str, int]] = field(default_factory=list)
    server_errors: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def statuses(self, method: str, tail: str) -> Counter[int]:
        return Counter(s for m, p, s in self.answers if m == method and p.endswith(tail))


def call(base: str, path: str, body: dict[str, Any], token: str = "") -> tuple[int, Any]:
    """POST `body` as JSON; the status and the parsed answer (text when it is not JSON)."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers=headers, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            status, raw = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        with error:  # its socket closes here, not at garbage collection in a later test
            status, raw = error.code, error.read()
    except OSError as error:  # no answer: refused, reset, timed out
        return 0, str(error)
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw.decode(errors="replace")


def game(round_: int, number: int, players: int) -> dict[str, Any]:
    """Player `number`'s game of a round: they win; the next two players follow."""
    seats = [(number + k) % players for k in range(TABLE)]
    vps = [10, 8 - round_ % 3, 5 + (number + round_) % 3]
    return {
        "id": f"r{round_}-{username(number)}",
        "date": f"2026-05-{round_ + 1:02}",
        "seats": [
            {"player": player(s), "vp": vp, "winner": vp == 10}
            for s, vp in zip(seats, vps, strict=True)
        ],
    }


def drive(base: str, players: int, rounds: int) -> Night:
    """Tokens for every player at once, then per round: every player submits at once, then
    every seat confirms at once."""
    night = Night()
    games = f"/api/leagues/{SLUG}/games"

    def post(path: str, body: dict[str, Any], token: str = "") -> Any:
        status, answer = call(base, path, body, token)
        night.answers.append(("POST", path, status))
        if status >= 500 or status == 0:
            night.server_errors.append(f"{path} {status}: {str(answer)[:300]}")
        return answer

    def token(number: int) -> str:
        body = {"username": username(number), "password": PASSWORD, "name": "load"}
        answer = post("/api/tokens", body)
        return str(answer["token"]) if isinstance(answer, dict) and "token" in answer else ""

    def submit(round_: int, number: int) -> None:
        post(games, game(round_, number, players), tokens[number])

    def confirm(round_: int, number: int) -> None:
        for back in range(1, TABLE):
            submitter = (number - back) % players
            path = f"{games}/r{round_}-{username(submitter)}/confirm"
            post(path, {"player": player(number)}, tokens[number])

    with ThreadPoolExecutor(max_workers=players) as pool:
        tokens = list(pool.map(token, range(players)))
        started = time.monotonic()
        for round_ in range(rounds):
            list(pool.map(submit, [round_] * players, range(players)))
            list(pool.map(confirm, [round_] * players, range(players)))
    night.seconds = time.monotonic() - started
    return night


def site_env(data_dir: Path) -> dict[str, str]:
    """The environment of a process on the site's database: the real settings, its data dir."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABLERANK_")}
    return env | {
        "DJANGO_SETTINGS_MODULE": "tablerank.server.settings",
        "TABLERANK_DATA_DIR": str(data_dir),
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }


def on_site(action: str, data_dir: Path, *args: str) -> str:
    """Run `setup` or `check` in its own process; its stdout."""
    result = subprocess.run(
        [sys.executable, "-m", "tests.cli.serve_load", action, str(data_dir), *args],
        env=site_env(data_dir),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if result.returncode != 0:
        raise AssertionError(f"serve_load {action} failed:\n{result.stderr[-3000:]}")
    return result.stdout


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Site:
    """A running `tablerank serve`: its address and its process (stderr is a pipe)."""

    base: str
    process: subprocess.Popen[str]

    def stop(self) -> str:
        """Stop it with SIGTERM, as a service manager does; what it wrote to stderr."""
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            _, err = self.process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            _, err = self.process.communicate()
        return err


@contextmanager
def served(data_dir: Path, cwd: Path = ROOT, demo: bool = False, **env: str) -> Iterator[Site]:
    """`tablerank serve` on `data_dir` (relative to `cwd`) and a free port, in the user's
    environment (no test settings) plus `env`, until the block ends."""
    exe = shutil.which("tablerank")
    assert exe, "the tablerank console script is not installed"
    port = free_port()
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TABLERANK_")}
    clean.pop("DJANGO_SETTINGS_MODULE", None)
    options = ["--port", str(port), "--data-dir", str(data_dir)] + ["--demo"] * demo
    process = subprocess.Popen(
        [exe, "serve", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=clean | env,
        cwd=cwd,
        start_new_session=True,
    )
    site = Site(f"http://127.0.0.1:{port}", process)
    try:
        assert process.stdout is not None
        if not process.stdout.readline():
            raise AssertionError(f"serve ended without an address: {site.stop()[-2000:]}")
        yield site
    finally:
        if process.poll() is None:
            site.stop()


def setup(players: int) -> None:
    """Migrate; the league `load` with `players` players, each linked to their own account,
    and the account `guessed`."""
    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from tablerank.league.models import League, Player

    call_command("migrate", interactive=False, verbosity=0)
    league = League.objects.create(name="Club night", slug=SLUG)
    hashed = make_password(PASSWORD)  # hashed once: one slow hash, not one per player
    for number in range(players):
        account = User.objects.create(username=username(number), password=hashed)
        # The rows themselves: an accepted link, whichever way the services add players.
        Player.objects.create(league=league, name=player(number), user=account)
    User.objects.create(username=GUESSED, password=hashed)


def check() -> None:
    """Assert the stored ratings equal a replay; print as JSON the games per status and the
    failed sign-ins the throttle counted per username."""
    from axes.models import AccessAttempt
    from django.db.models import Sum

    from tablerank.league.models import GameRecord, League
    from tests.league.test_rating_state import assert_state_is_replay

    league = League.objects.get(slug=SLUG)
    assert_state_is_replay(league)
    games = Counter(str(s) for s in GameRecord.objects.values_list("status", flat=True))
    failures = AccessAttempt.objects.values("username").annotate(n=Sum("failures_since_start"))
    print(json.dumps({"games": games, "failures": {f["username"]: f["n"] for f in failures}}))


def main(action: str, *args: str) -> None:
    import django

    django.setup()
    if action == "setup":
        setup(int(args[1]))
    else:
        check()


if __name__ == "__main__":
    main(*sys.argv[1:])

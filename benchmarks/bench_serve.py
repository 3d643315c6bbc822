"""CPU per request of the standings API, through Django's WSGI handler (issue 10, "Serving").

    python benchmarks/bench_serve.py [--database sqlite:////tmp/serve.sqlite3] [--profile]

Builds (once per database) a 20,000-game, 1,000-player league like `bench_league.py
--serve-only`, then answers the same standings URL many times in this process and prints the
CPU time (`process_time`) per request, the least of several runs: a cached 200, a 304
revalidation, an unknown URL's 404 (the middleware alone) and a private league's 404. CPU time,
unlike wrk's numbers, hardly moves when other jobs share the cores. `--profile` prints a cProfile
of the cached 200s instead. `--wrk CONFIG` serves the database with gunicorn (2 workers and
the `-c CONFIG` given, e.g. a file setting `worker_class = "gthread"`; '' for gunicorn's
defaults, the sync worker that `tablerank serve` and `bench_league.py` run) under wrk, and adds the
workers' CPU time per answered request, read from /proc (Linux).
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import json
import os
import pstats
import re
import resource
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_league import ROOT, free_port, history, import_games, wrk_numbers

SLUG = "bench-list"
PATH = f"/api/leagues/{SLUG}/standings/pages.point"
REQUESTS = 1000
RUNS = 5


def setup(url: str | None, seed: int) -> None:
    """Point Django at the database (a new temporary one unless given) and fill it once."""
    if url is None:
        url = f"sqlite:///{tempfile.mkdtemp(prefix='tablerank-serve-')}/serve.sqlite3"
    os.environ["TABLERANK_DATABASE_URL"] = url
    os.environ.setdefault("TABLERANK_SECRET_KEY", "benchmark-only")
    os.environ.setdefault("TABLERANK_ALLOWED_HOSTS", "127.0.0.1,testserver")
    os.environ.setdefault("TABLERANK_INSECURE_HTTP", "true")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tablerank.server.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from tablerank.league.models import League

    if not League.objects.filter(slug=SLUG).exists():
        import_games(SLUG, history(20_000, 1_000, seed + 1))
    if not League.objects.filter(slug="bench-private").exists():
        League.objects.create(name="private", slug="bench-private", public=False)


def wsgi_caller() -> Callable[[str, dict[str, str]], int]:
    """Call the site's WSGI application as gunicorn does (no test client in the way)."""
    from tablerank.server.wsgi import application

    def call(path: str, headers: dict[str, str]) -> int:
        path, _, query = path.partition("?")
        environ: dict[str, Any] = {
            "REQUEST_METHOD": "GET",
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "HTTP_HOST": "127.0.0.1",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(),
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": False,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
            **{"HTTP_" + k.upper().replace("-", "_"): v for k, v in headers.items()},
        }
        status: list[str] = []

        def start_response(line: str, headers: Any, *rest: Any) -> Callable[[bytes], object]:
            status.append(line)
            return lambda data: None

        response = application(environ, start_response)
        b"".join(response)
        response.close()
        return int(status[0].split()[0])

    return call


def cpu_ms(run: Callable[[], object], requests: int = REQUESTS, runs: int = RUNS) -> float:
    """Least CPU milliseconds per call of `run` over `runs` runs of `requests` calls."""
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        for _ in range(requests):
            run()
        best = min(best, time.process_time() - start)
    return round(best / requests * 1000, 3)


def measure() -> dict[str, float]:
    call = wsgi_caller()
    if call(PATH, {}) != 200:
        raise SystemExit(f"{PATH} did not answer 200")
    etag = _etag(PATH)
    checks = {
        "cached_200": (PATH, {}, 200),
        "revalidated_304": (PATH, {"If-None-Match": etag}, 304),
        "unknown_url_404": ("/api/no-such-thing", {}, 404),
        "private_league_404": ("/api/leagues/bench-private/standings/pages.point", {}, 404),
    }
    results = {}
    for name, (path, headers, status) in checks.items():
        if call(path, headers) != status:
            raise SystemExit(f"{path} did not answer {status}")
        results[name + "_ms"] = cpu_ms(partial(call, path, headers))
    return results


def _etag(path: str) -> str:
    from django.test import Client

    return str(Client().get(path)["ETag"])


def profile() -> str:
    call = wsgi_caller()
    call(PATH, {})
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(REQUESTS):
        call(PATH, {})
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(45)
    return out.getvalue()


def worker_seconds(master: int) -> float:
    """CPU seconds (user and system) the gunicorn master's workers have used so far."""
    ticks = os.sysconf("SC_CLK_TCK")
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    total = 0
    for child in children:
        fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def _children_seconds() -> float:
    """CPU seconds of this process's finished children (wrk, once it has run)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def wrk_run(config: str, seconds: int) -> dict[str, float]:
    """wrk on the standings (2 threads, 16 connections) against gunicorn with 2 workers and
    `config` (a gunicorn `-c` value, or "" for gunicorn's defaults), with the workers' CPU
    milliseconds per answered request (gunicorn's own work included) and wrk's (the client
    shares the cores: what connections cost it counts too)."""
    port = free_port()
    env = os.environ | {"TABLERANK_ALLOWED_HOSTS": "127.0.0.1", "TABLERANK_INSECURE_HTTP": "true"}
    command = [sys.executable, "-m", "gunicorn", "tablerank.server.wsgi", "-w", "2",
               "-b", f"127.0.0.1:{port}", "--log-level", "warning"]  # fmt: skip
    server = subprocess.Popen(command + (["-c", config] if config else []), env=env, cwd=ROOT)
    address = f"http://127.0.0.1:{port}{PATH}"
    try:
        for _ in range(100):
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                break
            time.sleep(0.1)
        for _ in range(4):  # each worker (and thread) computes the answer once
            subprocess.run(["curl", "-sf", "-o", "/dev/null", address], check=True)
        before = worker_seconds(server.pid)
        client = _children_seconds()
        out = subprocess.run(["wrk", "-t2", "-c16", f"-d{seconds}s", "--latency", address],
                             capture_output=True, text=True, check=True).stdout  # fmt: skip
        used = worker_seconds(server.pid) - before
        client = _children_seconds() - client
    finally:
        server.terminate()
        server.wait(timeout=30)
    answered = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    numbers = wrk_numbers(out)
    numbers["worker_cpu_ms_per_request"] = round(used / answered * 1000, 3)
    numbers["wrk_cpu_ms_per_request"] = round(client / answered * 1000, 3)
    numbers["load_average"] = round(os.getloadavg()[0], 2)
    return numbers


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default=None, help="database URL (kept between runs)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="print a cProfile instead")
    parser.add_argument(
        "--wrk",
        metavar="CONFIG",
        default=None,
        help="run gunicorn with this -c value ('' for its defaults) under wrk instead",
    )
    parser.add_argument("--seconds", type=int, default=10, help="wrk's duration")
    args = parser.parse_args(argv)
    setup(args.database, args.seed)
    if args.profile:
        print(profile())
        return 0
    if args.wrk is not None:
        print(json.dumps(wrk_run(args.wrk, args.seconds)))
        return 0
    results = measure()
    results["load_average"] = round(os.getloadavg()[0], 2)
    for name, value in results.items():
        print(f"{name}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

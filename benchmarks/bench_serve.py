"""CPU per request of the standings API, through Django's WSGI handler (issue 10, "Serving").

    python benchmarks/bench_serve.py [--database sqlite:////tmp/serve.sqlite3] [--profile]

Builds (once per database) a 20,000-game, 1,000-player league like `bench_league.py
--serve-only`, then answers the same standings URL many times in this process and prints the
CPU time (`process_time`) per request, the least of several runs: a cached 200, a 304
revalidation, an unknown URL's 404 (the middleware alone) and a private league's 404. CPU time,
unlike wrk's numbers, hardly moves when other jobs share the cores. `--profile` prints a cProfile
of the cached 200s instead.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_league import history, import_games

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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default=None, help="database URL (kept between runs)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="print a cProfile instead")
    args = parser.parse_args(argv)
    setup(args.database, args.seed)
    if args.profile:
        print(profile())
        return 0
    results = measure()
    results["load_average"] = round(os.getloadavg()[0], 2)
    for name, value in results.items():
        print(f"{name}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

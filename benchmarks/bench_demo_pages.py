"""The demo league's list pages as a visitor loads them, through `tablerank serve --demo`.

    python benchmarks/bench_demo_pages.py [--requests 20] [--json FILE]

Starts `tablerank serve --demo` (gunicorn, two workers, an embedded SQLite file) in a new data
directory on a free port, then loads each standings page of the lists (the annual score of
this year and the last, the monthly list, the Open list, pages.point) over HTTP, without a
session, as a visitor does: the page's first load after the start, then `--requests` more, and
a revalidation with the ETag the page gave (a 304). Prints seconds per page: the first load,
the median and the slowest of the rest, the 304's median. Issue 10's goal for the annual list
page of the demo league: 50 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_league import free_port

PAGES = {
    "annual, this year": "/l/demo/standings/annual/",
    "annual, last year": "/l/demo/standings/annual/?year={last_year}",
    "monthly": "/l/demo/standings/monthly/",
    "open": "/l/demo/standings/open/",
    "pages.point": "/l/demo/standings/pages.point/",
}


def load(url: str, etag: str | None = None) -> tuple[float, str | None]:
    """Seconds to load `url` whole, and its ETag."""
    request = urllib.request.Request(url, headers={"If-None-Match": etag} if etag else {})
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request) as answer:
            answer.read()
            tag = answer.headers.get("ETag")
    except urllib.error.HTTPError as error:
        if error.code != 304:
            raise
        tag = etag
    return time.perf_counter() - started, tag


def serve(data: Path, port: int) -> subprocess.Popen[str]:
    """`tablerank serve --demo`, once it says where it runs."""
    exe = shutil.which("tablerank")
    if exe is None:
        sys.exit("the tablerank command is not installed (pip install '.[league]')")
    env = {k: v for k, v in os.environ.items() if k != "TABLERANK_DATABASE_URL"}
    command = [exe, "serve", "--demo", "--data-dir", str(data), "--port", str(port)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    assert server.stdout is not None
    for line in server.stdout:
        if "is running at" in line:
            return server
    sys.exit("tablerank serve --demo stopped before it served")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--json", type=Path)
    options = parser.parse_args()
    port = free_port()
    last_year = time.localtime().tm_year - 1
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="tablerank-demo-") as data:
        server = serve(Path(data), port)
        try:
            for name, path in PAGES.items():
                url = f"http://127.0.0.1:{port}{path.format(last_year=last_year)}"
                first, etag = load(url)
                times = [load(url)[0] for _ in range(options.requests)]
                again = [load(url, etag)[0] for _ in range(options.requests)]
                results[name] = {
                    "first_seconds": round(first, 4),
                    "median_seconds": round(statistics.median(times), 4),
                    "slowest_seconds": round(max(times), 4),
                    "revalidated_median_seconds": round(statistics.median(again), 4),
                }
        finally:
            server.terminate()
            server.wait(timeout=30)
    for name, numbers in results.items():
        print(f"{name:20s} " + "  ".join(f"{k} {v:.4f}" for k, v in numbers.items()))
    if options.json:
        options.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()

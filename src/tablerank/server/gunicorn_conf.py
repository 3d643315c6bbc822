"""gunicorn's settings for the league site, used by `tablerank serve` and by

    gunicorn -c python:tablerank.server.gunicorn_conf tablerank.server.wsgi -w 2

Threaded workers (gthread) keep a client's connection open between its requests (HTTP
keep-alive), so a client reading page after page, or a proxy, does not open a new TCP
connection per request as gunicorn's default sync worker makes it do. Two threads a worker let
one answer while the other waits on the database; more add switching between threads without
adding throughput on a small machine (benchmarks/bench_serve.py, `--wrk`). Each thread keeps
its own database connection.
"""

from __future__ import annotations

__all__ = ["keepalive", "threads", "worker_class"]

worker_class = "gthread"
threads = 2
keepalive = 5
"""Seconds an idle keep-alive connection stays open."""

"""`tablerank serve`, run as a user runs it: the site answers over HTTP, bad options exit 2."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

STARTUP_SECONDS = 90


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def environment() -> dict[str, str]:
    """The user's environment: no test settings, no database URL (serve uses its data dir)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABLERANK_")}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return env


def command(*args: str | Path) -> list[str]:
    exe = shutil.which("tablerank") or pytest.fail("the tablerank console script is not installed")
    return [exe, "serve", *map(str, args)]


def run(*args: str | Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command(*args),
        capture_output=True,
        text=True,
        env=environment() | env,
        timeout=60,
        check=False,
    )


@contextmanager
def serving(data: Path) -> Iterator[tuple[str, float]]:
    """`tablerank serve --demo` on a free port until the block ends; its first line and how long
    it took to print it. Stopped with SIGTERM, as a service manager stops it. A port found free
    can be taken by another program before serve binds it: then serve is started on another."""
    for _ in range(5):
        started = time.monotonic()
        with subprocess.Popen(
            command("--demo", "--port", str(free_port()), "--data-dir", data),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=environment(),
            start_new_session=True,
        ) as process:
            try:
                assert process.stdout is not None
                assert process.stderr is not None
                line = process.stdout.readline()
                if not line:
                    error = process.stderr.read()
                    if " is in use;" in error:
                        continue
                    pytest.fail(f"serve ended without an address: {error[-2000:]}")
                yield line, time.monotonic() - started
                assert process.poll() is None, "the site stopped by itself"
                return
            finally:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()
    pytest.fail("serve found every port it was given in use")


def address(line: str) -> str:
    """The site's address in serve's first line."""
    return line.split(" at ", 1)[1].split(" ", 1)[0]


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as answer:
        assert answer.status == 200
        body: str = answer.read().decode()
        return body


def test_serve_demo_prints_the_address_and_serves_the_site(tmp_path: Path) -> None:
    with serving(tmp_path / "data") as (line, seconds):
        assert line.startswith("tablerank is running at http://127.0.0.1:")
        assert "sign in as ann / demo-password" in line
        site = address(line)
        assert seconds < STARTUP_SECONDS
        home = fetch(site)
        assert "Rhineland Catan League" in home
        standings = fetch(site + "l/demo/standings/pages.glory/")
        assert '<table class="standings">' in standings
        css = fetch(site + "static/web/app.css")
        assert "--accent" in css
    assert (tmp_path / "data" / "tablerank.sqlite3").is_file()


def test_a_second_start_keeps_the_demo_as_it_was(tmp_path: Path) -> None:
    for _ in range(2):
        with serving(tmp_path / "data") as (line, _):
            home = fetch(address(line))
        assert home.count("Rhineland Catan League</span>") == 1
        assert "<strong>318</strong> games" in home


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run("--port", str(port), "--data-dir", tmp_path / "data")
    assert result.returncode == 2
    assert result.stderr == (
        f"tablerank: error: --port: 127.0.0.1:{port} is in use; stop what runs there or "
        "choose another with --port\n"
    )
    assert result.stdout == ""


def test_a_data_dir_that_cannot_be_written_is_one_line_and_exit_2(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = run("--port", str(free_port()), "--data-dir", blocker / "data")
    assert result.returncode == 2
    assert result.stderr.startswith(f"tablerank: error: --data-dir: cannot write to {blocker}/data")
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("port", ["0", "70000"])
def test_a_port_out_of_range_is_one_line_and_exit_2(tmp_path: Path, port: str) -> None:
    result = run("--port", port, "--data-dir", tmp_path / "data")
    assert result.returncode == 2
    assert result.stderr == (
        f"tablerank: error: --port: expected a port from 1 to 65535, got {port}\n"
    )


def test_an_unknown_host_is_one_line_and_exit_2(tmp_path: Path) -> None:
    result = run("--host", "no-such-host.invalid", "--data-dir", tmp_path / "data")
    assert result.returncode == 2
    assert result.stderr == "tablerank: error: --host: unknown host 'no-such-host.invalid'\n"


def test_a_database_that_cannot_be_reached_is_one_line_and_exit_2(tmp_path: Path) -> None:
    closed = free_port()
    result = run(
        "--port",
        str(free_port()),
        "--data-dir",
        tmp_path / "data",
        TABLERANK_DATABASE_URL=f"postgres://nobody@127.0.0.1:{closed}/league",
    )
    assert result.returncode == 2
    assert result.stderr.startswith("tablerank: error: database: ")
    assert result.stderr.count("\n") == 1


def test_a_worker_has_two_minutes_for_a_first_read_of_a_large_league() -> None:
    """gunicorn restarts a worker after 30 s by default; a backtest of every system over
    100,000 games takes about that long (then it is kept for the revision)."""
    from tablerank.cli.serve import REQUEST_SECONDS, gunicorn_options

    options = gunicorn_options("::1", 8000)
    assert (options["timeout"], REQUEST_SECONDS) == (120, 120)
    assert (options["bind"], options["workers"]) == ("[::1]:8000", 2)
    assert options["limit_request_line"] == 8190  # gunicorn's most: long filters reach the API
    assert gunicorn_options("127.0.0.1", 80)["bind"] == "127.0.0.1:80"

"""Every server error of `tablerank serve` is logged with its traceback: to stderr by default,
to TABLERANK_LOG_FILE when set, and not at all below TABLERANK_LOG_LEVEL (issue 9, item 4)."""

from __future__ import annotations

import sqlite3
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from .serve_load import Site, free_port, on_site, served
from .test_serve import run


def break_database(data: Path) -> None:
    """What a server error needs: a table the site reads is gone (as after a bad restore)."""
    with sqlite3.connect(data / "tablerank.sqlite3") as db:
        db.execute("DROP TABLE league_league")


def status_of(site: Site, path: str) -> int:
    try:
        with urllib.request.urlopen(site.base + path, timeout=60) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        with error:  # its socket closes here, not at garbage collection in a later test
            return error.code


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    on_site("setup", folder, "0")
    return folder


def test_a_server_error_goes_to_stderr_with_its_traceback(data: Path) -> None:
    with served(data) as site:
        assert status_of(site, "/") == 200
        break_database(data)
        assert status_of(site, "/") == 500
        assert status_of(site, "/api/leagues") == 500
        err = site.stop()
    for path in ["/", "/api/leagues"]:
        head = f"ERROR django.request: Internal Server Error: {path}\nTraceback (most recent"
        assert head in err
    assert "no such table: league_league" in err


def test_a_log_file_gets_the_traceback_instead(data: Path, tmp_path: Path) -> None:
    log = tmp_path / "site.log"
    with served(data, TABLERANK_LOG_FILE=str(log)) as site:
        break_database(data)
        assert status_of(site, "/") == 500
        err = site.stop()
    text = log.read_text()
    assert "Internal Server Error: /\nTraceback (most recent call last):" in text
    assert "no such table: league_league" in text
    assert "Traceback" not in err


def test_below_the_log_level_nothing_is_logged(data: Path) -> None:
    with served(data, TABLERANK_LOG_LEVEL="critical") as site:
        break_database(data)
        assert status_of(site, "/") == 500
        err = site.stop()
    assert "Internal Server Error" not in err


def test_a_bad_log_level_stops_serve_with_one_line_and_exit_2(data: Path) -> None:
    result = run("--port", str(free_port()), "--data-dir", data, TABLERANK_LOG_LEVEL="loud")
    assert result.returncode == 2
    assert result.stderr == (
        "tablerank: error: settings: TABLERANK_LOG_LEVEL: expected DEBUG, INFO, WARNING, ERROR "
        "or CRITICAL, got 'LOUD'\n"
    )

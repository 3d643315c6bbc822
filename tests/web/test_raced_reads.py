"""A confirmation that lands between the queries of a read never fails it, nor mixes two states
into its answer (issue 39, item 8): the game page, the API's game detail and a player's
history, page and API, each read one snapshot (`league.store.snapshot`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from tests.web.raced_reads import EXPECTED, outcomes

ROOT = Path(__file__).parents[2]
PROGRAM = """
import django
django.setup()
from django.core.management import call_command
from django.test.utils import setup_test_environment
setup_test_environment()
call_command("migrate", verbosity=0)
from tests.web.raced_reads import beside_a_writer, outcomes
print("\\n".join([*outcomes(), *beside_a_writer()]))
"""


@pytest.mark.skipif(connection.vendor != "sqlite", reason="the SQLite file's own test")
def test_a_read_raced_by_a_confirmation_on_a_sqlite_file(tmp_path: Path) -> None:
    """The site's settings on a real SQLite file in WAL mode (the suite's in-memory database
    has no concurrent connections), in a program of its own; then every read answers while
    another connection holds the write lock."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TABLERANK_")}
    env = clean | {
        "DJANGO_SETTINGS_MODULE": "tablerank.server.settings",
        "TABLERANK_DATA_DIR": str(tmp_path),
        "TABLERANK_SECRET_KEY": "tests-only-not-a-secret",
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
    }
    result = subprocess.run(
        [sys.executable, "-c", PROGRAM], env=env, capture_output=True, text=True, timeout=120,
        check=False, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    expected = [*EXPECTED, "statuses [200]", "months kept meanwhile 0"]
    assert result.stdout.splitlines() == expected, result.stderr


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="the PostgreSQL suite's test")
def test_a_read_raced_by_a_confirmation_on_postgresql(empty_read_cache: None) -> None:
    assert outcomes() == EXPECTED

"""A read with a token only reads (issue 39, item 5): it answers while another process holds
the SQLite file's write lock and when the database refuses writes, and "last used" is still
recorded once the lock is free. The real settings in a fresh process on a real file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

PROGRAM = """
import json, sqlite3, time
import django
django.setup()
from django.core.management import call_command
from django.db import connection
from django.test import Client
from tablerank.league.services import ApiToken, issue_token
from django.contrib.auth.models import User

call_command("migrate", verbosity=0)
row, token = issue_token(User.objects.create_user("ann", password="x"), "laptop")
path = connection.settings_dict["NAME"]
client = Client(raise_request_exception=False)
seen = {}

def read(name):
    started = time.monotonic()
    answer = client.get("/api/tokens", headers={"Authorization": "Bearer " + token})
    seen[name] = {
        "status": answer.status_code,
        "seconds": time.monotonic() - started,
        "recorded": ApiToken.objects.get().last_used_at is not None,
    }

writer = sqlite3.connect(path, isolation_level=None)
writer.execute("BEGIN IMMEDIATE")  # another worker holds the write lock
writer.execute("UPDATE auth_user SET first_name = 'busy'")
read("while locked")
writer.execute("COMMIT")
read("lock free")

ApiToken.objects.update(last_used_at=None)
connection.close()
connection.settings_dict["NAME"] = "file:" + path + "?mode=ro"
read("read-only")
print(json.dumps(seen))
"""

TIMEOUT = 5
"""The busy timeout of the site's connection: a read that waited for the lock would take it."""


def run(tmp_path: Path) -> dict[str, Any]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TABLERANK_")}
    result = subprocess.run(
        [sys.executable, "-c", PROGRAM],
        env=clean
        | {
            "DJANGO_SETTINGS_MODULE": "tablerank.server.settings",
            "TABLERANK_DATA_DIR": str(tmp_path),
            "TABLERANK_SECRET_KEY": "tests-only-not-a-secret",
            "TABLERANK_ALLOWED_HOSTS": "testserver",
            "TABLERANK_SQLITE_TIMEOUT": str(TIMEOUT),
            "TABLERANK_STATIC_ROOT": str(tmp_path),
        },
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    seen: dict[str, Any] = json.loads(result.stdout.splitlines()[-1])
    return seen


def test_a_token_read_answers_at_once_while_writing_is_locked_or_refused(tmp_path: Path) -> None:
    seen = run(tmp_path)
    locked = seen["while locked"]
    assert locked["status"] == 200
    assert locked["seconds"] < TIMEOUT  # it did not wait for the writer
    assert not locked["recorded"]  # the lock was busy: "last used" skipped, not waited for
    assert seen["lock free"]["status"] == 200
    assert seen["lock free"]["recorded"]  # stale, the lock free: recorded
    assert seen["read-only"]["status"] == 200
    assert not seen["read-only"]["recorded"]

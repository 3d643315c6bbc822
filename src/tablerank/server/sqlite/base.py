"""Django's SQLite backend with one change: a database file that does not exist yet is created
with mode 0600 (and its folder with 0700), like the generated secret key, before SQLite opens
it. SQLite gives its ``-wal`` and ``-shm`` files the same mode as the database file."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from django.db.backends.sqlite3 import base


def create_private(path: Path) -> None:
    """Create `path` empty with mode 0600 (its folder 0700) unless it exists."""
    path.parent.mkdir(mode=0o700, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    os.close(fd)


class DatabaseWrapper(base.DatabaseWrapper):
    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        name = str(conn_params["database"])
        # Django opens every database as a URI; a plain path is a file, "file:..." is not ours.
        if not self.is_in_memory_db() and not name.startswith("file:"):
            create_private(Path(name))
        return super().get_new_connection(conn_params)

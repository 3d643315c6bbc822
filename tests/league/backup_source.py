"""A backup taken from an SQLite file holding every kind of row, and those rows as the backup
writes them, for the PostgreSQL suite to restore and compare.

Run as `python -m tests.league.backup_source BACKUP ROWS` with DJANGO_SETTINGS_MODULE and
TABLERANK_DATABASE_URL pointing at a new SQLite file.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import django


def main(backup: Path, rows: Path) -> None:
    django.setup()
    from django.core.management import call_command

    from tablerank.league.services.backups import take_backup
    from tests.league.every_table import every_row, fill

    call_command("migrate", verbosity=0)
    fill()
    take_backup(backup)
    rows.write_text(json.dumps(every_row()), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))

"""The SQLite half of the snapshot test: a backup of a new SQLite file while another
connection adds a group after the first table was read. Prints the groups in the database and
how many the backup holds, as JSON.

Run as `python -m tests.league.snapshot_worker BACKUP` with DJANGO_SETTINGS_MODULE and
TABLERANK_DATABASE_URL pointing at a new SQLite file.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

import django


def main(path: Path) -> None:
    django.setup()
    from django.contrib.auth.models import Group
    from django.core.management import call_command
    from django.db import connection

    from tablerank.league.services import backups
    from tablerank.league.store.backup_file import Writer
    from tablerank.league.store.backup_tables import Table, tables

    call_command("migrate", verbosity=0)
    held = [table.label for table in tables()]
    assert held.index("auth.group") > 0
    first = tables()[0]
    write_table = backups._write_table

    def writing_meanwhile(writer: Writer, table: Table) -> int:
        count = write_table(writer, table)
        if table == first:  # another connection, which must not wait for the backup
            with sqlite3.connect(connection.settings_dict["NAME"], timeout=0.5) as other:
                other.execute("INSERT INTO auth_group (name) VALUES ('meanwhile')")
        return count

    backups._write_table = writing_meanwhile
    taken = backups.take_backup(path)
    found = list(Group.objects.values_list("name", flat=True))
    print(json.dumps({"database": found, "backup": taken.rows["auth.group"]}))


if __name__ == "__main__":
    main(Path(sys.argv[1]))

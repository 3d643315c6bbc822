"""Plain multi-row INSERT statements, for the import and replay paths.

Building a Django model object per row cost more than rating the game, and one statement per
row (executemany) is slow on PostgreSQL, so rows go in as `INSERT ... VALUES (...), (...)` of up
to `ROWS_PER_STATEMENT` rows, the same SQL on SQLite and PostgreSQL. Values must already be
adapted for the database (`connection.ops.adapt_datefield_value` and friends).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import connection

__all__ = ["insert_rows"]

PARAMETERS_PER_STATEMENT = 30_000
"""SQLite allows 32,766 parameters per statement; PostgreSQL 65,535."""


def insert_rows(
    table: str, columns: Sequence[str], rows: Sequence[tuple[Any, ...]], *, suffix: str = ""
) -> None:
    """Insert `rows` (one value per column) into `table`; `suffix` follows the VALUES list
    (an ON CONFLICT clause)."""
    if not rows:
        return
    quote = connection.ops.quote_name
    head = f"INSERT INTO {quote(table)} ({', '.join(quote(c) for c in columns)}) VALUES "
    one = "(" + ", ".join(["%s"] * len(columns)) + ")"
    per_statement = max(1, PARAMETERS_PER_STATEMENT // len(columns))
    with connection.cursor() as cursor:
        for start in range(0, len(rows), per_statement):
            part = rows[start : start + per_statement]
            sql = head + ", ".join([one] * len(part)) + (f" {suffix}" if suffix else "")
            cursor.execute(sql, [value for row in part for value in row])

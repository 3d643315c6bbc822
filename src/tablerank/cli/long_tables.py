"""Long tables printed at the terminal's pace, looking as Rich prints them.

Rich lays out every cell of a table before it prints a line: about 0.23 ms a row, so the
standings of 20,000 players took 4.6 s to print, longer than rating the games. Above `LONG`
rows, each column is as wide as its widest cell; the title, the header and the borders are
Rich's own (a table of no rows at those widths: its styles on a terminal too), and each row is
one line written the way Rich writes it. A table wider than the terminal is printed whole
(Rich would squeeze its columns and wrap their cells). Tables Rich must lay out (cells over
several lines or styled, other boxes, centred columns) are left to Rich.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.table import Table

__all__ = ["LONG", "print_table"]

LONG = 1000
"""Rows above which a table is printed here rather than laid out by Rich (at most about 0.2 s
of Rich's layout)."""


def print_table(console: Console, table: Table) -> None:
    """Print `table` as `console.print(table)` would where it fits the terminal."""
    cells = _cells(table) if table.row_count > LONG else None
    if cells is None:
        console.print(table)
        return
    from rich.cells import cell_len

    headers = [str(column.header) for column in table.columns]
    widths = [max(map(cell_len, [h, *c])) for h, c in zip(headers, cells, strict=True)]
    right = [column.justify == "right" for column in table.columns]
    top, bottom = _frame(console, table, widths).rstrip("\n").rsplit("\n", 1)
    body = "".join(_line(row, widths, right) for row in zip(*cells, strict=True))
    console.file.write(f"{top}\n{body}{bottom}\n")
    console.file.flush()


def _cells(table: Table) -> list[list[str]] | None:
    """Each column's cells as plain text; None where Rich must lay the table out."""
    from rich import box

    plain = (
        table.box is box.HEAVY_HEAD and table.show_header and table.show_edge
        and not table.show_lines and not table.show_footer and table.padding == (0, 1, 0, 1)
        and all(column.justify in ("left", "right") for column in table.columns)
    )  # fmt: skip
    if not plain:
        return None
    columns: list[list[str]] = []
    for column in table.columns:
        texts = []
        for cell in column.cells:
            text = _plain(cell)
            if text is None or "\n" in text:
                return None
            texts.append(text)
        columns.append(texts)
    return columns


def _plain(cell: RenderableType) -> str | None:
    """The cell's text where it is plain text (a string, or a `Text` without styles)."""
    from rich.text import Text

    if isinstance(cell, str):
        return cell
    if isinstance(cell, Text) and not cell.style and not cell.spans:
        return cell.plain
    return None


def _frame(console: Console, table: Table, widths: list[int]) -> str:
    """Rich's rendering of the table without its rows: title, header, borders."""
    from rich.console import Console
    from rich.table import Column
    from rich.table import Table as Frame

    columns = [
        Column(c.header, justify=c.justify, width=w)
        for c, w in zip(table.columns, widths, strict=True)
    ]
    frame = Frame(*columns, title=table.title, title_justify=table.title_justify)
    wide = Console(
        file=io.StringIO(),
        width=max(console.width, sum(widths) + 3 * len(widths) + 1),
        force_terminal=console.is_terminal,
        color_system=console.color_system,  # type: ignore[arg-type]
        no_color=console.no_color,
        highlight=False,
    )
    wide.print(frame)
    return wide.file.getvalue()  # type: ignore[attr-defined, no-any-return]


def _line(row: tuple[str, ...], widths: list[int], right: list[bool]) -> str:
    from rich.cells import cell_len

    parts = []
    for text, width, to_right in zip(row, widths, right, strict=True):
        gap = " " * (width - cell_len(text))
        parts.append(gap + text if to_right else text + gap)
    return "│ " + " │ ".join(parts) + " │\n"

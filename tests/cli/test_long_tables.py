"""Long tables (`cli.long_tables`) print what Rich prints, line for line, where the table fits the
terminal, on a terminal (styles) and off it; tables Rich must lay out are left to Rich."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.table import Table
from rich.text import Text

from tablerank.cli import long_tables
from tablerank.cli.long_tables import print_table

names = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")),
    min_size=1,
    max_size=14,
)
rows = st.lists(
    st.tuples(st.integers(1, 99_999), names, st.floats(-5000, 5000), st.integers(0, 999)),
    min_size=1,
    max_size=30,
)


def standings(title: str, table_rows: list[tuple[int, str, float, int]]) -> Table:
    """A table built as `tablerank rate` builds one."""
    table = Table(title=Text(title), title_justify="left")
    table.add_column("Rank", justify="right")
    table.add_column("Player")
    table.add_column("Rating", justify="right")
    table.add_column("Games", justify="right")
    for rank, player, rating, games in table_rows:
        table.add_row(str(rank), Text(player), f"{rating:.3f}", str(games))
    return table


def printed(table: Table, *, terminal: bool, long: int, monkeypatch: pytest.MonkeyPatch) -> str:
    console = Console(
        file=io.StringIO(), width=120, highlight=False, force_terminal=terminal,
        color_system="standard" if terminal else None,
    )  # fmt: skip
    with monkeypatch.context() as patched:
        patched.setattr(long_tables, "LONG", long)
        print_table(console, table)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


@settings(max_examples=60, deadline=None)
@given(rows, st.sampled_from(["skill", "monthly list 2026-02, all cities (Open List), group base"]),
       st.booleans())  # fmt: skip
def test_a_long_table_prints_as_rich_prints_it(
    table_rows: list[tuple[int, str, float, int]], title: str, terminal: bool
) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        table = standings(title, table_rows)
        ours = printed(table, terminal=terminal, long=0, monkeypatch=monkeypatch)
        rich = printed(table, terminal=terminal, long=10**9, monkeypatch=monkeypatch)
    assert ours == rich


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t.add_row("1", "two\nlines", "3", "4"),
        lambda t: t.add_row("1", Text("styled", style="bold"), "3", "4"),
        lambda t: setattr(t, "show_lines", True),
    ],
)
def test_what_rich_must_lay_out_is_left_to_rich(
    change: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = standings("skill", [(1, "Ann", 1.5, 3), (2, "Ben", 0.5, 2)])
    change(table)  # type: ignore[operator]
    calls: list[Table] = []
    monkeypatch.setattr(Console, "print", lambda self, t, **_: calls.append(t))
    monkeypatch.setattr(long_tables, "LONG", 0)
    print_table(Console(file=io.StringIO()), table)
    assert calls == [table]


def test_a_short_table_is_richs_own(monkeypatch: pytest.MonkeyPatch) -> None:
    table = standings("skill", [(1, "Ann", 1.5, 3)])
    calls: list[Table] = []
    monkeypatch.setattr(Console, "print", lambda self, t, **_: calls.append(t))
    print_table(Console(file=io.StringIO()), table)
    assert calls == [table]


@pytest.mark.parametrize("terminal", [False, True])
def test_a_table_wider_than_the_terminal_is_printed_whole(
    terminal: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rich.cells import cell_len
    from rich.text import Text as Plain

    name = "a player whose name is longer than the terminal is wide " * 2
    table = standings("skill", [(1, name, 1.5, 3), (2, "Ben", 0.5, 2)])
    out = printed(table, terminal=terminal, long=0, monkeypatch=monkeypatch)
    lines = [Plain.from_ansi(line).plain for line in out.splitlines()[1:]]  # below the title
    assert len({cell_len(line) for line in lines}) == 1
    assert cell_len(lines[0]) > 120
    assert [cell.strip() for cell in lines[1].split("┃")[1:-1]] == [
        "Rank", "Player", "Rating", "Games"
    ]  # fmt: skip
    assert name in out

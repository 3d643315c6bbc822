"""Readable tables for the terminal. Names are printed as plain text, never as Rich markup.

Rich is imported only when something is printed, so importing this module costs the command's
start-up nothing.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import TYPE_CHECKING, Any

from tablerank.cli.long_tables import print_table

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["num", "print_explanation", "print_standings", "print_systems"]

_SHOWN_NOT_RATED = 10


@cache
def console() -> Console:
    """The terminal, without Rich's highlighting of numbers and names."""
    from rich.console import Console

    return Console(highlight=False)


def num(x: float) -> str:
    """A number as a table shows it: whole numbers without decimals, others to 3."""
    if float(x).is_integer():
        return str(int(x))
    return f"{x:.3f}".rstrip("0").rstrip(".")


def _signed(x: float) -> str:
    return ("+" if x > 0 else "") + num(x)


def print_standings(result: dict[str, Any]) -> None:
    """The standings as a table; one table per list where the system keeps several."""
    for key in result.get("lists", [None]):
        rows = [row for row in result["standings"] if row.get("list") == key]
        title = result["system"] if key is None else f"{result['system']}: {key}"
        _print_rows(title, rows)
    _print_not_rated(result["not_rated"])


def _print_rows(title: str, rows: list[dict[str, Any]]) -> None:
    from rich.table import Table
    from rich.text import Text

    uncertain = any("uncertainty" in row for row in rows)
    table = Table(title=Text(title), title_justify="left")
    table.add_column("Rank", justify="right")
    table.add_column("Player")
    table.add_column("Rating", justify="right")
    if uncertain:
        table.add_column("±", justify="right")
    table.add_column("Games", justify="right")
    for row in rows:
        cells: list[str | Text] = [str(row["rank"]), Text(row["player"]), num(row["rating"])]
        if uncertain:
            cells.append(num(row["uncertainty"]) + (" provisional" if row["provisional"] else ""))
        table.add_row(*cells, str(row["games"]))
    print_table(console(), table)


def _print_not_rated(items: list[dict[str, Any]]) -> None:
    if not items:
        return
    from rich.text import Text

    reasons = Counter(i["reason"] for i in items)
    summary = "; ".join(f"{n} x {reason}" for reason, n in reasons.most_common())
    console().print(Text(f"Not rated: {summary}"))
    for item in items[:_SHOWN_NOT_RATED]:
        who = item["player"] or "(whole record)"
        console().print(Text(f"  {item['record']}: {who}: {item['reason']}"))
    if len(items) > _SHOWN_NOT_RATED:
        console().print(Text(f"  ... and {len(items) - _SHOWN_NOT_RATED} more (--format json)"))


def print_explanation(result: dict[str, Any]) -> None:
    from rich.table import Table
    from rich.text import Text

    console().print(Text(f"{result['system']}: game {result['game']}", style="bold"))
    for note in result["notes"]:
        console().print(Text(note, style="dim"))
    table = Table(show_header=True)
    table.add_column("Player")
    table.add_column("Before", justify="right")
    table.add_column("Change", justify="right")
    table.add_column("After", justify="right")
    table.add_column("Why")
    for player, change in result["changes"].items():
        why = "\n".join(t["why"] for t in result["breakdown"].get(player, []))
        table.add_row(
            Text(player),
            num(result["before"][player]),
            _signed(change),
            num(result["after"][player]),
            Text(why),
        )
    console().print(table)
    _print_not_rated(result["not_rated"])


def print_systems(systems: list[dict[str, Any]]) -> None:
    from rich.text import Text

    for s in systems:
        line = Text(s["name"], style="bold")
        line.append(f"  {s['title']}  ({s['source']}; {s['order']})")
        console().print(line)
        for p in s["parameters"]:
            console().print(Text(f"    {p['name']}: {p['help']}", style="dim"))
            for name, value in _settings(p["name"], p["default"]):
                console().print(Text(f"      -p {name}={value}"))


def _settings(name: str, value: Any) -> list[tuple[str, str]]:
    """How to write a parameter's default on the command line (a table per key for mappings)."""
    if isinstance(value, dict):
        return [(f"{name}.{k}", _default(v)) for k, v in value.items()]
    return [(name, _default(value))]


def _default(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(_default(v) for v in value)
    return str(value).lower() if isinstance(value, bool) else str(value)

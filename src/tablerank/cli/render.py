"""Readable tables for the terminal. Names are printed as plain text, never as Rich markup."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

__all__ = ["print_explanation", "print_standings", "print_systems"]

_console = Console(highlight=False)
_SHOWN_NOT_RATED = 10


def _num(x: float) -> str:
    if float(x).is_integer():
        return str(int(x))
    return f"{x:.3f}".rstrip("0").rstrip(".")


def _signed(x: float) -> str:
    return ("+" if x > 0 else "") + _num(x)


def print_standings(result: dict[str, Any]) -> None:
    table = Table(title=Text(result["system"]), title_justify="left")
    table.add_column("Rank", justify="right")
    table.add_column("Player")
    table.add_column("Rating", justify="right")
    table.add_column("Games", justify="right")
    for row in result["standings"]:
        table.add_row(str(row["rank"]), Text(row["player"]), _num(row["rating"]), str(row["games"]))
    _console.print(table)
    _print_not_rated(result["not_rated"])


def _print_not_rated(items: list[dict[str, Any]]) -> None:
    if not items:
        return
    reasons = Counter(i["reason"] for i in items)
    summary = "; ".join(f"{n} x {reason}" for reason, n in reasons.most_common())
    _console.print(Text(f"Not rated: {summary}"))
    for item in items[:_SHOWN_NOT_RATED]:
        who = item["player"] or "(whole record)"
        _console.print(Text(f"  {item['record']}: {who}: {item['reason']}"))
    if len(items) > _SHOWN_NOT_RATED:
        _console.print(Text(f"  ... and {len(items) - _SHOWN_NOT_RATED} more (--format json)"))


def print_explanation(result: dict[str, Any]) -> None:
    _console.print(Text(f"{result['system']}: game {result['game']}", style="bold"))
    for note in result["notes"]:
        _console.print(Text(note, style="dim"))
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
            _num(result["before"][player]),
            _signed(change),
            _num(result["after"][player]),
            Text(why),
        )
    _console.print(table)
    _print_not_rated(result["not_rated"])


def print_systems(systems: list[dict[str, Any]]) -> None:
    for s in systems:
        line = Text(s["name"], style="bold")
        line.append(f"  {s['title']}  ({s['source']}; {s['order']})")
        _console.print(line)
        for p in s["parameters"]:
            _console.print(Text(f"    {p['name']}: {p['help']}", style="dim"))
            for name, value in _settings(p["name"], p["default"]):
                _console.print(Text(f"      -p {name}={value}"))


def _settings(name: str, value: Any) -> list[tuple[str, str]]:
    """How to write a parameter's default on the command line (a table per key for mappings)."""
    if isinstance(value, dict):
        return [(f"{name}.{k}", _default(v)) for k, v in value.items()]
    return [(name, _default(value))]


def _default(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(_default(v) for v in value)
    return str(value).lower() if isinstance(value, bool) else str(value)

"""Every list at once (issue 41): a file of many titles (A.R.E.A., skill) or game groups
(cow.elo) is rated with one table per list the system keeps, rather than refused with "choose
one with --title". A club's BG Stats export holds every game it plays: each title gets its own
standings, as a league's standings page shows them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from tablerank.engine.systems.base import RatingTable, Record, System

__all__ = ["Listed", "lists_of", "rate_each_list"]


@runtime_checkable
class Listed(Protocol):
    """A system that keeps a list per title or group (`ReplaySystem`, `Skill`)."""

    list_name: str

    def refusal(self, record: Record) -> str | None: ...

    def list_key(self, record: Any) -> str: ...


def lists_of(system: System, records: Sequence[Record]) -> list[str]:
    """The lists `system` keeps that the records it rates count in, in the order first met
    (one, "", for a system with one list)."""
    if not isinstance(system, Listed) or not system.list_name:
        return [""]
    keys = (system.list_key(r) for r in records if system.refusal(r) is None)
    return list(dict.fromkeys(keys)) or [""]


def rate_each_list(
    system: System, records: Sequence[Record], start: Mapping[str, float] | None = None
) -> list[tuple[str, RatingTable]]:
    """The standings of each list the records count in, by list, in the order first met; one
    table (list "") where they count in one list. The records the system does not rate are the
    first table's `not_rated`."""
    lists = lists_of(system, records)
    if len(lists) == 1:
        return [(lists[0], system.rate(records, start))]
    assert isinstance(system, Listed)
    by_list: dict[str | None, list[Record]] = {key: [] for key in lists}
    for record in records:
        key = system.list_key(record) if system.refusal(record) is None else None
        by_list[lists[0] if key is None else key].append(record)
    return [(key, system.rate(by_list[key], start)) for key in lists]

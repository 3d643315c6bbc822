"""Pages of a long list (standings, ranking lists): the API's `?page=&limit=` and the web's page
links read the same rule. Page 1 of an empty list is an empty page; a page past the last one
is refused (`PastTheEnd`, a 404 at the doors), so a client walking `next` links stops cleanly."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Generic, TypeVar, cast

from django.db.models import QuerySet

from tablerank.league.errors import LeagueError

__all__ = ["DEFAULT_LIMIT", "MAX_LIMIT", "Page", "PastTheEnd", "page_of"]

DEFAULT_LIMIT = 100
"""Rows per page unless the caller asks for another number."""
MAX_LIMIT = 1000
"""The most rows one page holds."""

_T = TypeVar("_T")


class PastTheEnd(LeagueError):
    """A page after the last one."""


@dataclasses.dataclass(frozen=True)
class Page(Generic[_T]):
    """One page of `count` rows: `rows` are those from `first` on (0-based)."""

    rows: Sequence[_T]
    number: int
    limit: int
    count: int

    @property
    def pages(self) -> int:
        """How many pages the rows fill (1 for an empty list)."""
        return max(1, -(-self.count // self.limit))

    @property
    def first(self) -> int:
        return (self.number - 1) * self.limit

    @property
    def last(self) -> int:
        """How many rows come before the next page (the last row's place, from 1)."""
        return self.first + len(self.rows)

    @property
    def has_next(self) -> bool:
        return self.number < self.pages

    @property
    def has_previous(self) -> bool:
        return self.number > 1


def page_of(
    rows: Sequence[_T] | QuerySet[Any], number: int = 1, limit: int = DEFAULT_LIMIT
) -> Page[_T]:
    """Page `number` (from 1) of `rows`, `limit` rows a page (1 to `MAX_LIMIT`). A query set is
    counted and sliced by the database (COUNT, then LIMIT and OFFSET), never read whole."""
    if not 1 <= limit <= MAX_LIMIT:
        raise LeagueError("limit", f"expected 1 to {MAX_LIMIT} rows a page, got {limit}")
    if number < 1:
        raise LeagueError("page", f"expected a page number from 1, got {number}")
    count = rows.count() if isinstance(rows, QuerySet) else len(rows)
    page: Page[_T] = Page((), number, limit, count)
    if number > page.pages:
        raise PastTheEnd(
            "page", f"page {number} is past the last page, {page.pages} ({count} rows)"
        )
    shown = rows[page.first : page.first + limit]  # a query set: LIMIT and OFFSET
    return dataclasses.replace(page, rows=cast(Sequence[_T], shown))

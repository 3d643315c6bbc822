"""Cached reads: an expensive read's result kept under (league, revision, what was asked), and
the ETag naming that result, so a write that bumps the league's revision invalidates both.

Why a per-process cache is enough: the key carries the revision read from the database, never
a value the process remembers, so a process that missed a write still asks for the new key and
computes it; a stale entry is never found, only left to age out (Django's cache culls the least
recently used). Each worker computes a result once per revision. The revision is read before
the data, so an entry is never older than its key (a write commits its data and its bump
together).

Inside a transaction nothing is cached: its reads may see writes that are rolled back, whose
revision a later write would take again with other data (tests run in such transactions). A
read's snapshot (`snapshot.snapshot`) is no such transaction: what it reads is committed.

A hint (`hint`, `keep_hint`) is the one thing kept across revisions: where a computation may
start (skill's EM starts from the last fit's spreads), never a result, so a stale one costs
time, not correctness. A result of an earlier revision (`earlier`, `keep_earlier`) is kept
across revisions too, for a computation that brings it up to date with the months changed
since (skill's columns: only the months a write marked are read again).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable
from typing import TypeVar

from django.conf import settings
from django.core.cache import BaseCache, caches

from tablerank.league.models import League
from tablerank.league.store.revisions import revision_of
from tablerank.league.store.snapshot import may_roll_back

__all__ = [
    "CACHE",
    "cached",
    "current",
    "earlier",
    "etag_of",
    "fingerprint",
    "hint",
    "keep_earlier",
    "keep_hint",
    "stored",
]

CACHE = "reads"
"""The alias in `settings.CACHES` of the reads' cache (`default` is used when it is missing)."""

_T = TypeVar("_T")
_MISSING = object()


def _store() -> BaseCache:
    return caches[CACHE if CACHE in settings.CACHES else "default"]


def fingerprint(*parts: Hashable) -> str:
    """A short digest of what a read was asked (its kind and parameters, in order)."""
    return hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()


def current(league: League) -> int:
    """The league's revision as the database has it now (the instance's may be stale)."""
    return revision_of(league.pk)


def _key(league: League, revision: int, asked: str) -> str:
    return f"tablerank:reads:{league.pk}:{league.created_at.timestamp()}:{revision}:{asked}"


def cached(
    league: League,
    kind: str,
    params: tuple[Hashable, ...],
    compute: Callable[[], _T],
    *,
    revision: int | None = None,
) -> _T:
    """`compute()`, or the value it returned before at the league's current revision (or at
    `revision`, read from the database by the caller before it read anything else). Errors are
    not cached: they are raised each time."""
    if may_roll_back():
        return compute()
    store = _store()
    at = current(league) if revision is None else revision
    key = _key(league, at, fingerprint(kind, *params))
    found = store.get(key, _MISSING)
    if found is not _MISSING:
        return found  # type: ignore[no-any-return]
    value = compute()
    store.set(key, value)
    return value


def stored(league: League, kind: str, params: tuple[Hashable, ...], *, revision: int) -> object:
    """What `cached` keeps for these arguments at `revision`, or None when nothing is kept
    (inside a transaction nothing ever is)."""
    if may_roll_back():
        return None
    return _store().get(_key(league, revision, fingerprint(kind, *params)))


def hint(league: League, kind: str, params: tuple[Hashable, ...]) -> object | None:
    """What `keep_hint` kept for these arguments at any revision, or None (inside a transaction
    nothing is kept). A hint is where a computation may start, never a result: a stale one
    costs time, never correctness."""
    if may_roll_back():
        return None
    found: object | None = _store().get(_hint_key(league, fingerprint(kind, *params)))
    return found


def keep_hint(league: League, kind: str, params: tuple[Hashable, ...], value: object) -> None:
    """Keep `value` as the hint for these arguments, whatever the revision (not inside a
    transaction, whose writes may be rolled back)."""
    if not may_roll_back():
        _store().set(_hint_key(league, fingerprint(kind, *params)), value)


def earlier(league: League, kind: str, params: tuple[Hashable, ...]) -> tuple[int, object] | None:
    """What `keep_earlier` kept for these arguments, and the revision it was read at, whatever
    the revision now; None inside a transaction. Unlike a hint it is a result, of that
    revision: only a caller that brings it up to date with what changed since may use it
    (`list_months.changed_since` says which months did)."""
    if may_roll_back():
        return None
    found = _store().get(_hint_key(league, fingerprint("earlier", kind, *params)))
    return found if isinstance(found, tuple) and len(found) == 2 else None


def keep_earlier(
    league: League, kind: str, params: tuple[Hashable, ...], revision: int, value: object
) -> None:
    """Keep `value`, read at `revision` (read before the data), for `earlier` (not inside a
    transaction, whose writes may be rolled back)."""
    if not may_roll_back():
        _store().set(_hint_key(league, fingerprint("earlier", kind, *params)), (revision, value))


def _hint_key(league: League, asked: str) -> str:
    return f"tablerank:hints:{league.pk}:{league.created_at.timestamp()}:{asked}"


def etag_of(league: League, revision: int, *asked: Hashable) -> str:
    """A quoted ETag for a response of `league` at `revision` to what was `asked` (the path,
    parameters, page and anything else the body depends on)."""
    return f'"{league.pk}-{revision}-{fingerprint(league.created_at.timestamp(), *asked)}"'

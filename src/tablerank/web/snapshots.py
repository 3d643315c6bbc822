"""Every page reads one snapshot: a GET (or HEAD) runs inside `league.store.snapshot.snapshot()`, so
a game page, a player's history or the standings never mix states when a result is confirmed
while they are read. The JSON API opens its own, after the token is checked (`api.api`)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from tablerank.league.queries import snapshot

__all__ = ["PagesReadOneSnapshot"]

API = "/api/"
READS = frozenset({"GET", "HEAD"})


class PagesReadOneSnapshot:
    """Run each read of a page (GET, HEAD) in one snapshot; forms that write are left alone."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method not in READS or request.path.startswith(API):
            return self.get_response(request)
        with snapshot():
            return self.get_response(request)

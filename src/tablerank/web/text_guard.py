"""Text no database column can hold, refused at the site's door: a NUL character in a page's
address or query string is a 400, never a database error (PostgreSQL refuses NUL in any text).

Django's form fields refuse NUL in what a form posts; the pages read their filters (a player,
a city, names typed) from the query string themselves, so the check is here, once for all of
them. The JSON API checks its own input (`api.limits.text_ok`) and answers in JSON: it is left
to that."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse

__all__ = ["NulRefused"]

NUL = "\x00"
API = "/api/"


class NulRefused:
    """Answer 400 to a site request whose path or query string holds a NUL character."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith(API) and _holds_nul(request):
            raise BadRequest("text cannot contain a NUL character")
        return self.get_response(request)


def _holds_nul(request: HttpRequest) -> bool:
    if NUL in request.path:
        return True
    return any(NUL in key or any(NUL in value for value in values)
               for key, values in request.GET.lists())  # fmt: skip

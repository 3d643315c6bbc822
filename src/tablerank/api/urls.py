"""/api/...: the JSON API, with JSON answers even where Django would answer in HTML.

Django answers an unknown URL (404) and ninja an unsupported method (405) in HTML or plain
text; here both are JSON errors like every other refusal.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import URLPattern, URLResolver, re_path
from django.views.decorators.csrf import csrf_exempt

from tablerank.api import standings
from tablerank.api.api import api
from tablerank.api.errors import error_response

View = Callable[..., HttpResponse]


def json_refusals(view: View) -> View:
    """The view, with a 405 answer or a Django 404 (ninja's root, /api/) as JSON errors."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            response = view(request, *args, **kwargs)
        except Http404:
            return not_found(request, request.path.removeprefix("/api/"))
        if response.status_code == 405 and response.get("Content-Type", "").startswith("text/"):
            allowed = ", ".join(sorted(m.strip() for m in response.get("Allow", "").split(",")))
            message = f"{request.method} is not allowed here; use {allowed}"
            refusal = error_response(405, ("", message))
            refusal["Allow"] = allowed
            return refusal
        return response

    # The API authenticates by token, never by cookie, so there is no cross-site request to
    # forge; ninja's own views are exempt already, its root view (/api/) is not.
    return csrf_exempt(wrapped)


@csrf_exempt
def not_found(request: HttpRequest, path: str) -> HttpResponse:
    return error_response(404, ("", f"no API endpoint /api/{path}; see /api/openapi.json"))


def _with_json_refusals(pattern: URLPattern | URLResolver) -> URLPattern | URLResolver:
    if not isinstance(pattern, URLPattern):
        return pattern
    view = pattern.callback
    if pattern.name in standings.CACHED_READS:
        view = standings.cache_first(view)
    view = json_refusals(view)
    return URLPattern(pattern.pattern, view, pattern.default_args, pattern.name)


app_name = "api"
urlpatterns: list[URLPattern | URLResolver] = [
    *(_with_json_refusals(pattern) for pattern in api.urls[0]),
    re_path(r"^(?P<path>.*)$", not_found),
]

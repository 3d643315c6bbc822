"""The site's answer to an unexpected error (Django's `handler500`): a database that cannot
store anything (`league.store.storage`) is a 503 with a plain sentence, as JSON in the API's error
shape under /api/ and as a page elsewhere; anything else is Django's 500 page.

The API's own handler passes such an error on to here (`api.errors`), so the web pages, the
API and the middleware (a session saved as the answer leaves) share this one decision."""

from __future__ import annotations

import sys

from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.views import defaults

from tablerank.api.errors import error_response
from tablerank.league.services import storage_trouble

__all__ = ["server_error"]

API = "/api/"


def server_error(request: HttpRequest) -> HttpResponse:
    message = storage_trouble(sys.exc_info()[1])
    if message is None:
        return defaults.server_error(request)
    if request.path.startswith(API):
        return error_response(503, ("", message))
    # No request context: its processors would ask the database again.
    page = loader.get_template("503.html").render({"message": message})
    return HttpResponse(page, status=503)

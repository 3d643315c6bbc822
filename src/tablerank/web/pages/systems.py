"""The "How the ratings work" pages: every rating system in a line, and each one's page from
docs/systems (`tablerank.web.system_docs` renders them once per process).

The same for every visitor but for the page's frame (who is signed in), so each answer carries
an ETag naming the page and the visitor, and a browser asking again gets a 304."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from tablerank.engine.systems import SYSTEMS
from tablerank.web import system_docs
from tablerank.web.pages.common import user_of
from tablerank.web.templatetags.tablerank_web import system_family, system_label


def _cached(request: HttpRequest, what: str, page: Callable[[], HttpResponse]) -> HttpResponse:
    """`page()` with an ETag naming `what` and the visitor, or 304 when the browser has it."""
    user = user_of(request)
    visitor = (user.pk, user.get_username(), request.COOKIES.get(settings.CSRF_COOKIE_NAME))
    etag = '"' + hashlib.sha256(repr((what, visitor)).encode()).hexdigest()[:32] + '"'
    response = get_conditional_response(request, etag=etag) or page()
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    return response


@require_GET
def systems(request: HttpRequest) -> HttpResponse:
    """Every rating system: its name, family and what it rewards in a line, then the rules
    they all share."""
    rows = [
        {"system": row.system, "label": system_label(row.system),
         "family": system_family(row.system), "rewards": row.rewards, "source": row.source}
        for row in system_docs.catalogue().values()
    ]  # fmt: skip
    shared = mark_safe(system_docs.shared_rules_html())  # markdown rendered with raw HTML off
    context = {"rows": rows, "shared": shared}
    return _cached(request, "", lambda: render(request, "web/pages/systems.html", context))


@require_GET
def system_page(request: HttpRequest, system: str) -> HttpResponse:
    """One system's page; a 404 for a system tablerank does not have."""
    doc = system_docs.catalogue().get(system)
    if doc is None or system not in SYSTEMS:
        raise Http404("no such rating system")

    def page() -> HttpResponse:
        html = mark_safe(system_docs.page_html(system))  # markdown rendered with raw HTML off
        context = {"system": system, "doc": doc, "html": html, "label": system_label(system),
                   "family": system_family(system), "title": SYSTEMS[system].title}  # fmt: skip
        return render(request, "web/pages/system.html", context)

    return _cached(request, system, page)

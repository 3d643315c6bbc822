"""Numbers as the visitor's language writes them (issue 14): 1,032.5 in English, 1.032,5 in
German, 1 032,5 in French, with Django's own format for each language in `settings.LANGUAGES`.

The middleware picks the language as Django's LocaleMiddleware would (the language cookie, then
the browser's Accept-Language, else `LANGUAGE_CODE`) but does not activate it: only the numbers
the site's filters write (`templatetags.tablerank_web`: `num`, `signed`, `percent`, ...) follow
it. The site's and Django's texts stay English, and a number written raw into a form field or a
data attribute keeps the dot that forms and scripts read. Responses vary by Accept-Language.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from decimal import Decimal

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import formats, numberformat, translation
from django.utils.cache import patch_vary_headers

__all__ = ["MINUS", "NumberFormatMiddleware", "language", "number"]

MINUS = "\u2212"
"""The sign of a negative number on the pages: a real minus, as wide as the plus."""

_language: ContextVar[str | None] = ContextVar("number_language", default=None)


def language() -> str:
    """The language whose number format this request's pages use."""
    return _language.get() or settings.LANGUAGE_CODE


def number(value: float, decimals: int) -> str:
    """`value` with `decimals` decimals, grouped by thousands, in `language()`'s format; a
    negative number with a real minus sign."""
    lang = language()
    rounded = Decimal(f"{abs(value):.{decimals}f}")  # Django's own formatter truncates floats
    text = numberformat.format(
        rounded,
        str(formats.get_format("DECIMAL_SEPARATOR", lang)),
        decimals,
        formats.get_format("NUMBER_GROUPING", lang),
        str(formats.get_format("THOUSAND_SEPARATOR", lang)),
        force_grouping=True,
    )
    negative = value < 0 and any(digit in "123456789" for digit in text)
    return MINUS + text if negative else text


class NumberFormatMiddleware:
    """Sets the request's number language (see the module's doc); every request starts and
    ends without one."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = _language.set(translation.get_language_from_request(request))
        try:
            response = self.get_response(request)
        finally:
            _language.reset(token)
        patch_vary_headers(response, ("Accept-Language",))
        return response

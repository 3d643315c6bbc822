"""Every refusal as JSON: ``{"error": {"field": ..., "message": ...}}``.

Where several fields are at fault the body also has ``"errors"``, a list of the same objects
(``"error"`` is then the first of them). Each kind of refusal has one status:

| status | when |
| --- | --- |
| 400 | the body is not JSON |
| 401 | no token, or an unknown or revoked one, where one is needed; wrong username or password |
| 403 | the caller's roles do not allow it (`NotAllowed`, `NotYourSeat`) |
| 404 | no such league (or a private one the caller does not belong to), player, game, URL |
| 405 | the URL exists but not with this method |
| 409 | the request conflicts with what is stored: a duplicate id or player, a second signature,
  a result that is no longer pending, one already voided, a player whose results or account
  stand in the way of a merge or removal (`InUse`) |
| 413 | the body is too large |
| 422 | a field breaks a rule: the record's (`RecordError`), the league's (`LeagueError`), a
  setting's (model validation), or the request's shape |
| 429 | too many failed sign-ins, or too many invitations in an hour (`TooMany`) |
| 500 | anything unexpected; logged with its traceback (``django.request``) |
| 503 | the database cannot store anything: a full disk, a read-only database (`server.errors`) |
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.core.exceptions import ValidationError as ModelValidationError
from django.db import DataError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.utils.log import log_response
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, Throttled
from ninja.errors import ValidationError as RequestValidationError

from tablerank.errors import RecordError, TablerankError
from tablerank.league.errors import (
    AlreadySigned,
    AlreadyVoided,
    AppendOnly,
    DuplicateLeague,
    DuplicatePlayer,
    DuplicateRecord,
    InUse,
    LeagueError,
    NotAllowed,
    NotFound,
    NotPending,
    TooMany,
)
from tablerank.league.services import storage_trouble

__all__ = [
    "ApiError",
    "BadInput",
    "error_body",
    "error_response",
    "field_renamed",
    "install_handlers",
]

Problem = tuple[str, str]
"""One fault: the field (dotted, as in the request: ``seats[1].vp``) and the message."""

CONFLICTS: tuple[type[Exception], ...] = (
    AlreadySigned,
    AlreadyVoided,
    AppendOnly,
    DuplicateLeague,
    DuplicatePlayer,
    DuplicateRecord,
    InUse,
    NotPending,
)
"""League refusals that are about what is stored already, not the request itself: 409."""

SIGN_IN = "POST /api/tokens issues a token"


PARAMETERS = frozenset({"data", "filters", "query"})
"""The views' own names for a whole body or query schema: left out of a field's name."""


class ApiError(Exception):
    """A refusal the API itself decides (not found, no token, bad credentials, ...)."""

    def __init__(self, status: int, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.status = status
        self.field = field
        self.message = message


class BadInput(ValueError):
    """A value in a game record the database cannot hold (a NUL character), found before it
    reaches it (`schemas.check_text`)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@contextmanager
def field_renamed(old: str, new: str) -> Iterator[None]:
    """Name a league refusal's field as the request spells it (`list_key` is `?list=`)."""
    try:
        yield
    except LeagueError as exc:
        if exc.field != old:
            raise
        raise LeagueError(new, exc.message) from None


def error_body(problems: Sequence[Problem]) -> dict[str, Any]:
    """The JSON body of a refusal: the first problem, and all of them when there are several."""
    items = [{"field": field, "message": message} for field, message in problems]
    body: dict[str, Any] = {"error": items[0]}
    if len(items) > 1:
        body["errors"] = items
    return body


def error_response(status: int, *problems: Problem) -> HttpResponse:
    response = JsonResponse(error_body(problems), status=status)
    if status == 401:
        response["WWW-Authenticate"] = 'Bearer realm="tablerank"'
    return response


def _field(loc: Iterable[Any]) -> str:
    """A pydantic location as the request spells it: ``("body", "data", "seats", 1, "vp")`` is
    ``seats[1].vp``; the part of the request and the parameter's own name are left out."""
    parts = list(loc)
    if parts and parts[0] in {"body", "query", "path", "header", "cookie", "form"}:
        parts = parts[1:]
    if parts and parts[0] in PARAMETERS:
        parts = parts[1:]
        if not parts:  # the whole body (or query) is missing or of the wrong type
            return "body"
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _validation(request: HttpRequest, exc: RequestValidationError) -> HttpResponse:
    problems = [(_field(e.get("loc", ())), str(e.get("msg", "invalid value"))) for e in exc.errors]
    return error_response(422, *(problems or [("", "invalid request")]))


def _model_validation(request: HttpRequest, exc: ModelValidationError) -> HttpResponse:
    if not hasattr(exc, "error_dict"):
        return error_response(422, *(("", message) for message in exc.messages))
    problems = [
        (field if field != "__all__" else "", message)
        for field, messages in exc.message_dict.items()
        for message in messages
    ]
    unique = any(e.code == "unique" for errors in exc.error_dict.values() for e in errors)
    return error_response(409 if unique else 422, *problems)


def _http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    if isinstance(exc, AuthenticationError):
        return error_response(
            401, ("Authorization", f"send Authorization: Bearer <token>; {SIGN_IN}")
        )
    if isinstance(exc, Throttled):
        return error_response(429, ("", "too many requests; try again later"))
    if exc.status_code == 400 and exc.__cause__ is not None:  # ninja could not parse the body
        return error_response(400, ("body", "expected a JSON body"))
    return error_response(exc.status_code, ("", exc.message))


def _league_refusal(exc: TablerankError) -> HttpResponse:
    field = str(getattr(exc, "field", "") or "")
    message = str(getattr(exc, "message", "") or exc)
    if isinstance(exc, NotAllowed):
        return error_response(403, (field, message))
    if isinstance(exc, NotFound):
        return error_response(404, (field, message))
    if isinstance(exc, TooMany):
        return error_response(429, (field, message))
    if isinstance(exc, CONFLICTS):
        return error_response(409, (field, message))
    return error_response(422, (field, message))


def _too_big(request: HttpRequest, exc: Exception) -> HttpResponse:
    if isinstance(exc, RequestDataTooBig):
        return error_response(413, ("body", "the request body is too large"))
    return error_response(400, ("", "the request was refused as malformed"))


def _unstorable(request: HttpRequest, exc: Exception) -> HttpResponse:
    # The database's own limits: a text longer than its column, a number beyond its range.
    return error_response(
        422, ("", "a value is too long or too large to store; check the lengths and numbers")
    )


def _unexpected(request: HttpRequest, exc: Exception) -> HttpResponse:
    if storage_trouble(exc) is not None:
        raise exc  # the site's one answer to it on every door: a 503 (`server.errors`)
    response = error_response(
        500, ("", "internal error; it was logged, and the request may be tried again")
    )
    # Logged as Django logs every server error (django.request, with the traceback), once.
    log_response(
        "Internal Server Error: %s", request.path, response=response, request=request, exception=exc
    )
    return response


def install_handlers(api: NinjaAPI) -> None:
    """Route every refusal through `error_response` (ninja picks the handler by the MRO)."""
    handlers: Mapping[type[Exception], Any] = {
        ApiError: lambda request, exc: error_response(exc.status, (exc.field, exc.message)),
        BadInput: lambda request, exc: error_response(422, (exc.field, exc.message)),
        RequestValidationError: _validation,
        ModelValidationError: _model_validation,
        HttpError: _http_error,
        Http404: lambda request, exc: error_response(404, ("", "not found")),
        RecordError: lambda request, exc: error_response(422, (exc.field, exc.message)),
        TablerankError: lambda request, exc: _league_refusal(exc),
        SuspiciousOperation: _too_big,
        MultiPartParserError: lambda request, exc: error_response(
            400, ("body", "expected a JSON body")
        ),
        DataError: _unstorable,
        OverflowError: _unstorable,
        Exception: _unexpected,
    }
    for kind, handler in handlers.items():
        api.add_exception_handler(kind, handler)

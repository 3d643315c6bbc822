"""Importing results from a file on the web (issue 13): an organizer uploads a BG Stats export,
BoardGameGeek plays, a CSV or a spreadsheet, or tablerank's own JSON; the page previews what
the import would do (`services.import_files` with `preview`: the import itself, rolled back),
lets each new name be mapped onto an existing player, and imports on confirmation (the same
door with the names mapped, as `league import` calls it).

The upload waits in a temporary folder between the preview and the confirmation; the session
holds its place, so only who uploaded it confirms or cancels it, in this league. The folder goes
when the import is confirmed or cancelled, or a day later (`import_preview.new_upload_folder`).
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods, require_POST

from tablerank.errors import TablerankError
from tablerank.league.errors import LeagueError
from tablerank.league.models import League
from tablerank.league.services import (
    ImportSummary,
    column_map,
    drop_upload,
    import_files,
    new_upload_folder,
)
from tablerank.web.actions.common import ORGANIZERS, league_view, refusal_status, user_of

MAX_UPLOAD = 50 * 1024 * 1024
"""The largest file the page takes (a club's whole history is a few megabytes)."""
SESSION = "tablerank-imports"
"""Where the session keeps the uploads waiting for their confirmation."""


def _page(request: HttpRequest, league: League, status: int = 200, **extra: Any) -> HttpResponse:
    context = {"league": league, "nav": "members", "max_mb": MAX_UPLOAD // (1024 * 1024),
               "columns": league.import_columns}  # fmt: skip
    return render(request, "web/actions/import.html", context | extra, status=status)


@require_http_methods(["GET", "POST"])
@league_view(*ORGANIZERS)
def import_file(request: HttpRequest, league: League) -> HttpResponse:
    """The upload form (GET), and the preview of the uploaded file (POST)."""
    if request.method == "GET":
        return _page(request, league)
    upload = request.FILES.get("file")
    if upload is None:
        return _page(request, league, 400, problem="choose a file to import")
    if upload.size is not None and upload.size > MAX_UPLOAD:
        return _page(request, league, 413, problem=f"the file is over {MAX_UPLOAD >> 20} MB")
    written = request.POST.get("columns", "").strip()
    try:
        columns = column_map(written) if written else None
    except TablerankError as exc:
        return _page(request, league, 400, problem=str(exc), columns=written)
    folder = new_upload_folder()
    path = folder / (Path(upload.name or "upload").name or "upload")
    pending = request.POST.get("pending") == "on"
    try:
        with path.open("wb") as out:
            for chunk in upload.chunks():
                out.write(chunk)
        preview = import_files(
            league, [path], user_of(request), pending=pending, preview=True, columns=columns
        )
    except TablerankError as exc:
        drop_upload(folder)
        status = refusal_status(exc) if isinstance(exc, LeagueError) else 400
        return _page(request, league, status, problem=_words(exc, folder), columns=written)
    except BaseException:
        drop_upload(folder)
        raise
    token = secrets.token_urlsafe(16)
    waiting = request.session.setdefault(SESSION, {})
    waiting[token] = {
        "league": league.pk, "path": str(path), "pending": pending, "columns": written,
    }  # fmt: skip
    request.session.modified = True
    return _page(
        request,
        league,
        token=token,
        name=path.name,
        preview=_named(preview, folder),
        pending=pending,
    )


@require_POST
@league_view(*ORGANIZERS)
def import_confirm(request: HttpRequest, league: League) -> HttpResponse:
    """Import the previewed file, each new name mapped as the form says."""
    waiting = request.session.get(SESSION, {})
    entry = waiting.pop(request.POST.get("token", ""), None)
    request.session.modified = True
    if entry is None or entry["league"] != league.pk or not Path(entry["path"]).exists():
        return _page(request, league, 400, problem="that upload is gone: upload the file again")
    path = Path(entry["path"])
    mapping = _mapping(request)
    try:
        written = entry.get("columns", "")
        summary = import_files(
            league, [path], user_of(request), pending=entry["pending"], mapping=mapping,
            columns=column_map(written) if written else None,
        )  # fmt: skip
    except TablerankError as exc:
        status = refusal_status(exc) if isinstance(exc, LeagueError) else 400
        return _page(request, league, status, problem=_words(exc, path.parent))
    finally:
        drop_upload(path.parent)
    messages.success(request, f"{len(summary.imported)} records imported from {path.name}.")
    return _page(request, league, done=_named(summary, path.parent), name=path.name)


@require_POST
@league_view(*ORGANIZERS)
def import_cancel(request: HttpRequest, league: League) -> HttpResponse:
    """Forget a previewed upload: its file is deleted at once."""
    waiting = request.session.get(SESSION, {})
    token = request.POST.get("token", "")
    if waiting.get(token, {}).get("league") == league.pk:
        drop_upload(Path(waiting.pop(token)["path"]).parent)
        request.session.modified = True
    return _page(request, league, cancelled=True)


def _named(summary: ImportSummary, folder: Path) -> ImportSummary:
    """The summary naming the uploaded file rather than where it waits (`_words`)."""
    summary.rejected = [(rid, _words(why, folder)) for rid, why in summary.rejected]
    summary.skipped = [(rid, _words(why, folder)) for rid, why in summary.skipped]
    summary.notes = [(rid, _words(why, folder)) for rid, why in summary.notes]
    return summary


def _mapping(request: HttpRequest) -> dict[str, str]:
    """New names (``new-N``) mapped onto existing players (``map-N``; empty: a new player)."""
    out: dict[str, str] = {}
    for key in request.POST:
        if key.startswith("new-"):
            onto = request.POST.get(f"map-{key[4:]}", "").strip()
            if onto:
                out[request.POST.get(key, "")] = onto
    return out


def _words(message: object, folder: Path) -> str:
    """The message, naming the uploaded file rather than where it waits."""
    return str(message).replace(f"{folder}/", "")

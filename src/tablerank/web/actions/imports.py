"""Importing results from a file on the web (issue 13): an organizer uploads a BG Stats export,
BoardGameGeek plays, a CSV or a spreadsheet, or tablerank's own JSON; the page previews what
the import would do (`import_preview.preview_import`: the import itself, rolled back), lets
each new name be mapped onto an existing player, and imports on confirmation
(`importing.import_records`, the service `league import` and the API call).

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

from tablerank.engine.records import Event, Game
from tablerank.errors import TablerankError
from tablerank.formats.located import Located, Rejected, Skipped
from tablerank.formats.reading import read_each
from tablerank.league.errors import LeagueError
from tablerank.league.models import League, Player
from tablerank.league.services import (
    drop_upload,
    import_records,
    new_upload_folder,
    preview_import,
    with_names,
)
from tablerank.web.actions.common import ORGANIZERS, league_view, refusal_status, user_of

MAX_UPLOAD = 50 * 1024 * 1024
"""The largest file the page takes (a club's whole history is a few megabytes)."""
SESSION = "tablerank-imports"
"""Where the session keeps the uploads waiting for their confirmation."""


class _Unreadable(TablerankError):
    """The upload cannot be read as records at all."""


def _page(request: HttpRequest, league: League, status: int = 200, **extra: Any) -> HttpResponse:
    context = {"league": league, "nav": "members", "max_mb": MAX_UPLOAD // (1024 * 1024)}
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
    folder = new_upload_folder()
    path = folder / (Path(upload.name or "upload").name or "upload")
    pending = request.POST.get("pending") == "on"
    try:
        with path.open("wb") as out:
            for chunk in upload.chunks():
                out.write(chunk)
        records, rejected, skipped = _read(path)
        preview = preview_import(league, records, user_of(request), pending=pending)
    except TablerankError as exc:
        drop_upload(folder)
        status = refusal_status(exc) if isinstance(exc, LeagueError) else 400
        return _page(request, league, status, problem=_words(exc, folder))
    except BaseException:
        drop_upload(folder)
        raise
    token = secrets.token_urlsafe(16)
    waiting = request.session.setdefault(SESSION, {})
    waiting[token] = {"league": league.pk, "path": str(path), "pending": pending}
    request.session.modified = True
    return _page(
        request,
        league,
        token=token,
        name=path.name,
        preview=preview.summary,
        rejected=[(r.id, _words(r.error, folder)) for r in rejected],
        skipped=[(s.id, _words(s.error, folder)) for s in skipped],
        new_names=preview.new_names,
        players=list(
            Player.objects.filter(league=league).order_by("key").values_list("name", flat=True)
        ),
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
        records, rejected, _ = _read(path)
        mapped, clashes = with_names(league, records, mapping)
        summary = import_records(league, mapped, user_of(request), pending=entry["pending"])
    except TablerankError as exc:
        status = refusal_status(exc) if isinstance(exc, LeagueError) else 400
        return _page(request, league, status, problem=_words(exc, path.parent))
    finally:
        drop_upload(path.parent)
    summary.rejected[:0] = [(r.id, _words(r.error, path.parent)) for r in rejected] + clashes
    messages.success(request, f"{len(summary.imported)} records imported from {path.name}.")
    return _page(request, league, done=summary, name=path.name)


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


def _read(path: Path) -> tuple[list[Game | Event], list[Rejected], list[Skipped]]:
    items = read_each([path])
    records = [i.record for i in items if isinstance(i, Located)]
    rejected = [i for i in items if isinstance(i, Rejected)]
    skipped = [i for i in items if isinstance(i, Skipped)]
    if not records and not rejected:
        raise _Unreadable(f"{path.name}: no record to import")
    return records, rejected, skipped


def _mapping(request: HttpRequest) -> dict[str, str]:
    """New names (``new-N``) mapped onto existing players (``map-N``; empty: a new player)."""
    out: dict[str, str] = {}
    for key in request.POST:
        if key.startswith("new-"):
            onto = request.POST.get(f"map-{key[4:]}", "").strip()
            if onto:
                out[request.POST.get(key, "")] = onto
    return out


def _words(error: Exception, folder: Path) -> str:
    """The error's message, naming the uploaded file rather than where it waits."""
    return str(error).replace(f"{folder}/", "")

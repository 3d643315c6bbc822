"""Importing a file from the web (issue 13): upload, preview (nothing stored), map new names
onto the league's players, confirm; every refusal with its reason."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tablerank.engine.records import Game
from tablerank.formats.records import game_json
from tablerank.league.models import GameRecord, Player
from tablerank.league.services.import_preview import UPLOAD_KEPT
from tablerank.web.actions.imports import SESSION
from tests.web.action_helpers import Club, four_player_game

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).parents[2] / "examples" / "imports"


def _renamed(game: Game, old: str, new: str) -> Game:
    seats = tuple(dataclasses.replace(s, player=new) if s.player == old else s for s in game.seats)
    return dataclasses.replace(game, seats=seats)


def _file(*games: Game, bad: dict[str, Any] | None = None) -> SimpleUploadedFile:
    lines = [json.dumps(game_json(g)) for g in games]
    if bad is not None:
        lines.append(json.dumps(bad))
    return SimpleUploadedFile("night.jsonl", ("\n".join(lines) + "\n").encode())


def _bad_sheet() -> dict[str, Any]:
    bad = game_json(four_player_game("g3", day="2026-05-09"))
    bad["seats"][0]["vp"] = 12  # its sources add up to 10
    return bad


@pytest.fixture
def organizer(club: Club) -> Client:
    client = Client()
    client.force_login(club.referee)
    return client


def _preview(client: Client, club: Club, upload: SimpleUploadedFile, **extra: str) -> str:
    response = client.post(reverse("import", args=[club.league.slug]), {"file": upload} | extra)
    assert response.status_code == 200, response.content.decode()[:2000]
    return response.content.decode()


def test_the_preview_stores_nothing_and_names_what_will_happen(
    organizer: Client, club: Club
) -> None:
    typo = _renamed(four_player_game("g2", day="2026-05-03"), "Olga", "Olgaa")
    page = _preview(organizer, club, _file(four_player_game(), typo, bad=_bad_sheet()))
    assert "<strong>2</strong> records to import" in page
    rejected = page.split('id="preview-rejected"', 1)[1].split("</table>", 1)[0]
    assert "g3" in rejected
    assert "night.jsonl" in rejected  # the uploaded file's name, not where it waits
    assert "tablerank-import-" not in page
    assert 'value="Olgaa"' in page  # a new name to map
    assert not GameRecord.objects.exists()
    assert not Player.objects.filter(name="Olgaa").exists()


def test_the_preview_counts_and_shows_the_games_it_will_import(
    organizer: Client, club: Club
) -> None:
    typo = _renamed(four_player_game("g2", day="2026-05-03"), "Olga", "Olgaa")
    page = _preview(organizer, club, _file(four_player_game(), typo, bad=_bad_sheet()))
    assert "<strong>0</strong> already present · <strong>1</strong> not imported" in page
    games = page.split('id="preview-games"', 1)[1].split("</table>", 1)[0]
    assert "The games to import" in games
    rows = re.findall(r"<tr><td>(\d{4}-\d\d-\d\d)</td><td>[^<]*</td><td>([^<]*)</td></tr>", games)
    assert [day for day, _ in rows] == ["2026-05-02", "2026-05-03"]
    assert rows[1][1] == "1st Ann 10, 2nd Ben 7, 3rd Cleo 6, 4th Olgaa 5"
    assert "g3" not in games  # the rejected one is listed apart
    assert 'id="import-button">Import 2 records<' in page


def test_a_new_name_close_to_a_player_s_is_offered_first_never_chosen(
    organizer: Client, club: Club
) -> None:
    typo = _renamed(four_player_game("g2"), "Olga", "Olgaa")
    page = _preview(organizer, club, _file(typo))
    select = page.split('id="map-1"', 1)[1].split("</select>", 1)[0]
    options = re.findall(r'<option value="([^"]*)"', select)
    assert options[:2] == ["", "Olga"]  # a new player stays the default
    assert "is Olga (close spelling)" in select
    assert "selected" not in select
    assert "Close to Olga: another spelling?" in page


def test_a_file_with_nothing_new_offers_no_import(organizer: Client, club: Club) -> None:
    first = _preview(organizer, club, _file(four_player_game()))
    token = re.search(r'name="token" value="([^"]+)"', first)
    assert token is not None
    organizer.post(reverse("import-confirm", args=[club.league.slug]), {"token": token.group(1)})
    page = _preview(organizer, club, _file(four_player_game()))
    assert "<strong>0</strong> records to import" in page
    assert "<strong>1</strong> already present" in page
    assert 'id="import-button"' not in page
    assert "Nothing in this file would be imported." in page
    assert 'id="import-cancel"' in page


def test_confirming_imports_with_new_names_mapped_onto_players(
    organizer: Client, club: Club
) -> None:
    typo = _renamed(four_player_game("g2", day="2026-05-03"), "Olga", "Olgaa")
    page = _preview(organizer, club, _file(four_player_game(), typo, bad=_bad_sheet()))
    token = re.search(r'name="token" value="([^"]+)"', page)
    assert token is not None
    confirm = reverse("import-confirm", args=[club.league.slug])
    form = {"token": token.group(1), "new-1": "Olgaa", "map-1": "Olga"}
    done = organizer.post(confirm, form).content.decode()
    assert "<strong>2</strong> imported" in done
    assert "g3" in done.split('id="import-rejected"', 1)[1]
    stored = GameRecord.objects.get(external_id="g2").to_record()
    assert "Olga" in [s.player for s in stored.seats]
    assert not Player.objects.filter(name="Olgaa").exists()
    again = organizer.post(confirm, form)
    assert again.status_code == 400
    assert "that upload is gone" in again.content.decode()


def test_a_mapping_that_seats_one_player_twice_is_refused_for_that_game(
    organizer: Client, club: Club
) -> None:
    typo = _renamed(four_player_game("g2"), "Olga", "Olgaa")
    page = _preview(organizer, club, _file(typo))
    token = re.search(r'name="token" value="([^"]+)"', page)
    assert token is not None
    form = {"token": token.group(1), "new-1": "Olgaa", "map-1": "Ann"}
    done = organizer.post(reverse("import-confirm", args=[club.league.slug]), form)
    body = done.content.decode()
    assert "<strong>0</strong> imported" in body
    assert "the names mapped would seat Ann twice" in body
    assert not GameRecord.objects.exists()


def test_other_apps_files_are_previewed_by_their_content(organizer: Client, club: Club) -> None:
    export = (EXAMPLES / "bgstats-export.json").read_bytes()
    page = _preview(organizer, club, SimpleUploadedFile("export.json", export))
    imported = re.search(r"<strong>(\d+)</strong> records? to import", page)
    assert imported is not None
    assert int(imported.group(1)) > 0


@pytest.mark.parametrize(
    ("upload", "status", "message"),
    [
        (None, 400, "choose a file to import"),
        (SimpleUploadedFile("broken.jsonl", b'{"id": "g1", '), 400, "broken.jsonl"),
        (SimpleUploadedFile("empty.jsonl", b""), 400, "empty.jsonl"),
        (
            SimpleUploadedFile("big.jsonl", b'{"id": "g1", "vp": ' + b"9" * 5000 + b"}"),
            400,
            "a number of more than 4,300 digits",
        ),
        (SimpleUploadedFile("deep.json", b"[" * 5000 + b"]" * 5000), 400, "nested too deeply"),
        (
            SimpleUploadedFile("long.csv", b"id,date\n" + b"x" * 140_000 + b",2026-01-01\n"),
            400,
            "malformed CSV",
        ),
    ],
    ids=["none", "broken", "empty", "big number", "deep", "long cell"],
)
def test_a_file_that_cannot_be_read_is_refused_with_its_reason(
    organizer: Client, club: Club, upload: SimpleUploadedFile | None, status: int, message: str
) -> None:
    data = {} if upload is None else {"file": upload}
    response = organizer.post(reverse("import", args=[club.league.slug]), data)
    assert response.status_code == status
    assert message in response.content.decode()
    assert "tablerank-import-" not in response.content.decode()


def test_a_file_over_the_limit_is_refused(
    organizer: Client, club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("tablerank.web.actions.imports.MAX_UPLOAD", 10)
    response = organizer.post(
        reverse("import", args=[club.league.slug]), {"file": _file(four_player_game())}
    )
    assert response.status_code == 413


def test_only_organizers_import_and_outsiders_of_a_private_league_see_nothing(
    club: Club,
) -> None:
    player = Client()
    player.force_login(club.ann)
    url = reverse("import", args=[club.league.slug])
    assert player.get(url).status_code == 403
    assert player.post(url, {"file": _file(four_player_game())}).status_code == 403
    club.league.public = False
    club.league.save()
    outsider = Client()
    outsider.force_login(club.outsider)
    assert outsider.get(url).status_code == 404
    assert not GameRecord.objects.exists()
    members = Client()
    members.force_login(club.referee)
    assert f'href="{url}"' in members.get(reverse("members", args=["bonn"])).content.decode()


def _waiting(client: Client) -> list[Path]:
    """The folders of the uploads this client's session waits to confirm."""
    return [Path(entry["path"]).parent for entry in client.session.get(SESSION, {}).values()]


def test_an_upload_is_deleted_once_confirmed(organizer: Client, club: Club) -> None:
    page = _preview(organizer, club, _file(four_player_game()))
    [folder] = _waiting(organizer)
    assert folder.is_dir()
    token = re.search(r'name="token" value="([^"]+)"', page)
    assert token is not None
    organizer.post(reverse("import-confirm", args=[club.league.slug]), {"token": token.group(1)})
    assert not folder.exists()
    assert GameRecord.objects.filter(external_id="g1").exists()


def test_an_upload_is_deleted_once_cancelled(organizer: Client, club: Club) -> None:
    page = _preview(organizer, club, _file(four_player_game()))
    [folder] = _waiting(organizer)
    token = re.search(r'name="token" value="([^"]+)"', page)
    assert token is not None
    assert 'id="import-cancel"' in page
    cancel = reverse("import-cancel", args=[club.league.slug])
    cancelled = organizer.post(cancel, {"token": token.group(1)})
    assert cancelled.status_code == 200
    assert 'id="cancelled"' in cancelled.content.decode()
    assert not folder.exists()
    assert _waiting(organizer) == []
    confirm = reverse("import-confirm", args=[club.league.slug])
    again = organizer.post(confirm, {"token": token.group(1)})
    assert again.status_code == 400
    assert not GameRecord.objects.exists()


def test_an_upload_that_cannot_be_read_is_deleted_at_once(organizer: Client, club: Club) -> None:
    before = set(Path(tempfile.gettempdir()).glob("tablerank-import-*"))
    upload = SimpleUploadedFile("night.jsonl", b"not a record\n")
    response = organizer.post(reverse("import", args=[club.league.slug]), {"file": upload})
    assert response.status_code == 400
    assert set(Path(tempfile.gettempdir()).glob("tablerank-import-*")) <= before


def test_uploads_left_for_over_a_day_are_deleted_by_the_next(organizer: Client, club: Club) -> None:
    _preview(organizer, club, _file(four_player_game()))
    _preview(organizer, club, _file(four_player_game("g2")))
    old, recent = _waiting(organizer)
    a_day_and_a_minute_ago = time.time() - UPLOAD_KEPT.total_seconds() - 60
    os.utime(old, (a_day_and_a_minute_ago, a_day_and_a_minute_ago))
    _preview(organizer, club, _file(four_player_game("g3")))
    assert not old.exists()
    assert recent.is_dir()
    assert len([folder for folder in _waiting(organizer) if folder.exists()]) == 2


SHEET = EXAMPLES / "club-sheet-tr.csv"
COLUMNS = 'id="Oyun No",date=Tarih,player="Asıl oyuncu",vp=Puan,winner=Kazanan'


def test_a_club_s_own_sheet_imports_through_a_mapping_the_league_remembers(
    organizer: Client, club: Club
) -> None:
    upload = SimpleUploadedFile("kulup.csv", SHEET.read_bytes())
    page = _preview(organizer, club, upload, columns=COLUMNS)
    assert "<strong>3</strong> records to import" in page
    token = re.search(r'name="token" value="([^"]+)"', page)
    assert token is not None
    organizer.post(reverse("import-confirm", args=[club.league.slug]), {"token": token.group(1)})
    assert GameRecord.objects.filter(league=club.league).count() == 3
    club.league.refresh_from_db()
    assert club.league.import_columns == (
        'id="Oyun No",date="Tarih",player="Asıl oyuncu",vp="Puan",winner="Kazanan"'
    )
    form = organizer.get(reverse("import", args=[club.league.slug])).content.decode()
    assert 'value="id=&quot;Oyun No&quot;,date=&quot;Tarih&quot;' in form


@pytest.mark.parametrize(
    ("columns", "message"),
    [("gamer=Oyuncu", "columns: unknown column &#x27;gamer&#x27;"),
     ('id="Oyun No",player=Oyuncu', "no column &#x27;Oyuncu&#x27; (mapped to player)")],
)  # fmt: skip
def test_a_mapping_that_does_not_fit_is_refused_and_kept_in_the_form(
    organizer: Client, club: Club, columns: str, message: str
) -> None:
    upload = SimpleUploadedFile("kulup.csv", SHEET.read_bytes())
    response = organizer.post(
        reverse("import", args=[club.league.slug]), {"file": upload, "columns": columns}
    )
    assert response.status_code == 400
    body = response.content.decode()
    assert message in body
    assert 'name="columns"' in body
    assert "Oyuncu" in body.split('id="id_columns"', 1)[1].split(">", 1)[0]
    assert not GameRecord.objects.exists()

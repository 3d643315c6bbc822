"""One file, three doors (issue 40): `tablerank league import`, the web's import page (upload,
preview, confirm) and the service they call (`services.import_files`) give the same summary and
store the same games, for a file the fast way takes, a file with rejected records, and a file
imported twice."""

from __future__ import annotations

import dataclasses
import html
import itertools
import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from typer.testing import CliRunner

from tablerank.cli.main import app
from tablerank.errors import InputError
from tablerank.league.models import League
from tablerank.league.services import file_import, import_by_table, import_files
from tests.league.test_import_by_table import _file, _games, _stored

pytestmark = pytest.mark.django_db

Summary = tuple[int, int, list[tuple[str, str]]]
"""How many records were imported and already present, and those rejected with why."""
Door = Callable[[League, Path], Summary]

_slugs = itertools.count()


@pytest.fixture
def official(db: None) -> User:
    return User.objects.create_user("official")


def _new_league(official: User) -> League:
    number = next(_slugs)
    league = League.objects.create(name=f"Doors {number}", slug=f"doors-{number}")
    league.admins.add(official)
    return league


def _in_words(summary: Summary, path: Path) -> Summary:
    """The summary naming the file alone (the web's upload waits in a folder of its own)."""
    imported, present, rejected = summary
    return imported, present, [(rid, why.replace(f"{path.parent}/", "")) for rid, why in rejected]


def _service(official: User) -> Door:
    def door(league: League, path: Path) -> Summary:
        done = import_files(league, [path], official)
        return _in_words((len(done.imported), len(done.already_present), done.rejected), path)

    return door


def _console(league: League, path: Path) -> Summary:
    result = CliRunner().invoke(
        app, ["league", "import", league.slug, str(path), "--as", "official", "--format", "json"]
    )
    assert result.exit_code in (0, 1), result.output
    done = json.loads(result.stdout)
    assert result.exit_code == (1 if done["rejected"] else 0)
    rejected = [(r["id"], r["reason"]) for r in done["rejections"]]
    return _in_words((done["imported"], done["already_present"], rejected), path)


def _web(official: User) -> Door:
    client = Client()
    client.force_login(official)

    def door(league: League, path: Path) -> Summary:
        upload = SimpleUploadedFile(path.name, path.read_bytes())
        page = client.post(reverse("import", args=[league.slug]), {"file": upload})
        assert page.status_code == 200, page.content.decode()[:2000]
        token = re.search(r'name="token" value="([^"]+)"', page.content.decode())
        assert token is not None
        done = client.post(reverse("import-confirm", args=[league.slug]), {"token": token[1]})
        body = done.content.decode()
        counts = re.search(
            r"<strong>(\d+)</strong> imported · <strong>(\d+)</strong> already present", body
        )
        assert counts is not None
        table = body.split('id="import-rejected"', 1)[1].split("</table>")[0] if (
            'id="import-rejected"' in body) else ""  # fmt: skip
        rows = re.findall(r'<td class="mono">([^<]*)</td><td>([^<]*)</td>', table)
        return int(counts[1]), int(counts[2]), [(rid, html.unescape(why)) for rid, why in rows]

    return door


@contextmanager
def _fast_ways() -> Iterator[list[bool]]:
    """Whether each import the doors ran took the fast way (`import_plain` stored the file)."""
    taken: list[bool] = []
    real = import_by_table.import_plain

    def heard(*args: Any, **kwargs: Any) -> Any:
        summary = real(*args, **kwargs)
        taken.append(summary is not None)
        return summary

    with mock.patch.object(file_import, "import_plain", heard):
        yield taken


def _through_every_door(official: User, *files: Path) -> tuple[list[list[Summary]], list[bool]]:
    """Each file imported in turn into a new league through each door: each door's summaries,
    the leagues stored alike, and whether each import took the fast way."""
    doors = [_service(official), _console, _web(official)]
    summaries: list[list[Summary]] = []
    leagues = [_new_league(official) for _ in doors]
    with _fast_ways() as taken:
        for door, league in zip(doors, leagues, strict=True):
            summaries.append([door(league, path) for path in files])
    assert summaries[1:] == summaries[:1] * 2
    stored = [_stored(league) for league in leagues]
    assert stored[1:] == stored[:1] * 2
    return summaries, taken


def test_a_clean_file_the_fast_way_takes(official: User, tmp_path: Path) -> None:
    (path,) = _file(tmp_path, _games(30))
    summaries, taken = _through_every_door(official, path)
    assert summaries[0] == [(30, 0, [])]
    assert taken == [True, True, True, True]  # the service, the console, the web twice


def test_a_file_with_rejected_records(official: User, tmp_path: Path) -> None:
    games = _games(12)
    games[3]["seats"][0]["sources"] = {"settlements": 2}  # 10 VP said, 2 by source: unreadable
    games[7]["seats"][0]["vp"] = 9  # the winner below the target: the league refuses the sheet
    (path,) = _file(tmp_path, games)
    summaries, _ = _through_every_door(official, path)
    ((imported, present, rejected),) = summaries[0]
    assert (imported, present, [rid for rid, _ in rejected]) == (10, 0, ["g3", "g7"])
    assert rejected[0][1].startswith(f"{path.name}, line 4 (id g3): seats[0].sources:")
    assert "below the base target" in rejected[1][1]


def test_a_file_imported_twice(official: User, tmp_path: Path) -> None:
    (path,) = _file(tmp_path, _games(20))
    summaries, taken = _through_every_door(official, path, path)
    assert summaries[0] == [(20, 0, []), (0, 20, [])]
    # The second imports find the ids at once and go the record by record way.
    assert taken == [True, False, True, False, True, True, False, False]


def test_names_mapped_the_fast_way_as_record_by_record(official: User, tmp_path: Path) -> None:
    """A new name mapped onto a player: previewed (nothing stored, the new name said) and
    stored the fast way as the record by record way stores it; a mapping that would seat one
    player twice goes the record by record way, which rejects those games."""
    fast, careful, clashing = (_new_league(official) for _ in range(3))
    (first,) = _file(tmp_path / "first", _games(3))
    for league in (fast, careful, clashing):
        import_files(league, [first], official)
    games = _games(15)
    for game in games[5:]:
        game["id"] = f"later-{game['id']}"
        for seat in game["seats"]:
            seat["player"] = seat["player"].replace("Player 1", "Player One")
    (path,) = _file(tmp_path, games[5:])
    mapping = {"PLAYER ONE": "player 1"}
    before = _stored(fast)
    with _fast_ways() as taken:
        preview = import_files(fast, [path], official, mapping=mapping, preview=True)
        assert _stored(fast) == before
        done = import_files(fast, [path], official, mapping=mapping)
        assert done == dataclasses.replace(preview, players=[], games=[])
    assert taken == [True, True]
    assert preview.new_names == []
    assert import_files(careful, [path], official, preview=True).new_names == ["Player One"]
    records = [g | {"seats": [s | {"player": s["player"].replace("Player One", "Player 1")}
                              for s in g["seats"]]} for g in games[5:]]  # fmt: skip
    (renamed,) = _file(tmp_path / "renamed", records)
    with _fast_ways() as taken:
        import_files(careful, [renamed], official)
        summary = import_files(clashing, [path], official, mapping={"Player One": "Player 0"})
    assert taken == [True]
    assert _stored(fast) == _stored(careful)
    twice = [game["id"] for game in games[5:] if {"Player 0", "Player One"} <= _names(game)]
    assert twice
    why = "the names mapped would seat Player 0 twice"
    assert summary.rejected == [(rid, why) for rid in twice]
    assert len(summary.imported) == 10 - len(twice)


def _names(game: dict[str, Any]) -> set[str]:
    return {seat["player"] for seat in game["seats"]}


def test_the_preview_shows_the_same_games_whichever_way_it_takes(
    official: User, tmp_path: Path
) -> None:
    """The first games a preview shows, built from the tables (the fast way) or read record by
    record, are the file's games, in its order, at most `PREVIEW_GAMES` of them."""
    (path,) = _file(tmp_path, _games(8))
    league = _new_league(official)
    with _fast_ways() as taken:
        fast = import_files(league, [path], official, preview=True)
    with mock.patch.object(file_import, "import_plain", return_value=None):
        careful = import_files(league, [path], official, preview=True)
    assert taken == [True]
    assert fast.games == careful.games
    assert [game.id for game in fast.games] == [f"g{n}" for n in range(8)]
    assert fast.games[2].seats[0].player == "Player 2"
    with mock.patch.object(file_import, "PREVIEW_GAMES", 3):
        assert len(import_files(league, [path], official, preview=True).games) == 3


def test_strict_refuses_a_file_with_a_record_that_breaks_a_rule(
    official: User, tmp_path: Path
) -> None:
    """`league import --strict` and the service with `strict`: the first record that breaks a
    rule refuses the file (exit status 2, its file and line), nothing stored."""
    games = _games(6)
    games[3]["seats"][0]["sources"] = {"settlements": 2}  # 10 VP said, 2 by source
    (path,) = _file(tmp_path, games)
    league = _new_league(official)
    with pytest.raises(InputError, match=rf"{path.name}, line 4 \(id g3\): seats\[0\]\.sources"):
        import_files(league, [path], official, strict=True)
    result = CliRunner().invoke(
        app, ["league", "import", league.slug, str(path), "--as", "official", "--strict"]
    )
    assert result.exit_code == 2
    assert "line 4 (id g3): seats[0].sources" in result.stderr
    assert _stored(league) == _stored(_new_league(official))
    assert import_files(league, [path], official).rejected[0][0] == "g3"


FIXTURES = Path(__file__).parents[1] / "formats" / "fixtures"


@pytest.mark.parametrize("name", ["bgstats-quirks.json", "bgg-quirks.xml"])
def test_an_app_s_export_with_every_quirk_imports_alike_through_every_door(
    official: User, name: str
) -> None:
    """Issue 41: draws, plays without a result, one-team and solo plays, anonymous players:
    nothing refuses the file; each door imports the same plays and says the same of the rest."""
    path = FIXTURES / name
    summaries, _ = _through_every_door(official, path)
    ((imported, present, rejected),) = summaries[0]
    assert imported >= 3
    assert present == 0
    assert all("won with" in why or "below" in why for _, why in rejected), rejected
    done = import_files(_new_league(official), [path], official)
    assert done.skipped
    assert all("not rated" in why for _, why in done.skipped)
    assert any("not a person" in why for _, why in done.notes)
    client = Client()
    client.force_login(official)
    upload = SimpleUploadedFile(name, path.read_bytes())
    page = client.post(reverse("import", args=[_new_league(official).slug]), {"file": upload})
    body = html.unescape(page.content.decode())
    notes = body.split('id="preview-notes"', 1)[1].split("</table>", 1)[0]
    assert "not a person" in notes
    skipped = body.split('id="preview-skipped"', 1)[1].split("</table>", 1)[0]
    assert skipped.count("not rated") == len(done.skipped)

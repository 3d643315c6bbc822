"""`tablerank league ...` on pytest-django's test database (and one end-to-end run on a file)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from tablerank.engine.records import Game
from tablerank.formats.reading import read_records
from tablerank.league.models import GameRecord, League, Player, RecordStatus
from tests.cli.conftest import EXAMPLES, Invoke

pytestmark = pytest.mark.django_db

SEASON = EXAMPLES / "club-season.jsonl"


def write(path: Path, *games: dict[str, object]) -> Path:
    path.write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")
    return path


def duel(game_id: str, winner_vp: int = 10) -> dict[str, object]:
    seats = [{"player": "Ann", "vp": winner_vp, "winner": True}, {"player": "Ben", "vp": 6}]
    return {"id": game_id, "date": "2026-03-14", "seats": seats}


def table(game_id: str) -> dict[str, object]:
    return {"id": game_id, "date": "2026-03-15", "city": "Bonn", "seats": [
        {"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 6},
        {"player": "Cleo", "vp": 7, "sources": {"settlements": 3, "cities": 4}}]}  # fmt: skip


@pytest.fixture
def bonn(invoke: Invoke) -> str:
    result = invoke("league", "create", "bonn", "--name", "Bonn", "--time-zone", "Europe/Berlin")
    assert result.exit_code == 0, result.output
    return "bonn"


def test_create_and_add_players(invoke: Invoke, bonn: str) -> None:
    league = League.objects.get(slug=bonn)
    assert (league.name, league.time_zone) == ("Bonn", "Europe/Berlin")
    assert invoke("league", "add-player", bonn, "Ann", "--user", "ann").exit_code == 0
    assert Player.objects.get(league=league).user == User.objects.get(username="ann")

    again = invoke("league", "add-player", bonn, "ANN")
    assert again.exit_code == 2
    assert again.stderr == "tablerank: error: name: league 'bonn' already has a player 'ANN'\n"
    twice = invoke("league", "create", bonn, "--name", "Other")
    assert (twice.exit_code, twice.stderr.count("\n")) == (2, 1)
    assert "slug" in twice.stderr
    mars = invoke("league", "create", "mars", "--name", "M", "--time-zone", "Mars/Base")
    assert mars.exit_code == 2
    assert "unknown time zone 'Mars/Base'" in mars.stderr


def test_import_counts_and_is_idempotent_by_id(invoke: Invoke, bonn: str, tmp_path: Path) -> None:
    first = write(tmp_path / "first.jsonl", duel("g1"), table("g2"))
    result = invoke("league", "import", bonn, first, "--as", "admin", "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {
        "league": "bonn", "imported": 2, "already_present": 0, "rejected": 0, "rejections": []
    }  # fmt: skip
    assert GameRecord.objects.filter(created_by__username="admin").count() == 2

    # The same games again (a name in another case is the same player), one changed, one new.
    changed = duel("g1") | {"seats": [{"player": "ANN", "vp": 10, "winner": True},
                                      {"player": "ben", "vp": 6}]}  # fmt: skip
    second = write(tmp_path / "second.jsonl", changed, duel("g2", winner_vp=11), duel("g3"))
    result = invoke("league", "import", bonn, second, "--as", "admin")
    assert result.exit_code == 1
    assert result.stdout == (
        "league bonn: imported 1, already present 1, rejected 1\n"
        "  rejected g2: game id exists with other content; correct it instead\n"
    )
    stored = GameRecord.objects.get(external_id="g2").to_record()
    assert stored.seats[0].vp == 10  # the rejected import changed nothing

    again = invoke("league", "import", bonn, first, "--format", "json")
    assert json.loads(again.stdout)["already_present"] == 2
    assert again.exit_code == 0


def test_import_reports_the_file_and_line_and_writes_nothing(
    invoke: Invoke, bonn: str, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(duel("g1")) + "\n" + '{"id": "g2", "date": "2026-13-01"}\n')
    result = invoke("league", "import", bonn, bad)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"tablerank: error: {bad}, line 2 (id g2): ")
    assert not GameRecord.objects.exists()


def test_unknown_league_is_one_line(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke("league", "import", "nowhere", write(tmp_path / "g.jsonl", duel("g1")))
    assert result.exit_code == 2
    assert result.stderr == (
        "tablerank: error: league: no league 'nowhere'; create it with `tablerank league create`\n"
    )


def test_the_sample_season_exports_and_reads_back(
    invoke: Invoke, bonn: str, tmp_path: Path
) -> None:
    assert invoke("league", "import", bonn, SEASON).exit_code == 0
    assert (
        invoke("league", "void", bonn, "bo-001", "--why", "wrong table", "--by", "ref").exit_code
        == 0
    )
    out = tmp_path / "export.jsonl"
    result = invoke("league", "export", bonn, "--output", out)
    assert result.exit_code == 0, result.output

    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    original = read_records([SEASON])
    assert [line["id"] for line in lines] == [r.id for r in original]  # recording order
    voided = [line for line in lines if "voided" in line]
    assert [line["id"] for line in voided] == ["bo-001"]
    assert voided[0]["voided"]["by"] == "ref"
    assert voided[0]["voided"]["why"] == "wrong table"

    live = write(tmp_path / "live.jsonl", *(line for line in lines if "voided" not in line))
    assert read_records([live]) == [r for r in original if r.id != "bo-001"]


def test_a_correction_is_exported_with_its_replacement(
    invoke: Invoke, bonn: str, tmp_path: Path
) -> None:
    assert invoke("league", "import", bonn, write(tmp_path / "a.jsonl", duel("g1"))).exit_code == 0
    assert invoke("league", "void", bonn, "g1", "--why", "typo", "--by", "ref").exit_code == 0
    fixed = write(tmp_path / "b.jsonl", duel("g1", winner_vp=11))
    assert invoke("league", "import", bonn, fixed).exit_code == 0

    lines = [json.loads(line) for line in invoke("league", "export", bonn).stdout.splitlines()]
    assert [(line["id"], "voided" in line) for line in lines] == [("g1", True), ("g1", False)]
    assert lines[1]["seats"][0]["vp"] == 11
    history = json.loads(invoke("league", "history", bonn, "--format", "json").stdout)
    assert [g["seats"][0]["vp"] for g in history["games"]] == [11]


def test_confirm_dispute_and_void(invoke: Invoke, bonn: str, tmp_path: Path) -> None:
    games = write(tmp_path / "g.jsonl", duel("g1"), table("g2"))
    assert invoke("league", "import", bonn, games, "--pending").exit_code == 0
    assert GameRecord.objects.filter(status=RecordStatus.SUBMITTED).count() == 2

    ann = invoke("league", "confirm", bonn, "g1", "--player", "ann")
    assert (ann.exit_code, ann.stdout) == (0, "g1: ann confirmed; waiting for Ben to confirm\n")
    twice = invoke("league", "confirm", bonn, "g1", "--player", "Ann")
    assert (twice.exit_code, twice.stderr) == (
        2, "tablerank: error: player: Ann has signed g1 already\n"
    )  # fmt: skip
    ben = invoke("league", "confirm", bonn, "g1", "--player", "Ben")
    assert (ben.exit_code, ben.stdout) == (0, "g1: Ben confirmed; confirmed\n")
    nobody = invoke("league", "confirm", bonn, "g1", "--player", "Zed")
    assert nobody.stderr == "tablerank: error: player: league 'bonn' has no player 'Zed'\n"
    assert nobody.exit_code == 2

    late = invoke("league", "dispute", bonn, "g1", "--player", "Ann", "--why", "no")
    assert late.exit_code == 2
    assert late.stderr == (
        "tablerank: error: status: g1 is confirmed; only a pending result can be disputed\n"
    )
    cleo = invoke("league", "dispute", bonn, "g2", "--player", "Cleo", "--why", "I had 8")
    assert (cleo.exit_code, cleo.stdout) == (0, "g2: disputed by Cleo\n")
    blocked = invoke("league", "confirm", bonn, "g2", "--player", "Ben")
    assert blocked.exit_code == 2
    assert blocked.stderr.startswith("tablerank: error: status: g2 is disputed by Cleo")

    void = invoke("league", "void", bonn, "g2", "--why", "typo", "--by", "ref")
    assert (void.exit_code, void.stdout) == (0, "g2: voided by ref: typo\n")
    assert GameRecord.objects.get(external_id="g2").voided_by == User.objects.get(username="ref")
    again = invoke("league", "void", bonn, "g2", "--why", "typo", "--by", "ref")
    assert again.exit_code == 2
    assert again.stderr.startswith("tablerank: error: id: g2 was voided on ")
    missing = invoke("league", "void", bonn, "g9", "--why", "typo", "--by", "ref")
    assert (missing.exit_code, missing.stderr) == (
        2, "tablerank: error: id: league 'bonn' has no game 'g9'\n"
    )  # fmt: skip
    no_reason = invoke("league", "void", bonn, "g1", "--why", " ", "--by", "ref")
    assert (no_reason.exit_code, no_reason.stderr) == (
        2, "tablerank: error: why: say why the result is voided\n"
    )  # fmt: skip

    history = json.loads(invoke("league", "history", bonn, "--format", "json").stdout)
    assert [g["id"] for g in history["games"]] == ["g1"]
    shown = invoke("league", "history", bonn)
    assert shown.exit_code == 0
    assert "g1" in shown.stdout
    assert "g2" not in shown.stdout


def test_signing_links_the_player_to_the_account_of_their_name(
    invoke: Invoke, bonn: str, tmp_path: Path
) -> None:
    assert invoke("league", "import", bonn, write(tmp_path / "g.jsonl", duel("g1")), "--pending")
    assert invoke("league", "confirm", bonn, "g1", "--player", "Ben").exit_code == 0
    assert Player.objects.get(name="Ben").user == User.objects.get(username="Ben")


def test_the_command_line_still_does_not_load_django() -> None:
    code = "import sys, tablerank.cli.main; print(sorted(m for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = out.stdout
    assert "'django'" not in loaded
    assert "'tablerank.league" not in loaded


def test_a_club_keeps_a_season_in_a_file(tmp_path: Path) -> None:
    """End to end in fresh processes: init makes the tables in the file the URL names."""
    exe = shutil.which("tablerank") or pytest.fail("the tablerank console script is not installed")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TABLERANK_", "DJANGO_"))}
    env |= {"TABLERANK_DATABASE_URL": f"sqlite:///{tmp_path / 'club.db'}", "TABLERANK_DEBUG": "1"}

    def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [exe, "league", *map(str, args)],
            capture_output=True, text=True, check=False, env=env, cwd=tmp_path,
        )  # fmt: skip

    missing = run("history", "bonn")
    assert missing.returncode == 2
    assert "tablerank league init" in missing.stderr
    init = run("init")
    assert init.returncode == 0, init.stderr
    assert str(tmp_path / "club.db") in init.stdout
    assert run("init").returncode == 0  # and again: nothing to do
    assert run("create", "bonn", "--name", "Bonn").returncode == 0
    games = write(tmp_path / "g.jsonl", duel("g1"), table("g2"))
    imported = run("import", "bonn", games, "--as", "admin", "--format", "json")
    assert imported.returncode == 0, imported.stderr
    assert json.loads(imported.stdout)["imported"] == 2
    assert imported.stderr == ""  # no progress bar when stderr is not a terminal
    history = json.loads(run("history", "bonn", "--format", "json").stdout)
    assert [g["id"] for g in history["games"]] == ["g1", "g2"]
    assert isinstance(read_records([games])[0], Game)

"""An operator's checks (issue 39, item 9): `verify` names every kept list or month that differs
from a replay of the confirmed history and writes nothing; `rebuild` mends them."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tablerank.engine.records import new_game
from tablerank.league.models import League, ListMonth, RatingState
from tablerank.league.ratings import list_months
from tablerank.league.services import record_game, void_game
from tablerank.league.services.verifying import rebuild, verify

from .every_table import every_row, fill

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo() -> League:
    """The demo league after voids, a correction, a rename and a tournament's result, with
    two months of its lists kept."""
    fill()
    league = League.objects.get(slug="demo")
    list_months.month_states(league, ["2026-09", "2026-10"])
    assert ListMonth.objects.filter(league=league, data__isnull=False).count() == 2
    return league


def test_a_league_kept_by_its_writes_equals_its_replay(demo: League) -> None:
    assert verify(demo) == []


def test_verify_names_a_corrupted_rating_row_and_writes_nothing(demo: League) -> None:
    rows = RatingState.objects.filter(league=demo, system="cow.elo", list_key="base")
    row = rows.order_by("player")[0]
    RatingState.objects.filter(pk=row.pk).update(rating=row.rating + 1)
    before = every_row()
    found = verify(demo)
    assert [(d.table, d.where) for d in found] == [("rating rows", "cow.elo [base]")]
    assert str(found[0]).startswith(
        f"rating rows of cow.elo [base]: {row.player}: stored {row.rating + 1!r}"
    )
    assert every_row() == before
    assert [str(d) for d in rebuild(demo)] == [str(d) for d in found]
    assert verify(demo) == []
    assert rows.get(player=row.player).rating == row.rating


def test_verify_names_a_missing_and_an_extra_row(demo: League) -> None:
    RatingState.objects.filter(league=demo, system="pages.glory", player="Cleo").delete()
    RatingState.objects.create(league=demo, system="cow.points", player="Nobody", rating=3)
    found = {str(d) for d in verify(demo)}
    assert any(d.startswith("rating rows of pages.glory: Cleo is missing") for d in found)
    assert (
        "rating rows of cow.points: Nobody should not be there (stored 3.0 after 0 games)" in found
    )
    rebuild(demo)
    assert verify(demo) == []


def test_verify_names_a_corrupted_list_month_and_rebuild_mends_it(demo: League) -> None:
    other = ListMonth.objects.get(league=demo, month="2026-09")
    ListMonth.objects.filter(league=demo, month="2026-10").update(data=other.data)
    found = verify(demo)
    assert [str(d) for d in found] == [
        "list month of 2026-10: its kept state is not the state built from its rows"
    ]
    assert [str(d) for d in rebuild(demo)] == [str(d) for d in found]
    assert verify(demo) == []
    kept = list_months.month_states(demo, ["2026-10"])["2026-10"]
    assert kept != list_months.month_states(demo, ["2026-09"])["2026-09"]


def test_verify_names_a_watermark_that_is_off(demo: League) -> None:
    RatingState.objects.filter(league=demo, system="area", list_key="Kremlin").update(games=0)
    from tablerank.league.models import RatingWatermark

    RatingWatermark.objects.filter(league=demo, system="cow.elo", list_key="seafarers").update(
        games=1
    )
    found = {(d.table, d.where) for d in verify(demo)}
    assert found == {("rating rows", "area [Kremlin]"), ("watermarks", "cow.elo [seafarers]")}
    rebuild(demo)
    assert verify(demo) == []


def test_verify_names_a_corrupted_checkpoint(monkeypatch: pytest.MonkeyPatch) -> None:
    from tablerank.league.models import RatingCheckpoint
    from tablerank.league.ratings import checkpoints
    from tablerank.league.store import checkpoint_blobs

    monkeypatch.setattr(checkpoints, "EVERY", 8)  # a checkpoint every 8 games of a list
    fill()
    league = League.objects.get(slug="demo")
    assert verify(league) == []
    kept = RatingCheckpoint.objects.filter(league=league, system="cow.elo", list_key="base")
    point = kept.order_by("date", "sequence")[1]
    ratings, games = checkpoint_blobs.decode(bytes(point.state))
    name = sorted(ratings)[0]
    original = ratings[name]
    ratings[name] = original + 5
    RatingCheckpoint.objects.filter(pk=point.pk).update(
        state=checkpoint_blobs.encode_json(ratings, games)
    )
    found = verify(league)
    assert [(d.table, d.where) for d in found] == [("checkpoints", "cow.elo [base]")]
    assert found[0].detail == (
        f"the checkpoint after game #{point.sequence} of {point.date}: {name} stored "
        f"{ratings[name]!r} after {games[name]} games, a replay gives {original!r} "
        f"after {games[name]} games"
    )
    rebuild(league)
    assert verify(league) == []


def test_a_void_of_the_latest_game_is_no_difference(official: User, league: League) -> None:
    """A sum list's watermark stays at a voided latest game, where a replay ends before it:
    not a difference anyone reads, so verify does not report it."""
    seats = [{"player": "A", "vp": 10, "winner": True}, {"player": "B", "vp": 5}]
    played = [
        record_game(league, new_game(id=f"g{n}", date=f"2026-01-0{n}", seats=seats), official)
        for n in (1, 2, 3)
    ]
    void_game(played[-1], official, "entered twice")
    assert verify(league) == []

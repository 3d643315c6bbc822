from __future__ import annotations

import dataclasses

import pytest
from django.contrib.auth.models import User

from tablerank.engine.history import select
from tablerank.engine.records import Game, game_from_dict
from tablerank.engine.systems import get_system
from tablerank.league.errors import (
    AlreadyVoided,
    DuplicatePlayer,
    DuplicateRecord,
    LeagueError,
    NotAllowed,
)
from tablerank.league.models import (
    GameRecord,
    League,
    RatingState,
    RatingWatermark,
    RecordStatus,
    Seat,
)
from tablerank.league.services import (
    CONSOLE,
    add_player,
    confirmed_history,
    correct_game,
    may_correct,
    record_game,
    void_game,
)

pytestmark = pytest.mark.django_db


def table(id: str, date: str, *vps: int) -> Game:
    """A Catan table Ann, Ben, Cleo, ... with these VP, the first seat winning."""
    names = ("Ann", "Ben", "Cleo", "Dora")
    seats = [{"player": names[i], "vp": vp, "winner": i == 0} for i, vp in enumerate(vps)]
    return game_from_dict({"id": id, "date": date, "seats": seats})


def test_a_duplicate_game_id_is_refused_with_a_clear_error(league: League, official: User) -> None:
    record_game(league, table("g1", "2026-03-14", 10, 8), official)
    with pytest.raises(
        DuplicateRecord, match=r"league 'bonn-koeln' already has a game with id 'g1'"
    ):
        record_game(league, table("g1", "2026-03-15", 10, 3, 2), official)
    assert GameRecord.objects.count() == 1
    assert Seat.objects.count() == 2


def _stored_state(league: League) -> tuple[object, ...]:
    states = RatingState.objects.filter(league=league)
    marks = RatingWatermark.objects.filter(league=league)
    return (
        sorted(states.values_list("system", "list_key", "player", "rating", "games", "parts")),
        sorted(marks.values_list("system", "list_key", "date", "sequence", "games")),
        League.objects.filter(pk=league.pk).values_list("last_sequence", "revision").get(),
    )


def test_a_refused_duplicate_changes_nothing_and_leaves_the_transaction_usable(
    league: League, official: User
) -> None:
    """The record goes in with the rating state's writes (one round trip on PostgreSQL): a
    refused one takes them back, also where it would have replayed an earlier list."""
    record_game(league, table("g1", "2026-03-14", 10, 8), official)
    record_game(league, table("g2", "2026-03-15", 10, 7, 5), official)
    before = _stored_state(league)
    for day in ("2026-03-16", "2026-03-01"):  # after the watermarks, and before them
        with pytest.raises(DuplicateRecord):
            record_game(league, table("g2", day, 10, 3, 2), official)
        assert _stored_state(league) == before
    record_game(league, table("g3", "2026-03-16", 10, 9), official)
    assert [g.id for g in confirmed_history(league)] == ["g1", "g2", "g3"]


def test_another_league_may_use_the_same_game_id(league: League, official: User) -> None:
    other = League.objects.create(name="Elsewhere", slug="elsewhere")
    record_game(league, table("g1", "2026-03-14", 10, 8), official)
    record_game(other, table("g1", "2026-03-14", 10, 8), official)
    assert GameRecord.objects.filter(external_id="g1").count() == 2


def test_a_player_added_twice_in_another_case_is_refused(league: League) -> None:
    add_player(league, "Ann", by=CONSOLE)
    with pytest.raises(DuplicatePlayer, match="already has a player 'ANN'"):
        add_player(league, "ANN", by=CONSOLE)


def test_a_voided_game_stays_stored_with_who_when_and_why(league: League, official: User) -> None:
    record = record_game(league, table("g1", "2026-03-14", 10, 8), official)
    void_game(record, official, "entered twice")
    kept = GameRecord.objects.get(pk=record.pk)
    assert kept.status == RecordStatus.VOIDED
    assert (kept.voided_by, kept.void_reason) == (official, "entered twice")
    assert kept.voided_at is not None
    assert confirmed_history(league) == []


def test_a_game_is_voided_once_and_only_with_a_reason(league: League, official: User) -> None:
    record = record_game(league, table("g1", "2026-03-14", 10, 8), official)
    with pytest.raises(LeagueError, match="why"):
        void_game(record, official, "  ")
    void_game(record, official, "wrong table")
    with pytest.raises(AlreadyVoided):
        void_game(record, official, "again")


def test_a_voided_game_is_not_corrected_and_offers_no_correction(
    league: League, official: User
) -> None:
    """Whoever asks: the result that replaced it is corrected, or it is recorded anew."""
    record = record_game(league, table("g1", "2026-03-14", 10, 8), official)
    void_game(record, official, "wrong table")
    record.refresh_from_db()
    assert not may_correct(record, official)
    with pytest.raises(AlreadyVoided, match="void already"):
        correct_game(record, table("g1", "2026-03-14", 9, 10), official, "typo")
    assert GameRecord.objects.filter(league=league).count() == 1


def test_submitted_games_stay_out_of_the_confirmed_history(league: League, official: User) -> None:
    record_game(league, table("g1", "2026-03-14", 10, 8), official, status=RecordStatus.SUBMITTED)
    confirmed = table("g2", "2026-03-14", 10, 8)
    record_game(league, confirmed, official)
    assert confirmed_history(league) == [confirmed]


def test_the_history_is_in_play_order_whatever_the_recording_order(
    league: League, official: User
) -> None:
    late, early, same_day = (
        table("late", "2026-03-20", 10, 8),
        table("early", "2026-03-01", 10, 8),
        table("same-day", "2026-03-20", 10, 5),
    )
    for game in (late, early, same_day):
        record_game(league, game, official)
    assert [g.id for g in confirmed_history(league)] == ["early", "late", "same-day"]


def test_a_correction_keeps_the_original_voided_and_links_the_replacement(
    league: League, official: User
) -> None:
    original = record_game(league, table("g1", "2026-03-14", 10, 8, 6), official)
    fixed = table("g1", "2026-03-14", 10, 6, 8)
    replacement = correct_game(original, fixed, official, "Ben and Cleo swapped")
    kept = GameRecord.objects.get(pk=original.pk)
    assert kept.status == RecordStatus.VOIDED
    assert (kept.voided_by, kept.void_reason) == (official, "Ben and Cleo swapped")
    assert kept.to_record() == table("g1", "2026-03-14", 10, 8, 6)  # its result is untouched
    assert replacement.replaces == kept
    assert kept.replaced_by == replacement
    assert confirmed_history(league) == [fixed]


def test_a_failed_correction_changes_nothing(league: League, official: User) -> None:
    original = record_game(league, table("g1", "2026-03-14", 10, 8), official)
    record_game(league, table("g2", "2026-03-14", 10, 8), official)
    with pytest.raises(DuplicateRecord):
        correct_game(original, table("g2", "2026-03-14", 10, 7), official, "wrong id")
    assert GameRecord.objects.get(pk=original.pk).status == RecordStatus.CONFIRMED
    assert [g.id for g in confirmed_history(league)] == ["g1", "g2"]


def test_ratings_after_corrections_equal_a_full_replay_of_the_corrected_season(
    league: League, official: User, season: list[Game]
) -> None:
    base = [g for g in select(season, group="base") if isinstance(g, Game)]
    records = {game.id: record_game(league, game, official) for game in base}
    corrected = list(base)
    # Correct a game early in the season (the winner's VP and the runner-up change places) and
    # void another in the middle: both must land where the original stood in the play order.
    i = 3
    first, second = corrected[i].seats[0], corrected[i].seats[1]
    swapped = (dataclasses.replace(first, player=second.player),
               dataclasses.replace(second, player=first.player))  # fmt: skip
    fixed = game_from_dict(
        {"id": corrected[i].id, "date": corrected[i].date.isoformat(), "city": corrected[i].city,
         "seats": [{"player": s.player, "vp": s.vp, "winner": s.winner}
                   for s in (*swapped, *corrected[i].seats[2:])]}
    )  # fmt: skip
    correct_game(records[fixed.id], fixed, official, "winner entered in the wrong seat")
    corrected[i] = fixed
    gone = corrected.pop(len(corrected) // 2)
    void_game(records[gone.id], official, "not a league game")

    elo = get_system("cow.elo")
    assert confirmed_history(league) == corrected
    assert elo.rate(confirmed_history(league)) == elo.rate(corrected)
    assert elo.rate(corrected) != elo.rate(base)


def test_a_private_league_is_read_by_its_members_only(league: League, official: User) -> None:
    from django.contrib.auth.models import AnonymousUser

    from tablerank.league.services import can_read, readable_leagues

    outsider = User.objects.create_user("outsider")
    member = User.objects.create_user("member")
    add_player(league, "Member", by=CONSOLE, account=member)
    boss = User.objects.create_superuser("boss")
    assert can_read(league, AnonymousUser())
    assert can_read(league, outsider)
    league.public = False
    league.save()
    assert not can_read(league, AnonymousUser())
    assert not can_read(league, outsider)
    assert all(can_read(league, user) for user in (member, official, boss))
    assert list(readable_leagues(outsider)) == []
    assert list(readable_leagues(AnonymousUser())) == []
    assert list(readable_leagues(member)) == [league] == list(readable_leagues(boss))


def test_roles_are_granted_and_revoked_but_a_league_keeps_an_admin(
    league: League, official: User
) -> None:
    from tablerank.league.services import (
        Role,
        accept_invitation,
        grant_role,
        revoke_role,
        roles_of,
    )

    ref = User.objects.create_user("ref")
    offer = grant_role(league, ref, Role.OFFICIAL, by=official)
    assert offer is not None
    assert roles_of(league, ref) == set()  # until its owner accepts
    accept_invitation(offer, by=ref)
    assert grant_role(league, ref, Role.OFFICIAL, by=official) is None  # already
    assert roles_of(league, ref) == {Role.OFFICIAL}
    revoke_role(league, ref, Role.OFFICIAL, by=official)
    assert roles_of(league, ref) == set()
    with pytest.raises(LeagueError, match="'ref' is not an official of league"):
        revoke_role(league, ref, Role.OFFICIAL, by=official)
    with pytest.raises(LeagueError, match="only admin"):
        revoke_role(league, official, Role.ADMIN, by=official)
    admin_offer = grant_role(league, ref, Role.ADMIN, by=official)
    assert admin_offer is not None
    accept_invitation(admin_offer, by=ref)
    revoke_role(league, official, Role.ADMIN, by=official)
    assert roles_of(league, official) == set()
    with pytest.raises(LeagueError, match="invite the account"):
        grant_role(league, ref, Role.PLAYER, by=ref)
    with pytest.raises(NotAllowed, match="'official' is not an admin of league"):
        grant_role(league, official, Role.ADMIN, by=official)  # no longer an admin


def test_a_player_needs_a_name(league: League) -> None:
    with pytest.raises(LeagueError, match="name: give the player a name"):
        add_player(league, "  ", by=CONSOLE)


def test_a_played_at_time_needs_its_offset_and_the_league_zone_decides_the_day(
    league: League,
) -> None:
    import datetime as dt

    from tablerank.league.services import local_date

    late = dt.datetime(2026, 5, 31, 21, 30, tzinfo=dt.UTC)  # 23:30 in Berlin
    assert local_date(league, late) == dt.date(2026, 5, 31)
    assert local_date(league, late + dt.timedelta(hours=1)) == dt.date(2026, 6, 1)
    with pytest.raises(LeagueError, match="played_at: give the time with its UTC offset"):
        local_date(league, late.replace(tzinfo=None))


def test_an_anonymous_user_holds_no_role(league: League) -> None:
    from django.contrib.auth.models import AnonymousUser

    from tablerank.league.errors import NotAllowed
    from tablerank.league.services import Role, require_role

    with pytest.raises(NotAllowed, match="an anonymous user is not an admin or official"):
        require_role(league, AnonymousUser(), Role.ADMIN, Role.OFFICIAL)

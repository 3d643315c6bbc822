"""Verification (seed 003): submitting a result, and its players and officials signing it.

A player signs only their own seat; an official (an admin counts as one) signs a result another
official entered. Only confirmed results reach the ratings.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from tablerank.engine.fields import name_key
from tablerank.engine.records import Game, GameClass
from tablerank.engine.verification import Signature, Status, Verification, verify
from tablerank.league.errors import AlreadySigned, LeagueError, NotAllowed, NotPending, NotYourSeat
from tablerank.league.models import Confirmation, GameRecord, League, Player, RecordStatus, Verdict
from tablerank.league.ratings.state import refresh_ratings
from tablerank.league.services.members import check_new_names
from tablerank.league.services.notifications import mail_signers
from tablerank.league.services.recording import next_sequence, require_valid, write_game
from tablerank.league.services.roles import MEMBERS, is_organizer, require_role
from tablerank.league.services.table_ids import require_outside_tournaments
from tablerank.league.store.revisions import bump

__all__ = [
    "OFFICIAL",
    "confirm",
    "confirm_for_event",
    "dispute",
    "may_submit",
    "organizers_word",
    "plays_in",
    "submit_game",
    "verification",
]


class _Official:
    """Who signs in `confirm` when a league official signs as official, not for a seat."""

    def __repr__(self) -> str:
        return "OFFICIAL"


OFFICIAL = _Official()
"""Pass as the signer to `confirm` to sign as a league official."""

_STATUS = {
    Status.PENDING: RecordStatus.SUBMITTED,
    Status.CONFIRMED: RecordStatus.CONFIRMED,
    Status.DISPUTED: RecordStatus.DISPUTED,
}


def _own_seats(record: GameRecord, user: User) -> list[Player]:
    """The players at this table whose seat `user` signs for."""
    return [
        seat.player
        for seat in record.seats.select_related("player").order_by("position")
        if seat.player.user_id == user.pk
    ]


def plays_in(record: GameRecord, user: User) -> bool:
    """Whether `user` signs for a seat of this result (an organizer who plays signs their own
    seat, never as official)."""
    return bool(_own_seats(record, user))


def verification(record: GameRecord) -> Verification:
    """Where the record stands by its signatures, and who still needs to sign
    (`Verification.summary` says it in words). Records stored by `record_game` without
    signatures read as pending here, whatever their status; a confirmed one an organizer signed
    (a tournament table's result on their word, `organizers_word`) reads as confirmed."""
    participants = [
        seat.player.name for seat in record.seats.select_related("player").order_by("position")
    ]
    rows = list(record.confirmations.select_related("player"))
    signatures = [
        Signature(row.player.name, disputes=row.verdict == Verdict.DISPUTE)
        if row.player is not None
        else Signature(str(row.by_id), official=True)
        for row in rows
    ]
    entered = any(row.player is None and row.by_id == record.created_by_id for row in rows)
    found = verify(
        GameClass(record.game_class),
        participants,
        signatures,
        entered_by_official=entered,
        one_official_is_enough=record.league.one_official_is_enough,
    )
    on_word = record.status == RecordStatus.CONFIRMED and any(row.player is None for row in rows)
    if found.status is Status.PENDING and on_word:  # a table's result on the organizer's word
        return Verification(Status.CONFIRMED)
    return found


def _settle(record: GameRecord) -> None:
    """Set a pending record's status from its signatures. Only a pending record moves: a
    confirmed one stays confirmed (disputes are refused on it), a voided one stays voided."""
    if record.status != RecordStatus.SUBMITTED:
        return
    _move(record, _STATUS[verification(record).status])


def _move(record: GameRecord, status: RecordStatus) -> None:
    if status != record.status:
        record.status = status
        record.save(update_fields=["status"])
        bump(record.league)
        if status == RecordStatus.CONFIRMED:
            refresh_ratings(record)


def organizers_word(league: League, by: User, seated: Sequence[Player], *, table: bool) -> bool:
    """Whether `by`'s word confirms a tournament table's result at once: an organizer (official
    or admin) of the league who does not play at that table. It is the signed record sheet of
    the event (CATAN Studio's tournament rules 1.1.3: "a signed record sheet ends protests";
    field notes); a player's entry waits for the table's sign-off as every result does."""
    return table and not seated and is_organizer(league, by)


def may_submit(league: League, by: User, names: Sequence[str]) -> bool:
    """Whether `by` may submit a result of these seats: they play in it (their seat signs) or
    are an organizer of the league (signing as official). `submit_game`'s rule; a page asks it
    before it offers the form."""
    return _players_of(league, by, names) != [] or is_organizer(league, by)


def _players_of(league: League, by: User, names: Sequence[str]) -> list[Player]:
    keys = [name_key(name) for name in names]
    return list(Player.objects.filter(league=league, key__in=keys, user=by))


def _sign(record: GameRecord, player: Player | None, by: User, verdict: Verdict, note: str) -> None:
    signed = record.confirmations.filter(player=player)
    if player is None:
        signed = signed.filter(by=by)
    if signed.exists():
        who = player.name if player is not None else f"official {by.get_username()!r}"
        raise AlreadySigned("player", f"{who} has signed {record.external_id} already")
    try:
        with transaction.atomic():
            Confirmation.objects.create(
                game=record, player=player, by=by, verdict=verdict, note=note.strip()
            )
    except IntegrityError:  # a concurrent signature of the same seat won
        raise AlreadySigned("player", f"{record.external_id} was signed already") from None


def _signing_seat(record: GameRecord, signer: Player | _Official, by: User) -> Player | None:
    """The seat `by` signs for (None: as an official), after checking they may."""
    if isinstance(signer, _Official):
        league = record.league
        if not is_organizer(league, by):
            raise NotAllowed(
                "by", f"{by.get_username()!r} is not an official of league {league.slug!r}"
            )
        if _own_seats(record, by):
            raise NotAllowed(
                "by", f"{by.get_username()!r} played in {record.external_id}: sign your own seat"
            )
        entered = record.confirmations.filter(player=None, by_id=record.created_by_id).exists()
        if not entered:
            raise NotAllowed(
                "official",
                f"{record.external_id} was not entered by an official; its players confirm it",
            )
        return None
    if signer.league_id != record.league_id or not record.seats.filter(player=signer).exists():
        raise NotYourSeat("player", f"{signer.name} did not play in {record.external_id}")
    if signer.user_id != by.pk:
        raise NotYourSeat(
            "player",
            f"{by.get_username()!r} cannot sign for {signer.name}: "
            "a player confirms or disputes only their own seat",
        )
    return signer


def _locked(record: GameRecord) -> GameRecord:
    return (
        GameRecord.objects.select_for_update(no_key=True, of=("self",))
        .select_related("league")
        .get(pk=record.pk)
    )


def submit_game(
    league: League,
    game: Game,
    by: User,
    *,
    played_at: dt.datetime | None = None,
    note: str = "",
    table: bool = False,
) -> GameRecord:
    """Submit a checked game for verification; submitting signs it.

    `by` must play in it (their seat signs) or be an official or admin of the league (signing
    as official; an official who plays signs their seat instead). Seating a name the league
    does not have adds a player, which only organizers may (`NotAllowed`); the sheet must pass
    `check_result` (`InvalidResult`). The record is pending unless
    that signature confirms it at once: solitaire on the player's word, an official's entry
    where the league says one official is enough, or an organizer's entry of a tournament
    table's result (`table`, `organizers_word`). Refused with `NotAllowed` otherwise.
    """
    require_role(league, by, *MEMBERS)
    if not table:  # `table`: a tournament's own entry of its table's result (tournament_rounds)
        require_outside_tournaments(league, game.id)
    check_new_names(league, [seat.player for seat in game.seats], by)
    require_valid(league, game)
    with transaction.atomic():
        mine = _players_of(league, by, [seat.player for seat in game.seats])
        if not mine and not is_organizer(league, by):
            raise NotAllowed(
                "by",
                f"{by.get_username()!r} neither plays in {game.id!r} "
                f"nor is an official of league {league.slug!r}",
            )
        record, _ = write_game(
            league,
            game,
            by,
            status=RecordStatus.SUBMITTED,
            played_at=played_at,
            sequence=next_sequence(league),
        )
        signers: list[Player | None] = [*mine] or [None]
        for player in signers:
            _sign(record, player, by, Verdict.CONFIRM, note or "submitted")
        if organizers_word(league, by, mine, table=table):
            _move(record, RecordStatus.CONFIRMED)
        else:
            _settle(record)
        mail_signers(record)
        return record


def confirm(record: GameRecord, signer: Player | _Official, by: User, note: str = "") -> None:
    """`by` confirms `record`: for their own seat (`signer` a `Player` whose account is `by`),
    or as a league official (`signer` is `OFFICIAL`) on a result an official entered.

    A pending record becomes confirmed once verification's rule is met. Confirming a confirmed
    record adds the signature (all players signing is preferred); a disputed or voided one is
    refused (`NotPending`), as is a second signature of one seat (`AlreadySigned`) and a seat
    that is not `by`'s own (`NotYourSeat`).
    """
    with transaction.atomic():
        locked = _locked(record)
        if locked.status == RecordStatus.VOIDED:
            raise NotPending("status", f"{locked.external_id} was voided")
        if locked.status == RecordStatus.DISPUTED:
            raise NotPending(
                "status",
                f"{locked.external_id} is {verification(locked).summary}; "
                "an official voids or corrects it",
            )
        player = _signing_seat(locked, signer, by)
        _sign(locked, player, by, Verdict.CONFIRM, note)
        _settle(locked)
    record.refresh_from_db()


def confirm_for_event(record: GameRecord, by: User) -> bool:
    """An organizer's word confirms a waiting tournament table's result (`organizers_word`;
    the caller checks that the record is a table's): their signature as official, and the
    result counts (True). A confirmed one (their own correction of a confirmed table) gets
    their signature and stays confirmed (False); a disputed or voided one is left as it is
    (False: it is corrected instead); an organizer who plays at the table signs their own seat
    instead (`NotAllowed`)."""
    with transaction.atomic():
        locked = _locked(record)
        if locked.status not in (RecordStatus.SUBMITTED, RecordStatus.CONFIRMED):
            return False
        if not organizers_word(locked.league, by, _own_seats(locked, by), table=True):
            raise NotAllowed(
                "by", f"{by.get_username()!r} cannot confirm {locked.external_id} as an "
                "organizer: an organizer who plays there signs their own seat",
            )  # fmt: skip
        if not locked.confirmations.filter(player=None, by=by).exists():
            _sign(locked, None, by, Verdict.CONFIRM, "confirmed by the organizer")
        waited = locked.status == RecordStatus.SUBMITTED
        _move(locked, RecordStatus.CONFIRMED)
    record.refresh_from_db()
    return waited


def dispute(record: GameRecord, signer: Player | _Official, by: User, why: str) -> None:
    """`by` disputes their own seat's result (`signer` a `Player` whose account is `by`); the
    record becomes disputed and leaves the confirmed history until an official voids or
    corrects it. Only a pending (or already disputed) record can be disputed (`NotPending`);
    officials do not dispute (`NotAllowed`): they void or correct."""
    if not why.strip():
        raise LeagueError("why", "say why the result is disputed")
    if isinstance(signer, _Official):
        raise NotAllowed(
            "player", "only a player disputes a result; an official voids or corrects it"
        )
    with transaction.atomic():
        locked = _locked(record)
        if locked.status not in (RecordStatus.SUBMITTED, RecordStatus.DISPUTED):
            raise NotPending(
                "status",
                f"{locked.external_id} is {locked.status}; only a pending result can be disputed",
            )
        player = _signing_seat(locked, signer, by)
        _sign(locked, player, by, Verdict.DISPUTE, why)
        _settle(locked)
    record.refresh_from_db()

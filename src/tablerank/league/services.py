"""Changing a league's history, always by appending, and reading it back as engine records.

The imperative shell around the engine: these functions take checked engine values (`Game`,
`Event`), write rows in one transaction, and hand confirmed history back to the engine to rate.
A correction voids the original (kept, with who, when and why) and records the replacement in
its place in the play order, so rating the confirmed history equals replaying the corrected list.
"""

from __future__ import annotations

import datetime as dt
import zoneinfo
from collections.abc import Sequence
from enum import StrEnum
from typing import Any, TypeVar

from django.contrib.auth.models import AnonymousUser, User
from django.db import IntegrityError, connection, transaction
from django.db.models import F, Prefetch, Q, QuerySet
from django.utils import timezone

from tablerank.engine.records import Event, Game, GameClass
from tablerank.engine.records import Seat as EngineSeat
from tablerank.engine.verification import Signature, Status, Verification, verify
from tablerank.league.bulk import batched, insert_rows
from tablerank.league.errors import (
    AlreadySigned,
    AlreadyVoided,
    DuplicatePlayer,
    DuplicateRecord,
    LeagueError,
    NotAllowed,
    NotPending,
    NotYourSeat,
)
from tablerank.league.models import (
    Confirmation,
    EventRecord,
    EventStanding,
    GameRecord,
    League,
    Player,
    Recorded,
    RecordStatus,
    Seat,
    SourceVP,
    Verdict,
)
from tablerank.league.ratings import (
    confirmed_events,
    kept_systems,
    ratings,
    rebuild_ratings,
    refresh_changed,
    refresh_ratings,
)

_R = TypeVar("_R", bound=Recorded)

__all__ = [
    "OFFICIAL",
    "Role",
    "add_player",
    "can_read",
    "confirm",
    "confirmed_events",
    "confirmed_history",
    "correct_game",
    "dispute",
    "grant_role",
    "kept_systems",
    "local_date",
    "player_named",
    "ratings",
    "readable_leagues",
    "rebuild_ratings",
    "record_event",
    "record_game",
    "record_games",
    "refresh_ratings",
    "require_role",
    "revoke_role",
    "roles_of",
    "submit_game",
    "verification",
    "void_event",
    "void_game",
]


class Role(StrEnum):
    """What a user is in a league (issue 4: league admin, official, player)."""

    ADMIN = "admin"
    """Runs the league: settings, members, officials; voids and corrects results."""
    OFFICIAL = "official"
    """Enters any result, signs results another official entered, voids and corrects."""
    PLAYER = "player"
    """Signs for their own seats: submits, confirms or disputes results they played in."""


def roles_of(league: League, user: User | AnonymousUser) -> set[Role]:
    """The user's roles in the league; empty for an outsider (or an anonymous user)."""
    if not user.is_authenticated:
        return set()
    roles: set[Role] = set()
    if league.admins.filter(pk=user.pk).exists():
        roles.add(Role.ADMIN)
    if league.officials.filter(pk=user.pk).exists():
        roles.add(Role.OFFICIAL)
    if Player.objects.filter(league=league, user=user).exists():
        roles.add(Role.PLAYER)
    return roles


def require_role(league: League, user: User | AnonymousUser, *allowed: Role) -> set[Role]:
    """The user's roles, after checking they hold one of `allowed` (a superuser holds all);
    `NotAllowed` names the roles that would do."""
    roles = roles_of(league, user)
    if user.is_authenticated and user.is_superuser:
        return roles | set(Role)
    if roles & set(allowed):
        return roles
    wanted = " or ".join(role.value for role in allowed)
    who = repr(user.get_username()) if user.is_authenticated else "an anonymous user"
    article = "an" if wanted[0] in "aeiou" else "a"
    raise NotAllowed("by", f"{who} is not {article} {wanted} of league {league.slug!r}")


def can_read(league: League, user: User | AnonymousUser) -> bool:
    """Whether `user` may read the league: anyone a public one; a private one only its members
    (any role) and superusers. To anyone else a private league does not exist."""
    if league.public or (user.is_authenticated and user.is_superuser):
        return True
    return bool(roles_of(league, user))


def readable_leagues(user: User | AnonymousUser) -> QuerySet[League]:
    """The leagues `user` may read (`can_read`), by slug."""
    leagues = League.objects.order_by("slug")
    if user.is_authenticated and user.is_superuser:
        return leagues
    if not isinstance(user, User):
        return leagues.filter(public=True)
    member = Q(admins=user) | Q(officials=user) | Q(players__user=user)
    return leagues.filter(Q(public=True) | member).distinct()


def _holders(league: League, role: Role) -> Any:
    if role == Role.PLAYER:
        raise LeagueError("role", "a player's role comes with the player: link the account to them")
    return league.admins if role == Role.ADMIN else league.officials


def grant_role(league: League, user: User, role: Role) -> bool:
    """Make `user` an admin or official of the league; False if they were already.
    (Who may grant is the caller's check: `require_role(league, by, Role.ADMIN)`.)"""
    holders = _holders(league, role)
    if holders.filter(pk=user.pk).exists():
        return False
    holders.add(user)
    return True


def revoke_role(league: League, user: User, role: Role) -> None:
    """Take the admin or official role from `user`; a league keeps at least one admin."""
    holders = _holders(league, role)
    who = repr(user.get_username())
    if not holders.filter(pk=user.pk).exists():
        raise LeagueError("role", f"{who} is not an {role.value} of league {league.slug!r}")
    if role == Role.ADMIN and league.admins.count() == 1:
        raise LeagueError("role", f"{who} is the league's only admin")
    holders.remove(user)


def local_date(league: League, played_at: dt.datetime) -> dt.date:
    """The day a game played at `played_at` belongs to in the league's time zone, which is
    what decides its month's list (seed 001): 23:30 in Berlin on 31 May is a May game."""
    if played_at.tzinfo is None:
        raise LeagueError("played_at", "give the time with its UTC offset, e.g. 20:30+02:00")
    return played_at.astimezone(zoneinfo.ZoneInfo(league.time_zone)).date()


def add_player(league: League, name: str, *, user: User | None = None) -> Player:
    """A new player, optionally with the account that signs for their seats; refused when the
    league has the name already, in any case."""
    if not name.strip():
        raise LeagueError("name", "give the player a name")
    if Player.objects.filter(league=league, key=name.casefold()).exists():
        raise DuplicatePlayer("name", f"league {league.slug!r} already has a player {name!r}")
    return Player.objects.create(league=league, name=name, user=user)


def player_named(league: League, name: str) -> Player:
    """The league's player of this name (case-insensitive), created on first sight."""
    player, _ = Player.objects.get_or_create(
        league=league, key=name.casefold(), defaults={"name": name}
    )
    return player


def _next_sequence(league: League, count: int = 1) -> int:
    """Take `count` numbers of the recording order; returns the last one taken."""
    # The UPDATE takes the league row's write lock until the transaction ends, so recording
    # into one league is serialised and the numbers never repeat.
    League.objects.filter(pk=league.pk).update(last_sequence=F("last_sequence") + count)
    return League.objects.values_list("last_sequence", flat=True).get(pk=league.pk)


def _check_id_free(league: League, model: type[Recorded], record_id: str, kind: str) -> None:
    live = model._default_manager.filter(league=league, external_id=record_id)
    if live.exclude(status=RecordStatus.VOIDED).exists():
        raise DuplicateRecord(league.slug, record_id, kind)


def _game_fields(game: Game) -> dict[str, Any]:
    """A `GameRecord`'s columns for the engine's game (besides id, date and history fields)."""
    return {
        "title": game.game,
        "variant": game.variant or "",
        "target": game.target,
        "group": game.group,
        "city": game.city or "",
        "game_class": game.game_class.value,
        "event": game.event or "",
        "round": game.round,
    }


def _seat_row(record: GameRecord, position: int, seat: EngineSeat, player: Player) -> Seat:
    return Seat(
        game=record,
        position=position,
        player=player,
        vp=seat.vp,
        winner=seat.winner,
        place=seat.place,
        team=seat.team or "",
        status=seat.status.value,
        account=seat.account.value,
    )


def _write_game(
    league: League,
    game: Game,
    by: User,
    *,
    status: RecordStatus,
    played_at: dt.datetime | None,
    sequence: int,
    replaces: GameRecord | None = None,
) -> GameRecord:
    _check_id_free(league, GameRecord, game.id, "game")
    try:
        with transaction.atomic():  # a savepoint: a lost race leaves the caller's work usable
            record = GameRecord.objects.create(
                league=league,
                external_id=game.id,
                date=game.date,
                played_at=played_at,
                sequence=sequence,
                status=status,
                created_by=by,
                replaces=replaces,
                **_game_fields(game),
            )
    except IntegrityError:
        raise DuplicateRecord(league.slug, game.id) from None
    seats = Seat.objects.bulk_create(
        _seat_row(record, position, seat, player_named(league, seat.player))
        for position, seat in enumerate(game.seats)
    )
    SourceVP.objects.bulk_create(
        SourceVP(seat=row, source=source, vp=vp)
        for row, seat in zip(seats, game.seats, strict=True)
        for source, vp in seat.sources.items()
    )
    return record


def record_game(
    league: League,
    game: Game,
    by: User,
    *,
    status: RecordStatus = RecordStatus.CONFIRMED,
    played_at: dt.datetime | None = None,
) -> GameRecord:
    """Store a checked game at the end of the league's recording order.

    Players are found by name ignoring case and created when new. Refuses an id a live record
    of the league already has (`DuplicateRecord`). The game counts as confirmed unless `status`
    says submitted: this is the administrator's import path, which takes no signatures; results
    that need verification go through `submit_game`.
    """
    if status == RecordStatus.VOIDED:
        raise LeagueError("status", "record a game as submitted or confirmed; void it afterwards")
    with transaction.atomic():
        record = _write_game(
            league, game, by, status=status, played_at=played_at, sequence=_next_sequence(league)
        )
        if status == RecordStatus.CONFIRMED:
            refresh_ratings(record)
        return record


def _players_named(league: League, names: list[str]) -> dict[str, Player]:
    """The league's players of these names by casefolded name, the missing ones created (the
    first spelling seen wins, as with `player_named`)."""
    first: dict[str, str] = {}
    for name in names:
        first.setdefault(name.casefold(), name)
    keys = sorted(first)

    def found() -> dict[str, Player]:
        out: dict[str, Player] = {}
        for part in batched(keys):
            for player in Player.objects.filter(league=league, key__in=part):
                out[player.key] = player
        return out

    players = found()
    missing = [key for key in keys if key not in players]
    if missing:
        # ignore_conflicts: a concurrent recording may create the same player first.
        Player.objects.bulk_create(
            [Player(league=league, name=first[key], key=key) for key in missing],
            ignore_conflicts=True,
            batch_size=2000,
        )
        players = found()
    return players


def record_games(
    league: League,
    games: Sequence[Game],
    by: User,
    *,
    status: RecordStatus = RecordStatus.CONFIRMED,
) -> int:
    """Store many checked games at the end of the recording order in one transaction, as
    `record_game` would one after another, with a few statements per batch instead of several
    per game: the import path. Returns how many were stored. All or nothing: an id the league
    (or the batch) has already is refused with `DuplicateRecord` and nothing is stored."""
    if status == RecordStatus.VOIDED:
        raise LeagueError("status", "record games as submitted or confirmed; void them afterwards")
    ids = [game.id for game in games]
    seen: set[str] = set()
    for game_id in ids:
        if game_id in seen:
            raise DuplicateRecord(league.slug, game_id)
        seen.add(game_id)
    if not games:
        return 0
    with transaction.atomic():
        live = GameRecord.objects.filter(league=league).exclude(status=RecordStatus.VOIDED)
        for part in batched(ids):
            taken = live.filter(external_id__in=part)
            clash = taken.values_list("external_id", flat=True).first()
            if clash is not None:
                raise DuplicateRecord(league.slug, clash)
        first = _next_sequence(league, len(games)) - len(games) + 1
        players = _players_named(league, [s.player for g in games for s in g.seats])
        _insert_games(league, games, by, status, first)
        pks = _live_pks(league, ids)
        _insert_seats(games, pks, players)
        if status == RecordStatus.CONFIRMED:
            refresh_changed(
                league,
                [
                    ((game.date, first + offset), pks[game.id], game, True)
                    for offset, game in enumerate(games)
                ],
            )
        return len(games)


def _insert(model: type[Any], columns: Sequence[str], rows: Sequence[tuple[Any, ...]]) -> None:
    """`insert_rows` by the model's field names."""
    names = [model._meta.get_field(c).column for c in columns]
    insert_rows(model._meta.db_table, names, rows)


def _insert_games(
    league: League, games: Sequence[Game], by: User, status: RecordStatus, first: int
) -> None:
    fields = list(_game_fields(games[0]))
    columns = ["league", "external_id", "date", "sequence", "status", "created_by", "created_at"]
    columns += ["void_reason", *fields]
    day = connection.ops.adapt_datefield_value
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    rows = [
        (
            league.pk,
            g.id,
            day(g.date),
            first + n,
            status.value,
            by.pk,
            now,
            "",
            *_game_fields(g).values(),
        )
        for n, g in enumerate(games)
    ]
    _insert(GameRecord, columns, rows)


def _live_pks(league: League, ids: Sequence[str]) -> dict[str, int]:
    live = GameRecord.objects.filter(league=league).exclude(status=RecordStatus.VOIDED)
    pks: dict[str, int] = {}
    for part in batched(ids):
        pks.update(live.filter(external_id__in=part).values_list("external_id", "pk"))
    return pks


def _insert_seats(games: Sequence[Game], pks: dict[str, int], players: dict[str, Player]) -> None:
    columns = ["game", "position", "player", "vp", "winner", "place", "team", "status", "account"]
    rows = [
        (pks[g.id], n, players[seat.player.casefold()].pk, seat.vp, seat.winner, seat.place,
         seat.team or "", seat.status.value, seat.account.value)
        for g in games
        for n, seat in enumerate(g.seats)
    ]  # fmt: skip
    _insert(Seat, columns, rows)
    with_sources = [g for g in games if any(seat.sources for seat in g.seats)]
    if not with_sources:
        return
    seat_pks: dict[tuple[int, int], int] = {}
    game_pks = [pks[g.id] for g in with_sources]
    for games_part in batched(game_pks):
        part = Seat.objects.filter(game_id__in=games_part)
        for pk, game_pk, position in part.values_list("pk", "game_id", "position"):
            seat_pks[game_pk, position] = pk
    sources = [
        (seat_pks[pks[g.id], n], source, vp)
        for g in with_sources
        for n, seat in enumerate(g.seats)
        for source, vp in seat.sources.items()
    ]
    _insert(SourceVP, ["seat", "source", "vp"], sources)


def _void(model: type[_R], record: _R, by: User, why: str) -> RecordStatus:
    """Void a live record (only its status and who, when and why change); return its status."""
    if not why.strip():
        raise LeagueError("why", "say why the result is voided")
    locked = model._default_manager.select_for_update(no_key=True).get(pk=record.pk)
    if locked.status == RecordStatus.VOIDED:
        raise AlreadyVoided("id", f"{locked.external_id} was voided on {locked.voided_at}")
    was = RecordStatus(locked.status)
    locked.status = RecordStatus.VOIDED
    locked.voided_by = by
    locked.voided_at = timezone.now()
    locked.void_reason = why.strip()
    locked.save(update_fields=["status", "voided_by", "voided_at", "void_reason"])
    record.refresh_from_db()
    return was


def void_game(record: GameRecord, by: User, why: str) -> None:
    """Void a recorded game: it stays stored, with who voided it, when and why. Only the
    league's admins and officials void (`NotAllowed`)."""
    require_role(record.league, by, Role.ADMIN, Role.OFFICIAL)
    with transaction.atomic():
        if _void(GameRecord, record, by, why) == RecordStatus.CONFIRMED:
            refresh_ratings(record)


def correct_game(original: GameRecord, replacement: Game, by: User, why: str) -> GameRecord:
    """Void `original` and record `replacement` in its place in the play order, as one change.

    The replacement keeps the original's status (a disputed one's is pending again, for its
    players to sign afresh) and play time and links back to it
    (`replaces`); it may keep the original's id, which voiding frees. Only the league's admins
    and officials correct (`NotAllowed`).
    """
    require_role(original.league, by, Role.ADMIN, Role.OFFICIAL)
    with transaction.atomic():
        was = _void(GameRecord, original, by, why)
        # A disputed result's replacement is pending again: its players sign it afresh.
        status = RecordStatus.SUBMITTED if was == RecordStatus.DISPUTED else was
        record = _write_game(
            original.league,
            replacement,
            by,
            status=status,
            played_at=original.played_at,
            sequence=original.sequence,
            replaces=original,
        )
        if was == RecordStatus.CONFIRMED:
            refresh_ratings(original, record)
        return record


def confirmed_history(league: League) -> list[Game]:
    """The league's confirmed, live games in play order: by date, then recording order."""
    seats = Seat.objects.select_related("player").prefetch_related("sources")
    records = (
        GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
        .order_by("date", "sequence")
        .prefetch_related(Prefetch("seats", queryset=seats))
    )
    return [record.to_record() for record in records]


def record_event(
    league: League,
    event: Event,
    by: User,
    *,
    status: RecordStatus = RecordStatus.CONFIRMED,
) -> EventRecord:
    """Store a checked event's final standings, like `record_game`."""
    if status == RecordStatus.VOIDED:
        raise LeagueError("status", "record an event as submitted or confirmed; void it afterwards")
    with transaction.atomic():
        _check_id_free(league, EventRecord, event.id, "event")
        try:
            with transaction.atomic():
                record = EventRecord.objects.create(
                    league=league,
                    external_id=event.id,
                    date=event.date,
                    sequence=_next_sequence(league),
                    status=status,
                    created_by=by,
                    rounds=event.rounds,
                    format=event.format.value,
                )
        except IntegrityError:
            raise DuplicateRecord(league.slug, event.id, "event") from None
        EventStanding.objects.bulk_create(
            EventStanding(
                event=record,
                position=position,
                player=player_named(league, row.player),
                place=row.place,
                wins=row.wins,
                draws=row.draws,
                losses=row.losses,
                completed=row.completed,
            )
            for position, row in enumerate(event.standings)
        )
        return record


def void_event(record: EventRecord, by: User, why: str) -> None:
    """Void a recorded event; it stays stored, with who, when and why (admins and officials)."""
    require_role(record.league, by, Role.ADMIN, Role.OFFICIAL)
    with transaction.atomic():
        _void(EventRecord, record, by, why)


# -- verification (seed 003) ------------------------------------------------------------------


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


def _is_official(league: League, user: User) -> bool:
    return league.officials.filter(pk=user.pk).exists()


def _own_seats(record: GameRecord, user: User) -> list[Player]:
    """The players at this table whose seat `user` signs for."""
    return [
        seat.player
        for seat in record.seats.select_related("player").order_by("position")
        if seat.player.user_id == user.pk
    ]


def verification(record: GameRecord) -> Verification:
    """Where the record stands by its signatures, and who still needs to sign
    (`Verification.summary` says it in words). Records stored by `record_game` without
    signatures read as pending here, whatever their status."""
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
    return verify(
        GameClass(record.game_class),
        participants,
        signatures,
        entered_by_official=entered,
        one_official_is_enough=record.league.one_official_is_enough,
    )


def _settle(record: GameRecord) -> None:
    """Set a pending record's status from its signatures. Only a pending record moves: a
    confirmed one stays confirmed (disputes are refused on it), a voided one stays voided."""
    if record.status != RecordStatus.SUBMITTED:
        return
    status = _STATUS[verification(record).status]
    if status != record.status:
        record.status = status
        record.save(update_fields=["status"])
        if status == RecordStatus.CONFIRMED:
            refresh_ratings(record)


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
        if not _is_official(league, by):
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
) -> GameRecord:
    """Submit a checked game for verification; submitting signs it.

    `by` must play in it (their seat signs) or be an official of the league (signing as
    official; an official who plays signs their seat instead). The record is pending unless
    that signature confirms it at once: solitaire on the player's word, or an official's entry
    where the league says one official is enough. Refused with `NotAllowed` otherwise.
    """
    with transaction.atomic():
        keys = [seat.player.casefold() for seat in game.seats]
        mine = list(Player.objects.filter(league=league, key__in=keys, user=by))
        if not mine and not _is_official(league, by):
            raise NotAllowed(
                "by",
                f"{by.get_username()!r} neither plays in {game.id!r} "
                f"nor is an official of league {league.slug!r}",
            )
        record = _write_game(
            league,
            game,
            by,
            status=RecordStatus.SUBMITTED,
            played_at=played_at,
            sequence=_next_sequence(league),
        )
        signers: list[Player | None] = [*mine] or [None]
        for player in signers:
            _sign(record, player, by, Verdict.CONFIRM, note or "submitted")
        _settle(record)
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

"""The league's stored history, and its conversion to the engine's records.

A result is stored as it was recorded and never edited: a `GameRecord` (or `EventRecord`) keeps
the game's fields, its `Seat` rows and their `SourceVP` rows. Voiding sets only the status and
who, when and why; a correction is a new record that `replaces` the voided one. `to_record()`
rebuilds the engine's value through `new_game`/`new_event`, so a stored record is checked by the
same code path as one read from a file.
"""

from __future__ import annotations

import datetime as dt
import zoneinfo
from operator import attrgetter
from typing import Any, ClassVar

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone

from tablerank.engine import records as engine
from tablerank.engine.fields import name_key
from tablerank.engine.systems import SYSTEMS
from tablerank.league.errors import AppendOnly

__all__ = [
    "AccountPeriod",
    "Confirmation",
    "CreatedAccount",
    "Entrant",
    "EventRecord",
    "EventStanding",
    "GameRecord",
    "Invitation",
    "League",
    "ListMonth",
    "Player",
    "PlayerChange",
    "PlayerChangeKind",
    "RatingCheckpoint",
    "RatingState",
    "RatingWatermark",
    "RecordStatus",
    "Seat",
    "SourceVP",
    "TableSeat",
    "Tournament",
]


def _choices(kind: type[Any]) -> list[tuple[str, str]]:
    """Django choices for one of the engine's string enums (the engine stays Django-free)."""
    return [(member.value, member.value) for member in kind]


def all_systems() -> list[str]:
    """Every engine system's name: what a new league keeps ratings in."""
    return list(SYSTEMS)


def validate_systems(names: Any) -> None:
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValidationError('list the systems by name, e.g. ["cow.elo", "area"]')
    unknown = [n for n in names if n not in SYSTEMS]
    if unknown:
        raise ValidationError(
            f"unknown system {unknown[0]!r}; expected one of {', '.join(SYSTEMS)}"
        )


def validate_time_zone(name: str) -> None:
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise ValidationError(
            f"unknown time zone {name!r}; expected one like Europe/Berlin"
        ) from None


def validate_titles(value: Any) -> None:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ValidationError('expected a list of game titles, like ["catan"]')


class League(models.Model):
    """A community that keeps one history: a club, a café, a platform."""

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=100, unique=True)
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone])
    """Decides which day (and so which month's list) a late-evening game belongs to."""
    public = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now)
    last_sequence = models.PositiveBigIntegerField(default=0, editable=False)
    """The recording order: each new record takes the next number (see `services`)."""
    admins = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="administered_leagues", blank=True
    )
    """Who runs the league: its settings, its members and officials, voids and corrections."""
    officials = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="officiated_leagues", blank=True
    )
    """Who may enter any result and sign results entered by another official (seed 003)."""
    one_official_is_enough = models.BooleanField(default=False)
    """Whether a result an official entered counts as confirmed on that official's word alone;
    by default it needs a second official or a participant to sign."""
    monthly_score = models.CharField(
        max_length=16,
        choices=[("average", "average points per game"), ("total", "total points")],
        default="average",
    )
    """The monthly lists' score formula (seed 001 leaves it configurable)."""
    systems = models.JSONField(default=all_systems, validators=[validate_systems])
    """The engine systems whose standings the league keeps (see `RatingState`); all by default.
    After changing it, `rebuild_ratings(league)` builds the newly kept systems' state."""
    unvalidated_titles = models.JSONField(default=list, blank=True, validators=[validate_titles])
    """Catan titles whose results are stored even when their score sheet fails the Catan
    check (seed 002); empty by default, so every stored Catan result is a valid one."""
    revision = models.BigIntegerField(default=0, editable=False)
    """Bumped by every write that can change what the league's pages show (`revisions.bump`):
    caches and ETags of its standings and lists are keyed by it."""

    def __str__(self) -> str:
        return self.slug


class Player(models.Model):
    """A league member. Names are unique per league ignoring case (`key` is the casefolded
    name, the same comparison the engine uses for seats at one table)."""

    league = models.ForeignKey(
        League, on_delete=models.PROTECT, related_name="players", db_index=False
    )  # the name index leads with it
    name = models.CharField(max_length=100)
    key = models.CharField(max_length=200, editable=False)
    created_at = models.DateTimeField(default=timezone.now)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="players",
        null=True,
        blank=True,
    )
    """The account that signs for this player's seats (confirms or disputes them)."""

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                fields=["league", "key"],
                name="league_player_name_unique",
                violation_error_message="the league already has a player of that name",
            ),
            models.UniqueConstraint(
                fields=["league", "user"],
                condition=models.Q(user__isnull=False),
                name="league_player_account_unique",
                violation_error_message="the account is a player of this league already",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.key = name_key(self.name)
        super().save(*args, **kwargs)

    def account_on(self, day: dt.date) -> engine.Account:
        """The player's account type on `day`: the latest period begun by then, else premium
        (the records' default)."""
        period = self.accounts.filter(valid_from__lte=day).order_by("-valid_from").first()
        return engine.Account(period.account) if period else engine.Account.PREMIUM


class AccountPeriod(models.Model):
    """The player's account type (premium or free) from `valid_from` until the next period."""

    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="accounts", db_index=False
    )  # the unique period leads with it
    account = models.CharField(max_length=16, choices=_choices(engine.Account))
    valid_from = models.DateField()

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                fields=["player", "valid_from"], name="league_account_period_unique"
            ),
        ]


class RecordStatus(models.TextChoices):
    SUBMITTED = "submitted"
    """Pending: waiting for the signatures verification needs."""
    CONFIRMED = "confirmed"
    DISPUTED = "disputed"
    """A participant disputed it; it stays out of the history until voided or corrected."""
    VOIDED = "voided"


# Voiding and verification set these; every other field of a record is fixed once saved.
_MUTABLE_FIELDS = frozenset({"status", "voided_by", "voided_at", "void_reason"})


class Recorded(models.Model):
    """What every stored result has: its league and id, when it was played, its status, and
    who recorded it or voided it, when and why. Results are append-only (`save`, `delete`)."""

    league = models.ForeignKey(
        League, on_delete=models.PROTECT, related_name="+", db_index=False
    )  # the play index leads with it
    external_id = models.CharField(max_length=200)
    date = models.DateField()
    played_at = models.DateTimeField(null=True, blank=True)
    sequence = models.PositiveBigIntegerField()
    """Recording order within the league; a correction keeps the number of what it replaces."""
    status = models.CharField(
        max_length=16, choices=RecordStatus.choices, default=RecordStatus.CONFIRMED
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    voided_at = models.DateTimeField(null=True, blank=True)
    void_reason = models.TextField(blank=True)
    replaces = models.OneToOneField(
        "self", on_delete=models.PROTECT, related_name="replaced_by", null=True, blank=True
    )

    class Meta:
        abstract = True
        constraints: ClassVar[list[models.BaseConstraint]] = [
            # One live record per id; voided ones keep theirs, so a correction may reuse it.
            models.UniqueConstraint(
                fields=["league", "external_id"],
                condition=~Q(status=RecordStatus.VOIDED),
                name="%(app_label)s_%(class)s_one_live_id",
            ),
            models.CheckConstraint(
                condition=(
                    Q(status=RecordStatus.VOIDED)
                    & Q(voided_at__isnull=False)
                    & Q(voided_by__isnull=False)
                )
                | (~Q(status=RecordStatus.VOIDED) & Q(voided_at__isnull=True)),
                name="%(app_label)s_%(class)s_voided_with_who_and_when",
            ),
        ]
        indexes: ClassVar[list[models.Index]] = [
            models.Index(
                fields=["league", "status", "date", "sequence"],
                name="%(app_label)s_%(class)s_play",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.external_id} ({self.status})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            changing = kwargs.get("update_fields")
            if changing is None or not set(changing) <= _MUTABLE_FIELDS:
                raise AppendOnly(
                    str(self.external_id),
                    "a recorded result is not edited in place; void or correct it",
                )
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnly(str(self.external_id), "a recorded result is never deleted; void it")


class GameRecord(Recorded):
    """One table's result as recorded: the engine's `Game` fields plus the history's."""

    title = models.CharField(max_length=100, default="catan")
    variant = models.CharField(max_length=64, blank=True)
    target = models.PositiveIntegerField(null=True, blank=True)
    group = models.CharField(max_length=100)
    city = models.CharField(max_length=100, blank=True)
    game_class = models.CharField(max_length=8, choices=_choices(engine.GameClass))
    event = models.CharField(max_length=200, blank=True)
    round = models.PositiveIntegerField(null=True, blank=True)
    seat_columns = models.BinaryField(default=b"", editable=False)
    """The seats packed for the compiled replays (`league.seat_columns`), written with them."""
    digest = models.BinaryField(null=True, editable=False)
    """The game's content digest (`same_content.game_digest`), written with it; null on games
    stored before it was kept, which an import compares by reading them back."""

    class Meta(Recorded.Meta):
        pass

    def to_record(self) -> engine.Game:
        """The engine's checked `Game` (prefetch ``seats__player`` and ``seats__sources``
        when converting many; `records` is faster for long histories)."""
        seats = sorted(self.seats.all(), key=attrgetter("position"))
        return engine.new_game(
            id=self.external_id,
            date=self.date,
            seats=[seat.to_raw() for seat in seats],
            game=self.title,
            variant=self.variant or None,
            target=self.target,
            group=self.group,
            city=self.city or None,
            game_class=self.game_class,
            event=self.event or None,
            round=self.round,
        )


class Seat(models.Model):
    """One player's result at one recorded table; `position` keeps the record's seat order."""

    game = models.ForeignKey(
        GameRecord, on_delete=models.CASCADE, related_name="seats", db_index=False
    )  # the seat's unique position leads with it
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    vp = models.FloatField(null=True, blank=True)
    winner = models.BooleanField(default=False)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    team = models.CharField(max_length=100, blank=True)
    status = models.CharField(
        max_length=16, choices=_choices(engine.SeatStatus), default=engine.SeatStatus.FINISHED
    )
    account = models.CharField(
        max_length=16, choices=_choices(engine.Account), default=engine.Account.PREMIUM
    )

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["game", "position"], name="league_seat_position"),
            models.UniqueConstraint(fields=["game", "player"], name="league_seat_player"),
        ]

    def to_raw(self) -> dict[str, Any]:
        """The seat as `new_game` takes it, with the player's name as the league spells it."""
        return {
            "player": self.player.name,
            "vp": self.vp,
            "winner": self.winner,
            "place": self.place,
            "team": self.team or None,
            "status": self.status,
            "account": self.account,
            "sources": {row.source: row.vp for row in self.sources.all()},
        }


class SourceVP(models.Model):
    """VP one seat earned from one source (three cities are ``cities`` = 6)."""

    seat = models.ForeignKey(
        Seat, on_delete=models.CASCADE, related_name="sources", db_index=False
    )  # the unique source leads with it
    source = models.CharField(max_length=64)
    vp = models.PositiveIntegerField()

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["seat", "source"], name="league_source_once"),
        ]


class EventRecord(Recorded):
    """A tournament's final standings as recorded, the record Turnabout rates."""

    rounds = models.PositiveIntegerField(null=True, blank=True)
    format = models.CharField(
        max_length=16, choices=_choices(engine.EventFormat), default=engine.EventFormat.SWISS
    )

    class Meta(Recorded.Meta):
        pass

    def to_record(self) -> engine.Event:
        """The engine's checked `Event` (prefetch ``standings__player`` when converting many)."""
        rows = sorted(self.standings.all(), key=attrgetter("position"))
        return engine.new_event(
            id=self.external_id,
            date=self.date,
            standings=[row.to_raw() for row in rows],
            rounds=self.rounds,
            format=self.format,
        )


class EventStanding(models.Model):
    """One player's final line in a recorded event."""

    event = models.ForeignKey(
        EventRecord, on_delete=models.CASCADE, related_name="standings", db_index=False
    )  # the standing's unique position leads with it
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="standings")
    place = models.PositiveSmallIntegerField()
    wins = models.PositiveSmallIntegerField(default=0)
    draws = models.PositiveSmallIntegerField(default=0)
    losses = models.PositiveSmallIntegerField(default=0)
    completed = models.BooleanField()

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["event", "position"], name="league_standing_position"),
            models.UniqueConstraint(fields=["event", "player"], name="league_standing_player"),
        ]

    def to_raw(self) -> dict[str, Any]:
        """The standing as `new_event` takes it."""
        return {
            "player": self.player.name,
            "place": self.place,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "completed": self.completed,
        }


class Verdict(models.TextChoices):
    CONFIRM = "confirm"
    DISPUTE = "dispute"


class Confirmation(models.Model):
    """One signature on a game record: a player confirming or disputing their own seat
    (`player` set), or a league official confirming a result an official entered (`player`
    empty). Submitting a result signs it too. Signatures are never edited or removed."""

    game = models.ForeignKey(GameRecord, on_delete=models.PROTECT, related_name="confirmations")
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="confirmations", null=True, blank=True
    )
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    verdict = models.CharField(max_length=8, choices=Verdict.choices)
    at = models.DateTimeField(default=timezone.now)
    note = models.TextField(blank=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            # A seat signs once; an official signs once as official.
            models.UniqueConstraint(
                fields=["game", "player"],
                condition=Q(player__isnull=False),
                name="league_confirmation_one_per_seat",
            ),
            models.UniqueConstraint(
                fields=["game", "by"],
                condition=Q(player__isnull=True),
                name="league_confirmation_one_per_official",
            ),
            models.CheckConstraint(
                condition=Q(player__isnull=False) | Q(verdict="confirm"),
                name="league_confirmation_officials_only_confirm",
            ),
        ]

    def __str__(self) -> str:
        who = self.player.name if self.player else f"official {self.by}"
        return f"{who} {self.verdict}s {self.game.external_id}"


from tablerank.league.account_models import (  # noqa: E402  (Django registers them)
    CreatedAccount,
    Invitation,
)
from tablerank.league.player_change_models import (  # noqa: E402  (Django registers them)
    PlayerChange,
    PlayerChangeKind,
)
from tablerank.league.rating_models import (  # noqa: E402  (Django registers them with the app)
    ListMonth,
    RatingCheckpoint,
    RatingState,
    RatingWatermark,
)
from tablerank.league.tournament_models import (  # noqa: E402  (Django registers them with the app)
    Entrant,
    TableSeat,
    Tournament,
)

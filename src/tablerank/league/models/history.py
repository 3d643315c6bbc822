"""The league's stored history, and its conversion to the engine's records.

A result is stored as it was recorded and never edited: a `GameRecord` (or `EventRecord`) keeps
the game's fields, its `Seat` rows and their `SourceVP` rows. Voiding sets only the status and
who, when and why; a correction is a new record that `replaces` the voided one. `to_record()`
rebuilds the engine's value through `new_game`/`new_event`, so a stored record is checked by the
same code path as one read from a file.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from tablerank.engine import records as engine
from tablerank.league.errors import AppendOnly
from tablerank.league.models.league import League, Player, choices_of

__all__ = [
    "Confirmation",
    "EventRecord",
    "EventStanding",
    "GameRecord",
    "RecordStatus",
    "Recorded",
    "Seat",
    "SourceVP",
    "Verdict",
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
    game_class = models.CharField(max_length=8, choices=choices_of(engine.GameClass))
    event = models.CharField(max_length=200, blank=True)
    round = models.PositiveIntegerField(null=True, blank=True)
    seat_columns = models.BinaryField(default=b"", editable=False)
    """The seats packed for the compiled replays (`store.seat_columns`), written with them."""
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
        max_length=16, choices=choices_of(engine.SeatStatus), default=engine.SeatStatus.FINISHED
    )
    account = models.CharField(
        max_length=16, choices=choices_of(engine.Account), default=engine.Account.PREMIUM
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
        max_length=16, choices=choices_of(engine.EventFormat), default=engine.EventFormat.SWISS
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

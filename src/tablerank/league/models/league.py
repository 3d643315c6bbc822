"""A league and its players: the league's settings (systems kept, titles, time zone), each
player and the periods an account signs for them."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from typing import Any, ClassVar

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone

from tablerank.engine import records as engine
from tablerank.engine.fields import name_key
from tablerank.engine.systems import SYSTEMS

__all__ = [
    "AccountPeriod",
    "League",
    "Player",
    "all_systems",
    "choices_of",
    "validate_systems",
    "validate_time_zone",
    "validate_titles",
]


def choices_of(kind: type[Any]) -> list[tuple[str, str]]:
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
    import_columns = models.CharField(max_length=1000, blank=True, default="")
    """The column mapping of the league's last import of a sheet of its own (`--columns`
    syntax, `formats.column_map`), which the web's import page offers again."""
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
    account = models.CharField(max_length=16, choices=choices_of(engine.Account))
    valid_from = models.DateField()

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                fields=["player", "valid_from"], name="league_account_period_unique"
            ),
        ]

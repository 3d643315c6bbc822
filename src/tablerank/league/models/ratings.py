"""The league's rating state: derived data, always equal to a replay of the confirmed history
(`tablerank.league.ratings.state` keeps it so; `rebuild_ratings` recomputes it from scratch)."""

from __future__ import annotations

from typing import ClassVar

from django.db import models
from django.utils import timezone

__all__ = ["ListMonth", "RatingCheckpoint", "RatingState", "RatingWatermark"]


class RatingState(models.Model):
    """One rated name's current number in one of a league's lists: the engine's `Totals` of
    `system` over the league's confirmed games in list `list_key`, kept row by row.

    `list_key` is the system's own `list_key` (the game group for cow.elo, the game title for
    area, empty for single-list systems). `player` is the name as the engine rates it: a
    player's name as the league spells it, or (area, solitaire) the game title itself."""

    league = models.ForeignKey(
        "league.League", on_delete=models.CASCADE, related_name="rating_states", db_index=False
    )  # both indexes lead with it
    system = models.CharField(max_length=64)
    list_key = models.CharField(max_length=200, blank=True)
    player = models.CharField(max_length=200)
    rating = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    parts = models.TextField(blank=True, default="")
    """For an order-independent system, the exact sum's partials (`engine.sums`), space
    separated, when there is more than one; `rating` is their once-rounded total."""
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "league"
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                fields=["league", "system", "list_key", "player"],
                name="league_rating_state_once",
            ),
        ]
        indexes: ClassVar[list[models.Index]] = [
            # A write reads every list's rows of the game's players at once.
            models.Index(fields=["league", "player"], name="league_rating_state_player"),
        ]

    def __str__(self) -> str:
        return f"{self.system}[{self.list_key}] {self.player} {self.rating}"


class RatingWatermark(models.Model):
    """The last game applied to one list, by its place in play order (`date`, then
    `sequence`), and how many of the list's games that makes. For an order-dependent system a
    confirmed game after it is applied on its own; a change at or before it replays from the
    nearest earlier `RatingCheckpoint`."""

    league = models.ForeignKey(
        "league.League", on_delete=models.CASCADE, related_name="rating_watermarks", db_index=False
    )  # the unique watermark leads with it
    system = models.CharField(max_length=64)
    list_key = models.CharField(max_length=200, blank=True)
    date = models.DateField()
    sequence = models.PositiveBigIntegerField()
    games = models.PositiveBigIntegerField(default=0)

    class Meta:
        app_label = "league"
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                fields=["league", "system", "list_key"], name="league_rating_watermark_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.system}[{self.list_key}] up to {self.date} #{self.sequence}"


class RatingCheckpoint(models.Model):
    """An order-dependent list's whole state just after one of its games (`date`,
    `sequence`): every rated name's rating and games, compressed. Written every
    `checkpoints.EVERY` games of the list, further apart in a list of many names
    (`checkpoints.falls_due`); a change in the past replays from the nearest
    earlier one, and explanations start from it."""

    league = models.ForeignKey(
        "league.League", on_delete=models.CASCADE, related_name="+", db_index=False
    )  # the unique checkpoint leads with it
    system = models.CharField(max_length=64)
    list_key = models.CharField(max_length=200, blank=True)
    date = models.DateField()
    sequence = models.PositiveBigIntegerField()
    games = models.PositiveBigIntegerField()
    """The list's games up to and including this one."""
    state = models.BinaryField()

    class Meta:
        app_label = "league"
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                fields=["league", "system", "list_key", "date", "sequence"],
                name="league_rating_checkpoint_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.system}[{self.list_key}] at {self.date} #{self.sequence}"


class ListMonth(models.Model):
    """One month of the ranking lists (seed 001) as the lists read it (`list_months`): each
    player's points per city and game group, and each player's latest account, built from the
    month's confirmed games when a list first reads the month. `changed_at`: the league's
    revision of the last write that changed the month's confirmed games (the row of month ""
    stands for every month: a rebuild); `data` holds for the state built at revision
    `built_at`, and serves while no write came after it."""

    league = models.ForeignKey(
        "league.League", on_delete=models.CASCADE, related_name="+", db_index=False
    )  # the unique month leads with it
    month = models.CharField(max_length=7, blank=True)
    changed_at = models.BigIntegerField(default=0)
    built_at = models.BigIntegerField(null=True)
    data = models.BinaryField(null=True)

    class Meta:
        app_label = "league"
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["league", "month"], name="league_list_month_once"),
        ]

    def __str__(self) -> str:
        return f"lists of {self.month or 'every month'} (changed at revision {self.changed_at})"

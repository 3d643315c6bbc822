"""A league's tournaments: the event, who entered, and who sits where each round.

Results are the league's ordinary game records (their `event` is the tournament's name and
their `round` the round), so they are verified, rated and corrected like any other game;
`tablerank.league.services.tournaments` holds the rules."""

from __future__ import annotations

import datetime as dt
from typing import ClassVar

from django.conf import settings
from django.db import models
from django.utils import timezone

__all__ = ["Entrant", "RoundClock", "TableSeat", "Tournament"]


class Tournament(models.Model):
    """A Catan event run in the league: `rounds` preliminary rounds, then, with a `cut`, the
    top `cut` players at semifinal tables and the table winners at the final."""

    league = models.ForeignKey(
        "league.League", on_delete=models.PROTECT, related_name="tournaments", db_index=False
    )  # the unique slug leads with it
    slug = models.SlugField(max_length=100)
    name = models.CharField(max_length=200)
    rounds = models.PositiveSmallIntegerField()
    table_sizes = models.CharField(max_length=32, default="3,4")
    scoring = models.CharField(max_length=32, default="wins")
    cut = models.PositiveSmallIntegerField(default=0)
    seed = models.PositiveIntegerField(default=0)
    preset = models.CharField(max_length=32, blank=True, default="")
    """The official format the event was set up from (`tablerank.tournament.presets`), or ""."""
    keep_apart = models.TextField(blank=True, default="", max_length=20000)
    """Players not to be seated together (friends and family), one group a line, names
    separated by commas."""
    drop_winless_after = models.PositiveSmallIntegerField(default=0)
    """The large-event rule: after this preliminary round, players without a win drop (0: off)."""
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["league", "slug"], name="league_tournament_slug"),
            models.UniqueConstraint(fields=["league", "name"], name="league_tournament_name"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.league.slug})"


class Entrant(models.Model):
    """A player registered for a tournament; present once checked in, until dropped."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entrants", db_index=False
    )  # the unique entry leads with it
    player = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="+")
    checked_in = models.BooleanField(default=False)
    dropped_after = models.PositiveSmallIntegerField(null=True, blank=True)
    """The last round seated before the player dropped (0: dropped before round 1)."""

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["tournament", "player"], name="league_entrant_once"),
        ]

    def __str__(self) -> str:
        return f"{self.player.name} in {self.tournament.name}"


class TableSeat(models.Model):
    """One player's seat in one round: table `table` (0: a bye), `position` in turn order
    (0 starts)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="seats", db_index=False
    )  # the seat once a round leads with it
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ("round", "table", "position")
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                fields=["tournament", "round", "player"], name="league_table_seat_once_a_round"
            ),
            models.UniqueConstraint(
                fields=["tournament", "round", "table", "position"], name="league_table_seat_free"
            ),
        ]

    def __str__(self) -> str:
        return f"round {self.round}, table {self.table}, seat {self.position + 1}"


class RoundClock(models.Model):
    """A round's clock (`table` 0), or one table's extension on top of it (`table` > 0: only
    `extra` counts). `tablerank.tournament.clock` does the arithmetic; the league's
    `services.tournament_clock` the rules."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="clocks", db_index=False
    )  # the clock once a round and table leads with it
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField(default=0)
    length = models.DurationField(default=dt.timedelta(0))
    started_at = models.DateTimeField(null=True, blank=True)
    paused_at = models.DateTimeField(null=True, blank=True)
    paused_for = models.DurationField(default=dt.timedelta(0))
    """The time spent in pauses that ended."""
    extra = models.DurationField(default=dt.timedelta(0))

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                fields=["tournament", "round", "table"], name="league_round_clock_once"
            ),
        ]

    def __str__(self) -> str:
        where = f", table {self.table}" if self.table else ""
        return f"clock of round {self.round}{where}"

"""What a tournament's print-outs read (docs/tournaments.md, "Print-outs"): a round as seated,
its pairings sorted by player name ("find your table"), and the VP sources a result slip has
lines for. The seats are the ones stored when the round was seated (`services.round_of`);
nothing here seats anyone."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from tablerank.engine.fields import name_key
from tablerank.engine.variants import VARIANTS, Source
from tablerank.league.models import GameRecord, RecordStatus, Tournament
from tablerank.league.services.tournament_rounds import round_of
from tablerank.league.services.tournaments import current_round
from tablerank.tournament.seating import SeatedRound

__all__ = ["Pairing", "alphabetical", "pairings_of", "printed_round", "slip_sources"]

DEFAULT_VARIANT = "base"


@dataclass(frozen=True)
class Pairing:
    """Where one entrant of a round sits: `table` and `seat` in turn order (seat 1 starts),
    both None for a bye."""

    player: str
    table: int | None = None
    seat: int | None = None

    @property
    def bye(self) -> bool:
        return self.table is None


def alphabetical(name: str) -> tuple[str, str]:
    """A name's place in an A-Z list: the league's name key (`engine.fields.name_key`: case
    does not count) with its accents set aside, so "Ärne" sorts with the A's; names that
    differ only in accents then follow their name keys."""
    key = name_key(name)
    decomposed = unicodedata.normalize("NFD", key)
    return "".join(c for c in decomposed if not unicodedata.combining(c)), key


def printed_round(tournament: Tournament, number: int | None = None) -> SeatedRound | None:
    """Round `number` as seated (`NotFound` when it is not), or without a number the latest
    round seated (None before round 1)."""
    if number is None:
        number = current_round(tournament)
        if not number:
            return None
    return round_of(tournament, number)


def pairings_of(seated: SeatedRound) -> list[Pairing]:
    """Every entrant of the round, A-Z by `alphabetical`: their table and seat, or their bye."""
    rows = [
        Pairing(player, table.number, position)
        for table in seated.tables
        for position, player in enumerate(table.seats, start=1)
    ] + [Pairing(player) for player in seated.byes]
    return sorted(rows, key=lambda row: alphabetical(row.player))


def slip_sources(tournament: Tournament) -> tuple[Source, ...]:
    """The VP sources a result slip has lines for (seed 002's table of the variant): those of
    the one variant the event's results name, else base Catan's (a tournament's own results
    are recorded as base Catan)."""
    named = list(
        GameRecord.objects.filter(league=tournament.league, event=tournament.name)
        .exclude(status=RecordStatus.VOIDED)
        .values_list("variant", flat=True)
        .distinct()[:2]
    )
    chosen = named[0] if len(named) == 1 and named[0] in VARIANTS else DEFAULT_VARIANT
    return VARIANTS[chosen].sources

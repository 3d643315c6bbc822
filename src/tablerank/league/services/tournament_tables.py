"""A league's tournament, the round's tables: which still wait, for whom, and the organizer's
"confirm all" (the organizer's word counts at the event: `signing.organizers_word`)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction

from tablerank.league.errors import LeagueError
from tablerank.league.models import GameRecord, RecordStatus, Tournament
from tablerank.league.services.roles import ORGANIZERS, require_role
from tablerank.league.services.signing import confirm_for_event, may_submit, plays_in, verification
from tablerank.league.services.tournament_formats import attendance
from tablerank.league.services.tournament_rounds import (
    cut_rounds,
    result_at_table,
    round_of,
    sizes_of,
    table_results,
)
from tablerank.league.services.tournaments import current_round, finished, require_open

__all__ = [
    "Steps",
    "Waiting",
    "confirm_round",
    "confirm_table",
    "may_enter_result",
    "next_open_table",
    "next_steps",
    "waiting_tables",
]


@dataclass(frozen=True)
class Waiting:
    """A table of a round without a confirmed result, and what it waits for, in words."""

    table: int
    result: GameRecord | None
    waits_for: str


def waiting_tables(tournament: Tournament, number: int) -> list[Waiting]:
    """Round `number`'s tables without a confirmed result, in table order: no result yet, or
    whose signatures it waits for (or who disputed it)."""
    results = table_results(tournament, number)
    waiting = []
    for table in round_of(tournament, number).tables:
        record = results.get(table.number)
        if record is None:
            waiting.append(Waiting(table.number, None, "no result entered yet"))
        elif record.status != RecordStatus.CONFIRMED:
            waiting.append(Waiting(table.number, record, verification(record).summary))
    return waiting


def confirm_round(tournament: Tournament, number: int, by: User) -> list[GameRecord]:
    """An organizer confirms every result of round `number` that waits for signatures (their
    word counts at the event); the confirmed ones. A disputed result waits for a correction,
    a table without a result for its result, a table where the organizer plays for its
    players."""
    require_role(tournament.league, by, *ORGANIZERS)
    require_open(tournament)
    confirmed = []
    with transaction.atomic():
        for waiting in waiting_tables(tournament, number):
            record = waiting.result
            if record is None or record.status != RecordStatus.SUBMITTED:
                continue
            if plays_in(record, by):
                continue
            if confirm_for_event(record, by):
                confirmed.append(record)
    return confirmed


def confirm_table(tournament: Tournament, number: int, table: int, by: User) -> GameRecord:
    """An organizer confirms one table's waiting result on their word (overriding the table's
    sign-off); refused, saying why, where there is nothing to confirm: no result yet, one
    confirmed already, or a disputed one (corrected instead)."""
    require_role(tournament.league, by, *ORGANIZERS)
    require_open(tournament)
    where = f"{tournament.name}, round {number}, table {table}"
    record = result_at_table(tournament, number, table)
    if record is None:
        raise LeagueError("table", f"{where} has no result yet")
    if record.status == RecordStatus.DISPUTED:
        raise LeagueError("table", f"{where} is {verification(record).summary}: correct it")
    if record.status != RecordStatus.SUBMITTED or not confirm_for_event(record, by):
        raise LeagueError("table", f"{where} is {record.status} already")
    return record


def may_enter_result(tournament: Tournament, number: int, table: int, by: User) -> bool:
    """Whether `by` may enter this table's result now: the tournament is open, the table has
    none, and they play at it or are an organizer (`signing.may_submit`)."""
    if finished(tournament) or result_at_table(tournament, number, table) is not None:
        return False
    seats = next(t.seats for t in round_of(tournament, number).tables if t.number == table)
    return may_submit(tournament.league, by, seats)


def next_open_table(tournament: Tournament, number: int, after: int) -> int | None:
    """The next table of round `number` after table `after` (wrapping round) that has no
    result yet: where an organizer entering the round's sheets goes next; None when every
    table has one."""
    open_tables = [w.table for w in waiting_tables(tournament, number) if w.result is None]
    later = [t for t in open_tables if t > after]
    return next(iter(later or open_tables), None)


@dataclass(frozen=True)
class Steps:
    """What an organizer can do next (a page offers only these): seat the next round, confirm
    the waiting results of the latest, record the event as finished; `finished` once it is,
    when nothing more can be done."""

    seat: bool
    confirm: bool
    finish: bool
    finished: bool


def next_steps(tournament: Tournament) -> Steps:
    """The steps that can be done now (the services refuse the others, saying why)."""
    if finished(tournament):
        return Steps(seat=False, confirm=False, finish=False, finished=True)
    latest = current_round(tournament)
    waiting = waiting_tables(tournament, latest) if latest else []
    last = tournament.rounds + cut_rounds(tournament)
    present = attendance(tournament)
    done = not waiting
    return Steps(
        seat=done and latest < last and present >= min(sizes_of(tournament)),
        confirm=any(w.result is not None and w.result.status == RecordStatus.SUBMITTED
                    for w in waiting),
        finish=done and latest == last,
        finished=False,
    )  # fmt: skip

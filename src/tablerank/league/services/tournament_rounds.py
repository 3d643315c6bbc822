"""A league's tournaments, the round side: seating the next round, entering a table's result,
the standings, and the finished event (docs/tournaments.md).

A round is seated only when every table of the one before has a confirmed result; a result is
entered for a table that exists, with exactly the players seated there, and goes through the
league's verification like any other game (`signing.submit_game`)."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from tablerank.engine.fields import digits
from tablerank.engine.records import new_game
from tablerank.engine.values import Game
from tablerank.errors import RecordError
from tablerank.league.errors import LeagueError, NotFound
from tablerank.league.models import (
    GameRecord,
    League,
    RecordStatus,
    TableSeat,
    Tournament,
)
from tablerank.league.services.recording import correct_game, local_date
from tablerank.league.services.roles import ORGANIZERS, Actor, require_role
from tablerank.league.services.signing import confirm_for_event, plays_in, submit_game
from tablerank.league.services.tournament_formats import (
    keep_apart_of,
    settle_format,
    winless_drop,
)
from tablerank.league.services.tournaments import current_round, require_open, seated_in
from tablerank.league.store.reading import confirmed_records, games_of
from tablerank.tournament.cut import final_table, semifinal_tables
from tablerank.tournament.seating import SeatedRound, SeatedTable, next_round
from tablerank.tournament.standings import TournamentStandings, tournament_standings
from tablerank.tournament.tables import SeatingError

__all__ = [
    "Seating",
    "correct_result",
    "current_seating",
    "cut_rounds",
    "enter_result",
    "preliminary_standings",
    "result_at_table",
    "round_of",
    "seat_next_round",
    "table_results",
]


def cut_rounds(tournament: Tournament) -> int:
    """Rounds after the preliminaries: none without a cut; one where the cut fits one table
    (that table is the final); else the semifinals and the final."""
    if not tournament.cut:
        return 0
    return 1 if tournament.cut <= max(sizes_of(tournament)) else 2


def round_of(tournament: Tournament, number: int) -> SeatedRound:
    """Round `number` as seated: its tables in turn order and its byes."""
    seats = seated_in(tournament, number)
    if not seats:
        raise NotFound("round", f"{tournament.name}: round {number} is not seated")
    tables: dict[int, list[str]] = {}
    for seat in seats:
        tables.setdefault(seat.table, []).append(seat.player.name)
    byes = tables.pop(0, [])
    seated = tuple(SeatedTable(t, tuple(names)) for t, names in sorted(tables.items()))
    return SeatedRound(number, seated, tuple(byes))


@dataclass(frozen=True)
class Seating:
    """What an event's page shows of a tournament: its latest round's tables and what that
    round is (`round`, `semifinal` or `final`)."""

    tournament: Tournament
    seated: SeatedRound | None
    stage: str


def current_seating(league: League, name: str) -> Seating | None:
    """The latest seated round of the league's tournament called `name`, if there is one
    (callers check that the viewer may read the league)."""
    found = Tournament.objects.filter(league=league, name=name).first()
    if found is None:
        return None
    latest = current_round(found)
    seated = round_of(found, latest) if latest else None
    return Seating(found, seated, _stage(found, latest))


def _stage(tournament: Tournament, number: int) -> str:
    extra = number - tournament.rounds
    if extra <= 0:
        return "round"
    return "final" if extra == cut_rounds(tournament) else "semifinal"


def tournament_games(tournament: Tournament) -> list[Game]:
    """The tournament's confirmed results."""
    records = confirmed_records(tournament.league).filter(event=tournament.name)
    return games_of(records)


def table_results(tournament: Tournament, number: int) -> dict[int, GameRecord]:
    """The live results of round `number`, by table."""
    return _results_of(tournament, number)


def _results_of(tournament: Tournament, number: int) -> dict[int, GameRecord]:
    """The live results of round `number`, by table (from their ids)."""
    live = GameRecord.objects.filter(
        league=tournament.league, event=tournament.name, round=number
    ).exclude(status=RecordStatus.VOIDED)
    found = [(_table_of(tournament, record.external_id, number), record) for record in live]
    return {table: record for table, record in found if table is not None}


def _game_id(tournament: Tournament, number: int, table: int) -> str:
    return f"{tournament.slug}-r{number}-t{table}"[:64]


def _table_of(tournament: Tournament, game_id: str, number: int) -> int | None:
    """The table whose result a game of this id is (`_game_id`), or None: a game of the
    event and round whose id is not a table's (recorded some other way) is no table's."""
    prefix = f"{tournament.slug}-r{number}-t"
    return digits(game_id[len(prefix) :], limit=4) if game_id.startswith(prefix) else None


def preliminary_standings(
    tournament: Tournament, *, through: int | None = None
) -> TournamentStandings:
    """The standings of the confirmed preliminary rounds (through round `through`)."""
    last = min(tournament.rounds, through) if through is not None else tournament.rounds
    games = [g for g in tournament_games(tournament) if g.round is not None and g.round <= last]
    if not games:
        raise LeagueError("standings", f"{tournament.name}: no confirmed result yet")
    return tournament_standings(games, scoring=tournament.scoring, seed=tournament.seed)


def require_complete(tournament: Tournament, number: int) -> None:
    results = _results_of(tournament, number)
    for table in round_of(tournament, number).tables:
        record = results.get(table.number)
        if record is None or record.status != RecordStatus.CONFIRMED:
            state = "no result" if record is None else "no confirmed result"
            raise LeagueError(
                "round", f"{tournament.name}: round {number}, table {table.number} has {state} yet"
            )


def seat_next_round(tournament: Tournament, by: Actor) -> SeatedRound:
    """Seat the round after the latest: a Swiss round (power pods by the standings, nobody
    meeting an earlier opponent while it can be helped), then with a cut the semifinals and
    the final. Nothing already played is re-seated."""
    require_role(tournament.league, by, *ORGANIZERS)
    require_open(tournament)
    with transaction.atomic():
        latest = current_round(tournament)
        if latest:
            require_complete(tournament, latest)
        number = latest + 1
        try:
            seated = _seat(tournament, number)
        except SeatingError as exc:
            raise LeagueError("round", f"{tournament.name}, round {number}: {exc}") from None
        _store(tournament, seated)
        return seated


def _seat(tournament: Tournament, number: int) -> SeatedRound:
    present = [
        e.player.name
        for e in tournament.entrants.select_related("player").order_by("pk")
        if e.checked_in and e.dropped_after is None
    ]
    if number == 1:
        settle_format(tournament, len(present))
    if number <= tournament.rounds:
        if number == tournament.drop_winless_after + 1 > 1:
            dropped = winless_drop(tournament, number, present, _wins(tournament, number - 1))
            present = [name for name in present if name not in dropped]
        return _swiss(tournament, number, present)
    if number > tournament.rounds + cut_rounds(tournament):
        raise SeatingError(f"the tournament is over after round {number - 1}")
    seeds = [p for p in _seeds(tournament) if p.casefold() in {n.casefold() for n in present}]
    if number == tournament.rounds + 1:
        return semifinal_tables(seeds, number, top=tournament.cut, sizes=sizes_of(tournament))
    semis = [g for g in tournament_games(tournament) if g.round == number - 1]
    return final_table(semis, seeds, number)


def _wins(tournament: Tournament, through: int) -> dict[str, int]:
    """Each player's wins in the preliminary rounds through `through`, by case-folded name."""
    rows = preliminary_standings(tournament, through=through).rows
    return {row.player.casefold(): row.wins for row in rows}


def _seeds(tournament: Tournament) -> list[str]:
    return [row.player for row in preliminary_standings(tournament).rows]


def sizes_of(tournament: Tournament) -> list[int]:
    """The table sizes the tournament seats."""
    return [int(size) for size in tournament.table_sizes.split(",")]


def _swiss(tournament: Tournament, number: int, present: list[str]) -> SeatedRound:
    earlier: list[list[list[str]]] = []
    byes: Counter[str] = Counter()
    for k in range(1, number):
        seated = round_of(tournament, k)
        earlier.append([list(t.seats) for t in seated.tables])
        byes.update(seated.byes)
    standings = [row.player for row in preliminary_standings(tournament).rows] if number > 1 else []
    return next_round(
        present, number, standings=standings, earlier=earlier, byes_so_far=byes,
        seed=tournament.seed + number, sizes=sizes_of(tournament),
        apart=keep_apart_of(tournament),
    )  # fmt: skip


def _store(tournament: Tournament, seated: SeatedRound) -> None:
    players = {e.player.key: e.player for e in tournament.entrants.select_related("player")}
    rows = [
        TableSeat(tournament=tournament, round=seated.number, table=t.number, position=i,
                  player=players[name.casefold()])
        for t in seated.tables
        for i, name in enumerate(t.seats)
    ] + [
        TableSeat(tournament=tournament, round=seated.number, table=0, position=i,
                  player=players[name.casefold()])
        for i, name in enumerate(seated.byes)
    ]  # fmt: skip
    TableSeat.objects.bulk_create(rows)


def enter_result(
    tournament: Tournament,
    number: int,
    table: int,
    sheet: Sequence[Mapping[str, Any]],
    by: User,
    *,
    played_at: dt.datetime | None = None,
) -> GameRecord:
    """Submit the result of table `table` of round `number`: one entry per seated player
    (`player`, `vp`, optional `winner`), stored in the table's turn order and verified as the
    league verifies every result (a player at the table or an official signs)."""
    require_open(tournament)
    existing = result_at_table(tournament, number, table)
    if existing is not None:
        where = f"{tournament.name}, round {number}, table {table}"
        raise LeagueError(
            "table", f"{where} has a result already ({existing.external_id}); correct that one"
        )
    when = played_at or timezone.now()
    game = _table_game(tournament, number, table, sheet, local_date(tournament.league, when))
    return submit_game(tournament.league, game, by, played_at=when, table=True)


def correct_result(
    tournament: Tournament,
    number: int,
    table: int,
    sheet: Sequence[Mapping[str, Any]],
    by: User,
    why: str,
) -> GameRecord:
    """Replace the result of table `table` of round `number` (the league's correction: the
    old one is voided, the new one keeps its id, date and place in the play order). The
    correcting organizer's word confirms it, unless they play at the table. The standings
    follow; no round already seated is seated again."""
    require_open(tournament)
    existing = result_at_table(tournament, number, table)
    if existing is None:
        where = f"{tournament.name}, round {number}, table {table}"
        raise NotFound("table", f"{where} has no result to correct")
    game = _table_game(tournament, number, table, sheet, existing.date)
    with transaction.atomic():
        record = correct_game(existing, game, by, why, table=True)
        if not plays_in(record, by):
            confirm_for_event(record, by)  # the organizer's word: `signing.organizers_word`
    return record


def result_at_table(tournament: Tournament, number: int, table: int) -> GameRecord | None:
    """The live result of a table that exists in a seated round (else `NotFound`, naming the
    round's tables for a table not in it)."""
    if not 1 <= number <= current_round(tournament):
        raise NotFound("round", f"{tournament.name}: round {number} is not seated")
    seated = [t.number for t in round_of(tournament, number).tables]
    if table not in seated:
        shown = ", ".join(str(t) for t in seated)
        raise NotFound("table", f"{tournament.name}, round {number} has no table {table} "
                       f"(tables {shown})")  # fmt: skip
    return _results_of(tournament, number).get(table)


def _table_game(
    tournament: Tournament,
    number: int,
    table: int,
    sheet: Sequence[Mapping[str, Any]],
    day: dt.date,
) -> Game:
    """The table's game: its seats in turn order with the sheet's VP and winner."""
    seats = next(t.seats for t in round_of(tournament, number).tables if t.number == table)
    by_name = _sheet(sheet, seats, f"{tournament.name}, round {number}, table {table}")
    try:
        return new_game(
            id=_game_id(tournament, number, table), date=day,
            seats=[by_name[name.casefold()] | {"player": name} for name in seats],
            event=tournament.name, round=number,
        )  # fmt: skip
    except RecordError as exc:
        raise LeagueError(exc.field, exc.message) from None


def _sheet(
    sheet: Sequence[Mapping[str, Any]], seats: Sequence[str], where: str
) -> dict[str, dict[str, Any]]:
    """The sheet's entries by player, exactly the players seated at the table."""
    wanted = {name.casefold(): name for name in seats}
    found: dict[str, dict[str, Any]] = {}
    for entry in sheet:
        name = str(entry.get("player", "")).strip()
        key = name.casefold()
        if key in found:
            raise LeagueError("seats", f"{where}: {name} is entered twice")
        if key not in wanted:
            raise LeagueError(
                "seats", f"{where}: {name or 'a seat without a name'} is not seated at this "
                f"table (seated: {', '.join(seats)})",
            )  # fmt: skip
        found[key] = {k: v for k, v in entry.items() if k in ("vp", "winner")}
    missing = [name for key, name in wanted.items() if key not in found]
    if missing:
        raise LeagueError("seats", f"{where}: no result for {', '.join(missing)}")
    return found

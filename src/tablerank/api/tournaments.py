"""`/api/leagues/{slug}/tournaments`: run a Catan event through the API (docs/api.md).

Each call is one call into the league's tournament services, which decide every rule and who
may do what (organizers run the event; results go through the league's verification). Reads
follow the league's visibility: a private league's tournaments are 404 to outsiders.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from django.contrib.auth.models import User
from django.db import transaction
from django.http import HttpRequest
from ninja import Field, Router, Schema, Status
from pydantic import StrictBool

from tablerank.api.access import league_for
from tablerank.api.auth import OPTIONAL_TOKEN, READ, WRITE, caller, signed_in
from tablerank.api.games import fresh
from tablerank.api.limits import PlayerName, Slug, Text
from tablerank.api.outputs import WRITES, GameDetailOut, errors
from tablerank.api.schemas import described
from tablerank.formats.report import tournament_json
from tablerank.formats.seating import seating_json
from tablerank.league import queries, services
from tablerank.league.models import Tournament
from tablerank.tournament.presets import PRESETS
from tablerank.tournament.scoring import SCORINGS

router = Router(tags=["tournaments"])

Body = dict[str, Any]
EventSlug = Slug
Number = int | float


class TournamentIn(Schema):
    name: PlayerName = Field(description="the event's name, as its games carry it")
    rounds: int | None = Field(
        None, ge=1, le=1000, description="preliminary rounds (default: the preset's)"
    )
    slug: Slug | Literal[""] = Field("", description="its address (default: from the name)")
    table_sizes: Text | None = Field(None, description="allowed table sizes (default 3,4)")
    scoring: Annotated[Text, described({"type": "string", "enum": list(SCORINGS)})] | None = None
    cut: int | None = Field(None, ge=0, le=10000, description="top N to semifinals; 0: no cut")
    seed: int = Field(0, ge=0, le=2**31 - 1)
    preset: Annotated[Text, described({"type": "string", "enum": ["", *PRESETS]})] = Field(
        "", description="an official CATAN format: it sets rounds, cut, sizes, scoring, drop"
    )
    keep_apart: Text = Field("", description="players to seat apart: a group a line, 'Ann, Ben'")
    drop_winless_after: int | None = Field(
        None, ge=0, le=1000, description="drop players without a win after this round (0: off)"
    )


class EntrantsIn(Schema):
    players: list[PlayerName] = Field(min_length=1, max_length=1000)
    checked_in: StrictBool = False


class SheetSeatIn(Schema):
    player: PlayerName
    vp: int = Field(ge=0, le=1000)
    winner: StrictBool | None = None


class ResultIn(Schema):
    seats: list[SheetSeatIn] = Field(min_length=1, max_length=20)


class CorrectionIn(ResultIn):
    why: Text


class EntrantOut(Schema):
    player: str
    checked_in: bool
    dropped_after: int | None


class TournamentOut(Schema):
    slug: str
    name: str
    rounds: int
    cut: int
    table_sizes: str
    scoring: str
    preset: str = Field(description="the official format it was set up by, or '' (custom)")
    format: str = Field(description="its format in words, for the players checked in so far")
    keep_apart: list[list[str]]
    drop_winless_after: int
    drops: str | None = Field(description="who the large-event rule dropped, and why")
    round: int = Field(description="the latest round seated, 0 before the first")
    entrants: list[EntrantOut]


class TournamentListOut(Schema):
    league: str
    tournaments: list[TournamentOut]


class TableOut(Schema):
    table: int
    seats: list[str] = Field(description="in turn order: the first seat starts")


class RoundOut(Schema):
    round: int
    tables: list[TableOut]
    byes: list[str]


class StandingRowOut(Schema):
    player: str
    rank: int
    games: int
    abandoned: int
    wins: int
    vp: Number
    vp_percent: Number
    seconds: int
    thirds: int
    points: Number | None = None
    lot: int
    separated_by: str | None


class StandingsOut(Schema):
    standings: list[StandingRowOut]
    seed: int
    scoring: str
    criteria: list[str]
    games: int


def shape(tournament: Tournament) -> Body:
    entrants = queries.entrants_of(tournament)
    return {
        "slug": tournament.slug, "name": tournament.name, "rounds": tournament.rounds,
        "cut": tournament.cut, "table_sizes": tournament.table_sizes,
        "scoring": tournament.scoring, "round": services.current_round(tournament),
        "preset": tournament.preset, "format": services.format_words(tournament),
        "keep_apart": [line.split(", ") for line in tournament.keep_apart.splitlines()],
        "drop_winless_after": tournament.drop_winless_after,
        "drops": services.drop_words(tournament),
        "entrants": [
            {"player": e.player.name, "checked_in": e.checked_in, "dropped_after": e.dropped_after}
            for e in entrants
        ],
    }  # fmt: skip


def read_tournament(request: HttpRequest, slug: str, event: str) -> Tournament:
    user = caller(request).user
    return services.tournament_of(league_for(slug, user), event, user)


def write_tournament(request: HttpRequest, slug: str, event: str) -> tuple[User, Tournament]:
    user = signed_in(request)
    return user, services.tournament_of(league_for(slug, user), event, user)


@router.get(
    "/leagues/{slug}/tournaments",
    response={200: TournamentListOut, **errors(404, 422)},
    summary="List tournaments",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    exclude_unset=True,
)
def tournament_list(request: HttpRequest, slug: Slug) -> Body:
    league = league_for(slug, caller(request).user)
    found = queries.tournaments_of(league)
    return {"league": league.slug, "tournaments": [shape(t) for t in found]}


@router.post(
    "/leagues/{slug}/tournaments",
    auth=WRITE,
    response={201: TournamentOut, **errors(*WRITES)},
    summary="Create a tournament",
)
def create(request: HttpRequest, slug: Slug, data: TournamentIn) -> Status[Body]:
    """Organizers only: `rounds` preliminary rounds, then with `cut` the top players at
    semifinal tables (snake-seeded) and the table winners at the final; or a `preset`, an
    official CATAN format, which sets those itself (docs/tournaments.md)."""
    user = signed_in(request)
    league = league_for(slug, user)
    made = services.create_tournament(
        league, user, name=data.name, rounds=data.rounds, slug=data.slug,
        sizes=data.table_sizes, scoring=data.scoring, cut=data.cut, seed=data.seed,
        preset=data.preset, keep_apart=data.keep_apart, drop_winless_after=data.drop_winless_after,
    )  # fmt: skip
    return Status(201, shape(made))


@router.get(
    "/leagues/{slug}/tournaments/{event}",
    response={200: TournamentOut, **errors(404, 422)},
    summary="Read a tournament",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    exclude_unset=True,
)
def tournament(request: HttpRequest, slug: Slug, event: EventSlug) -> Body:
    return shape(read_tournament(request, slug, event))


@router.post(
    "/leagues/{slug}/tournaments/{event}/entrants",
    auth=WRITE,
    response={201: TournamentOut, **errors(*WRITES)},
    summary="Register players",
)
def register(request: HttpRequest, slug: Slug, event: EventSlug, data: EntrantsIn) -> Status[Body]:
    user, found = write_tournament(request, slug, event)
    with transaction.atomic():
        services.register_players(found, data.players, user, checked_in=data.checked_in)
    return Status(201, shape(found))


@router.post(
    "/leagues/{slug}/tournaments/{event}/entrants/{player}/check-in",
    auth=WRITE,
    response={200: TournamentOut, **errors(*WRITES)},
    summary="Check a player in",
)
def check_in(request: HttpRequest, slug: Slug, event: EventSlug, player: PlayerName) -> Body:
    user, found = write_tournament(request, slug, event)
    services.check_in(found, player, user)
    return shape(found)


@router.post(
    "/leagues/{slug}/tournaments/{event}/entrants/{player}/drop",
    auth=WRITE,
    response={200: TournamentOut, **errors(*WRITES)},
    summary="Drop a player",
)
def drop(request: HttpRequest, slug: Slug, event: EventSlug, player: PlayerName) -> Body:
    user, found = write_tournament(request, slug, event)
    services.drop_player(found, player, user)
    return shape(found)


@router.post(
    "/leagues/{slug}/tournaments/{event}/rounds",
    auth=WRITE,
    response={201: RoundOut, **errors(*WRITES)},
    summary="Seat the next round",
)
def seat(request: HttpRequest, slug: Slug, event: EventSlug) -> Status[Body]:
    user, found = write_tournament(request, slug, event)
    seated = services.seat_next_round(found, user)
    return Status(201, seating_json([seated])["rounds"][0])


@router.get(
    "/leagues/{slug}/tournaments/{event}/rounds/{number}",
    response={200: RoundOut, **errors(404, 422)},
    summary="Read a round's tables",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    exclude_unset=True,
)
def round_tables(request: HttpRequest, slug: Slug, event: EventSlug, number: int) -> Body:
    seated = services.round_of(read_tournament(request, slug, event), number)
    body: Body = seating_json([seated])["rounds"][0]
    return body


@router.post(
    "/leagues/{slug}/tournaments/{event}/rounds/{number}/tables/{table}/result",
    auth=WRITE,
    by_alias=True,
    response={201: GameDetailOut, **errors(*WRITES)},
    summary="Enter a table's result",
)
def result(
    request: HttpRequest, slug: Slug, event: EventSlug, number: int, table: int, data: ResultIn
) -> Status[Body]:
    """The table's score sheet, one entry per seated player; it is stored in the table's turn
    order and verified as the league verifies every result."""
    user, found = write_tournament(request, slug, event)
    sheet = [seat.dict(exclude_none=True) for seat in data.seats]
    with transaction.atomic():
        record = services.enter_result(found, number, table, sheet, user)
    return Status(201, fresh(record))


@router.post(
    "/leagues/{slug}/tournaments/{event}/rounds/{number}/tables/{table}/correct",
    auth=WRITE,
    by_alias=True,
    response={201: GameDetailOut, **errors(*WRITES)},
    summary="Correct a table's result",
)
def correct(
    request: HttpRequest,
    slug: Slug,
    event: EventSlug,
    number: int,
    table: int,
    data: CorrectionIn,
) -> Status[Body]:
    """Organizers only: the table's result is replaced (the old one voided, the new one
    keeping its id and place in the play order); the standings follow."""
    user, found = write_tournament(request, slug, event)
    sheet = [seat.dict(exclude_none=True) for seat in data.seats]
    with transaction.atomic():
        record = services.correct_result(found, number, table, sheet, user, data.why)
    return Status(201, fresh(record))


class WaitingOut(Schema):
    table: int
    waits_for: str = Field(description="in words: no result yet, or whose signatures")


class WaitingRoundOut(Schema):
    round: int
    waiting: list[WaitingOut] = Field(description="the round's tables without a confirmed one")


class ConfirmedRoundOut(Schema):
    confirmed: list[str] = Field(description="the ids of the results confirmed now")
    waiting: list[WaitingOut] = Field(description="the round's tables still without one")


def _waiting(found: Tournament, number: int) -> list[Body]:
    return [
        {"table": w.table, "waits_for": w.waits_for} for w in services.waiting_tables(found, number)
    ]


@router.get(
    "/leagues/{slug}/tournaments/{event}/rounds/{number}/waiting",
    response={200: WaitingRoundOut, **errors(404, 422)},
    summary="A round's tables still without a confirmed result",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    exclude_unset=True,
)
def waiting(request: HttpRequest, slug: Slug, event: EventSlug, number: int) -> Body:
    return {"round": number, "waiting": _waiting(read_tournament(request, slug, event), number)}


@router.post(
    "/leagues/{slug}/tournaments/{event}/rounds/{number}/confirm",
    auth=WRITE,
    response={200: ConfirmedRoundOut, **errors(*WRITES)},
    summary="Confirm every waiting result of a round",
)
def confirm_all(request: HttpRequest, slug: Slug, event: EventSlug, number: int) -> Body:
    """Organizers only: every result of the round that waits for signatures counts on the
    organizer's word; a disputed one waits for a correction."""
    user, found = write_tournament(request, slug, event)
    with transaction.atomic():
        confirmed = services.confirm_round(found, number, user)
    return {"confirmed": [r.external_id for r in confirmed], "waiting": _waiting(found, number)}


class FinishedOut(Schema):
    event: str = Field(description="the id of the Turnabout event record now in the league")
    standings: list[str] = Field(description="the final order, first to last")


@router.post(
    "/leagues/{slug}/tournaments/{event}/finish",
    auth=WRITE,
    response={201: FinishedOut, **errors(*WRITES)},
    summary="Record the finished event",
)
def finish(request: HttpRequest, slug: Slug, event: EventSlug) -> Status[Body]:
    """Organizers only, after the last round's results are confirmed: the final order is
    recorded as a Turnabout event record of the league (its id: the tournament's address)."""
    user, found = write_tournament(request, slug, event)
    with transaction.atomic():
        record = services.finish_tournament(found, user)
    order = queries.final_order(record)
    return Status(201, {"event": record.external_id, "standings": order})


@router.get(
    "/leagues/{slug}/tournaments/{event}/standings",
    response={200: StandingsOut, **errors(404, 422)},
    summary="The tournament's standings",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    exclude_unset=True,
)
def standings(request: HttpRequest, slug: Slug, event: EventSlug) -> Body:
    """The confirmed results' standings in the event's order: after a cut, the final's table
    first (`separated_by` "final"), then the final's order, then the semifinals' places
    ("semifinal"), then the preliminary standings with the tiebreak that separated each pair."""
    return tournament_json(services.standings_of(read_tournament(request, slug, event)))

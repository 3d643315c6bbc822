"""`/api/leagues/{slug}/predict`, `/backtest` and `/seats-report`: who will win a table, which
system predicts the league best, and whether the first seat wins more (issue 12), in the CLI's
JSON (`tablerank predict`, `backtest`, `seats-report`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Field, Query, Router, Schema

from tablerank.api.access import league_for
from tablerank.api.auth import OPTIONAL_TOKEN, READ, caller
from tablerank.api.errors import field_renamed
from tablerank.api.limits import Slug
from tablerank.api.outputs import Number, errors
from tablerank.api.schemas import QueryText, System
from tablerank.engine.calibration import JUDGED_SEATS
from tablerank.formats.report import backtest_json, prediction_json
from tablerank.formats.seating import seat_report_json
from tablerank.league import queries

router = Router(tags=["forecasts"])

Body = dict[str, Any]


class Seat(Schema):
    player: str
    win_probability: float
    expected_vp: float | None = Field(description="skill only")
    rating: Number
    uncertainty: Number | None = Field(description="skill only")
    games: int = Field(description="games the player was rated in; 0: a newcomer")


class PredictionOut(Schema):
    system: str
    table: list[Seat]
    newcomers: list[str]


class Baseline(Schema):
    games: int
    log_loss: float
    brier: float


class Decile(Schema):
    decile: int = Field(description="1: the tenth of the seats given the least chance")
    low: float
    high: float
    seats: int
    predicted: float = Field(description="the mean chance its seats were given")
    observed: float = Field(description="the share of its seats that won")
    distance: float = Field(description="observed minus predicted, in standard errors")
    judged: bool = Field(description=f"enough seats ({JUDGED_SEATS} or more) to be judged")
    within_2se: bool


class Scored(Schema):
    system: str
    games: int
    log_loss: float
    accuracy: float
    brier: float
    temperature: float | None = Field(description="null: the system's own probabilities")
    baseline_log_loss: float
    calibration: list[Decile]
    calibration_judged: int = Field(description="deciles with enough seats to be judged")
    calibration_off: int = Field(description="judged deciles more than 2 standard errors off")
    calibration_chi_square: float
    calibration_chance: float | None = Field(
        description="the chance of a chi-square this large if the probabilities were exact; "
        "null when no decile is judged"
    )


class BacktestOut(Schema):
    baseline: Baseline
    systems: list[Scored]


class Position(Schema):
    position: int
    games: int
    wins: int
    win_rate: float
    win_rate_low: float
    win_rate_high: float
    expected: float
    vp_games: int
    mean_vp: float | None
    mean_vp_low: float | None
    mean_vp_high: float | None


class TableSize(Schema):
    players: int
    games: int
    chi_square: float
    p_value: float
    positions: list[Position]


class SeatsReportOut(Schema):
    tables: list[TableSize]
    left_out: int
    listed_by_result: bool


class SeatsQuery(Schema):
    title: QueryText | None = None
    group: QueryText | None = None
    city: QueryText | None = None
    event: QueryText | None = None


class PredictQuery(Schema):
    table: QueryText = Field(description="the players in turn order, comma-separated")
    system: System = "skill"
    list_key: QueryText | None = Field(None, alias="list", description="a group or title")


class BacktestQuery(Schema):
    system: list[System] | None = Field(None, description="repeatable; default: every one")
    title: QueryText | None = None
    group: QueryText | None = None
    city: QueryText | None = None


@router.get(
    "/leagues/{slug}/predict",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    by_alias=True,
    response={200: PredictionOut, **errors(404, 422)},
    summary="Predict a table",
)
def predict(request: HttpRequest, slug: Slug, query: Query[PredictQuery]) -> Body:
    """Each seat's chance to win a table about to play (names in turn order, matched to the
    league's players ignoring case), from one list of a kept system."""
    league = league_for(slug, caller(request).user)
    players = tuple(name.strip() for name in query.table.split(","))
    with field_renamed("list_key", "list"):
        odds = queries.predict(league, players, query.system, query.list_key)
    return prediction_json(query.system, odds)


@router.get(
    "/leagues/{slug}/backtest",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    response={200: BacktestOut, **errors(404, 422)},
    summary="Backtest the systems",
)
def backtest(request: HttpRequest, slug: Slug, query: Query[BacktestQuery]) -> Body:
    """Which system predicts this league's winners best: each one's log-loss, accuracy, Brier
    score and calibration on the later half of the confirmed games (docs/backtest.md)."""
    league = league_for(slug, caller(request).user)
    base, results = queries.backtest(
        league, tuple(query.system or ()), title=query.title, group=query.group, city=query.city
    )
    return backtest_json(base, results)


@router.get(
    "/leagues/{slug}/seats-report",
    auth=READ,
    openapi_extra=OPTIONAL_TOKEN,
    response={200: SeatsReportOut, **errors(404, 422)},
    summary="Win rate by turn position",
)
def seats_report(request: HttpRequest, slug: Slug, query: Query[SeatsQuery]) -> Body:
    """`tablerank seats-report`: each turn position's win rate and mean VP per table size,
    with 95% intervals and a chi-square test, over the confirmed games the filters select."""
    league = league_for(slug, caller(request).user)
    report = queries.seats_report(
        league, title=query.title, group=query.group, city=query.city, event=query.event
    )
    return seat_report_json(report)

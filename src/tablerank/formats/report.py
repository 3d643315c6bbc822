"""Results as plain JSON-ready dicts: the shapes `--format json` prints and the API serves."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, Required, TypedDict

from tablerank.engine.lists import AnnualEntry, MonthlyEntry, RankingList
from tablerank.engine.systems import SYSTEMS
from tablerank.engine.systems.base import Explanation, NotRated, RatingTable, Standing
from tablerank.formats.sheets import Rows

if TYPE_CHECKING:
    from tablerank.engine.backtest import Backtest
    from tablerank.engine.calibration import Calibration
    from tablerank.engine.systems.skill import TableOdds
    from tablerank.tournament.standings import TournamentStandings

__all__ = [
    "ANNUAL_ROWS",
    "BACKTEST_ROWS",
    "MONTHLY_ROWS",
    "RATING_ROWS",
    "RECORDED_EVENT_ROWS",
    "TOURNAMENT_ROWS",
    "HistoryStep",
    "backtest_json",
    "calibration_summary",
    "explanation_json",
    "history_step_json",
    "lists_json",
    "number",
    "prediction_json",
    "rating_table_json",
    "rating_tables_json",
    "systems_json",
    "tournament_json",
]


# The rows of each result a spreadsheet gets (`tablerank ... --format csv`, the web's downloads):
# which list of the JSON, and the columns every row has.
RATING_ROWS = Rows("standings", ("player", "rank", "rating", "games"))
MONTHLY_ROWS = Rows("list", ("player", "place", "score", "games", "gold"))
ANNUAL_ROWS = Rows("list", ("player", "place", "score", "months"))
TOURNAMENT_ROWS = Rows(
    "standings",
    ("player", "rank", "games", "abandoned", "wins", "vp", "vp_percent", "seconds", "thirds"),
)
RECORDED_EVENT_ROWS = Rows(  # an event's final standings as recorded (`formats.records.event_json`)
    "standings", ("player", "place", "wins", "draws", "losses", "completed")
)
BACKTEST_ROWS = Rows(
    "systems",
    ("system", "games", "log_loss", "accuracy", "brier", "temperature", "baseline_log_loss",
     "calibration", "calibration_judged", "calibration_off", "calibration_chi_square",
     "calibration_chance"),
)  # fmt: skip


class StandingJSON(TypedDict, total=False):
    player: Required[str]
    rank: Required[int]
    rating: Required[float]
    games: Required[int]
    uncertainty: float
    provisional: bool


class NotRatedJSON(TypedDict):
    record: str
    player: str | None
    reason: str


def number(x: float) -> float:
    """Whole numbers print as integers (1008, not 1008.0); others to 9 decimals, which hides
    float noise (1.7999999999999998) and nothing a rating system can tell apart."""
    x = round(x, 9)
    return int(x) if float(x).is_integer() else x


def _not_rated(items: tuple[NotRated, ...]) -> list[NotRatedJSON]:
    return [{"record": n.record, "player": n.player, "reason": n.reason} for n in items]


def _standing(s: Standing) -> StandingJSON:
    out: StandingJSON = {
        "player": s.player, "rank": s.rank, "rating": number(s.rating), "games": s.games
    }  # fmt: skip
    if s.uncertainty is not None:
        out["uncertainty"] = number(s.uncertainty)
        out["provisional"] = s.provisional
    return out


def rating_table_json(table: RatingTable) -> dict[str, Any]:
    standings = [_standing(s) for s in table.standings]
    return {
        "system": table.system,
        "standings": standings,
        "not_rated": _not_rated(table.not_rated),
    }


def rating_tables_json(tables: Sequence[tuple[str, RatingTable]]) -> dict[str, Any]:
    """`rating_table_json` of one list; of several (a system's list per title or group), each
    row says its `list` (ranks are each list's) and `lists` names them in order."""
    if len(tables) == 1:
        return rating_table_json(tables[0][1])
    standings: list[dict[str, Any]] = []
    not_rated: list[NotRatedJSON] = []
    for key, table in tables:
        standings += [{"list": key, **_standing(s)} for s in table.standings]
        not_rated += _not_rated(table.not_rated)
    return {
        "system": tables[0][1].system,
        "lists": [key for key, _ in tables],
        "standings": standings,
        "not_rated": not_rated,
    }


def explanation_json(e: Explanation) -> dict[str, Any]:
    breakdown: dict[str, list[dict[str, Any]]] = {p: [] for p in e.changes}
    for t in e.terms:
        breakdown.setdefault(t.player, []).append(
            {"amount": number(t.amount), "why": t.why, "opponent": t.opponent}
        )
    return {
        "game": e.record,
        "system": e.system,
        "changes": {p: number(d) for p, d in e.changes.items()},
        "before": {p: number(r) for p, r in e.before.items()},
        "after": {p: number(r) for p, r in e.after.items()},
        "breakdown": breakdown,
        "not_rated": _not_rated(e.not_rated),
        "notes": list(e.notes),
    }


def systems_json() -> list[dict[str, Any]]:
    return [
        {
            "name": name,
            "title": cls.title,
            "source": cls.source,
            "order": "lower first" if cls.lower_is_better else "higher first",
            "parameters": [
                {"name": p, "default": _plain(d), "help": h} for p, d, h in cls.parameters()
            ],
        }
        for name, cls in SYSTEMS.items()
    ]


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, float):
        return number(value)
    return value if isinstance(value, int | str | bool) or value is None else str(value)


def lists_json(result: RankingList) -> dict[str, Any]:
    """A ranking list (monthly, Open or annual) and who is not listed, and why."""
    rows: list[dict[str, Any]] = []
    for entry in result.entries:
        if isinstance(entry, MonthlyEntry):
            rows.append(
                {"player": entry.player, "place": entry.place, "score": round(entry.score, 9),
                 "games": entry.games, "gold": entry.gold}
            )  # fmt: skip
        else:
            assert isinstance(entry, AnnualEntry)
            rows.append(
                {"player": entry.player, "place": entry.place, "score": entry.score,
                 "months": list(entry.months)}
            )  # fmt: skip
    return {
        "kind": result.kind,
        "period": result.period,
        "city": result.city,
        "group": result.group,
        "list": rows,
        "not_listed": [{"player": n.player, "reason": n.reason} for n in result.not_listed],
    }


def tournament_json(result: TournamentStandings) -> dict[str, Any]:
    """A tournament's standings rows, the seed of the draw, the scoring and what was left out.
    `points` appears in the rows only for points presets."""
    rows: list[dict[str, Any]] = []
    for r in result.rows:
        row: dict[str, Any] = {
            "player": r.player,
            "rank": r.rank,
            "games": r.games,
            "abandoned": r.abandoned,
            "wins": r.wins,
            "vp": number(float(r.vp)),
            "vp_percent": number(float(r.vp_percent)),
            "seconds": r.seconds,
            "thirds": r.thirds,
        }
        if r.points is not None:
            row["points"] = number(float(r.points))
        row["lot"] = r.lot
        row["separated_by"] = r.separated_by
        rows.append(row)
    return {
        "standings": rows,
        "seed": result.seed,
        "seed_derived": result.seed_derived,
        "scoring": result.scoring.name,
        "criteria": list(result.scoring.criteria),
        "event": result.event,
        "games": len(result.games),
        "left_out": [{"record": x.record, "reason": x.reason} for x in result.left_out],
    }


class HistoryStep(Protocol):
    """What one rated game did to one player's number (the league's history entries)."""

    @property
    def game(self) -> str: ...
    @property
    def date(self) -> dt.date: ...
    @property
    def list_key(self) -> str: ...
    @property
    def before(self) -> float: ...
    @property
    def after(self) -> float: ...
    @property
    def change(self) -> float: ...
    @property
    def games(self) -> int: ...
    @property
    def summary(self) -> str: ...
    @property
    def explanation(self) -> Explanation: ...


def history_step_json(step: HistoryStep, *, summary: bool = False) -> dict[str, Any]:
    """One step of a player's history; `summary` adds the one-line reason the CLI prints."""
    out: dict[str, Any] = {
        "game": step.game,
        "date": step.date.isoformat(),
        "list": step.list_key,
        "before": number(step.before),
        "after": number(step.after),
        "change": number(step.change),
        "games": step.games,
    }
    if summary:
        out["summary"] = step.summary
    out["explanation"] = explanation_json(step.explanation)
    return out


def prediction_json(system: str, odds: Sequence[TableOdds]) -> dict[str, Any]:
    """`tablerank predict --format json`: each seat's win probability (they sum to 1), expected
    VP (skill only, else null), rating, uncertainty (skill only) and rated games; and who has
    no rated game yet."""
    return {
        "system": system,
        "table": [
            {
                "player": o.player,
                "win_probability": round(o.win_probability, 6),
                "expected_vp": None if o.expected_vp is None else round(o.expected_vp, 3),
                "rating": number(o.strength),
                "uncertainty": None if o.uncertainty is None else number(o.uncertainty),
                "games": o.games,
            }
            for o in odds
        ],
        "newcomers": [o.player for o in odds if o.games == 0],
    }


def backtest_json(
    baseline: tuple[int, float, float], results: Sequence[Backtest]
) -> dict[str, Any]:
    """`tablerank backtest --format json`: the uniform baseline and each system's scores on the
    second half of the history (docs/backtest.md)."""

    def rounded(x: float) -> float:
        return round(x, 6)

    games, loss, brier = baseline
    return {
        "baseline": {"games": games, "log_loss": rounded(loss), "brier": rounded(brier)},
        "systems": [
            {
                "system": r.system,
                "games": r.games,
                "log_loss": rounded(r.log_loss),
                "accuracy": rounded(r.accuracy),
                "brier": rounded(r.brier),
                "temperature": None if r.temperature is None else rounded(r.temperature),
                "baseline_log_loss": rounded(r.baseline_log_loss),
                **_calibration_json(r.calibration),
            }
            for r in results
        ],
    }


def _calibration_json(calibration: Calibration) -> dict[str, Any]:
    """A backtest's calibration by decile (`engine.calibration`), as its JSON gives it."""
    chance = calibration.chance
    return {
        "calibration": [
            {
                "decile": d.decile,
                "low": round(d.low, 6),
                "high": round(d.high, 6),
                "seats": d.seats,
                "predicted": round(d.predicted, 6),
                "observed": round(d.observed, 6),
                "distance": round(d.distance, 3),
                "judged": d.judged,
                "within_2se": d.within_2se,
            }
            for d in calibration.deciles
        ],
        "calibration_judged": len(calibration.judged),
        "calibration_off": calibration.off,
        "calibration_chi_square": round(calibration.chi_square, 3),
        "calibration_chance": None if chance is None else float(f"{chance:.3g}"),
    }


def calibration_summary(judged: int, off: int, chance: float | None) -> str:
    """A backtest's calibration in a few words, for a table cell: how many judged deciles are
    off, and the chance of being that far off with exact probabilities."""
    if chance is None:
        return "too few seats"
    return f"{off} of {judged} ({chance:.2g})"

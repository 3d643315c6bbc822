"""`skill`: a Bayesian estimate of each player's strength, with its uncertainty (issue 12).

Not a seed system: the seeds are what communities run by hand, and none of them estimates skill
well. This one reads what a Catan table knows beyond the order: how far each seat finished above
its table in VP (capped at the target, as tournaments cap it) and its place. A player's rating
is their estimated strength in VP per game above an average table, shrunk toward 0 while they
have few games; `uncertainty` is its standard deviation, which grows with the days since their
last game, and a rating is `provisional` while that is above `provisional_share` of the
spread of strengths (what is known of a stranger).
docs/systems/skill.md explains the model; the numbers live in `engine.skill_model`, which
imports numpy and scipy and is imported only when this system runs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from tablerank.engine.ranking import competition_ranks
from tablerank.engine.systems.base import (
    Explanation,
    NotRated,
    RatingTable,
    Record,
    Standing,
    System,
    Term,
    Totals,
    chronological,
    require_one_list,
    split_refused,
)
from tablerank.engine.values import Game
from tablerank.errors import InvalidParameter, InvalidTable, UnknownRecord

if TYPE_CHECKING:
    from tablerank.engine.skill_model import Fit
    from tablerank.engine.skill_observations import Observations
    from tablerank.engine.skill_spread import Spread

__all__ = ["Forecast", "Skill", "TableOdds", "check_table"]


@dataclass(frozen=True)
class TableOdds:
    """One seat's chances before a game."""

    player: str
    win_probability: float
    expected_vp: float | None
    strength: float
    """The player's rating in the system that predicted (skill: strength in VP)."""
    uncertainty: float | None
    games: int
    """The games the player was rated in (0: a newcomer)."""


@dataclass(frozen=True)
class Forecast:
    """A game's pre-game odds, made from the games before it only (the backtest scores them)."""

    game: str
    odds: tuple[TableOdds, ...]


def _help(text: str) -> dict[str, str]:
    return {"help": text}


@dataclass(frozen=True)
class Skill(System):
    name: ClassVar[str] = "skill"
    list_name: ClassVar[str] = "game title"
    record_type: ClassVar[type[Game]] = Game
    title: ClassVar[str] = "Skill: estimated strength from VP margins and places, with uncertainty"
    source: ClassVar[str] = "tablerank (issue 12); docs/systems/skill.md"

    prior_sd: float = field(
        default=0.0, metadata=_help("spread of strengths (VP; 0: estimated from the games)")
    )
    noise_sd: float = field(
        default=0.0, metadata=_help("one game's luck in a seat's score (VP; 0: estimated)")
    )
    place_weight: float = field(default=0.5, metadata=_help("VP a place above is worth, with VP"))
    place_vp: float = field(default=1.5, metadata=_help("VP a place is worth at tables without VP"))
    half_life_days: float = field(
        default=0.0, metadata=_help("days after which a game counts half (0: all count fully)")
    )
    drift_sd: float = field(
        default=0.5, metadata=_help("how far strength may drift in a year away (VP)")
    )
    provisional_share: float = field(
        default=0.8,
        metadata=_help("provisional while the uncertainty is above this share of a stranger's"),
    )
    seat_effects: bool = field(
        default=False, metadata=_help("estimate turn-order advantage (needs seats in turn order)")
    )
    seat_sd: float = field(default=0.5, metadata=_help("spread of turn-order effects (VP)"))

    def __post_init__(self) -> None:
        if self.seat_sd <= 0:
            raise InvalidParameter("skill parameter seat_sd: must be greater than 0")
        if not 0 < self.provisional_share <= 1:
            raise InvalidParameter("skill parameter provisional_share: must be above 0, at most 1")
        for name in ("prior_sd", "noise_sd", "place_weight", "place_vp", "half_life_days",
                     "drift_sd"):  # fmt: skip
            if getattr(self, name) < 0:
                raise InvalidParameter(f"skill parameter {name}: must be 0 or more")

    # -- which records --------------------------------------------------------------------------

    def list_key(self, record: Game) -> str:
        """Each game title is its own list: strength at Catan says little about Kremlin."""
        return record.game

    def refusal(self, record: Record) -> str | None:
        """Why this system does not rate `record` at all, or None if it does."""
        if not isinstance(record, Game):
            return "skill rates games only"
        if len(record.placed) < 2:
            return "fewer than two seats hold a place"
        return None

    def games(self, records: Iterable[Record]) -> tuple[list[Game], list[NotRated]]:
        """The games this system rates, in play order, and the records and seats it does not."""
        rated, skipped = split_refused(self.refusal, records)
        mine = [rec for rec in rated if isinstance(rec, Game)]
        for game in mine:
            skipped.extend(_left(game))
        require_one_list(self.name, "game title", (self.list_key(g) for g in mine))
        return mine, skipped

    def observations(self, games: Sequence[Game]) -> Observations:
        from tablerank.engine.skill_observations import observe

        return observe(games, self)

    def fitted(
        self, obs: Observations, games: int | None = None, near: Fit | Spread | None = None
    ) -> Fit:
        """The posterior after the first `games` games of `obs` (default: all); estimated
        spreads start from those of `near` (a fit, or spreads), when given."""
        from tablerank.engine.skill_model import fit
        from tablerank.engine.skill_spread import Spread

        start = Spread(near.prior_sd, near.noise_sd) if near else None
        return fit(obs, len(obs.game_ids) if games is None else games, self, start)

    # -- the System interface ---------------------------------------------------------------------

    def _no_start(self, start: Mapping[str, float] | None) -> None:
        if start:
            raise InvalidParameter("skill estimates from the games alone; it takes no --start")

    def _whole(
        self, records: Iterable[Record], start: Mapping[str, float] | None
    ) -> tuple[Fit, list[NotRated]]:
        """The fit over every game this system rates, and what it does not rate."""
        self._no_start(start)
        games, skipped = self.games(records)
        return self.fitted(self.observations(games)), skipped

    def totals(self, records: Iterable[Record], start: Mapping[str, float] | None = None) -> Totals:
        fit, skipped = self._whole(records, start)
        played = dict(zip(fit.players, fit.games.tolist(), strict=True))
        return Totals(_strengths(fit), played, tuple(skipped))

    def rate(
        self, records: Iterable[Record], start: Mapping[str, float] | None = None
    ) -> RatingTable:
        fit, skipped = self._whole(records, start)
        return self.standings(fit, skipped)

    def standings(self, fit: Fit, skipped: Sequence[NotRated] = ()) -> RatingTable:
        """The table of a fit: by strength, with uncertainty and the provisional flag."""
        ratings = _strengths(fit)
        at = fit.index
        standings = tuple(
            Standing(
                player=p,
                rank=rank,
                rating=ratings[p],
                games=int(fit.games[at[p]]),
                uncertainty=float(fit.sd[at[p]]),
                provisional=bool(fit.sd[at[p]] > self.provisional_share * fit.prior_sd),
            )
            for rank, p in competition_ranks(ratings)
        )
        return RatingTable(self.name, standings, tuple(skipped))

    def explain(
        self,
        records: Iterable[Record],
        record_id: str,
        start: Mapping[str, float] | None = None,
    ) -> Explanation:
        """Expected against actual: each seat's score the estimates before the game expected,
        the score it made, and how each estimate moved once the game was added."""
        self._no_start(start)
        records = list(records)
        games, _ = self.games(records)
        at = next((i for i, g in enumerate(games) if g.id == record_id), None)
        if at is None:
            raise UnknownRecord(self._no_such_record(records, record_id))
        return self.explained(self.observations(games[: at + 1]), games[at])

    def explained(self, obs: Observations, game: Game) -> Explanation:
        """`explain` of `game`, the last of the rated games `obs` holds."""
        at = len(obs.game_ids) - 1
        before, after = self.fitted(obs, at), self.fitted(obs, at + 1)
        odds = self.odds(before, game.placed_players)
        scores = obs.seat_score[obs.game_start[at] : obs.game_start[at + 1]].tolist()
        expected = _expected_scores(before, game.placed_players, self.seat_effects)
        was, now = _strengths(before), _strengths(after)
        players = game.placed_players
        terms = tuple(
            Term(
                p,
                now[p] - was.get(p, 0.0),
                f"expected {exp:+.2f} against the table, scored {got:+.2f} "
                f"({odds[i].win_probability:.0%} to win before the game)",
            )
            for i, (p, exp, got) in enumerate(zip(players, expected, scores, strict=True))
        )
        return Explanation(
            record=game.id,
            system=self.name,
            before={p: was.get(p, 0.0) for p in players},
            changes={p: now[p] - was.get(p, 0.0) for p in players},
            terms=terms,
            not_rated=tuple(_left(game)),
            notes=(
                "A score is VP above the table's mean (capped at the target) plus "
                f"{self.place_weight:g} per place above the middle; ratings are VP per game "
                "above an average table.",
                "The estimates are refitted from the whole history, so players who were not "
                "at this table move a little too.",
            ),
        )

    # -- predictions ----------------------------------------------------------------------------

    def odds(self, fit: Fit, players: Sequence[str]) -> tuple[TableOdds, ...]:
        """Each seat's win probability and expected VP at a table seated in this turn order."""
        from tablerank.engine.skill_model import win_probabilities

        check_table(players)
        at = fit.index
        sds = [float(fit.sd[at[p]]) if p in at else fit.prior_sd for p in players]
        means = _expected_scores(fit, players, self.seat_effects)
        chances = win_probabilities(means, [(fit.noise_sd**2 + s**2) ** 0.5 for s in sds])
        table_vp = fit.mean_vp.get(len(players))
        strengths = [float(fit.strength[at[p]]) if p in at else 0.0 for p in players]
        return tuple(
            TableOdds(
                player=p,
                win_probability=chances[i],
                expected_vp=None if table_vp is None else table_vp + means[i],
                strength=strengths[i],
                uncertainty=sds[i],
                games=int(fit.games[at[p]]) if p in at else 0,
            )
            for i, p in enumerate(players)
        )

    def predict(self, records: Iterable[Record], players: Sequence[str]) -> tuple[TableOdds, ...]:
        """The odds of a table about to play, from every rated game so far."""
        games, _ = self.games(records)
        return self.odds(self.fitted(self.observations(games)), players)

    def forecasts(self, games: Sequence[Game], refits: int = 200, first: int = 0) -> list[Forecast]:
        """Pre-game odds of every game rated from the `first`-th of `games` in play order on
        (a backtest scores only the later half), each made from earlier games of its title only
        (each title is its own list).

        The model is refitted before every game, or, on histories longer than `refits` games
        (`refits_for`: fewer where many players make each fit dear), every total / `refits`
        games, the games between two refits predicted from the one before."""
        ordered = [game for game in chronological(games) if isinstance(game, Game)]
        wanted = {game.id for game in ordered[first:]}
        titles: dict[str, list[Game]] = {}
        for game in ordered:
            titles.setdefault(game.game, []).append(game)
        out = [f for listed in titles.values() for f in self._forecasts(listed, refits, wanted)]
        order = {g.id: i for i, g in enumerate(ordered)}
        return sorted(out, key=lambda f: order[f.game])

    def _forecasts(self, games: Sequence[Game], refits: int, wanted: set[str]) -> list[Forecast]:
        mine, _ = self.games(games)
        obs = self.observations(mine)
        scored = [k for k, game_id in enumerate(obs.game_ids) if game_id in wanted]
        if not scored:
            return []
        by_id = {g.id: g for g in mine}
        players = int(obs.seat_player.max()) + 1
        every = max(1, -(-len(scored) // refits_for(refits, players)))
        out: list[Forecast] = []
        fit: Fit | None = None
        fitted_at = 0
        for k in scored:
            if fit is None or k - fitted_at >= every:
                fit, fitted_at = self.fitted(obs, k, near=fit), k
            game = by_id[obs.game_ids[k]]
            out.append(Forecast(game.id, self.odds(fit, game.placed_players)))
        return out


REFIT_WORK = 2e10
"""At most about this many refits × players³ in `forecasts`: a fit over n players costs about
n³ (the exact posterior), 0.19 s at 1,000 players on the 2-core machine measured, so the
refits of a backtest stay within about four seconds."""


def refits_for(refits: int, players: int) -> int:
    """The refits `forecasts` makes for a list of `players`: `refits`, fewer for many players
    (never fewer than 20)."""
    return max(1, min(refits, max(20, int(REFIT_WORK / max(players, 1) ** 3))))


def _left(game: Game) -> list[NotRated]:
    return [
        NotRated(game.id, s.player, "left the game mid-way: holds no final place")
        for s in game.seats
        if s.place is None
    ]


def check_table(players: Sequence[str]) -> None:
    """A table to predict seats at least two named players, each once."""
    unnamed = [seat for seat, name in enumerate(players, 1) if not name.strip()]
    if unnamed:
        raise InvalidTable(f"seat {unnamed[0]} has no name")
    if len(players) < 2:
        raise InvalidTable("a table needs at least two players")
    twice = [p for p in players if players.count(p) > 1]
    if twice:
        raise InvalidTable(f"{twice[0]} is seated twice at the table")


def _strengths(fit: Fit) -> dict[str, float]:
    return dict(zip(fit.players, fit.strength.tolist(), strict=True))


def _expected_scores(fit: Fit, players: Sequence[str], seat_effects: bool) -> list[float]:
    """Each seat's expected score above its table: strength plus turn-order effect, centred."""
    at = fit.index
    n = len(players)
    raw = [
        (float(fit.strength[at[p]]) if p in at else 0.0)
        + (fit.seat.get((n, turn), 0.0) if seat_effects else 0.0)
        for turn, p in enumerate(players, 1)
    ]
    mean = sum(raw) / n
    return [r - mean for r in raw]

"""Which system predicts a club best? Replay the history in play order and, before each game,
predict its winner from the ratings so far (issue 12, "Backtest").

A rating system gives numbers, not probabilities: each is turned into a win probability by a
softmax over the table, p_i = exp(r_i / T) / sum_j exp(r_j / T), with one temperature T per
system fitted on the first half of the games (the one that minimises their log-loss). The
second half is scored: log-loss (the mean of -ln p of the winner), accuracy (the winner had the
highest probability; a tie at the top counts the winner's share), the Brier score (the mean
over games of the sum over seats of (p - won)^2) and the calibration by decile of predicted
chance (`engine.calibration`: how often each tenth of the seats won, and whether that is within
chance of what they were given). The uniform guess, 1/n at an n-seat table, is the baseline.
Games without a single winner, and games a system refuses, are left out of that system's score
(its ratings still move as the system says).

The skill system gives its own probabilities (`Skill.forecasts`, made before each game from the
games before it): they are scored as they are, with no temperature."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from tablerank.engine.calibration import Calibration, calibration
from tablerank.engine.systems.base import ReplaySystem, System, chronological
from tablerank.engine.systems.skill import Skill
from tablerank.engine.values import Game
from tablerank.engine.winner import winner_of
from tablerank.errors import InvalidParameter, NothingToPredict, RatingError

__all__ = [
    "Backtest",
    "Odds",
    "Prediction",
    "backtest",
    "backtest_skill",
    "backtest_systems",
    "baseline",
    "predicting",
    "softmax",
]


@dataclass(frozen=True)
class Prediction:
    """One scored game: each seat's rating before it, and the winner's index."""

    ratings: tuple[float, ...]
    winner: int


@dataclass(frozen=True)
class Backtest:
    system: str
    games: int
    """Games scored (the second half)."""
    temperature: float | None
    """The softmax's fitted temperature; None for a system with its own probabilities."""
    log_loss: float
    accuracy: float
    brier: float
    baseline_log_loss: float
    baseline_brier: float
    calibration: Calibration


def softmax(ratings: Sequence[float], temperature: float) -> list[float]:
    top = max(ratings)
    weights = [math.exp((r - top) / temperature) for r in ratings]
    total = math.fsum(weights)
    return [w / total for w in weights]


def predictions(system: ReplaySystem[Game], games: Iterable[Game]) -> list[Prediction]:
    """Before each game the system rates (in the given order), the seats' ratings so far."""
    lists: dict[str, dict[str, float]] = {}
    initial = system.initial_rating()
    out: list[Prediction] = []
    for game in games:
        if system.refusal(game) is not None:
            continue
        ratings = lists.setdefault(system.list_key(game), {})
        winner = winner_of(game)
        players = [seat.player for seat in game.placed]
        if winner is not None and len(players) > 1:
            before = tuple(ratings.get(p, initial) for p in players)
            out.append(Prediction(before, players.index(winner)))
        try:
            delta = system.changes(game, ratings)
        except RatingError:
            continue
        for player, amount in delta.items():
            ratings[player] = ratings.get(player, initial) + amount
    return out


def _log_loss(scored: Sequence[Prediction]) -> Callable[[float], float]:
    """The mean log-loss of the softmax over these games as a function of its temperature:
    -(r_w - top) / T + ln sum_i exp((r_i - top) / T) per game, with the games' ratings in one
    array per table size (a fit evaluates it some forty times)."""
    import numpy as np

    sizes: dict[int, list[Prediction]] = {}
    for p in scored:
        sizes.setdefault(len(p.ratings), []).append(p)
    tables = []
    for same in sizes.values():
        ratings = np.array([p.ratings for p in same], dtype=np.float64)
        ratings -= ratings.max(axis=1, keepdims=True)
        won = ratings[np.arange(len(same)), [p.winner for p in same]]
        tables.append((ratings, won))

    def loss(temperature: float) -> float:
        total = math.fsum(
            float(np.sum(np.log(np.exp(ratings / temperature).sum(axis=1)) - won / temperature))
            for ratings, won in tables
        )
        return total / len(scored)

    return loss


def fit_temperature(scored: Sequence[Prediction]) -> float:
    """The temperature with the least log-loss on these games (a bounded search over ln T)."""
    from scipy.optimize import minimize_scalar

    spread = max((max(p.ratings) - min(p.ratings) for p in scored), default=0.0)
    if not scored or spread == 0.0:
        return 1.0
    loss = _log_loss(scored)
    result = minimize_scalar(
        lambda log_t: loss(math.exp(log_t)),
        bounds=(math.log(spread) - 12.0, math.log(spread) + 12.0),
        method="bounded",
    )
    return float(math.exp(result.x))


def backtest(name: str, system: ReplaySystem[Game], games: Sequence[Game]) -> Backtest | None:
    """The system's scores on the second half of its predictable games, or None when it has
    fewer than 2 such games."""
    made = predictions(system, games)
    if len(made) < 2:
        return None
    half = len(made) // 2
    first, second = made[:half], made[half:]
    temperature = fit_temperature(first)
    odds = [Odds(tuple(softmax(p.ratings, temperature)), p.winner) for p in second]
    return _scored(name, odds, temperature)


def predicting(names: Iterable[str]) -> list[str]:
    """The systems among `names` that can predict a game: skill, and those that rate games one
    by one."""
    from tablerank.engine.systems import get_system

    return [n for n in names if _predicts(get_system(n))]


def _predicts(system: System) -> bool:
    if isinstance(system, Skill):
        return True
    return isinstance(system, ReplaySystem) and system.record_type is Game


def backtest_systems(games: Sequence[Game], names: Sequence[str] | None = None) -> list[Backtest]:
    """The backtest of each named system on `games` (in play order), or of every system that
    can predict; systems with fewer than two predictable games are left out. Refused: a named
    system that cannot predict, or no result at all."""
    from tablerank.engine.systems import SYSTEMS, get_system

    results = []
    for name in names or predicting(SYSTEMS):
        system = get_system(name)
        if not _predicts(system):
            raise InvalidParameter(f"{name} does not rate games one by one")
        if isinstance(system, Skill):
            scored = backtest_skill(system, games)
        else:
            assert isinstance(system, ReplaySystem)
            scored = backtest(name, system, games)
        if scored is not None:
            results.append(scored)
    if not results:
        raise NothingToPredict("no system could predict two games of these records")
    return results


def backtest_skill(system: Skill, games: Sequence[Game]) -> Backtest | None:
    """`backtest` for the skill system, which gives its own win probabilities: nothing is
    fitted on the first half; the second half is scored the same way."""
    by_id = {game.id: game for game in games}
    ordered = [game for game in chronological(games) if isinstance(game, Game)]
    decided = [
        n for n, game in enumerate(ordered)
        if system.refusal(game) is None and winner_of(game) is not None
    ]  # fmt: skip
    if len(decided) < 2:
        return None
    odds = []
    for forecast in system.forecasts(games, first=decided[len(decided) // 2]):
        winner = winner_of(by_id[forecast.game])
        if winner is not None:
            players = [o.player for o in forecast.odds]
            chances = tuple(o.win_probability for o in forecast.odds)
            odds.append(Odds(chances, players.index(winner)))
    return _scored(system.name, odds, None)


@dataclass(frozen=True)
class Odds:
    """One scored game: each seat's win probability, and the winner's index."""

    probabilities: tuple[float, ...]
    winner: int


def _scored(name: str, scored: Sequence[Odds], temperature: float | None) -> Backtest:
    loss = accuracy = brier = base_loss = base_brier = 0.0
    seats: list[tuple[float, bool]] = []
    for p in scored:
        probabilities = p.probabilities
        n = len(probabilities)
        loss -= math.log(max(probabilities[p.winner], 1e-300))
        top = max(probabilities)
        tied = [i for i, q in enumerate(probabilities) if q == top]
        accuracy += (p.winner in tied) / len(tied)
        brier += sum((q - (i == p.winner)) ** 2 for i, q in enumerate(probabilities))
        base_loss += math.log(n)
        base_brier += (1 - 1 / n) ** 2 + (n - 1) / n**2
        seats.extend((q, i == p.winner) for i, q in enumerate(probabilities))
    count = len(scored)
    return Backtest(
        system=name, games=count, temperature=temperature, log_loss=loss / count,
        accuracy=accuracy / count, brier=brier / count, baseline_log_loss=base_loss / count,
        baseline_brier=base_brier / count, calibration=calibration(seats),
    )  # fmt: skip


def baseline(games: Sequence[Game]) -> tuple[int, float, float]:
    """The uniform guess on the second half of the games with a single winner: games, log-loss,
    Brier score."""
    sizes = [len(g.placed) for g in games if len(g.placed) > 1 and winner_of(g) is not None]
    second = sizes[len(sizes) // 2 :]
    if not second:
        return 0, 0.0, 0.0
    loss = math.fsum(math.log(n) for n in second) / len(second)
    brier = math.fsum((1 - 1 / n) ** 2 + (n - 1) / n**2 for n in second) / len(second)
    return len(second), loss, brier

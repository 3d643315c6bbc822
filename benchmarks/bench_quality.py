"""How well does each system recover the true order of players, and predict winners? (issue 12)

Simulated leagues where each player's true strength is known:

- `race`: a fast synthetic Catan-like league. At every turn, in seat order, each seat gains a VP
  with a probability that rises a little with its player's true strength; the first to 10 wins,
  the others keep what they have. Luck dominates one game, as it does in Catan; skill shows over
  many, and the first seat has the usual head start.
- `catanatron`: full base games played by catanatron's bots (a dev dependency). A player's true
  strength is the share of their decisions made by catanatron's greedy victory-point bot; the
  rest are random choices among the legal actions (`--catanatron-base weighted`: made by its
  weighted random bot instead, as before 2026-11-26; that league's skill signal is too weak to
  tell the systems apart, see benchmarks/README.md). Each seat records its VP by source, as a
  club with the Catan tracker would (settlements, cities, longest_road, largest_army,
  vp_cards); no system reads them yet (docs/systems/skill.md, Limits).

For every game system of tablerank, openskill's PlackettLuce (places; places and scores),
TrueSkill (full order) and the naive average VP share, it reports the Spearman correlation of the
final ratings with the true strengths (players with at least 3 games) and the backtest on the
second half of the games (log-loss of the winner, `engine.backtest`'s method: a softmax with one
temperature fitted on the first half, or the system's own probabilities for skill and openskill).
For skill it also prints its calibration by decile with two standard errors, and how far each other
contender is from skill in order and log-loss with the standard error of that paired difference
(`quality_stats`), so a lead smaller than chance is read as a tie.

    python benchmarks/bench_quality.py                       # both kinds, default sizes
    python benchmarks/bench_quality.py --kind race --seeds 1 2 3
    python benchmarks/bench_quality.py --tune                # choose skill's parameters (below)
    python benchmarks/bench_quality.py --json benchmarks/results-quality.json

`--tune` chooses skill's parameters by cross-validation, never by the truth: on `race` leagues
with seeds 101-103 (not the ones reported), the grid point with the least backtest log-loss.
"""

from __future__ import annotations

import argparse
import datetime as dt
import functools
import itertools
import json
import math
import pathlib
import pickle
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from quality_stats import loss_difference, spearman_difference
from scipy.stats import spearmanr

from tablerank.engine.backtest import fit_temperature, predictions, softmax
from tablerank.engine.calibration import JUDGED_SEATS, Calibration
from tablerank.engine.calibration import calibration as engine_calibration
from tablerank.engine.records import Game, game_from_dict
from tablerank.engine.systems import SYSTEMS, get_system
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.skill import Skill
from tablerank.engine.winner import winner_of

START = dt.date(2025, 1, 1)


@dataclass
class League:
    kind: str
    seed: int
    truth: dict[str, float]
    games: list[Game]


def _schedule(rng: random.Random, players: int, games: int) -> list[tuple[dt.date, list[int]]]:
    """Club nights: about 10 tables a night, players drawn by a log-normal activity weight."""
    activity = [rng.lognormvariate(0, 0.8) for _ in range(players)]
    tables = []
    for k in range(games):
        size = 3 if rng.random() < 0.15 else 4
        seated: set[int] = set()
        while len(seated) < size:
            seated.add(rng.choices(range(players), activity)[0])
        order = list(seated)
        rng.shuffle(order)
        tables.append((START + dt.timedelta(days=k // 10), order))
    return tables


def _record(
    gid: str,
    day: dt.date,
    names: list[str],
    vps: list[int],
    sources: list[dict[str, int]] | None = None,
) -> Game:
    """A Catan game record; with `sources`, each seat's VP by source (the record checks that
    they add up to its VP)."""
    top = max(vps)
    places = [1 + sum(1 for v in vps if v > x) for x in vps]
    seats: list[dict[str, Any]] = [
        {"player": n, "vp": v, "winner": v == top, "place": p}
        for n, v, p in zip(names, vps, places, strict=True)
    ]
    if sources:
        for seat, by_source in zip(seats, sources, strict=True):
            seat["sources"] = by_source
    return game_from_dict({"id": gid, "date": day.isoformat(), "game": "catan", "seats": seats})


def race_league(seed: int, players: int = 400, games: int = 6000) -> League:
    rng = random.Random(seed)
    strength = [rng.gauss(0, 1) for _ in range(players)]
    out = []
    for k, (day, seated) in enumerate(_schedule(rng, players, games)):
        chance = [min(0.95, max(0.02, 0.2 + 0.012 * strength[i])) for i in seated]
        vp = [2] * len(seated)
        while max(vp) < 10:
            for s, p in enumerate(chance):
                vp[s] += rng.random() < p
                if vp[s] == 10:
                    break
        names = [f"p{i}" for i in seated]
        out.append(_record(f"g{k}", day, names, vp))
    return League("race", seed, {f"p{i}": s for i, s in enumerate(strength)}, out)


def catanatron_league(
    seed: int, players: int = 40, games: int = 600, base: str = "random"
) -> League:
    from catanatron import Color  # type: ignore[import-untyped]
    from catanatron import Game as Board
    from catanatron.players.search import VictoryPointPlayer  # type: ignore[import-untyped]
    from catanatron.players.weighted_random import WeightedRandomPlayer  # type: ignore[import-untyped]
    from catanatron.state_functions import player_key  # type: ignore[import-untyped]

    class Mixed(WeightedRandomPlayer):  # type: ignore[misc]
        def __init__(self, color: Any, share: float, rng: random.Random) -> None:
            super().__init__(color)
            self.share, self.rng, self.smart = share, rng, VictoryPointPlayer(color)

        def decide(self, game: Any, actions: list[Any]) -> Any:
            ordered = sorted(actions, key=repr)
            if self.rng.random() < self.share:
                return self.smart.decide(game, ordered)
            if base == "random":
                return self.rng.choice(ordered)
            return super().decide(game, ordered)

    rng = random.Random(seed)
    share = [rng.random() for _ in range(players)]
    colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    out = []
    state = random.getstate()
    for k, (day, seated) in enumerate(_schedule(rng, players, games)):
        bots = [Mixed(colors[s], share[i], rng) for s, i in enumerate(seated)]
        board = Board(bots, seed=rng.randrange(2**31))
        board.play()
        vps = [
            int(board.state.player_state[f"{player_key(board.state, c)}_ACTUAL_VICTORY_POINTS"])
            for c in colors[: len(seated)]
        ]
        if max(vps) < 10:
            continue
        sources = [_sources(board.state, c) for c in colors[: len(seated)]]
        out.append(_record(f"g{k}", day, [f"p{i}" for i in seated], vps, sources))
    random.setstate(state)
    return League("catanatron", seed, {f"p{i}": s for i, s in enumerate(share)}, out)


def _sources(state: Any, color: Any) -> dict[str, int]:
    """A seat's VP by source (seed 002's keys) from catanatron's final state: its settlements
    and cities on the board, its awards (HAS_ROAD, HAS_ARMY: 2 VP each) and the victory point
    cards in its hand (catanatron never plays them). Reading the state draws no random number,
    so the games are those of a league made without sources."""
    from catanatron.models.enums import CITY, SETTLEMENT  # type: ignore[import-untyped]
    from catanatron.state_functions import player_key

    key = player_key(state, color)
    held = state.player_state
    return {
        "settlements": len(state.buildings_by_color[color][SETTLEMENT]),
        "cities": 2 * len(state.buildings_by_color[color][CITY]),
        "longest_road": 2 * int(held[f"{key}_HAS_ROAD"]),
        "largest_army": 2 * int(held[f"{key}_HAS_ARMY"]),
        "vp_cards": int(held[f"{key}_VICTORY_POINT_IN_HAND"]),
    }


# -- the contenders ---------------------------------------------------------------------------


def _spearman(ratings: dict[str, float], truth: dict[str, float], games: dict[str, int]) -> float:
    players = [p for p in ratings if games.get(p, 0) >= 3]
    rho = spearmanr([ratings[p] for p in players], [truth[p] for p in players]).statistic
    return float(rho)


def _played(games: Sequence[Game]) -> dict[str, int]:
    count: dict[str, int] = {}
    for g in games:
        for p in g.placed_players:
            count[p] = count.get(p, 0) + 1
    return count


def _second_half(games: Sequence[Game]) -> list[int]:
    """Indexes of the games scored: those with one winner, in the second half."""
    scored = [i for i, g in enumerate(games) if winner_of(g) is not None]
    return scored[len(scored) // 2 :]


def system_rows(league: League, skill: Skill) -> list[dict[str, Any]]:
    rows = []
    games = league.games
    played = _played(games)
    for name in SYSTEMS:
        if name in ("turnabout", "skill"):
            continue
        system = get_system(name)
        started = time.perf_counter()
        table = system.rate(games)
        sign = -1.0 if system.lower_is_better else 1.0
        ratings = {s.player: sign * s.rating for s in table.standings}
        row: dict[str, Any] = {"system": name, "spearman": _spearman(ratings, league.truth, played)}
        row["ratings"] = ratings
        if isinstance(system, ReplaySystem):
            row["losses"] = replay_losses(system, games)
            row["log_loss"] = _mean(row["losses"])
        row["seconds"] = time.perf_counter() - started
        rows.append(row)
    rows.append(skill_row(league, skill))
    rows.extend(library_rows(league))
    return rows


def _mean(values: Sequence[float] | None) -> float | None:
    return sum(values) / len(values) if values else None


def _losses(probabilities: Sequence[Sequence[float]], winners: Sequence[int]) -> list[float]:
    return [-math.log(max(p[w], 1e-300)) for p, w in zip(probabilities, winners, strict=True)]


def replay_losses(system: ReplaySystem[Game], games: Sequence[Game]) -> list[float] | None:
    """`engine.backtest` game by game: each later-half winner's log-loss under a softmax of the
    ratings before the game, its temperature fitted on the first half."""
    made = predictions(system, games)
    if len(made) < 2:
        return None
    half = len(made) // 2
    temperature = fit_temperature(made[:half])
    second = made[half:]
    return _losses([softmax(p.ratings, temperature) for p in second], [p.winner for p in second])


def skill_row(league: League, skill: Skill) -> dict[str, Any]:
    started = time.perf_counter()
    table = skill.rate(league.games)
    ratings = {s.player: s.rating for s in table.standings}
    forecasts = skill.forecasts(league.games)
    chosen = set(_second_half(league.games))
    probabilities, winners = [], []
    for k, f in enumerate(forecasts):
        if k in chosen:
            players = [o.player for o in f.odds]
            probabilities.append([o.win_probability for o in f.odds])
            winners.append(players.index(winner_of(league.games[k]) or ""))
    losses = _losses(probabilities, winners)
    judged = judged_deciles(probabilities, winners)
    return {
        "system": "skill",
        "spearman": _spearman(ratings, league.truth, _played(league.games)),
        "ratings": ratings,
        "losses": losses,
        "log_loss": _mean(losses),
        "calibration": decile_rows(judged),
        "calibration_chi_square": judged.chi_square,
        "calibration_chance": judged.chance,
        "seconds": time.perf_counter() - started,
    }


def judged_deciles(probabilities: Sequence[Sequence[float]], winners: Sequence[int]) -> Calibration:
    """Skill's seats in deciles of predicted chance, judged as `tablerank backtest` judges them
    (`engine.calibration`: ten groups of equal size, from the least chance to the most, as
    issue 12 asks)."""
    return engine_calibration(
        (q, i == w) for p, w in zip(probabilities, winners, strict=True) for i, q in enumerate(p)
    )


def decile_rows(judged: Calibration) -> list[dict[str, Any]]:
    """The deciles as the results JSON keeps them: each one's range, its predicted and observed
    win rate, how many standard errors apart they are (z), whether it has seats enough to be
    judged and is within two."""
    return [
        {"decile": d.decile, "low": d.low, "high": d.high, "seats": d.seats,
         "predicted": d.predicted, "observed": d.observed, "z": d.distance,
         "judged": d.judged, "within_2se": d.within_2se}
        for d in judged.deciles
    ]  # fmt: skip


def library_rows(league: League) -> list[dict[str, Any]]:
    import trueskill  # type: ignore[import-untyped]
    from openskill.models import PlackettLuce

    rows = []
    chosen = set(_second_half(league.games))
    for label, with_scores in (("openskill PlackettLuce", False), ("openskill PL + scores", True)):
        started = time.perf_counter()
        model = PlackettLuce()
        ratings: dict[str, Any] = {}
        probabilities, winners = [], []
        for k, g in enumerate(league.games):
            teams = [[ratings.setdefault(p, model.rating())] for p in g.placed_players]
            if k in chosen:
                probabilities.append(model.predict_win(teams))
                winners.append(g.placed_players.index(winner_of(g) or ""))
            scores = [float(v or 0) for v in g.placed_vps] if with_scores else None
            ranks = None if with_scores else [float(p) for p in g.placed_places]
            new = model.rate(teams, ranks=ranks, scores=scores)
            for p, team in zip(g.placed_players, new, strict=True):
                ratings[p] = team[0]
        mu = {p: r.mu for p, r in ratings.items()}
        losses = _losses(probabilities, winners)
        rows.append({
            "system": label, "spearman": _spearman(mu, league.truth, _played(league.games)),
            "ratings": mu, "losses": losses, "log_loss": _mean(losses),
            "seconds": time.perf_counter() - started,
        })  # fmt: skip
    started = time.perf_counter()
    env = trueskill.TrueSkill(draw_probability=0.0)
    ts: dict[str, Any] = {}
    before: list[tuple[tuple[float, ...], int]] = []
    for k, g in enumerate(league.games):
        groups = [(ts.setdefault(p, env.create_rating()),) for p in g.placed_players]
        if k in chosen or k < min(chosen, default=0):
            w = winner_of(g)
            if w is not None:
                before.append((tuple(r[0].mu for r in groups), g.placed_players.index(w)))
        rated = env.rate(groups, ranks=[p - 1 for p in g.placed_places])
        for p, (r,) in zip(g.placed_players, rated, strict=True):
            ts[p] = r
    half = before[: len(before) - len(chosen)]
    from tablerank.engine.backtest import Prediction

    temperature = fit_temperature([Prediction(r, w) for r, w in half])
    second = before[len(before) - len(chosen) :]
    losses = _losses([softmax(r, temperature) for r, _ in second], [w for _, w in second])
    mu = {p: r.mu for p, r in ts.items()}
    rows.append({
        "system": "TrueSkill",
        "spearman": _spearman(mu, league.truth, _played(league.games)),
        "ratings": mu, "losses": losses, "log_loss": _mean(losses),
        "seconds": time.perf_counter() - started,
    })  # fmt: skip
    rows.append(naive_row(league))
    return rows


def naive_row(league: League) -> dict[str, Any]:
    share: dict[str, list[float]] = {}
    for g in league.games:
        total = sum(v or 0 for v in g.placed_vps)
        for p, v in zip(g.placed_players, g.placed_vps, strict=True):
            share.setdefault(p, []).append((v or 0) / total)
    mean = {p: sum(s) / len(s) for p, s in share.items()}
    return {
        "system": "average VP share",
        "ratings": mean,
        "spearman": _spearman(mean, league.truth, _played(league.games)),
    }


def tune(seeds: Sequence[int]) -> dict[str, float]:
    """The place weight with the least backtest log-loss over race leagues of these seeds (the
    spreads are estimated by the model itself)."""
    leagues = [race_league(s) for s in seeds]
    best: tuple[float, dict[str, float]] | None = None
    for place_weight in (0.0, 0.25, 0.5, 1.0, 2.0):
        skill = Skill(place_weight=place_weight)
        rows = [skill_row(lg, skill) for lg in leagues]
        loss = sum(r["log_loss"] for r in rows) / len(rows)
        rho = sum(r["spearman"] for r in rows) / len(rows)
        print(f"place_weight={place_weight}: log-loss {loss:.4f} (Spearman, not used: {rho:.3f})")
        if best is None or loss < best[0]:
            best = (loss, {"place_weight": place_weight})
    assert best is not None
    return best[1]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=("race", "catanatron", "both"), default="both")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--catanatron-games", type=int, default=600)
    parser.add_argument("--catanatron-players", type=int, default=40)
    parser.add_argument("--catanatron-base", choices=("random", "weighted"), default="random")
    parser.add_argument("--tune", action="store_true")
    parser.add_argument("--json")
    parser.add_argument(
        "--cache", type=pathlib.Path, help="keep the simulated leagues here and read them back"
    )
    args = parser.parse_args(argv)
    if args.tune:
        print(json.dumps(tune((101, 102, 103))))
        return 0
    makers: list[tuple[str, Callable[[int], League]]] = []
    if args.kind in ("race", "both"):
        makers.append(("race", race_league))
    if args.kind in ("catanatron", "both"):
        size = f"catanatron-{args.catanatron_players}-{args.catanatron_games}"
        makers.append((
            size + ("" if args.catanatron_base == "random" else "-weighted"),
            lambda s: catanatron_league(
                s, args.catanatron_players, args.catanatron_games, args.catanatron_base
            ),
        ))  # fmt: skip
    results = []
    failed = False
    for (name, make), seed in itertools.product(makers, args.seeds):
        league = kept_league(args.cache, f"{name}-{seed}", functools.partial(make, seed))
        rows = system_rows(league, Skill())
        failed |= report(league, rows)
        kept = [{k: v for k, v in r.items() if k not in ("ratings", "losses")} for r in rows]
        results.append(
            {"kind": league.kind, "seed": seed, "games": len(league.games), "rows": kept}
        )
    if args.json:
        with open(args.json, "w") as out:
            json.dump(
                {"date": dt.datetime.now(dt.UTC).isoformat(timespec="minutes"), "leagues": results},
                out,
                indent=1,
            )
    return 1 if failed else 0


def kept_league(cache: pathlib.Path | None, name: str, make: Callable[[], League]) -> League:
    """The league simulated by `make`, kept in `cache` (a directory of this bench's own pickles,
    so a long catanatron league is played once) when one is given."""
    if cache is None:
        return make()
    path = cache / f"{name}.pickle"
    if path.exists():
        with path.open("rb") as kept:
            return League(*pickle.load(kept))
    league = make()
    cache.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        pickle.dump((league.kind, league.seed, league.truth, league.games), out)
    return league


def report(league: League, rows: list[dict[str, Any]]) -> bool:
    """Print one league's table; True when skill misses a goal there by more than chance: another
    contender orders or predicts better by over two standard errors of the paired difference,
    or a calibration decile is off. The strict verdict (best by any margin) is printed too."""
    size = f"{len(league.games)} games, {len(league.truth)} players"
    later = _second_half(league.games)
    uniform = sum(math.log(len(league.games[k].placed_players)) for k in later) / len(later)
    print(f"\n{league.kind} league, seed {league.seed}: {size}; the uniform guess {uniform:.4f}")
    skill = next(r for r in rows if r["system"] == "skill")
    head = f"{'system':<26}{'Spearman':>10}{'log-loss':>10}{'seconds':>9}"
    print(f"{head}   vs skill: order ± 2 SE, log-loss ± 2 SE")
    beaten = False
    for r in sorted(rows, key=lambda r: -r["spearman"]):
        loss = f"{r['log_loss']:.4f}" if r.get("log_loss") is not None else ""
        line = f"{r['system']:<26}{r['spearman']:>10.3f}{loss:>10}{r.get('seconds', 0):>9.2f}"
        if r is not skill:
            text, worse = _versus(league, skill, r)
            line += f"   {text}"
            beaten |= worse
        print(line)
    others = [r for r in rows if r is not skill]
    best_rho = max(r["spearman"] for r in others)
    best_loss = min(r["log_loss"] for r in others if r.get("log_loss") is not None)
    judged = [b for b in skill["calibration"] if b["judged"]]
    calibrated = all(b["within_2se"] for b in judged)
    square, chance = skill["calibration_chi_square"], skill["calibration_chance"]
    print("skill calibration by decile (predicted / observed, seats):", ", ".join(
        f"{b['predicted']:.3f}/{b['observed']:.3f} ({b['seats']}){'' if b['within_2se'] else ' !'}"
        for b in skill["calibration"]
    ))  # fmt: skip
    print(
        f"  deciles of {JUDGED_SEATS} seats or more off by over 2 SE: "
        f"{sum(not b['within_2se'] for b in judged)} of {len(judged)}; together: chi-square "
        f"{square:.2f} on {len(judged)} degrees of freedom, chance if calibrated "
        f"{'-' if chance is None else format(chance, '.2g')}"
    )
    strict = (skill["spearman"] > best_rho, skill["log_loss"] < best_loss)
    print(
        f"skill: best order {strict[0]}, best log-loss {strict[1]}, calibrated {calibrated}; "
        f"beaten by more than 2 SE: {beaten}"
    )
    return beaten or not calibrated


def _versus(league: League, skill: dict[str, Any], other: dict[str, Any]) -> tuple[str, bool]:
    """Skill minus the other in Spearman and in log-loss, each ± two standard errors; and
    whether the other is better by more than that."""
    played = _played(league.games)
    players = [p for p in skill["ratings"] if played.get(p, 0) >= 3 and p in other["ratings"]]
    rho, rho_se = spearman_difference(
        [league.truth[p] for p in players],
        [skill["ratings"][p] for p in players],
        [other["ratings"][p] for p in players],
    )
    text = f"{rho:+.3f} ± {2 * rho_se:.3f}"
    worse = rho < -2 * rho_se
    theirs = other.get("losses")
    if theirs and len(theirs) == len(skill["losses"]):
        gain, gain_se = loss_difference(theirs, skill["losses"])
        text += f", {gain:+.4f} ± {2 * gain_se:.4f}"
        worse |= gain < -2 * gain_se
    return text + (" (better than skill)" if worse else ""), worse


if __name__ == "__main__":
    sys.exit(main())

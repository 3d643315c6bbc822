"""The skill system (issue 12): its posterior against the textbook formula, shrinkage,
uncertainty, win probabilities, forecasts made from the past only, and its refusals."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.engine import skill_model, skill_observations
from tablerank.engine.records import Game, game_from_dict
from tablerank.engine.skill_model import win_probabilities
from tablerank.engine.systems import get_system
from tablerank.engine.systems.skill import Skill
from tablerank.errors import InvalidParameter, InvalidTable, MixedLists, UnknownRecord
from tests.engine.builders import table_scores

FIXED = Skill(prior_sd=1.0, noise_sd=2.0)


def game(gid: str, day: int, *seats: tuple[str, int], title: str = "catan") -> Game:
    """A game on day `day` of 2026; seats (player, VP) in turn order; the first seat with the
    most VP wins, and seats tied with it share second place."""
    vps = [vp for _, vp in seats]
    first = vps.index(max(vps))
    rows: list[dict[str, Any]] = [
        {
            "player": p,
            "vp": vp,
            "winner": i == first,
            "place": 1 + sum(v > vp for v in vps) + (vp == vps[first] and i != first),
        }
        for i, (p, vp) in enumerate(seats)
    ]
    if title != "catan":
        rows = [{"player": r["player"], "place": r["place"]} for r in rows]
    date = f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}"
    return game_from_dict({"id": gid, "date": date, "game": title, "seats": rows})


def league(seed: int, games: int = 120, players: int = 10) -> list[Game]:
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    out = []
    for k in range(games):
        seated = rng.sample(names, rng.choice((3, 4)))
        vps = [rng.randint(3, 9) for _ in seated]
        vps[rng.randrange(len(vps))] = 10
        out.append(game(f"g{k}", k // 4, *zip(seated, vps, strict=True)))
    return out


def textbook(games: list[Game], prior_sd: float, noise_sd: float) -> dict[str, tuple[float, float]]:
    """The Gaussian posterior written out with an explicit design matrix: (mean, sd) by player."""
    players = sorted({p for g in games for p in g.placed_players})
    col = {p: i for i, p in enumerate(players)}
    rows, ys = [], []
    for g in games:
        scores, _ = table_scores(g, FIXED)
        n = len(g.placed_players)
        for i, p in enumerate(g.placed_players):
            row = np.zeros(len(players))
            for q in g.placed_players:
                row[col[q]] -= 1 / n
            row[col[p]] += 1
            rows.append(row)
            ys.append(scores[i])
    x, y = np.array(rows), np.array(ys)
    h = x.T @ x / noise_sd**2 + np.eye(len(players)) / prior_sd**2
    cov = np.linalg.inv(h)
    mean = cov @ x.T @ y / noise_sd**2
    return {p: (mean[i], math.sqrt(cov[i, i])) for p, i in col.items()}


def test_the_posterior_is_the_textbook_one() -> None:
    games = league(1)
    expected = textbook(games, 1.0, 2.0)
    table = Skill(prior_sd=1.0, noise_sd=2.0, drift_sd=0.0).rate(games)
    assert len(table.standings) == len(expected)
    for s in table.standings:
        assert s.rating == pytest.approx(expected[s.player][0], abs=1e-9)
        assert s.uncertainty == pytest.approx(expected[s.player][1], abs=1e-9)
    ranks = [s.rating for s in table.standings]
    assert ranks == sorted(ranks, reverse=True)


def test_large_leagues_solve_by_conjugate_gradients_to_the_same_means(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    games = league(2)
    exact = {s.player: s.rating for s in FIXED.rate(games).standings}
    monkeypatch.setattr(skill_model, "DENSE_LIMIT", 3)
    approx = FIXED.rate(games).standings
    for s in approx:
        assert s.rating == pytest.approx(exact[s.player], abs=1e-8)
        assert s.uncertainty is not None
        assert s.uncertainty > 0


def test_estimated_spreads_recover_those_the_scores_were_drawn_with() -> None:
    rng = random.Random(7)
    strength = {f"P{i}": rng.gauss(0, 0.8) for i in range(60)}
    # Scores drawn from the model itself (4 seats a table, luck 1.5), on the model's arrays.
    obs = skill_observations.Observations(
        players=tuple(strength),
        game_ids=tuple(f"g{k}" for k in range(3000)),
        game_day=np.zeros(3000, dtype=np.int64),
        game_start=np.arange(0, 4 * 3001, 4, dtype=np.int64),
        seat_player=np.zeros(12000, dtype=np.int64),
        seat_position=np.zeros(12000, dtype=np.int64),
        seat_score=np.zeros(12000),
        seat_vp=np.full(12000, np.nan),
        positions=((4, 1),),
    )
    names = list(strength)
    players: list[int] = []
    scores: list[float] = []
    for _ in range(3000):
        seated = rng.sample(range(60), 4)
        raw = [strength[names[i]] + rng.gauss(0, 1.5) for i in seated]
        mean = sum(raw) / 4
        players.extend(seated)
        scores.extend(r - mean for r in raw)
    obs.seat_player[:] = players
    obs.seat_score[:] = scores
    fit = skill_model.fit(obs, 3000, Skill())
    assert fit.prior_sd == pytest.approx(0.8, rel=0.25)
    assert fit.noise_sd == pytest.approx(1.5, rel=0.05)
    truth = np.array([strength[p] for p in names])
    assert np.corrcoef(truth, fit.strength)[0, 1] > 0.9


def test_a_player_who_always_wins_is_first_and_few_games_are_shrunk_more() -> None:
    games = [game(f"a{k}", k, ("Ann", 10), ("Ben", 6), ("Cleo", 6), ("Dan", 6)) for k in range(20)]
    games.append(game("once", 30, ("Eve", 10), ("Ben", 6), ("Cleo", 6), ("Dan", 6)))
    table = FIXED.rate(games)
    first, second = table.standings[0], table.standings[1]
    assert (first.player, second.player) == ("Ann", "Eve")
    assert first.uncertainty is not None
    assert second.uncertainty is not None
    assert first.uncertainty < second.uncertainty
    assert second.provisional
    between = Skill(prior_sd=1.0, noise_sd=2.0, provisional_share=first.uncertainty + 0.01)
    assert [s.provisional for s in between.rate(games).standings[:2]] == [False, True]


def test_uncertainty_grows_with_the_days_away() -> None:
    base = [game(f"g{k}", k, ("Ann", 10), ("Ben", 8), ("Cleo", 7)) for k in range(10)]
    later = [game(f"h{k}", 200 + k, ("Ben", 10), ("Cleo", 8), ("Dan", 7)) for k in range(10)]
    early = [game(f"i{k}", 200 + k, ("Ann", 10), ("Cleo", 8), ("Dan", 7)) for k in range(10)]
    no_drift = Skill(prior_sd=1.0, noise_sd=2.0, drift_sd=0.0)
    away, stayed, kept = (
        {s.player: s.uncertainty or 0.0 for s in system.rate(history).standings}["Ann"]
        for system, history in (
            (FIXED, base + later),
            (FIXED, base + early),
            (no_drift, base + later),
        )
    )
    assert away > stayed
    assert away > kept


def test_vp_above_the_cap_counts_as_the_target() -> None:
    capped = [game("g1", 1, ("Ann", 10), ("Ben", 8), ("Cleo", 6))]
    over = [game("g1", 1, ("Ann", 12), ("Ben", 8), ("Cleo", 6))]
    scores_a, vp_a = table_scores(capped[0], FIXED)
    scores_b, vp_b = table_scores(over[0], FIXED)
    assert scores_a == scores_b
    assert vp_a == vp_b == [10, 8, 6]


def test_other_titles_are_rated_by_places() -> None:
    games = [
        game(f"k{i}", i, ("Ann", 10), ("Ben", 5), ("Cleo", 1), title="Kremlin") for i in range(5)
    ]
    scores, vps = table_scores(games[0], FIXED)
    assert vps is None
    assert scores == [1.5, 0.0, -1.5]
    order = [s.player for s in FIXED.rate(games).standings]
    assert order == ["Ann", "Ben", "Cleo"]


@given(
    st.lists(st.floats(-3, 3), min_size=2, max_size=6),
    st.lists(st.floats(0.3, 3), min_size=6, max_size=6),
)
@settings(max_examples=60, deadline=None)
def test_win_probabilities_sum_to_one(means: list[float], sds: list[float]) -> None:
    chances = win_probabilities(means, sds[: len(means)])
    assert sum(chances) == pytest.approx(1.0, abs=1e-12)
    assert all(0 <= p <= 1 for p in chances)
    best = max(range(len(means)), key=lambda i: means[i])
    if len(set(sds[: len(means)])) == 1:
        assert chances[best] == pytest.approx(max(chances), abs=1e-9)


def test_win_probabilities_match_the_two_player_formula_and_the_symmetric_table() -> None:
    p = win_probabilities([0.5, 0.0], [1.0, 2.0])
    expected = 0.5 * (1 + math.erf(0.5 / math.sqrt(5) / math.sqrt(2)))
    assert p[0] == pytest.approx(expected, abs=1e-6)
    assert win_probabilities([0.2] * 4, [1.0] * 4) == pytest.approx([0.25] * 4, abs=1e-9)


def test_predictions_use_only_earlier_games() -> None:
    games = league(3, games=60)
    changed = games[:40] + [
        game(g.id, 40 + k, *((s.player, 10 if i == 0 else 4) for i, s in enumerate(g.seats)))
        for k, g in enumerate(games[40:])
    ]
    first = FIXED.forecasts(games)
    second = FIXED.forecasts(changed)
    assert [f.game for f in first] == [g.id for g in games]
    assert first[:41] == second[:41]
    assert first[45] != second[45]
    for f in first:
        assert sum(o.win_probability for o in f.odds) == pytest.approx(1.0)


def test_predict_seats_newcomers_at_the_prior_and_refuses_bad_tables() -> None:
    games = league(4)
    odds = FIXED.predict(games, ["P0", "P1", "Zed"])
    assert [o.player for o in odds] == ["P0", "P1", "Zed"]
    assert odds[2].strength == 0.0
    assert odds[2].uncertainty == 1.0
    assert all(o.expected_vp is not None for o in odds)
    with pytest.raises(InvalidTable, match="at least two"):
        FIXED.predict(games, ["P0"])
    with pytest.raises(InvalidTable, match="P1 is seated twice"):
        FIXED.predict(games, ["P1", "P0", "P1"])


def test_explain_compares_expected_and_actual_and_moves_to_the_next_fit() -> None:
    games = league(5, games=40)
    target = games[25]
    e = FIXED.explain(games, target.id)
    before = {s.player: s.rating for s in FIXED.rate(games[:25]).standings}
    after = {s.player: s.rating for s in FIXED.rate(games[:26]).standings}
    for p in target.placed_players:
        assert e.before[p] == pytest.approx(before.get(p, 0.0), abs=1e-12)
        assert e.after[p] == pytest.approx(after[p], abs=1e-12)
    assert all("expected" in t.why and "scored" in t.why and "to win" in t.why for t in e.terms)


def test_refusals() -> None:
    games = league(6, games=10)
    with pytest.raises(InvalidParameter, match="no --start"):
        FIXED.rate(games, {"P0": 1.0})
    with pytest.raises(UnknownRecord, match="no game or event has the id 'nope'"):
        FIXED.explain(games, "nope")
    kremlin = game("k1", 1, ("Ann", 3), ("Ben", 1), title="Kremlin")
    with pytest.raises(MixedLists, match="choose one with --title"):
        FIXED.rate([*games, kremlin])
    with pytest.raises(InvalidParameter, match="provisional_share"):
        get_system("skill", {"provisional_share": "1.5"})
    with pytest.raises(InvalidParameter, match="drift_sd"):
        get_system("skill", {"drift_sd": "-1"})


def test_turn_order_effects_are_estimated_when_asked() -> None:
    rng = random.Random(9)
    names = [f"P{i}" for i in range(8)]
    games = []
    for k in range(400):
        seated = rng.sample(names, 4)
        vps = [rng.randint(4, 8) + (2 if i == 0 else 0) for i in range(4)]
        games.append(game(f"g{k}", k // 10, *zip(seated, vps, strict=True)))
    fit = Skill(seat_effects=True).fitted(Skill(seat_effects=True).observations(games))
    assert fit.seat[(4, 1)] > 1.0
    assert max(abs(v) for k, v in fit.seat.items() if k != (4, 1)) < fit.seat[(4, 1)]
    assert Skill().fitted(Skill().observations(games)).seat == {}


def test_seat_order_changes_nothing_without_turn_order_effects() -> None:
    games = league(10, games=60)
    turned = [
        game(g.id, k // 4, *((s.player, int(s.vp or 0)) for s in reversed(g.seats)))
        for k, g in enumerate(games)
    ]
    same = {s.player: s.rating for s in Skill().rate(games).standings}
    other = {s.player: s.rating for s in Skill().rate(turned).standings}
    assert other == pytest.approx(same, abs=1e-9)


def test_large_leagues_estimate_the_spreads_by_em_close_to_the_exact_estimate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    games = league(11, games=400, players=24)
    exact = Skill().fitted(Skill().observations(games))
    monkeypatch.setattr(skill_model, "DENSE_LIMIT", 3)
    em = Skill().fitted(Skill().observations(games))
    assert em.noise_sd == pytest.approx(exact.noise_sd, rel=0.05)
    assert em.prior_sd == pytest.approx(exact.prior_sd, rel=0.5)
    assert np.corrcoef(exact.strength, em.strength)[0, 1] > 0.99


def test_forecasts_from_a_later_game_are_those_of_the_whole_history_from_there() -> None:
    """A backtest asks only for the later half: refitted before every game (fixed spreads),
    each of those odds is what forecasting the whole history gives for that game."""
    games = league(5, games=50)
    whole = FIXED.forecasts(games)
    later = FIXED.forecasts(games, first=30)
    assert [f.game for f in later] == [g.id for g in games[30:]]
    assert later == whole[30:]


@pytest.mark.parametrize(
    ("refits", "players", "made"),
    [(200, 10, 200), (200, 500, 160), (200, 1000, 20), (200, 5000, 20), (7, 10, 7)],
)
def test_forecasts_refit_less_often_where_many_players_make_a_fit_dear(
    refits: int, players: int, made: int
) -> None:
    from tablerank.engine.systems.skill import refits_for

    assert refits_for(refits, players) == made


def test_a_fit_runs_its_matrix_algebra_on_one_blas_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """BLAS threads spin for work: on a shared machine they cost many times the CPU of one
    thread for matrices this small. Outside the fit, the process keeps its own setting."""
    from threadpoolctl import threadpool_info

    def blas_threads() -> set[int]:
        return {int(lib["num_threads"]) for lib in threadpool_info() if lib["user_api"] == "blas"}

    seen: list[set[int]] = []
    eigh = np.linalg.eigh

    def spying(matrix: Any) -> Any:
        seen.append(blas_threads())
        return eigh(matrix)

    monkeypatch.setattr(np.linalg, "eigh", spying)
    before = blas_threads()
    Skill().rate(league(3))
    assert seen
    assert all(threads == {1} for threads in seen)
    assert blas_threads() == before

"""Who will win this table, and which system predicts this league best (issue 12): the engine's
`predict_table` and `backtest_systems` over the league's confirmed games."""

from __future__ import annotations

from collections.abc import Sequence

from tablerank.engine.backtest import Backtest, backtest_systems, baseline, predicting
from tablerank.engine.fields import name_key
from tablerank.engine.history import select
from tablerank.engine.prediction import predict_table
from tablerank.engine.systems.base import Explanation, ReplaySystem
from tablerank.engine.systems.skill import Skill, TableOdds, check_table
from tablerank.engine.values import Game
from tablerank.league.errors import LeagueError
from tablerank.league.models import GameRecord, League, Player, RecordStatus
from tablerank.league.queries.tables import one_list
from tablerank.league.store.played import played_games
from tablerank.league.store.reading import kept_system

__all__ = ["backtest", "explain", "predict", "skill_may_explain"]


def confirmed_games(league: League) -> list[Game]:
    """The league's confirmed games in play order, as the engine rates them."""
    return [game for _, _, game in played_games(league.pk)]


def predict(
    league: League, players: Sequence[str], system: str = "skill", list_key: str | None = None
) -> tuple[TableOdds, ...]:
    """Each seat's chance to win a table of `players` (in turn order) about to play, from one
    list of a kept system. Names match the league's players ignoring case; a name the league
    does not know is predicted as a newcomer."""
    engine = kept_system(league, system)
    if not predicting([system]):
        raise LeagueError("system", f"{system} rates no single game, so it cannot predict one")
    assert isinstance(engine, ReplaySystem | Skill)
    known = {p.casefold(): p for p in _names(league)}
    seated = [known.get(name_key(name), name) for name in players]
    if isinstance(engine, Skill):
        from tablerank.league.ratings.skill_columns import skill_fit, skill_title

        check_table(seated)  # before the fit: a table that cannot be predicted costs nothing
        return engine.odds(skill_fit(league, skill_title(league, list_key), engine), seated)
    games = one_list(league, engine, list(confirmed_games(league)), list_key)
    return predict_table(engine, games, seated)


def explain(league: League, game_id: str) -> Explanation | None:
    """What skill says of a confirmed game: each seat's expected and actual score, its chance to
    win before the game, and how its estimate moved; None where the league does not keep skill
    or skill does not rate the game."""
    record = (
        GameRecord.objects.filter(league=league, external_id=game_id, status=RecordStatus.CONFIRMED)
        .prefetch_related("seats__player", "seats__sources")
        .first()
    )
    if record is None or not skill_may_explain(league, record):
        return None
    from tablerank.league.ratings.skill_columns import skill_observations

    system = Skill()
    # The game and the games before it: what the estimates before and after it are fitted on.
    before = (record.date, record.sequence + 1)
    obs = skill_observations(league, record.title, system, before)
    if not obs.game_ids or obs.game_ids[-1] != game_id:
        return None  # skill does not rate it
    return system.explained(obs, record.to_record())


def skill_may_explain(league: League, record: GameRecord) -> bool:
    """Whether `explain` may have something to say of this record, asked without fitting: the
    league keeps skill and the record is confirmed."""
    return Skill.name in league.systems and record.status == RecordStatus.CONFIRMED


def _names(league: League) -> list[str]:
    return list(Player.objects.filter(league=league).values_list("name", flat=True))


def backtest(
    league: League,
    systems: Sequence[str] | None = None,
    *,
    title: str | None = None,
    group: str | None = None,
    city: str | None = None,
) -> tuple[tuple[int, float, float], list[Backtest]]:
    """The uniform baseline and each system's backtest over the league's confirmed games that
    the filters select (default systems: skill and every kept one that rates game by game)."""
    for name in systems or ():
        kept_system(league, name)
    names = list(systems) if systems else predicting(league.systems)
    chosen = select(confirmed_games(league), title=title, group=group, city=city)
    games = [g for g in chosen if isinstance(g, Game)]
    if not names:
        raise LeagueError("system", f"league {league.slug!r} keeps no system that predicts")
    return baseline(games), backtest_systems(games, names)

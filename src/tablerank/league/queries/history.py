"""A player's history: what each confirmed game did to their number in a system, explained."""

from __future__ import annotations

import bisect
import dataclasses
import datetime as dt
from dataclasses import dataclass
from typing import Any

from tablerank.engine.records import Game
from tablerank.engine.sums import add, total
from tablerank.engine.systems.base import Explanation, ReplaySystem, Term
from tablerank.engine.systems.tables import table_replay
from tablerank.errors import RatingError
from tablerank.league.errors import LeagueError
from tablerank.league.models import League, Player
from tablerank.league.queries.explanations import explain_game, wanted_names
from tablerank.league.ratings import checkpoints
from tablerank.league.ratings.before_game import worth_compiling
from tablerank.league.ratings.state import confirmed_events
from tablerank.league.store.played import Played, Point, games_between, played_games, played_tables
from tablerank.league.store.reading import game_system, kept_system, league_player
from tablerank.league.store.state_rows import parse_parts, stored_rows


@dataclass(frozen=True)
class HistoryEntry:
    """What one confirmed game did to one player's number in one list of one system."""

    game: str
    """The game's id."""
    date: dt.date
    system: str
    list_key: str
    player: str
    before: float
    after: float
    games: int
    """Games the player had been rated in on this list, this one included."""
    explanation: Explanation
    """The engine's explanation of the whole game (every player's terms)."""
    sequence: int = 0
    """The game's recording number (its place in play order within the day)."""

    @property
    def change(self) -> float:
        return self.after - self.before

    @property
    def terms(self) -> tuple[Term, ...]:
        """The player's own terms: one per opponent where the system compares pairs."""
        return tuple(term for term in self.explanation.terms if term.player == self.player)

    @property
    def summary(self) -> str:
        """The change in words: "+8: +2 against Ben, +6 against Cleo" where the system compares
        pairs, else the change and the system's own reasons ("+5: 3rd place ...")."""
        parts = [
            f"{_signed(term.amount)} against {term.opponent}" if term.opponent else term.why
            for term in self.terms
        ]
        return f"{_signed(self.change)}: {', '.join(parts or self.explanation.notes)}".rstrip(": ")


def _signed(amount: float) -> str:
    """+8, -4, +0.143: at most 3 decimals, a sign always."""
    text = f"{round(amount, 3) + 0.0:+.3f}"
    return text.rstrip("0").rstrip(".")


def player_history(
    league: League,
    player_name: str,
    system: str,
    list_key: str | None = None,
    *,
    last: int | None = None,
) -> list[HistoryEntry]:
    """Every confirmed game that moved the player's number in the system, in play order, with
    the rating before and after and the engine's explanation. All of the system's lists unless
    `list_key` names one. Turnabout's entries are the events that rated the player.

    `last` keeps only the player's latest `last` games (the entries of those that moved the
    number): the same entries as the whole history's, at a cost that does not grow with the
    player's earlier games."""
    if last is not None and last < 1:
        raise LeagueError("last", f"expected a number of games, at least 1, got {last}")
    player = league_player(league, player_name)
    engine = kept_system(league, system)
    games_system = game_system(engine)
    if games_system is None:
        if isinstance(engine, ReplaySystem):
            events = _event_history(league, player, engine)
            return events if last is None else events[-last:]
        raise LeagueError(
            "system",
            f"{system} ranks players by their ranks in other systems and moves no number per "
            "game; ask for one of its members",
        )
    by_list: dict[str, list[Played]] = {}
    for item in played_games(league.pk, players={player.name}):
        game = item[2]
        if games_system.refusal(game) is None:
            key = games_system.list_key(game)
            if list_key is None or key == list_key:
                by_list.setdefault(key, []).append(item)
    if last is not None:
        by_list = _latest(by_list, last)
    if games_system.order_independent:
        walk = _summed if last is None else _summed_back
    else:
        walk = _replayed
    entries: list[HistoryEntry] = []
    for key, mine in by_list.items():
        entries += walk(league, system, games_system, key, player.name, mine)
    entries.sort(key=lambda entry: (entry.date, entry.sequence, entry.list_key))
    return entries


def _entry(
    name: str,
    system: ReplaySystem[Game],
    key: str,
    player: str,
    item: Played,
    before: dict[str, float],
) -> HistoryEntry | None:
    """The player's line for one game (its `after` and `games` are filled in by the caller),
    or None where the game did not move the player's number."""
    (day, sequence), _, game = item
    try:
        explanation = explain_game(system, game, before)
    except RatingError:
        return None
    if player not in explanation.changes:
        return None
    return HistoryEntry(
        game=game.id,
        date=day,
        system=name,
        list_key=key,
        player=player,
        before=explanation.before[player],
        after=0.0,
        games=0,
        explanation=explanation,
        sequence=sequence,
    )  # fmt: skip


def _summed(
    league: League, name: str, system: ReplaySystem[Game], key: str, player: str, mine: list[Played]
) -> list[HistoryEntry]:
    """A sum's history: one pass over the games of the player and their opponents."""
    wanted = {pk for _, pk, _ in mine}
    names = {seat.player for _, _, game in mine for seat in game.seats}
    last = mine[-1][0]
    partials: dict[str, list[float]] = {}
    played = 0
    out: list[HistoryEntry] = []
    for item in played_games(league.pk, before=_next(last), players=names):
        game = item[2]
        if system.refusal(game) is not None or system.list_key(game) != key:
            continue
        entry = None
        if item[1] in wanted:
            seated = {seat.player for seat in game.seats}
            before = {p: total(partials[p]) for p in seated if p in partials}
            entry = _entry(name, system, key, player, item, before)
        try:
            delta = system.changes(game, {})
        except RatingError:
            continue
        for who, amount in delta.items():
            if who in names:
                add(partials.setdefault(who, []), amount)
        if entry is not None:
            played += 1
            out.append(dataclasses.replace(entry, after=total(partials[player]), games=played))
    return out


def _latest(by_list: dict[str, list[Played]], last: int) -> dict[str, list[Played]]:
    """Each list's games among the player's latest `last` (over all the lists)."""
    every = sorted(
        ((item[0], key, item) for key, mine in by_list.items() for item in mine),
        key=lambda row: (row[0], row[1]),
    )
    kept: dict[str, list[Played]] = {}
    for _, key, item in every[-last:]:
        kept.setdefault(key, []).append(item)
    return kept


def _summed_back(
    league: League, name: str, system: ReplaySystem[Game], key: str, player: str, mine: list[Played]
) -> list[HistoryEntry]:
    """A sum's history over some of the player's latest games: from the stored exact sums,
    taking away the amounts of every later game of the names at those tables, newest first.
    Exact, like the forward pass: a sum minus its later terms is the sum of the earlier ones."""
    wanted = {pk for _, pk, _ in mine}
    names = {seat.player for _, _, game in mine for seat in game.seats}
    partials: dict[str, list[float]] = {}
    counts: dict[str, int] = {}
    for who, row in stored_rows(league, name, key, names):
        partials[who], counts[who] = parse_parts(row), row[1]
    later = list(played_games(league.pk, after=_previous(mine[0][0]), players=names))
    out: list[HistoryEntry] = []
    for item in reversed(later):
        game = item[2]
        if system.refusal(game) is not None or system.list_key(game) != key:
            continue
        try:
            delta = system.changes(game, {})
        except RatingError:
            continue
        after, games = total(partials.get(player, [0.0])), counts.get(player, 0)
        for who, amount in delta.items():
            if who in partials:
                add(partials[who], -amount)
                counts[who] -= 1
        if item[1] in wanted:
            seated = {seat.player for seat in game.seats}
            before = {p: total(partials[p]) for p in seated if counts.get(p, 0) > 0}
            entry = _entry(name, system, key, player, item, before)
            if entry is not None:
                out.append(dataclasses.replace(entry, after=after, games=games))
    out.reverse()
    return out


def _previous(at: Point) -> Point:
    """The last place in play order before `at` (for an inclusive lower bound)."""
    return (at[0], at[1] - 1)


def _replayed(
    league: League, name: str, system: ReplaySystem[Game], key: str, player: str, mine: list[Played]
) -> list[HistoryEntry]:
    """An order-dependent list's history: replays from the checkpoint before each stretch of
    the player's games (at most one step of `checkpoints.falls_due` per stretch). The games
    between the player's go through the system's fast replay where it has one (compact rows,
    no `Game`); the player's own are explained by the engine."""
    walked = _walked(league, name, system, key, player, mine)
    if walked is not None:
        return walked
    fast = table_replay(system)
    out: list[HistoryEntry] = []
    for stretch in _stretches(league, name, key, mine):
        state = checkpoints.checkpoint_before(league, name, key, stretch[0][0])
        after, before = state.at, _next(stretch[-1][0])
        if fast is None:
            played = checkpoints.list_games(
                system, key, played_games(league.pk, after=after, before=before)
            )
            for item in played:
                _step(out, name, system, key, player, state, item, wanted={i[1] for i in stretch})
            continue
        own = {item[0]: item for item in stretch}
        initial = system.initial_rating()
        for at, table in played_tables(league.pk, after=after, before=before):
            if fast.list_key(table[0], table[1]) != key:
                continue
            theirs = own.get(at)
            if theirs is None:
                state.apply_table(fast, initial, at, table)
            else:
                _step(out, name, system, key, player, state, theirs, wanted={theirs[1]})
    return out


def _walked(
    league: League, name: str, system: ReplaySystem[Game], key: str, player: str, mine: list[Played]
) -> list[HistoryEntry] | None:
    """`_replayed` through the compiled replays, in one walk from the checkpoint before the
    player's first game to their last, where they are worth it (`before_game.worth_compiling`
    of the games in between, counted before any checkpoint is read) and can take the list;
    else None."""
    marks = checkpoints.points(league, name, key)
    first = bisect.bisect_left(marks, mine[0][0])
    after, last = (marks[first - 1] if first else None), mine[-1][0]
    if not worth_compiling(games_between(league.pk, after=after, before=_next(last))):
        return None
    from tablerank.league.ratings import (
        compiled_walk,  # numpy and numba: off the start-up path
    )

    state = checkpoints.checkpoint_before(league, name, key, mine[0][0])
    out: list[HistoryEntry] = []
    try:
        walks = compiled_walk.walks(league, [(system, key, state)], _next(last))
        if walks is None:
            return None
        for item in mine:
            everyone = walks[0].until(item[0])
            names = wanted_names(system, item[2], everyone)
            before = {n: everyone[n] for n in names if n in everyone}
            entry = _entry(name, system, key, player, item, before)
            walks[0].through(item[0])
            if entry is not None:
                rating, played = walks[0].rating(player)
                out.append(dataclasses.replace(entry, after=rating, games=played))
    except ArithmeticError:  # a rating difference beyond the loops' tables
        return None
    return out


def _step(
    out: list[HistoryEntry],
    name: str,
    system: ReplaySystem[Game],
    key: str,
    player: str,
    state: checkpoints.Replay,
    item: Played,
    wanted: set[int],
) -> None:
    """Apply one game of the list to `state`, adding the player's line when it is theirs."""
    entry = None
    if item[1] in wanted:
        names = wanted_names(system, item[2], state.ratings)
        before = {n: state.ratings[n] for n in names if n in state.ratings}
        entry = _entry(name, system, key, player, item, before)
    state.apply(system, item[0], item[2])
    if entry is not None:
        played = state.games[player]
        out.append(dataclasses.replace(entry, after=state.ratings[player], games=played))


def _stretches(league: League, name: str, key: str, mine: list[Played]) -> list[list[Played]]:
    """The player's games grouped by the latest checkpoint before each."""
    marks = checkpoints.points(league, name, key)
    groups: dict[int, list[Played]] = {}
    for item in mine:
        groups.setdefault(bisect.bisect_left(marks, item[0]), []).append(item)
    return [groups[k] for k in sorted(groups)]


def _next(at: Point) -> Point:
    """The first place in play order after `at` (for an inclusive upper bound)."""
    return (at[0], at[1] + 1)


def _event_history(league: League, player: Player, system: ReplaySystem[Any]) -> list[HistoryEntry]:
    """Turnabout keeps no state: the engine explains each confirmed event the player was rated
    in, replaying the events before it."""
    events = confirmed_events(league)
    entries: list[HistoryEntry] = []
    for event in events:
        if player.name not in (row.player for row in event.standings):
            continue
        if system.refusal(event) is not None:
            continue
        explanation = system.explain(events, event.id)
        if player.name not in explanation.changes:
            continue
        entries.append(
            HistoryEntry(
                game=event.id,
                date=event.date,
                system=system.name,
                list_key="",
                player=player.name,
                before=explanation.before[player.name],
                after=explanation.after[player.name],
                games=len(entries) + 1,
                explanation=explanation,
            )
        )
    return entries

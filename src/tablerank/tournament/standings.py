"""Tournament standings over Catan games: each player's tally by the scoring's criteria
(`tournament.scoring`), ranked, every tie said by what separated it; the seeded draw of lots.

Points-per-place presets (`SCORINGS`) replace wins with tournament points for finishing places,
ties shared (seed notes, "Ties share"), then capped VP, VP% and the draw.

Every sum is kept as an exact `Fraction`, so players tie exactly when their numbers are equal and
no rounding decides a place. This module is pure: it reads no files and prints nothing.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tablerank.engine.records import Event, Game, Seat
from tablerank.engine.variants import is_catan
from tablerank.engine.winner import winner_of
from tablerank.tournament.scoring import (
    CAPPED_VP,
    DEFAULT_SCORING,
    LOTS,
    POINTS,
    SECONDS,
    THIRDS,
    VP_PERCENT,
    WINS,
    MissingVP,
    NoCatanGames,
    Scoring,
    UnknownEvent,
    UnsupportedTable,
    get_scoring,
)

__all__ = [
    "LeftOut",
    "StandingRow",
    "TournamentStandings",
    "derived_seed",
    "draw_lots",
    "game_vp_shares",
    "leading_seat",
    "shared_points",
    "tournament_standings",
    "winner_of",
]

# -- results -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One player's line. `vp` is capped VP; `vp_percent` the summed VP% in percent (31.25).

    `separated_by` names the criterion that put this player below the one above (None for the
    first row); `lot` is the player's place in the draw (1 drew best); `points` is None unless the
    scoring is a points preset.
    """

    player: str
    rank: int
    games: int
    abandoned: int
    wins: int
    vp: Fraction
    vp_percent: Fraction
    seconds: int
    thirds: int
    points: Fraction | None
    lot: int
    separated_by: str | None


@dataclass(frozen=True, slots=True)
class LeftOut:
    """A record in the selection that the standings do not count, and why."""

    record: str
    reason: str


@dataclass(frozen=True, slots=True)
class TournamentStandings:
    """The standings, the seed of their draw, and what was counted and left out.

    `seed_derived` is True when no seed was given and it was derived from the game ids.
    """

    rows: tuple[StandingRow, ...]
    seed: int
    seed_derived: bool
    scoring: Scoring
    event: str | None
    games: tuple[str, ...]
    left_out: tuple[LeftOut, ...]


# -- per-game rules ----------------------------------------------------------------------------


def game_vp_shares(vps: Sequence[Fraction]) -> list[Fraction]:
    """Each seat's game VP% as a fraction: its VP ÷ the table's total VP.

    Seed 002: "For each game: Player's VP ÷ Total table VP = Game VP%" and "For 3-player games:
    Add "dummy score" (average of 3 players) to normalize". So a 3-player table divides by its
    total plus its average, 4/3 of the total: 10/9/5 -> 24 + 8 = 32 -> 10/32, 9/32, 5/32.
    A table where nobody scored hands out no share.
    """
    total = sum(vps, Fraction(0))
    if len(vps) == 3:
        total += total / 3
    if not total:
        return [Fraction(0)] * len(vps)
    return [vp / total for vp in vps]


def shared_points(places: Sequence[int], table: Sequence[int]) -> list[Fraction]:
    """Each seat's points for its competition place (1, 2, 2, 4) from a points-per-place table.

    Seed notes, "Ties share": "the tied players share the sum of the awards of the positions they
    occupy, equally". 5/3/2/1 with places 1, 2, 2, 4 -> 5, 2.5, 2.5, 1.
    """
    tied = Counter(places)
    return [Fraction(sum(table[p - 1 : p - 1 + tied[p]]), tied[p]) for p in places]


def _capped(vp: Fraction, target: int | None) -> Fraction:
    """Seed 002: "Maximum 10 VP per game counted (even if player scored more)"; the cap is the
    game's target (seed notes: "the variant's or scenario's target elsewhere"). A game with no
    target (possible only for games built by hand) is not capped."""
    return vp if target is None else min(vp, Fraction(target))


def _vps(game: Game) -> list[Fraction]:
    """The VP of every seat present at the end, exactly; a seat without VP is an error."""
    out: list[Fraction] = []
    for seat in game.placed:
        if seat.vp is None:
            raise MissingVP(
                f"game {game.id}: {seat.player} has no VP; tournament standings need the VP of "
                "every seat present at the end (capped VP and VP% are tiebreakers)"
            )
        out.append(Fraction(seat.vp))
    return out


def _game_points(game: Game, scoring: Scoring) -> list[Fraction] | None:
    """Points for each placed seat under a points preset, None for the seed 002 order."""
    if not scoring.points:
        return None
    size = len(game.placed)
    table = scoring.points.get(size)
    if table is None:
        sizes = ", ".join(f"{n}-player" for n in sorted(scoring.points))
        raise UnsupportedTable(
            f"game {game.id}: scoring {scoring.name!r} gives points only at {sizes} tables, "
            f"and this table has {size} players at the end"
        )
    return shared_points([s.place or 0 for s in game.placed], table)


# -- totals ------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Tally:
    games: int = 0
    abandoned: int = 0
    wins: int = 0
    vp: Fraction = Fraction(0)
    share: Fraction = Fraction(0)
    seconds: int = 0
    thirds: int = 0
    points: Fraction = Fraction(0)

    def value(self, criterion: str) -> Fraction:
        """The number a criterion compares, higher first."""
        values: dict[str, int | Fraction] = {
            WINS: self.wins,
            POINTS: self.points,
            CAPPED_VP: self.vp,
            VP_PERCENT: self.share,
            SECONDS: self.seconds,
            THIRDS: self.thirds,
        }
        return Fraction(values[criterion])


def _add_game(tallies: dict[str, _Tally], game: Game, scoring: Scoring) -> None:
    """Add one game to its players' totals.

    Seats present at the end (finished or substitute) hold the game's result: seed notes, "the
    substitute who finished in their place holds the seat's final result". A player who abandoned
    played the game (it counts in `games` and `abandoned`) but holds no result from it: no win,
    no VP, no VP%, no place and no points.
    """
    vps = _vps(game)
    shares = game_vp_shares(vps)
    points = _game_points(game, scoring)
    winner = winner_of(game)
    for i, (seat, vp, share) in enumerate(zip(game.placed, vps, shares, strict=True)):
        tally = tallies.setdefault(seat.player, _Tally())
        tally.games += 1
        tally.wins += seat.player == winner
        tally.vp += _capped(vp, game.target)
        tally.share += share
        tally.seconds += seat.place == 2
        tally.thirds += seat.place == 3
        if points is not None:
            tally.points += points[i]
    for seat in _abandoned(game):
        tally = tallies.setdefault(seat.player, _Tally())
        tally.games += 1
        tally.abandoned += 1


def _abandoned(game: Game) -> list[Seat]:
    return [s for s in game.seats if s.place is None]


# -- selection ---------------------------------------------------------------------------------


def _select(records: Iterable[Game | Event], event: str | None) -> tuple[list[Game], list[LeftOut]]:
    """The Catan games to count (those of `event` when given) and the records left out.

    The event is matched case-insensitively, like every other filter. Records of other events are
    not "left out": they were never asked for.
    """
    chosen = list(records)
    if event is not None:
        chosen = _of_event(chosen, event)
    games: list[Game] = []
    left_out: list[LeftOut] = []
    for record in chosen:
        if not isinstance(record, Game):
            left_out.append(LeftOut(record.id, "an event record (final standings), not a game"))
        elif not is_catan(record.game):
            left_out.append(LeftOut(record.id, f"not a Catan game ({record.game})"))
        else:
            games.append(record)
    if not games:
        where = f" of event {event!r}" if event is not None else ""
        raise NoCatanGames(f"no Catan games{where} to rank")
    return games, left_out


def _of_event(records: list[Game | Event], event: str) -> list[Game | Event]:
    wanted = event.casefold()
    games = [r for r in records if isinstance(r, Game) and r.event is not None]
    found: list[Game | Event] = [g for g in games if (g.event or "").casefold() == wanted]
    if not found:
        known = sorted({g.event or "" for g in games}, key=str.casefold)
        listed = f"; the records have: {', '.join(known)}" if known else "; no game names an event"
        raise UnknownEvent(f"no game belongs to event {event!r}{listed}")
    return found


# -- the draw and the order --------------------------------------------------------------------


def derived_seed(game_ids: Iterable[str]) -> int:
    """A seed for the draw when none is given: from the sorted game ids, never the clock.

    The first 4 bytes of the SHA-256 of the ids, sorted and joined by newlines, as a number
    (0 to 4294967295): the same games always draw the same lots.
    """
    text = "\n".join(sorted(game_ids))
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:4], "big")


def draw_lots(players: Iterable[str], seed: int) -> dict[str, int]:
    """Each player's place in the draw (1 drew best): `random.Random(seed)` shuffles the players
    sorted by name. Seed 002: "Drawing Lots (final tiebreaker) - Random selection if all else is
    tied"; seed notes: "a seeded draw whose seed is recorded with the result"."""
    order = sorted(set(players), key=lambda p: (p.casefold(), p))
    random.Random(seed).shuffle(order)
    return {player: i + 1 for i, player in enumerate(order)}


def _sort_key(tally: _Tally, lot: int, criteria: Sequence[str]) -> tuple[Fraction, ...]:
    numbers = [-tally.value(c) for c in criteria if c != LOTS]
    return (*numbers, Fraction(lot))


def _separated_by(
    above: tuple[Fraction, ...], below: tuple[Fraction, ...], criteria: Sequence[str]
) -> str:
    """The first criterion on which two neighbours differ: the one that put `below` lower."""
    for criterion, a, b in zip(criteria, above, below, strict=True):
        if a != b:
            return criterion
    raise AssertionError("two players drew the same lot")  # pragma: no cover


def _rows(
    tallies: Mapping[str, _Tally], lots: Mapping[str, int], scoring: Scoring
) -> tuple[StandingRow, ...]:
    """The players in order with their ranks and what separated each from the one above.

    The draw is the last criterion and always separates, so nobody is left tied and the ranks
    run 1, 2, 3, ...; `separated_by` says "lots" wherever the draw decided.
    """
    keys = {p: _sort_key(t, lots[p], scoring.criteria) for p, t in tallies.items()}
    order = sorted(tallies, key=lambda p: keys[p])
    rows: list[StandingRow] = []
    for i, player in enumerate(order):
        above = keys[order[i - 1]] if i else None
        rows.append(
            _row(
                player,
                i + 1,
                tallies[player],
                lots[player],
                scoring,
                None if above is None else _separated_by(above, keys[player], scoring.criteria),
            )
        )
    return tuple(rows)


def _row(
    player: str, rank: int, tally: _Tally, lot: int, scoring: Scoring, separated_by: str | None
) -> StandingRow:
    return StandingRow(
        player=player,
        rank=rank,
        games=tally.games,
        abandoned=tally.abandoned,
        wins=tally.wins,
        vp=tally.vp,
        vp_percent=tally.share * 100,
        seconds=tally.seconds,
        thirds=tally.thirds,
        points=tally.points if scoring.points else None,
        lot=lot,
        separated_by=separated_by,
    )


# -- the entry point ---------------------------------------------------------------------------


def tournament_standings(
    games: Iterable[Game | Event],
    *,
    event: str | None = None,
    scoring: str = DEFAULT_SCORING,
    seed: int | None = None,
) -> TournamentStandings:
    """Rank the players of the Catan games (those of `event` when given) by `scoring`.

    `scoring` is a name from `SCORINGS`: "wins" (the default) is seed 002's order. `seed` seeds
    the draw of lots; without one it is derived from the ids of the games counted
    (`derived_seed`). The seed is returned with the standings, so printing it lets anyone
    reproduce them. Records that are not Catan games are listed in `left_out`.
    """
    chosen = get_scoring(scoring)
    counted, left_out = _select(games, event)
    tallies: dict[str, _Tally] = {}
    for game in counted:
        _add_game(tallies, game, chosen)
    ids = [g.id for g in counted]
    draw_seed = derived_seed(ids) if seed is None else seed
    return TournamentStandings(
        rows=_rows(tallies, draw_lots(tallies, draw_seed), chosen),
        seed=draw_seed,
        seed_derived=seed is None,
        scoring=chosen,
        event=event,
        games=tuple(ids),
        left_out=tuple(left_out),
    )


def leading_seat(game: Game) -> int | None:
    """The seat with the most VP at or above the target, when exactly one has the most: the
    winner a score sheet implies (seed 002: "First player to reach the required VP on their
    turn wins"; the sheet cannot tell who reached it first, so a tie implies nobody)."""
    target = game.target or 0
    totals = [seat.vp for seat in game.seats]
    reached = [vp for vp in totals if vp is not None and vp >= target]
    if not reached or totals.count(max(reached)) > 1:
        return None
    return totals.index(max(reached))

"""A.R.E.A. multi-player ratings (seed 003), classes two, wta, team, race and sol.

Two players: "@round(((defeated player rating - victor's rating)x0.05),0)+100 Minimum of one point,
maximum of 200 points." A tie: "@round(((lower player rating - higher player rating)x0.05),0) ...
No minimum points ... The maximum 200 points still applies"; the lower-rated player gains it.
More players: each pair's result is divided "by the total number of opponents", rounded, and set
aside as a credit and a debit, "using only beginning scores for all players"; a decisive pair
moves at least one point. Which pairs count depends on the class (see `pairings`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from tablerank.engine.records import Game, GameClass, SeatStatus
from tablerank.engine.rounding import round_half_away
from tablerank.engine.systems.base import Explanation, Term
from tablerank.engine.systems.pairwise import Pair, PairwiseSystem
from tablerank.engine.systems.tables import SeatView, game_participant, seat_views

__all__ = [
    "Area",
    "RatedSeat",
    "TeamDivisor",
    "decisive_points",
    "draw_points",
    "game_participant",
    "rated_seats",
]


class TeamDivisor(StrEnum):
    """Whom a TEAM pair's result is divided by when the sides differ in size (seed notes)."""

    LARGER = "larger"
    SMALLER = "smaller"
    ALL = "all"


def decisive_points(winner: float, loser: float) -> int:
    """round((loser - winner) x 0.05) + 100, at least 1, at most 200."""
    return min(200, max(1, round_half_away((loser - winner) / 20) + 100))


def draw_points(a: float, b: float) -> int:
    """round(|higher - lower| x 0.05), at most 200, no minimum; the lower-rated gains it."""
    return min(200, round_half_away(abs(a - b) / 20))


_Pair = tuple[str, str, bool]
"""One pairing (a, b, draw): `a` beat `b`, or drew with `b` when `draw`."""

RatedSeat = tuple[str, int, bool]
"""A seat A.R.E.A. rates: player, place, declared winner."""


def rated_seats(seats: Iterable[SeatView]) -> list[RatedSeat]:
    """The seats rated: abandoned seats and their substitutes are left out, as seed 001 does,
    since neither played the whole game."""
    return [
        (player, place, winner)
        for player, place, winner, finished, _ in seats
        if finished and place is not None
    ]


def _sides(
    rated: list[RatedSeat], game_class: GameClass, participant: str
) -> tuple[list[str], list[str], list[tuple[str, int]]]:
    """Winners, losers and (player, place) of everyone rated."""
    if game_class is GameClass.SOL:
        players = [(p, w) for p, _, w in rated]
        winners = [p for p, w in players if w] or [participant]
        losers = [p for p, w in players if not w] + (
            [participant] if winners[0] != participant else []
        )
        everyone = [(p, 1) for p in winners] + [(p, 2) for p in losers]
        return winners, losers, everyone
    winners = [p for p, q, _ in rated if q == 1]
    losers = [p for p, q, _ in rated if q != 1]
    return winners, losers, [(p, q) for p, q, _ in rated]


@dataclass(frozen=True)
class Area(PairwiseSystem[tuple[bool, int]]):
    name: ClassVar[str] = "area"
    title: ClassVar[str] = "A.R.E.A. (two, wta, team, race, sol)"
    source: ClassVar[str] = "seed 003, A.R.E.A. multi-player calculations"
    list_name: ClassVar[str] = "game title"
    rates_non_seats: ClassVar[bool] = True

    start: float = field(
        default=5000,
        metadata={"help": "a new player's (and a new game title's) rating; A.R.E.A.'s own is 5000"},
    )
    team_divisor: TeamDivisor = field(
        default=TeamDivisor.LARGER,
        metadata={
            "help": "TEAM games: divide each pair by the larger side (default), "
            "the smaller side, or all opponents (N - 1)"
        },
    )

    def initial_rating(self) -> float:
        return self.start

    def list_key(self, record: Game) -> str:
        """A rating is "a player's current numerical score in a given game title"."""
        return record.game

    # -- who plays whom ------------------------------------------------------------------------

    def pairs(
        self, seats: Sequence[SeatView], game_class: GameClass, participant: str
    ) -> list[Pair[tuple[bool, int]]]:
        """The pairings of the class (`pairings`), each of its kind: (draw, divisor)."""
        pairs, divisor = self.pairings(rated_seats(seats), game_class, participant)
        return [(a, b, (draw, divisor)) for a, b, draw in pairs]

    def pairings(
        self, rated: list[RatedSeat], game_class: GameClass, participant: str
    ) -> tuple[list[_Pair], int]:
        """The pairings a class rates and the divisor ("the total number of opponents")."""
        winners, losers, everyone = _sides(rated, game_class, participant)
        if len(everyone) < 2:
            return [], 1
        if game_class is GameClass.RACE:
            pairs = [
                (p, o, q == qo) if q <= qo else (o, p, False)
                for i, (p, q) in enumerate(everyone)
                for o, qo in everyone[i + 1 :]
            ]
            return pairs, len(everyone) - 1
        pairs = [(w, lo, False) for w in winners for lo in losers]
        if game_class is GameClass.TEAM:
            return pairs, self._team_divisor(len(winners), len(losers))
        # TWO, WTA, SOL: winners against each other as draws.
        pairs += [(w, o, True) for i, w in enumerate(winners) for o in winners[i + 1 :]]
        return pairs, len(everyone) - 1

    def _team_divisor(self, winners: int, losers: int) -> int:
        if self.team_divisor is TeamDivisor.ALL:
            return winners + losers - 1
        if self.team_divisor is TeamDivisor.SMALLER:
            return min(winners, losers)
        return max(winners, losers)

    # -- arithmetic ----------------------------------------------------------------------------

    def pair_amount(self, kind: tuple[bool, int], difference: float) -> int:
        """Points that move from `b` to `a` (negative: from `a` to `b`), `b` rated
        `difference` higher: a decisive pair's or a draw's points over the divisor."""
        draw, divisor = kind
        if not draw:
            return max(1, round_half_away(decisive_points(0, difference) / divisor))
        moved = round_half_away(draw_points(0, difference) / divisor)
        return moved if difference > 0 else -moved

    def explain_record(self, game: Game, ratings: Mapping[str, float]) -> Explanation:
        rated = rated_seats(seat_views(game.seats))
        pairs, divisor = self.pairings(rated, game.game_class, game_participant(game.game))
        terms: list[Term] = []
        for pair in pairs:
            a, b, draw = pair
            moved = self.moved((a, b, (draw, divisor)), ratings)
            why = self._why(pair, ratings, divisor, moved)
            terms.append(Term(a, moved, f"vs {b}: {why}", opponent=b))
            terms.append(Term(b, -moved, f"vs {a}: {why}", opponent=a))
        changes: dict[str, float] = {}
        for t in terms:
            changes[t.player] = changes.get(t.player, 0) + t.amount
        return Explanation(
            record=game.id,
            system=self.name,
            before=self.before(list(changes), ratings),
            changes=changes,
            terms=tuple(terms),
            notes=(f"class {game.game_class}; each pair divided by {divisor}",),
        )

    def _why(self, pair: _Pair, ratings: Mapping[str, float], divisor: int, moved: int) -> str:
        a, b, draw = pair
        ra, rb = ratings.get(a, self.start), ratings.get(b, self.start)
        if draw:
            low, high = (a, b) if ra < rb else (b, a)
            return (
                f"draw, {ra:g} vs {rb:g}: round(|{ra:g} - {rb:g}| x 0.05) = {draw_points(ra, rb)}"
                f", / {divisor} = {abs(moved)} from {high} to {low}"
            )
        return (
            f"{a} ({ra:g}) beat {b} ({rb:g}): round(({rb:g} - {ra:g}) x 0.05) + 100 = "
            f"{decisive_points(ra, rb)}, / {divisor} = {moved}"
        )

    def why_not_rated(self, game: Game, player: str) -> str:
        seat = next(s for s in game.seats if s.player == player)
        if seat.status is SeatStatus.ABANDONED:
            return "abandoned the game: not rated"
        if seat.status is SeatStatus.SUBSTITUTE:
            return "substitute who did not play the whole game: not rated"
        return "no opponent left to be rated against"

"""Catan Online World ELO list (seed 001, formula fixed by the seed notes).

"The calculation is performed as if the players had competed against each other in pairs ...
always taking into account the perspective of both players. The sum of a player's individual
rankings is added to, or subtracted from, his/her previous ELO ranking." Per pair:
round(8 x (S - E)), E = 1 / (1 + 10^((R_opponent - R_self) / 400)); start 1000.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from tablerank.engine.records import Account, Game, GameClass, SeatStatus
from tablerank.engine.rounding import round_half_away
from tablerank.engine.systems.base import Explanation, Term
from tablerank.engine.systems.pairwise import Pair, PairwiseSystem
from tablerank.engine.systems.tables import SeatView, seat_views

__all__ = ["Elo", "expected_score", "result"]

_SCORES = {"won": 1.0, "lost": 0.0, "drew": 0.5}
_MIRRORED = {"won": "lost", "lost": "won", "drew": "drew"}


def expected_score(own: float, opponent: float) -> float:
    """E = 1 / (1 + 10^((R_opponent - R_self) / 400))."""
    return 1.0 / (1.0 + math.pow(10.0, (opponent - own) / 400.0))


def result(place: int, other: int) -> str:
    """A pair's result for the player at `place`: won, lost or drew."""
    return "won" if place < other else "lost" if place > other else "drew"


@dataclass(frozen=True)
class Elo(PairwiseSystem[str]):
    name: ClassVar[str] = "cow.elo"
    title: ClassVar[str] = "Catan Online World ELO list (pairwise)"
    source: ClassVar[str] = "seed 001, ELO Lists for the Board Games"
    catan_only: ClassVar[bool] = True
    list_name: ClassVar[str] = "game group"

    k: float = field(default=8, metadata={"help": "most a pair can move: 8 per the seed"})
    start: float = field(default=1000, metadata={"help": "everyone's starting value"})

    def initial_rating(self) -> float:
        return self.start

    def list_key(self, record: Game) -> str:
        """ "Each player has an individual ELO value on each list"; lists follow game groups."""
        return record.group

    def rated(self, seats: Sequence[SeatView]) -> list[tuple[str, int]]:
        """The seats rated, with their places: free accounts, abandoned seats and their
        substitutes are not rated (seed 001)."""
        return [
            (player, place)
            for player, place, _, finished, premium in seats
            if finished and premium and place is not None
        ]

    def pairs(
        self, seats: Sequence[SeatView], game_class: GameClass, participant: str
    ) -> list[Pair[str]]:
        """Every two rated players, each pair's result from the first's view."""
        rated = self.rated(seats)
        return [
            (a, b, result(place_a, place_b))
            for i, (a, place_a) in enumerate(rated)
            for b, place_b in rated[i + 1 :]
        ]

    def mirrored(self, kind: str) -> str:
        """Worked out from the view of the player whose name sorts first, the other taking its
        negative, so that both views agree to the point and seat order never matters."""
        return _MIRRORED[kind]

    def pair_amount(self, kind: str, difference: float) -> int:
        """round(k x (S - E)) against an opponent rated `difference` higher."""
        return round_half_away(self.k * (_SCORES[kind] - expected_score(0, difference)))

    def explain_record(self, game: Game, ratings: Mapping[str, float]) -> Explanation:
        rated = self.rated(seat_views(game.seats))
        terms: list[Term] = []
        if len(rated) >= 2:
            for a in rated:
                terms.extend(self._pair_term(a, b, ratings) for b in rated if b is not a)
        changes: dict[str, float] = {}
        for t in terms:
            changes[t.player] = changes.get(t.player, 0) + t.amount
        notes = () if len(rated) >= 2 else ("fewer than two eligible players: no ELO change",)
        return Explanation(
            record=game.id,
            system=self.name,
            before=self.before(list(changes), ratings),
            changes=changes,
            terms=tuple(terms),
            notes=notes,
        )

    def _pair_term(
        self, a: tuple[str, int], b: tuple[str, int], ratings: Mapping[str, float]
    ) -> Term:
        (p, q), (o, qo) = a, b
        r, ro = ratings.get(p, self.start), ratings.get(o, self.start)
        kind = result(q, qo)
        d = self.moved((p, o, kind), ratings)
        why = (
            f"vs {o} ({kind}, {r:g} vs {ro:g}): round({self.k:g} x ({_SCORES[kind]:g} - "
            f"{expected_score(r, ro):.3f})) = {d:+d}"
        )
        return Term(p, d, why, opponent=o)

    def why_not_rated(self, game: Game, player: str) -> str:
        seat = next(s for s in game.seats if s.player == player)
        if seat.status is SeatStatus.ABANDONED:
            return "abandoned the game: excluded from ELO (seed 001)"
        if seat.status is SeatStatus.SUBSTITUTE:
            return "substitute for a player who abandoned: excluded from ELO (seed 001)"
        if seat.account is Account.FREE:
            return "free account: gets no ELO value (seed 001)"
        return "the only eligible player at this table: no ELO calculation (seed 001)"

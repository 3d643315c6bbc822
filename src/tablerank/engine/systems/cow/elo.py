"""Catan Online World ELO list (seed 001, formula fixed by the seed notes).

"The calculation is performed as if the players had competed against each other in pairs ...
always taking into account the perspective of both players. The sum of a player's individual
rankings is added to, or subtracted from, his/her previous ELO ranking." Per pair:
round(8 x (S - E)), E = 1 / (1 + 10^((R_opponent - R_self) / 400)); start 1000.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from tablerank.engine.records import Account, Game, SeatStatus
from tablerank.engine.rounding import round_half_away
from tablerank.engine.systems.base import Explanation, ReplaySystem, Term

__all__ = ["Elo", "expected_score", "rated_place"]

_Player = tuple[str, int, float]
"""An eligible player at the table: name, place, rating before the game."""


def rated_place(place: int | None, status: SeatStatus, account: Account) -> int | None:
    """The seat's place where the seat is rated, else None: free accounts, abandoned seats and
    their substitutes are not rated (seed 001)."""
    return place if status is SeatStatus.FINISHED and account is Account.PREMIUM else None


def expected_score(own: float, opponent: float) -> float:
    """E = 1 / (1 + 10^((R_opponent - R_self) / 400))."""
    return 1.0 / (1.0 + math.pow(10.0, (opponent - own) / 400.0))


@dataclass(frozen=True)
class Elo(ReplaySystem[Game]):
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

    def _eligible(self, game: Game, ratings: Mapping[str, float]) -> list[_Player]:
        """The seats `rated_place` rates, with their ratings."""
        start = self.start
        return [
            (s.player, place, ratings.get(s.player, start))
            for s in game.seats
            if (place := rated_place(s.place, s.status, s.account)) is not None
        ]

    def changes(self, game: Game, ratings: Mapping[str, float]) -> dict[str, float]:
        eligible = self._eligible(game, ratings)
        if len(eligible) < 2:
            return {}
        out: dict[str, float] = {p: 0 for p, _, _ in eligible}
        pair = self.pair_change
        for i, a in enumerate(eligible):
            for b in eligible[i + 1 :]:
                d = pair(a, b)
                out[a[0]] += d
                out[b[0]] -= d
        return out

    def pair_change(self, a: _Player, b: _Player) -> int:
        """a's change against b: round(k x (S - E)). Worked out from the view of the player
        whose name sorts first, the other taking its negative, so that both views agree to the
        point and seat order never matters."""
        if b[0] < a[0]:
            return -self.pair_change(b, a)
        _, place_a, rating_a = a
        _, place_b, rating_b = b
        s = 1.0 if place_a < place_b else 0.0 if place_a > place_b else 0.5
        return round_half_away(self.k * (s - expected_score(rating_a, rating_b)))

    def explain_record(self, game: Game, ratings: Mapping[str, float]) -> Explanation:
        eligible = self._eligible(game, ratings)
        terms: list[Term] = []
        if len(eligible) >= 2:
            for a in eligible:
                terms.extend(self._pair_term(a, b) for b in eligible if b is not a)
        changes: dict[str, float] = {}
        for t in terms:
            changes[t.player] = changes.get(t.player, 0) + t.amount
        notes = () if len(eligible) >= 2 else ("fewer than two eligible players: no ELO change",)
        return Explanation(
            record=game.id,
            system=self.name,
            before=self.before(list(changes), ratings),
            changes=changes,
            terms=tuple(terms),
            notes=notes,
        )

    def _pair_term(self, a: _Player, b: _Player) -> Term:
        (p, q, r), (o, qo, ro) = a, b
        s = 1.0 if q < qo else 0.0 if q > qo else 0.5
        e = expected_score(r, ro)
        d = self.pair_change(a, b)
        result = {1.0: "won", 0.0: "lost", 0.5: "drew"}[s]
        why = f"vs {o} ({result}, {r:g} vs {ro:g}): round({self.k:g} x ({s:g} - {e:.3f})) = {d:+d}"
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

"""Systems whose change from a game is a sum over pairs of players (cow.elo, A.R.E.A.): the
rules each states once, and the `changes` every replay of them follows.

A pairwise system says which pairs a table rates and of what kind (`pairs`), and what one pair
moves given its kind and the difference of the two ratings (`pair_amount`). `changes` adds up
the pairs' amounts. The memoised replay (`memoised_replay`) and the compiled loops
(`compiled`) add up the very same amounts: they ask `pairs` once per table shape, with
stand-ins for the names, and `pair_amount` once per kind and rating difference.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from typing import Generic, TypeVar

from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.memoised_replay import memoised_replay
from tablerank.engine.systems.tables import SeatView, TableReplay, game_participant, seat_views
from tablerank.engine.values import Game, GameClass

__all__ = ["Pair", "PairwiseSystem"]

K = TypeVar("K", bound=Hashable)

Pair = tuple[str, str, K]
"""(a, b, kind): `pair_amount(kind, b's rating - a's rating)` moves from b to a."""


class PairwiseSystem(ReplaySystem[Game], Generic[K]):
    """A system whose change from a game is a sum of its pairs' amounts, each worked out from
    the ratings before the game."""

    @abstractmethod
    def pairs(
        self, seats: Sequence[SeatView], game_class: GameClass, participant: str
    ) -> list[Pair[K]]:
        """The pairs a game of this class and these seats rates, in order; `participant` is
        the name its title is rated under (`game_participant`). Names are read only to tell
        them apart: the replays ask this once per table shape, with stand-ins for the names."""

    @abstractmethod
    def pair_amount(self, kind: K, difference: float) -> int:
        """What a pair of this kind moves to its first player from its second, who is rated
        `difference` higher."""

    def mirrored(self, kind: K) -> K | None:
        """The kind of the pair seen from its second player, where a pair is worked out from
        the view of the name that sorts first; None where pairs are worked out as `pairs`
        gives them."""
        return None

    def game_pairs(self, game: Game) -> list[Pair[K]]:
        """`pairs` of a game."""
        return self.pairs(seat_views(game.seats), game.game_class, game_participant(game.game))

    def oriented(self, pair: Pair[K]) -> Pair[K]:
        """The pair as its amount is worked out (`mirrored`)."""
        a, b, kind = pair
        mirror = self.mirrored(kind)
        return (b, a, mirror) if mirror is not None and b < a else pair

    def moved(self, pair: Pair[K], ratings: Mapping[str, float]) -> int:
        """What the pair moves to its first player from its second (`oriented`)."""
        first, second, kind = self.oriented(pair)
        start = self.initial_rating()
        amount = self.pair_amount(kind, ratings.get(second, start) - ratings.get(first, start))
        return amount if first == pair[0] else -amount

    def changes(self, game: Game, ratings: Mapping[str, float]) -> dict[str, float]:
        pairs = self.game_pairs(game)
        out: dict[str, float] = dict.fromkeys([name for a, b, _ in pairs for name in (a, b)], 0)
        for pair in pairs:
            a, b, _ = pair
            amount = self.moved(pair, ratings)
            out[a] += amount
            out[b] -= amount
        return out

    def table_replay(self) -> TableReplay | None:
        """The memoised replay of `pairs` and `pair_amount`, where `changes` is theirs: a
        subclass with a `changes` of its own replays through it."""
        if type(self).changes is not PairwiseSystem.changes:
            return None
        return memoised_replay(self)

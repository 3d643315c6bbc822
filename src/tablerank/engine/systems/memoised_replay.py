"""A pairwise system's `changes` (`pairwise`) over tables and games, memoised, bit for bit the
system's own.

A league replays long stretches of history through the order-dependent systems. A pairwise
system's change from a game depends on its names only to tell them apart, and on the ratings
only through each pair's rating difference. So the pairs are asked of the system once per table
shape (`Shape`: the class and, seat by seat, what `pairs` reads, with stand-ins for the names),
and each pair's amount once per kind and difference, by the system's own `pair_amount`, then
looked up by the exact difference: exact by construction.

The compiled loops (`compiled.replay`) look up the same pairs and amounts. The system stays the
reference: property tests hold both to it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from tablerank.engine.records import stored_game
from tablerank.engine.systems.tables import SeatView, Table, game_participant
from tablerank.engine.values import Account, Game, GameClass, SeatStatus

__all__ = [
    "Amounts",
    "MemoisedReplay",
    "PairRules",
    "Shape",
    "ShapePairs",
    "game_shape",
    "memoised_replay",
]

SeatShape = tuple[int | None, bool, bool, bool, bool]
"""What `pairs` reads of a seat but its player (`SeatView`), and whether the player's name is
the title's participant's (`game_participant`)."""

Shape = tuple[GameClass, tuple[SeatShape, ...]]
"""What a table's pairs depend on: its class and its seats' shapes; never the names."""

PARTICIPANT = "\0participant"
"""The stand-in for the title's participant's name."""

_PROBE_DATE = dt.date(2000, 1, 1)
_FINISHED, _PREMIUM = SeatStatus.FINISHED, Account.PREMIUM


def game_shape(game: Game, participant: str) -> Shape:
    """The table shape of a game whose title's participant is named `participant`."""
    finished, premium = _FINISHED, _PREMIUM
    return game.game_class, tuple([
        (s.place, s.winner, s.status is finished, s.account is premium, s.player == participant)
        for s in game.seats
    ])  # fmt: skip


class PairRules(Protocol):
    """What the replay asks of a pairwise system (`pairwise.PairwiseSystem`)."""

    def initial_rating(self) -> float: ...

    def list_key(self, record: Game) -> str: ...

    def refusal(self, record: Game) -> str | None: ...

    def pairs(
        self, seats: Sequence[SeatView], game_class: GameClass, participant: str
    ) -> Sequence[tuple[str, str, Any]]: ...

    def pair_amount(self, kind: Any, difference: float) -> int: ...

    def mirrored(self, kind: Any) -> Any: ...


class Amounts(dict[float, int]):
    """One kind's pair amounts by rating difference, each worked out on first need."""

    def __init__(self, amount: Callable[[float], int]) -> None:
        super().__init__()
        self.amount = amount

    def __missing__(self, difference: float) -> int:
        found = self[difference] = self.amount(difference)
        return found


@dataclass(frozen=True, slots=True)
class ShapePairs:
    """The pairs of one table shape, by slot: the names a pair names, each a seat's number in
    the table, or -1 for the title's participant."""

    slots: tuple[int, ...]
    pairs: tuple[tuple[int, int, Amounts, Amounts | None], ...]
    """Per pair: its slots, its amounts and, where it is worked out from the view of the name
    that sorts first (`mirrored`), the amounts seen from its second slot."""
    kinds: tuple[tuple[Hashable, Hashable | None], ...]
    """Per pair: its kind and its mirrored kind."""
    unrated: tuple[int, ...]
    """The seats no pair names."""


class MemoisedReplay:
    """A pairwise system's `list_key`/`refusal` and `changes` (`TableReplay`), memoised."""

    def __init__(self, rules: PairRules) -> None:
        self.rules = rules
        self._start = rules.initial_rating()
        self._lists: dict[tuple[str, str], str | None] = {}
        self._amounts: dict[Hashable, Amounts] = {}
        self._shapes: dict[Shape, ShapePairs] = {}
        self._participants: dict[str, str] = {}

    def list_key(self, title: str, group: str) -> str | None:
        """The list of a game of this title and group, or None where the system refuses it:
        asked of the system once per title and group (its `list_key` and `refusal` read
        nothing else of a game)."""
        try:
            return self._lists[title, group]
        except KeyError:
            probe = stored_game(
                id="probe", date=_PROBE_DATE, seats=(), game=title, variant=None, target=None,
                group=group,
            )  # fmt: skip
            rules = self.rules
            key = rules.list_key(probe) if rules.refusal(probe) is None else None
            self._lists[title, group] = key
            return key

    def amounts(self, kind: Hashable) -> Amounts:
        """The amounts of pairs of this kind (`pair_amount`)."""
        found = self._amounts.get(kind)
        if found is None:
            found = self._amounts[kind] = Amounts(partial(self.rules.pair_amount, kind))
        return found

    def shape_pairs(self, shape: Shape) -> ShapePairs:
        """The pairs a table of this shape rates, asked of the system once."""
        found = self._shapes.get(shape)
        if found is None:
            found = self._shapes[shape] = self._pairs_of(shape)
        return found

    def _pairs_of(self, shape: Shape) -> ShapePairs:
        game_class, seats = shape
        stand_ins = [PARTICIPANT if seat[4] else f"\0{i}" for i, seat in enumerate(seats)]
        views = [(name, *seat[:4]) for name, seat in zip(stand_ins, seats, strict=True)]
        rules = self.rules
        pairs = rules.pairs(views, game_class, PARTICIPANT)
        number = {name: i for i, name in enumerate(stand_ins)} | {PARTICIPANT: -1}
        named = list(dict.fromkeys(name for a, b, _ in pairs for name in (a, b)))
        slot = {name: n for n, name in enumerate(named)}
        kinds = tuple((kind, rules.mirrored(kind)) for _, _, kind in pairs)
        return ShapePairs(
            slots=tuple(number[name] for name in named),
            pairs=tuple(
                (slot[a], slot[b], self.amounts(kind), None if m is None else self.amounts(m))
                for (a, b, _), (kind, m) in zip(pairs, kinds, strict=True)
            ),
            kinds=kinds,
            unrated=tuple(i for i, name in enumerate(stand_ins) if name not in slot),
        )

    def participant(self, title: str) -> str:
        found = self._participants.get(title)
        if found is None:
            found = self._participants[title] = game_participant(title)
        return found

    def changes(self, table: Table, ratings: Mapping[str, float]) -> dict[str, float]:
        title, _, game_class, seats = table
        participant = self._participants.get(title) or self.participant(title)
        finished, premium = _FINISHED, _PREMIUM
        shape = game_class, tuple([
            (place, winner, status is finished, account is premium, player == participant)
            for player, place, winner, status, account in seats
        ])  # fmt: skip
        found = self._shapes.get(shape) or self.shape_pairs(shape)
        if not found.pairs:
            return {}
        names = [seat[0] for seat in seats]
        names.append(participant)
        return self.paired(found, names, ratings)

    def game_changes(self, game: Game, ratings: Mapping[str, float]) -> dict[str, float]:
        """`changes` of a game's own seats."""
        participant = self._participants.get(game.game) or self.participant(game.game)
        shape = game_shape(game, participant)
        found = self._shapes.get(shape) or self.shape_pairs(shape)
        if not found.pairs:
            return {}
        names = [seat.player for seat in game.seats]
        names.append(participant)
        return self.paired(found, names, ratings)

    def paired(
        self, found: ShapePairs, names: Sequence[str], ratings: Mapping[str, float]
    ) -> dict[str, float]:
        """The changes of a table of these pairs; `names` holds its seats' players, then its
        title's participant."""
        named = [names[i] for i in found.slots]
        start, get = self._start, ratings.get
        values = [get(name, start) for name in named]
        out: dict[str, float] = dict.fromkeys(named, 0)
        for pair in found.pairs:
            a, b, amounts, mirror = pair
            if mirror is not None and named[b] < named[a]:
                a, b, amounts = b, a, mirror
            amount = amounts[values[b] - values[a]]
            out[named[a]] += amount
            out[named[b]] -= amount
        return out


_replays: dict[object, MemoisedReplay] = {}


def memoised_replay(rules: PairRules) -> MemoisedReplay:
    """The memoised replay of a system (kept for the process: its tables fill once)."""
    found = _replays.get(rules)
    if found is None:
        found = _replays[rules] = MemoisedReplay(rules)
    return found

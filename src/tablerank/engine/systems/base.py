"""The one small interface every rating system follows, and the replay loop most of them share.

A system is a frozen dataclass of its parameters. It answers `rate` (everyone's rating now) and
`explain` (why one record moved each number). Systems that walk the history record by record
implement `changes` (fast) and `explain_record` (itemised); `ReplaySystem` does the rest.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar, get_type_hints

from tablerank.engine.ranking import competition_ranks, rank_of_each
from tablerank.engine.records import Event, Game
from tablerank.engine.sums import summed
from tablerank.engine.systems.parameter_text import from_text
from tablerank.engine.values import in_day_order
from tablerank.engine.variants import is_catan
from tablerank.errors import InvalidParameter, MixedLists, UnknownRecord

if TYPE_CHECKING:
    from tablerank.engine.systems.seat_amounts import PlacedSeats, SeatAmounts
    from tablerank.engine.systems.tables import TableReplay

__all__ = [
    "Explanation",
    "NotRated",
    "RatingTable",
    "Record",
    "ReplaySystem",
    "Standing",
    "System",
    "Term",
    "Totals",
    "chronological",
    "require_one_list",
    "split_refused",
]

Record = Game | Event
R = TypeVar("R", Game, Event)


@dataclass(frozen=True, slots=True)
class Term:
    """One itemised part of a player's change: `amount` and, in the users' words, why."""

    player: str
    amount: float
    why: str
    opponent: str | None = None


@dataclass(frozen=True, slots=True)
class NotRated:
    """A seat (or a whole record, when `player` is None) that a system did not rate, and why."""

    record: str
    player: str | None
    reason: str


@dataclass(frozen=True)
class Explanation:
    """What one record did to each rated player in one system, and why."""

    record: str
    system: str
    before: dict[str, float]
    changes: dict[str, float]
    terms: tuple[Term, ...]
    not_rated: tuple[NotRated, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def after(self) -> dict[str, float]:
        return {p: self.before[p] + d for p, d in self.changes.items()}


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of a system's standings."""

    player: str
    rank: int
    rating: float
    games: int
    uncertainty: float | None = None
    """The rating's standard deviation, for systems that estimate one (skill)."""
    provisional: bool = False
    """True while a system that estimates uncertainty still finds it too large to trust."""


@dataclass(frozen=True)
class Totals:
    """Everyone's number after a history, unranked: what `rate` ranks."""

    ratings: dict[str, float]
    games: Mapping[str, int]
    not_rated: tuple[NotRated, ...] = ()


@dataclass(frozen=True)
class RatingTable:
    """A system's standings after a history, plus everything it did not rate."""

    system: str
    standings: tuple[Standing, ...]
    not_rated: tuple[NotRated, ...] = ()


def chronological(records: Iterable[Record]) -> list[Record]:
    """Records in rating order: by date, time of day, then input order (`in_day_order`)."""
    listed = list(records)
    if any(map(_TIME, listed)):
        return sorted(listed, key=in_day_order)
    return sorted(listed, key=_DAY)


_DAY, _TIME = attrgetter("date"), attrgetter("time")


class System(ABC):
    """A rating system: stable `name`, its source, its parameters (the dataclass fields)."""

    name: ClassVar[str]
    title: ClassVar[str]
    source: ClassVar[str]
    lower_is_better: ClassVar[bool] = False
    structured_parameters: ClassVar[tuple[str, ...]] = ()
    """Parameters set one key at a time (`tables.5=...`); others take no dotted key."""

    @abstractmethod
    def totals(self, records: Iterable[Record], start: Mapping[str, float] | None = None) -> Totals:
        """Everyone's rating after the whole history, with games played and what was not rated."""

    def rate(
        self, records: Iterable[Record], start: Mapping[str, float] | None = None
    ) -> RatingTable:
        """Everyone's rating after the whole history, ranked."""
        totals = self.totals(records, start)
        return RatingTable(self.name, self.rank(totals.ratings, totals.games), totals.not_rated)

    def ranks(self, ratings: Mapping[str, float]) -> dict[str, int]:
        """Each player's competition rank, without building standings."""
        return rank_of_each(ratings, lower_first=self.lower_is_better)

    def rank(self, ratings: Mapping[str, float], games: Mapping[str, int]) -> tuple[Standing, ...]:
        ranked = competition_ranks(ratings, lower_first=self.lower_is_better)
        return tuple(Standing(p, rank, ratings[p], games.get(p, 0)) for rank, p in ranked)

    @abstractmethod
    def explain(
        self,
        records: Iterable[Record],
        record_id: str,
        start: Mapping[str, float] | None = None,
    ) -> Explanation:
        """Why the record `record_id` moved each number, given everything before it."""

    def _no_such_record(self, records: Iterable[Record], record_id: str) -> str:
        """Why `explain` finds no record `record_id` that this system rates."""
        for rec in records:
            if rec.id == record_id:
                kind = "an event" if isinstance(rec, Event) else f"a {rec.game} game"
                return f"{record_id!r} is {kind}, which {self.name} does not rate"
        return f"no game or event has the id {record_id!r}"

    # -- parameters ----------------------------------------------------------------------------

    @classmethod
    def parameters(cls) -> list[tuple[str, Any, str]]:
        """(name, default, help) for every parameter."""
        out = []
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            default = f.default if f.default_factory is dataclasses.MISSING else f.default_factory()
            out.append((f.name, default, str(f.metadata.get("help", ""))))
        return out

    @classmethod
    def configured(cls, overrides: Mapping[str, str]) -> Self:
        """The system with parameters given as text (`k=16`), checked and converted."""
        if not overrides:
            return cls()
        known = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        hints = get_type_hints(cls)
        values: dict[str, Any] = {}
        for key, text in overrides.items():
            base = key.split(".", 1)[0]
            if base not in known or (base != key and base not in cls.structured_parameters):
                allowed = ", ".join(known) or "none"
                raise InvalidParameter(
                    f"{cls.name} has no parameter {key!r}; its parameters: {allowed}"
                )
            try:
                values[base] = cls.parse_parameter(key, text, hints[base], values.get(base))
            except (TypeError, ValueError) as exc:
                raise InvalidParameter(f"{cls.name} parameter {key}: {exc}") from None
        return cls(**values)

    @classmethod
    def parse_parameter(cls, key: str, text: str, hint: Any, current: Any) -> Any:
        """Convert one parameter from text; systems with structured parameters override this."""
        return from_text(text, hint)


class ReplaySystem(System, Generic[R]):
    """A system that walks the history in date order, one record at a time."""

    record_type: ClassVar[type[Game] | type[Event]] = Game
    catan_only: ClassVar[bool] = False
    rates_non_seats: ClassVar[bool] = False
    """True where a record can rate someone who holds no seat (A.R.E.A.'s game title)."""
    list_name: ClassVar[str] = ""
    """What separates this system's lists ("game group", "game title"); empty: one list."""
    order_independent: ClassVar[bool] = False
    """True where `changes` never reads `ratings`: a rating is then the exact sum of its
    per-game amounts (`engine.sums`) in any order, so a league corrects such lists by deltas.
    False: the order matters (Elo-like systems); a change in the past replays what follows."""
    by_table: ClassVar[bool] = False
    """True where `changes`, order-independent, reads of a game only its table: not its id,
    date or players. Games of one table then give their seats the same amounts (`by_table`)."""

    def list_key(self, record: R) -> str:
        """The list `record` counts in; records of different lists never meet."""
        return ""

    def one_list(self) -> bool:
        """Whether every record counts in the list "" (`list_key` is this class's)."""
        return type(self).list_key is ReplaySystem.list_key

    def refusal_kind(self) -> Hashable:
        """Systems of the same kind refuse the same records (`refusal`'s verdict, not its
        words): where `refusal` is this class's, those of one record type rating Catan games
        only, or any game."""
        if type(self).refusal is ReplaySystem.refusal:
            return (ReplaySystem.refusal, self.record_type, self.catan_only)
        return (type(self), id(self))

    def initial_rating(self) -> float:
        """A new player's rating; running totals start at 0."""
        return 0

    @abstractmethod
    def changes(self, record: R, ratings: Mapping[str, float]) -> dict[str, float]:
        """Each rated player's change from one record, given ratings before it (fast path)."""

    def seat_amounts(self, seats: PlacedSeats) -> SeatAmounts | None:
        """`changes` for many games' placed seats over columns; None: call `changes` instead."""
        return None

    def table_replay(self) -> TableReplay | None:
        """This system's replay over tables (`engine.systems.tables`), exactly its `changes`,
        or None where only `changes` replays it."""
        return None

    def replaying(self) -> Callable[[R, Mapping[str, float]], dict[str, float]]:
        """The `changes` a whole replay calls: the table replay's where the system has one."""
        replay = self.table_replay()
        return self.changes if replay is None else replay.game_changes  # type: ignore[return-value]

    @abstractmethod
    def explain_record(self, record: R, ratings: Mapping[str, float]) -> Explanation:
        """The same change as `changes`, itemised."""

    def why_not_rated(self, record: R, player: str) -> str:
        """Why a participant of `record` got no change."""
        return "left the game mid-way: holds no final place"

    def _participants(self, record: R) -> list[str]:
        if isinstance(record, Game):
            return [s.player for s in record.seats]
        return [s.player for s in record.standings]

    def _not_rated(self, record: R, rated: Mapping[str, float]) -> list[NotRated]:
        return [
            NotRated(record.id, p, self.why_not_rated(record, p))
            for p in self._participants(record)
            if p not in rated
        ]

    def refusal(self, record: Record) -> str | None:
        """Why this system does not rate `record` at all, or None if it does."""
        if not isinstance(record, self.record_type):
            kind = "games" if self.record_type is Game else "event standings"
            return f"{self.name} rates {kind} only"
        if self.catan_only and isinstance(record, Game) and not is_catan(record.game):
            return f"{self.name} rates Catan games, not {record.game}"
        return None

    def _split(self, records: Iterable[Record]) -> tuple[list[R], list[NotRated]]:
        return split_refused(self.refusal, records)  # type: ignore[return-value]

    def _one_list(self, records: list[R]) -> None:
        require_one_list(self.name, self.list_name, (self.list_key(r) for r in records))

    def totals(self, records: Iterable[Record], start: Mapping[str, float] | None = None) -> Totals:
        mine, skipped = self._split(records)
        self._one_list(mine)
        if self.order_independent:
            ratings, games = self._summed(mine, start, skipped)
        else:
            ratings, rated = self._replayed(mine, start, skipped)
            games = Counter(rated)
        for player in start or {}:
            games.setdefault(player, 0)
        return Totals(ratings, games, tuple(skipped))

    def _replayed(
        self, mine: list[R], start: Mapping[str, float] | None, skipped: list[NotRated]
    ) -> tuple[dict[str, float], list[str]]:
        """Ratings after each record in order, and every player once per record rated."""
        ratings: dict[str, float] = dict(start or {})
        rated: list[str] = []
        initial, changes, also_rated = self.initial_rating(), self.replaying(), rated.extend
        check_all = self.rates_non_seats
        for rec in mine:
            delta = changes(rec, ratings)
            for player, amount in delta.items():
                ratings[player] = ratings.get(player, initial) + amount
            also_rated(delta)
            size = len(rec.seats) if isinstance(rec, Game) else len(rec.standings)
            if check_all or len(delta) < size:
                skipped.extend(self._not_rated(rec, delta))
        return ratings, rated

    def _summed(
        self, mine: list[R], start: Mapping[str, float] | None, skipped: list[NotRated]
    ) -> tuple[dict[str, float], Counter[str]]:
        """`_replayed` for order-independent systems: exact sums of starts and amounts, and
        each player's games."""
        deltas: list[dict[str, float]] = []
        changes, check_all, keep = self.changes, self.rates_non_seats, deltas.append
        no_ratings: dict[str, float] = {}
        for rec in mine:
            keep(delta := changes(rec, no_ratings))
            size = len(rec.seats) if isinstance(rec, Game) else len(rec.standings)
            if check_all or len(delta) < size:
                skipped.extend(self._not_rated(rec, delta))
        return summed(deltas, start, self.initial_rating())

    def ratings_before(
        self, records: Iterable[Record], record_id: str, start: Mapping[str, float] | None = None
    ) -> tuple[R, dict[str, float]]:
        """The record `record_id` and everyone's rating just before it, in its list."""
        records = list(records)
        mine, _ = self._split(records)
        at = next((i for i, r in enumerate(mine) if r.id == record_id), None)
        if at is None:
            raise UnknownRecord(self._no_such_record(records, record_id))
        target = mine[at]
        key = self.list_key(target)
        earlier = [r for r in mine[:at] if self.list_key(r) == key]
        return target, self.totals(earlier, start).ratings

    def explain(
        self,
        records: Iterable[Record],
        record_id: str,
        start: Mapping[str, float] | None = None,
    ) -> Explanation:
        record, ratings = self.ratings_before(records, record_id, start)
        explanation = self.explain_record(record, ratings)
        return dataclasses.replace(
            explanation, not_rated=tuple(self._not_rated(record, explanation.changes))
        )

    def before(self, players: Sequence[str], ratings: Mapping[str, float]) -> dict[str, float]:
        initial = self.initial_rating()
        return {p: ratings.get(p, initial) for p in players}


def split_refused(
    refusal: Callable[[Record], str | None], records: Iterable[Record]
) -> tuple[list[Record], list[NotRated]]:
    """The records a system rates, in play order, and the others with its reason."""
    mine: list[Record] = []
    other: list[NotRated] = []
    for rec in chronological(records):
        reason = refusal(rec)
        if reason is None:
            mine.append(rec)
        else:
            other.append(NotRated(rec.id, None, reason))
    return mine, other


def require_one_list(system: str, list_name: str, keys: Iterable[str]) -> None:
    """`MixedLists` where the records span more than one of the system's lists."""
    if len(found := sorted(set(keys))) > 1:
        option = "--title" if list_name == "game title" else "--group"
        raise MixedLists(
            f"{system} keeps a separate list per {list_name}, and these records "
            f"span {len(found)}: {', '.join(found)}; choose one with {option}"
        )

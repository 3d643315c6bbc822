"""Turnabout event awards (seed 004): match wins x multiplier.

"Each is given an individual rating, and these factors are multiplied together to determine the
overall award for the event." Match wins: wins + draws / 2, plus one "for players who play all
scheduled rounds". Multiplier: the first-place multiplier for the field size plus the position
modifier; "a person finishing 5th in an event with 16 players would get 3 points per match win
... as would a person finishing 64th in an event with 100 players".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from tablerank.engine.ranking import ordinal
from tablerank.engine.records import Event, EventStanding
from tablerank.engine.systems.base import Explanation, ReplaySystem, Term
from tablerank.errors import RatingError

__all__ = [
    "Turnabout",
    "first_place_multiplier",
    "match_wins",
    "position_modifier",
    "shared_modifiers",
]

SMALLEST_FIELD = 4


def first_place_multiplier(players: int) -> int:
    """4-5 players 4, 6-11 players 5, then "+1 each doubling" (12-23: 6, 24-47: 7, ...).

    Below four players the table does not apply; if a user opts in, the doubling rule run
    backwards gives 3 (seed notes: a clear error unless the user opts in).
    """
    if players < SMALLEST_FIELD:
        return 3
    if players < 6:
        return 4
    multiplier, bound = 5, 12
    while players >= bound:
        multiplier += 1
        bound *= 2
    return multiplier


def position_modifier(place: int) -> int:
    """1st 0, 2nd -1, 3rd-4th -2, 5th-8th -3, 9th-16th -4, ... "Each doubling: additional -1"."""
    return -(place - 1).bit_length()


def shared_modifiers(places: Sequence[int]) -> list[float]:
    """Each player's position modifier, tied players sharing the modifiers of the positions they
    occupy equally (seed notes, "Ties share": every position-based award splits ties this way).
    Two players tied 4th occupy 4th and 5th: (-2 + -3) / 2 = -2.5 each."""
    tied = Counter(places)
    return [
        sum(position_modifier(q) for q in range(p, p + tied[p])) / tied[p] if tied[p] > 1
        else position_modifier(p)
        for p in places
    ]  # fmt: skip


def match_wins(standing: EventStanding) -> float:
    """Wins + half the draws + one for playing every scheduled round (or until eliminated)."""
    return standing.wins + standing.draws / 2 + (1 if standing.completed else 0)


@dataclass(frozen=True)
class Turnabout(ReplaySystem[Event]):
    name: ClassVar[str] = "turnabout"
    title: ClassVar[str] = "Turnabout event awards: match wins x multiplier"
    source: ClassVar[str] = "seed 004, Turnabout rating system"
    record_type: ClassVar[type[Event]] = Event

    allow_small_events: bool = field(
        default=False,
        metadata={
            "help": "rate events of 2-3 players (first-place multiplier 3) instead of refusing"
        },
    )

    def _field_size(self, event: Event) -> int:
        size = len(event.standings)
        if size < SMALLEST_FIELD and not self.allow_small_events:
            raise RatingError(
                self.name,
                event.id,
                f"an event needs at least {SMALLEST_FIELD} players, this one has {size}; "
                "rate it anyway with -p allow_small_events=true",
                kind="event",
            )
        return size

    def changes(self, event: Event, ratings: Mapping[str, float]) -> dict[str, float]:
        first = first_place_multiplier(self._field_size(event))
        modifiers = shared_modifiers([s.place for s in event.standings])
        return {
            s.player: match_wins(s) * (first + m)
            for s, m in zip(event.standings, modifiers, strict=True)
        }

    def explain_record(self, event: Event, ratings: Mapping[str, float]) -> Explanation:
        size = self._field_size(event)
        first = first_place_multiplier(size)
        modifiers = shared_modifiers([s.place for s in event.standings])
        terms = tuple(
            self._term(s, size, first, m) for s, m in zip(event.standings, modifiers, strict=True)
        )
        return Explanation(
            record=event.id,
            system=self.name,
            before=self.before([s.player for s in event.standings], ratings),
            changes={t.player: t.amount for t in terms},
            terms=terms,
            notes=(f"{size} players: first-place multiplier {first}",),
        )

    def _term(self, s: EventStanding, size: int, first: int, modifier: float) -> Term:
        wins = match_wins(s)
        bonus = " + 1 for playing every round" if s.completed else " (dropped: no bonus)"
        why = (
            f"{wins:g} match wins ({s.wins} wins + {s.draws} draws / 2{bonus}) x "
            f"({first} for {size} players {modifier:+g} for {ordinal(s.place)}) "
            f"= {wins * (first + modifier):g}"
        )
        return Term(s.player, wins * (first + modifier), why)

"""How a tournament scores its players (seed 002, "Tournament Ranking (Preliminary Rounds)"):
the criteria by which players are ranked, the presets (`SCORINGS`), and what standings refuse.

Seed 002 ranks players "in the following order":

1. "Number of Victories (primary ranking) - Most game wins ranks highest"
2. "Total Victory Points (first tiebreaker) - Sum of all VP across all games - Maximum 10 VP per
   game counted (even if player scored more)"; seed notes: "capped at the VP needed to win (10 in
   the base game, as the document says; the variant's or scenario's target elsewhere)".
3. "Victory Point Percentage (VP%) (second tiebreaker) - For each game: Player's VP ÷ Total table
   VP = Game VP% - Sum all game VP% for total VP% - For 3-player games: Add "dummy score" (average
   of 3 players) to normalize"; seed notes: "computed from the VP actually scored".
4. "Higher Placement Finishes (third tiebreaker) - Number of 2nd place finishes - Then number of
   3rd place finishes"
5. "Drawing Lots (final tiebreaker) - Random selection if all else is tied"; seed notes: "a seeded
   draw whose seed is recorded with the result, so the same standings come out every time".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tablerank.errors import TablerankError

__all__ = [
    "CAPPED_VP",
    "DEFAULT_SCORING",
    "LOTS",
    "POINTS",
    "SCORINGS",
    "SECONDS",
    "THIRDS",
    "VP_PERCENT",
    "WINS",
    "MissingVP",
    "NoCatanGames",
    "Scoring",
    "StandingsError",
    "UnknownEvent",
    "UnknownScoring",
    "UnsupportedTable",
    "get_scoring",
]

# The criteria, by the names `separated_by` reports.
WINS = "wins"
POINTS = "points"
CAPPED_VP = "capped VP"
VP_PERCENT = "VP%"
SECONDS = "2nd places"
THIRDS = "3rd places"
LOTS = "lots"


# -- errors ------------------------------------------------------------------------------------


class StandingsError(TablerankError, ValueError):
    """Tournament standings cannot be computed from these records with these options."""


class UnknownEvent(StandingsError):
    """No game in the records belongs to the event asked for."""


class UnknownScoring(StandingsError):
    """No scoring preset has that name."""


class NoCatanGames(StandingsError):
    """The records (of the event asked for) hold no Catan game to rank."""


class MissingVP(StandingsError):
    """A seat present at the end of a game has no VP, which capped VP and VP% need."""


class UnsupportedTable(StandingsError):
    """A points preset gives no points for a table of this many seats."""


# -- scoring presets ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Scoring:
    """How standings are ordered: the criteria, best first, and points per place if any.

    `points` maps a table size (seats present at the end) to the points for 1st, 2nd, ... place.
    An empty mapping means the seed 002 order, which counts wins instead of points.
    """

    name: str
    title: str
    source: str
    criteria: tuple[str, ...]
    points: Mapping[int, tuple[int, ...]]


_SEED_ORDER = (WINS, CAPPED_VP, VP_PERCENT, SECONDS, THIRDS, LOTS)
_POINTS_ORDER = (POINTS, CAPPED_VP, VP_PERCENT, LOTS)

_WBC_SETTLERS = (
    "World Boardgaming Championships, Settlers of Catan: 'Five points for 1st, three for 2nd, "
    "two for 3rd and one point for 4th place were earned. Ties for a position simply split the "
    "points earned.' http://www.boardgamers.org/yearbook04/setpge.htm (same points: "
    "http://www.boardgamers.org/yearbkex10/setpge.htm); CAE Manresa, 12th Catan tournament "
    "(2023): 5/3/2/1 at 4-player tables, ties share the points, then the sum of VP, then the "
    "sum of VP%: https://cae.cat/nivells/editorweb/titular/12e-torneig-de-catan-dia-internacional-del-joc"
)

SCORINGS: dict[str, Scoring] = {
    s.name: s
    for s in (
        Scoring(
            name="wins",
            title="Seed 002: wins, capped VP, VP%, 2nd places, 3rd places, lots",
            source="seed 002, Tournament Ranking (Preliminary Rounds)",
            criteria=_SEED_ORDER,
            points={},
        ),
        Scoring(
            name="5-3-2-1",
            title="5/3/2/1 points at 4-player tables, ties shared; capped VP, VP%, lots",
            source=_WBC_SETTLERS,
            criteria=_POINTS_ORDER,
            points={4: (5, 3, 2, 1)},
        ),
        Scoring(
            name="5-3-2-1+5-3-1",
            title="5/3/2/1 at 4-player and 5/3/1 at 3-player tables, ties shared; capped VP, VP%, "
            "lots",
            source=(
                "4-player tables as '5-3-2-1'; no published source was found for 5/3/1 at "
                "3-player tables: it is the issue's example, named for what it does"
            ),
            criteria=_POINTS_ORDER,
            points={4: (5, 3, 2, 1), 3: (5, 3, 1)},
        ),
        Scoring(
            name="wbc-ck-2017",
            title="100/50/20/10 at 4-player and 100/40/10 at 3-player tables, ties shared; "
            "capped VP, VP%, lots",
            source=(
                "World Boardgaming Championships 2017, Catan: Cities & Knights heats: '1st - 100 "
                "points, 2nd - 50 points, 3rd - 20 points, 4th - 10 points. A 3-player game will "
                "score similarly (100/40/10).' http://boardgamers.org/wbc17/previews/c&k.html "
                "(the points only: that event's own tiebreakers differ)"
            ),
            criteria=_POINTS_ORDER,
            points={4: (100, 50, 20, 10), 3: (100, 40, 10)},
        ),
    )
}
DEFAULT_SCORING = "wins"
"""The scoring every door uses unless told otherwise: seed 002's own tournament ranking."""


def get_scoring(name: str) -> Scoring:
    """The preset called `name`; `UnknownScoring` lists the names there are."""
    try:
        return SCORINGS[name]
    except KeyError:
        known = ", ".join(SCORINGS)
        raise UnknownScoring(f"unknown scoring {name!r}; expected one of: {known}") from None

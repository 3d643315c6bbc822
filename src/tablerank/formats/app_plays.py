"""What the readers of play-logging apps (BG Stats, BoardGameGeek) share: who at a logged table
is a person, and the result a logged play gives (docs/records.md, "Plays from apps").

Apps log plays a rating cannot use, and their users cannot change that: a solo play, a play
without any result, a cooperative play with everyone on one team, a draw in Catan (seed 002: the
first player to reach the target wins). Each is `not rated` with the reason, never an error of
the file. An anonymous player or an NPC is not a person: the play is rated among the named
players. A draw (several players marked winner) is equal first places; where the app's winner
flag contradicts the scores, the flag gives the result and a note says so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from tablerank.engine.placement import competition_places
from tablerank.formats.scores import places_by_score, score_number, score_vp

__all__ = ["NOT_A_PERSON", "Fields", "Logged", "Result", "Skip", "catan_variant", "logged_result"]

NOT_A_PERSON = {"anonymous": "anonymous", "anonymous player": "anonymous", "automa": "an NPC",
                "npc": "an NPC"}  # fmt: skip
"""Names the apps give a seat that is no person (BGG's "Anonymous player"), and what it is."""

Skip = tuple[str, str]
"""(field, why) of a play that is not rated."""


class Logged(NamedTuple):
    """One player's line of a logged play, as the app gives it; `at` is where it stands in
    the file's list, `not_person` why it is no person (None for a person). (A tuple: a reader
    makes one per seat.)"""

    player: str
    at: int
    score: Any
    winner: bool
    rank: int | None = None
    team: str | None = None
    not_person: str | None = None


@dataclass(frozen=True, slots=True)
class Fields:
    """How a file names a play's list of players and a player's fields."""

    seats: str
    player: str
    winner: str

    def of(self, index: int, name: str) -> str:
        return f"{self.seats}[{index}].{name}"


@dataclass(frozen=True, slots=True)
class Result:
    """A logged play's seats as a record's (turn order kept), where each stands in the file's
    list, and notes as (field, warning)."""

    seats: list[dict[str, Any]]
    order: list[int]
    notes: list[tuple[str, str]]


def logged_result(
    logged: Sequence[Logged],
    fields: Fields,
    *,
    catan: bool,
    highest_wins: bool = True,
    points: bool = True,
) -> Result | Skip:
    """The seats of a play among its named players, or why it is not rated."""
    people = _people(logged, fields)
    if not isinstance(people, _People):
        return people
    kept, notes = people
    if not any(p.winner or p.rank or (points and _scored(p.score)) for p in kept):
        return fields.seats, "not rated: no result (no score, winner or rank)"
    teams = {p.team for p in kept}
    if len(teams) == 1 and None not in teams:
        return fields.of(kept[0].at, "team"), (
            f"not rated: everyone played on one team ({teams.pop()}): a cooperative play"
        )
    winners = [p for p in kept if p.winner]
    if catan and len(winners) > 1:
        names = ", ".join(p.player for p in winners)
        every = "both" if len(winners) == 2 else "all"
        return fields.of(winners[1].at, fields.winner), (
            f"not rated: a Catan game has one winner, but {names} are {every} marked winner"
        )
    vps = score_vp([p.score for p in kept], catan=catan) if highest_wins and points else None
    one_winner = len(winners) == 1  # a draw is equal first places, nobody marked winner
    seats = [{"player": p.player, "winner": p.winner and one_winner} for p in kept]
    places, note = _places(kept, fields, highest_wins, points, by_score=points and vps is None)
    if note is not None:
        notes.append(note)
    for k, (seat, p) in enumerate(zip(seats, kept, strict=True)):
        if places is not None:
            seat["place"] = places[k]
        if vps is not None:
            seat["vp"] = vps[k]
        if p.team is not None:
            seat["team"] = p.team
    return Result(seats, [p.at for p in kept], notes)


def _scored(score: Any) -> bool:
    return score is not None and str(score).strip() != ""


class _People(NamedTuple):
    kept: list[Logged]
    notes: list[tuple[str, str]]


def _people(logged: Sequence[Logged], fields: Fields) -> _People | Skip:
    """The named players and a note of those left out, or why the play is not rated."""
    if len(logged) == 1 and logged[0].not_person is None:
        return fields.seats, "not rated: a solo play (one player)"
    left = [p for p in logged if p.not_person is not None]
    if not left:
        return _People(list(logged), [])
    kept = [p for p in logged if p.not_person is None]
    named = Counter(f"{p.player or 'a player'} ({p.not_person})" for p in left)
    who = ", ".join(f"{n} × {name}" if n > 1 else name for name, n in named.items())
    field = fields.of(left[0].at, fields.player)
    if len(kept) < 2:
        return field, f"not rated: fewer than two named players; not a person: {who}"
    return _People(
        kept, [(field, f"rated among the {len(kept)} named players; not a person: {who}")]
    )


def _places(
    kept: Sequence[Logged], fields: Fields, highest_wins: bool, points: bool, *, by_score: bool
) -> tuple[list[int] | None, tuple[str, str] | None]:
    """The places the app gives (None: the record derives them from winner and VP), and a note
    where its winner flag contradicts the scores."""
    ranked = all(p.rank for p in kept)
    flags = [p.winner for p in kept]
    if flags.count(True) > 1:
        return _after_winners(kept, highest_wins, ranked, points), None
    if ranked:
        return [p.rank or 0 for p in kept], None
    if not by_score:
        return None, None
    scored = places_by_score([p.score for p in kept], highest_wins=highest_wins)
    if scored is None or True not in flags or flags == [place == 1 for place in scored]:
        return scored, None
    winner = kept[flags.index(True)]
    best = ", ".join(p.player for p, place in zip(kept, scored, strict=True) if place == 1)
    wins = "highest" if highest_wins else "lowest"
    note = (
        f"{winner.player} is marked winner, but the scores put {best} first (the {wins} "
        "wins); the result follows the winner flag"
    )
    places = _after_winners(kept, highest_wins, ranked, points)
    return places, (fields.of(winner.at, fields.winner), note)


def _after_winners(
    kept: Sequence[Logged], highest_wins: bool, ranked: bool, points: bool
) -> list[int]:
    """Places with every seat marked winner first (equal), the others by rank or by score
    (sharing the next place when not every one has a score)."""
    numbers = [score_number(p.score) for p in kept]
    sign = -1.0 if highest_wins else 1.0
    scored = points and None not in (n for n, p in zip(numbers, kept, strict=True) if not p.winner)
    keys = [
        (0, 0.0) if p.winner
        else (1, float(p.rank or 0) if ranked else sign * (n or 0.0) if scored else 0.0)
        for p, n in zip(kept, numbers, strict=True)
    ]  # fmt: skip
    return competition_places(keys)


def catan_variant(variant: str | None, seats: int, field: str) -> tuple[str | None, Skip | None]:
    """A Catan base game logged with 5 or 6 players and no 5-6 player extension is the 5-6
    variant (docs/catan.md, "Base Catan (5-6 Players)"), with a note naming `field`."""
    if variant != "base" or seats not in (5, 6):
        return variant, None
    note = f"{seats} players but no 5-6 player extension logged: read as base-5-6"
    return "base-5-6", (field, note)

"""Who must sign a submitted result before it counts: A.R.E.A.'s verification rule (seed 003).

A pure rule, free of any framework: given the game's class, its participants (in seat order),
the signatures given so far and whether a league official entered the result, `verify` decides
whether the result is pending, confirmed or disputed, and says in users' words who still needs
to sign. The league server stores the signatures and calls this to set a record's status.

The seed's paragraph:

    In a tournament or club gathering any recognized GameMaster, Tournament Official, or Club
    Officer, may turn in the results for any game as usual. It is recommended that such a
    submission have a second signature or verification such as a recognized assistant or
    prominent player. For individual TWO games, both players must verify the result. All
    independent WTA, TEAM, and RACE games require verification by a minimum of three
    participants, although it is strongly preferred that ALL participants sign or verify the
    outcome. Solitaire games, which actually are solitaire, are dependant upon the honor system
    of each individual player.

Decisions the seed leaves open (documented in docs/league.md):

* A participant who submits a result signs it by submitting; so does an official.
* A dispute by any participant makes the result disputed, whatever else was signed.
* Officials' signatures count only for a result an official entered (the seed's "second
  signature" is for such submissions); on a player's submission the players' rule applies.
* Names are compared ignoring case, like seats at one table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from tablerank.engine.records import GameClass

__all__ = ["Signature", "Status", "Verification", "required_participants", "verify"]


class Status(StrEnum):
    """Where a submitted result stands."""

    PENDING = "pending"
    CONFIRMED = "confirmed"
    DISPUTED = "disputed"


@dataclass(frozen=True, slots=True)
class Signature:
    """One signature on a result: `signer` is a participant's name, or an official's name when
    `official` is set (an official who also played signs their seat as a participant).
    `disputes` marks a dispute instead of a confirmation; only participants dispute."""

    signer: str
    official: bool = False
    disputes: bool = False

    def __post_init__(self) -> None:
        if not self.signer.strip():
            raise ValueError("signer: a signature needs a name")
        if self.official and self.disputes:
            raise ValueError(
                "disputes: only a participant disputes a result; an official voids or corrects it"
            )


@dataclass(frozen=True, slots=True)
class Verification:
    """The outcome of `verify`.

    `needed` is how many more participants must confirm for the players' rule (0 once the result
    is confirmed or disputed); `waiting_for` are the participants who have not signed, in seat
    order; `official_may_confirm` says a second official's signature would confirm it;
    `disputed_by` names who disputed. `summary` says all of it in users' words.
    """

    status: Status
    needed: int = 0
    waiting_for: tuple[str, ...] = ()
    official_may_confirm: bool = False
    disputed_by: tuple[str, ...] = ()

    @property
    def summary(self) -> str:
        if self.status is Status.CONFIRMED:
            return "confirmed"
        if self.status is Status.DISPUTED:
            return f"disputed by {_and(self.disputed_by)}"
        if self.official_may_confirm:
            return f"waiting for a second official or {_one_of(self.waiting_for)} to confirm"
        if self.needed >= len(self.waiting_for):
            return f"waiting for {_and(self.waiting_for)} to confirm"
        more = "1 more" if self.needed == 1 else f"{self.needed} more"
        return f"waiting for {more} of {_and(self.waiting_for)} to confirm"


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _one_of(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"one of {_and(names)}"


def required_participants(game_class: GameClass, participants: int) -> int:
    """How many participants' confirmations the players' rule needs.

    * TWO: "For individual TWO games, both players must verify the result." -- every player.
    * WTA, TEAM, RACE: "All independent WTA, TEAM, and RACE games require verification by a
      minimum of three participants" -- three, or all of them where fewer than three play.
    * SOL: "Solitaire games ... are dependant upon the honor system of each individual player."
      -- one participant's word, the submitter's.
    """
    if participants < 1:
        raise ValueError("participants: a result has at least one participant")
    if game_class is GameClass.TWO:
        return participants
    if game_class is GameClass.SOL:
        return 1
    return min(3, participants)


def _official_rule_met(officials: int, participants: int, one_official_is_enough: bool) -> bool:
    """A result entered by an official: "It is recommended that such a submission have a second
    signature or verification such as a recognized assistant or prominent player." -- confirmed
    by a second official or any participant, or on the official's own word where the league
    says one official is enough (the seed recommends, not requires, the second signature)."""
    if officials == 0:
        return False
    return one_official_is_enough or officials >= 2 or participants >= 1


def verify(
    game_class: GameClass,
    participants: Sequence[str],
    signatures: Iterable[Signature],
    *,
    entered_by_official: bool = False,
    one_official_is_enough: bool = False,
) -> Verification:
    """Decide a result's status from its signatures (in any order; repeats count once).

    "A participant can dispute a pending result": any participant's dispute makes it disputed.
    Otherwise it is confirmed when the players' rule (`required_participants`) is met, or, for a
    result an official entered, when the officials' rule is; else it is pending. A signature by
    someone who is not a participant (nor an official) is refused with ValueError.
    """
    seats = {name.casefold(): name for name in participants}
    if len(seats) != len(participants):
        raise ValueError("participants: the same name sits twice at one table")
    confirmed: set[str] = set()
    disputed: set[str] = set()
    officials: set[str] = set()
    for signature in signatures:
        key = signature.signer.casefold()
        if signature.official:
            officials.add(key)
        elif key not in seats:
            raise ValueError(f"signer: {signature.signer!r} is not a participant of this result")
        else:
            (disputed if signature.disputes else confirmed).add(key)
    if disputed:
        return Verification(
            Status.DISPUTED,
            disputed_by=tuple(name for key, name in seats.items() if key in disputed),
        )
    needed = max(0, required_participants(game_class, len(participants)) - len(confirmed))
    counted_officials = len(officials) if entered_by_official else 0
    if needed == 0 or _official_rule_met(counted_officials, len(confirmed), one_official_is_enough):
        return Verification(Status.CONFIRMED)
    waiting = tuple(name for key, name in seats.items() if key not in confirmed)
    return Verification(
        Status.PENDING,
        needed=needed,
        waiting_for=waiting,
        official_may_confirm=counted_officials > 0,
    )

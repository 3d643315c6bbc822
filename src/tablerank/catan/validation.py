"""Checking Catan games against their variant's rules (seed 002), before a result is rated.

`validate` reads built `Game` records and returns one `Finding` per Catan game, with errors (the
result cannot be right) and warnings (it can be, but it is unusual). Games of other titles have
no variant or VP sources and are left out of the findings. Sources that disagree with a seat's
declared VP never get here: `new_game` refuses such a record when it is built.

Seats that left mid-game (status ``abandoned``, with the VP they had when they left) and the
substitutes who finished for them are judged as one seat: table size, single-holder awards and
the winner count only the seats present at the end (`Game.placed`). Per-seat checks (each source
against its maximum, VP against the target and the variant's maximum) apply to every seat.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from tablerank.engine.records import Game, Seat, SeatStatus
from tablerank.engine.variants import SOURCES, VARIANTS, Source, Variant, is_catan

__all__ = ["FAR_OVER", "Finding", "failing", "findings_json", "validate", "validate_game"]


@dataclass(frozen=True, slots=True)
class Finding:
    """What validation found in one Catan game: errors make the result wrong, warnings odd."""

    id: str
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether the game has no error (warnings allowed)."""
        return not self.errors


def validate(games: Iterable[Game]) -> list[Finding]:
    """One finding per Catan game, in input order; games of other titles are skipped."""
    return [validate_game(g) for g in games if is_catan(g.game)]


def failing(games: Iterable[Game]) -> list[Finding]:
    """The findings of the Catan games with errors, in input order: `validate`'s with errors,
    without building a finding for each plainly clean sheet."""
    out = []
    for game in games:
        variant = VARIANTS.get(game.variant or "base") if is_catan(game.game) else None
        if variant is not None:
            target = game.target if game.target is not None else variant.target
            if _plainly_valid(game, _LIMITS[variant.name], target):
                continue
        if is_catan(game.game):
            finding = validate_game(game)
            if finding.errors:
                out.append(finding)
    return out


def validate_game(game: Game) -> Finding:
    """Every check of seed 002 on one Catan game."""
    variant = VARIANTS.get(game.variant or "base")
    if variant is None:
        known = ", ".join(VARIANTS)
        return Finding(game.id, [f"variant: unknown variant {game.variant!r}; expected: {known}"])
    target = game.target if game.target is not None else variant.target
    if _plainly_valid(game, _LIMITS[variant.name], target):
        return Finding(game.id)
    errors = [
        *_table_size(game, variant),
        *_winner_errors(game, variant, target),
        *(e for seat in game.seats for e in _source_errors(seat, variant)),
        *_single_holder_errors(game, variant),
        *_far_over_maximum(game, variant),
    ]
    warnings = [
        *_unchecked_winner(game, variant, target),
        *_at_target_without_winning(game, variant, target),
        *_above_maximum(game, variant),
    ]
    return Finding(game.id, errors, warnings)


# Each variant's smallest and largest table and most VP, for `_plainly_valid`.
_LIMITS = {name: (*v.players, v.maximum) for name, v in VARIANTS.items()}


def _plainly_valid(game: Game, limits: tuple[int, int, int], target: int) -> bool:
    """Whether the common sheet has nothing to report, proved cheaply: every seat finished,
    no VP sources, a table the variant allows, one winner with target to maximum VP, everyone
    else below the target (so below the maximum too). False sends the game through every rule."""
    low, high, top = limits
    seats = game.seats
    if not low <= len(game.placed) == len(seats) <= high:
        return False
    winners = 0
    for seat in seats:
        vp = seat.vp
        if seat.sources:
            return False
        if seat.winner:
            winners += 1
            if vp is None or not target <= vp <= top:
                return False
        elif vp is not None and vp >= target:
            return False
    return winners == 1


def findings_json(findings: Iterable[Finding]) -> dict[str, Any]:
    """The shape `tablerank validate --format json` prints."""
    return {"games": [{"id": f.id, "errors": f.errors, "warnings": f.warnings} for f in findings]}


# -- the rules -------------------------------------------------------------------------------


def _who(seat: Seat) -> str:
    return f"{seat.player} (abandoned)" if seat.status is SeatStatus.ABANDONED else seat.player


def _vp(x: float) -> str:
    return f"{x:g}"


def _target_text(variant: Variant, target: int) -> str:
    if target != variant.target:
        return f"this game's target of {target} VP"
    return f"the {variant.name} target of {target} VP"


def _table_size(game: Game, variant: Variant) -> Iterator[str]:
    """Table sizes: "Base Catan (3-4 Players)", "Base Catan (5-6 Players)" (seed 002).

    Counts the seats present at the end; base also allows the official two-player variant.
    """
    present = len(game.placed)
    if variant.allows(present):
        return
    low, high = variant.players
    hint = ""
    if variant.name == "base" and VARIANTS["base-5-6"].allows(present):
        hint = "; record 5-6 player tables as base-5-6"
    elif variant.name == "base-5-6" and VARIANTS["base"].allows(present):
        hint = "; record 2-4 player tables as base"
    left = len(game.seats) - present
    if left:
        hint += f" (seats left mid-game are not counted: {left})"
    players = "1 player" if present == 1 else f"{present} players"
    yield f"table: {players} at the end, but {variant.name} is for {low}-{high}{hint}"


def _winner_errors(game: Game, variant: Variant, target: int) -> Iterator[str]:
    """ "First player to reach the required VP on their turn wins" (seed 002): exactly one
    winner among the seats present at the end, with at least the target."""
    winners = [s for s in game.placed if s.winner]
    if not winners:
        yield (
            f"no winner: a Catan game has exactly one, the first to reach "
            f"{_target_text(variant, target)} on their turn; mark that seat winner"
        )
    elif len(winners) > 1:
        names = ", ".join(s.player for s in winners)
        yield f"{len(winners)} winners ({names}): a Catan game has exactly one winner"
    elif winners[0].vp is not None and winners[0].vp < target:
        seat, vp = winners[0], winners[0].vp
        yield f"{_who(seat)}: won with {_vp(vp)} VP, below {_target_text(variant, target)}"


def _unchecked_winner(game: Game, variant: Variant, target: int) -> Iterator[str]:
    """A winner without VP cannot be checked against the target: said, not refused."""
    winners = [s for s in game.placed if s.winner]
    if len(winners) == 1 and winners[0].vp is None:
        yield (
            f"{_who(winners[0])}: the winner has no VP recorded, so reaching "
            f"{_target_text(variant, target)} cannot be checked"
        )


def _source_errors(seat: Seat, variant: Variant) -> Iterator[str]:
    """The "Victory Point Sources" tables: each source belongs to the variant, is at most its
    "Max Possible", and is a whole number of units ("enter the actual VP earned from each
    source", so three cities are 6 VP)."""
    for key, amount in seat.sources.items():
        source = variant.source(key)
        if source is None:
            yield f"{_who(seat)}: {_not_in_variant(key, variant)}"
        elif amount > source.maximum:
            yield (
                f"{_who(seat)}: {key} {amount} VP is over the maximum of {source.maximum} "
                f"({source.allowed()})"
            )
        elif amount % source.points:
            yield f"{_who(seat)}: {key} {amount} VP {_not_whole(source)}"


def _not_in_variant(key: str, variant: Variant) -> str:
    replacement = variant.replacement_for(key)
    if replacement is not None:
        replaced = SOURCES[key].label
        return (
            f"{key} is not a VP source in {variant.name}: {replacement.label} replaces "
            f"{replaced} there (record it as {replacement.key})"
        )
    known = ", ".join(s.key for s in variant.sources)
    return f"{key} is not a VP source in {variant.name}; its sources are: {known}"


def _not_whole(source: Source) -> str:
    if source.single_holder:
        return f"is not {source.label}'s award of {source.points} VP (0 or {source.points})"
    return f"is not a whole number of {source.unit} at {source.points} VP each"


def _single_holder_errors(game: Game, variant: Variant) -> Iterator[str]:
    """ "Only one player can have each type of metropolis"; Longest Road / Trade Route, Largest
    Army, the Merchant and Defender of Catan are single awards too. Present seats only."""
    for source in variant.sources:
        if not source.single_holder:
            continue
        holders = [s.player for s in game.placed if s.sources.get(source.key, 0) > 0]
        if len(holders) > 1:
            yield (
                f"{source.key}: held by {', '.join(holders)}; only one player can hold "
                f"{source.label} at a time"
            )


def _at_target_without_winning(game: Game, variant: Variant, target: int) -> Iterator[str]:
    """ "Players cannot win on another player's turn (even if they reach required VP)": a
    non-winner at or above the target is possible, so it is a warning."""
    for seat in game.seats:
        if not seat.winner and seat.vp is not None and seat.vp >= target:
            yield (
                f"{_who(seat)}: {_vp(seat.vp)} VP without winning, at or above "
                f"{_target_text(variant, target)}; possible only on another player's turn"
            )


FAR_OVER = 2
"""A seat's VP over this many times the variant's maximum is an error, not a warning."""


def _maximum_text(variant: Variant) -> str:
    what = "documented maximum" if variant.documented_maximum is not None else "sum of the maximums"
    return f"the {variant.name} {what} of {variant.maximum} VP"


def _above_maximum(game: Game, variant: Variant) -> Iterator[str]:
    """ "Total Maximum: 22 VP" (base), "31 VP" (Cities & Knights); the sum of the per-source
    maximums for variants whose table gives no total. Just above it is odd (a house rule, a
    miscount); far above it is `_far_over_maximum`'s error."""
    for seat in game.seats:
        if seat.vp is not None and variant.maximum < seat.vp <= FAR_OVER * variant.maximum:
            yield f"{_who(seat)}: {_vp(seat.vp)} VP is above {_maximum_text(variant)}"


def _far_over_maximum(game: Game, variant: Variant) -> Iterator[str]:
    """More than `FAR_OVER` times the most VP one player can hold: the sheet is wrong."""
    for seat in game.seats:
        if seat.vp is not None and seat.vp > FAR_OVER * variant.maximum:
            yield (
                f"{_who(seat)}: {_vp(seat.vp)} VP is far over {_maximum_text(variant)} "
                f"(more than {FAR_OVER} times it); no {variant.name} game reaches that"
            )

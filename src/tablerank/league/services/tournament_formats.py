"""A league's tournament, its format: what a preset sets (`tablerank.tournament.presets`, the
official CATAN formats), the keep-apart list, and the large-event drop of players without a win
(docs/tournaments.md, "The official CATAN formats").

A preset's cut follows the attendance: it is settled when round 1 is seated, from the players
checked in then (an organizer knows the turnout only at check-in), and the tournament's page
shows the format the preset gives the players checked in so far until then."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tablerank.engine.fields import name_key
from tablerank.league.errors import LeagueError
from tablerank.league.models import Entrant, League, Player, Tournament
from tablerank.tournament.presets import Preset, PresetError, get_preset, keep_apart_groups
from tablerank.tournament.scoring import DEFAULT_SCORING
from tablerank.tournament.tables import SeatingError, split

__all__ = [
    "Format",
    "attendance",
    "format_words",
    "keep_apart_of",
    "resolve_format",
    "settle_format",
    "winless_drop",
]

_CUSTOM_SIZES = "3,4"


@dataclass(frozen=True)
class Format:
    """What a new tournament is set up with, once its preset and the organizer's fields are
    reconciled."""

    preset: str
    rounds: int
    cut: int
    sizes: str
    scoring: str
    drop_winless_after: int


def resolve_format(
    preset: str,
    *,
    rounds: int | None,
    cut: int | None,
    sizes: str | None,
    scoring: str | None,
    drop_winless_after: int | None,
) -> Format:
    """The format from a preset (its rounds, cut, table sizes, scoring and drop) or, without
    one, from the fields given (a custom event). A field given that the preset sets otherwise is
    refused, naming the preset: choose a custom event for it."""
    if not preset:
        if rounds is None:
            raise LeagueError("rounds", "give the number of preliminary rounds, or choose a preset")
        drop = drop_winless_after or 0
        _check_drop(drop, rounds)
        return Format(
            "", rounds, cut or 0, sizes or _CUSTOM_SIZES, scoring or DEFAULT_SCORING, drop
        )
    try:
        chosen = get_preset(preset)
    except PresetError as exc:
        raise LeagueError("preset", str(exc)) from None
    games = chosen.rounds if rounds is None else rounds
    if games not in chosen.rounds_allowed:
        allowed = " or ".join(str(k) for k in chosen.rounds_allowed)
        raise LeagueError(
            "rounds", f"{chosen.title} plays {allowed} preliminary games, not {games}; "
            "choose a custom event for another number",
        )  # fmt: skip
    sized = ",".join(str(size) for size in chosen.sizes)
    for field, given, own in (
        ("cut", cut, chosen.cut),
        ("sizes", sizes, sized),
        ("scoring", scoring, chosen.scoring),
        ("drop_winless_after", drop_winless_after, chosen.drop_winless_after),
    ):
        if given is not None and given != own:
            _refuse_override(chosen, field, given)
    return Format(chosen.name, games, chosen.cut or 0, sized, chosen.scoring,
                  chosen.drop_winless_after)  # fmt: skip


def _refuse_override(chosen: Preset, field: str, given: object) -> None:
    sets = "sets the cut by attendance" if field == "cut" and chosen.cut is None else "sets it"
    raise LeagueError(
        field, f"{given!r}: the preset {chosen.title!r} {sets}; choose a custom event to set it"
    )


def _check_drop(drop: int, rounds: int) -> None:
    """The large-event drop happens before a preliminary round: after round 1 to rounds - 1."""
    if drop < 0 or (drop and drop >= rounds):
        raise LeagueError(
            "drop_winless_after",
            f"expected 0 (off) or a round from 1 to {rounds - 1} (players without a win drop "
            f"before the next preliminary round), got {drop}",
        )


def checked_keep_apart(league: League, text: str, entrants: Sequence[str] = ()) -> str:
    """The keep-apart list as stored (one group a line, the players' names as the league
    spells them); a name that is neither an entrant nor a league player is refused with its
    line."""
    try:
        groups = keep_apart_groups(text)
    except PresetError as exc:
        raise LeagueError("keep_apart", str(exc)) from None
    wanted = {name_key(name) for _, names in groups for name in names}
    known = {
        p.key: p.name
        for p in Player.objects.filter(league=league, key__in=wanted).only("key", "name")
    }
    known.update({name_key(name): name for name in entrants})
    lines = []
    for number, names in groups:
        for name in names:
            if name_key(name) not in known:
                raise LeagueError(
                    "keep_apart", f"line {number}: {name!r} is neither an entrant nor a player "
                    f"of league {league.slug!r}",
                )  # fmt: skip
        lines.append(", ".join(known[name_key(name)] for name in names))
    return "\n".join(lines)


def keep_apart_of(tournament: Tournament) -> list[list[str]]:
    """The tournament's keep-apart groups (friends and family), as names."""
    return [list(names) for _, names in keep_apart_groups(tournament.keep_apart)]


def settle_format(tournament: Tournament, attendance: int) -> None:
    """When round 1 is seated: a preset whose cut follows the attendance takes the cut it gives
    the players checked in (CATAN Studio's format by attendance)."""
    if not tournament.preset:
        return
    chosen = get_preset(tournament.preset)
    if chosen.cut is not None:
        return
    tournament.cut = chosen.event_format(attendance, tournament.rounds).cut
    tournament.save(update_fields=["cut"])


def attendance(tournament: Tournament) -> int:
    """How many entrants are present: checked in and not dropped."""
    return tournament.entrants.filter(checked_in=True, dropped_after=None).count()


def format_words(tournament: Tournament) -> str:
    """The tournament's format in words: a preset's for its attendance (the players checked
    in so far before round 1, those seated in round 1 after); a custom event's rounds and
    cut."""
    drop = tournament.drop_winless_after
    dropped = f"; players without a win after round {drop} drop" if drop else ""
    if tournament.preset:
        first = tournament.seats.filter(round=1).count()  # the attendance the cut was settled by
        seen = first or attendance(tournament) or None
        return get_preset(tournament.preset).describe(seen, tournament.rounds)
    cut = tournament.cut
    shape = "no cut" if not cut else f"then the top {cut} on to the cut"
    return f"Custom: {tournament.rounds} preliminary rounds, {shape}{dropped}"


def winless_drop(
    tournament: Tournament, number: int, present: Sequence[str], wins: Mapping[str, int]
) -> list[str]:
    """Before preliminary round `number`, the large-event rule (2025-26 US qualifier rules:
    "drop players with 0 wins after game 3"): the present players who played and won no game
    in the rounds so far (`wins` by case-folded name; a late entry who has not played stays)
    drop, `dropped_after` the round before. Never below a legal seating: where the players with
    a win could not be seated with no more byes than everyone, nobody drops. The names dropped."""
    after = tournament.drop_winless_after
    if not after or number != after + 1 or number > tournament.rounds:
        return []
    winless = [name for name in present if wins.get(name.casefold(), 1) == 0]
    staying = len(present) - len(winless)
    if not winless or not _seatable(tournament, staying, len(present)):
        return []
    keys = {name_key(name) for name in winless}
    Entrant.objects.filter(tournament=tournament, player__key__in=keys).update(dropped_after=after)
    return winless


def _seatable(tournament: Tournament, staying: int, present: int) -> bool:
    sizes = [int(size) for size in tournament.table_sizes.split(",")]
    try:
        return split(staying, sizes)[1] <= split(present, sizes)[1]
    except SeatingError:
        return False

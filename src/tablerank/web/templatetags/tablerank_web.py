"""Template helpers for the league's pages: numbers as people read them, systems' short names,
explanations in words, and links to pages another part of the site may not have yet."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django import template
from django.contrib.auth.models import AnonymousUser, User
from django.urls import NoReverseMatch, reverse

from tablerank.catan.variants import SOURCES, VARIANTS
from tablerank.engine.systems import SYSTEMS
from tablerank.engine.systems.base import Term
from tablerank.engine.variants import is_catan
from tablerank.league import queries
from tablerank.league.models import League
from tablerank.league.services import Role, invitations_for, roles_of
from tablerank.web import number_formats

register = template.Library()

SYSTEM_LABELS = {
    "pages.point": "Point",
    "pages.accomplishment": "Accomplishment",
    "pages.glory": "Glory",
    "pages.elo": "Elo",
    "pages.share": "Share",
    "pages.combined": "Combined",
    "cow.points": "Points",
    "cow.elo": "ELO list",
    "area": "A.R.E.A.",
    "turnabout": "Turnabout",
    "skill": "Skill",
    "monthly": "Monthly list",
    "open": "Open list",
    "annual": "Annual list",
}
"""Short names for tabs and headings; the engine's `System.title` says the rest."""

SYSTEM_FAMILIES = {
    "pages": "P.A.G.E.S.",
    "cow": "Catan Online World",
    "area": "A.R.E.A.",
    "turnabout": "Turnabout",
    "skill": "Skill",
}


@register.filter
def system_label(name: str) -> str:
    return SYSTEM_LABELS.get(name, name)


@register.filter
def system_family(name: str) -> str:
    if name in {"monthly", "open", "annual"}:
        return SYSTEM_FAMILIES["cow"]
    return SYSTEM_FAMILIES.get(name.split(".", 1)[0], "")


LIST_SYSTEM = "cow.points"
"""The ranking lists' system: its page explains their points."""


@register.filter
def system_url(name: str) -> str:
    """The address of the system's "How it works" page (the lists': cow.points'), or "" for
    a name that is not a system."""
    system = LIST_SYSTEM if name in {"monthly", "open", "annual"} else name
    return reverse("system-page", args=[system]) if system in SYSTEMS else ""


@register.filter
def num(value: float | int | None) -> str:
    """A number as the visitor's language writes it (`web.number_formats`): whole numbers
    plain, fractions to at most 3 decimals, thousands grouped (1,032.5; 1.032,5 in German), a
    negative one with a real minus sign."""
    if value is None:
        return "–"
    number = float(value)
    decimals = len(f"{number:.3f}".rstrip("0").partition(".")[2])
    return number_formats.number(number, decimals)


@register.filter
def fixed(value: float | int | None, decimals: int) -> str:
    """A number with exactly `decimals` decimals (a log-loss to 3, a mean VP to 1), as `num`
    writes numbers; a dash for none."""
    return "–" if value is None else number_formats.number(float(value), int(decimals))


@register.filter
def signed(value: float | int | None) -> str:
    """A change with its sign, always: +8, minus 3.5 (a real minus sign), ±0."""
    if value is None:
        return ""
    if math.isclose(float(value), 0, abs_tol=1e-9) or num(abs(value)) == "0":
        return "±0"
    text = num(abs(value))
    return f"+{text}" if value > 0 else f"{number_formats.MINUS}{text}"


@register.filter
def trend(value: float | int | None) -> str:
    """`up`, `down` or `flat`: a CSS class for a change."""
    if value is None or math.isclose(float(value), 0, abs_tol=1e-9):
        return "flat"
    return "up" if value > 0 else "down"


@register.filter
def ordinal(value: int | None) -> str:
    if value is None:
        return "–"
    suffix = "th" if 10 <= value % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(value % 10, "th")
    return f"{value}{suffix}"


@register.filter
def terms_in_words(terms: Iterable[Term]) -> str:
    """A player's terms in a line: "+2 against Ben, +6 against Cleo", or the reason where a
    system does not compare pairs ("1st of 4: 50")."""
    parts = []
    for term in terms:
        if term.opponent is not None:
            parts.append(f"{signed(term.amount)} against {term.opponent}")
        else:
            parts.append(term.why)
    return ", ".join(parts)


@register.filter
def source_label(key: str) -> str:
    source = SOURCES.get(key)
    return source.label if source else key.replace("_", " ")


@register.filter
def score_word(title: str | None) -> str:
    """What a seat's points are called: VP in Catan, a score in any other title."""
    return "VP" if title is None or is_catan(title) else "Score"


@register.filter
def with_query(url: str, pair: str) -> str:
    """`url` with `pair` (`as=xlsx`) added to its query string."""
    return f"{url}{'&' if '?' in url else '?'}{pair}"


@register.filter
def places_given(seats: Iterable[Any]) -> bool:
    """Whether any seat has a place (a game by places, not by points)."""
    return any(getattr(seat, "place", None) is not None for seat in seats)


@register.filter
def variant_label(name: str | None) -> str:
    if not name:
        return ""
    variant = VARIANTS.get(name)
    return variant.title if variant else name


@register.filter
def percent(value: float | None) -> str:
    """A percentage to one decimal, as `num` writes numbers: 12.5 %."""
    return "–" if value is None else f"{number_formats.number(float(value), 1)}\u202f%"


@register.filter
def chance(value: float | None) -> str:
    """A probability (0 to 1) as a percentage."""
    return percent(None if value is None else 100 * float(value))


@register.filter
def calibration_chance(value: float) -> str:
    """The chance of a backtest's deciles being this far off with exact probabilities, to 2
    decimals ("< 0.01" below that)."""
    if value < 0.01:
        return f"< {number_formats.number(0.01, 2)}"
    return number_formats.number(float(value), 2)


@register.filter
def chance_of(part: int, whole: int) -> str:
    """`part` of `whole` as a percentage (a win rate): `chance(part / whole)`."""
    return chance(part / whole if whole else None)


@register.simple_tag
def optional_url(name: str, *args: object) -> str:
    """The URL named `name` (with `args`, else without), or "" while no part of the site
    defines it: the link then hides instead of breaking the page."""
    for given in (args, ()):
        try:
            return reverse(name, args=given)
        except NoReverseMatch:
            continue
    return ""


@register.filter
def times(count: int) -> range:
    """`{% for _ in n|times %}`: repeat something n times (gold coins)."""
    return range(int(count))


@register.filter
def next_row(rows: Sequence[object], index: int) -> object | None:
    """The row after `index`, or None for the last (the pair a tiebreak separated)."""
    return rows[index + 1] if index + 1 < len(rows) else None


@register.filter
def get_item(mapping: Mapping[str, object], key: str) -> object | None:
    """`mapping|get_item:key`: a dictionary's value in a template."""
    return mapping.get(key)


@register.simple_tag
def waiting_for(user: User | AnonymousUser) -> int:
    """What waits for the user in their inbox: results to sign and invitations to answer."""
    if not isinstance(user, User):
        return 0
    return queries.waiting_count(user) + invitations_for(user).count()


@register.simple_tag
def roles_in(league: League, user: User | AnonymousUser) -> set[str]:
    """The user's roles in the league as words (`admin`, `official`, `player`), all of them for
    a superuser: what the navigation offers (the views check again through the services)."""
    if user.is_authenticated and user.is_superuser:
        return {role.value for role in Role}
    if not isinstance(user, User):
        return set()
    return {role.value for role in roles_of(league, user)}

"""A league's members page: players, their accounts, officials and admins, and reset links.

Admins and officials add players and give them accounts: an existing account is invited and
accepts in its inbox; a new one is created for its owner, who sets a password through a
one-time link. Only admins grant and revoke the official and admin roles (the services decide).
There is no mail server: a new account's owner, or one who forgot their password, gets a
one-time link from an organizer (`reset_link`), which leads to Django's password-reset page."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.db import transaction
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.views.decorators.http import require_http_methods

from tablerank.league import queries, services
from tablerank.league.errors import LeagueError, NotAllowed
from tablerank.league.models import League, Player
from tablerank.league.paging import Page, PastTheEnd, page_of
from tablerank.web.actions.common import ORGANIZERS, league_view, refused, user_of
from tablerank.web.forms import (
    AddPlayerForm,
    LinkAccountForm,
    MergePlayersForm,
    RemovePlayerForm,
    RenamePlayerForm,
    RoleForm,
)
from tablerank.web.pages.common import NAMES_INLINE, name_suggestions, page_number

CHANGES_SHOWN = 20
"""The latest fixes to players the members page lists."""
PER_PAGE = 100
"""Members a page lists (a platform's league has tens of thousands)."""

Role = services.Role


def reset_link(request: HttpRequest, account: User) -> str:
    """A one-time link that lets `account` set a new password (Django's token: it stops
    working once the password changes, or after PASSWORD_RESET_TIMEOUT)."""
    path = reverse(
        "password_reset_confirm",
        kwargs={
            "uidb64": urlsafe_base64_encode(force_bytes(account.pk)),
            "token": default_token_generator.make_token(account),
        },
    )
    return request.build_absolute_uri(path)


def _member_rows(league: League, players: Sequence[Player], staff: bool) -> list[dict[str, Any]]:
    """The table's rows: these players (their accounts and roles), then with `staff` the
    admins and officials who hold no player."""
    admins = set(league.admins.values_list("pk", flat=True))
    officials = set(league.officials.values_list("pk", flat=True))
    rows: list[dict[str, Any]] = [
        {
            "name": p.name,
            "account": p.user,
            "admin": p.user_id in admins,
            "official": p.user_id in officials,
        }
        for p in players
    ]
    if not staff:
        return rows
    roles = Q(pk__in=league.admins.values("pk")) | Q(pk__in=league.officials.values("pk"))
    playing = Player.objects.filter(league=league, user__isnull=False).values("user_id")
    for account in User.objects.filter(roles).exclude(pk__in=playing).order_by("pk"):
        rows.append(
            {
                "name": "",
                "account": account,
                "admin": account.pk in admins,
                "official": account.pk in officials,
            }
        )
    return rows


def _page(request: HttpRequest, league: League, status: int = 200, **extra: Any) -> HttpResponse:
    """The page: the members `PER_PAGE` at a time (`?page=`), those whose names start with
    `?q=` when given; the forms; the latest fixes to players."""
    typed = request.GET.get("q", "").strip()
    number = page_number(request)
    listed = queries.players_starting(league, typed).select_related("user")
    try:
        page: Page[Player] = page_of(listed, number, PER_PAGE)
    except PastTheEnd as exc:
        raise Http404(exc.message) from None
    here = f"?{urlencode({'q': typed})}&" if typed else "?"
    unlinked = Player.objects.filter(league=league, user=None).order_by("key")
    without_account = unlinked.count()
    few = without_account <= NAMES_INLINE
    context = {
        "league": league,
        "rows": _member_rows(league, page.rows, staff=not typed and not page.has_next),
        "page": page,
        "typed": typed,
        "previous_url": f"{here}page={number - 1}" if page.has_previous else "",
        "next_url": f"{here}page={number + 1}" if page.has_next else "",
        "is_admin": Role.ADMIN in _roles(request, league),
        "add_form": AddPlayerForm(),
        "link_form": LinkAccountForm(),
        "role_form": RoleForm(),
        "unlinked": unlinked if few else (),
        "any_unlinked": without_account > 0,
        "any_players": Player.objects.filter(league=league).exists(),
        "rename_form": RenamePlayerForm(),
        "merge_form": MergePlayersForm(),
        "remove_form": RemovePlayerForm(),
        **name_suggestions(league),
        "changes": services.player_changes(league)[:CHANGES_SHOWN],
    } | extra
    return render(request, "web/actions/members.html", context, status=status)


def _roles(request: HttpRequest, league: League) -> set[services.Role]:
    return services.require_role(league, user_of(request), *ORGANIZERS)


def _account(username: str) -> User:
    """The existing account of this username."""
    found = User.objects.filter(username=username).first()
    if found is None:
        raise LeagueError("username", f"there is no account {username!r}")
    return found


def _after_link(
    request: HttpRequest, league: League, player: Player, linked: tuple[User, bool] | None
) -> HttpResponse:
    """Say what linking did; a new account's owner needs a link to set a password."""
    if linked is None:
        return redirect("members", slug=league.slug)
    account, now = linked
    if not now:
        messages.success(
            request,
            f"{account.username!r} is invited to sign for {player.name}; "
            "the account's owner accepts in their inbox.",
        )
        return redirect("members", slug=league.slug)
    messages.success(request, f"{player.name} signs with the account {account.username!r} now.")
    if not account.has_usable_password():
        return _reset(request, league, account)
    return redirect("members", slug=league.slug)


def _add(request: HttpRequest, league: League) -> HttpResponse:
    form = AddPlayerForm(request.POST)
    if not form.is_valid():
        return _page(request, league, 400, add_form=form)
    name, username = form.cleaned_data["name"].strip(), form.cleaned_data["username"].strip()
    by = user_of(request)
    with transaction.atomic():
        player = services.add_player(league, name, by=by)
        linked = services.link_by_username(player, username, by=by) if username else None
    messages.success(request, f"{player.name} joined {league.name}.")
    return _after_link(request, league, player, linked)


def _link(request: HttpRequest, league: League) -> HttpResponse:
    form = LinkAccountForm(request.POST)
    if not form.is_valid():
        return _page(request, league, 400, link_form=form)
    name, username = form.cleaned_data["player"], form.cleaned_data["username"]
    player = Player.objects.filter(league=league, key=name.strip().casefold()).first()
    if player is None:
        raise LeagueError("player", f"{league.name} has no player {name!r}")
    linked = services.link_by_username(player, username, by=user_of(request))
    return _after_link(request, league, player, linked)


def _named(league: League, name: str, field: str = "player") -> Player:
    player = Player.objects.filter(league=league, key=name.strip().casefold()).first()
    if player is None:
        raise LeagueError(field, f"{league.name} has no player {name!r}")
    return player


def _rename(request: HttpRequest, league: League) -> HttpResponse:
    form = RenamePlayerForm(request.POST)
    if not form.is_valid():
        return _page(request, league, 400, rename_form=form)
    data = form.cleaned_data
    player = _named(league, data["player"])
    old = player.name
    services.rename_player(player, data["name"], by=user_of(request), why=data["why"])
    messages.success(request, f"{old} is called {player.name} now; the lists are recomputed.")
    return redirect("members", slug=league.slug)


def _merge(request: HttpRequest, league: League) -> HttpResponse:
    form = MergePlayersForm(request.POST)
    if not form.is_valid():
        return _page(request, league, 400, merge_form=form)
    data = form.cleaned_data
    player, into = _named(league, data["player"]), _named(league, data["into"], "into")
    name = player.name
    services.merge_players(player, into, by=user_of(request), why=data["why"])
    messages.success(request, f"{name}'s results are {into.name}'s now; the lists are recomputed.")
    return redirect("members", slug=league.slug)


def _remove(request: HttpRequest, league: League) -> HttpResponse:
    form = RemovePlayerForm(request.POST)
    if not form.is_valid():
        return _page(request, league, 400, remove_form=form)
    player = _named(league, form.cleaned_data["player"])
    services.remove_player(player, by=user_of(request), why=form.cleaned_data["why"])
    messages.success(request, f"{player.name} is removed from {league.name}.")
    return redirect("members", slug=league.slug)


def _role(request: HttpRequest, league: League) -> HttpResponse:
    form = RoleForm(request.POST)
    if not form.is_valid():
        return _page(request, league, 400, role_form=form)
    account = _account(form.cleaned_data["username"].strip())
    role, grant = Role(form.cleaned_data["role"]), form.cleaned_data["grant"]
    if grant:
        services.grant_role(league, account, role, by=user_of(request))
    else:
        services.revoke_role(league, account, role, by=user_of(request))
    done = "is now" if grant else "is no longer"
    messages.success(request, f"{account.username!r} {done} an {role.value} of {league.name}.")
    return redirect("members", slug=league.slug)


def _reset(request: HttpRequest, league: League, account: User | None = None) -> HttpResponse:
    if account is None:
        account = _account(request.POST.get("username", "").strip())
    services.may_reset_password(user_of(request), account, league)
    return _page(
        request,
        league,
        reset_for=account,
        reset_url=reset_link(request, account),
        reset_days=settings.PASSWORD_RESET_TIMEOUT // (24 * 3600),
    )


ACTIONS = {
    "add": _add,
    "link": _link,
    "role": _role,
    "reset": _reset,
    "rename": _rename,
    "merge": _merge,
    "remove": _remove,
}


@require_http_methods(["GET", "POST"])
@league_view(*ORGANIZERS)
def members(request: HttpRequest, league: League) -> HttpResponse:
    """The members page (GET) and its forms (POST, named by ``action``)."""
    if request.method == "GET":
        return _page(request, league)
    action = ACTIONS.get(request.POST.get("action", ""))
    if action is None:
        return _page(request, league, 400, problem="unknown action")
    try:
        return action(request, league)
    except NotAllowed as exc:
        return refused(request, exc)
    except LeagueError as exc:
        return _page(request, league, 409, problem=exc.message)

"""A league's members page: players, their accounts, officials and admins, and reset links.

Admins and officials add players and give them accounts: an existing account is invited and
accepts in its inbox; a new one is made for its owner, who sets a first password through a
one-time link from an organizer (`reset_link`, Django's password-reset page). Only admins offer
and revoke the official and admin roles, which the account's owner accepts in their inbox. The
services decide who may do what and for which accounts a reset link may be handed out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.views.decorators.http import require_http_methods

from tablerank.league import queries, services
from tablerank.league.errors import LeagueError, NotAllowed
from tablerank.league.models import League, Player
from tablerank.league.queries import Page, PastTheEnd, page_of
from tablerank.web.actions.common import (
    ORGANIZERS,
    league_view,
    refusal_status,
    refused,
    user_of,
)
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
    held = queries.role_holders(league)
    rows: list[dict[str, Any]] = [
        {
            "name": p.name,
            "account": p.user,
            "admin": p.user_id in held.admins,
            "official": p.user_id in held.officials,
        }
        for p in players
    ]
    if not staff:
        return rows
    for account in queries.staff_without_player(league):
        rows.append(
            {
                "name": "",
                "account": account,
                "admin": account.pk in held.admins,
                "official": account.pk in held.officials,
            }
        )
    return rows


def _page(request: HttpRequest, league: League, status: int = 200, **extra: Any) -> HttpResponse:
    """The page: the members `PER_PAGE` at a time (`?page=`), those whose names start with
    `?q=` when given; the forms; the latest fixes to players."""
    typed = request.GET.get("q", "").strip()
    number = page_number(request)
    listed = queries.members_starting(league, typed)
    try:
        page: Page[Player] = page_of(listed, number, PER_PAGE)
    except PastTheEnd as exc:
        raise Http404(exc.message) from None
    here = f"?{urlencode({'q': typed})}&" if typed else "?"
    unlinked = queries.players_without_account(league)
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
        "resettable": services.resettable_accounts(league),
        "add_form": AddPlayerForm(),
        "link_form": LinkAccountForm(),
        "role_form": RoleForm(),
        "unlinked": unlinked if few else (),
        "any_unlinked": without_account > 0,
        "any_players": queries.has_players(league),
        "rename_form": RenamePlayerForm(),
        "merge_form": MergePlayersForm(),
        "remove_form": RemovePlayerForm(),
        **name_suggestions(league),
        "changes": services.player_changes(league)[:CHANGES_SHOWN],
    } | extra
    return render(request, "web/actions/members.html", context, status=status)


def _roles(request: HttpRequest, league: League) -> set[services.Role]:
    return services.require_role(league, user_of(request), *ORGANIZERS)


def _give_account(
    request: HttpRequest, league: League, player: Player, username: str, new: bool
) -> HttpResponse:
    """Make a new account for the player (then hand its owner a link to set a password), or
    invite the existing one of that name: the same answer whether or not it exists."""
    by = user_of(request)
    if not new:
        services.invite_by_username(player, username, by=by)
        own = username.strip() == by.username
        messages.success(
            request,
            f"{player.name} signs with your account now."
            if own
            else f"If there is an account {username!r}, it is invited to sign for "
            f"{player.name}; its owner accepts in their inbox.",
        )
        return redirect("members", slug=league.slug)
    account, _ = services.link_by_username(player, username, by=by)
    messages.success(request, f"{player.name} signs with the new account {account.username!r}.")
    return _reset(request, league, account)


def _add(request: HttpRequest, league: League) -> HttpResponse:
    form = AddPlayerForm(request.POST)
    if not form.is_valid():
        return _page(request, league, 400, add_form=form)
    data = form.cleaned_data
    name, username = data["name"].strip(), data["username"].strip()
    with transaction.atomic():
        player = services.add_player(league, name, by=user_of(request))
        messages.success(request, f"{player.name} joined {league.name}.")
        if not username:
            return redirect("members", slug=league.slug)
        return _give_account(request, league, player, username, data["new_account"])


def _link(request: HttpRequest, league: League) -> HttpResponse:
    form = LinkAccountForm(request.POST)
    if not form.is_valid():
        return _page(request, league, 400, link_form=form)
    data = form.cleaned_data
    player = _named(league, data["player"])
    return _give_account(request, league, player, data["username"], data["new_account"])


def _named(league: League, name: str, field: str = "player") -> Player:
    return queries.require_player(league, name, field)


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
    username = form.cleaned_data["username"].strip()
    role, grant = Role(form.cleaned_data["role"]), form.cleaned_data["grant"]
    if grant:
        services.offer_role(league, username, role, by=user_of(request))
        done = (
            f"If there is an account {username!r} that is not an {role.value} yet, it is "
            f"offered the {role.value}'s role; its owner accepts in their inbox."
        )
    else:
        services.revoke_role(league, username, role, by=user_of(request))
        done = f"{username!r} is no longer an {role.value} of {league.name}."
    messages.success(request, done)
    return redirect("members", slug=league.slug)


def _reset(request: HttpRequest, league: League, account: User | None = None) -> HttpResponse:
    if account is None:
        account = services.account_to_reset(
            user_of(request), request.POST.get("username", ""), league
        )
    else:
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
        return _page(request, league, refusal_status(exc), problem=exc.message)

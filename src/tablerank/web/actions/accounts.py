"""Creating an account (when the site allows open sign-up) and its e-mail address; signing in
and out, changing a password, and resetting a forgotten one by e-mail or from a handed-over link,
are Django's own views (see `tablerank.web.urls_actions`)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from tablerank.web.actions.common import user_of
from tablerank.web.forms import EmailForm, SignUpForm


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """A new account, signed in at once, then on to creating a league."""
    if not settings.OPEN_SIGNUP:
        raise Http404("sign-up is closed on this site; ask a league admin for an account")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("league-new")
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/signup.html", {"form": form}, status=status)


class SignInView(LoginView):
    """Django's sign-in page, telling whether open sign-up is on."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(**kwargs) | {"open_signup": settings.OPEN_SIGNUP}


@require_http_methods(["GET", "POST"])
@login_required
def email(request: HttpRequest) -> HttpResponse:
    """The account's e-mail address, where a link to reset a forgotten password goes."""
    form = EmailForm(request.POST or None, instance=user_of(request))
    if request.method == "POST" and form.is_valid():
        form.save()
        saved = form.cleaned_data["email"]
        messages.success(request, f"Reset links go to {saved} now." if saved else "No e-mail.")
        return redirect("account-email")
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/email.html", {"form": form}, status=status)

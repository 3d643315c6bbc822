"""Creating an account (when the site allows open sign-up); signing in and out, and setting a
password from a reset link, are Django's own views (see `tablerank.web.urls_actions`)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.views import LoginView
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from tablerank.web.forms import SignUpForm


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

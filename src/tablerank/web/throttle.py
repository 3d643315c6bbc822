"""Sign-in throttling: django-axes, counting failures in the database (see docs/accounts.md)."""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from django.http import HttpRequest


class SignInThrottle(AxesStandaloneBackend):  # type: ignore[misc]
    """Refuses a sign-in while its username and address are locked out.

    Sign-ins through the site always come with their request. Code that checks a password
    without one (Django's test client, a management command) has no address to count, so it
    is passed on to the next backend instead of being refused outright."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:
            return None
        return super().authenticate(  # type: ignore[no-any-return]
            request, username=username, password=password, **kwargs
        )

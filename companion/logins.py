"""Logging in without slowing the tables: wrong passwords are throttled, checks are rationed.

Checking a password is deliberately slow (PBKDF2), and Django runs sync views
on one shared thread per process, so a few concurrent wrong-password posts
used to queue every table command behind them (issue #15, item 5). Two guards,
both before any password is hashed:

- Failures are counted per client address and per address + username in the
  cache (shared by every server process): past the limit the login answers
  429 with ``Retry-After`` and a message beside the form, whatever password
  is sent, until the window passes. A success clears the username's count.
- At most ``LOGIN_CHECKS_AT_ONCE`` password checks run at once in a process;
  another login meanwhile answers 503 with ``Retry-After: 2`` ("try again in a
  moment") instead of waiting in line in front of the table commands.
"""

from __future__ import annotations

import threading
from typing import Any

from django.contrib.auth import views as auth_views
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse

FAILS_PER_USER = 5
FAILS_PER_CLIENT = 20
FAIL_WINDOW_S = 15 * 60
LOGIN_CHECKS_AT_ONCE = 1
BUSY_RETRY_S = 2

_checks = threading.BoundedSemaphore(LOGIN_CHECKS_AT_ONCE)


def _client(request: HttpRequest) -> str:
    return str(request.META.get("REMOTE_ADDR") or "unknown")


def _keys(request: HttpRequest) -> tuple[str, str]:
    client = _client(request)
    username = str(request.POST.get("username", "")).strip().lower()[:150]
    return f"login-fail:client:{client}", f"login-fail:user:{client}:{username}"


def _count(key: str) -> int:
    return int(cache.get(key, 0))


def _fail(key: str) -> None:
    if not cache.add(key, 1, FAIL_WINDOW_S):
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.add(key, 1, FAIL_WINDOW_S)


def throttled(request: HttpRequest) -> bool:
    client_key, user_key = _keys(request)
    return _count(client_key) >= FAILS_PER_CLIENT or _count(user_key) >= FAILS_PER_USER


class GuardedLoginView(auth_views.LoginView):
    """Django's login page behind the two guards above."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if throttled(request):
            return self._refused(
                429,
                FAIL_WINDOW_S,
                "Too many wrong passwords. Wait 15 minutes, then try again.",
            )
        if not _checks.acquire(blocking=False):
            return self._refused(
                503, BUSY_RETRY_S, "Many people are logging in right now. Try again in a moment."
            )
        try:
            return super().post(request, *args, **kwargs)
        finally:
            _checks.release()

    def form_invalid(self, form: Any) -> HttpResponse:
        for key in _keys(self.request):
            _fail(key)
        return super().form_invalid(form)

    def form_valid(self, form: Any) -> HttpResponse:
        cache.delete(_keys(self.request)[1])
        return super().form_valid(form)

    def _refused(self, status: int, retry_after_s: int, message: str) -> HttpResponse:
        form = self.get_form()
        form.is_bound = False  # nothing was checked: show the refusal, not field errors
        context = self.get_context_data(form=form, refusal=message)
        response = self.render_to_response(context, status=status)
        response["Retry-After"] = str(retry_after_s)
        return response

"""Logging in without slowing the tables, and without a flood keeping people out.

Checking a password is deliberately slow (PBKDF2), and Django runs sync views
on one shared thread per process, so a few concurrent wrong-password posts
used to queue every table command behind them (issue #15, item 5). Password
pages run on threads of their own (``companion.server.wsgi_bridge``, ``side_paths``),
and before any password is hashed:

- Failures are counted per username (from any address: guesses spread over
  many addresses still count against the one name) and per client address,
  in the cache every server process shares. Past ``FAILS_PER_USER`` for the
  name, or ``FAILS_PER_CLIENT`` for the address, the login answers 429 with
  ``Retry-After``, whatever password is sent, until the window passes
  (issue #32, item 4). A success clears the name's count.
- A browser that logged in as a name before carries a signed device cookie
  for it (OWASP's "device cookies"): its attempts are counted on that cookie
  alone, so a stranger's five guesses lock the name for everyone but its
  owner's own devices.
- Password checks are rationed per process, in two lanes of one check each.
  "Clean" attempts take one lane: a device cookie for the name, or an existing
  account whose recent failures (name and address) are all this address's
  own tries at this name (someone mistyping, not guessing). Everything else
  (unknown names, a name others have been guessing, an address that tried
  other names) takes the other and answers 503 ``Retry-After`` when it is
  taken. A flood of wrong logins from changing addresses and names is all
  "suspect", so it never takes the clean lane from the real users (issue #32:
  before, 0 of 10 real logins got in under three wrong logins a second).
"""

from __future__ import annotations

import secrets
import threading
import unicodedata
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import REDIRECT_FIELD_NAME, get_user_model
from django.contrib.auth import views as auth_views
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from campaigns.outage import REDIS_DOWN, RETRY_AFTER_S, fail_open
from campaigns.throttle import count
from companion.languages import after_login

FAILS_PER_USER = 5
FAILS_PER_CLIENT = 20
FAIL_WINDOW_S = 15 * 60
BUSY_RETRY_S = 2
CLEAN_WAIT_S = 1.0
"""How long a clean attempt waits for its lane (another real user's check) before 503."""
DEVICE_COOKIE = "grim_login_device"
DEVICE_SALT = "companion.logins.device"
DEVICE_MAX_AGE_S = 180 * 24 * 3600

_clean_lane = threading.BoundedSemaphore(1)
_suspect_lane = threading.BoundedSemaphore(1)


def normal_name(raw: object) -> str:
    """The username as the login form reads it (stripped, NFKC), for the account lookup."""
    return unicodedata.normalize("NFKC", str(raw or "").strip())[:150]


@dataclass(frozen=True)
class Attempt:
    """One login post: who it is for, where it comes from, and the device cookie it carries."""

    username: str
    client: str
    device: str  # the nonce of a device cookie issued to this name ("" when none)
    trusted: bool  # that device, while the cookie's own failures are below the limit

    @classmethod
    def of(cls, request: HttpRequest) -> Attempt:
        username = normal_name(request.POST.get("username"))
        device = _device(request, username)
        trusted = bool(device) and _failures(_device_key(device)) < FAILS_PER_USER
        return cls(username, str(request.META.get("REMOTE_ADDR") or "unknown"), device, trusted)

    @property
    def name(self) -> str:
        return self.username.lower()

    @property
    def name_key(self) -> str:
        return f"login-fail:user:{self.name}"

    @property
    def client_key(self) -> str:
        return f"login-fail:client:{self.client}"

    @property
    def pair_key(self) -> str:
        return f"login-fail:pair:{self.client}:{self.name}"

    @property
    def device_key(self) -> str:
        return _device_key(self.device)

    def locked(self) -> bool:
        if self.trusted:
            return False
        return _failures(self.client_key) >= FAILS_PER_CLIENT or _failures(self.name_key) >= FAILS_PER_USER

    def clean(self) -> bool:
        """Whether this attempt may take the clean lane (see the module's docstring)."""
        if self.trusted:
            return True
        counts = cache.get_many([self.name_key, self.client_key, self.pair_key])
        own = int(counts.get(self.pair_key, 0))
        if int(counts.get(self.name_key, 0)) > own or int(counts.get(self.client_key, 0)) > own:
            return False
        user_model = get_user_model()
        field = user_model.USERNAME_FIELD
        return bool(self.username) and user_model._default_manager.filter(**{field: self.username}).exists()

    def failed(self) -> None:
        if self.trusted:
            _fail(self.device_key)  # the owner's device: its own count, not the name's
            return
        for key in (self.name_key, self.client_key, self.pair_key):
            _fail(key)

    @fail_open(None, "login limit")  # Redis went down meanwhile: the counts expire by themselves
    def succeeded(self) -> None:
        cache.delete_many([self.device_key] if self.trusted else [self.name_key, self.pair_key])


def _device_key(nonce: str) -> str:
    return f"login-fail:device:{nonce}"


def _failures(key: str) -> int:
    return int(cache.get(key, 0))


@fail_open(None, "login limit")  # Redis went down meanwhile: this one is not counted
def _fail(key: str) -> None:
    count(key, FAIL_WINDOW_S)


def _device(request: HttpRequest, username: str) -> str:
    """The nonce of this browser's device cookie when it was issued to ``username``."""
    value = request.get_signed_cookie(DEVICE_COOKIE, default="", salt=DEVICE_SALT, max_age=DEVICE_MAX_AGE_S)
    name, colon, nonce = str(value).rpartition(":")
    return nonce if colon and username and name == username.lower() else ""


def remember_device(response: HttpResponse, username: str) -> None:
    """Mark this browser as one ``username`` logged in from (after a successful login)."""
    response.set_signed_cookie(
        DEVICE_COOKIE,
        f"{normal_name(username).lower()}:{secrets.token_urlsafe(12)}",
        salt=DEVICE_SALT,
        max_age=DEVICE_MAX_AGE_S,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


class GuardedLoginView(auth_views.LoginView):
    """Django's login page behind the guards above (the account page's and the admin's)."""

    attempt: Attempt

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            attempt = Attempt.of(request)
            locked = attempt.locked()
            clean = locked or attempt.clean()
        except REDIS_DOWN:  # the counts cannot be read: no password is checked either (fails closed)
            return self._refused(503, RETRY_AFTER_S, _("Logging in is paused for a moment. Try again soon."))
        if locked:
            return self._refused(
                429,
                FAIL_WINDOW_S,
                _("Too many wrong passwords. Wait 15 minutes, then try again."),
            )
        lane = _clean_lane if clean else _suspect_lane
        # A clean attempt may wait a moment for another real user's check; a suspect one never waits.
        if not (lane.acquire(timeout=CLEAN_WAIT_S) if clean else lane.acquire(blocking=False)):
            return self._refused(
                503, BUSY_RETRY_S, _("Many people are logging in right now. Try again in a moment.")
            )
        self.attempt = attempt
        try:
            return super().post(request, *args, **kwargs)
        finally:
            lane.release()

    def form_invalid(self, form: Any) -> HttpResponse:
        self.attempt.failed()
        return super().form_invalid(form)

    def form_valid(self, form: Any) -> HttpResponse:
        self.attempt.succeeded()
        response = super().form_valid(form)
        remember_device(response, form.get_user().get_username())
        after_login(response, form.get_user())
        return response

    def _refused(self, status: int, retry_after_s: int, message: str) -> HttpResponse:
        form = self.get_form()
        form.is_bound = False  # nothing was checked: show the refusal, not field errors
        context = self.get_context_data(form=form, refusal=message)
        response = self.render_to_response(context, status=status)
        response["Retry-After"] = str(retry_after_s)
        return response


class GuardedAdminLoginView(GuardedLoginView):
    """The admin's login page behind the same guards: ``admin.site.login`` runs Django's own
    view, whose password checks a flood could take unthrottled (the same side threads)."""

    template_name = "admin/login.html"  # ours extends the admin's with the refusal

    def get_form_class(self) -> Any:
        from django.contrib.admin.forms import AdminAuthenticationForm

        return AdminAuthenticationForm

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if admin.site.has_permission(request):  # as admin.site.login: already in
            return redirect("admin:index")
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        """What ``admin.site.login`` gives its template."""
        self.request.current_app = admin.site.name
        context: dict[str, Any] = super().get_context_data(**kwargs)
        context.update(admin.site.each_context(self.request))
        context.update(title=_("Log in"), subtitle=None, app_path=self.request.get_full_path())
        context["username"] = self.request.user.get_username()
        if REDIRECT_FIELD_NAME not in self.request.GET and REDIRECT_FIELD_NAME not in self.request.POST:
            context[REDIRECT_FIELD_NAME] = reverse("admin:index")
        return context

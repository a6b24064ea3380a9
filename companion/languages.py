"""The language switch on every page: a cookie for the phone and, for an account, its profile (issue #34).

Django's ``LocaleMiddleware`` reads the cookie first and the phone's
``Accept-Language`` after it. The switch posts to ``set_language`` here,
which is Django's view that also keeps the choice in the account, and a
login puts the account's choice into the new phone's cookie.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from companion.models import Profile


def offered(code: str) -> bool:
    return code in dict(settings.LANGUAGES)


def remember(response: HttpResponse, code: str) -> None:
    """This phone shows ``code`` from now on."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite="Lax",
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
    )


def after_login(response: HttpResponse, user: Any) -> None:
    """A login brings the account's language to this phone (nothing when it never chose one)."""
    code = Profile.objects.filter(user=user).values_list("language", flat=True).first()
    if code and offered(code):
        remember(response, code)
        translation.activate(code)


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's ``set_language`` (cookie, back to ``next``), kept in the account too."""
    response = django_set_language(request)
    code = request.POST.get("language", "")
    if offered(code) and request.user.is_authenticated:
        Profile.objects.update_or_create(user=request.user, defaults={"language": code})
    return response

"""Server-rendered pages of the project: home and accounts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.i18n import JavaScriptCatalog

from campaigns.home import home_context
from companion.languages import offered
from companion.logins import remember_device


def home(request: HttpRequest) -> HttpResponse:
    """What the service is, the five games, and the way to open or join a table."""
    return render(request, "home.html", home_context(request))


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and sign in. Playing never requires one."""
    if request.user.is_authenticated:
        return redirect("home")
    form: UserCreationForm[Any] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        messages.success(request, _("Welcome, %(name)s.") % {"name": user.get_username()})
        response = redirect("home")
        remember_device(response, user.get_username())  # this browser is the new name's own
        return response
    return render(request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200)


def named_language(request: HttpRequest) -> str:
    """The language a page names in the address (``?l=de``), else the request's own.

    For what a page loads and a service worker keeps by its address: the scripts' words,
    the app's manifest (fetched without cookies) and the offline notice.
    """
    code = request.GET.get("l", "")
    return code if offered(code) else translation.get_language()


def in_language(code: str, response: HttpResponse) -> HttpResponse:
    """``response``, made in ``code``, saying so (the middleware would name the request's)."""
    response["Content-Language"] = code
    return response


class ScriptWords(JavaScriptCatalog):
    """``/jsi18n/?l=de``: the scripts' words (``static/js``, the ``djangojs`` catalogue) in the
    language the page names, so a copy the service worker keeps under that address is in it."""

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        code = named_language(request)
        with translation.override(code):
            return in_language(code, super().get(request, *args, **kwargs))


def offline(request: HttpRequest) -> HttpResponse:
    """``/offline/``: what the service worker shows for a page never opened while offline,
    fetched and kept by it in the language the player reads (``static/js/sw.js``: ``?l=``)."""
    code = named_language(request)
    with translation.override(code):
        return in_language(code, render(request, "offline.html"))


def manifest(request: HttpRequest) -> HttpResponse:
    """``/manifest.webmanifest?l=de``: the installable app's manifest with its name in the page's
    language (``l``: a browser fetches a manifest without cookies, so the page names it).

    The rest is ``static/manifest.webmanifest``'s, the file it was before.
    """
    code = named_language(request)
    with translation.override(code):
        found = finders.find("manifest.webmanifest")
        path = Path(found) if isinstance(found, str) else Path(settings.STATIC_ROOT) / "manifest.webmanifest"
        data = json.loads(path.read_bytes())
        data["name"] = _("Grim companion")
        data["description"] = _("The numbers of your Grim card games, live on every phone at the table.")
        data["lang"] = code
    response = HttpResponse(json.dumps(data, ensure_ascii=False), content_type="application/manifest+json")
    in_language(code, response)
    response["Cache-Control"] = "no-cache"
    return response


def service_worker(request: HttpRequest) -> HttpResponse:
    """``/sw.js``: the service worker, served from the site root so it may serve every page.

    Its file lives with the static files (``static/js/sw.js``); ``no-cache``
    so a phone checks for a new one on every visit.
    """
    found = finders.find("js/sw.js")
    path = Path(found) if isinstance(found, str) else Path(settings.STATIC_ROOT) / "js" / "sw.js"
    response = HttpResponse(path.read_bytes(), content_type="application/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response

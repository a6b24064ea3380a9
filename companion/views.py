"""Server-rendered pages of the project: home and accounts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from campaigns.home import home_context
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
        messages.success(request, f"Welcome, {user.get_username()}.")
        response = redirect("home")
        remember_device(response, user.get_username())  # this browser is the new name's own
        return response
    return render(request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200)


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

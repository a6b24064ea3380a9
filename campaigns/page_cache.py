"""Whole pages kept after their first render, with this request's CSRF token put in on the way out.

The stats page (issue #14, "Speed") is the same bytes for an account until
its figures change, except for the CSRF token its logout form carries,
which Django masks afresh for every response (so the secret never appears
twice in compressed responses: the BREACH defence). The page is rendered
once with a placeholder where the token goes; each request gets a copy with
its own freshly masked token in that place, which costs a string
replacement instead of a template render.

A page is rendered the usual way when the request has messages to show (they
are part of the page and are consumed by showing them). The key names
everything else the page shell shows (the account's name) and the caller's
version of its content, so a kept page is never stale.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string

from campaigns import stats_cache

PLACEHOLDER = "csrfslot" + secrets.token_hex(16)
"""Where the token goes: letters and digits (escaping leaves it alone), random per process so no
content can contain it."""

SLOT = PLACEHOLDER.encode()


def cached_page(
    request: HttpRequest, key: str, template: str, context: Callable[[], dict[str, Any]]
) -> HttpResponse:
    """``template`` rendered with ``context()`` for ``request``, kept in Django's cache under ``key``.

    ``key`` must change whenever anything the page shows changes, apart from the
    CSRF token and messages; the account's name is added to it here, since the
    page shell shows it.
    """
    if len(messages.get_messages(request)):
        return render(request, template, context())
    user: Any = request.user
    key = f"{key}:{user.get_username()}"

    def rendered() -> tuple[bytes, bytes]:
        # Kept with this process's placeholder (each process keeps its own pages: stats_cache).
        return SLOT, render_to_string(template, {**context(), "csrf_token": PLACEHOLDER}, request).encode()

    slot, page = stats_cache.cached(f"page:{key}", rendered)
    return HttpResponse(page.replace(slot, get_token(request).encode()))

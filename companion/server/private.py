"""The one place companion/server/ reaches into a dependency's private API.

Django runs ``HttpResponseBase._resource_closers`` from ``response.close()``
(once the body is sent, before ``request_finished``) and documents no public
hook at that moment. Pinned Django 5.2; ``tests/test_server_private.py`` fails
loudly if an upgrade renames it or stops calling it on close.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpResponseBase


def on_close(response: HttpResponseBase, closer: Callable[[], object]) -> None:
    """Run ``closer`` when ``response`` is closed (its body sent)."""
    response._resource_closers.append(closer)  # type: ignore[attr-defined]

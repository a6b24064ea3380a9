"""Rate limit for wrong join codes, shared by the API and the pages.

A code has 31^6 possibilities; limiting wrong guesses per client keeps a
stranger from walking into a table by trying codes.
"""

from __future__ import annotations

from django.core.cache import cache

from campaigns.errors import TableError

JOIN_FAILS_ALLOWED = 10
JOIN_FAIL_WINDOW_S = 600


def _key(client: str) -> str:
    return f"join-fail:{client}"


def join_guard(client: str) -> None:
    """Refuse (429) while this client has too many recent wrong codes."""
    if int(cache.get(_key(client), 0)) >= JOIN_FAILS_ALLOWED:
        raise TableError(
            "throttled",
            "Too many wrong codes. Wait a few minutes, then check the code with the host.",
            status=429,
            extra={"retry_after_s": JOIN_FAIL_WINDOW_S},
        )


def join_failed(client: str) -> None:
    if not cache.add(_key(client), 1, JOIN_FAIL_WINDOW_S):
        try:
            cache.incr(_key(client))
        except ValueError:  # the entry expired between add and incr
            cache.add(_key(client), 1, JOIN_FAIL_WINDOW_S)

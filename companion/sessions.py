"""Django's ``cached_db`` sessions, read and written through the database while Redis is down (issue #32).

The session's row in the database is the truth; the cache only saves a
query. Django already reads past a cache that fails and logs a write that
fails; here the rest does the same: a cache that does not answer is
skipped when a session is read (its row is read instead) and when a new
session key is checked for use (the rows are). A saved session is deleted
from the cache before its row, and that delete fails closed (503, try
again): a logout must not leave a copy in the cache that would log the
session back in once Redis returns.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.sessions.backends.cached_db import SessionStore as CachedDbStore
from django.contrib.sessions.backends.db import SessionStore as DbStore
from django.core.cache import caches

from campaigns.outage import REDIS_DOWN, fail_open


class _CacheOrNothing:
    """The session cache, answering "nothing there" and keeping nothing while Redis is down."""

    def __init__(self, cache: Any) -> None:
        self.cache = cache
        self.get = fail_open(None, "session cache")(cache.get)
        self.set = fail_open(None, "session cache")(cache.set)
        self.has_key = fail_open(False, "session cache")(cache.has_key)

    def __contains__(self, key: str) -> bool:
        return bool(self.has_key(key))

    def delete(self, key: str) -> Any:
        return self.cache.delete(key)  # raises while Redis is down: SessionStore.delete decides


class SessionStore(CachedDbStore):
    """``cached_db``'s store with ``_CacheOrNothing`` for a cache."""

    def __init__(self, session_key: str | None = None) -> None:
        super().__init__(session_key)
        self._cache: Any = _CacheOrNothing(caches[settings.SESSION_CACHE_ALIAS])

    def delete(self, session_key: str | None = None) -> None:
        if session_key is None:
            if self.session_key is None:
                return
            session_key = self.session_key
        try:
            self._cache.delete(self.cache_key_prefix + session_key)  # first: it may fail
        except REDIS_DOWN:
            # A saved session may have a copy in the cache: keep the row and refuse (503, try
            # again). A key never saved (logging in cycles a fresh one) has nothing to outlive it.
            if self.model.objects.filter(session_key=session_key).exists():
                raise
        DbStore.delete(self, session_key)

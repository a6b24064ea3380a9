"""The logged-in account, loaded for every request that asks who is logged in (issue #14, "Speed").

Django's ``ModelBackend`` loads the account with ``Model.objects.get(pk=…)``:
building that query in the ORM cost several times the query itself, on
every logged-in request before the view runs. ``AccountBackend`` is that
backend with the one read written as plain SQL (the columns and the
backend's converters as the ORM applies them); everything else is
``ModelBackend``'s: how a password is checked, ``is_active``, permissions,
and what ``django.contrib.auth.get_user`` checks after the load (the
session's password hash, so a changed password still ends other sessions).
The same query reads the account's statistics counters
(``campaigns.stats_cache``): the statistics pages and API need them as
their cache key, and they cost no round trip of their own this way.

The session and the account are read in that one query too, once this
process has seen the session (``_one_query_user``): a logged-in request
paid one round trip to Redis for its session and one to the database for
its account, about as much as the rest of a cached statistics answer. The
database's session row is the truth (``cached_db`` writes every change
through to it, and a logout deletes it), so the row is read with the
account, checked as Django checks it, and a session that is gone, expired
or names someone else falls back to Django's own path.

Sessions remember which backend logged them in. Those written before this
backend name ``ModelBackend``, which is no longer listed, so
``AuthenticationMiddleware`` here renames it in the session on that
session's next request (the same account, checked the same way): nobody is
logged out by the change.
"""

from __future__ import annotations

import copy
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.contrib import auth
from django.contrib.auth import BACKEND_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.middleware import AuthenticationMiddleware as DjangoAuthenticationMiddleware
from django.db import connections, router
from django.http import HttpRequest
from django.utils import timezone
from django.utils.functional import SimpleLazyObject

from campaigns import stats_cache
from campaigns.recent import Recent

BACKEND = "companion.accounts.AccountBackend"
OLD_BACKEND = "django.contrib.auth.backends.ModelBackend"
"""The backend sessions written before ``AccountBackend`` name."""


def load_account(user_id: Any) -> Any:
    """The account with this primary key, every column loaded, or ``None``: one plain query."""
    return _load(user_id, None)[0]


SESSION_ENGINES_IN_DB = (
    "django.contrib.sessions.backends.db",
    "django.contrib.sessions.backends.cached_db",
    "companion.sessions",
)
"""Session engines whose rows in the database are the truth, so they can be read with the account."""


class _Reading:
    """What reading an account takes on one database connection, worked out once per connection:
    the statement (with and without the session's row) and each column's converters.
    Worked out per request it cost more Python than the rest of the read."""

    def __init__(self, connection: Any, session_model: Any) -> None:
        model = get_user_model()
        meta = model._meta
        self.fields: list[Any] = list(meta.concrete_fields)
        self.attnames = [f.attname for f in self.fields]
        quote = connection.ops.quote_name
        pk = f"{quote(meta.db_table)}.{quote(meta.pk.column)}"
        head = f"SELECT {', '.join(quote(f.column) for f in self.fields)}, {stats_cache.versions_sql(pk)}"
        tail = f" FROM {quote(meta.db_table)} WHERE {pk} = %s"
        self.sql = head + tail
        self.sql_with_session = self.sql  # with a session model, the statement that reads its row too
        if session_model is not None:
            rows = session_model._meta
            self.sql_with_session = (
                f"{head}, (SELECT {quote('session_data')} FROM {quote(rows.db_table)} "
                f"WHERE {quote('session_key')} = %s AND {quote('expire_date')} > %s){tail}"
            )
        # As the ORM reads a column: the backend's converters (SQLite's text
        # datetimes and integer booleans), then the field's own.
        self.converters = []
        for field in self.fields:
            column = field.get_col(meta.db_table)
            found = (*connection.ops.get_db_converters(column), *field.get_db_converters(connection))
            self.converters.append((column, found))

    @staticmethod
    def of(connection: Any, session: Any) -> _Reading:
        session_model = type(session).get_model_class() if session is not None else None
        key = "_account_reading" if session_model is None else "_account_reading_with_session"
        reading: _Reading | None = getattr(connection, key, None)
        if reading is None:
            reading = _Reading(connection, session_model)
            setattr(connection, key, reading)
        return reading


def _load(user_id: Any, session: Any) -> tuple[Any, str | None]:
    """The account (or ``None``) and, when ``session`` is given, its row's data if it has not
    expired (or ``None``), in one plain query."""
    model = get_user_model()
    alias = router.db_for_read(model)
    connection = connections[alias]
    reading = _Reading.of(connection, session)
    params = [model._meta.pk.get_db_prep_value(user_id, connection)]
    sql = reading.sql
    if session is not None:
        expire_date = type(session).get_model_class()._meta.get_field("expire_date")
        expires = expire_date.get_db_prep_value(timezone.now(), connection)
        params = [session.session_key, expires, *params]
        sql = reading.sql_with_session
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None, None
    count = len(reading.fields)
    values = []
    for (column, converters), value in zip(reading.converters, row[:count], strict=True):
        for convert in converters:
            value = convert(value, column, connection)
        values.append(value)
    user = model.from_db(alias, reading.attnames, values)
    stats_cache.keep_versions(user, row[count : count + 2])
    return user, (row[count + 2] if session is not None else None)


SEEN: Recent[str] = Recent(10_000)
"""Sessions this process has seen logged in: session key → account id.

Only a hint of which account row to read with the session's row: the row
decides (``_one_query_user``), so a stale hint costs the usual path, never a
wrong login.
"""
_preloaded: ContextVar[Any] = ContextVar("preloaded_account", default=None)
"""The account ``_one_query_user`` read with the session, for ``AccountBackend.get_user`` to use."""


class AccountBackend(ModelBackend):
    """``ModelBackend`` with the account read in one plain query."""

    def get_user(self, user_id: Any) -> Any:
        preloaded = _preloaded.get()
        same = preloaded is not None and str(preloaded.pk) == str(user_id)
        user = preloaded if same else load_account(user_id)
        return user if user is not None and self.user_can_authenticate(user) else None


class AuthenticationMiddleware(DjangoAuthenticationMiddleware):
    """Django's, plus a session naming the old backend renamed to ``AccountBackend`` when first read."""

    def process_request(self, request: HttpRequest) -> None:
        super().process_request(request)
        request.user = SimpleLazyObject(lambda: _user(request))  # type: ignore[assignment]


def _user(request: HttpRequest) -> Any:
    if not hasattr(request, "_cached_user"):
        user = _one_query_user(request)
        if user is None:
            _rename_old_backend(request.session)
            user = auth.get_user(request)
        key = request.session.session_key
        if key and user.is_authenticated:
            SEEN.put(key, user.pk)
        request._cached_user = user  # type: ignore[attr-defined]
    return request._cached_user  # type: ignore[attr-defined]


def _rename_old_backend(session: Any) -> None:
    if session.get(BACKEND_SESSION_KEY) == OLD_BACKEND:
        session[BACKEND_SESSION_KEY] = BACKEND


DECODED: Recent[str] = Recent(10_000)
"""Session rows this process has decoded: the stored text → its data.

Decoding checks the row's signature and unpacks it, a tenth of a cached stats
page; the same text always decodes to the same data, so it is done once per
version of a session. Each request gets its own deep copy: a view may change the
data, nested values included, without saving it.
"""


def _decoded(session: Any, data: str) -> dict[str, Any]:
    found: dict[str, Any] | None = DECODED.get(data)
    if found is None:
        found = session.decode(data)
        if not found:  # a row that does not verify decodes to {}: not kept, checked again next time
            return {}
        DECODED.put(data, found)
    return copy.deepcopy(found)


def _one_query_user(request: HttpRequest) -> Any:
    """The logged-in account with the session and the account read in one query, or ``None``
    when that cannot be done here (the caller takes Django's path).

    Done for a session this process has seen logged in (``SEEN`` names the
    account to read), not yet loaded in this request, kept in the database.
    The session's row, read in the same query, must still exist, be
    unexpired and name that account; then it is this request's session and
    ``auth.get_user`` runs every check it always does (the backend, the
    password hash, an inactive account) on the account read with it.
    """
    session = request.session
    key = session.session_key
    if not key or settings.SESSION_ENGINE not in SESSION_ENGINES_IN_DB or hasattr(session, "_session_cache"):
        return None
    user_id = SEEN.get(key)
    if user_id is None:
        return None
    user, data = _load(user_id, session)
    if user is None or data is None:
        return None
    decoded = _decoded(session, data)
    if decoded.get(SESSION_KEY) != str(user.pk):
        return None
    session._session_cache = decoded  # type: ignore[attr-defined]  # what SessionBase.load() fills
    _rename_old_backend(session)
    token = _preloaded.set(user)
    try:
        return auth.get_user(request)
    finally:
        _preloaded.reset(token)

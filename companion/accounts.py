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

Sessions remember which backend logged them in. Those written before this
backend name ``ModelBackend``, which is no longer listed, so
``AuthenticationMiddleware`` here renames it in the session on that
session's next request (the same account, checked the same way): nobody is
logged out by the change.
"""

from __future__ import annotations

from typing import Any

from django.contrib import auth
from django.contrib.auth import BACKEND_SESSION_KEY, get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.middleware import AuthenticationMiddleware as DjangoAuthenticationMiddleware
from django.db import connections, router
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from campaigns import stats_cache

BACKEND = "companion.accounts.AccountBackend"
OLD_BACKEND = "django.contrib.auth.backends.ModelBackend"
"""The backend sessions written before ``AccountBackend`` name."""


def load_account(user_id: Any) -> Any:
    """The account with this primary key, every column loaded, or ``None``: one plain query."""
    model = get_user_model()
    alias = router.db_for_read(model)
    connection = connections[alias]
    meta = model._meta
    fields: list[Any] = list(meta.concrete_fields)
    quote = connection.ops.quote_name
    pk = f"{quote(meta.db_table)}.{quote(meta.pk.column)}"
    sql = (
        f"SELECT {', '.join(quote(f.column) for f in fields)}, {stats_cache.versions_sql(pk)} "
        f"FROM {quote(meta.db_table)} WHERE {pk} = %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [meta.pk.get_db_prep_value(user_id, connection)])
        row = cursor.fetchone()
    if row is None:
        return None
    values = []
    for field, value in zip(fields, row[: len(fields)], strict=True):
        # As the ORM reads a column: the backend's converters (SQLite's text
        # datetimes and integer booleans), then the field's own.
        column = field.get_col(meta.db_table)
        for convert in (*connection.ops.get_db_converters(column), *field.get_db_converters(connection)):
            value = convert(value, column, connection)
        values.append(value)
    user = model.from_db(alias, [f.attname for f in fields], values)
    stats_cache.keep_versions(user, row[len(fields) :])
    return user


class AccountBackend(ModelBackend):
    """``ModelBackend`` with the account read in one plain query."""

    def get_user(self, user_id: Any) -> Any:
        user = load_account(user_id)
        return user if user is not None and self.user_can_authenticate(user) else None


class AuthenticationMiddleware(DjangoAuthenticationMiddleware):
    """Django's, plus a session naming the old backend renamed to ``AccountBackend`` when first read."""

    def process_request(self, request: HttpRequest) -> None:
        super().process_request(request)
        request.user = SimpleLazyObject(lambda: _user(request))  # type: ignore[assignment]


def _user(request: HttpRequest) -> Any:
    if not hasattr(request, "_cached_user"):
        session = request.session
        if session.get(BACKEND_SESSION_KEY) == OLD_BACKEND:
            session[BACKEND_SESSION_KEY] = BACKEND
        request._cached_user = auth.get_user(request)  # type: ignore[attr-defined]
    return request._cached_user  # type: ignore[attr-defined]

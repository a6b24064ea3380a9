"""The parts of Django's PostgreSQL backend ``campaigns.hotpath.logstore`` uses, not documented.

``ServerBindingCursor`` is the psycopg cursor Django uses with
``server_side_binding``; ``connection._prepare_cursor`` wraps a raw cursor as
Django's own (errors translated, queries logged). ``campaigns/tests/
test_hotpath_adapters.py`` fails if an upgrade changes either.
"""

from __future__ import annotations

import functools
from typing import Any

from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.utils import CursorWrapper


def prepared_cursor(connection: BaseDatabaseWrapper) -> CursorWrapper:
    """Django's cursor around one that binds values on the server and prepares each statement."""
    connection.ensure_connection()
    raw = _prepared_cursor_class()(connection.connection)
    cursor: CursorWrapper = connection._prepare_cursor(raw)  # type: ignore[attr-defined]
    return cursor


@functools.cache
def _prepared_cursor_class() -> Any:
    import psycopg
    from django.db.backends.postgresql.base import ServerBindingCursor  # type: ignore[attr-defined]

    class QueryForLog:
        """What Django's query log reads of a cursor (``_query.query``, for DEBUG and tests that
        count queries): the statement with its values, as Django's own cursor shows it,
        composed only when read. psycopg leaves it unset for a prepared statement."""

        def __init__(self, conn: Any, query: Any, params: Any) -> None:
            self.conn, self.sql, self.params = conn, query, params

        @property
        def query(self) -> bytes:
            return psycopg.ClientCursor(self.conn).mogrify(self.sql, self.params).encode()

    class PreparedCursor(ServerBindingCursor):  # type: ignore[misc]
        """Prepares each statement on its first run; the connection keeps it for the next."""

        def execute(self, query: Any, params: Any = None, *, prepare: bool | None = None, **kw: Any) -> Any:
            try:
                return super().execute(query, params, prepare=True if prepare is None else prepare, **kw)
            finally:
                self._query = QueryForLog(self.connection, query, params)

    return PreparedCursor

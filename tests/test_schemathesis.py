"""Generated requests to every API operation: no 5xx, every response as the schema says (issue #15).

Schemathesis reads our published schema (``/api/v1/schema/``) and, for each
operation, generates requests from it (valid and invalid bodies, queries and
parameters), sends them to the app in-process through Django's WSGI handler
and checks each answer: never a server error, and the status, content type,
headers and body all documented. The requests carry real credentials: the
host's seat token at a Grim Hand table with a character (path ids point at
them, so the handlers run past "not found") and a logged-in account's
session. Rule refusals of well-formed commands are expected answers (400
documented), so "valid data must be accepted" is not one of the checks.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.contrib.auth import get_user_model
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import Client
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from companion.wsgi import application
from tests.grimhand_personas import create_character, gh_table

pytestmark = pytest.mark.django_db

# Statuses game apps answer but do not yet document (found by this test, reported
# on issue #15; the games' owners document them). Only that status of that
# operation is waived, and only for the "documented status" check: its body
# is still checked, and every other status of the operation must be documented.
KNOWN_UNDOCUMENTED: dict[tuple[str, str], set[int]] = {}
"""Statuses an operation answers without documenting them (none now: keep it empty)."""


def documented_status(ctx: Any, response: Any, case: Any) -> bool | None:
    """``status_code_conformance``, less the known gaps above."""
    waived = KNOWN_UNDOCUMENTED.get((case.operation.method.upper(), case.operation.path), set())
    if response.status_code in waived:
        return None
    result: bool | None = status_code_conformance(ctx, response, case)
    return result


CHECKS = [
    not_a_server_error,
    documented_status,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]
# Per operation; with about 35 operations the run takes 30-60 s on two slow cores shared with others.
EXAMPLES = 10


class Credentials:
    def __init__(self) -> None:
        self.host = gh_table("Fuzzed", "Ann")
        self.table_id = self.host.seat.table_id
        self.character_id = create_character(self.host)
        user = get_user_model().objects.create_user(username="fuzz", password="a long fuzz password")
        client = Client()
        client.force_login(user)
        self.session = client.cookies["sessionid"].value
        self.user_id = user.pk


@pytest.fixture
def credentials(db: Any) -> Iterator[Credentials]:
    made = Credentials()
    # As Django's test client does: the test's transaction holds the data, so
    # the handler must not close the connection at the end of each request.
    # (After the set-up above: the test client it uses reconnects these.)
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield made
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


# Fetched from the app itself at collection (the schema view reads no data).
# Not schemathesis.pytest.from_fixture: its lazy loader sets a pytest attribute
# (Function._nodeid) that pytest 9 no longer has.
schema = schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", application)


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    # The table and account live for the whole test, shared by its examples.
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
    ],
)
def test_every_operation_answers_as_documented(case: Any, credentials: Credentials) -> None:
    ids = {"table_id": credentials.table_id, "character_id": credentials.character_id}
    ids["host_id"] = credentials.user_id
    for name in list(case.path_parameters or {}):
        if name in ids:
            case.path_parameters[name] = ids[name]
    # From our own origin, as a browser on our pages says: the session is the account's, so
    # opening, joining and importing run past the CSRF refusal (campaigns.auth.SessionAccount).
    origin = {"Sec-Fetch-Site": "same-origin"}
    case.headers = {**(case.headers or {}), **origin, "Authorization": f"Seat {credentials.host.token}"}
    case.cookies = {**(case.cookies or {}), "sessionid": credentials.session}
    case.call_and_validate(checks=CHECKS)


def test_my_plays_offset_parses_strictly(credentials: Credentials) -> None:
    """ "²" is a digit to str.isdigit() but not to int(): it was a 500."""
    client = Client()
    client.cookies["sessionid"] = credentials.session
    for offset in ("²", "-1", "1e3", "9" * 30):
        response = client.get("/api/v1/me/plays/", {"offset": offset})
        assert response.status_code == 400, (offset, response.content)
        assert response.json()["code"] == "bad_param"
    assert client.get("/api/v1/me/plays/", {"offset": "0"}).status_code == 200

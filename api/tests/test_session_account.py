"""A logged-in player who opens, joins or imports a table through the API owns what they made.

DRF replaced the session's user with its own (anonymous) result, so these
tables were nobody's: missing from the player's history. The account counts
when the request passes Django's CSRF check, as our pages' requests do, or
when the browser says it comes from our own origin; any other logged-in
request is refused, never served as a guest (``campaigns.auth.SessionAccount``).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from campaigns.models import Seat, Table
from tests.import_jobs import finished

pytestmark = pytest.mark.django_db
CREATE = {"game": "counters", "name": "Friday", "seat_name": "Mara"}


def mara_by_page(csrf: bool) -> tuple[Any, Client, dict[str, str]]:
    """Mara, logged in; her browser (CSRF enforced) and, if ``csrf``, the header our pages send."""
    mara = get_user_model().objects.create_user("mara", password="x")
    client = Client(enforce_csrf_checks=True)
    client.force_login(mara)
    assert client.get("/accounts/login/").status_code in (200, 302)  # sets the CSRF cookie
    token = client.cookies["csrftoken"].value
    return mara, client, ({"HTTP_X_CSRFTOKEN": token} if csrf else {})


def post(client: Client, path: str, body: dict[str, Any], headers: dict[str, str]) -> dict[str, Any]:
    response = client.post(path, body, content_type="application/json", **headers)  # type: ignore[arg-type]
    if path == "/api/v1/tables/import/":  # accepted, then replayed as a job (issue #32)
        assert response.status_code == 202, response.content
        response = finished(response, client)
        assert response.status_code == 200, response.content
    else:
        assert response.status_code == 201 if path != "/api/v1/tables/join/" else 200, response.content
    result: dict[str, Any] = response.json()
    return result


def test_a_table_opened_joined_and_imported_from_our_pages_is_the_accounts() -> None:
    mara, client, headers = mara_by_page(csrf=True)
    made = post(client, "/api/v1/tables/", CREATE, headers)
    table = Table.objects.get(pk=made["id"])
    assert table.host_user_id == mara.pk
    assert Seat.objects.get(pk=made["seat"]["id"]).user_id == mara.pk

    guest = Client().post("/api/v1/tables/", {**CREATE, "seat_name": "Ivo"}, content_type="application/json")
    joined = post(
        client, "/api/v1/tables/join/", {"code": guest.json()["join_code"], "name": "Mara"}, headers
    )
    assert Seat.objects.get(pk=joined["seat"]["id"]).user_id == mara.pk

    exported = Client().get(
        f"/api/v1/tables/{guest.json()['id']}/export/",
        HTTP_AUTHORIZATION=f"Seat {guest.json()['seat']['token']}",
    )
    assert exported.status_code == 200
    imported = post(client, "/api/v1/tables/import/", exported.json(), headers)
    assert Table.objects.get(pk=imported["id"]).host_user_id == mara.pk
    assert Seat.objects.get(pk=imported["seat"]["id"]).user_id == mara.pk


def test_a_logged_in_fetch_from_our_pages_is_the_accounts_without_the_token() -> None:
    """Issue #32, item 10: a browser says a request comes from our own origin (``Sec-Fetch-Site``,
    which no page can set), so a logged-in ``fetch`` there opens and joins as the account."""
    mara, client, _ = mara_by_page(csrf=False)
    ours = {"HTTP_SEC_FETCH_SITE": "same-origin"}
    made = post(client, "/api/v1/tables/", CREATE, ours)
    assert Table.objects.get(pk=made["id"]).host_user_id == mara.pk
    assert Seat.objects.get(pk=made["seat"]["id"]).user_id == mara.pk
    joined = post(client, "/api/v1/tables/join/", {"code": made["join_code"], "name": "Mara 2"}, ours)
    assert Seat.objects.get(pk=joined["seat"]["id"]).user_id == mara.pk


@pytest.mark.parametrize("site", [None, "cross-site", "same-site"])
def test_a_logged_in_request_not_shown_to_come_from_our_pages_is_refused(site: str | None) -> None:
    """Issue #32, item 10: it was served as a guest, so a logged-in player's table was silently
    nobody's. Now it is refused (403 ``csrf_failed``, saying what to send) and nothing is made;
    a request from another site cannot seat the account either."""
    _mara, client, _ = mara_by_page(csrf=False)
    headers = {"HTTP_SEC_FETCH_SITE": site} if site else {}
    guest = Client().post("/api/v1/tables/", {**CREATE, "seat_name": "Ivo"}, content_type="application/json")
    tables, seats = Table.objects.count(), Seat.objects.count()
    for path, body in (
        ("/api/v1/tables/", CREATE),
        ("/api/v1/tables/join/", {"code": guest.json()["join_code"], "name": "Mara"}),
    ):
        r = client.post(path, body, content_type="application/json", **headers)  # type: ignore[arg-type]
        assert r.status_code == 403, r.content
        assert r.json()["code"] == "csrf_failed" and "X-CSRFToken" in r.json()["message"]
    assert (Table.objects.count(), Seat.objects.count()) == (tables, seats)


def test_a_guest_needs_no_token() -> None:
    made = Client(enforce_csrf_checks=True).post("/api/v1/tables/", CREATE, content_type="application/json")
    assert made.status_code == 201
    assert Table.objects.get(pk=made.json()["id"]).host_user_id is None

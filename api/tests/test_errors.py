"""Every API error status uses the one shape {code, message, extra}."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

pytestmark = [pytest.mark.django_db, pytest.mark.urls("api.tests.error_urls")]


def _shape(body: Any) -> None:
    assert set(body) == {"code", "message", "extra"}
    assert isinstance(body["code"], str) and body["code"]
    assert isinstance(body["message"], str) and body["message"]
    assert isinstance(body["extra"], dict)


def test_400_lists_the_invalid_fields(client: Client) -> None:
    r = client.post(
        "/api/v1/test/validate/", {"seat": 0, "name": "far too long"}, content_type="application/json"
    )
    assert r.status_code == 400
    body = r.json()
    _shape(body)
    assert body["code"] == "invalid"
    assert set(body["extra"]["fields"]) == {"seat", "name"}


def test_400_for_malformed_json(client: Client) -> None:
    r = client.post("/api/v1/test/validate/", "{nope", content_type="application/json")
    assert r.status_code == 400
    _shape(r.json())
    assert r.json()["code"] == "parse_error"


def test_401(client: Client) -> None:
    r = client.get("/api/v1/test/login/")
    assert r.status_code == 401
    _shape(r.json())
    assert r.json()["code"] == "not_authenticated"


def test_403(client: Client) -> None:
    r = client.get("/api/v1/test/forbidden/")
    assert r.status_code == 403
    _shape(r.json())
    assert r.json()["code"] == "permission_denied"


def test_404_for_an_unknown_api_url(client: Client) -> None:
    r = client.get("/api/v1/no-such-thing/")
    assert r.status_code == 404
    _shape(r.json())
    assert r.json()["code"] == "not_found"


def test_405(client: Client) -> None:
    r = client.post("/api/v1/hello/")
    assert r.status_code == 405
    _shape(r.json())
    assert r.json()["code"] == "method_not_allowed"
    assert r.json()["extra"]["method"] == "POST"


def test_500_hides_the_crash_behind_the_shape() -> None:
    client = Client(raise_request_exception=False)
    r = client.get("/api/v1/test/broken/")
    assert r.status_code == 500
    _shape(r.json())
    assert r.json()["code"] == "server_error"
    assert "boom" not in r.json()["message"]

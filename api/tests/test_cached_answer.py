"""Statistics answers kept as the bytes sent (``api.cached``, issue #14, "Speed").

The kept bytes must be what DRF's renderer sends for the same request: the
same JSON and content type, and a separate copy for each indent asked for,
and no more (the Accept header's other parameters make no copies).
"""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.test import Client

from campaigns import history
from campaigns.tests.test_history import ended_counters_table

pytestmark = pytest.mark.django_db


def test_kept_answers_are_what_the_renderer_sends_for_each_media_type(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    mara = get_user_model().objects.create_user("mara", password="x")
    ended_counters_table(user=mara)
    client = Client()
    client.force_login(mara)
    made: list[str] = []
    kept_answers = caches["stats"]
    keep = kept_answers.set

    def counted(key: str, value: object, timeout: float | None = None) -> None:
        made.append(key)
        keep(key, value, timeout)

    monkeypatch.setattr(kept_answers, "set", counted)
    first = client.get("/api/v1/me/stats/")
    again = client.get("/api/v1/me/stats/")
    assert first.status_code == again.status_code == 200
    assert first["Content-Type"] == again["Content-Type"] == "application/json"
    assert first.content == again.content and b"\n" not in first.content  # compact, as DRF renders it
    assert json.loads(first.content) == history.stats_of(mara)
    indented = client.get("/api/v1/me/stats/", HTTP_ACCEPT="application/json; indent=2")
    assert indented.content.startswith(b'{\n  "') and json.loads(indented.content) == json.loads(
        first.content
    )
    assert client.get("/api/v1/me/stats/").content == first.content  # the compact copy is still compact
    odd = client.get("/api/v1/me/stats/", HTTP_ACCEPT="application/json; indent=2; x=1")
    assert odd.content == indented.content
    kept = [k for k in made if ":me:api:" in k and f":{mara.pk}:" in k]
    assert len(kept) == 2, kept  # compact and indent=2: other parameters make no copy of their own
    ended_counters_table(user=mara)
    assert json.loads(client.get("/api/v1/me/stats/").content)["plays"] == 2

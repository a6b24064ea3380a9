"""The table API: every status code and who may do what."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from campaigns import throttle
from campaigns.models import Table, TableStatus
from tests.personas import Person, add_life

pytestmark = pytest.mark.django_db


def shape(body: dict) -> None:
    assert set(body) == {"code", "message", "extra"}


def test_create_201_returns_seat_token_and_state() -> None:
    r = APIClient().post(
        "/api/v1/tables/", {"game": "counters", "name": "Fri", "seat_name": "Ann"}, format="json"
    )
    assert r.status_code == 201
    body = r.json()
    assert set(body) == {"id", "join_code", "seat", "seq", "state"}
    assert body["seat"]["role"] == "host" and len(body["seat"]["token"]) > 30
    assert body["seq"] == 1 and body["state"]["counters"] == []


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "counters", "name": "Fri"}, "invalid"),
        ({"game": "poker", "name": "Fri", "seat_name": "Ann"}, "unknown_game"),
        ({"game": "counters", "name": "   ", "seat_name": "Ann"}, "invalid"),
    ],
)
def test_create_400(body: dict, code: str) -> None:
    r = APIClient().post("/api/v1/tables/", body, format="json")
    assert r.status_code == 400
    shape(r.json())
    assert r.json()["code"] == code


def test_join_201_as_player_and_spectator(host: Person) -> None:
    client = APIClient()
    r = client.post("/api/v1/tables/join/", {"code": host.table.join_code, "name": "Bo"}, format="json")
    assert r.status_code == 201
    assert r.json()["table_id"] == host.table.pk and r.json()["seat"]["role"] == "player"
    s = client.post(
        "/api/v1/tables/join/",
        {"code": host.table.join_code, "name": "TV", "role": "spectator"},
        format="json",
    )
    assert s.json()["seat"]["role"] == "spectator"


def wrong_join(client: APIClient, code: str = "ZZZZZZ") -> Any:
    return client.post("/api/v1/tables/join/", {"code": code, "name": "Guess"}, format="json")


def test_wrong_codes_404_then_429_yet_the_right_code_still_joins(host: Person) -> None:
    """Issue #32, item 6: a café's address past its limit (others' typos) still lets the code in."""
    cache.clear()
    client = APIClient(REMOTE_ADDR="10.9.9.9")
    for _ in range(throttle.JOIN_FAILS_ALLOWED):
        r = wrong_join(client)
        assert r.status_code == 404 and r.json()["code"] == "bad_code"
    r = client.post("/api/v1/tables/join/", {"code": host.table.join_code, "name": "Bo"}, format="json")
    assert r.status_code == 201, r.json()
    assert r.json()["table_id"] == host.table.pk
    # Wrong codes stay refused as locked (429), not told wrong (404): guessing stays limited.
    for code in ("ZZZZZZ", "KKKKKK", "not a code"):
        r = wrong_join(client, code)
        assert r.status_code == 429 and r["Retry-After"] == str(throttle.JOIN_FAIL_WINDOW_S)
        shape(r.json())
        assert r.json()["code"] == "throttled"
    other = APIClient(REMOTE_ADDR="10.9.9.10")
    assert wrong_join(other).status_code == 404  # another phone has its own count
    cache.clear()


def test_past_the_checked_wrong_codes_even_the_right_code_waits(host: Person) -> None:
    cache.clear()
    client = APIClient(REMOTE_ADDR="10.9.8.1")
    answers = [wrong_join(client, f"ZZZZ{n:02d}").status_code for n in range(throttle.JOIN_FAILS_CHECKED)]
    expected_429 = throttle.JOIN_FAILS_CHECKED - throttle.JOIN_FAILS_ALLOWED
    assert answers == [404] * throttle.JOIN_FAILS_ALLOWED + [429] * expected_429, answers
    r = client.post("/api/v1/tables/join/", {"code": host.table.join_code, "name": "Bo"}, format="json")
    assert r.status_code == 429 and r.json()["code"] == "throttled"
    cache.clear()


def test_one_code_passes_locked_addresses_a_limited_number_of_times(
    host: Person, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache.clear()
    monkeypatch.setattr(throttle, "JOIN_PASSES_PER_CODE", 2)
    code = host.table.join_code
    locked = [APIClient(REMOTE_ADDR=f"10.9.7.{n}") for n in range(3)]
    for client in locked:
        for _ in range(throttle.JOIN_FAILS_ALLOWED):
            assert wrong_join(client).status_code == 404
    assert [wrong_join(c, code).status_code for c in locked] == [201, 201, 429]
    # The limit is the code's for locked addresses only: a phone in good standing joins.
    assert wrong_join(APIClient(REMOTE_ADDR="10.9.7.200"), code).status_code == 201
    # An ended table's code opens no table: from a locked address, 429 like any wrong code.
    Table.objects.filter(pk=host.table.pk).update(status=TableStatus.ENDED)
    monkeypatch.setattr(throttle, "JOIN_PASSES_PER_CODE", 100)
    assert wrong_join(locked[0], code).status_code == 429
    assert wrong_join(APIClient(REMOTE_ADDR="10.9.7.201"), code).status_code == 410
    cache.clear()


def test_get_table_for_seats_only(host: Person, player: Person, spectator: Person, outsider: Person) -> None:
    url = f"/api/v1/tables/{host.table.pk}/"
    for p in (host, player, spectator):
        r = p.client.get(url)
        assert r.status_code == 200
        assert set(r.json()) >= {"id", "game", "name", "seq", "state", "seats"}
        assert r.json()["you"]["id"] == p.seat.pk
    assert [s["name"] for s in host.client.get(url).json()["seats"]] == ["Ann", "Bo", "Screen"]
    assert APIClient().get(url).status_code == 401
    bad = APIClient()
    bad.credentials(HTTP_AUTHORIZATION="Seat not-a-token")
    r = bad.get(url)
    assert r.status_code == 401 and r.json()["code"] == "bad_token"
    r = outsider.client.get(url)
    assert r.status_code == 403 and r.json()["code"] == "not_your_table"


def test_events_after_n_oldest_first_paginated(player: Person) -> None:
    life = add_life(player)
    for _ in range(5):
        player.command("counter.adjust", {"counter_id": life, "by": 1})
    url = f"/api/v1/tables/{player.table.pk}/events/"
    page = player.client.get(url, {"after": 2, "limit": 3}).json()
    assert [e["seq"] for e in page["results"]] == [3, 4, 5]
    assert page["has_more"] is True and page["next_after"] == 5
    assert set(page["results"][0]) == {"seq", "seat", "type", "payload", "created_at", "text", "undo_by"}
    # Bo's own change: his to undo, and the host's (a spectator or another player: not theirs).
    assert len(page["results"][0]["undo_by"]) == 2 and player.seat.pk in page["results"][0]["undo_by"]
    assert page["results"][0]["text"] == "added Life (20)"
    assert page["results"][1]["text"] == "+1 Life (Bo) 20 \u2192 21"
    rest = player.client.get(url, {"after": page["next_after"]}).json()
    assert [e["seq"] for e in rest["results"]] == [6, 7, 8]
    assert rest["has_more"] is False
    r = player.client.get(url, {"after": "x"})
    assert r.status_code == 400 and r.json()["code"] == "bad_param"
    assert APIClient().get(url).status_code == 401


def test_an_undo_names_the_numbers_it_really_moved(player: Person) -> None:
    """Undoing an older change is relative: its line quotes the change and names what moved now."""
    life = add_life(player)
    older = player.command("counter.adjust", {"counter_id": life, "by": -3}).json()["seq"]
    player.command("counter.adjust", {"counter_id": life, "by": 5})
    undo = player.command("undo", {"seq": older}).json()["events"][0]
    assert undo["text"] == "undid: \u22123 Life (Bo) 20 \u2192 17 (Life (Bo) 22 \u2192 25)"
    redo = player.command("redo", {"seq": undo["seq"]}).json()["events"][0]
    assert redo["text"].endswith("(Life (Bo) 25 \u2192 22)")


def test_events_after_past_2_53_is_refused_naming_after(player: Person) -> None:
    """Issue #32, item 9: ``next_after`` is a seq, so it never exceeds 2**53 (a phone's JSON number)."""
    url = f"/api/v1/tables/{player.table.pk}/events/"
    at_the_limit = player.client.get(url, {"after": 2**53})
    assert at_the_limit.status_code == 200
    assert at_the_limit.json()["results"] == [] and at_the_limit.json()["next_after"] == 2**53
    for after in (2**53 + 1, 2**70, 10**4000):
        r = player.client.get(url, {"after": after})
        assert r.status_code == 400, (after, r.content)
        assert r.json()["code"] == "bad_param" and r.json()["extra"]["field"] == "after"


def test_command_statuses(
    host: Person, player: Person, other_player: Person, spectator: Person, outsider: Person
) -> None:
    life = add_life(player)
    url = f"/api/v1/tables/{host.table.pk}/commands/"
    ok = player.command("counter.adjust", {"counter_id": life, "by": 2})
    assert ok.status_code == 200 and set(ok.json()) == {"seq", "events", "state"}
    assert ok.json()["events"][0]["type"] == "counter.adjusted"
    assert host.command("counter.adjust", {"counter_id": life, "by": 1}).status_code == 200  # host may
    r = other_player.command("counter.adjust", {"counter_id": life, "by": 1})
    assert r.status_code == 403 and r.json()["code"] == "not_your_seat"
    r = spectator.command("counter.add", {"name": "Life"})
    assert r.status_code == 403 and r.json()["code"] == "spectator"
    r = outsider.client.post(
        url, {"command_id": "x", "type": "counter.add", "payload": {"name": "L"}}, format="json"
    )
    assert r.status_code == 403
    r = APIClient().post(url, {"command_id": "x", "type": "counter.add", "payload": {}}, format="json")
    assert r.status_code == 401
    shape(r.json())
    r = player.client.post(url, {"type": "counter.add"}, format="json")
    assert r.status_code == 400 and "command_id" in r.json()["extra"]["fields"]
    r = player.command("counter.rename", {"counter_id": life, "name": ""})
    assert r.status_code == 400 and r.json()["code"] == "bad_name"

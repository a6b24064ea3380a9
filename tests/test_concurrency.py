"""Two phones tapping the same counter at once: nothing lost, no gap in seq."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from campaigns import services
from campaigns.models import Event, Table

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_clients_fifty_adjustments_each_all_count() -> None:
    table, host = services.table_create(game="counters", name="Race", seat_name="Ann")
    _, guest = services.seat_join(code=table.join_code, name="Bo")
    services.command_execute(
        table_id=table.pk,
        seat=host.seat,
        command_id="add",
        type="table.set_policy",
        payload={"edit_policy": "everyone"},
    )
    life = services.command_execute(
        table_id=table.pk, seat=host.seat, command_id="life", type="counter.add", payload={"name": "Life"}
    ).body["state"]["counters"][0]["id"]
    start = threading.Barrier(2)
    failures: list[Any] = []

    def tap(token: str, sign: int, prefix: str) -> None:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Seat {token}")
        start.wait()
        try:
            for i in range(50):
                r = client.post(
                    f"/api/v1/tables/{table.pk}/commands/",
                    {
                        "command_id": f"{prefix}-{i}",
                        "type": "counter.adjust",
                        "payload": {"counter_id": life, "by": sign},
                    },
                    format="json",
                )
                if r.status_code != 200:
                    failures.append(r.json())
        finally:
            connection.close()

    threads = [
        threading.Thread(target=tap, args=(host.token, 1, "a")),
        threading.Thread(target=tap, args=(guest.token, 2, "b")),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert failures == []
    table = Table.objects.get(pk=table.pk)
    assert table.state["counters"][0]["value"] == 50 * 1 + 50 * 2
    adjusted = Event.objects.filter(table=table, type="counter.adjusted")
    assert adjusted.count() == 100
    seqs = list(Event.objects.filter(table=table).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, table.seq + 1))
    # the log alone explains the final value
    assert sum(e.payload["by"] for e in adjusted) == table.state["counters"][0]["value"]

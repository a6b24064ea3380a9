"""Bench-only baseline: a bare Channels consumer and a plain view.

``make bench`` compares the table's command → websocket latency with the
cheapest possible broadcast on the same server and channel layer: a plain
Django view that forwards its request body to a group, and a consumer that
relays it. Mounted only when the environment sets ``BENCH_ROUTES=1``.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from asgiref.sync import async_to_sync
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from django.http import HttpRequest, HttpResponse
from django.views.decorators.csrf import csrf_exempt

GROUP = "bench-baseline"


def _group(raw: str) -> str:
    """``?group=N`` gives each simulated table its own group (bench_capacity); none: the one group."""
    return f"{GROUP}-{int(raw)}" if raw.isascii() and raw.isdigit() and len(raw) < 10 else GROUP


@csrf_exempt
def broadcast(request: HttpRequest) -> HttpResponse:
    """Forward the body to every baseline socket of the group; answer 204."""
    layer = get_channel_layer()
    assert layer is not None
    group = _group(request.GET.get("group", ""))
    async_to_sync(layer.group_send)(group, {"type": "relay", "text": request.body.decode()})
    return HttpResponse(status=204)


class RelayConsumer(AsyncWebsocketConsumer):  # type: ignore[misc]
    async def connect(self) -> None:
        query = parse_qs(self.scope.get("query_string", b"").decode())
        self.group = _group(query.get("group", [""])[0])
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def relay(self, message: dict[str, Any]) -> None:
        await self.send(text_data=message["text"])

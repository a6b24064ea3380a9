"""Health of every dependency, checked for real (no cached verdicts).

``GET /healthz`` answers 200 when the database, the cache, the channel layer
and the Celery broker all answer, else 503 naming the ones that do not
(``down``) and the services behind them (``services_down``: ``database``,
``redis``), with a line for whoever reads it (``message``).
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import sync_to_async
from channels.layers import BaseChannelLayer, get_channel_layer
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse

from companion.celery import app as celery_app

CHECK_TIMEOUT_S = 2.0
logger = logging.getLogger(__name__)

# One reply channel per event loop (and layer), reused by every check: the
# pub/sub layer keeps a subscription per channel, so a fresh channel per
# request would leak subscriptions. Weak keys: a finished loop's entry goes.
_reply: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, tuple[int, str, asyncio.Lock]] = (
    weakref.WeakKeyDictionary()
)


def _check_database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return connection.vendor


def _check_cache() -> str:
    key = f"healthz:{uuid.uuid4().hex}"
    cache.set(key, "ok", timeout=10)
    value = cache.get(key)
    cache.delete(key)
    if value != "ok":
        raise RuntimeError("cache did not return the value just written")
    return type(cache).__name__


def _check_broker() -> str:
    if celery_app.conf.task_always_eager:
        return "in-process (tasks run eagerly)"
    # A pooled connection: opening a new broker connection per check made
    # /healthz ten times slower than the checks themselves.
    pool: Any = celery_app.pool  # a kombu ConnectionPool (the stubs say otherwise)
    with pool.acquire(block=True, timeout=CHECK_TIMEOUT_S) as conn:
        conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=1)
        client = getattr(conn.default_channel, "client", None)
        if client is not None and hasattr(client, "ping"):
            client.ping()  # a real round trip on an already open connection
        transport: str = conn.transport.driver_name
    return transport


async def _check_channel_layer() -> str:
    layer: BaseChannelLayer | None = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer configured")
    loop = asyncio.get_running_loop()
    entry = _reply.get(loop)
    if entry is None or entry[0] != id(layer):
        entry = (id(layer), await layer.new_channel(prefix="healthz."), asyncio.Lock())
        _reply[loop] = entry
    _, channel, lock = entry
    async with lock:
        nonce = uuid.uuid4().hex
        await layer.send(channel, {"type": "healthz.ping", "nonce": nonce})
        while True:  # skip a stale ping left by a check that timed out
            message = await layer.receive(channel)
            if message.get("nonce") == nonce:
                break
    return type(layer).__name__


async def _timed(check: Callable[[], Awaitable[str]]) -> dict[str, Any]:
    started = time.perf_counter()
    try:
        detail = await asyncio.wait_for(check(), CHECK_TIMEOUT_S)
    except Exception as exc:  # any failure of a dependency is reported, not raised
        # The kind of failure only: messages name hosts, ports and users, which
        # a public health check must not tell; the log keeps the whole story.
        logger.warning("Health check %s failed", getattr(check, "__name__", check), exc_info=True)
        reason = "timed out" if isinstance(exc, TimeoutError) else f"unreachable ({type(exc).__name__})"
        return {"ok": False, "error": reason, "ms": _ms(started)}
    return {"ok": True, "detail": detail, "ms": _ms(started)}


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 2)


async def healthz(request: HttpRequest) -> JsonResponse:
    """Report each dependency; 503 names the ones that are down."""
    results = await asyncio.gather(
        _timed(sync_to_async(_check_database)),
        _timed(sync_to_async(_check_cache)),
        _timed(_check_channel_layer),
        _timed(sync_to_async(_check_broker)),
    )
    names = ("database", "cache", "channel_layer", "broker")
    checks = dict(zip(names, results, strict=True))
    down = [name for name, result in checks.items() if not result["ok"]]
    services = sorted({_service(name) for name in down})
    body: dict[str, Any] = {"status": "ok" if not down else "down", "down": down, "services_down": services}
    body["checks"] = checks
    if down:
        body["message"] = " ".join(MEANING.get(s, f"The {s} does not answer.") for s in services)
    return JsonResponse(body, status=503 if down else 200)


MEANING = {
    "database": "The database does not answer: nothing can be read or saved.",
    "redis": (
        "Redis does not answer: commands and joins are still saved; live updates wait "
        "(phones poll), and limits and caches are off until it answers again."
    ),
}


def _service(check: str) -> str:
    """The service a check reaches: with ``REDIS_URL`` the cache, the layer and the broker are Redis."""
    return "redis" if check != "database" and settings.REDIS_URL else check

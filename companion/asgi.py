"""ASGI entry point: HTTP and websockets on one port.

``make run`` serves this with uvicorn. Websocket routes are collected from the
apps (``campaigns.routing``) as they appear.
"""

from __future__ import annotations

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
django.setup(set_prefix=False)

from campaigns.payloads import MAX_BODY_BYTES as COMMAND_BODY_BYTES  # noqa: E402
from companion.envcheck import EnvReader  # noqa: E402
from companion.server.wsgi_bridge import HttpViaWsgi  # noqa: E402
from companion.server.wsgi_handler import Handler  # noqa: E402

# HTTP runs through Django's WSGI handler on a thread pool (one hop per
# request); see companion/server/wsgi_bridge.py for the measurements behind this.
# Two threads per process measured best on this 2-core machine with a local
# database (more threads mostly wait for the GIL); raise WEB_THREADS when the
# database is far away and requests spend longer waiting on it.
# WEB_MAX_IN_FLIGHT bounds the requests one process holds (the rest are told
# 503 + Retry-After at once rather than queueing for seconds), and
# WEB_MAX_WAIT_MS how long a command may wait for a thread (then 503 before
# any of its work is done), and WEB_MAX_LAG_MS how late the event loop may
# run when a command arrives (then 503 at the door: the phones would get its
# events late anyway).
# Read strictly, as every setting is: a typo stops start-up with the variable's name.
_env = EnvReader()
http_app = HttpViaWsgi(
    Handler(),  # Django's, with each request's reference cycles undone when it ends
    threads=_env.integer("WEB_THREADS", 2),
    max_in_flight=_env.integer("WEB_MAX_IN_FLIGHT", 64),
    # 0 turns each of these bounds off.
    max_wait_s=_env.integer("WEB_MAX_WAIT_MS", 50, minimum=0) / 1000,
    # Not tighter: two server processes on one machine wait for its cores as well as for their
    # threads, and a tighter bound read that as a standing queue and refused commands the
    # processes had the CPU to run (bench_capacity, two processes).
    queued_wait_s=_env.integer("WEB_QUEUED_WAIT_MS", 10, minimum=0) / 1000,
    queue_interval_s=_env.integer("WEB_QUEUE_INTERVAL_MS", 100, minimum=0) / 1000,
    max_lag_s=_env.integer("WEB_MAX_LAG_MS", 30, minimum=0) / 1000,
    # Where passwords are checked (PBKDF2, slow by design): their own threads, so a
    # login flood never queues in front of table commands.
    side_paths=("/accounts/", "/admin/login/"),
    # A command (and its preview) is at most 64 KB: a larger one is told so, not the 10 MB
    # every other request may send, and is not read past it.
    body_limits=((r"/api/v1/tables/[^/]+/commands/", COMMAND_BODY_BYTES),),
)

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from companion.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": http_app,
        # Origins are checked by each consumer with the seat's credential
        # (campaigns.credentials): a native client without an Origin header
        # may connect with an explicit token; cookies need one of our origins.
        "websocket": URLRouter(websocket_urlpatterns),
    }
)

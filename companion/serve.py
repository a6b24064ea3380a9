"""Start the service the way ``make run`` and the benchmarks do.

One uvicorn process serves HTTP (through ``companion.server.wsgi_bridge``) and
websockets (Channels) on one port. ``PORT`` and ``HOST`` override the
address. Production layout (see README): run several of these behind one
proxy with ``REDIS_URL`` set, so the Redis channel layer joins them.
``SERVE_CPU`` keeps the process on one core (``make serve`` gives each its own).
"""

from __future__ import annotations

import gc
import os
import sys

import uvicorn

from companion.logredact import uvicorn_log_config
from companion.websocket_protocol import WideWindowProtocol


def pin_to_core(raw: str) -> None:
    """Keep this process, and every thread it starts from now on, on one core.

    ``raw`` counts among the cores the process may use (0 is the first, past the last it wraps
    around), so ``make serve`` numbers its processes the same way on any machine or cpuset.
    Why one core: the threads of a process hand the interpreter to each other at every request
    and every database answer; on one core that is a switch, across two a wake-up of the other
    core (docs/decisions/cpu-pinning.md).
    """
    if not raw.isdigit():
        sys.exit(f"SERVE_CPU must be a whole number (0 is the first core), got {raw!r}")
    if not hasattr(os, "sched_setaffinity"):
        sys.exit("SERVE_CPU needs Linux (sched_setaffinity); leave it unset here")
    cores = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cores[int(raw) % len(cores)]})


def main() -> None:
    host = os.environ.get("HOST", "127.0.0.1")
    port_raw = os.environ.get("PORT", "8000")
    if not port_raw.isdigit() or not 0 < int(port_raw) < 65536:
        sys.exit(f"PORT must be a number from 1 to 65535, got {port_raw!r}")
    port = int(port_raw)
    if os.environ.get("SERVE_CPU"):  # before any thread starts: each inherits the core
        pin_to_core(os.environ["SERVE_CPU"])
    from companion.asgi import application  # loads Django, checks settings

    # Objects that live for the whole process go to a permanent generation so
    # the collector stops re-scanning them: fewer long pauses under load.
    gc.collect()
    gc.freeze()
    # A young-generation collection holds the whole process (every thread and
    # the event loop) for as long as it walks the generation, so its size is
    # a pause: with a generation of 50,000 the commands queued behind one were
    # refused (bench_capacity). Requests leave nothing for the collector
    # (companion/server/wsgi_handler.py), so collections come only from tables and
    # sockets opening; the default (700) would still collect several times
    # per table opened.
    gc.set_threshold(int(os.environ.get("GC_GEN0_THRESHOLD", "10000")), 50, 100)
    # The GIL switch interval trades throughput for hand-off latency between
    # the HTTP worker threads and the event loop. Shorter intervals cost REST
    # throughput (bench_http) while command → event p99 barely moved, so the
    # default (5 ms) stays unless GIL_SWITCH_INTERVAL_S is set.
    if os.environ.get("GIL_SWITCH_INTERVAL_S"):
        sys.setswitchinterval(float(os.environ["GIL_SWITCH_INTERVAL_S"]))
    from campaigns.consumers import MAX_MESSAGE  # a model module: after Django is set up

    print(f"Grim companion: serving on http://{host}:{port}/  (Ctrl+C stops)", flush=True)
    uvicorn.run(
        application,
        host=host,
        port=port,
        lifespan="off",
        access_log=os.environ.get("ACCESS_LOG", "0") == "1",
        log_config=uvicorn_log_config(),  # seat tokens scrubbed from every line
        log_level=os.environ.get("LOG_LEVEL", "warning"),
        ws=WideWindowProtocol,  # a compression window that holds a whole board
        # What a phone may send in one message (uvicorn's default is 16 MB): a bigger frame
        # closes its socket 1009 before it is read (campaigns.consumers says what a phone sends).
        ws_max_size=MAX_MESSAGE,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        # The client's address (rate limits, logs) comes from X-Forwarded-For
        # only when the direct peer is a trusted proxy: anyone else's header is
        # ignored, so a client cannot escape a limit by inventing addresses.
        proxy_headers=True,
        forwarded_allow_ips=os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1"),
    )


if __name__ == "__main__":
    main()

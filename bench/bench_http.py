"""REST speed: our /healthz and DRF hello against a bare DRF hello on gunicorn.

Issue: the REST path served the way ``make run`` serves it must reach at
least 0.8x the requests/second of a bare DRF "hello" under gunicorn (sync,
1 worker), both measured in this run at 16 connections.
"""

from __future__ import annotations

import shutil
import sys

from bench.servers import gunicorn_baseline, our_server, wrk

TARGET_RATIO = 0.8


def main(argv: list[str]) -> int:
    if shutil.which("wrk") is None:
        print("wrk is not installed (apt-get install wrk)")
        return 1
    quick = "--quick" in argv
    seconds = 2 if quick else 10
    with gunicorn_baseline() as base_url:
        wrk(f"{base_url}/hello/", seconds=1)  # warm-up
        baseline = wrk(f"{base_url}/hello/", seconds=seconds)
    with our_server() as url:
        wrk(f"{url}/api/v1/hello/", seconds=1)
        hello = wrk(f"{url}/api/v1/hello/", seconds=seconds)
        health = wrk(f"{url}/healthz", seconds=seconds)
    print(f"{'endpoint':40} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'ratio':>6}")
    rows = [
        ("baseline: bare DRF hello, gunicorn sync x1", baseline),
        ("ours: GET /api/v1/hello/ (make run)", hello),
        ("ours: GET /healthz (make run)", health),
    ]
    for name, r in rows:
        print(f"{name:40} {r.rps:9.0f} {r.p50_ms:8.2f} {r.p99_ms:8.2f} {r.rps / baseline.rps:6.2f}x")
    ratio = hello.rps / baseline.rps
    verdict = "meets" if ratio >= TARGET_RATIO else "MISSES"
    print(f"REST path {ratio:.2f}x of the gunicorn baseline: {verdict} the {TARGET_RATIO}x target")
    if hello.errors or baseline.errors:
        print(f"errors seen: ours {hello.errors}, baseline {baseline.errors}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

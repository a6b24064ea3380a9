"""Microseconds per call, the one timer the library races (bench_accounts, _axes, _cache, ...) share,
and the percentiles every latency benchmark reports."""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable


def per_call_us(
    run: Callable[[], object], repeat: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Microseconds per call of ``run``, the mean of ``repeat`` calls after a collection.

    ``clock=time.thread_time`` counts this thread's CPU only: on the shared machine the wall
    clock swung 0.5-3x between runs of the same code.
    """
    gc.collect()
    started = clock()
    for _ in range(repeat):
        run()
    return (clock() - started) * 1e6 / repeat


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def summary(name: str, lat_ms: list[float]) -> str:
    return (
        f"{name:44} n={len(lat_ms):5d}  p50 {pct(lat_ms, 50):6.2f}  p95 {pct(lat_ms, 95):6.2f}  "
        f"p99 {pct(lat_ms, 99):6.2f} ms  mean {statistics.fmean(lat_ms):6.2f}"
    )

"""Microseconds per call, the one timer the library races (bench_accounts, _axes, _cache, ...) share."""

from __future__ import annotations

import gc
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

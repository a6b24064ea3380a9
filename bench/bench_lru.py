"""The hand-made bounded maps against ``functools.lru_cache`` and Django's cache, same run.

The hand-made map (``campaigns.recent.Recent``, an ``OrderedDict`` under a lock)
is copied here as it was when measured (``HandLRU``): where the library won,
the project now uses the library (docs/decisions/lru-maps.md). Each row
times ours and the library alternative on the same keys, alternating
which goes first, and prints the mean of each with their ratio (library/ours;
above 1 means ours is faster), beside what the path costs as a whole so the
saving can be read against it:

- Grim Hand sheet rows (a ``HandLRU``) against ``functools.lru_cache`` on
  (state, catalogue) (``sheets.grimhand.sheet.kept_rows``), over the board benchmark's
  Grim Hand scene: every character's sheet of each board after a command
  (one character changed, the others asked again), as the board renders them;
  the path is a board render (``board_html``).
- A seat token's fixed facts (a dict) against Django's local-memory cache
  (``campaigns.seat_memo``), one look-up per command; the path is a command.
- A statistics answer (a ``HandLRU`` in front of Django's cache) against
  Django's cache alone (``campaigns.stats_cache.cached``); and a page kept in a
  ``HandLRU`` against Django's cache (``campaigns.page_cache``).

Runs on the embedded default (SQLite in a temporary folder, local-memory
cache) unless ``REDIS_URL`` is set. Usage: ``python -m bench.bench_lru [--quick]``.
"""

from __future__ import annotations

import marshal
import statistics
import sys
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from bench.timing import per_call_us

QUICK, FULL = (20, 3), (100, 5)


class HandLRU:
    """``campaigns.recent.Recent`` as measured: at most ``size`` entries, least recently used first out."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.kept: OrderedDict[Any, Any] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Any) -> Any:
        with self.lock:
            found = self.kept.get(key)
            if found is not None:
                self.kept.move_to_end(key)
            return found

    def put(self, key: Any, value: Any) -> None:
        with self.lock:
            self.kept[key] = value
            self.kept.move_to_end(key)
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)


def _timed(run: Callable[[], object], repeat: int) -> float:
    return per_call_us(run, repeat)


def _race(
    name: str, ours: Callable[[], object], library: Callable[[], object], rounds: int, repeat: int
) -> tuple[float, float]:
    mine: list[float] = []
    theirs: list[float] = []
    for r in range(rounds):
        pair = [(mine, ours), (theirs, library)]
        for out, run in pair if r % 2 == 0 else pair[::-1]:
            out.append(_timed(run, repeat))
    ours_us, library_us = statistics.median(mine), statistics.median(theirs)
    ratio = library_us / ours_us
    print(f"  {name}: ours {ours_us:.1f} us  library {library_us:.1f} us  library/ours {ratio:.2f}x")
    return ours_us, library_us


def _on_the_path(path: str, path_us: float, ours_us: float, library_us: float, using: str) -> None:
    """The path's time with the library over its time with ours; ``path_us`` was measured ``using``
    one of them (the project's code now), the other swapped in by its measured difference."""
    if using == "ours":
        with_ours, with_library = path_us, path_us - ours_us + library_us
    else:
        with_ours, with_library = path_us - library_us + ours_us, path_us
    ratio = with_library / with_ours
    print(f"  on the path ({path}, {path_us:.0f} us with {using}): library/ours {ratio:.2f}x")


def sheet_rows_row(states: int, rounds: int) -> None:
    from bench.scenes import play_scene
    from campaigns.boards import board_html
    from sheets.grimhand import sheet

    scene = play_scene("grimhand", states)
    catalogue = sheet.current_catalogue()
    boards = [list(state["characters"].values()) for state in scene.states]

    hand = HandLRU(1024)

    def hand_rows(char: dict[str, Any], catalogue: Any) -> dict[str, Any]:
        key = marshal.dumps(dict(char), 2)
        found = hand.get(key)
        if found is not None and found[0] is catalogue:
            kept: dict[str, Any] = found[1]
            return kept
        rows: dict[str, Any] = sheet._sheet_rows(marshal.loads(key), catalogue)
        hand.put(key, (catalogue, rows))
        return rows

    Rows = Callable[[dict[str, Any], Any], object]

    def every_board(rows: Rows, clear: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            clear()
            for chars in boards:
                for char in chars:
                    rows(char, catalogue)

        return run

    per_board = len(boards)
    ours = every_board(hand_rows, hand.kept.clear)
    library = every_board(sheet.sheet_rows, sheet.kept_rows.cache_clear)
    print(f"Grim Hand sheet rows, {per_board} boards after a command each (us for all of them):")
    ours_us, library_us = _race("sheet rows", ours, library, rounds, 3)
    table = scene.table

    def boards_after_commands() -> None:
        from django.core.cache import caches

        sheet.kept_rows.cache_clear()  # as in bench_boards: kept from the first board on, not from a repeat
        caches["template_fragments"].clear()
        for state, seats in zip(scene.states, scene.seats, strict=True):
            board_html(table, state, seats)

    boards_us = _timed(boards_after_commands, 3)
    _on_the_path(f"the {per_board} board renders", boards_us, ours_us, library_us, "library")


def seat_row(rounds: int) -> None:

    from campaigns import seat_memo
    from campaigns.models import Seat, Table

    table = Table.objects.create(game="counters", name="lru", join_code="LRU000", state={})
    seats = [
        Seat.objects.create(table=table, name=f"s{i}", position=i, token_hash=f"h{i}") for i in range(50)
    ]
    memo: dict[str, tuple[int, int, str]] = {}  # campaigns.seat_memo as measured: a dict
    for seat in seats:
        seat_memo.remember(seat.token_hash, seat)
        memo[seat.token_hash] = (seat.pk, seat.table_id, seat.role)

    def ours() -> None:
        for seat in seats:
            facts = memo[seat.token_hash]
            Seat.from_db("default", ("id", "table_id", "role"), facts)

    def library() -> None:
        for seat in seats:
            seat_memo.recall(seat.token_hash)

    print("A seat token's fixed facts, 50 look-ups (us for all of them):")
    ours_us, library_us = _race("seat recall", ours, library, rounds, 200)
    _on_the_path("50 commands", 50 * _command_us(), ours_us, library_us, "library")


def _command_us() -> float:
    """One command's time through the service (a counter changed), for scale."""
    from bench.scenes import Sitting

    sitting = Sitting("counters", ["A", "B"])
    sitting.do(0, "counter.add", {"name": "Life", "value": 20})
    counter = sitting.state()["counters"][0]["id"]
    return _timed(lambda: sitting.do(0, "counter.adjust", {"counter_id": counter, "by": 1}), 50)


def stats_row(rounds: int) -> None:
    from django.core.cache import cache, caches

    from campaigns import stats_cache

    answer = {"games": [{"slug": f"g{i}", "plays": i, "wins": i // 2, "best": [i] * 20} for i in range(6)]}
    keys = [f"stats:bench:{i}" for i in range(20)]
    for key in keys:
        cache.set(key, answer, 600)

    recent = HandLRU(256)

    def ours() -> None:
        for key in keys:
            if recent.get(key) is None:
                recent.put(key, stats_cache.cached(key, lambda: answer))

    def library() -> None:
        for key in keys:
            stats_cache.cached(key, lambda: answer)

    request_us = _stats_page_us()
    print(f"A statistics answer, 20 reads ({type(caches['default']).__name__}; us for all of them):")
    ours_us, library_us = _race("stats answer", ours, library, rounds, 200)
    _on_the_path("20 stats pages", 20 * request_us, ours_us, library_us, "library")
    page = b"<html>" + b"x" * 40_000 + b"</html>"
    pages = HandLRU(512)
    for key in keys:
        pages.put(key, page)
        cache.set(f"page:{key}", page, 600)

    def ours_page() -> None:
        for key in keys:
            pages.get(key)

    def library_page() -> None:
        for key in keys:
            cache.get(f"page:{key}")

    print("A kept 40 KB page, 20 reads (us for all of them):")
    ours_us, library_us = _race("page", ours_page, library_page, rounds, 200)
    _on_the_path("20 stats pages", 20 * request_us, ours_us, library_us, "library")


def _stats_page_us() -> float:
    """One ``/me/stats/`` page for a logged-in account with no plays, served kept, for scale."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    client = Client(HTTP_HOST="localhost")
    client.force_login(get_user_model().objects.create_user("lru-bench", password="x" * 12))
    status = client.get("/me/stats/").status_code
    if status != 200:
        raise RuntimeError(f"/me/stats/ answered {status}")
    return _timed(lambda: client.get("/me/stats/"), 50)


def main(argv: Sequence[str]) -> int:
    states, rounds = QUICK if "--quick" in argv else FULL
    import os

    from bench.scenes import setup_django

    redis_url = os.environ.get("REDIS_URL")
    with tempfile.TemporaryDirectory(prefix="grim-bench-lru-") as folder:
        if redis_url:  # Django's cache on Redis, as deployed (the embedded default otherwise)
            os.environ["REDIS_PREFIX"] = f"bench-lru-{os.getpid()}"
            setup_django(folder, keep_redis=True)
        else:
            setup_django(folder)
        sheet_rows_row(states, rounds)
        seat_row(rounds)
        stats_row(rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

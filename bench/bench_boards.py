"""A game's board rendered after a command: kept and whole; ``make bench``.

After every command the server renders the table's board again
(``campaigns.boards.board_html``), so board rendering is on every command's
path. A command changes one seat's numbers (a counter, a Grim's Health, a
character's XP, a deck or a hand count), not the whole table: each board
template keeps its unchanged parts with Django's ``{% cache %}`` (the
``template_fragments`` local-memory cache) and renders only the changed ones
again; its fields are inclusion tags (``campaigns/templatetags/partials.py``).

Measured, for each game with a board, in this one process: a realistic
mid-game table set up through real commands (``campaigns.services``; the
game's sample play, ``GameSpec.sample_play``: its ``scene``), then
N states, each one "change" command after the one before, every change with
a value not seen before, so the changed part is never kept already. Each
round renders all N boards kept (``board_html``, exactly as after a command)
and all N whole, the baseline: the same template with every cache tag taken
out (``tests.board_fragments.whole_template``, compiled once), rendered from the
same context as ``board_html`` renders it. The order rotates between rounds.
Before each pass the kept parts (and Grim Hand's kept sheet rows, which follow
a character's state too) are emptied and the
board before the first change is rendered, untimed: each timed kept board is
the board after one command, not a repeat. The context alone
(``board_template_and_context``, part of both) is timed the same way.

Printed, one line a game: the state measured, the board's size, kept and
whole milliseconds per board (mean over the N states; range over rounds),
kept/whole (range over rounds), the context's milliseconds and how many
kept parts each command made new. No timed assertion: the figures are
printed. Every board rendered kept must equal the same board rendered whole
(a correctness check too): exits 1 if one differs.

Runs on Django's embedded default in this process: no server, PostgreSQL or
Redis; an SQLite file in a temporary folder, the in-memory channel layer,
tasks in-process, DEBUG off as deployed.

Usage: ``python -m bench.bench_boards [--quick] [--game NAME ...]``
"""

from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bench.scenes import Scene, State, benched_games, play_scene, setup_django

if TYPE_CHECKING:
    from campaigns.models import Seat

FULL_STATES, FULL_ROUNDS = 200, 5
QUICK_STATES, QUICK_ROUNDS = 40, 2


_SETS = [0]
"""Parts the fragment cache was given since the last ``_forget``: one a part rendered (not kept)."""


def _parts_counted() -> Any:
    """Every part the fragment cache is given counted."""
    from unittest import mock

    from django.core.cache import caches

    fragments = caches["template_fragments"]
    keep = fragments.set

    def counted(*args: Any, **kwargs: Any) -> None:
        _SETS[0] += 1
        keep(*args, **kwargs)

    return mock.patch.object(fragments, "set", counted)


def _forget() -> None:
    """Nothing kept: every board part (the fragment cache) and Grim Hand's sheet rows (kept per
    character state)."""
    from django.core.cache import caches

    from sheets.grimhand.sheet import kept_rows

    kept_rows.cache_clear()
    caches["template_fragments"].clear()
    _SETS[0] = 0


def _refused_parts(render: Callable[[], object]) -> int:
    """How many parts one rendering keyed by values that are not plain data (``str`` of a model
    tells it from no other: such a part could be given stale)."""
    from django.templatetags import cache as django_cache_tag

    from tests.board_fragments import plain

    cache_tag: Any = django_cache_tag  # its stubs leave make_template_fragment_key out
    key = cache_tag.make_template_fragment_key
    refused = 0

    def counted(fragment_name: str, vary_on: Any = None) -> str:
        nonlocal refused
        refused += not all(plain(v) for v in vary_on or ())
        made: str = key(fragment_name, vary_on)
        return made

    cache_tag.make_template_fragment_key = counted
    try:
        render()
    finally:
        cache_tag.make_template_fragment_key = key
    return refused


@dataclass
class Pass:
    """One timed pass over the states: ms per board, the boards, parts kept before and after."""

    ms: float
    boards: list[str]
    parts_before: int = 0
    parts_after: int = 0


def _pass(scene: Scene, render: Callable[[State, list[Seat]], str]) -> Pass:
    """Forget what is kept, render the board before the first change (untimed), then time the
    board of every state after it, in order: each one command after the board before."""
    _forget()
    first = render(scene.states[0], scene.seats[0])
    parts_before = _SETS[0]
    boards = [first]
    gc.collect()
    start = time.perf_counter()
    for state, seats in zip(scene.states[1:], scene.seats[1:], strict=True):
        boards.append(render(state, seats))
    seconds = time.perf_counter() - start
    return Pass(seconds * 1000 / (len(scene.states) - 1), boards, parts_before, _SETS[0])


@dataclass
class Figures:
    """One game's figures: ms per board for each round (kept, whole, context alone) and the checks."""

    ms: dict[str, list[float]] = field(default_factory=dict)
    context: list[float] = field(default_factory=list)
    new_parts: float = 0.0
    parts: int = 0
    refused: int = 0
    size: int = 0
    mismatches: list[str] = field(default_factory=list)


def _first_difference(kept: str, whole: str) -> str:
    """Where two boards first differ, with the text around it in each."""
    at = next(
        (i for i, (a, b) in enumerate(zip(kept, whole, strict=False)) if a != b), min(len(kept), len(whole))
    )
    around = slice(max(0, at - 60), at + 60)
    return f"at character {at}: kept {kept[around]!r} whole {whole[around]!r}"


def measure(scene: Scene, rounds: int) -> Figures:
    """``rounds`` rounds of kept and whole passes, rotating the order; every board compared."""
    from django.template import Context

    from campaigns.boards import board_html, board_template_and_context
    from tests.board_fragments import fragment_nodes, whole_template

    table = scene.table
    found = board_template_and_context(table, scene.states[0], scene.seats[0])
    if found is None:
        raise RuntimeError(f"{scene.game} has no board")
    name = found[0]
    if not fragment_nodes(name):
        raise RuntimeError(f"{name} keeps nothing")
    whole_template(name)  # compiled before timing, as the kept template is by the engine's loader

    def kept(state: State, seats: list[Seat]) -> str:
        html = board_html(table, state, seats)
        if html is None:
            raise RuntimeError(f"{scene.game}: no board")
        return html

    def rendered(template: Callable[[str], Any]) -> Callable[[State, list[Seat]], str]:
        def render(state: State, seats: list[Seat]) -> str:
            found = board_template_and_context(table, state, seats)
            if found is None:
                raise RuntimeError(f"{scene.game}: no board")
            template_name, context = found
            return str(template(template_name).render(Context(context, use_l10n=False)))

        return render

    def context_only(state: State, seats: list[Seat]) -> str:
        board_template_and_context(table, state, seats)
        return ""

    renders = {"kept": kept, "whole": rendered(whole_template)}
    with _parts_counted():
        figures = _rounds(scene, renders, context_only, rounds)
    figures.refused = _refused_parts(lambda: kept(scene.states[-1], scene.seats[-1]))
    return figures


Render = Callable[[State, list["Seat"]], str]


def _rounds(scene: Scene, renders: dict[str, Render], context_only: Render, rounds: int) -> Figures:
    """The timed rounds, rotating which render goes first; every board compared with the kept one."""
    figures = Figures()
    changes = len(scene.states) - 1
    names = list(renders)
    for r in range(rounds):
        done: dict[str, Pass] = {}
        for which in names[r % len(names) :] + names[: r % len(names)]:
            done[which] = _pass(scene, renders[which])
        figures.context.append(_pass(scene, context_only).ms)
        for which, result in done.items():
            figures.ms.setdefault(which, []).append(result.ms)
        figures.parts = done["kept"].parts_before
        figures.new_parts = (done["kept"].parts_after - done["kept"].parts_before) / changes
        for which in names[1:]:
            for i, (a, b) in enumerate(zip(done["kept"].boards, done[which].boards, strict=True)):
                if a != b:
                    figures.mismatches.append(f"{which}, round {r + 1}, state {i}: {_first_difference(a, b)}")
        figures.size = len(done["kept"].boards[-1].encode())
    return figures


def _span(values: Sequence[float], digits: int = 2, unit: str = "") -> str:
    low, high = min(values), max(values)
    return (
        f"{low:.{digits}f}{unit}"
        if f"{low:.{digits}f}" == f"{high:.{digits}f}"
        else f"{low:.{digits}f}-{high:.{digits}f}{unit}"
    )


def _report(game: str, width: int, scene: Scene, figures: Figures) -> bool:
    """Print a game's line (and any kept board that differs from its whole one); whether one did."""
    kept = figures.ms["kept"]
    ratios = {
        which: _span([m / k for k, m in zip(kept, ms, strict=True)], unit="x")
        for which, ms in figures.ms.items()
        if which != "kept"
    }
    refused = (
        f"; {figures.refused} parts a board not plain data, rendered every time" if figures.refused else ""
    )
    print(
        f"{game:<{width}}  {scene.label} ({figures.size:,} bytes)  "
        f"kept {_span(kept)} ms  "
        + "  ".join(f"{w} {_span(figures.ms[w])} ms ({r} of kept)" for w, r in ratios.items())
        + "  "
        f"(context {_span(figures.context)} ms; {figures.new_parts:.1f} of {figures.parts} "
        f"parts new a command{refused})",
        flush=True,
    )
    for line in figures.mismatches[:5]:
        print(f"  WRONG: {game} kept board differs from the whole one, {line}")
    if figures.mismatches:
        print(f"  WRONG: {game}: {len(figures.mismatches)} kept boards differ from the whole ones")
    return bool(figures.mismatches)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; return the process exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer states and rounds, for a CI smoke run")
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    args = parser.parse_args(argv)
    quick: bool = args.quick
    states, rounds = (QUICK_STATES, QUICK_ROUNDS) if quick else (FULL_STATES, FULL_ROUNDS)
    chosen: list[str] = args.game or []

    print(
        "Board after a command, kept ({% cache %}) against it rendered whole "
        f"({'quick' if quick else 'full'}: {states} states a game, each one command after the one before; "
        f"{rounds} rounds)"
    )
    print(
        "  Each round renders every state kept and whole, rotating which goes first; "
        "ms per board (mean over the states), range over rounds. The whole board is the baseline, "
        "measured in the same process: read the ratio, as absolute times drift with the machine's load "
        "(2 shared cores). Context: building the board's context alone, part of both. Every kept board "
        "is checked equal to its whole one."
    )
    failed = False
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="grim-bench-boards-") as folder:
        setup_django(folder)
        from django.db import connections

        try:
            print(
                f"  (set up: Django migrated on SQLite in {time.perf_counter() - started:.1f} s)", flush=True
            )
            every = benched_games()
            unknown = sorted(set(chosen) - set(every))
            if unknown:
                print(f"  No board or sample play for {', '.join(unknown)}; the games: {', '.join(every)}")
                return 2
            games = chosen or every
            width = max(len(g) for g in games)
            for game in games:
                scene = play_scene(game, states)
                failed = _report(game, width, scene, measure(scene, rounds)) or failed
        finally:
            connections.close_all()
    print(f"  ({time.perf_counter() - started:.1f} s in all)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

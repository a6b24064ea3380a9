"""A game's board rendered after a command, kept (``{% memo %}``) against rendered whole; ``make bench``.

After every command the server renders the table's board again
(``campaigns.boards.board_html``), so board rendering is on every command's
path. A command changes one seat's numbers (a counter, a Grim's Health, a
character's XP, a deck or a hand count), not the whole table: each board
template keeps its unchanged parts with ``{% memo %}``
(``campaigns/templatetags/memo.py``) and renders only the changed ones again.

Measured, for each game with a board, in this one process: a realistic
mid-game table set up through real commands (``campaigns.services``), then
N states, each one "change" command after the one before, every change with
a value not seen before, so the changed part is never kept already. Each
round renders all N boards kept (``board_html``, exactly as after a command)
and all N whole, the baseline: the same template with every memo tag taken
out (``tests.memo_boards.whole_template``, compiled once), rendered from the
same context as ``board_html`` renders it. Which of the two goes first
alternates between rounds. Before each pass the kept parts (and Grim Hand's
kept sheet rows, which follow a character's state too) are emptied and the
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
import copy
import gc
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import count
from typing import TYPE_CHECKING, Any

from bench.servers import production_env

if TYPE_CHECKING:
    from django.template import Context

    from campaigns.models import Seat, Table
    from campaigns.templatetags.memo import MemoNode

FULL_STATES, FULL_ROUNDS = 200, 5
QUICK_STATES, QUICK_ROUNDS = 40, 2

State = dict[str, Any]
Change = Callable[[int], tuple["Seat", str, dict[str, Any]]]
"""The k-th change (k from 0): the seat that sends it, the command and its payload."""


def _django(folder: str) -> None:
    """Django on its embedded default with a fresh SQLite file in ``folder``, migrated; DEBUG off."""
    os.environ.update(production_env(DATABASE_URL=f"sqlite:///{folder}/boards.sqlite3"))
    os.environ.pop("REDIS_URL", None)  # the embedded default: in-memory channel layer, tasks in-process
    os.environ["DJANGO_SETTINGS_MODULE"] = "companion.settings"
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


class Sitting:
    """A table being played, as its seats' phones play it: every change a real command."""

    def __init__(self, game: str, host: str, options: dict[str, Any] | None = None) -> None:
        from campaigns import services

        table, grant = services.table_create(game=game, name=f"Bench {game}", seat_name=host, options=options)
        self.table_id: int = table.pk
        self.join_code: str = table.join_code
        self.seats: list[Seat] = [grant.seat]
        self._ids = count(1)

    def join(self, name: str) -> Seat:
        from campaigns import services

        _table, grant = services.seat_join(code=self.join_code, name=name, role="player")
        self.seats.append(grant.seat)
        return grant.seat

    def do(self, seat: Seat, type_: str, payload: dict[str, Any] | None = None) -> dict[str, Any]:
        """Send one command; its answer's body. A refusal raises (the bench could not run)."""
        from campaigns import services

        result = services.command_execute(
            table_id=self.table_id,
            seat=seat,
            command_id=f"bench-boards-{next(self._ids)}",
            type=type_,
            payload=payload or {},
        )
        if result.status != 200:
            raise RuntimeError(f"{type_} {payload}: answered {result.status} {result.body}")
        return result.body

    def snapshot(self) -> State:
        from campaigns.models import Table

        state: State = copy.deepcopy(Table.objects.get(pk=self.table_id).state)
        return state


def _new_id(body: dict[str, Any], *path: str) -> int:
    """An id from the first event of a command's answer (``path`` into its payload)."""
    found: Any = body["events"][0]["payload"]
    for key in path:
        found = found[key]
    return int(found)


@dataclass
class Scene:
    """One game's table and the states measured: ``states[0]`` is the board before the first change."""

    game: str
    label: str
    table: Table
    states: list[State]
    seats: list[list[Seat]]


def _play(sitting: Sitting, game: str, label: str, change: Change, changes: int) -> Scene:
    """``changes`` states, each one ``change`` command after the one before, and the seats as a
    command's board is rendered with them (``campaigns.services``: read from the snapshot)."""
    from campaigns.host_commands import snapshot_seats
    from campaigns.models import Table

    states = [sitting.snapshot()]
    for k in range(changes):
        seat, type_, payload = change(k)
        sitting.do(seat, type_, payload)
        states.append(sitting.snapshot())
    table = Table.objects.get(pk=sitting.table_id)
    seats = [snapshot_seats(table, state) for state in states]
    return Scene(game, label, table, states, seats)


def counters(changes: int) -> Scene:
    """6 seats with Life and Poison each; a change is one seat's Life stepped down (its "-" button)."""
    names = ("Ann", "Bo", "Cy", "Dee", "Eli", "Fay")
    sitting = Sitting("counters", names[0])
    for name in names[1:]:
        sitting.join(name)
    lives = []
    for seat in sitting.seats:
        body = sitting.do(seat, "counter.add", {"name": "Life", "value": 40, "min": 0})
        lives.append(_new_id(body, "counter", "id"))
        sitting.do(seat, "counter.add", {"name": "Poison", "value": 0, "min": 0, "max": 10})
    for i, seat in enumerate(sitting.seats):
        sitting.do(seat, "counter.adjust", {"counter_id": lives[i], "by": -(i + 1)})

    def change(k: int) -> tuple[Seat, str, dict[str, Any]]:
        i = k % len(lives)
        return sitting.seats[i], "counter.adjust", {"counter_id": lives[i], "by": -1}

    # Each Life, 34 to 39 now, goes down 1 a change: 200 changes leave every one above 0.
    return _play(sitting, "counters", "6 seats x 2 counters", change, changes)


def grim(changes: int) -> Scene:
    """2 players with 2 Grim each in play, a turn running; a change is one Grim's Health by hand."""
    sitting = Sitting("grim", "Ann", options={"format": "coven"})
    ann, bo = sitting.seats[0], sitting.join("Bo")
    sitting.do(ann, "grim.favor", {"seat_id": ann.pk})
    grims: list[tuple[Seat, int]] = []
    for seat, name, element, health, speed in (
        (ann, "Noble Roar", "Fire", 14, 9),
        (ann, "Swift Twitch", "Electric", 10, 14),
        (bo, "Moss Maw", "Plant", 12, 8),
        (bo, "Tide Wisp", "Water", 9, 8),
    ):
        payload = {"name": name, "element": element, "health": health, "speed": speed}
        grims.append((seat, _new_id(sitting.do(seat, "grim.enter", payload), "grim", "id")))
    sitting.do(ann, "turn.next")
    sitting.do(
        ann,
        "grim.attack",
        {"grim_id": grims[1][1], "target_id": grims[3][1], "damage": 3, "element": "Electric"},
    )
    sitting.do(ann, "grim.status", {"grim_id": grims[3][1], "status": "Burn"})

    def change(k: int) -> tuple[Seat, str, dict[str, Any]]:
        seat, grim_id = grims[k % len(grims)]
        return seat, "grim.adjust", {"grim_id": grim_id, "field": "health", "by": 1, "note": "a card"}

    return _play(sitting, "grim", "2 players x 2 Grim in play", change, changes)


def grimhand(changes: int) -> Scene:
    """4 characters (one a seat) with items, a modifier and a quest; a change is one character's XP."""
    from sheets.grimhand.sheet import current_catalogue

    party = (
        ("Ann", "Grum", "Orc", "Warrior", "Iron", 300),
        ("Bo", "Mira", "Elf", "Mage", "Shadow", 800),
        ("Cy", "Dain", "Dwarf", "Cleric", "Bone", 120),
        ("Dee", "Wren", "Human", "Ranger", "Nature", 1200),
    )
    sitting = Sitting("grimhand", party[0][0])
    for who in party[1:]:
        sitting.join(who[0])
    catalogue = current_catalogue()
    characters: list[tuple[Seat, int, int]] = []
    items = ("Bone", "Blood", "Iron", "Shadow")  # the table has one of each card: each its own
    for seat, (_who, name, race, klass, affinity, xp), item in zip(sitting.seats, party, items, strict=True):
        body = sitting.do(
            seat, "character.create", {"name": name, "race": race, "class": klass, "affinity": affinity}
        )
        cid = _new_id(body, "character_id")
        sitting.do(seat, "character.set", {"character_id": cid, "stat": "xp", "value": xp})
        sitting.do(seat, "character.equip", {"character_id": cid, "rank": 4, "affinity": item})
        sitting.do(seat, "character.stash", {"character_id": cid, "rank": 2, "affinity": item})
        sitting.do(
            seat, "modifier.add", {"character_id": cid, "stat": "attack", "amount": 1, "source": "Altar"}
        )
        characters.append((seat, cid, xp))
    grum_seat, grum, _xp = characters[0]
    quest = next(
        q.name for q in catalogue.quests if q.affinity == "Iron" and q.stature in ("Recruit", "Novice")
    )
    sitting.do(grum_seat, "quest.take", {"character_id": grum, "quest": quest})

    def change(k: int) -> tuple[Seat, str, dict[str, Any]]:
        seat, cid, xp = characters[k % len(characters)]
        return (
            seat,
            "character.set",
            {"character_id": cid, "stat": "xp", "value": xp + 1 + k // len(characters)},
        )

    scene = _play(sitting, "grimhand", "", change, changes)
    statures = ", ".join(c["derived"]["stature"] for c in scene.states[0]["characters"].values())
    scene.label = f"4 characters ({statures})"
    return scene


def grimterra(changes: int) -> Scene:
    """3 players x 3 heroes in a combat; a change is one player's deck counted by hand."""
    sitting = Sitting("grimterra", "Ann")
    sitting.join("Bo")
    sitting.join("Cy")
    heroes: dict[str, int] = {}
    for seat, line in zip(
        sitting.seats,
        (
            (
                ("Vex", "Agilitas", 3, 5, "arena"),
                ("Lumen", "Intellectus", 4, 6, "backrow"),
                ("Shade", "Tenebris", 2, 4, "backrow"),
            ),
            (
                ("Kor", "Fortutidas", 4, 6, "arena"),
                ("Mira", "Agilitas", 3, 5, "backrow"),
                ("Ash", "Intellectus", 3, 4, "backrow"),
            ),
            (
                ("Onyx", "Tenebris", 3, 5, "arena"),
                ("Pell", "Fortutidas", 4, 5, "backrow"),
                ("Rue", "Agilitas", 2, 4, "backrow"),
            ),
        ),
        strict=True,
    ):
        for name, fate, health, empowered, position in line:
            payload = {
                "name": name,
                "fates": fate,
                "health": health,
                "empowered_health": empowered,
                "position": position,
            }
            heroes[name] = _new_id(sitting.do(seat, "hero.add", payload), "hero", "id")
    ann, bo, _cy = sitting.seats
    sitting.do(ann, "game.start", {"seat_id": ann.pk})
    sitting.do(bo, "hero.dark", {"hero_id": heroes["Vex"], "by": 2})
    sitting.do(ann, "turn.next")  # Pre Combat
    sitting.do(
        ann, "hero.skill", {"hero_id": heroes["Vex"], "side": "normal", "fate": "Agilitas", "level": 3}
    )
    sitting.do(
        ann, "card.use", {"hero_id": heroes["Vex"], "kind": "spell", "fate": "Agilitas", "requirement": 2}
    )
    sitting.do(ann, "combat.start", {"attacker_id": heroes["Vex"], "target_id": heroes["Kor"]})
    sitting.do(ann, "hero.wound", {"hero_id": heroes["Kor"], "amount": 2})

    def change(k: int) -> tuple[Seat, str, dict[str, Any]]:
        seat = sitting.seats[k % len(sitting.seats)]
        return seat, "player.deck", {"seat_id": seat.pk, "cards": 40 + k // len(sitting.seats)}

    return _play(sitting, "grimterra", "3 players x 3 heroes, in combat", change, changes)


def grimoor(changes: int) -> Scene:
    """Mid-Conflict: Cohorts in both Hordes, a Stronghold each; a change is one player's points by hand."""
    sitting = Sitting("grimoor", "Ann")
    ann, bo = sitting.seats[0], sitting.join("Bo")
    sitting.do(ann, "game.start", {"start_seat_id": ann.pk, "other_seat_id": bo.pk})
    body = sitting.do(ann, "cohort.play", {"type": "Gaunt", "strength": 4, "name": "Grave Knight"})
    knight = _new_id(body, "cohort", "id")
    sitting.do(ann, "turn.end")
    sitting.do(bo, "cohort.play", {"type": "Olatha", "strength": 3})
    sitting.do(bo, "cohort.join", {"seat_id": bo.pk, "type": "Duskgil", "strength": 2})
    sitting.do(bo, "cohort.join", {"seat_id": bo.pk, "type": "Olatha", "strength": 1, "commander": True})
    sitting.do(bo, "stronghold.build", {"type": "Olatha", "points": 2})
    sitting.do(bo, "turn.end")
    sitting.do(ann, "cohort.focus", {"cohort_id": knight})
    sitting.do(ann, "cohort.join", {"seat_id": ann.pk, "type": "Olatha", "strength": 2})
    sitting.do(ann, "cohort.play", {"type": "Duskgil", "strength": 3, "name": "Fen Lurker"})
    sitting.do(ann, "stronghold.build", {"type": "Gaunt", "points": 1})

    def change(k: int) -> tuple[Seat, str, dict[str, Any]]:
        seat = sitting.seats[k % 2]
        return seat, "player.adjust", {"seat_id": seat.pk, "field": "points", "by": 1, "note": "a Curio"}

    return _play(
        sitting, "grimoor", "2 players mid-Conflict, 3 Cohorts and a Stronghold each", change, changes
    )


def grimwood(changes: int) -> Scene:
    """4 players with several combos; a change is one player's hand count set by hand."""
    sitting = Sitting("grimwood", "Ann")
    for name in ("Bo", "Cy", "Dee"):
        sitting.join(name)
    ann, bo, cy, dee = sitting.seats
    sitting.do(ann, "game.start", {"seat_ids": [s.pk for s in sitting.seats], "start_seat_id": ann.pk})
    for seat in sitting.seats:
        sitting.do(seat, "hand.set", {"count": 12, "note": "dealt for the bench"})
    placed: dict[str, int] = {}
    for seat, cards in (
        (ann, ["Owl", "Owl", "Owl"]),
        (ann, ["Elf"]),
        (bo, ["Crow", "Crow", "Crow"]),
        (bo, ["Troll", "Mage"]),
        (cy, ["Clearing", "Path", "Swamp"]),
        (cy, ["Dragon"]),
        (dee, ["Swamp", "Swamp", "Swamp"]),
        (dee, ["Giant"]),
    ):
        # Set up on Ann's turn: the others' combos are placed as a card allows (out of turn).
        payload = {"cards": cards} if seat == ann else {"cards": cards, "card_allows": True, "note": "bench"}
        placed[cards[0]] = _new_id(sitting.do(seat, "combo.place", payload), "combo", "id")
    sitting.do(ann, "combo.add", {"combo_id": placed["Elf"], "card": "Nymph"})
    sitting.do(ann, "action.use", {"kind": "power"})

    def change(k: int) -> tuple[Seat, str, dict[str, Any]]:
        seat = sitting.seats[k % len(sitting.seats)]
        return seat, "hand.set", {"count": 10 + k // len(sitting.seats)}

    scene = _play(sitting, "grimwood", "", change, changes)
    scene.label = f"4 players, {sum(len(p['combos']) for p in scene.states[0]['players'])} combos"
    return scene


GAMES: dict[str, Callable[[int], Scene]] = {
    "counters": counters,
    "grim": grim,
    "grimhand": grimhand,
    "grimterra": grimterra,
    "grimoor": grimoor,
    "grimwood": grimwood,
}


def _forget(nodes: list[MemoNode]) -> None:
    """Nothing kept: every memo's parts, and Grim Hand's sheet rows (kept per character state)."""
    from sheets.grimhand.sheet import ROWS

    for node in nodes:
        node.forget()
    ROWS.clear()


def _kept_parts(nodes: list[MemoNode]) -> int:
    """The parts kept now, all memos of the template together."""
    return sum(len(node.kept) for node in nodes)


def _refused_parts(render: Callable[[], object]) -> int:
    """How many parts one rendering could not key (not plain data): a memo renders those every time."""
    from campaigns.templatetags import memo

    key = memo._key
    refused = 0

    def counted(own: dict[str, object], context: Context) -> bytes:
        nonlocal refused
        try:
            return key(own, context)
        except ValueError:
            refused += 1
            raise

    memo._key = counted
    try:
        render()
    finally:
        memo._key = key
    return refused


@dataclass
class Pass:
    """One timed pass over the states: ms per board, the boards, parts kept before and after."""

    ms: float
    boards: list[str]
    parts_before: int = 0
    parts_after: int = 0


def _pass(scene: Scene, nodes: list[MemoNode], render: Callable[[State, list[Seat]], str]) -> Pass:
    """Forget what is kept, render the board before the first change (untimed), then time the
    board of every state after it, in order: each one command after the board before."""
    _forget(nodes)
    first = render(scene.states[0], scene.seats[0])
    parts_before = _kept_parts(nodes)
    boards = [first]
    gc.collect()
    start = time.perf_counter()
    for state, seats in zip(scene.states[1:], scene.seats[1:], strict=True):
        boards.append(render(state, seats))
    seconds = time.perf_counter() - start
    return Pass(seconds * 1000 / (len(scene.states) - 1), boards, parts_before, _kept_parts(nodes))


@dataclass
class Figures:
    """One game's figures: ms per board for each round (kept, whole, context alone) and the checks."""

    kept: list[float] = field(default_factory=list)
    whole: list[float] = field(default_factory=list)
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
    """``rounds`` rounds of kept and whole passes, alternating which goes first; every board compared."""
    from django.template import Context

    from campaigns.boards import board_html, board_template_and_context
    from tests.memo_boards import memo_nodes, whole_template

    table = scene.table
    found = board_template_and_context(table, scene.states[0], scene.seats[0])
    if found is None:
        raise RuntimeError(f"{scene.game} has no board")
    name = found[0]
    nodes = memo_nodes(name)
    if not nodes:
        raise RuntimeError(f"{name} keeps nothing")
    whole_template(name)  # compiled before timing, as the kept template is by the engine's loader

    def kept(state: State, seats: list[Seat]) -> str:
        html = board_html(table, state, seats)
        if html is None:
            raise RuntimeError(f"{scene.game}: no board")
        return html

    def whole(state: State, seats: list[Seat]) -> str:
        found = board_template_and_context(table, state, seats)
        if found is None:
            raise RuntimeError(f"{scene.game}: no board")
        template_name, context = found
        return str(whole_template(template_name).render(Context(context, use_l10n=False)))

    def context_only(state: State, seats: list[Seat]) -> str:
        board_template_and_context(table, state, seats)
        return ""

    figures = Figures()
    changes = len(scene.states) - 1
    for r in range(rounds):
        order = ("kept", "whole") if r % 2 == 0 else ("whole", "kept")
        done: dict[str, Pass] = {}
        for which in order:
            done[which] = _pass(scene, nodes, kept if which == "kept" else whole)
        figures.context.append(_pass(scene, nodes, context_only).ms)
        figures.kept.append(done["kept"].ms)
        figures.whole.append(done["whole"].ms)
        figures.parts = done["kept"].parts_before
        figures.new_parts = (done["kept"].parts_after - done["kept"].parts_before) / changes
        for i, (a, b) in enumerate(zip(done["kept"].boards, done["whole"].boards, strict=True)):
            if a != b:
                figures.mismatches.append(f"round {r + 1}, state {i}: {_first_difference(a, b)}")
        figures.size = len(done["kept"].boards[-1].encode())
    figures.refused = _refused_parts(lambda: kept(scene.states[-1], scene.seats[-1]))
    return figures


def _span(values: Sequence[float], digits: int = 2, unit: str = "") -> str:
    low, high = min(values), max(values)
    return (
        f"{low:.{digits}f}{unit}"
        if f"{low:.{digits}f}" == f"{high:.{digits}f}"
        else f"{low:.{digits}f}-{high:.{digits}f}{unit}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; return the process exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer states and rounds, for a CI smoke run")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)")
    args = parser.parse_args(argv)
    quick: bool = args.quick
    states, rounds = (QUICK_STATES, QUICK_ROUNDS) if quick else (FULL_STATES, FULL_ROUNDS)
    games: list[str] = args.game or list(GAMES)

    print(
        f"Board after a command, kept ({{% memo %}}) against the same template rendered whole "
        f"({'quick' if quick else 'full'}: {states} states a game, each one command after the one before; "
        f"{rounds} rounds)"
    )
    print(
        "  Each round renders every state kept and every state whole, alternating which goes first; "
        "ms per board (mean over the states), range over rounds. The whole board is the baseline, "
        "measured in the same process: read the ratio, as absolute times drift with the machine's load "
        "(2 shared cores). Context: building the board's context alone, part of both. Every kept board "
        "is checked equal to its whole one."
    )
    failed = False
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="grim-bench-boards-") as folder:
        _django(folder)
        from django.db import connections

        try:
            print(
                f"  (set up: Django migrated on SQLite in {time.perf_counter() - started:.1f} s)", flush=True
            )
            width = max(len(g) for g in games)
            for game in games:
                scene = GAMES[game](states)
                figures = measure(scene, rounds)
                ratios = [k / w for k, w in zip(figures.kept, figures.whole, strict=True)]
                refused = (
                    f"; {figures.refused} parts a board not plain data, rendered every time"
                    if figures.refused
                    else ""
                )
                print(
                    f"{game:<{width}}  {scene.label} ({figures.size:,} bytes)  "
                    f"kept {_span(figures.kept)} ms  whole {_span(figures.whole)} ms  "
                    f"kept/whole {_span(ratios, unit='x')}  "
                    f"(context {_span(figures.context)} ms; {figures.new_parts:.1f} of {figures.parts} "
                    f"parts new a command{refused})",
                    flush=True,
                )
                for line in figures.mismatches[:5]:
                    print(f"  WRONG: {game} kept board differs from the whole one, {line}")
                if figures.mismatches:
                    print(
                        f"  WRONG: {game}: {len(figures.mismatches)} kept boards differ from the whole ones"
                    )
                    failed = True
        finally:
            connections.close_all()
    print(f"  ({time.perf_counter() - started:.1f} s in all)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""A game's sample play: commands that play it, for the suite and the board benchmark.

Each game app gives its ``GameSpec`` a ``SamplePlay`` (``sheets/<game>/sample.py``):
a short play to the end with the results worked out by hand, and a mid-game
scene with one repeatable change. The cross-game tests (results, export and
import, hostile commands) and ``bench/bench_boards.py`` run every registered
game from it, so a new game needs no edit there.

A play talks to a ``Sitting``: a table being played, its seats by index (0 the
host), whether the commands go through the API (the tests) or the table
service (the benchmark). A refused command raises: a sample's commands are
all valid.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

Body = dict[str, Any]
"""A command's answer: ``{"seq", "events", "state", ...}`` as the API gives it."""

Row = tuple[str, int | None, int | None, bool]
"""One seat's result after the end: ``(seat name, score, place, won)``."""

Change = Callable[[int], tuple[int, str, dict[str, Any]]]
"""The k-th change of a scene (k from 0): the seat that sends it, the command and its payload;
each with a value not seen before."""


class Sitting(Protocol):
    """A table being played: seats by index in the order they sat down (0 the host)."""

    def seat_id(self, seat: int) -> int:
        """The id of the ``seat``-th seat (what payloads name as ``seat_id``)."""
        ...

    def join(self, name: str, role: str = "player") -> int:
        """Someone takes a seat; its index."""
        ...

    def do(self, seat: int, type_: str, payload: Mapping[str, Any] | None = None) -> Body:
        """The ``seat``-th seat sends a command; its answer. A refusal raises."""
        ...

    def state(self) -> dict[str, Any]:
        """The table's snapshot now."""
        ...


def new_id(body: Body, *path: str) -> int:
    """An id from the first event of a command's answer (``path`` into its payload)."""
    found: Any = body["events"][0]["payload"]
    for key in path:
        found = found[key]
    return int(found)


@dataclass(frozen=True)
class Scene:
    """A realistic mid-game table (the board benchmark measures its board after each change).

    ``setup`` is called with a table whose seats ``seats`` have sat down; it plays to the
    scene and returns the change. ``label`` says what the scene holds, from its state."""

    setup: Callable[[Sitting], Change]
    label: Callable[[Mapping[str, Any]], str]
    seats: Sequence[str] = ("Ann", "Bo")
    options: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class SamplePlay:
    """A short play of a game to its end, and a mid-game scene.

    ``play`` is called with a table opened with ``options`` whose seats ``seats`` have sat
    down (more may join, spectators too); it sends a game's commands to the end, one of
    them undone on the way. ``results`` are the rows each seat's result must hold then,
    worked out by hand (the docstring of ``play`` shows the working). ``imports_beside``:
    an export of the table can be imported while the table still exists (False when the
    game keeps rows keyed by ids its rules draw from the dice: then 409)."""

    play: Callable[[Sitting], None]
    results: Sequence[Row]
    scene: Scene
    seats: Sequence[str] = ("Ann", "Bo")
    options: Mapping[str, Any] | None = None
    imports_beside: bool = True

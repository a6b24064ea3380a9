"""A command goes down the layers once (issue #35, part 3: "a path that goes down once").

The table row is locked once, its snapshot with the table block read once,
the game's rules asked once, the events worded once and written with the
answer and the row in one statement, and broadcast once after commit. A
refusal reaches the caller as the layer that refused raised it (one error
base, converted only by the API's exception handler).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from campaigns import logtext, registry, services, table_rows
from campaigns.hotpath import logstore
from campaigns.services import events
from rules.engine import NotAllowed
from tests.personas import Person, add_life

pytestmark = pytest.mark.django_db

LAYERS = (
    (logstore, "lock_table"),
    (table_rows, "snapshot_of"),
    (registry, "rules_for"),
    (logtext, "events_json"),
    (logstore, "write_command"),
    (events, "broadcast_events"),
)


@pytest.fixture
def visits(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often a command reaches each layer's entry (counted, then run as it is)."""
    seen: Counter[str] = Counter()

    def counting(name: str, run: Any) -> Any:
        def counted(*args: Any, **kw: Any) -> Any:
            seen[name] += 1
            return run(*args, **kw)

        return counted

    for module, name in LAYERS:
        monkeypatch.setattr(module, name, counting(name, getattr(module, name)))
    return seen


def _once(rules: bool = True) -> dict[str, int]:
    once = {name: 1 for _module, name in LAYERS}
    if not rules:
        del once["rules_for"]
    return once


@pytest.mark.parametrize("kind", ["game", "undo", "table"])
def test_a_command_visits_each_layer_once(
    host: Person, player: Person, visits: Counter[str], django_capture_on_commit_callbacks: Any, kind: str
) -> None:
    life = add_life(player)
    payload: dict[str, Any]
    if kind == "game":
        sender, type_, payload = player, "counter.adjust", {"counter_id": life, "by": -2}
    elif kind == "undo":
        seq = player.command("counter.adjust", {"counter_id": life, "by": -2}).json()["seq"]
        sender, type_, payload = player, "undo", {"seq": seq}
    else:  # the platform's own command: the game's rules are not asked
        sender, type_, payload = host, "seat.rename", {"seat_id": player.seat.pk, "name": "Bobby"}
    visits.clear()
    with django_capture_on_commit_callbacks(execute=True):
        answer = sender.command(type_, payload)
    assert answer.status_code == 200, answer.json()
    assert dict(visits) == _once(rules=kind != "table")


def test_a_refusal_reaches_the_caller_as_the_rules_raised_it(spectator: Person) -> None:
    """Not re-wrapped on the way (it was a TableError): the class, code and status the rules chose."""
    asked: dict[str, Any] = {"type": "counter.add", "payload": {"name": "Life", "value": 20}}
    with pytest.raises(NotAllowed) as refused:
        services.command_execute(table_id=spectator.table.pk, seat=spectator.seat, command_id="c1", **asked)
    assert (refused.value.code, refused.value.status) == ("spectator", 403)
    with pytest.raises(NotAllowed):
        services.command_preview(seat=spectator.seat, **asked)


def test_the_api_answers_the_refusal_as_before(spectator: Person) -> None:
    answer = spectator.command("counter.add", {"name": "Life", "value": 20})
    assert answer.status_code == 403
    assert answer.json() == {
        "code": "spectator",
        "message": "Spectators can watch but not change anything.",
        "extra": {},
    }

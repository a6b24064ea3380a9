"""Every Grim Hand command the rules tests apply tells the truth in its log line (games.md part A).

The suite's ``log_tells_the_truth`` fixture checks the commands sent through
the table service; this one checks every command these rules tests apply
directly, so each handler's line names every number it changes as
``before → after`` (a new number by its value), in the same words the log shows.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules.changes import moved, number_changes
from rules.engine import Actor, Outcome, Payload, State
from rules.grimhand.table import GrimHandRules


def unnamed(rules: GrimHandRules, outcome: Outcome) -> list[str]:
    """The number changes of ``outcome``'s events that none of its lines names."""
    lines = "\n".join(rules.describe(e.type, e.payload, {}) for e in outcome.events)
    return [
        f"{event.type}: {path} {moved(before, after)} is not in {lines!r}"
        for event in outcome.events
        for path, before, after in number_changes(event.payload)
        if moved(before, after) not in lines
    ]


@pytest.fixture(autouse=True)
def grimhand_log_tells_the_truth(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    original = GrimHandRules.apply

    def apply(
        self: GrimHandRules,
        state: State,
        command_type: str,
        payload: Payload,
        actor: Actor,
        rng: random.Random,
    ) -> Any:
        outcome = original(self, state, command_type, payload, actor, rng)
        missing = unnamed(self, outcome)
        assert not missing, f"{command_type} leaves numbers out of its log line: {missing}"
        return outcome

    monkeypatch.setattr(GrimHandRules, "apply", apply)
    yield

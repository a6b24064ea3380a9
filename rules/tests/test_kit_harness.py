"""The harness every game's rules tests share (rules/tests/harness.py) catches what it is there for.

A toy game of one counter: its honest version passes the table's checks and
the undo/redo property; a version whose log line leaves a number out, and one
whose undo does not give the number back, are caught.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.describing import before_after, describer
from rules.engine import Actor, LoggedEvent, Outcome, Payload, State
from rules.game import Ctx, EventBody, Handler, OpsRules
from rules.tests import harness
from rules.validate import fields, integer, participant

ANN, BOB = 1, 2
NAMES = {ANN: "Ann", BOB: "Bob"}


def add(ctx: Ctx, payload: Payload) -> EventBody:
    p = fields(payload, ("by",))
    by = integer(p, "by", "The change", -5, 5)
    participant(ctx.actor)
    before = int(ctx.state["count"])
    return "count.added", {"by": by, "before": before, "after": ctx.rec.add(["count"], by)}


DESCRIBE = describer({"count.added": lambda b, n: f"Count {before_after(b['before'], b['after'])}."})


class Counting(OpsRules):
    game = "counting"
    handlers: ClassVar[Mapping[str, Handler]] = {"count.add": add}

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        return {"count": 0}

    def describe(self, event_type: str, payload: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
        return DESCRIBE(event_type, payload, seat_names)


class Silent(Counting):
    """Its log line says nothing of the number it changed."""

    def describe(self, event_type: str, payload: Mapping[str, Any], seat_names: Mapping[int, str]) -> str:
        return "The count changed."


class Forgetful(Counting):
    """Its undo records the compensation but leaves the number where it was."""

    def invert(self, state: State, event: LoggedEvent, actor: Actor) -> Outcome:
        outcome = super().invert(state, event, actor)
        return Outcome(dict(state), outcome.events)


def table(rules: Counting) -> harness.Table:
    class Toy(harness.Table):
        default_seats: ClassVar[tuple[int, ...]] = (ANN, BOB)
        seat_names = NAMES

    Toy.rules = rules
    return Toy()


def game(rules: Counting) -> harness.UndoGame:
    step = st.tuples(
        harness.command("count.add", {"by": st.integers(-7, 7)}), st.just(ANN), st.just("player")
    )
    return harness.UndoGame(rules, NAMES, step, lambda state: step, lambda state: None, most_steps=5)


def test_the_table_keeps_the_log_and_checks_each_line_names_its_numbers() -> None:
    t = table(Counting())
    assert t.do("count.add", {"by": 3}) == {"by": 3, "before": 0, "after": 3, "ops": t.log[0].payload["ops"]}
    assert t.line() == "Count 0 \u2192 3."
    assert t.refused("count.add", {"by": 9}).code == "out_of_range"
    assert t.undo_all() == {"count": 0}
    with pytest.raises(AssertionError, match="leaves numbers out of its log line"):
        table(Silent()).do("count.add", {"by": 3})


def test_the_property_takes_back_and_redoes_every_event() -> None:
    rules = Counting()
    t = table(rules)
    for by in (2, -1, 4):
        t.do("count.add", {"by": by})
    harness.undo_and_redo_everything(game(rules), {"count": 0}, t.state, t.log, (ANN, BOB))


def test_the_property_catches_an_undo_that_does_not_give_the_number_back() -> None:
    rules = Forgetful()
    t = table(rules)
    t.do("count.add", {"by": 2})
    with pytest.raises(AssertionError):
        harness.undo_and_redo_everything(game(rules), {"count": 0}, t.state, t.log, (ANN, BOB))


@settings(max_examples=10, deadline=None)
@given(st.data())
def test_play_applies_drawn_steps_and_keeps_only_the_accepted(data: st.DataObject) -> None:
    rules = Counting()
    final, log = harness.play(game(rules), data, {"count": 0}, (ANN, BOB))
    assert final["count"] == sum(event.payload["by"] for event in log)
    harness.undo_and_redo_everything(game(rules), {"count": 0}, final, log, (ANN, BOB))

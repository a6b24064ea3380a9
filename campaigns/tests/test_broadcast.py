"""A command's group messages: encoded once for every phone, with what each socket decides on."""

from __future__ import annotations

import json
from typing import Any

from campaigns.broadcast import messages_for


def event(seq: int, type_: str, payload: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"seq": seq, "seat": 1, "type": type_, "payload": payload or {}, "created_at": "t", "text": "x"}


def test_each_event_is_one_message_whose_text_is_what_a_phone_receives() -> None:
    events = [event(7, "counter.adjusted", {"by": 1}), event(8, "counter.adjusted", {"by": 2})]
    state = {"counters": [{"id": 1, "value": 23}]}
    messages = messages_for(events, state, seat_ids=[1, 2], status="open", board="<p>Board</p>")
    assert [m["type"] for m in messages] == ["table.message", "table.message"]
    first, last = (json.loads(m["text"]) for m in messages)
    assert first == {"type": "event", "seq": 7, "event": events[0]}
    # Only the last carries the new state and the board rendered from it.
    assert last == {"type": "event", "seq": 8, "event": events[1], "state": state, "board": "<p>Board</p>"}
    assert all(m["seat_ids"] == [1, 2] and m["status"] == "open" for m in messages)
    assert [m["removed_seat"] for m in messages] == [None, None]


def test_a_seat_removal_names_the_removed_seat_for_the_sockets() -> None:
    messages = messages_for(
        [event(9, "seat.removed", {"seat_id": 2, "name": "Bo"})], {}, seat_ids=[1], status="open"
    )
    assert messages[0]["removed_seat"] == 2
    assert "board" not in json.loads(messages[0]["text"])

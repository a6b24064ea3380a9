"""The load generator reads what it times from a message's head (bench/phones.py, bench/relay.py)."""

from __future__ import annotations

import json

from bench.phones import _EVENT_HEAD, event_seq
from bench.relay import relay_body, relay_n
from campaigns.broadcast import messages_for


def test_an_event_as_the_server_sends_it_is_read_from_its_head() -> None:
    events = [{"seq": 41, "type": "counter.adjusted", "payload": {"by": 1}}]
    [message] = messages_for(events, {"counters": []}, seat_ids=[1], status="open", board="<p>b</p>")
    text = message["text"]
    assert _EVENT_HEAD.match(text) is not None  # the fast path, not the fallback
    assert event_seq(text) == 41 == json.loads(text)["seq"]


def test_other_messages_are_parsed_in_full() -> None:
    assert event_seq('{"type":"heartbeat","seq":9,"every_s":10}') is None
    assert event_seq(b'{"seq": 7, "type": "event"}') == 7  # another key order still counts


def test_a_relay_message_gives_its_number() -> None:
    assert relay_n(relay_body(123, 5000)) == 123
    assert relay_n('{"pad": "", "n": 5}') == 5

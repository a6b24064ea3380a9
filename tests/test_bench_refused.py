"""The load generator counts a command the server refused and carries on (issue #32, item 9).

``make bench`` stopped on this machine when a loaded server answered a
command 503 ``busy``: ``bench/bench_tables.py`` read the refusal's body as
an answer and failed on its missing ``seq``.
"""

from __future__ import annotations

import httpx
import pytest

from bench.phones import command_seq

URL = "http://127.0.0.1/api/v1/tables/1/commands/"


def answer(status: int, body: dict[str, object]) -> httpx.Response:
    return httpx.Response(status, json=body, request=httpx.Request("POST", URL))


def test_an_accepted_command_gives_its_seq() -> None:
    assert command_seq(answer(200, {"seq": 41, "events": [], "state": {}})) == 41


@pytest.mark.parametrize(("status", "code"), [(503, "busy"), (429, "too_fast")])
def test_a_refused_command_is_counted_not_read_as_an_answer(status: int, code: str) -> None:
    refused = answer(status, {"code": code, "message": "later", "extra": {"retry_after_s": 1}})
    assert command_seq(refused) is None


def test_any_other_failure_still_stops_the_run() -> None:
    with pytest.raises(httpx.HTTPStatusError):
        command_seq(answer(500, {"code": "server_error", "message": "", "extra": {}}))
    with pytest.raises(httpx.HTTPStatusError):
        command_seq(answer(400, {"code": "unknown_counter", "message": "", "extra": {}}))

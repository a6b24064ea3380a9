"""Two server processes behind a real nginx, configured from ``deploy/nginx.conf`` (issue #15).

The config is rendered by ``deploy.nginx_conf.render`` (what an operator
runs) with this test's own ports, pid file, logs and temp directory, and
nginx runs as a child of the test (``daemon off``), never as the system's
service. Through it: a table is opened, a second seat joins, a command is
answered, a page carries nginx's Host and scheme, static files come from
nginx itself, a websocket receives an event another process committed, the
client address nginx sets is the one the rate limits count, each table's
traffic goes to one process (and to the other when its own is down), and the
access log names that process but never a seat's token.
"""

from __future__ import annotations

import json
import os
import re
import time
import urllib.request
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from websockets.sync.client import connect
from websockets.typing import Origin

from campaigns.credentials import cookie_name
from campaigns.models import Table
from tests.helpers import ROOT
from tests.nginx_stack import Stack, call, nginx_stack  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_table_is_played_through_nginx(stack: Stack) -> None:
    status, opened, _, _ = call(
        stack.nginx, "POST", "/api/v1/tables/", {"game": "counters", "name": "Proxy", "seat_name": "Ann"}
    )
    assert status == 201, opened
    table_id, host_token = opened["id"], opened["seat"]["token"]
    status, joined, _, _ = call(
        stack.nginx, "POST", "/api/v1/tables/join/", {"code": opened["join_code"], "name": "Bo"}
    )
    assert status == 201, joined
    guest = {"Authorization": f"Seat {joined['seat']['token']}"}
    command = {"command_id": "n1", "type": "counter.add", "payload": {"name": "Life"}}
    status, answer, _, _ = call(
        stack.nginx, "POST", f"/api/v1/tables/{table_id}/commands/", command, headers=guest
    )
    assert status == 200, answer
    assert answer["state"]["counters"][0]["name"] == "Life"
    # Read back several times: requests spread over both processes, which
    # share the database, so every one sees the command.
    for _ in range(4):
        status, snapshot, _, _ = call(
            stack.nginx, "GET", f"/api/v1/tables/{table_id}/", headers={"Authorization": f"Seat {host_token}"}
        )
        assert status == 200 and snapshot["seq"] == answer["seq"], snapshot

    # The page's join link is built from what nginx passed on: the Host with
    # its port, and nginx's own scheme; a client's X-Forwarded-Proto is replaced.
    status, _, _, page = call(
        stack.nginx,
        "GET",
        f"/t/{table_id}/",
        headers={"Cookie": f"{cookie_name(table_id)}={host_token}", "X-Forwarded-Proto": "https"},
    )
    assert status == 200
    assert f"http://127.0.0.1:{stack.port}/join/{opened['join_code']}/".encode() in page


def test_static_files_come_from_nginx(stack: Stack) -> None:
    status, _, resp, body = call(stack.nginx, "GET", "/static/js/sync.js")
    assert status == 200
    assert body == (ROOT / "static" / "js" / "sync.js").read_bytes()
    # The caching nginx.conf sets (the app's own static answer carries other headers).
    assert "max-age=3600" in resp.headers.get_all("Cache-Control", [])
    assert resp.getheader("Server") == "nginx"


@pytest.mark.skipif(
    not os.environ.get("REDIS_URL"), reason="needs REDIS_URL: the processes share the Redis channel layer"
)
def test_a_websocket_through_nginx_gets_events_from_either_process(stack: Stack) -> None:
    status, opened, _, _ = call(
        stack.nginx, "POST", "/api/v1/tables/", {"game": "counters", "name": "Sockets", "seat_name": "Ann"}
    )
    assert status == 201, opened
    table_id, token = opened["id"], opened["seat"]["token"]
    ws_url = f"ws://127.0.0.1:{stack.port}/ws/tables/{table_id}/?token={token}"
    with connect(ws_url, origin=Origin(stack.nginx), open_timeout=10) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "snapshot"
        # nginx put the socket on one of the two processes; a command is sent
        # straight to each, so one of the events is pushed across processes.
        sent = []
        for i, process in enumerate(stack.processes):
            body = {"command_id": f"w{i}", "type": "counter.add", "payload": {"name": f"C{i}"}}
            request = urllib.request.Request(
                f"{process}/api/v1/tables/{table_id}/commands/",
                data=json.dumps(body).encode(),
                headers={"Authorization": f"Seat {token}", "Content-Type": "application/json"},
            )
            with urllib.request.urlopen(request, timeout=10) as resp:
                sent.append(json.loads(resp.read())["seq"])
        received: list[dict[str, Any]] = []
        while len(received) < len(sent):  # a heartbeat may come between (the first at a random moment)
            message = json.loads(ws.recv(timeout=10))
            if message["type"] != "heartbeat":
                received.append(message)
    assert [m["type"] for m in received] == ["event", "event"]
    assert sorted(m["seq"] for m in received) == sorted(sent)


def wrong_join(stack: Stack, source: str, forwarded_for: str | None = None) -> int:
    headers = {} if forwarded_for is None else {"X-Forwarded-For": forwarded_for}
    status, _, _, _ = call(
        stack.nginx,
        "POST",
        "/api/v1/tables/join/",
        {"code": "ZZZZZZ", "name": "Guess"},
        headers=headers,
        source=source,
    )
    return status


def test_the_address_nginx_forwards_is_the_client_the_limits_count(stack: Stack) -> None:
    # Wrong join codes from one phone until both processes answer 429: with
    # REDIS_URL they share one count (429 from the 11th), without it each
    # process counts for itself.
    answers: list[int] = []
    while answers[-2:] != [429, 429]:
        answers.append(wrong_join(stack, "127.0.0.2"))
        assert len(answers) <= 30, answers
    assert answers[:10] == [404] * 10, answers
    # nginx replaces the phone's own X-Forwarded-For: inventing one does not escape.
    assert wrong_join(stack, "127.0.0.2", forwarded_for="198.51.100.1") == 429
    # Another phone has its own count: the servers see nginx's X-Forwarded-For,
    # not nginx's address (which both phones share).
    assert wrong_join(stack, "127.0.0.3") == 404


def call_when_not_busy(
    stack: Stack, method: str, path: str, body: dict[str, Any], **kwargs: Any
) -> tuple[int, dict[str, Any]]:
    """``call`` through nginx, sent again after ``Retry-After`` while a loaded server answers 503
    ``busy`` (answered before any of the request's work), as a phone does."""
    for _attempt in range(10):
        status, answer, _, _ = call(stack.nginx, method, path, body, **kwargs)
        if status != 503 or answer.get("code") != "busy":
            break
        time.sleep(float(answer.get("extra", {}).get("retry_after_s", 1)))
    return status, answer


def open_table(stack: Stack, name: str) -> tuple[int, str]:
    """A new table."""
    status, opened = call_when_not_busy(
        stack, "POST", "/api/v1/tables/", {"game": "counters", "name": name, "seat_name": "Ann"}
    )
    assert status == 201, opened
    return opened["id"], opened["seat"]["token"]


def command(stack: Stack, table_id: int, token: str, command_id: str) -> int:
    body = {"command_id": command_id, "type": "counter.add", "payload": {"name": command_id}}
    path = f"/api/v1/tables/{table_id}/commands/"
    status, answer = call_when_not_busy(stack, "POST", path, body, headers={"Authorization": f"Seat {token}"})
    assert status == 200, answer
    return int(answer["seq"])


def events_seqs(ws: Any, count: int) -> list[int]:
    """The seqs of the next ``count`` events on ``ws`` (a heartbeat may come between them)."""
    seqs: list[int] = []
    while len(seqs) < count:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] != "heartbeat":
            assert message["type"] == "event", message
            seqs.append(message["seq"])
    return seqs


def logged(stack: Stack, done: Callable[[str], bool]) -> str:
    """nginx's access log once ``done`` holds for it: nginx writes a request's line after its
    answer has gone out (a socket's, once it is closed), so a test may read before it is there."""
    deadline = time.monotonic() + 10
    while True:
        text = stack.access_log.read_text(encoding="utf-8")
        if done(text) or time.monotonic() > deadline:
            return text
        time.sleep(0.05)


def served_by(log: str) -> dict[int, list[str]]:
    """Each table's id to the process (host:port) that answered each of its requests (the last
    one nginx tried: ``$upstream_addr`` lists each, "a:1, b:2", when one was down)."""
    found: dict[int, list[str]] = {}
    line_shape = re.compile(r'"[A-Z]+ /(?:ws/tables|api/v1/tables|t)/(\d+)/.* upstream=(?:\S+, )*(\S+) ')
    for line in log.splitlines():
        match = line_shape.search(line)
        if match:
            found.setdefault(int(match.group(1)), []).append(match.group(2))
    return found


def other_than(stack: Stack, own: str) -> str:
    (other,) = {p.removeprefix("http://") for p in stack.processes} - {own}
    return other


def lines_for(table_id: int, count: int) -> Callable[[str], bool]:
    return lambda log: len(served_by(log).get(table_id, [])) >= count


def test_each_tables_sockets_commands_and_page_go_to_one_process(stack: Stack) -> None:
    tables = [open_table(stack, f"T{i}") for i in range(24)]
    for table_id, token in tables:
        url = f"ws://127.0.0.1:{stack.port}/ws/tables/{table_id}/?token={token}"
        with connect(url, origin=Origin(stack.nginx), open_timeout=10) as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "snapshot"
            seqs = [command(stack, table_id, token, f"c{n}") for n in range(2)]
            # The socket gets its table's events from the process it sits on.
            assert events_seqs(ws, len(seqs)) == seqs
        cookie = {"Cookie": f"{cookie_name(table_id)}={token}"}
        assert call(stack.nginx, "GET", f"/t/{table_id}/", headers=cookie)[0] == 200
    # The socket, both commands and the page: four lines for each table, from one process.
    served = served_by(logged(stack, lambda log: all(lines_for(t, 4)(log) for t, _ in tables)))
    processes = {p.removeprefix("http://") for p in stack.processes}
    for table_id, _ in tables:
        assert len(served[table_id]) == 4 and len(set(served[table_id])) == 1, served[table_id]
        assert set(served[table_id]) <= processes
    # By the tables' ids, so both processes hold some (all 24 on one: a chance of 1 in 2**23).
    assert {p for t, _ in tables for p in served[t]} == processes, served


def test_a_tables_commands_go_to_the_other_process_when_its_own_is_down(stack: Stack) -> None:
    table_id, token = open_table(stack, "Failover")
    before = command(stack, table_id, token, "before")
    (own,) = served_by(logged(stack, lines_for(table_id, 1)))[table_id]
    down = stack.started[[p.removeprefix("http://") for p in stack.processes].index(own)]
    down.terminate()
    down.wait(10)
    after = command(stack, table_id, token, "after")
    assert after == before + 1
    assert served_by(logged(stack, lines_for(table_id, 2)))[table_id] == [own, other_than(stack, own)]
    url = f"ws://127.0.0.1:{stack.port}/ws/tables/{table_id}/?token={token}"
    with connect(url, origin=Origin(stack.nginx), open_timeout=10) as ws:
        assert json.loads(ws.recv(timeout=10))["seq"] == after


def test_the_access_log_names_the_process_and_never_a_seats_token(stack: Stack) -> None:
    table_id, token = open_table(stack, "Log")
    url = f"ws://127.0.0.1:{stack.port}/ws/tables/{table_id}/?token={token}&after=0"
    with connect(url, origin=Origin(stack.nginx), open_timeout=10) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "snapshot"
    command(stack, table_id, token, "logged")
    status, _, _, _ = call(
        stack.nginx,
        "GET",
        f"/api/v1/tables/{table_id}/events/?after=0",
        headers={"Authorization": f"Seat {token}"},
    )
    assert status == 200
    log = logged(stack, lines_for(table_id, 3))
    assert token not in log
    assert f'"GET /ws/tables/{table_id}/?[redacted] ' in log
    # A query string without a token is kept as it was.
    assert f'"GET /api/v1/tables/{table_id}/events/?after=0 ' in log
    processes = {p.removeprefix("http://") for p in stack.processes}
    upstreams = set(re.findall(r"upstream=(\S+) ", log))
    assert upstreams and upstreams <= processes, upstreams


def test_the_access_log_holds_no_token_or_join_code_in_any_spelling(stack: Stack) -> None:
    """Issue #32, item 5: the server reads query names decoded (`?%74oken=` is `?token=`); nginx
    logs no token under any spelling of its name, and no join code after any spelling of /join/."""
    table_id, token = open_table(stack, "Spellings")
    code = Table.objects.get(pk=table_id).join_code
    # The server accepts the token under an encoded name: it must not be logged either.
    url = f"ws://127.0.0.1:{stack.port}/ws/tables/{table_id}/?after=0&%74oken={token}"
    with connect(url, origin=Origin(stack.nginx), open_timeout=10) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "snapshot"
    spellings = ["%74oken", "TOKEN", "tok%65n", "%2574oken", "%25%37%34oken", "To%4Ben"]
    secrets = {name: f"s{n}{uuid.uuid4().hex}" for n, name in enumerate(spellings)}
    for name, secret in secrets.items():
        assert call(stack.nginx, "GET", f"/api/v1/hello/?x=1&{name}={secret}")[0] == 200
    assert call(stack.nginx, "GET", f"/api/v1/hello/?token%3D{secrets['TOKEN']}x")[0] == 200
    # The join page by its link, and paths spelling it otherwise (whatever the server makes of them).
    assert call(stack.nginx, "GET", f"/join/{code}/")[0] == 200
    for path in (f"/%6Aoin/{code}/", f"/JOIN/{code}/", f"/join/{code[:2]}%2541{code[3:]}/"):
        call(stack.nginx, "GET", path)
    log = logged(
        stack, lambda text: text.count("/api/v1/hello/?") >= len(secrets) + 1 and text.count("oin/") >= 4
    )
    assert token not in log and code not in log, log
    assert not [secret for secret in secrets.values() if secret in log], log
    assert f'"GET /ws/tables/{table_id}/?[redacted] ' in log
    assert log.count('"GET /api/v1/hello/?[redacted] ') == len(secrets) + 1, log
    assert log.count('"GET /join/[redacted] ') == 2 and '"GET /JOIN/[redacted] ' in log, log
    assert '"GET [redacted] ' in log  # the path encoded twice over
    # A path or query with no secret is logged as it was.
    assert call(stack.nginx, "GET", "/api/v1/hello/?after=0&limit=5")[0] == 200
    assert '"GET /api/v1/hello/?after=0&limit=5 ' in logged(stack, lambda text: "limit=5" in text)


def test_an_export_larger_than_other_requests_is_imported_and_its_secret_id_not_logged(
    stack: Stack,
) -> None:
    """An upload for import may be larger than the 1 MB nginx lets any other request be (the app
    bounds it itself, IMPORT_MAX_BYTES); its status URL holds a secret and is logged without it."""
    from tests.test_import_server import long_export

    data = long_export(2300)
    assert len(json.dumps(data)) > 1024 * 1024
    status, body, resp, _ = call(stack.nginx, "POST", "/api/v1/tables/import/", data)
    assert status == 202, body
    key = body["id"]
    assert resp.getheader("Location") == body["status_url"]
    assert call(stack.nginx, "GET", body["status_url"])[0] == 200
    log = logged(stack, lambda text: "/api/v1/tables/import/[redacted]/" in text)
    assert key not in log and '"GET /api/v1/tables/import/[redacted]/ ' in log
    # The home page's import waits on a page whose path holds the same secret.
    call(stack.nginx, "GET", f"/tables/import/{key}/")
    log = logged(stack, lambda text: '"GET /tables/import/[redacted]/ ' in text)
    assert key not in log

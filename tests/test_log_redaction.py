"""Seat tokens and join codes never reach the server's logs (issue #15; issue #32, item 5)."""

from __future__ import annotations

import io
import logging
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from uvicorn.logging import AccessFormatter
from websockets.sync.client import connect

from campaigns import services
from campaigns.models import Table
from companion.logredact import RedactTokens, redact, scrub, uvicorn_log_config
from tests.helpers import ROOT
from tests.servers import free_port, server_env, wait_http


def test_tokens_are_taken_out_of_a_line() -> None:
    line = '"WebSocket /ws/tables/3/?token=AbC-123_x&x=1" [accepted] Authorization: Seat Zz9'
    assert (
        redact(line)
        == '"WebSocket /ws/tables/3/?token=[redacted]&x=1" [accepted] Authorization: Seat [redacted]'
    )


def test_the_filter_rewrites_uvicorn_style_records_and_is_on_every_handler() -> None:
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s"',
        ("1.2.3.4", "GET", "/x?token=secret"),
        None,
    )
    assert RedactTokens().filter(record) and "secret" not in record.getMessage()
    config = uvicorn_log_config()
    assert all("redact_tokens" in h["filters"] for h in config["handlers"].values())


@pytest.mark.django_db(transaction=True)
def test_a_served_socket_with_its_token_in_the_url_leaves_no_token_in_the_log() -> None:
    table, grant = services.table_create(game="counters", name="Logs", seat_name="Ann")
    port = free_port()
    env = {**server_env(), "PORT": str(port), "ACCESS_LOG": "1", "LOG_LEVEL": "info"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.serve"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_http(f"http://127.0.0.1:{port}/api/v1/hello/")
        with connect(
            f"ws://127.0.0.1:{port}/ws/tables/{table.pk}/?token={grant.token}", open_timeout=10
        ) as ws:
            assert '"snapshot"' in str(ws.recv(timeout=10))
        urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/hello/?token={grant.token}").read()
        time.sleep(0.5)
    finally:
        proc.terminate()
        output, _ = proc.communicate(timeout=15)
    log = output.decode()
    assert "token=[redacted]" in log  # the lines are there...
    assert grant.token not in log  # ...without the secret


SPELLINGS = ["token", "%74oken", "TOKEN", "tok%65n", "To%4Ben", "%2574oken", "%25%37%34oken"]


@pytest.mark.parametrize("name", SPELLINGS)
def test_a_token_is_taken_out_under_any_spelling_of_its_name(name: str) -> None:
    line = f'127.0.0.1:5000 - "GET /ws/tables/3/?after=2&{name}=Secret-1_x HTTP/1.1" 101'
    assert redact(line) == f'127.0.0.1:5000 - "GET /ws/tables/3/?after=2&{name}=[redacted] HTTP/1.1" 101'


def test_a_name_and_value_encoded_together_go_whole() -> None:
    assert redact("/x/?a=1&token%3DSecret&b=2") == "/x/?a=1&[redacted]&b=2"
    assert redact("/x/?a=1%26token%3DSecret") == "/x/?a=[redacted]"
    assert redact("after=2&token=Secret") == "after=2&token=[redacted]"  # a bare query string


def test_an_import_jobs_secret_id_is_taken_out_of_its_status_url() -> None:
    line = '"GET /api/v1/tables/import/331PV2aXk1Q19UnVKj3T/ HTTP/1.1" 200'
    assert redact(line) == '"GET /api/v1/tables/import/[redacted] HTTP/1.1" 200'
    page = '"GET /tables/import/331PV2aXk1Q19UnVKj3T/ HTTP/1.1" 200'  # the home page's import
    assert redact(page) == '"GET /tables/import/[redacted] HTTP/1.1" 200'
    upload = '"POST /api/v1/tables/import/ HTTP/1.1" 202'
    assert redact(upload) == upload


def test_join_codes_are_taken_out_of_paths_and_bodies() -> None:
    assert redact("Not Found: /join/K7QX2M/nope/") == "Not Found: /join/[redacted]"
    assert redact('"GET /%6Aoin/K7QX2M/ HTTP/1.1"') == '"GET /join/[redacted] HTTP/1.1"'
    assert redact("https://grim.example/JOIN/k7qx2m/") == "https://grim.example/JOIN/[redacted]"
    assert redact('{"code": "k7qx-2m", "name": "Bo"}') == '{"code": "[redacted]", "name": "Bo"}'
    assert redact("{'join_code': 'K7QX2M'}") == "{'join_code': '[redacted]'}"
    assert redact("{'type': 'auth', 'token': 'Secret'}") == "{'type': 'auth', 'token': '[redacted]'}"
    # What holds no secret stays as it was: the join form's own path, an error's code.
    for kept in ("POST /join/ 404", "/api/v1/tables/join/", '{"code": "bad_code"}', "50% done"):
        assert redact(kept) == kept


def test_a_uvicorn_access_record_keeps_its_shape() -> None:
    """uvicorn's access formatter reads the request line from the record's arguments: a record
    flattened to its text breaks it (the line was lost to a "Logging error")."""
    args = ("1.2.3.4:5", "GET", "/api/v1/hello/?%74oken=Secret", "1.1", 200)
    record = logging.LogRecord(
        "uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d', args, None
    )
    RedactTokens().filter(record)
    line = AccessFormatter('%(client_addr)s - "%(request_line)s" %(status_code)s', use_colors=False).format(
        record
    )
    assert line == '1.2.3.4:5 - "GET /api/v1/hello/?%74oken=[redacted] HTTP/1.1" 200 OK'


def test_every_logger_is_scrubbed_as_its_records_are_made() -> None:
    """Not only uvicorn's handlers: any logger (Django's, a library's), message, arguments and
    traceback, through any handler."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    logger = logging.getLogger("tests.anywhere")
    logger.addHandler(handler)
    try:
        logger.warning("Not Found: %s", "/join/K7QX2M/")
        logger.warning("%s", SimpleUrl("/ws/tables/1/?TOKEN=Secret1"))
        try:
            raise ValueError("bad link /join/K7QX2M/ with ?tok%65n=Secret2")
        except ValueError:
            logger.exception("failed")
    finally:
        logger.removeHandler(handler)
    text = stream.getvalue()
    assert "K7QX2M" not in text and "Secret" not in text, text
    assert "Not Found: /join/[redacted]" in text and "?TOKEN=[redacted]" in text
    assert "ValueError: bad link /join/[redacted] with ?tok%65n=[redacted]" in text


class SimpleUrl:
    def __init__(self, url: str) -> None:
        self.url = url

    def __str__(self) -> str:
        return self.url


def test_scrubbing_twice_changes_nothing_more() -> None:
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "%s", ("/join/K7QX2M/?token=S",), None)
    scrub(record)
    once = record.getMessage()
    scrub(record)
    assert record.getMessage() == once == "/join/[redacted]?token=[redacted]"


@pytest.mark.django_db(transaction=True)
def test_a_served_token_or_join_code_is_in_no_log_line_under_any_spelling() -> None:
    """A real server process with its access log on: the server accepts ``?%74oken=`` as the
    token, so its log must hide it, as every other spelling and every join code."""
    table, grant = services.table_create(game="counters", name="Logs", seat_name="Ann")
    code = Table.objects.get(pk=table.pk).join_code
    port = free_port()
    env = {**server_env(), "PORT": str(port), "ACCESS_LOG": "1", "LOG_LEVEL": "info"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.serve"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_http(f"{base}/api/v1/hello/")
        with connect(
            f"ws://127.0.0.1:{port}/ws/tables/{table.pk}/?%74oken={grant.token}", open_timeout=10
        ) as ws:
            assert '"snapshot"' in str(ws.recv(timeout=10))  # accepted under the encoded name
        for name in SPELLINGS:
            urllib.request.urlopen(f"{base}/api/v1/hello/?{name}={grant.token}").read()
        urllib.request.urlopen(f"{base}/join/{code}/").read()
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(f"{base}/join/{code}/nope/")  # Django logs the 404's path
        time.sleep(0.5)
    finally:
        proc.terminate()
        output, _ = proc.communicate(timeout=15)
    log = output.decode()
    assert grant.token not in log and code not in log, log
    assert "Logging error" not in log, log
    for name in SPELLINGS:
        assert f'"GET /api/v1/hello/?{name}=[redacted] HTTP/1.1" 200' in log, log
    assert f'"WebSocket /ws/tables/{table.pk}/?%74oken=[redacted]" [accepted]' in log, log
    assert '"GET /join/[redacted] HTTP/1.1" 200' in log and "Not Found: /join/[redacted]" in log, log

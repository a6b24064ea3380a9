"""Seat tokens never reach the server's logs (issue #15: deployment hygiene)."""

from __future__ import annotations

import logging
import subprocess
import sys
import time
import urllib.request

import pytest
from websockets.sync.client import connect

from campaigns import services
from companion.logredact import RedactTokens, redact, uvicorn_log_config
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

"""Two server processes behind a real nginx configured from ``deploy/nginx.conf``: the ``stack``
fixture (tests/test_nginx.py) and one request through it from a chosen loopback address.

The config is rendered by ``deploy.nginx_conf.render`` (what an operator runs) with the test's
own ports, pid file, logs and temp directory; nginx runs as the test's child (``daemon off``),
never as the system's service.
"""

from __future__ import annotations

import http.client
import json
import os
import pwd
import shutil
import subprocess
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from deploy.nginx_conf import render
from tests.helpers import ROOT
from tests.servers import free_port, server_env, server_process, wait_http

# Debian's package (`.ci/run` installs it); no nginx is a failure, not a skip.
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


@dataclass(frozen=True)
class Stack:
    nginx: str  # http://127.0.0.1:<nginx port>
    port: int
    processes: tuple[str, str]  # the server processes, addressed directly
    started: tuple[subprocess.Popen[bytes], subprocess.Popen[bytes]]  # the same, in that order
    access_log: Path


@pytest.fixture(name="stack")
def nginx_stack(tmp_path: Path) -> Iterator[Stack]:
    """Two server processes on PostgreSQL and Redis with nginx in front, all stopped after the test."""
    env = server_env(FORWARDED_ALLOW_IPS="127.0.0.1", REDIS_PREFIX=f"nginx-{uuid.uuid4().hex}")
    started: list[subprocess.Popen[bytes]] = []
    with server_process(env, started) as a, server_process(env, started) as b:
        port = free_port()
        (tmp_path / "temp").mkdir()
        conf = tmp_path / "nginx.conf"
        conf.write_text(
            render(
                upstreams=[a.removeprefix("http://"), b.removeprefix("http://")],
                listen=f"127.0.0.1:{port}",
                static_root=str(ROOT / "static"),
                # As root, workers run as root too, so they can read this
                # test's private temp directory; as anyone else nginx ignores it.
                user=pwd.getpwuid(os.getuid()).pw_name,
                worker_processes="1",
                pid_file=str(tmp_path / "nginx.pid"),
                log_dir=str(tmp_path),
                temp_dir=str(tmp_path / "temp"),
            ),
            encoding="utf-8",
        )
        proc = subprocess.Popen(
            [
                NGINX,
                "-p",
                str(tmp_path),
                "-e",
                str(tmp_path / "error.log"),
                "-c",
                str(conf),
                "-g",
                "daemon off;",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            try:
                wait_http(f"{base}/api/v1/hello/", timeout_s=15)
            except RuntimeError:
                proc.terminate()
                _, err = proc.communicate(timeout=10)
                log = (tmp_path / "error.log").read_text() if (tmp_path / "error.log").exists() else ""
                raise RuntimeError(f"nginx did not serve: {err.decode()} {log}") from None
            yield Stack(
                nginx=base,
                port=port,
                processes=(a, b),
                started=(started[0], started[1]),
                access_log=tmp_path / "access.log",
            )
        finally:
            proc.terminate()  # SIGTERM: nginx's fast shutdown
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)


def call(
    base: str,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
    *,
    headers: dict[str, str] | None = None,
    source: str = "127.0.0.1",
) -> tuple[int, dict[str, Any], http.client.HTTPResponse, bytes]:
    """One request from the loopback address ``source`` (each stands for a different phone)."""
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10, source_address=(source, 0))
    try:
        sent = {"Content-Type": "application/json", **(headers or {})}
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=sent)
        resp = conn.getresponse()
        raw = resp.read()
    finally:
        conn.close()
    data = json.loads(raw) if resp.getheader("Content-Type", "").startswith("application/json") else {}
    return resp.status, data, resp, raw

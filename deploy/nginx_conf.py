"""Render ``deploy/nginx.conf`` for a set of server processes (issue #15).

The template names its blanks ``{{name}}`` (nginx's own ``$variables`` stay
untouched). ``make serve`` starts ``SERVE_PROCESSES`` processes on ports
``PORT``, ``PORT + 1``, ...; this fills the upstream with the same ports::

    python -m deploy.nginx_conf --port 8001 --processes 2 \\
        --static-root /srv/grim/staticfiles > /etc/nginx/nginx.conf

tests/test_nginx.py renders through :func:`render` too, so what it runs is
what an operator gets.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

TEMPLATE = Path(__file__).with_name("nginx.conf")


def render(
    *,
    upstreams: Sequence[str],
    listen: str,
    static_root: str,
    server_name: str = "_",
    user: str = "www-data",
    worker_processes: str = "auto",
    pid_file: str = "/run/nginx.pid",
    log_dir: str = "/var/log/nginx",
    temp_dir: str = "/var/lib/nginx",
    mime_types: str = "/etc/nginx/mime.types",
) -> str:
    """The template with every blank filled; ``upstreams`` are ``host:port`` of the processes."""
    if not upstreams:
        raise ValueError("at least one upstream server is needed")
    servers = "\n".join(f"        server {address} max_fails=1 fail_timeout=5s;" for address in upstreams)
    values = {
        "upstream_servers": servers,
        "listen": listen,
        "static_root": static_root.rstrip("/"),
        "server_name": server_name,
        "user": user,
        "worker_processes": worker_processes,
        "pid_file": pid_file,
        "log_dir": log_dir.rstrip("/"),
        "temp_dir": temp_dir.rstrip("/"),
        "mime_types": mime_types,
    }
    text = TEMPLATE.read_text(encoding="utf-8")
    for name, value in values.items():
        text = text.replace("{{" + name + "}}", value)
    left = sorted(set(re.findall(r"\{\{(\w+)\}\}", text)))
    if left:
        # A blank the renderer does not know would reach nginx as literal text.
        raise ValueError(f"template blanks left unfilled: {', '.join(left)}")
    return text


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Render deploy/nginx.conf for N server processes.")
    parser.add_argument("--host", default="127.0.0.1", help="where the server processes listen")
    parser.add_argument(
        "--port", type=int, default=8001, help="port of the first process (make serve's PORT)"
    )
    parser.add_argument("--processes", type=int, default=2, help="how many (make serve's SERVE_PROCESSES)")
    parser.add_argument("--listen", default="80", help="nginx's own listen address")
    parser.add_argument("--server-name", default="_")
    parser.add_argument("--static-root", required=True, help="STATIC_ROOT after collectstatic")
    parser.add_argument("--user", default="www-data")
    args = parser.parse_args(argv)
    if args.processes < 1 or not 0 < args.port <= 65536 - args.processes:
        parser.error("--processes must be at least 1 and every port within 1..65535")
    upstreams = [f"{args.host}:{args.port + i}" for i in range(args.processes)]
    sys.stdout.write(
        render(
            upstreams=upstreams,
            listen=args.listen,
            static_root=args.static_root,
            server_name=args.server_name,
            user=args.user,
        )
    )


if __name__ == "__main__":
    main()

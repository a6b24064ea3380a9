"""Read and validate the environment for the settings module.

Every production value that is missing or malformed raises
``ImproperlyConfigured`` with the variable's name, so a misconfigured server
refuses to start instead of running half-configured.
"""

from __future__ import annotations

import os
import secrets
from typing import Any
from urllib.parse import urlparse

import environ
from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}

# A development-only key, regenerated on every start when DEBUG is on and no
# key is given: sessions then last one run, which is fine on a laptop.
_DEV_KEY_PREFIX = "dev-insecure-"


class EnvReader:
    """Typed accessors over ``os.environ`` that name the variable on error."""

    def __init__(self, source: dict[str, str] | None = None) -> None:
        self._env = source if source is not None else os.environ

    def string(self, name: str, default: str) -> str:
        return self._env.get(name, default)

    def boolean(self, name: str, default: bool) -> bool:
        raw = self._env.get(name)
        if raw is None:
            return default
        value = raw.strip().lower()
        if value in _TRUE:
            return True
        if value in _FALSE:
            return False
        raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false), got {raw!r}")

    def integer(self, name: str, default: int, *, minimum: int = 1) -> int:
        """A whole number (strictly: "1e3" or "2.5" stop start-up with the variable's name)."""
        raw = self._env.get(name)
        if raw is None:
            return default
        text = raw.strip()
        if not text.lstrip("+").isdigit() or int(text) < minimum:
            raise ImproperlyConfigured(f"{name} must be a whole number of at least {minimum}, got {raw!r}")
        return int(text)

    def secret_key(self, name: str, *, debug: bool) -> str:
        key = self._env.get(name, "").strip()
        if key:
            if not debug and (len(key) < 50 or len(set(key)) < 5):
                raise ImproperlyConfigured(
                    f"{name} is too weak for production: use at least 50 random characters"
                )
            if not debug and "change-me" in key.lower():
                # The placeholder of .env.example is long enough to pass the test above.
                raise ImproperlyConfigured(f"{name} is still the .env.example placeholder: set a random one")
            return key
        if not debug:
            raise ImproperlyConfigured(f"{name} must be set when DJANGO_DEBUG is off")
        return _DEV_KEY_PREFIX + secrets.token_urlsafe(40)

    def hosts(self, name: str, *, debug: bool) -> list[str]:
        raw = self._env.get(name, "")
        hosts = [h.strip() for h in raw.split(",") if h.strip()]
        if hosts:
            return hosts
        if not debug:
            raise ImproperlyConfigured(f"{name} must list the server's host names when DJANGO_DEBUG is off")
        return ["localhost", "127.0.0.1", "[::1]", "testserver"]

    def origins(self, name: str) -> list[str]:
        raw = self._env.get(name, "")
        origins = [o.strip() for o in raw.split(",") if o.strip()]
        for origin in origins:
            parsed = urlparse(origin)
            if parsed.scheme not in {"http", "https"} or not parsed.netloc:
                raise ImproperlyConfigured(
                    f"{name} entries must look like https://example.com, got {origin!r}"
                )
        return origins

    def redis_url(self, name: str) -> str | None:
        raw = self._env.get(name, "").strip()
        if not raw:
            return None
        parsed = urlparse(raw)
        if parsed.scheme not in {"redis", "rediss", "unix"} or (
            parsed.scheme != "unix" and not parsed.hostname
        ):
            raise ImproperlyConfigured(f"{name} must look like redis://host:6379/0, got {raw!r}")
        return raw

    def database(self, name: str, default: str) -> dict[str, Any]:
        raw = self._env.get(name, "").strip() or default
        scheme = raw.split("://", 1)[0] if "://" in raw else ""
        if scheme not in environ.Env.DB_SCHEMES:
            raise ImproperlyConfigured(
                f"{name} must look like postgres://user@host:5432/name or sqlite:///path, got {raw!r}"
            )
        try:
            config: dict[str, Any] = dict(environ.Env.db_url_config(raw))
        except Exception as exc:  # django-environ raises several types
            raise ImproperlyConfigured(f"{name} is not a valid database URL: {exc}") from exc
        engine = config.get("ENGINE", "")
        if not engine:
            raise ImproperlyConfigured(f"{name} has an unsupported scheme: {raw!r}")
        if "postgresql" in engine:
            # Persistent connections: a table command is a few short queries,
            # and a new connection per request would dominate them.
            config.setdefault("CONN_MAX_AGE", 60)
            # No per-request health check: it costs a round trip on every
            # request; after a database restart a stale connection fails one
            # request (rolled back, nothing changed) and is then replaced.
            config.setdefault("CONN_HEALTH_CHECKS", False)
        if "sqlite" in engine:
            # WAL lets the websocket broadcaster read while a command commits.
            config.setdefault("OPTIONS", {})
            config["OPTIONS"].setdefault("init_command", "PRAGMA journal_mode=WAL;")
            config["OPTIONS"].setdefault("transaction_mode", "IMMEDIATE")
            config["OPTIONS"].setdefault("timeout", 20)
            # Tests use a file, not SQLite's shared in-memory database, so
            # concurrent writers wait on a lock instead of failing at once and
            # server processes started by tests can open the same data.
            # One file per test process, so parallel runs never share it.
            config.setdefault("TEST", {"NAME": f"{config['NAME']}.test-{os.getpid()}"})
        return config

"""The PostgreSQL + Redis environment the live-table benchmarks run on."""

from __future__ import annotations

import os

import psycopg
import redis

PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
BENCH_DB = "grim_bench"


def redis_url() -> str:
    """The Redis the benchmarks use: ``REDIS_URL``, else the one every machine runs (database 0;
    each benchmark's keys go under a prefix of its own)."""
    return os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")


def bench_env(name: str = BENCH_DB) -> dict[str, str]:
    """A fresh benchmark database ``name`` and the Redis URL; raises if either is down."""
    url = redis_url()
    redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    with psycopg.connect(PG_ADMIN, autocommit=True, connect_timeout=3) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    return {"DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{name}", "REDIS_URL": url}

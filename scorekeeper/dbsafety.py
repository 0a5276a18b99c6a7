"""The database under several processes: the schema upgrade on start runs in one of them at a time,
and SQLite writers wait for each other instead of failing.

- `migration_lock`: `gunicorn -w 4` starts four workers that each create the app and so each upgrade
  the schema. They take turns: an exclusive fcntl lock on `instance/migrate.lock` for SQLite, a
  session-level `pg_advisory_lock` for PostgreSQL. The first worker upgrades; the others find the
  schema current (Alembic's upgrade is then a no-op).
- `sqlite_busy_timeout`: a SQLite connection waits up to 30 s for another writer's lock (pysqlite's
  default is 5 s) — writes are short, but a burst of saves from many tablets queues up.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import event, text
from sqlalchemy.engine import Engine

# pg_advisory_lock's key: any constant the app uses for nothing else ("SCOREKEP" in ASCII)
ADVISORY_KEY = 0x53434F52454B4550
BUSY_TIMEOUT_MS = 30_000


@event.listens_for(Engine, "connect")
def sqlite_busy_timeout(dbapi_connection, connection_record) -> None:
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.close()


@contextmanager
def migration_lock(engine: Engine, instance_path: str) -> Iterator[None]:
    """Hold the one-migrator-at-a-time lock for the database `engine` points at."""
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": ADVISORY_KEY})
            try:
                yield
            finally:
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": ADVISORY_KEY})
        return
    import fcntl

    path = Path(instance_path) / "migrate.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)

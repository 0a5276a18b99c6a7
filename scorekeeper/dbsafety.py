"""The database under several processes: the schema upgrade on start runs in one of them at a time,
and SQLite writers wait for each other instead of failing.

- `migration_lock`: `gunicorn -w 4` starts four workers that each create the app and so each upgrade
  the schema. They take turns: an exclusive fcntl lock on `instance/migrate.lock` for SQLite, a
  session-level `pg_advisory_lock` for PostgreSQL. The first worker upgrades; the others find the
  schema current (Alembic's upgrade is then a no-op).
- `sqlite_connection`: a SQLite connection waits up to 30 s for another writer's lock (pysqlite's
  default is 5 s) — writes are short, but a burst of saves from many tablets queues up. The file is
  in write-ahead-log mode with `synchronous=NORMAL` (SQLite's own advice for this mode, and the
  default of Rails 8 and of most Django SQLite guides): boards and polls read while a tablet saves,
  instead of waiting for its commit, and a commit appends to the log without an fsync (the log is
  synced when it is copied back into the database). A crash of the app or of gunicorn loses
  nothing; a power cut can lose the last saves before the last checkpoint, never corrupt the file.
- what reaches the database is sane: ids beyond the id columns' range never match a route, JSON texts (an
  API body, an imported file) are read by `read_json`: nesting depth checked first, no NaN, no lone surrogate.
- faults say what happened: a write the database refuses because its disk is full or it is read-only,
  or a database that cannot be reached (PostgreSQL stopped), becomes a `Fault` (a RuleError: the form
  keeps what was typed; the API answers 507 or 503), never a 500. A SQLite file in a folder this
  process cannot write is opened read-only (`sqlite_read_only_folder`), and `migration_lock` then
  lets the app start without an upgrade.
"""
from __future__ import annotations

import errno
import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, OperationalError
from werkzeug.routing import IntegerConverter

from .extensions import db
from .games.base import RuleError, T, Text
from .models import INTEGER_MAX

# pg_advisory_lock's key: any constant the app uses for nothing else ("SCOREKEP" in ASCII)
ADVISORY_KEY = 0x53434F52454B4550
BUSY_TIMEOUT_MS = 30_000


@event.listens_for(Engine, "connect")
def sqlite_connection(dbapi_connection, connection_record) -> None:
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        # kept in the file; an in-memory database answers "memory" and stays so
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = NORMAL")  # per connection
        # the log is reused after each checkpoint; after a burst (an import) it is cut back to 64 MB
        cursor.execute("PRAGMA journal_size_limit = 67108864")
        cursor.close()


@event.listens_for(Engine, "do_connect")
def sqlite_read_only_folder(dialect, connection_record, cargs, cparams) -> None:
    """A SQLite file in a folder this process cannot write (a read-only mount, file modes) is opened
    read-only: SQLite cannot create the write-ahead log's index beside it, and without one it reads
    the file as immutable (nobody can write it either). Writes are then refused (SQLITE_READONLY)."""
    if dialect.name != "sqlite" or not cargs or cparams.get("uri"):
        return
    path = Path(cargs[0])
    if not path.is_file() or os.access(path.parent, os.W_OK):
        return
    index_there = path.with_name(path.name + "-shm").exists()
    cargs[0] = path.resolve().as_uri() + ("?mode=ro" if index_there else "?mode=ro&immutable=1")
    cparams["uri"] = True


@contextmanager
def migration_lock(engine: Engine, instance_path: str) -> Iterator[bool]:
    """Hold the one-migrator-at-a-time lock for the database `engine` points at: True; False when
    the instance folder is read-only for this process (SQLite: nobody can migrate there then)."""
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": ADVISORY_KEY})
            try:
                yield True
            finally:
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": ADVISORY_KEY})
        return
    import fcntl

    path = Path(instance_path) / "migrate.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        handle = open(path, "a")
    except OSError as error:
        if error.errno not in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise
        yield False
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


class Fault(RuleError):
    """A write the database refused for a reason of the server's, not of the table's: nothing was
    stored. `status`: the API's answer (507 a full disk, 503 a read-only database)."""

    def __init__(self, text: Text, status: int) -> None:
        super().__init__(text)
        self.status = status


def fault(error: DBAPIError) -> Fault | None:
    """What a database error means to the table, when the server ran out of room or cannot write:
    SQLite's SQLITE_FULL / SQLITE_READONLY (any extended code); PostgreSQL's 53100 (disk full),
    the rest of class 53 (out of memory, too many connections) and 25006 (a read-only transaction)."""
    code = (getattr(error.orig, "sqlite_errorcode", None) or 0) & 0xFF
    state = getattr(error.orig, "sqlstate", None) or ""
    if code == sqlite3.SQLITE_FULL or state == "53100":
        return Fault(T("The server's disk is full; nothing you typed is lost."), 507)
    if code == sqlite3.SQLITE_READONLY or state == "25006":
        return Fault(T("This Scorekeeper is read-only right now; nothing was saved."), 503)
    if state.startswith("53"):
        return Fault(T("The server is short of resources right now; nothing you typed is lost. Please try again."),
                     503)
    if unreachable(error):
        return Fault(T("The scores' database is not answering right now; nothing you typed is lost. "
                       "Please try again."), 503)
    return None


def unreachable(error: DBAPIError) -> bool:
    """The database server is down or its connection broke (PostgreSQL stopped, restarted, the
    network to it gone: no SQLSTATE or class 08), or SQLite's file stayed locked past the wait."""
    if not isinstance(error, OperationalError):
        return False
    code = getattr(error.orig, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    state = getattr(error.orig, "sqlstate", None) or ""
    return error.connection_invalidated or not state or state.startswith("08")


@contextmanager
def refusing_faults() -> Iterator[None]:
    """Turn a full disk or a read-only database met inside into a `Fault` (rolled back); as a
    decorator too."""
    try:
        yield
    except DBAPIError as error:
        refusal = fault(error)
        if refusal is None:
            raise
        db.session.rollback()
        raise refusal from error


def column_int(value: str) -> int:
    """`request.args.get(name, type=column_int)`: a number an INTEGER column can hold, else the default
    (?page=99999999999999999999 is no page, not a database overflow)."""
    number = int(value)
    if not -INTEGER_MAX - 1 <= number <= INTEGER_MAX:
        raise ValueError(value)
    return number


class BoundedIntConverter(IntegerConverter):
    """`<int:...>` that matches only what an id column can hold (INTEGER: 32 bits signed on PostgreSQL):
    /sessions/9223372036854775808 is a page that does not exist (404), not a database overflow (500)."""

    def __init__(self, map, fixed_digits=0, min=None, max=None, signed=False) -> None:  # noqa: A002
        super().__init__(map, fixed_digits=fixed_digits, min=min, max=INTEGER_MAX if max is None else max,
                         signed=signed)


def json_too_deep(raw: bytes, limit: int) -> bool:
    """Whether arrays/objects in this JSON text nest deeper than `limit` (strings skipped), checked
    before parsing so a hostile body cannot exhaust the parser's recursion.

    >>> json_too_deep(b'[[["[[[["]]]', 3), json_too_deep(b'[[[[]]]]', 3)
    (False, True)
    """
    depth, in_string, escaped = 0, False, False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            if depth > limit:
                return True
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return False


def no_constant(name: str):
    """`json.loads(..., parse_constant=no_constant)`: NaN and Infinity are not JSON (Python reads
    them; PostgreSQL's json type refuses them, and another program could not read them back).

    >>> json.loads("[1.5, NaN]", parse_constant=no_constant)
    Traceback (most recent call last):
    ValueError: NaN is not JSON
    """
    raise ValueError(f"{name} is not JSON")


def has_lone_surrogate(value) -> bool:
    """Whether a parsed JSON value holds text that is not valid Unicode ("\\ud800" alone), in a key or
    a value: such text cannot be encoded as UTF-8.

    >>> has_lone_surrogate({"a": ["ok", "\\ud800"]}), has_lone_surrogate({"é": "😀"})
    (True, False)
    """
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


class UnreadableJson(ValueError):
    """Why a JSON text was not taken: `args[0]`, a Text to translate."""


def read_json(raw: bytes, limit: int) -> Any:
    """A JSON text as the app takes it (an API body, an imported file): nested at most `limit` deep
    (checked before parsing), no NaN or Infinity, no text that is not valid Unicode; json.loads skips
    a UTF-8 byte order mark, as some editors write one. Raises UnreadableJson saying why not.

    >>> read_json(b'\\xef\\xbb\\xbf{"a": [1]}', 3)
    {'a': [1]}
    """
    if json_too_deep(raw, limit):
        raise UnreadableJson(T("The JSON is nested too deeply."))
    try:
        value = json.loads(raw, parse_constant=no_constant)
    except (ValueError, RecursionError):  # NaN and Infinity too (no_constant); bytes that are not UTF-8
        raise UnreadableJson(T("The body is not readable JSON.")) from None
    if has_lone_surrogate(value):
        raise UnreadableJson(T("The body holds text that is not valid Unicode (a lone surrogate)."))
    return value

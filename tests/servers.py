"""What the tests that start servers share: a free port, a fresh database on the test PostgreSQL."""
from __future__ import annotations

import os
import socket
import uuid


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def new_postgres_database(prefix: str) -> str:
    """A new empty database on SCOREKEEPER_TEST_DATABASE_URI's server; its URI."""
    from sqlalchemy import create_engine, text

    server = os.environ["SCOREKEEPER_TEST_DATABASE_URI"]
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    engine = create_engine(server, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return server.rsplit("/", 1)[0] + "/" + name

"""What the tests that start servers share: a free port, a fresh database (a SQLite file in the
instance folder, or a new database on the test PostgreSQL), gunicorn started as the README says,
and plain HTTP requests to it."""
from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Mapping, Sequence
from pathlib import Path


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


def fresh_database(instance: Path) -> str:
    if not os.environ.get("SCOREKEEPER_TEST_DATABASE_URI"):
        return f"sqlite:///{instance / 'scorekeeper.sqlite'}"
    return new_postgres_database("sk_conc")


def start_gunicorn(instance: Path, uri: str, workers: int = 4, prefix: Sequence[str] = (),
                   env: Mapping[str, str] | None = None) -> tuple[subprocess.Popen, int]:
    """`gunicorn -w 4 'scorekeeper:create_app()'` exactly as the README says; every worker starts the app
    (and so the guarded schema upgrade) at the same time. `prefix`: a command that runs gunicorn
    (unshare ...); the log is instance/gunicorn.log."""
    port = free_port()
    env = {**os.environ, "SCOREKEEPER_INSTANCE_PATH": str(instance), "SCOREKEEPER_SECRET_KEY": "conc",
           "SCOREKEEPER_SQLALCHEMY_DATABASE_URI": uri, **(env or {})}
    log = open(instance / "gunicorn.log", "a")
    process = subprocess.Popen(
        [*prefix, sys.executable, "-m", "gunicorn", "-w", str(workers), "-b", f"127.0.0.1:{port}", "--timeout",
         "120", "scorekeeper:create_app()"],
        env=env, stdout=log, stderr=subprocess.STDOUT)
    log.close()
    return process, port


def wait_until_up(process: subprocess.Popen, port: int, instance: Path, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while True:
        if process.poll() is not None:
            raise RuntimeError("gunicorn died on start:\n" + (instance / "gunicorn.log").read_text()[-4000:])
        try:
            status, _ = request(port, "GET", "/api/v1/games")
            if status == 200:
                return
        except OSError:
            pass
        if time.monotonic() > deadline:
            process.kill()
            raise RuntimeError("gunicorn did not answer in time")
        time.sleep(0.2)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        process.wait(timeout=20)


def request(port: int, method: str, path: str, body=None, headers=None) -> tuple[int, dict | None]:
    """The status and the JSON body (None for another one)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        payload = None if body is None else json.dumps(body)
        all_headers = {"Content-Type": "application/json", **(headers or {})}
        connection.request(method, path, body=payload, headers=all_headers)
        response = connection.getresponse()
        raw = response.read()
        is_json = (response.getheader("Content-Type") or "").startswith("application/json")
        return response.status, (json.loads(raw) if raw and is_json else None)
    finally:
        connection.close()

"""Two tablets, one session: figures for simultaneous writes against a live `gunicorn -w 4`.

    .venv/bin/python bench/concurrency.py [--saves 200] [--boots 10]
    SCOREKEEPER_TEST_DATABASE_URI=postgresql+psycopg://... .venv/bin/python bench/concurrency.py

(1) boots `gunicorn -w 4 'scorekeeper:create_app()'` on a fresh database `--boots` times (every worker
upgrades the schema on start) and counts the boots that fail; (2) fires `--saves` simultaneous saves
of one session with 2 and with 10 client threads (each save with its own Idempotency-Key; the
session ends after 99 deals, so the last deal is raced for too) and prints accepted / refused /
lost / duplicate / broken and the time taken. tests/web/test_concurrency.py asserts the same.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
import uuid
from pathlib import Path

from sqlalchemy import create_engine, text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.servers import fresh_database, request, start_gunicorn, wait_until_up  # noqa: E402
from tests.web.test_concurrency import RAMSCH, fire, new_session  # noqa: E402


def boots(count: int) -> int:
    failed = 0
    for _ in range(count):
        with tempfile.TemporaryDirectory() as folder:
            instance = Path(folder)
            process, port = start_gunicorn(instance, fresh_database(instance))
            try:
                wait_until_up(process, port, instance)
            except RuntimeError:
                failed += 1
            finally:
                if process.poll() is None:
                    process.terminate()
                    process.wait(timeout=20)
    return failed


#: a session that takes every save (Italian Whist to a target no even deal approaches)
OPEN_ENDED = ("italian_whist", ("Ann", "Ben", "Cat"), {"end": "target", "target": 999},
              {"first": [3, 3, 3], "second": [3, 3, 3]})
#: a session that ends after 99 deals, so the last deal is raced for too
CAPPED = ("schieberamsch", ("Anna", "Ben", "Carl"), {"deals": 99}, RAMSCH)


def saves(port: int, engine, count: int, clients: int, kind=CAPPED) -> dict:
    game, players, options, values = kind
    sid = new_session(port, game=game, players=players, options=options)
    keys = [uuid.uuid4().hex for _ in range(count)]
    calls = [("POST", f"/api/v1/sessions/{sid}/deals", {"values": values}, {"Idempotency-Key": key})
             for key in keys]
    start = time.perf_counter()
    answers = fire(port, calls, clients)
    elapsed = time.perf_counter() - start
    accepted = {key for key, (status, _) in zip(keys, answers) if status == 201}
    status, body = request(port, "GET", f"/api/v1/sessions/{sid}")
    with engine.connect() as connection:
        stored = connection.execute(
            text("SELECT idempotency_key FROM revision WHERE session_id = :s AND action = 'add'"), {"s": sid}
        ).scalars().all()
        positions = connection.execute(text("SELECT position FROM deal WHERE session_id = :s ORDER BY position"),
                                       {"s": sid}).scalars().all()
    return {
        "accepted": len(accepted),
        "refused": sum(1 for status, _ in answers if status == 422),
        "errors": sum(1 for status, _ in answers if status not in (201, 422)),
        "lost": len(accepted - set(stored)),
        "duplicate": len(stored) - len(set(stored)) + len(set(stored) - accepted),
        "broken": int(status != 200 or positions != list(range(1, len(positions) + 1))
                      or len(body["deals"]) != len(accepted)),
        "seconds": elapsed,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--saves", type=int, default=200)
    parser.add_argument("--boots", type=int, default=10)
    args = parser.parse_args()
    print(f"gunicorn -w 4 on a fresh database: {args.boots - boots(args.boots)}/{args.boots} boots answered")
    with tempfile.TemporaryDirectory() as folder:
        instance = Path(folder)
        uri = fresh_database(instance)
        process, port = start_gunicorn(instance, uri)
        engine = create_engine(uri)
        try:
            wait_until_up(process, port, instance)
            print(f"database: {engine.dialect.name}")
            for label, kind in (("open-ended Italian Whist", OPEN_ENDED), ("Schieberamsch of 99 deals", CAPPED)):
                for clients in (2, 10):
                    figures = saves(port, engine, args.saves, clients, kind)
                    print(f"{label}: {args.saves} simultaneous saves, {clients:2d} clients: "
                          + ", ".join(f"{k} {v:.1f}" if k == "seconds" else f"{k} {v}" for k, v in figures.items()))
        finally:
            engine.dispose()
            process.terminate()
            process.wait(timeout=20)


if __name__ == "__main__":
    main()

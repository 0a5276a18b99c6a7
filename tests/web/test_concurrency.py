"""Two tablets, one session: a live `gunicorn -w 4` on a fresh database, many simultaneous writes.

Every accepted save is stored exactly once, nothing is lost, positions stay unique and dense, at most
one deal waits for its play, and the session still replays. Runs on SQLite by default and on
PostgreSQL under scripts/test-postgres (SCOREKEEPER_TEST_DATABASE_URI).
"""
from __future__ import annotations

import http.client
import os
import subprocess
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from ..servers import fresh_database, request, start_gunicorn, wait_until_up

pytestmark = pytest.mark.concurrency

RAMSCH = {"type": "ramsch", "pushed": 0, "points": [0, 7, 113], "took_trick": [False, None, None]}
SAVES = 200


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    instance = tmp_path_factory.mktemp("conc")
    uri = fresh_database(instance)
    process, port = start_gunicorn(instance, uri)
    wait_until_up(process, port, instance)
    engine = create_engine(uri)
    yield port, engine
    engine.dispose()
    process.terminate()
    process.wait(timeout=20)


def new_session(port: int, game="schieberamsch", players=("Anna", "Ben", "Carl"), options=None) -> int:
    status, body = request(port, "POST", "/api/v1/sessions",
                           {"game": game, "players": list(players), "options": options or {}})
    assert status == 201, body
    return body["id"]


def check_consistent(port: int, engine, sid: int) -> dict:
    """The stored rows of a session are sound and the session replays."""
    status, body = request(port, "GET", f"/api/v1/sessions/{sid}")
    assert status == 200, body  # replays (no 409 for a broken session)
    with engine.connect() as connection:
        positions = connection.execute(
            text("SELECT position FROM deal WHERE session_id = :s ORDER BY position"), {"s": sid}).scalars().all()
        pending = connection.execute(
            text("SELECT count(*) FROM deal WHERE session_id = :s AND phase != 'complete'"), {"s": sid}).scalar()
    assert positions == list(range(1, len(positions) + 1)), "positions unique and dense"
    assert pending <= 1
    assert len(body["deals"]) + (1 if body["pending"] else 0) == len(positions)
    return body


def fire(port: int, calls, clients: int) -> list[tuple[int, dict | None]]:
    with ThreadPoolExecutor(max_workers=clients) as pool:
        return list(pool.map(lambda call: request(port, *call), calls))


@pytest.mark.parametrize("clients", [2, 10])
def test_simultaneous_saves_of_one_session_lose_nothing_and_store_nothing_twice(server, clients):
    port, engine = server
    sid = new_session(port, options={"deals": 99})  # 200 saves race for 99 deals: the last one too
    keys = [uuid.uuid4().hex for _ in range(SAVES)]
    calls = [("POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH}, {"Idempotency-Key": key})
             for key in keys]
    answers = fire(port, calls, clients)
    statuses = [status for status, _ in answers]
    assert set(statuses) <= {201, 422}, sorted(set(statuses))
    accepted = [key for key, status in zip(keys, statuses) if status == 201]
    body = check_consistent(port, engine, sid)
    assert len(accepted) == len(body["deals"]) == 99, (len(accepted), len(body["deals"]))
    assert body["standings"]["over"]
    with engine.connect() as connection:
        stored = connection.execute(
            text("SELECT idempotency_key FROM revision WHERE session_id = :s AND action = 'add'"), {"s": sid}
        ).scalars().all()
    assert sorted(stored) == sorted(accepted), "every accepted save stored exactly once, no refused one stored"


@pytest.mark.parametrize("clients", [2, 10])
def test_simultaneous_saves_of_an_open_ended_session_are_all_stored_once(server, clients):
    """Italian Whist to a target no even deal approaches: every one of the 200 saves is stored, in
    positions 1..200, each exactly once."""
    port, engine = server
    sid = new_session(port, game="italian_whist", players=("Ann", "Ben", "Cat"),
                      options={"end": "target", "target": 999})
    keys = [uuid.uuid4().hex for _ in range(SAVES)]
    calls = [("POST", f"/api/v1/sessions/{sid}/deals", {"values": {"first": [3, 3, 3], "second": [3, 3, 3]}},
              {"Idempotency-Key": key}) for key in keys]
    statuses = [status for status, _ in fire(port, calls, clients)]
    assert statuses == [201] * SAVES, sorted(set(statuses))
    body = check_consistent(port, engine, sid)
    assert len(body["deals"]) == SAVES
    with engine.connect() as connection:
        stored = connection.execute(
            text("SELECT idempotency_key FROM revision WHERE session_id = :s AND action = 'add'"), {"s": sid}
        ).scalars().all()
    assert sorted(stored) == sorted(keys)


def test_a_retried_save_with_the_same_key_is_stored_once_and_answered_alike(server):
    port, engine = server
    sid = new_session(port)
    key = uuid.uuid4().hex
    calls = [("POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH}, {"Idempotency-Key": key})] * 20
    answers = fire(port, calls, 10)
    assert {status for status, _ in answers} == {201}
    assert {len(body["deals"]) for _, body in answers} == {1}
    body = check_consistent(port, engine, sid)
    assert len(body["deals"]) == 1


def test_simultaneous_bid_locks_store_one_pending_deal(server):
    port, engine = server
    sid = new_session(port, game="yacht", players=("A", "B", "C"))
    bids = {"bid": ["tu", "tu", "goal"], "start": [None, None, 5], "goal": [None, None, 9]}
    calls = [("POST", f"/api/v1/sessions/{sid}/deals", {"values": bids, "phase": "bid"}, {})] * 30
    statuses = [status for status, _ in fire(port, calls, 10)]
    assert statuses.count(201) == 1 and set(statuses) <= {201, 422}, statuses
    body = check_consistent(port, engine, sid)
    assert body["pending"] is not None and body["deals"] == []


def test_a_correction_racing_a_delete_never_fails(server):
    port, engine = server
    sid = new_session(port)
    for _ in range(8):
        assert request(port, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH})[0] == 201
    ids = [deal["id"] for deal in request(port, "GET", f"/api/v1/sessions/{sid}")[1]["deals"]]
    calls = []
    for deal_id in ids[::2]:
        calls.append(("PUT", f"/api/v1/sessions/{sid}/deals/{deal_id}", {"values": {**RAMSCH, "pushed": 1}}, {}))
        calls.append(("DELETE", f"/api/v1/sessions/{sid}/deals/{deal_id}", None, {}))
        calls.append(("PUT", f"/api/v1/sessions/{sid}/deals/{deal_id}", {"values": {**RAMSCH, "pushed": 2}}, {}))
    answers = fire(port, calls, 10)
    assert {status for status, _ in answers} <= {200, 204, 404}, answers
    body = check_consistent(port, engine, sid)
    assert len(body["deals"]) == len(ids) - len(ids[::2])
    # a new deal never takes a deleted deal's id
    status, after = request(port, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH})
    assert status == 201 and after["deals"][-1]["id"] > max(ids)


def test_tables_creating_the_same_new_players_at_once_share_them(server):
    port, engine = server
    tag = str(uuid.uuid4().int)[:8]  # digits: the same in upper case
    names = [f"Ömer {tag}", f"Élodie {tag}", f"Zoë {tag}"]
    calls = [("POST", "/api/v1/sessions", {"game": "schieberamsch", "players": names if i % 2 else
                                             [name.upper() for name in names]}, {}) for i in range(12)]
    statuses = [status for status, _ in fire(port, calls, 10)]
    assert statuses == [201] * 12, statuses
    with engine.connect() as connection:
        count = connection.execute(text("SELECT count(*) FROM player WHERE name LIKE :t"), {"t": f"% {tag}"}).scalar()
    assert count == 3


def test_gunicorn_with_four_workers_boots_on_a_fresh_database_every_time(tmp_path):
    """Each worker upgrades the schema on start; the lock makes them take turns (bench/concurrency.py
    boots it 10 times)."""
    for attempt in range(3):
        instance = tmp_path / f"boot{attempt}"
        instance.mkdir()
        process, port = start_gunicorn(instance, fresh_database(instance))
        try:
            wait_until_up(process, port, instance)
            assert request(port, "POST", "/api/v1/sessions", {"game": "yacht", "players": ["A", "B", "C"]})[0] == 201
        finally:
            if process.poll() is None:
                process.terminate()
                process.wait(timeout=20)


def test_scripts_migrate_creates_the_schema_once(tmp_path):
    root = Path(__file__).resolve().parents[2]
    uri = fresh_database(tmp_path)
    env = {**os.environ, "SCOREKEEPER_INSTANCE_PATH": str(tmp_path), "SCOREKEEPER_SECRET_KEY": "m",
           "SCOREKEEPER_SQLALCHEMY_DATABASE_URI": uri}
    for _ in range(2):  # the second run finds the schema current
        subprocess.run([str(root / "scripts" / "migrate")], env=env, check=True, capture_output=True, timeout=120)
    engine = create_engine(uri)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() >= "0003"
    engine.dispose()


def test_tablets_saving_from_the_same_board_store_one_deal_and_are_told(server):
    """Ten tablets built their forms from the same board and save at once, five with one deal and five
    with another: one deal is stored; a tablet that sent the very same values is told it is stored
    once (200), the others are shown the fresh board (409, which htmx swaps) with what they typed."""
    import re
    import urllib.parse

    port, engine = server
    sid = new_session(port)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("GET", f"/sessions/{sid}")
    response = connection.getresponse()
    page = response.read().decode()
    cookie = response.getheader("Set-Cookie", "").split(";")[0]
    connection.close()
    field = lambda name: re.search(rf'name="{name}"[^>]*value="([^"]*)"', page).group(1)  # noqa: E731
    form = {"csrf_token": field("csrf_token"), "board_version": field("board_version"), "type": "ramsch",
            "pushed": "0", "contra": "none", "points-0": "30", "points-1": "40", "points-2": "50",
            "took_trick-0": "y", "took_trick-1": "y", "took_trick-2": "y"}

    def post(index: int) -> tuple[int, str]:
        typed = {"points-1": "40", "points-2": "50"} if index % 2 else {"points-1": "50", "points-2": "40"}
        body = urllib.parse.urlencode({**form, **typed, "idempotency_key": f"tablet-{index}"})
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            connection.request("POST", f"/sessions/{sid}/deals", body=body, headers={
                "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie, "HX-Request": "true"})
            answer = connection.getresponse()
            return answer.status, answer.read().decode()
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=10) as pool:
        answers = list(pool.map(post, range(10)))
    body = check_consistent(port, engine, sid)
    stored = body["deals"][0]["values"]["points"]
    assert len(body["deals"]) == 1
    for index, (status, html) in enumerate(answers):
        if ([30, 40, 50] if index % 2 else [30, 50, 40]) == stored:
            assert status == 200 and ("it is stored once" in html or "Deal 1: " in html), (index, status)
        else:
            assert status == 409 and "Another device saved deal 1 meanwhile" in html, (index, status)
            assert re.search(r'name="points-1"[^>]*value="(40|50)"', html).group(1) == ("40" if index % 2 else "50")
    assert sum("Deal 1: " in html for _, html in answers) == 1

"""Beyond one machine: two app servers (two gunicorn instances, each with its own instance folder and
port, as two hosts behind a reverse proxy would be) on one PostgreSQL database. Saves, corrections,
deletions and polls alternate between them: nothing is lost, nothing is stored twice, and right
after every save both show the same board. PostgreSQL only (a SQLite file belongs to one machine).
"""
from __future__ import annotations

import http.client
import os
import re
import urllib.parse
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from ..servers import new_postgres_database, request, start_gunicorn, stop, wait_until_up

pytestmark = [pytest.mark.concurrency, pytest.mark.skipif(
    not os.environ.get("SCOREKEEPER_TEST_DATABASE_URI"),
    reason="two servers share a database only on PostgreSQL (scripts/test-postgres runs this)")]

RAMSCH = {"type": "ramsch", "pushed": 0, "points": [0, 7, 113], "took_trick": [False, None, None]}


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """Both start at once on an empty database: one upgrades the schema, the other waits for it."""
    uri = new_postgres_database("sk_two")
    started = []
    for name in ("a", "b"):
        instance = tmp_path_factory.mktemp(f"server_{name}")  # each machine its own folder
        started.append((instance, *start_gunicorn(instance, uri, workers=2)))  # one shared secret key
    try:
        for instance, process, port in started:
            wait_until_up(process, port, instance)
        yield [port for _, _, port in started]
    finally:
        for _, process, _ in started:
            stop(process)


def board(port: int, sid: int) -> dict:
    status, body = request(port, "GET", f"/api/v1/sessions/{sid}")
    assert status == 200, body
    return body


def same_board(ports: list[int], sid: int) -> dict:
    """What every server shows of the session: the same (version, totals, deals)."""
    first, second = (board(port, sid) for port in ports)
    assert first == second
    return first


def poll(port: int, sid: int, version: int) -> int:
    """A watching phone's poll: 204 while the session is at `version`, the fresh board otherwise."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("GET", f"/sessions/{sid}/live?view=watch&rev={version}", headers={"HX-Request": "true"})
        answer = connection.getresponse()
        answer.read()
        return answer.status
    finally:
        connection.close()


def test_saves_corrections_and_polls_alternating_between_two_servers_agree(servers):
    status, created = request(servers[0], "POST", "/api/v1/sessions",
                              {"game": "schieberamsch", "players": ["Anna", "Ben", "Carl"], "options": {"deals": 99}})
    assert status == 201
    sid, version, ids = created["id"], created["version"], []
    for step in range(40):
        here, there = servers[step % 2], servers[1 - step % 2]
        if step % 5 == 4:  # a correction of an earlier deal, on the other board's version
            target = ids[step % len(ids)]
            status, body = request(here, "PUT", f"/api/v1/sessions/{sid}/deals/{target}",
                                   {"values": {**RAMSCH, "pushed": 1}, "board_version": version})
            assert status == 200, body
        elif step % 9 == 8:  # a deletion
            target = ids.pop(step % len(ids))
            status, body = request(here, "DELETE", f"/api/v1/sessions/{sid}/deals/{target}", None,
                                   {"If-Match": f'"{version}"'})
            assert status in (200, 204), body
        else:
            status, body = request(here, "POST", f"/api/v1/sessions/{sid}/deals",
                                   {"values": RAMSCH, "board_version": version}, {"Idempotency-Key": f"save-{step}"})
            assert status == 201, body
            ids.append(body["deals"][-1]["id"])
        shown = same_board(servers, sid)
        assert shown["version"] == version + 1  # each change seen at once by both, none lost in between
        version = shown["version"]
        assert [deal["id"] for deal in shown["deals"]] == ids
        assert [deal["number"] for deal in shown["deals"]] == list(range(1, len(ids) + 1))
        assert poll(there, sid, version) == 204 and poll(there, sid, version - 1) == 200
    corrected = [deal for deal in same_board(servers, sid)["deals"] if deal["values"]["pushed"] == 1]
    assert corrected  # the corrections stayed


def test_a_form_from_one_server_is_accepted_by_the_other_and_a_double_tap_stores_once(servers):
    """The shared secret key: a page served by one server carries a CSRF token the other accepts."""
    a, b = servers
    sid = request(a, "POST", "/api/v1/sessions", {"game": "schieberamsch", "players": ["A", "B", "C"]})[1]["id"]
    connection = http.client.HTTPConnection("127.0.0.1", a, timeout=60)
    connection.request("GET", f"/sessions/{sid}")
    answer = connection.getresponse()
    page, cookie = answer.read().decode(), answer.getheader("Set-Cookie", "").split(";")[0]
    connection.close()
    field = lambda name: re.search(rf'name="{name}"[^>]*value="([^"]*)"', page).group(1)  # noqa: E731
    form = {name: field(name) for name in ("csrf_token", "board_version", "idempotency_key")}
    form.update({"type": "ramsch", "pushed": "0", "contra": "none", "points-0": "30", "points-1": "40",
                 "points-2": "50", "took_trick-0": "y", "took_trick-1": "y", "took_trick-2": "y"})
    for port in (b, a):  # sent to the other server, then (a double tap through the proxy) to the first
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("POST", f"/sessions/{sid}/deals", body=urllib.parse.urlencode(form),
                           headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})
        answer = connection.getresponse()
        answer.read()
        connection.close()
        assert answer.status == 302
    assert len(same_board(servers, sid)["deals"]) == 1


def test_simultaneous_saves_sent_to_both_servers_are_stored_once_each(servers):
    """Each save is sent to both servers at once (a client retrying through the other one): every
    key is stored exactly once, in positions 1..n, and both servers agree."""
    whist = {"game": "italian_whist", "players": ["Ann", "Ben", "Cat"], "options": {"end": "target", "target": 999}}
    created = request(servers[0], "POST", "/api/v1/sessions", whist)[1]
    sid = created["id"]
    keys = [uuid.uuid4().hex for _ in range(30)]
    calls = [(port, key) for key in keys for port in servers]
    values = {"first": [3, 3, 3], "second": [3, 3, 3]}

    def save(call) -> int:
        port, key = call
        return request(port, "POST", f"/api/v1/sessions/{sid}/deals", {"values": values},
                       {"Idempotency-Key": key})[0]

    with ThreadPoolExecutor(max_workers=10) as pool:
        statuses = list(pool.map(save, calls))
    assert set(statuses) == {201}
    shown = same_board(servers, sid)
    assert len(shown["deals"]) == len(keys) and shown["version"] == created["version"] + len(keys)

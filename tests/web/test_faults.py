"""Faults say what happened, with real faults of the database rather than mocks:

- a full disk: SQLite may not grow the file (`PRAGMA max_page_count`: SQLITE_FULL, as when the disk
  is full), PostgreSQL raises SQLSTATE 53100 (what it says when it cannot extend a file);
- a read-only database: SQLite `PRAGMA query_only`, PostgreSQL `default_transaction_read_only`, and
  a real read-only instance folder (a read-only bind mount, or file modes for a user who is not root);
- session summaries computed by `flask summaries` or on start, never by a visitor's request.
"""
from __future__ import annotations

import http.client
import os
import re
import shutil
import sqlite3
import subprocess
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html import unescape

import pytest
from flask_babel import refresh
from sqlalchemy import create_engine, event, text

from scorekeeper import create_app, summaries, writes
from scorekeeper.extensions import db
from scorekeeper.models import Deal, GameSession, Player, SeatSummary, SessionSummary

from ..servers import fresh_database, request, start_gunicorn, stop, wait_until_up
from .helpers import alerts as escaped_alerts
from .helpers import cells, counted_statements, new_schieberamsch, ramsch_form

FULL = "The server's disk is full; nothing you typed is lost."
READ_ONLY = "This Scorekeeper is read-only right now; nothing was saved."
RAMSCH = {"type": "ramsch", "pushed": 0, "points": [0, 7, 113], "took_trick": [False, None, None]}


def on_postgres() -> bool:
    return db.engine.dialect.name == "postgresql"


def _reconnect() -> None:
    """What is set below applies to the connections opened from now on: drop the pooled ones."""
    db.session.remove()
    db.engine.dispose()


@contextmanager
def disk_full() -> Iterator[None]:
    """The database cannot grow until the block ends."""
    if on_postgres():
        db.session.execute(text("""CREATE FUNCTION disk_full() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
            RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$"""))
        for table in ("deal", "game_session"):
            db.session.execute(text(f"CREATE TRIGGER disk_full BEFORE INSERT ON {table} "
                                    "FOR EACH ROW EXECUTE FUNCTION disk_full()"))
        db.session.commit()
        _reconnect()
        yield
        db.session.execute(text("DROP FUNCTION disk_full() CASCADE"))
        db.session.commit()
        return
    pages = db.session.execute(text("PRAGMA page_count")).scalar()

    def cap(dbapi_connection, record) -> None:
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

    event.listen(db.engine, "connect", cap)
    _reconnect()
    yield
    event.remove(db.engine, "connect", cap)
    _reconnect()


def read_only() -> None:
    """Every connection from now on may read and not write."""
    if on_postgres():
        name = db.engine.url.database
        with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.execute(text(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on'))
    else:
        event.listen(db.engine, "connect", lambda dbapi_connection, record: dbapi_connection.execute(
            "PRAGMA query_only = ON"))
    _reconnect()


def until_refused(save: Callable[[], object], accepted: Callable[[object], bool], limit: int = 80):
    """Save again and again (a full disk fills up): how many were accepted, and the refusal."""
    for count in range(limit):
        answer = save()
        if not accepted(answer):
            return count, answer
    raise AssertionError("the database never filled up")


def alerts(page: str) -> list[str]:
    return [unescape(alert) for alert in escaped_alerts(page)]


def hidden(html: str, name: str) -> str:
    return re.search(rf'name="{name}"[^>]*value="([^"]*)"', html).group(1)


# --- a full disk -------------------------------------------------------------------------------

def test_a_full_disk_refuses_a_deal_beside_the_form_with_what_was_typed(client, ctx):
    sid = new_schieberamsch(client, deals=99)
    typed = ramsch_form([31, 41, 48])
    with disk_full():
        stored, response = until_refused(lambda: client.post(f"/sessions/{sid}/deals", data=typed),
                                         lambda response: response.status_code == 302)
        html = response.get_data(as_text=True)
        assert response.status_code == 422
        assert FULL in alerts(html)
        assert 'value="31"' in html and 'value="41"' in html and 'value="48"' in html  # the typed deal is kept
        assert Deal.query.count() == stored  # what was acknowledged is there, the refused one is not
    # space is freed: the kept form is sent again and stored once
    again = {**typed, "idempotency_key": hidden(html, "idempotency_key"),
             "board_version": hidden(html, "board_version")}
    assert client.post(f"/sessions/{sid}/deals", data=again).status_code == 302
    assert client.post(f"/sessions/{sid}/deals", data=again).status_code == 302  # a double tap
    assert Deal.query.count() == stored + 1


def test_a_full_disk_answers_the_api_with_507_in_the_error_shape(client, ctx):
    sid = client.post("/api/v1/sessions", json={"game": "schieberamsch", "players": ["A", "B", "C"],
                                                "options": {"deals": 99}}).get_json()["id"]
    keys = iter(range(1000))
    save = lambda key: client.post(f"/api/v1/sessions/{sid}/deals", json={"values": RAMSCH},  # noqa: E731
                                   headers={"Idempotency-Key": f"save-{key}"})
    with disk_full():
        stored, response = until_refused(lambda: save(next(keys)), lambda response: response.status_code == 201)
        assert response.status_code == 507
        assert response.get_json() == {"error": "insufficient_storage", "message": FULL, "fields": {}}
        refresh()  # the test's app context is shared by its requests: forget the language found before
        japanese = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": RAMSCH},
                               headers={"Accept-Language": "ja"}).get_json()["message"]
        assert japanese != FULL and "ディスク" in japanese
        refresh()
        created, refused = until_refused(
            lambda: client.post("/api/v1/sessions", json={"game": "yacht", "players": ["A", "B", "C"]}),
            lambda response: response.status_code == 201)
        assert refused.status_code == 507 and refused.get_json()["message"] == FULL
        assert GameSession.query.count() == 1 + created
        assert Deal.query.count() == stored
    assert save(stored).status_code == 201 and save(stored).status_code == 201  # the retry, stored once
    assert Deal.query.count() == stored + 1


# --- a read-only database ----------------------------------------------------------------------

def test_a_read_only_database_serves_every_page_and_refuses_every_write(client, ctx):
    sid = new_schieberamsch(client, deals=12)
    assert client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50])).status_code == 302
    deal_id = Deal.query.one().id
    player_id = Player.query.filter_by(name="Anna").one().id
    read_only()
    for path in ["/", f"/sessions/{sid}", f"/sessions/{sid}/watch", f"/sessions/{sid}/big",
                 f"/sessions/{sid}/live?rev=0", f"/sessions/{sid}/chart", f"/sessions/{sid}/statistics",
                 f"/sessions/{sid}/changes", f"/sessions/{sid}/deals/{deal_id}/breakdown",
                 f"/sessions/{sid}/deals/{deal_id}/edit", "/history", "/players", f"/players/{player_id}",
                 f"/sessions/{sid}/export.json", f"/sessions/{sid}/scoreboard.csv", "/export.json",
                 f"/api/v1/sessions/{sid}", "/api/v1/export", "/sessions/new/schieberamsch"]:
        assert client.get(path).status_code == 200, path

    response = client.post(f"/sessions/{sid}/deals", data=ramsch_form([31, 41, 48]))
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and READ_ONLY in alerts(html) and 'value="41"' in html
    response = client.post(f"/sessions/{sid}/deals/{deal_id}/edit", data=ramsch_form([31, 41, 48]))
    assert response.status_code == 422 and READ_ONLY in response.get_data(as_text=True)
    response = client.post(f"/sessions/{sid}/deals/{deal_id}/delete")
    assert response.status_code == 422 and READ_ONLY in response.get_data(as_text=True)
    response = client.post(f"/sessions/{sid}/close")
    assert response.status_code == 503 and READ_ONLY in response.get_data(as_text=True)
    response = client.post("/sessions/new/schieberamsch", data={"players-0": "A", "players-1": "B",
                                                                 "players-2": "C", "first_dealer": "0"})
    assert response.status_code == 422 and READ_ONLY in alerts(response.get_data(as_text=True))
    for method, path, body in [("POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH}),
                               ("PUT", f"/api/v1/sessions/{sid}/deals/{deal_id}", {"values": RAMSCH}),
                               ("DELETE", f"/api/v1/sessions/{sid}/deals/{deal_id}", None),
                               ("POST", "/api/v1/sessions", {"game": "yacht", "players": ["A", "B", "C"]})]:
        response = client.open(path, method=method, json=body)
        assert response.status_code == 503, (method, path, response.get_data(as_text=True))
        assert response.get_json() == {"error": "service_unavailable", "message": READ_ONLY, "fields": {}}
    assert Deal.query.count() == 1 and GameSession.query.count() == 1


def _can_mount_read_only(folder) -> list[str] | None:
    """A command prefix that runs its command with `folder` mounted read-only (root: file modes do not
    stop root), or None where this system allows no private mount."""
    prefix = ["unshare", "--mount", "sh", "-c",
              'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"', "sh", str(folder)]
    if shutil.which("unshare") is None:
        return None
    probe = subprocess.run([*prefix, "sh", "-c", f'! touch "{folder}/probe" 2>/dev/null'], capture_output=True)
    return prefix if probe.returncode == 0 else None


def test_a_read_only_instance_folder_starts_and_serves_and_refuses_writes(tmp_path, monkeypatch):
    if os.environ.get("SCOREKEEPER_TEST_DATABASE_URI"):
        pytest.skip("the instance folder holds the database only on SQLite")
    instance = tmp_path / "instance"
    instance.mkdir()
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(instance))
    uri = f"sqlite:///{instance / 'scorekeeper.sqlite'}"
    app = create_app({"SQLALCHEMY_DATABASE_URI": uri, "SECRET_KEY": "ro", "AUTO_MIGRATE": True})
    client = app.test_client()
    sid = client.post("/api/v1/sessions", json={"game": "schieberamsch", "players": ["A", "B", "C"]}).get_json()["id"]
    saved = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": RAMSCH}).get_json()
    with app.app_context():
        db.engine.dispose()  # the last connection closes: the write-ahead log is folded back in
    (instance / "gunicorn.log").touch()
    prefix: list[str] = []
    if os.geteuid() != 0:
        instance.chmod(0o555)
        (instance / "scorekeeper.sqlite").chmod(0o444)
    else:
        prefix = _can_mount_read_only(instance) or []
        if not prefix:
            pytest.skip("root ignores file modes and this system allows no read-only mount (unshare --mount)")
    process, port = start_gunicorn(instance, uri, workers=2, prefix=prefix, env={"SCOREKEEPER_SECRET_KEY": "ro"})
    try:
        wait_until_up(process, port, instance)
        for path in [f"/sessions/{sid}", "/history", "/players", f"/api/v1/sessions/{sid}"]:
            assert request(port, "GET", path)[0] == 200, path
        assert request(port, "GET", f"/api/v1/sessions/{sid}")[1]["standings"] == saved["standings"]
        status, body = request(port, "POST", f"/api/v1/sessions/{sid}/deals", {"values": RAMSCH})
        assert (status, body["message"]) == (503, READ_ONLY)
        # a tablet's form: the refusal beside it, what was typed kept
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("GET", f"/sessions/{sid}")
        answer = connection.getresponse()
        page, cookie = answer.read().decode(), answer.getheader("Set-Cookie", "").split(";")[0]
        form = {**ramsch_form([31, 41, 48]), "csrf_token": hidden(page, "csrf_token")}
        connection.request("POST", f"/sessions/{sid}/deals", body=urllib.parse.urlencode(form),
                           headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})
        answer = connection.getresponse()
        html = answer.read().decode()
        connection.close()
        assert answer.status == 422 and READ_ONLY in alerts(html) and 'value="41"' in html
        assert "read-only: serving without a schema upgrade" in (instance / "gunicorn.log").read_text()
    finally:
        stop(process)
        instance.chmod(0o755)


# --- a database that does not answer ----------------------------------------------------------

NOT_ANSWERING = "The scores' database is not answering right now; nothing you typed is lost. Please try again."


def test_a_database_server_that_cannot_be_reached_answers_503_saying_so(tmp_path):
    """A club host's tester stopped PostgreSQL while a tablet saved: the API answered 500 "something
    went wrong on our side" and every page the generic error page. Nothing answers on the port here,
    as when the server is stopped: 503, saying the database is not answering."""
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "AUTO_MIGRATE": False, "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://scorekeeper@127.0.0.1:9/scorekeeper"})
    client = app.test_client()
    saved = client.post("/api/v1/sessions/1/deals", json={"values": RAMSCH})
    assert (saved.status_code, saved.get_json()["message"]) == (503, NOT_ANSWERING)
    page = client.get("/history")
    assert page.status_code == 503 and NOT_ANSWERING in unescape(page.get_data(as_text=True))
    tablet = client.post("/sessions/1/deals", data=ramsch_form([0, 7, 113]), headers={"HX-Request": "true"})
    assert tablet.status_code == 503  # the tablet keeps the deal and sends it again (app.js)


def test_a_sqlite_file_locked_past_the_wait_answers_503(client, ctx, monkeypatch):
    """Another process holding the SQLite file's write lock longer than a writer waits."""
    if on_postgres():
        pytest.skip("SQLite's file lock")
    sid = new_schieberamsch(client)
    monkeypatch.setattr("scorekeeper.dbsafety.BUSY_TIMEOUT_MS", 50)
    _reconnect()
    holder = sqlite3.connect(db.engine.url.database, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        saved = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": RAMSCH})
        assert (saved.status_code, saved.get_json()["message"]) == (503, NOT_ANSWERING)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": RAMSCH}).status_code == 201


# --- summaries are never computed by a request -------------------------------------------------

def test_a_player_with_300_unsummarised_sessions_is_shown_without_replaying_them(app, client, ctx):
    for number in range(300):
        writes.create_session("schieberamsch", ["Anna", "Ben", f"Guest {number % 7}"], 0, {})
    sid = GameSession.query.order_by(GameSession.id.desc()).first().id
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    db.session.execute(SeatSummary.__table__.delete())
    db.session.execute(SessionSummary.__table__.delete())
    db.session.commit()
    anna = Player.query.filter_by(name="Anna").one().id
    with counted_statements() as asked:
        response = client.get(f"/players/{anna}")
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and html.count("being updated") == 25  # a page of them
    assert len(asked) <= 9, asked  # as many as with every summary there (test_history.py)
    assert not [sql for sql in asked if re.search(r"\bFROM deal\b|^\s*(INSERT|UPDATE|DELETE)", sql)], asked
    with counted_statements() as asked:
        assert client.get("/history").status_code == 200
    assert len(asked) <= 6 and not [sql for sql in asked if "FROM deal" in sql]

    result = app.test_cli_runner().invoke(args=["summaries"])
    assert "300 session summaries computed." in result.output
    html = client.get(f"/players/{anna}").get_data(as_text=True)
    assert "being updated" not in html
    record = html[html.index('data-game="schieberamsch"'):].split("</tr>")[0]
    assert cells(record)[1:3] == ["300", "0"]  # played, finished


def test_the_start_computes_few_missing_summaries_and_leaves_many_to_the_command(tmp_path, monkeypatch, capsys):
    instance = tmp_path / "start"
    instance.mkdir()
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(instance))
    uri = fresh_database(instance)
    config = {"SQLALCHEMY_DATABASE_URI": uri, "SECRET_KEY": "s", "AUTO_MIGRATE": True, "TESTING": True}
    client = create_app(config).test_client()
    for _ in range(3):
        assert client.post("/api/v1/sessions", json={"game": "yacht", "players": ["A", "B", "C"]}).status_code == 201
    engine = create_engine(uri)

    def summarised() -> int:
        with engine.begin() as connection:
            return connection.execute(text("SELECT count(*) FROM session_summary")).scalar()

    def forget() -> None:
        with engine.begin() as connection:
            connection.execute(text("DELETE FROM seat_summary"))
            connection.execute(text("DELETE FROM session_summary"))

    forget()
    monkeypatch.setattr(summaries, "ON_START", 2)
    create_app(config)  # the warning goes where Flask logs (gunicorn's log under gunicorn)
    assert summarised() == 0 and "flask --app scorekeeper summaries" in capsys.readouterr().err
    monkeypatch.setattr(summaries, "ON_START", 3)
    create_app(config)
    assert summarised() == 3
    engine.dispose()

"""The restore drill a club treasurer would run: every game played (with corrections, deletions,
restored deals, locked bids waiting and a game ended early), everything exported, imported into
a fresh database (on the same server in the PostgreSQL pass), and every board the same. And the
SQLite online backup (scripts/backup) opened as the database of a new app shows the same boards."""
from __future__ import annotations

import copy
import json
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import Revision
from tests.test_ja_breakdowns import CASES

from ..conftest import _database_uri
from .test_transfer import played, without_ids

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fay"]
BACKUP = Path(__file__).resolve().parents[2] / "scripts" / "backup"


def every_game(client) -> list[int]:
    """A Schieberamsch and a Yacht from the forms (see test_transfer.played), then the worked deals
    of every game and variant through the API, each with its first deal corrected (where the rules
    let it) and its last deal deleted and restored; the last session keeps its deletion."""
    sessions = list(played(client))
    for slug, cases in CASES.items():
        for n, options, deals in cases:
            if slug == "schieberamsch":
                continue  # played above
            if slug == "sataat":  # trump is asked only in Trup Kasiet
                deals = [{key: value for key, value in deal.items() if key != "trump"} for deal in deals]
            response = client.post("/api/v1/sessions", json={"game": slug, "players": NAMES[:n], "options": options})
            assert response.status_code == 201, response.get_json()
            sid = response.get_json()["id"]
            for deal in deals:
                response = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": deal})
                assert response.status_code == 201, response.get_json()
            board = client.get(f"/api/v1/sessions/{sid}").get_json()
            first, last = board["deals"][0]["id"], board["deals"][-1]["id"]
            edited = client.put(f"/api/v1/sessions/{sid}/deals/{first}", json={"values": deals[-1]})
            assert edited.status_code in (200, 422)  # 422: the later deals no longer fit (stendhal)
            deleted = client.delete(f"/api/v1/sessions/{sid}/deals/{last}")
            assert deleted.status_code == 204
            with client.application.app_context():
                deletion = db.session.scalar(select(Revision.id).where(Revision.session_id == sid,
                                                                       Revision.action == "delete"))
            restored = client.post(f"/api/v1/sessions/{sid}/revisions/{deletion}/restore")
            assert restored.status_code == 201, restored.get_json()
            sessions.append(sid)
    board = client.get(f"/api/v1/sessions/{sessions[-1]}").get_json()
    assert client.delete(f"/api/v1/sessions/{sessions[-1]}/deals/{board['deals'][-1]['id']}").status_code == 204
    return sessions


def shifted(entry: dict, days: int) -> dict:
    """The session as if played `days` earlier (its start time; the rest as it was)."""
    entry = copy.deepcopy(entry)
    start = datetime.fromisoformat(entry["created_at"].removesuffix("Z")) - timedelta(days=days)
    entry["created_at"] = start.isoformat() + "Z"
    return entry


def boards(client, ids) -> list[dict]:
    """What the table sees of each session (apart from ids and the count of writes)."""
    shown = []
    for sid in ids:
        response = client.get(f"/api/v1/sessions/{sid}")
        assert response.status_code == 200
        body = without_ids(response.get_json())
        del body["version"]
        shown.append(body)
    return shown


@pytest.fixture
def fresh_app(tmp_path):
    """A new install on another empty database (the same PostgreSQL server in that pass)."""
    uri, drop = _database_uri(tmp_path / "fresh")
    (tmp_path / "fresh").mkdir()
    app = create_app({"TESTING": True, "SECRET_KEY": "other", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": uri, "AUTO_MIGRATE": True})
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    drop()


def test_export_everything_restores_into_a_fresh_database_with_every_board_the_same(client, fresh_app):
    ids = every_game(client)
    assert len(ids) == 2 + sum(len(cases) for slug, cases in CASES.items() if slug != "schieberamsch")
    before = boards(client, ids)
    assert {board["game"] for board in before} == set(CASES)
    assert any(board["pending"] for board in before) and any(board["standings"]["over"] for board in before)
    document = client.get("/api/v1/export").get_json()
    # several seasons of a club: the same sessions played on earlier days, over the 256 KB
    # any other request may send
    seasons = [shifted(entry, days) for days in range(1, 9) for entry in document["sessions"]]
    document["sessions"] = seasons + document["sessions"]
    assert len(json.dumps(document)) > 256 * 1024

    restored = fresh_app.test_client()
    response = restored.post("/api/v1/import", json=document)
    assert response.status_code == 201, response.get_json()
    new_ids = response.get_json()["sessions"]
    assert len(new_ids) == 9 * len(ids)
    expected = [{**board, "created_at": entry["created_at"]} for board, entry in zip(before * 9, document["sessions"])]
    assert boards(restored, new_ids) == expected
    assert without_ids(restored.get("/api/v1/export").get_json()) == without_ids(document)
    # the same backup put back again stores nothing twice
    again = restored.post("/api/v1/import", json=document).get_json()
    assert again == {"sessions": [], "already_here": new_ids, "other_version": []}


def test_the_sqlite_online_backup_opens_as_a_new_apps_database_with_the_same_boards(app, client, tmp_path):
    source = Path(app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///"))
    if not source.exists():
        pytest.skip("the test database is not SQLite (PostgreSQL is backed up with pg_dump)")
    ids = every_game(client)
    before = boards(client, ids)
    target = tmp_path / "backups" / "copy.sqlite"
    done = subprocess.run([sys.executable, str(BACKUP), str(source), str(target)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(target)
    later = client.post(f"/api/v1/sessions/{ids[1]}/deals", json={"values": {"tricks": [5, 0, 8, 0]}})
    assert later.status_code == 201, later.get_json()  # a save after the copy is not in it

    copy = create_app({"TESTING": True, "SECRET_KEY": "other", "WTF_CSRF_ENABLED": False,
                       "SQLALCHEMY_DATABASE_URI": f"sqlite:///{target}", "AUTO_MIGRATE": False})
    try:
        assert boards(copy.test_client(), ids) == before
    finally:
        with copy.app_context():
            db.engine.dispose()

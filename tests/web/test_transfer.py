"""Export and import (JSON, lossless), the scoreboard as CSV, and restoring a deleted deal."""
from __future__ import annotations

import csv
import io
import json

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import Deal, GameSession, Revision

from .helpers import alerts, grand_form, new_schieberamsch, ramsch_form, totals
from .openapi_check import check
from .test_bid_phase import BIDS, new_yacht


def played(client) -> tuple[int, int]:
    """A Schieberamsch with an edit, a delete and an early end; a Yacht with bids locked."""
    sid = new_schieberamsch(client, deals=6)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([0, 7, 113], pushed=2))
    client.post(f"/sessions/{sid}/deals", data=grand_form(1, 95, jacks=("JC", "JS"), contra="contra"))
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([20, 40, 60]))
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 30, 60]))
    with client.application.app_context():
        first, _second, third, fourth = (d.id for d in db.session.get(GameSession, sid).deals)
    assert client.post(f"/sessions/{sid}/deals/{first}/edit", data=ramsch_form([0, 10, 110])).status_code == 302
    assert client.post(f"/sessions/{sid}/deals/{third}/delete").status_code == 302
    with client.application.app_context():
        deleted = Revision.query.filter_by(action="delete").one().id
    assert client.post(f"/sessions/{sid}/revisions/{deleted}/restore").status_code == 302
    assert client.post(f"/sessions/{sid}/deals/{fourth}/delete").status_code == 302
    assert client.post(f"/sessions/{sid}/close").status_code == 302
    yacht = new_yacht(client)
    client.post(f"/sessions/{yacht}/deals", data=BIDS)
    client.post(f"/sessions/{yacht}/deals", data={"tricks-0": "5", "tricks-1": "0", "tricks-2": "8", "tricks-3": "0"})
    client.post(f"/sessions/{yacht}/deals", data=BIDS)  # the second deal waits for its play
    return sid, yacht


def without_ids(node):
    if isinstance(node, dict):
        return {key: without_ids(value) for key, value in node.items()
                if key not in ("id", "deal_id", "player_ids", "exported_at")}
    if isinstance(node, list):
        return [without_ids(value) for value in node]
    return node


def upload(client, document, name="export.json"):
    body = document if isinstance(document, bytes) else json.dumps(document).encode()
    return client.post("/import", data={"file": (io.BytesIO(body), name)}, content_type="multipart/form-data")


def test_export_import_export_is_equal_apart_from_ids(client, fresh_client):
    sid, yacht = played(client)
    response = client.get("/export.json")
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    exported = response.get_json()
    assert [s["game"] for s in exported["sessions"]] == ["schieberamsch", "yacht"]
    ramsch = exported["sessions"][0]
    actions = [r["action"] for r in ramsch["revisions"]]
    assert actions == ["add", "add", "add", "add", "edit", "delete", "restore", "delete", "close"]
    assert ramsch["closed_at"] and ramsch["options"]["deals"] == 6
    assert [d["phase"] for d in exported["sessions"][1]["deals"]] == ["complete", "bid"]

    assert upload(fresh_client, exported).status_code == 302
    again = fresh_client.get("/export.json").get_json()
    assert without_ids(again) == without_ids(exported)
    # the imported sessions score the same
    page = lambda c, i: c.get(f"/sessions/{i}").get_data(as_text=True)  # noqa: E731
    new_ids = [s["id"] for s in again["sessions"]]
    assert totals(page(fresh_client, new_ids[0])) == totals(page(client, sid))
    assert "Locked bids" in page(fresh_client, new_ids[1])


def test_one_session_downloads_as_json_and_imports_to_its_page(client, fresh_client):
    sid, _yacht = played(client)
    response = client.get(f"/sessions/{sid}/export.json")
    assert f"scorekeeper-{sid}.json" in response.headers["Content-Disposition"]
    document = response.get_json()
    assert len(document["sessions"]) == 1 and [p["name"] for p in document["players"]] == ["Anna", "Ben", "Carl"]
    response = upload(fresh_client, document)
    assert response.status_code == 302 and response.headers["Location"].startswith("/sessions/")


def test_import_refuses_a_deal_that_breaks_the_rules_naming_session_and_deal(client, fresh_client):
    played(client)
    document = client.get("/export.json").get_json()
    document["sessions"][0]["deals"][1]["payload"]["soloist_points"] = 150
    response = upload(fresh_client, document)
    assert response.status_code == 422
    [message] = alerts(response.get_data(as_text=True))
    assert message.startswith("Session 1 in the file (Schieberamsch: Anna, Ben, Carl), deal 2: ")
    body = json.dumps(document).encode()
    response = fresh_client.post("/import", data={"file": (io.BytesIO(body), "export.json")},
                                 content_type="multipart/form-data", headers={"Accept-Language": "ja"})
    assert "シーベラムシュ" in alerts(response.get_data(as_text=True))[0]  # the game's name in the table's language
    with fresh_client.application.app_context():
        assert GameSession.query.count() == 0  # nothing stored, not even the good Yacht session


@pytest.mark.parametrize("breakage, expected", [
    (lambda d: d["sessions"][1]["deals"][0]["payload"].update(tricks="many"), "Session 2 in the file"),
    (lambda d: d["sessions"][0].update(game="poker"), "there is no game called poker"),
    (lambda d: d["sessions"][0]["seats"].pop(), "Session 1 in the file"),
    (lambda d: d.update(format="other"), "not a Scorekeeper export file"),
    (lambda d: d["sessions"][0]["revisions"][0].update(at="yesterday"), "cannot be read"),
    (lambda d: d["sessions"][0].update(seats=True), "the seats are missing"),
    (lambda d: d["players"][0].pop("name"), "Player 1 in the file: the player has no name"),
    (lambda d: d["players"][1].update(created_at="soon"), "Player 2 in the file: the time soon cannot be read"),
    (lambda d: d.update(players={"Anna": None}), "list of players cannot be read"),
    (lambda d: d.update(exported_at=5), "the time 5 cannot be read"),
])
def test_a_broken_file_is_refused_with_a_reason_never_a_500(client, fresh_client, breakage, expected):
    played(client)
    document = client.get("/export.json").get_json()
    breakage(document)
    response = upload(fresh_client, document)
    assert response.status_code == 422
    assert any(expected in message for message in alerts(response.get_data(as_text=True)))


def test_a_file_that_is_not_json_is_refused_beside_the_field(fresh_client):
    response = upload(fresh_client, b"\x89PNG not json", name="photo.png")
    assert response.status_code == 422
    assert any("not JSON" in message for message in alerts(response.get_data(as_text=True)))
    response = fresh_client.post("/import", data={}, content_type="multipart/form-data")
    assert response.status_code == 422
    assert any("Choose a file" in message for message in alerts(response.get_data(as_text=True)))


def test_history_offers_export_everything_and_the_import_form(client):
    html = client.get("/history").get_data(as_text=True)
    assert 'href="/export.json"' in html and "Export everything" in html
    assert 'enctype="multipart/form-data"' in html and 'type="file"' in html


def test_a_filtered_history_exports_the_sessions_it_lists(client):
    """An organiser takes one evening or one game home: under a filtered history the export link
    carries the filters, and the file holds those sessions only; a filter that is not one is said on
    the history page, nothing is downloaded."""
    ramsch = new_schieberamsch(client)
    client.post("/sessions/new/skat", data={"players-0": "Anna", "players-1": "Ben", "players-2": "Dora",
                                            "first_dealer": "0"})
    html = client.get("/history?game=schieberamsch").get_data(as_text=True)
    assert 'href="/export.json?game=schieberamsch"' in html and "Export the sessions listed" in html
    assert "Export everything" not in html
    document = client.get("/export.json?game=schieberamsch").get_json()
    assert [session["id"] for session in document["sessions"]] == [ramsch]
    assert sorted(player["name"] for player in document["players"]) == ["Anna", "Ben", "Carl"]
    assert len(client.get("/export.json").get_json()["sessions"]) == 2
    wrong = client.get("/export.json?from=yesterday")
    assert wrong.status_code == 302 and wrong.headers["Location"] == "/history?from=yesterday"
    # a period that ends before it starts lists nothing and is said: no link to export it (a tester's
    # tap on it did nothing), only "Export everything"
    html = client.get("/history?from=2026-11-29&to=2026-11-27").get_data(as_text=True)
    assert "The end of the period is before its start." in html
    assert "Export the sessions listed" not in html and 'href="/export.json"' in html


def test_csv_has_one_row_per_deal_then_the_totals(client):
    sid = new_schieberamsch(client, deals=6)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([0, 7, 113], pushed=2))
    client.post(f"/sessions/{sid}/deals", data=grand_form(1, 95, jacks=("JC", "JS"), contra="contra"))
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "Download CSV" in page and "Download JSON" in page
    response = client.get(f"/sessions/{sid}/scoreboard.csv")
    assert response.mimetype == "text/csv" and "attachment" in response.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))
    assert rows[0] == ["Deal", "Dealer", "Anna", "Ben", "Carl"]
    assert rows[1] == ["1", "Anna", "0", "0", "-90"] or rows[1][:2] == ["1", "Anna"]
    assert [row[0] for row in rows[1:]] == ["1", "2", "Total"]
    assert [int(value) for value in rows[-1][2:]] == totals(page)
    assert [sum(int(row[seat]) for row in rows[1:-1]) for seat in (2, 3, 4)] == totals(page)


def test_csv_headings_follow_the_language(client):
    sid = new_schieberamsch(client)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([0, 7, 113], pushed=2))
    client.set_cookie("lang", "ja")
    header = client.get(f"/sessions/{sid}/scoreboard.csv").data.decode("utf-8-sig").splitlines()[0]
    assert header.endswith("Anna,Ben,Carl") and not header.startswith("Deal,")


def test_api_export_and_import_round_trip(client, fresh_client):
    sid, _yacht = played(client)
    response = client.get("/api/v1/export")
    check(response, "/api/v1/export", "GET")
    one = client.get(f"/api/v1/sessions/{sid}/export")
    check(one, f"/api/v1/sessions/{sid}/export", "GET")
    response = fresh_client.post("/api/v1/import", json=response.get_json())
    check(response, "/api/v1/import", "POST")
    assert response.status_code == 201 and len(response.get_json()["sessions"]) == 2
    bad = one.get_json()
    bad["sessions"][0]["deals"][0]["payload"]["points"] = [0, 7, 7]
    response = fresh_client.post("/api/v1/import", json=bad)
    check(response, "/api/v1/import", "POST")
    assert response.status_code == 422 and "deal 1" in response.get_json()["message"]
    csv_text = client.get(f"/api/v1/sessions/{sid}/scoreboard.csv").get_data(as_text=True)
    assert csv_text.splitlines()[-1].startswith("Total,,")


# --- restoring a deleted deal ------------------------------------------------------------

def three_deals(client):
    sid = new_schieberamsch(client, deals=6)
    for points in ([0, 7, 113], [20, 40, 60], [30, 30, 60]):
        client.post(f"/sessions/{sid}/deals", data=ramsch_form(points))
    return sid


def test_a_deleted_deal_is_restored_in_its_place(client, ctx):
    sid = three_deals(client)
    before = totals(client.get(f"/sessions/{sid}").get_data(as_text=True))
    deals = Deal.query.order_by(Deal.position).all()
    payloads = [d.payload for d in deals]
    client.post(f"/sessions/{sid}/deals/{deals[1].id}/delete")
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert totals(page) != before and "Restore" in page
    delete = Revision.query.filter_by(action="delete").one()
    response = client.post(f"/sessions/{sid}/revisions/{delete.id}/restore")
    assert response.status_code == 302
    db.session.expire_all()
    assert [d.payload for d in db.session.get(GameSession, sid).deals] == payloads
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert totals(page) == before
    assert "Deal 2 restored." in page and ">Restore<" not in page
    restored = Revision.query.filter_by(action="restore").one()
    assert restored.deal_number == 2 and restored.after == payloads[1]
    # twice is refused, with a reason
    response = client.post(f"/sessions/{sid}/revisions/{delete.id}/restore")
    assert response.status_code == 422 and alerts(response.get_data(as_text=True))


def test_a_restore_that_no_longer_fits_is_refused_with_the_reason(client, ctx):
    sid = new_schieberamsch(client, deals=2)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([0, 7, 113]))
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([20, 40, 60]))
    first = Deal.query.order_by(Deal.position).first()
    client.post(f"/sessions/{sid}/deals/{first.id}/delete")
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 30, 60]))  # two deals again: game over
    delete = Revision.query.filter_by(action="delete").one()
    response = client.post(f"/sessions/{sid}/revisions/{delete.id}/restore")
    assert response.status_code == 422
    [message] = alerts(response.get_data(as_text=True))  # the deal saved since is deal 2 now, not "deal 3"
    assert message == "Deal 1 cannot be restored: With this change the game is over before deal 2: delete deal 2 first."
    assert Deal.query.count() == 2 and Revision.query.filter_by(action="restore").count() == 0


def test_a_deal_taken_back_and_entered_again_is_not_offered_for_restore(client, ctx):
    """A tester undid deal 3, entered it again (corrected), and later tapped Restore on "Deal 3
    deleted." in the change log: the deal counted twice. A deletion whose place was filled again is
    not offered (the API restores it still, as it did); a deal deleted from the middle still is."""
    sid = three_deals(client)
    last = Deal.query.order_by(Deal.position.desc()).first()
    version = db.session.get(GameSession, sid).version
    client.post(f"/sessions/{sid}/deals/{last.id}/delete", data={"undo": "1", "board_version": version},
                headers={"HX-Request": "true"})
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))  # deal 3 again, corrected
    first = Deal.query.order_by(Deal.position).first()
    client.post(f"/sessions/{sid}/deals/{first.id}/delete")  # deal 1, from the middle
    page = client.get(f"/sessions/{sid}/changes").get_data(as_text=True)
    undone, middle = Revision.query.filter_by(action="delete").order_by(Revision.id).all()
    assert f"/revisions/{middle.id}/restore" in page
    assert f"/revisions/{undone.id}/restore" not in page


def test_restore_through_the_api(client, ctx):
    sid = three_deals(client)
    deals = Deal.query.order_by(Deal.position).all()
    client.delete(f"/api/v1/sessions/{sid}/deals/{deals[0].id}")
    delete = Revision.query.filter_by(action="delete").one()
    path = f"/api/v1/sessions/{sid}/revisions/{delete.id}/restore"
    response = client.post(path)
    check(response, path, "POST")
    assert response.status_code == 201 and response.get_json()["deals"][0]["values"] == deals[0].payload
    response = client.post(f"/api/v1/sessions/{sid}/revisions/999/restore")
    check(response, f"/api/v1/sessions/{sid}/revisions/999/restore", "POST")
    assert response.status_code == 404


def test_scripts_backup_copies_the_live_database(app, client, tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    sid = three_deals(client)
    source = Path(app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///"))
    if not source.exists():
        pytest.skip("the test database is not SQLite")  # PostgreSQL runs: pg_dump's job
    script = Path(__file__).resolve().parents[2] / "scripts" / "backup"
    target = tmp_path / "copy" / "backup.sqlite"
    done = subprocess.run([sys.executable, str(script), str(source), str(target)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    import sqlite3

    with sqlite3.connect(target) as copy:
        assert copy.execute("SELECT count(*) FROM deal WHERE session_id = ?", (sid,)).fetchone() == (3,)
        # the live file keeps a write-ahead log; the copy is one file that needs none
        with sqlite3.connect(source) as live:
            assert live.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert copy.execute("PRAGMA journal_mode").fetchone() == ("delete",)


def test_the_backup_script_finds_the_database_the_instance_config_names(tmp_path):
    """docs/operations.md: the app reads the database address from instance/config.py too. A club's
    tester put PostgreSQL there and scripts/backup quietly copied the old SQLite file beside it."""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "scripts" / "backup"
    (tmp_path / "scorekeeper.sqlite").write_bytes(b"")  # the file left from before the move
    (tmp_path / "config.py").write_text('SQLALCHEMY_DATABASE_URI = "postgresql+psycopg://club@127.0.0.1/club"\n')
    env = {"PATH": "/usr/bin:/bin", "SCOREKEEPER_INSTANCE_PATH": str(tmp_path)}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env)
    assert done.returncode != 0 and "pg_dump" in done.stderr
    assert not (tmp_path / "backups").exists()


def test_deleted_locked_bids_come_back_as_locked_bids(client, ctx):
    sid = new_yacht(client)
    client.post(f"/sessions/{sid}/deals", data=BIDS)
    pending = Deal.query.one()
    bids = pending.payload
    client.post(f"/sessions/{sid}/deals/{pending.id}/delete")
    assert Deal.query.count() == 0
    delete = Revision.query.filter_by(action="delete").one()
    assert client.post(f"/sessions/{sid}/revisions/{delete.id}/restore").status_code == 302
    db.session.expire_all()
    restored = Deal.query.one()
    assert restored.phase == "bid" and restored.payload == bids
    assert "Locked bids" in client.get(f"/sessions/{sid}").get_data(as_text=True)


def test_the_same_file_imported_twice_stores_its_sessions_once_and_says_so(client, fresh_client):
    played(client)
    document = client.get("/export.json").get_json()
    first = upload(fresh_client, document)
    assert first.status_code == 302 and "imported=2" in first.headers["Location"]
    page = fresh_client.get(first.headers["Location"]).get_data(as_text=True)
    assert "2 sessions imported." in page
    second = upload(fresh_client, document)
    assert "imported=0" in second.headers["Location"] and "already=2" in second.headers["Location"]
    page = fresh_client.get(second.headers["Location"]).get_data(as_text=True)
    assert "0 sessions imported." in page and "2 were already here and were not stored again." in page
    with fresh_client.application.app_context():
        assert GameSession.query.count() == 2
    # one session's file again: its page, saying so; through the API the ids come back as already here
    one = {**document, "sessions": document["sessions"][:1]}
    response = upload(fresh_client, one)
    assert "already=1" in response.headers["Location"]
    assert "already here" in fresh_client.get(response.headers["Location"]).get_data(as_text=True)
    answer = fresh_client.post("/api/v1/import", json=one)
    check(answer, "/api/v1/import", "POST")
    assert answer.status_code == 201 and answer.json["sessions"] == [] and len(answer.json["already_here"]) == 1
    # another version of a session here (a deal corrected since the export): not stored a second time,
    # which would count its games twice (a club organiser's older export became "#6"); said so
    changed = json.loads(json.dumps(one))
    changed["sessions"][0]["deals"][0]["payload"]["pushed"] = 3
    answer = fresh_client.post("/api/v1/import", json=changed)
    check(answer, "/api/v1/import", "POST")
    assert answer.json["sessions"] == answer.json["already_here"] == [] and len(answer.json["other_version"]) == 1
    response = upload(fresh_client, changed)
    assert "other=1" in response.headers["Location"]
    assert "This session is already here with other deals: the file's version was not stored." in \
        fresh_client.get(response.headers["Location"]).get_data(as_text=True)
    with fresh_client.application.app_context():
        assert GameSession.query.count() == 2
    both = upload(fresh_client, {**changed, "sessions": [*changed["sessions"], *document["sessions"][1:]]})
    assert "other=1" in both.headers["Location"] and "already=1" in both.headers["Location"]
    assert "1 is already here with other deals: the file's version was not stored." in \
        fresh_client.get(both.headers["Location"]).get_data(as_text=True)


def test_an_export_carries_no_pin_and_the_import_form_says_what_that_means(client, fresh_client):
    """A club host restored a backup by export and import: every table's PIN was gone, said nowhere.
    A shared file must not carry a PIN's hash; the import form says imported games are open."""
    made = client.post("/api/v1/sessions", json={"game": "schieberamsch", "players": ["A", "B", "C"], "pin": "4321"})
    assert made.status_code == 201
    document = json.loads(client.get("/export.json").get_data(as_text=True))
    assert document["sessions"] and "4321" not in json.dumps(document) and "pin" not in json.dumps(document).lower()
    page = fresh_client.get("/history").get_data(as_text=True)
    assert "An export carries no table PINs" in page
    assert upload(fresh_client, document).status_code in (200, 302)

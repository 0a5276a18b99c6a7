"""Import takes a whole backup (far over the 256 KB every other request is limited to) and checks
each session of it as a new session and its deals are checked: hostile values are refused with
422 naming the session, never stored, never a 500 (on SQLite and on PostgreSQL)."""
from __future__ import annotations

import copy
import io
import json
import re
from datetime import UTC, datetime, timedelta

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import Deal, GameSession, Revision

from .helpers import alerts, new_schieberamsch, ramsch_form
from .openapi_check import check
from .test_transfer import played, upload


def exported(client) -> dict:
    played(client)
    return client.get("/api/v1/export").get_json()


def session_count(client) -> int:
    with client.application.app_context():
        return db.session.query(GameSession).count()


def many_sessions(document: dict, copies: int, start: int = 0) -> dict:
    """The first session `copies` times, each started a minute earlier (a different session each)."""
    big = copy.deepcopy(document)
    first = document["sessions"][0]
    started = datetime.fromisoformat(first["created_at"].removesuffix("Z"))
    big["sessions"] = []
    for number in range(start, start + copies):
        entry = copy.deepcopy(first)
        entry["created_at"] = (started - timedelta(minutes=number + 1)).isoformat() + "Z"
        big["sessions"].append(entry)
    return big


def test_a_backup_over_256_kb_imports_through_the_api_and_the_page(client):
    document = exported(client)
    body = json.dumps(many_sessions(document, 120)).encode()
    assert len(body) > 256 * 1024
    before = session_count(client)
    response = client.post("/api/v1/import", data=body, content_type="application/json")
    check(response, "/api/v1/import", "POST")
    assert response.status_code == 201, response.get_json()
    assert len(response.get_json()["sessions"]) == 120
    response = upload(client, many_sessions(document, 120, start=120))  # the page, another as large
    assert response.status_code == 302, alerts(response.get_data(as_text=True))
    assert session_count(client) == before + 240


def test_other_routes_keep_the_small_limit(client):
    names = ["x" * 60] * 5000  # about 300 KB
    response = client.post("/api/v1/sessions", json={"game": "schieberamsch", "players": names})
    assert response.status_code == 413
    response = client.post("/sessions/new/schieberamsch", data={"players-0": "x" * 300_000})
    assert response.status_code == 413


def test_a_file_over_the_import_limit_is_refused_with_413_and_says_so(client):
    client.application.config["IMPORT_MAX_BYTES"] = 300 * 1024
    document = many_sessions(exported(client), 150)
    body = json.dumps(document).encode()
    assert len(body) > 300 * 1024
    before = session_count(client)
    response = client.post("/api/v1/import", data=body, content_type="application/json")
    assert response.status_code == 413
    assert response.get_json()["error"] == "request_entity_too_large"
    response = client.post("/import", data={"file": (io.BytesIO(body), "big.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 413  # (the test's limit is under 1 MB)
    assert alerts(response.get_data(as_text=True)) == ["The file is larger than 0 MB."]
    assert session_count(client) == before


def test_the_import_page_still_checks_its_csrf_token(app, client):
    app.config["WTF_CSRF_ENABLED"] = True
    response = client.post("/import", data={"file": (io.BytesIO(b"{}"), "x.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 400
    page = client.get("/import").get_data(as_text=True)
    token = page.split('name="csrf_token" type="hidden" value="', 1)[1].split('"', 1)[0]
    response = client.post("/import", data={"csrf_token": token, "file": (io.BytesIO(b"[1"), "x.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422
    assert any("not JSON" in message for message in alerts(response.get_data(as_text=True)))


def first(document):
    return document["sessions"][0]


def deal(document, index=0):
    return first(document)["deals"][index]


YEAR_ONE = "0001-01-01T00:00:00Z"
FUTURE = (datetime.now(UTC) + timedelta(days=30)).replace(tzinfo=None).isoformat() + "Z"

# (what is broken, the reason the answer gives)
HOSTILE = {
    "deals option of a billion": (lambda d: first(d)["options"].update(deals=1_000_000_000), "cannot be more than"),
    "deals option of 10**30": (lambda d: first(d)["options"].update(deals=10**30), "cannot be more than"),
    "deals option as text": (lambda d: first(d)["options"].update(deals=[6]), "whole number"),
    "unknown option": (lambda d: first(d)["options"].update(colour="red"), "Unknown option: colour"),
    "options as a list": (lambda d: first(d).update(options=[1]), "options must be"),
    "session engine_version 999": (lambda d: first(d).update(engine_version=999), "engine_version cannot be more"),
    "deal engine_version 999": (lambda d: deal(d).update(engine_version=999), "engine_version cannot be more"),
    "deal engine_version 0": (lambda d: deal(d).update(engine_version=0), "engine_version cannot be less"),
    "deal position 2**40": (lambda d: deal(d).update(position=2**40), "position cannot be more"),
    "deal position -5": (lambda d: deal(d).update(position=-5), "position cannot be less"),
    "deal position 0": (lambda d: deal(d).update(position=0), "position cannot be less"),
    "deal positions with a gap": (lambda d: deal(d, -1).update(position=9), "position cannot be more"),
    "deal position as text": (lambda d: deal(d).update(position="1"), "position must be a whole number"),
    "deal position true": (lambda d: deal(d).update(position=True), "position must be a whole number"),
    "seat position 2**40": (lambda d: first(d)["seats"][2].update(position=2**40), "position cannot be more"),
    "seat position -5": (lambda d: first(d)["seats"][0].update(position=-5), "position cannot be less"),
    "first dealer 2**63": (lambda d: first(d).update(first_dealer=2**63), "first_dealer cannot be more"),
    "session created in year 1": (lambda d: first(d).update(created_at=YEAR_ONE), "is before the year 2000"),
    "session closed next month": (lambda d: first(d).update(closed_at=FUTURE), "is in the future"),
    "deal updated in year 1": (lambda d: deal(d).update(updated_at=YEAR_ONE), "is before the year 2000"),
    "change made in year 1": (lambda d: first(d)["revisions"][0].update(at=YEAR_ONE), "is before the year 2000"),
    "time as a number": (lambda d: deal(d).update(created_at=20240101), "cannot be read"),
    "time of year 10000": (lambda d: deal(d).update(created_at="10000-01-01"), "cannot be read"),
    "game as an object": (lambda d: first(d).update(game={"slug": "yacht"}), "there is no game called"),
    "change's action as a list": (lambda d: first(d)["revisions"][0].update(action=["add"]), "no known action"),
    "deal id as an object": (lambda d: deal(d).update(id={"x": 1}), "id must be a whole number"),
    "change's deal_id as a list": (lambda d: first(d)["revisions"][0].update(deal_id=[1]), "deal_id must be"),
    "change's deal number 2**40": (lambda d: first(d)["revisions"][0].update(deal_number=2**40),
                                   "deal_number cannot be more"),
    "player as a list": (lambda d: first(d)["seats"][0].update(player=["Anna"]), "every player needs a name"),
    "player with a blank name": (lambda d: first(d)["seats"][0].update(player="\u200b "), "needs a name"),
    "deal values beyond the game's": (lambda d: deal(d)["payload"].update(pushed=10**30), "cannot be more than"),
    "deal with an unknown value": (lambda d: deal(d)["payload"].update(evil=1), "Unknown input: evil"),
    "more deals than the game has": (lambda d: first(d)["options"].update(deals=2), "This game is over"),
}


@pytest.mark.parametrize("breakage, reason", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_session_is_refused_naming_it_and_nothing_is_stored(client, breakage, reason):
    document = exported(client)
    breakage(document)
    before = session_count(client)
    response = client.post("/api/v1/import", json=document)
    check(response, "/api/v1/import", "POST")
    assert response.status_code == 422, response.get_data(as_text=True)
    message = response.get_json()["message"]
    assert message.startswith("Session 1 in the file ("), message
    assert reason in message
    assert session_count(client) == before
    page = upload(client, document)  # the import page says the same beside its field
    assert page.status_code == 422
    assert alerts(page.get_data(as_text=True)) == [message.replace('"', "&#34;").replace("'", "&#39;")]
    assert session_count(client) == before


def test_the_page_refuses_a_file_too_deep_or_not_unicode_as_not_json(client):
    for body in (b"[" * 100 + b"]" * 100, b'{"format": "scorekeeper-export", "x": "\\ud800"}',
                 b'{"format": "scorekeeper-export", "x": NaN}'):
        response = upload(client, body)
        assert response.status_code == 422
        assert any("not JSON" in message for message in alerts(response.get_data(as_text=True)))


def test_an_old_session_without_an_option_keeps_it_out(client):
    """A file may leave an option out (a session stored before the option existed): the import
    stores the options it has, checked, and the board plays as it did."""
    document = exported(client)
    del first(document)["options"]["contra_in_ramsch"]
    stored_options = dict(first(document)["options"])
    for entry in document["sessions"]:
        entry["created_at"] = "2020-01-01T00:00:00Z"
    response = client.post("/api/v1/import", json=document)
    assert response.status_code == 201, response.get_json()
    new_id = response.get_json()["sessions"][0]
    assert client.get(f"/api/v1/sessions/{new_id}").get_json()["options"] == stored_options


def test_a_session_twice_in_one_file_is_stored_once(client):
    document = exported(client)
    entry = copy.deepcopy(first(document))
    entry["created_at"] = "2020-01-01T00:00:00Z"
    document["sessions"] = [entry, copy.deepcopy(entry)]
    body = client.post("/api/v1/import", json=document).get_json()
    assert len(body["sessions"]) == 1 and body["already_here"] == body["sessions"]
    changes = client.get(f"/sessions/{body['sessions'][0]}/changes")
    assert changes.status_code == 200 and "Deal 3 restored." in changes.get_data(as_text=True)


def test_a_button_sent_without_its_token_is_told_the_page_was_out_of_date(app, client):
    """Every form POST is checked by CSRFProtect before its view. A board's button whose token no longer
    holds (the session cookie lost) gets the board back, new token and all, saying the page was out of
    date in the page's language (not Flask-WTF's English "The CSRF token is missing."), and an Undo
    keeps its line so that a second tap works (retesters); a correction page's Save gets its page again
    with what was typed (a tester's was lost on the error page's way back)."""
    sid = new_schieberamsch(client)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    with app.app_context():
        deal_id = db.session.scalars(db.select(Deal.id)).one()
    app.config["WTF_CSRF_ENABLED"] = True
    response = client.post(f"/sessions/{sid}/close")  # a page without JavaScript
    assert response.status_code == 302 and "outdated=1" in response.headers["Location"]
    board = client.get(response.headers["Location"], headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "ページが古くなっていました" in board and 'name="csrf_token"' in board
    # htmx: Delete refused, the board afresh; then the Undo of a deletion made meanwhile keeps its line
    response = client.post(f"/sessions/{sid}/deals/{deal_id}/delete",
                           headers={"HX-Request": "true", "Accept-Language": "ja"})
    assert response.status_code == 409 and '<section id="board"' in response.get_data(as_text=True)
    assert "ページが古くなっていました" in response.get_data(as_text=True)
    client.post(f"/sessions/{sid}/deals/{deal_id}/delete", headers={"X-CSRFToken": _token(client, sid)})
    with app.app_context():
        deletion = db.session.scalars(db.select(Revision.id).where(Revision.action == "delete")).one()
    response = client.post(f"/sessions/{sid}/revisions/{deletion}/restore", headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    assert response.status_code == 409 and "The page was out of date; please try again." in html
    assert "Deal 1 deleted." in html and f"/revisions/{deletion}/restore" in html  # Undo still there
    # the Undo of a save just made keeps its line too
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]), headers={"X-CSRFToken": _token(client, sid)})
    with app.app_context():
        saved = db.session.scalars(db.select(Deal.id)).one()
    response = client.post(f"/sessions/{sid}/deals/{saved}/delete", data={"undo": "1"}, headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    assert response.status_code == 409 and "The page was out of date; please try again." in html
    assert "Deal 1 saved" in html and f"/deals/{saved}/delete" in html
    response = client.post(f"/sessions/{sid}/deals/{saved}/edit", data=ramsch_form([40, 30, 50]),
                           headers={"Origin": "http://localhost"})  # a page without JavaScript, of this site
    html = response.get_data(as_text=True)
    assert response.status_code == 409 and "The page was out of date; please try again." in html
    assert 'id="correction"' in html and re.search(r'name="points-0"[^>]* value="40"', html)
    app.config["WTF_CSRF_ENABLED"] = False
    with app.app_context():
        assert db.session.get(GameSession, sid).closed_at is None and db.session.get(Deal, deal_id) is None
        assert db.session.get(Deal, saved) is not None


def test_a_deal_saved_without_its_token_comes_back_typed_and_is_not_sent_again_and_again(app, client):
    """A tester's tablet lost its session cookie while a deal was typed: every Save got a 400, which the
    page took for a server that could not store it just now, and sent again every 5 s, for ever. The
    form now comes back with what was typed, a new token and the reason (409, as when another device
    saved first); a Save whose deal was stored already is answered with the board; one built on an old
    board gets the fresh board."""
    sid = new_schieberamsch(client)
    app.config["WTF_CSRF_ENABLED"] = True
    try:
        response = client.post(f"/sessions/{sid}/deals", data={**ramsch_form([60, 30, 30]), "board_version": "0"},
                               headers={"HX-Request": "true", "Accept-Language": "ja"})
        html = response.get_data(as_text=True)
        assert response.status_code == 409 and "ページが古くなっていました" in html
        assert 'name="points-0"' in html and 'value="60"' in html and 'name="csrf_token"' in html
        with app.app_context():
            assert db.session.scalars(db.select(Deal.id)).all() == []
        token = re.search(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"', html).group(1)
        sent = {**ramsch_form([60, 30, 30]), "idempotency_key": "k-1", "board_version": "0", "csrf_token": token}
        assert client.post(f"/sessions/{sid}/deals", data=sent, headers={"HX-Request": "true"}).status_code == 200
        # its answer lost, the cookie lost too: sent again, it is answered as stored, not typed again
        client.delete_cookie("session")
        again = client.post(f"/sessions/{sid}/deals", data={**sent, "csrf_token": ""}, headers={"HX-Request": "true"})
        assert again.status_code == 200 and "Deal 1 saved" in again.get_data(as_text=True)
        # a deal typed on the board before deal 1 was saved: the fresh board says another device saved
        late = client.post(f"/sessions/{sid}/deals", data={**ramsch_form([40, 40, 40]), "board_version": "0"},
                           headers={"HX-Request": "true"})
        assert late.status_code == 409 and "meanwhile" in late.get_data(as_text=True)
    finally:
        app.config["WTF_CSRF_ENABLED"] = False
    with app.app_context():
        assert len(db.session.scalars(db.select(Deal.id)).all()) == 1


def _token(client, sid: int) -> str:
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    return page.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]

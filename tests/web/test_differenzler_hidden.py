"""Differenzler with hidden announcements: while a deal's announcements are locked and its card points
not yet entered, no read shows them (the session's download, the whole export, the API); once the deal
is saved they show as usual (shared/rules/differenzler.md: typed unseen, shown after the deal). An
export taken meanwhile leaves that deal out and imports back."""
from __future__ import annotations

import pytest

from .test_api import call
from .test_differenzler_views import PLAYERS, new_differenzler
from .test_transfer import upload

ANNOUNCED = [41, 29, 53, 34]
TOOK = {"points": [45, 30, 60, 22]}
BIDS = {"phase": "bid", "values": {"prediction": ANNOUNCED}}
EXPORTS = ("/sessions/{sid}/export.json", "/export.json", "/api/v1/export", "/api/v1/sessions/{sid}/export")


def locked(client, **options) -> int:
    sid = new_differenzler(client, **options)
    answer = call(client, "POST", f"/api/v1/sessions/{sid}/deals", BIDS)
    assert answer.status_code == 201
    return sid


def exported(client, path: str, sid: int) -> dict:
    response = client.get(path.format(sid=sid))
    assert response.status_code == 200
    return next(session for session in response.get_json()["sessions"] if session["id"] == sid)


@pytest.mark.parametrize("path", EXPORTS)
def test_an_export_holds_hidden_announcements_back_until_the_deal_is_saved(client, path):
    sid = locked(client, announcement="hidden")
    session = exported(client, path, sid)
    assert session["deals"] == [] and session["revisions"] == []
    assert "prediction" not in client.get(path.format(sid=sid)).get_data(as_text=True)
    call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"phase": "play", "values": TOOK})
    session = exported(client, path, sid)
    assert [deal["payload"]["prediction"] for deal in session["deals"]] == [ANNOUNCED]
    assert [revision["action"] for revision in session["revisions"]] == ["bid", "add"]


def test_an_export_holds_announcements_said_aloud_while_the_deal_waits(client):
    sid = locked(client)
    session = exported(client, "/sessions/{sid}/export.json", sid)
    assert [(deal["phase"], deal["payload"]) for deal in session["deals"]] == [("bid", {"prediction": ANNOUNCED})]


def test_the_api_holds_hidden_announcements_back_until_the_deal_is_saved(client):
    sid = new_differenzler(client, announcement="hidden")
    answer = call(client, "POST", f"/api/v1/sessions/{sid}/deals", BIDS)
    assert answer.json["pending"]["values"] == {} and answer.json["next_phase"] == "play"
    pending = call(client, "GET", f"/api/v1/sessions/{sid}").json["pending"]
    assert pending["phase"] == "bid" and pending["values"] == {}
    saved = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"phase": "play", "values": TOOK}).json
    assert saved["pending"] is None and saved["deals"][0]["values"]["prediction"] == ANNOUNCED
    shown = call(client, "GET", f"/api/v1/sessions/{sid}").json
    assert shown["deals"][0]["values"]["prediction"] == ANNOUNCED and shown["standings"]["totals"] == [4, 1, 7, 12]


def test_the_api_still_takes_the_play_and_a_correction_of_hidden_announcements(client):
    """Compatibility: what v1 accepted is accepted; the locked values sent again agree, a PUT of the
    waiting deal with its play completes it."""
    sid = locked(client, announcement="hidden")
    again = call(client, "POST", f"/api/v1/sessions/{sid}/deals",
                 {"values": {"prediction": ANNOUNCED, **TOOK}})
    assert again.status_code == 201 and again.json["deals"][0]["values"]["prediction"] == ANNOUNCED
    sid = locked(client, announcement="hidden")
    pending = call(client, "GET", f"/api/v1/sessions/{sid}").json["pending"]
    put = call(client, "PUT", f"/api/v1/sessions/{sid}/deals/{pending['id']}",
               {"values": {**pending["values"], **TOOK}})
    assert put.status_code == 200 and put.json["deals"][0]["values"]["prediction"] == ANNOUNCED


PAGES = ("/sessions/{sid}", "/sessions/{sid}/live", "/sessions/{sid}/watch", "/sessions/{sid}/big",
         "/sessions/{sid}/changes", "/sessions/{sid}/scoreboard.csv", "/api/v1/sessions/{sid}/scoreboard.csv")


def announced_in(client, path: str) -> bool:
    text = client.get(path).get_data(as_text=True)
    return all(f">{value}<" in text or f",{value}" in text for value in ANNOUNCED)


def test_no_page_shows_hidden_announcements_while_the_deal_waits(client):
    assert announced_in(client, f"/sessions/{locked(client)}")  # said aloud: the board lists them
    sid = locked(client, announcement="hidden")
    assert not [path for path in PAGES if announced_in(client, path.format(sid=sid))]


def test_an_export_taken_while_hidden_announcements_wait_imports_back(client, fresh_client):
    sid = locked(client, announcement="hidden")
    document = client.get(f"/sessions/{sid}/export.json").get_json()
    assert call(client, "POST", "/api/v1/import", document).json["already_here"] == [sid]
    assert upload(fresh_client, document).status_code == 302
    restored = fresh_client.get("/api/v1/sessions/1").get_json()
    assert restored["pending"] is None and restored["next_phase"] == "bid"  # the table announces again
    relocked = fresh_client.post("/api/v1/sessions/1/deals", json=BIDS)
    assert relocked.status_code == 201
    saved = fresh_client.post("/api/v1/sessions/1/deals", json={"phase": "play", "values": TOOK}).get_json()
    assert saved["standings"]["totals"] == [4, 1, 7, 12]


def test_deleted_hidden_announcements_stay_unseen_in_the_change_log(client):
    """The table deletes its hidden announcements to fix a typo: the change log says so, without the
    numbers (the players type them again unseen); announcements said aloud are listed as ever."""
    for options, shown in (({}, True), ({"announcement": "hidden"}, False)):
        sid = locked(client, **options)
        pending = call(client, "GET", f"/api/v1/sessions/{sid}").json["pending"]
        assert call(client, "DELETE", f"/api/v1/sessions/{sid}/deals/{pending['id']}").status_code in (200, 204)
        page = client.get(f"/sessions/{sid}/changes").get_data(as_text=True)
        assert "deleted" in page
        assert ("<del>" + " · ".join(f"{name} {value}" for name, value in zip(PLAYERS, ANNOUNCED)) in page) == shown
        assert ("<dt>Announced points</dt>" in page) == shown


def test_the_watch_page_shows_announcements_said_aloud_and_hides_hidden_ones(client):
    """rules/differenzler.md "A deal": open announcements are said aloud, so the phones following the
    table show them once locked, as the tablet does (a tester saw only "announcements locked" there);
    hidden ones stay hidden. Neither offers to delete them: the watch page changes nothing."""
    sid = locked(client)
    for page in (client.get(f"/sessions/{sid}/watch"), client.get(f"/sessions/{sid}/live?view=watch&rev=0")):
        html = page.get_data(as_text=True)
        assert "Locked announcements" in html and "Delete the announcements" not in html
        assert all(f">{value}<" in html for value in ANNOUNCED)
    hidden = client.get(f"/sessions/{locked(client, announcement='hidden')}/watch").get_data(as_text=True)
    assert "Locked announcements" in hidden and not any(f">{value}<" in hidden for value in ANNOUNCED)

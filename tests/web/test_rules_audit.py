"""Issue 9 audit through the pages: the Sataat new-game form asks for the first parent (the seed's card
draw) and stores the dealer on the parent's right; Pitch no longer asks whether the dealer was forced."""
from __future__ import annotations

from scorekeeper.models import GameSession

from .helpers import alerts


def test_sataat_new_game_asks_for_the_first_parent_and_stores_the_dealer_on_the_right(client, ctx):
    page = client.get("/sessions/new/sataat").get_data(as_text=True)
    assert "First parent (drew the highest card; the dealer sits on their right)" in page
    assert "Who deals first" not in page
    response = client.post("/sessions/new/sataat", data={
        "players-0": "N", "players-1": "E", "players-2": "S", "players-3": "W", "first_dealer": "0"})
    assert response.status_code == 302, alerts(response.get_data(as_text=True))
    session = GameSession.query.one()
    assert session.first_dealer == 3  # W, on N's right
    board = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "W deals 5 cards each, then 4 and 4; N is parent" in board
    assert 'name="trump"' not in board  # trump is asked only in Trup Kasiet


def test_other_games_still_ask_who_deals_first(client, ctx):
    assert "Who deals first" in client.get("/sessions/new/handjass").get_data(as_text=True)


def test_pitch_form_does_not_ask_whether_the_dealer_was_forced(client, ctx):
    response = client.post("/sessions/new/pitch", data={
        "players-0": "Ann", "players-1": "Ben", "players-2": "Cat", "players-3": "Dan", "first_dealer": "1"})
    assert response.status_code == 302, alerts(response.get_data(as_text=True))
    board = client.get(response.headers["Location"]).get_data(as_text=True)
    assert 'name="bidder"' in board and 'name="forced"' not in board


def test_api_grand_hand_without_contra_means_none_and_old_no_tricks_still_replays(client, ctx):
    created = client.post("/api/v1/sessions", json={"game": "schieberamsch", "players": ["Anna", "Ben", "Carl"],
                                                    "first_dealer": 0})
    assert created.status_code == 201
    sid = created.json["id"]
    grand = {"type": "grand_hand", "soloist": 1, "soloist_points": 95, "jacks": ["JC", "JS"], "all_tricks": False}
    response = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": grand})
    assert response.status_code == 201, response.json
    assert response.json["standings"]["totals"] == [0, -12, 0]
    older = {**grand, "no_tricks": False, "contra": "contra"}  # as entered before the audit
    # not asked any more, but a v1 client may still send it: accepted while it agrees (issue 22) ...
    response = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": older})
    assert response.status_code == 201, response.json
    # ... and refused naming it when it contradicts the deal (no trick for 95 card points)
    response = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": {**older, "no_tricks": True}})
    assert response.status_code == 422 and set(response.json["fields"]) == {"no_tricks"}
    # a deal stored before the audit carries it and still replays
    from scorekeeper.extensions import db
    from scorekeeper.models import Deal
    db.session.add(Deal(session_id=sid, position=3, payload=older, engine_version=1))
    db.session.commit()
    db.session.expire_all()  # read anew, as the next request does
    response = client.get(f"/api/v1/sessions/{sid}")
    assert response.json["standings"]["totals"] == [0, -60, 0]  # -12, then two contra Grand Hands of -24

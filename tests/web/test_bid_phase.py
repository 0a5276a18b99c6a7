"""Games whose bids are locked before play (Yacht): two-step entry through the pages and the API."""
from __future__ import annotations

from scorekeeper.models import Deal, Revision

from .helpers import alerts, totals


def new_yacht(client) -> int:
    response = client.post("/sessions/new/yacht", data={
        "players-0": "Anna", "players-1": "Ben", "players-2": "Carl", "players-3": "Dora", "first_dealer": "0"})
    assert response.status_code == 302, alerts(response.get_data(as_text=True))
    return int(response.headers["Location"].rsplit("/", 1)[1])


BIDS = {"bid-0": "goal", "start-0": "3", "goal-0": "7", "bid-1": "tu", "bid-2": "goal", "start-2": "0",
        "goal-2": "0", "bid-3": "ltu"}


def test_bids_are_locked_first_then_the_tricks_complete_the_deal(client, ctx):
    sid = new_yacht(client)
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "Lock the bids" in page and 'name="tricks-0"' not in page
    response = client.post(f"/sessions/{sid}/deals", data=BIDS)
    assert response.status_code == 302
    pending = Deal.query.one()
    assert pending.phase == "bid" and pending.payload["bid"] == ["goal", "tu", "goal", "ltu"]
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "Locked bids" in page and 'name="tricks-0"' in page and 'name="bid-0"' not in page
    assert totals(page) == [0, 0, 0, 0]
    # Anna: start 3 + 2x5 - 13 = 0 ... the engine decides; we check the deal completes and scores
    response = client.post(f"/sessions/{sid}/deals", data={"tricks-0": "5", "tricks-1": "0", "tricks-2": "8",
                                                           "tricks-3": "0"})
    assert response.status_code == 302
    deal = Deal.query.one()
    assert deal.phase == "complete" and deal.payload["tricks"] == [5, 0, 8, 0]
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert totals(page)[1] == 100 and totals(page)[3] == 200  # T.U. and L.T.U. made (house table)
    assert [r.action for r in Revision.query.order_by(Revision.id)] == ["bid", "add"]


def test_a_bad_bid_is_refused_and_nothing_is_locked(client, ctx):
    sid = new_yacht(client)
    response = client.post(f"/sessions/{sid}/deals", data={**BIDS, "start-0": ""})
    assert response.status_code == 422
    assert any("Anna" in message for message in alerts(response.get_data(as_text=True)))
    assert Deal.query.count() == 0


def test_tricks_that_do_not_sum_to_the_hand_are_refused_and_bids_stay_locked(client, ctx):
    sid = new_yacht(client)
    client.post(f"/sessions/{sid}/deals", data=BIDS)
    response = client.post(f"/sessions/{sid}/deals", data={"tricks-0": "5", "tricks-1": "0", "tricks-2": "8",
                                                           "tricks-3": "1"})
    assert response.status_code == 422
    assert any("13" in message for message in alerts(response.get_data(as_text=True)))
    assert Deal.query.one().phase == "bid"


def test_locked_bids_can_be_deleted_to_start_over(client, ctx):
    sid = new_yacht(client)
    client.post(f"/sessions/{sid}/deals", data=BIDS)
    pending = Deal.query.one()
    assert client.post(f"/sessions/{sid}/deals/{pending.id}/delete").status_code == 302
    assert Deal.query.count() == 0
    assert "Lock the bids" in client.get(f"/sessions/{sid}").get_data(as_text=True)


def test_the_api_takes_bids_then_play(client):
    response = client.post("/api/v1/sessions", json={"game": "yacht", "players": ["A", "B", "C"]})
    sid = response.json["id"]
    assert response.json["next_phase"] == "bid"
    bids = {"bid": ["tu", "tu", "goal"], "start": [None, None, 5], "goal": [None, None, 9]}
    response = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": bids, "phase": "bid"})
    assert response.status_code == 201 and response.json["pending"]["values"]["bid"] == ["tu", "tu", "goal"]
    assert response.json["next_phase"] == "play"
    response = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": {"tricks": [0, 0, 17]}})
    assert response.status_code == 201, response.json
    assert response.json["pending"] is None and len(response.json["deals"]) == 1
    assert response.json["standings"]["totals"][:2] == [100, 100]


def test_the_status_says_who_leads_when_the_game_knows(client):
    """Italian Whist: the player on the dealer's left leads (italian_whist.md); the status line says so."""
    response = client.post("/sessions/new/italian_whist", data={
        "players-0": "Ann", "players-1": "Ben", "players-2": "Cat", "first_dealer": "1"})
    sid = int(response.headers["Location"].rsplit("/", 1)[1])
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "Ben deals" in html and "Cat leads" in html


def test_a_whole_deal_posted_to_the_api_is_stored_whole_never_half(client, ctx):
    """A client that posts bids and tricks at once gets the whole deal stored (201, nothing pending),
    or, when it says phase "bid", a 422 naming the values that belong to the play; never a 201 that
    kept the bids and dropped the tricks."""
    sid = client.post("/api/v1/sessions", json={"game": "yacht", "players": ["A", "B", "C"]}).json["id"]
    bids = {"bid": ["tu", "tu", "goal"], "start": [None, None, 5], "goal": [None, None, 9]}
    response = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": {**bids, "tricks": [0, 0, 17]},
                                                                   "phase": "bid"})
    assert response.status_code == 422 and set(response.json["fields"]) == {"tricks"}
    assert Deal.query.count() == 0
    response = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": {**bids, "tricks": [0, 0, 16]}})
    assert response.status_code == 422 and "17" in response.json["message"]  # checked whole: nothing stored
    assert Deal.query.count() == 0
    response = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": {**bids, "tricks": [0, 0, 17]}})
    assert response.status_code == 201, response.json
    assert response.json["pending"] is None and response.json["standings"]["totals"][:2] == [100, 100]
    assert Deal.query.one().phase == "complete"

"""Issue 23, item 8: a refused Pitch deal names every problem at once, each next to its field and
each the real one; the locked bid stands under its player; the team totals are pinned."""
from __future__ import annotations

import re

from scorekeeper.extensions import db
from scorekeeper.models import Deal, GameSession

from .helpers import alerts

NAMES = ("Ann", "Ben", "Cat", "Dan")


def new_pitch(client, players=NAMES) -> int:
    data = {f"players-{i}": name for i, name in enumerate(players)}
    data["first_dealer"] = "3"
    response = client.post("/sessions/new/pitch", data=data)
    assert response.status_code == 302, alerts(response.get_data(as_text=True))
    sid = int(response.headers["Location"].rsplit("/", 1)[1])
    locked = client.post(f"/sessions/{sid}/deals", data={"bidder": "1", "bid": "6", "trump": "H"})
    assert locked.status_code == 302, alerts(locked.get_data(as_text=True))
    return sid


def error_after(html: str, name: str) -> list[str]:
    """The alerts in the cell of input `name` (up to the cell's end)."""
    cell = html.split(f'name="{name}"', 1)[1].split("</td>", 1)[0]
    return alerts(cell)


def test_more_points_than_in_play_is_named_not_the_empty_box(client, ctx):
    """rules/pitch.md, 'the points of all teams sum to 10': 11 for one side is the problem, not the
    other side's box the form could not fill."""
    sid = new_pitch(client)
    response = client.post(f"/sessions/{sid}/deals", data={"entry": "points", "points-0": "", "points-1": "11"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert error_after(html, "points-1") == ["Points taken for Ben &amp; Dan: 11 is more than all 10 in play."]
    assert error_after(html, "points-0") == []
    assert not any("missing" in text for text in alerts(html))


def test_every_problem_of_a_deal_at_once(client, ctx):
    """rules/pitch.md: all ten points are in play and the trump 2 always counts for its player: a deal
    with two point cards nobody took and no player of the 2 names both in one refusal, at their fields."""
    sid = new_pitch(client)
    response = client.post(f"/sessions/{sid}/deals", data={"entry": "cards", "cards-0": ["A", "J", "offJ"],
                                                           "cards-1": ["HJ", "LJ"]})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    # in the page's order: the 2 above the cards
    assert alerts(html) == ["Choose who played the trump 2: all ten points are in play.",
                            "Nobody took the trump 10, trump 3: all ten points are in play, tick each for whoever "
                            "took it."]
    assert 'value="offJ" checked' in html  # what was tapped is kept
    values = {"entry": "cards", "cards": [["A"], [], [], []]}
    api = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": values})
    assert api.status_code == 422 and set(api.json["fields"]) == {"cards", "two"}



def test_the_cards_nobody_took_are_listed_the_japanese_way(client):
    """A tester read "ロー・ジョーカー, 切り札10": the list takes the page language's separator."""
    sid = new_pitch(client)
    html = client.post(f"/sessions/{sid}/deals", data={"entry": "cards", "cards-0": ["A", "J", "offJ"],
                                                       "cards-1": ["HJ", "LJ"]},
                       headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert any(text.startswith("切り札10、切り札3を取った人がいません") for text in alerts(html)), alerts(html)

def test_the_locked_bid_stands_under_its_player(client, ctx):
    sid = new_pitch(client)
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    row = re.search(r'<tr data-locked="bid">(.*?)</tr>', html, re.S).group(1)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    assert [cell.strip() for cell in cells] == ["", "6", "", ""]  # Ben bid 6


def test_team_totals_are_pinned_with_the_players_totals(client, ctx):
    sid = new_pitch(client)
    client.post(f"/sessions/{sid}/deals", data={"entry": "points", "points-0": "4", "points-1": "6"})
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    pinned = html.split('id="pinned"', 1)[1].split('id="board-notes"', 1)[0]
    assert re.search(r"Ann &amp; Cat</strong>\s*4", pinned) and re.search(r"Ben &amp; Dan</strong>\s*6", pinned)


def test_the_change_log_names_the_teams_whose_points_changed(client, ctx):
    """A team game asks a team's points under its first player: a correction's "from what to what"
    names the teams, not the four players with two boxes nobody filled."""
    from scorekeeper.models import Deal

    sid = new_pitch(client)
    assert client.post(f"/sessions/{sid}/deals", data={"entry": "points", "points-0": "4", "points-1": "6"}
                       ).status_code == 302
    deal = Deal.query.filter_by(session_id=sid).one()
    edit = {"bidder": "1", "bid": "6", "trump": "H", "entry": "points", "points-0": "3", "points-1": "7"}
    assert client.post(f"/sessions/{sid}/deals/{deal.id}/edit", data=edit).status_code == 302
    html = client.get(f"/sessions/{sid}/changes").get_data(as_text=True)
    diff = re.sub(r"\s+", " ", html.split('class="diff"', 1)[1].split("</dl>", 1)[0])
    assert "<del>Ann &amp; Cat 4 · Ben &amp; Dan 6</del> → <ins>Ann &amp; Cat 3 · Ben &amp; Dan 7</ins>" in diff, diff


def test_bids_sent_after_another_tablet_locked_its_own_are_shown_beside_them(client):
    """A tester's two tablets: B typed Ben 7 spades while A locked Ann 6 hearts; B's "Lock the bids"
    was refused, the play form came and B's bids were shown nowhere. They are shown beside the
    locked ones, not saved, so the table sees whose are right."""
    data = {f"players-{i}": name for i, name in enumerate(NAMES)}
    response = client.post("/sessions/new/pitch", data={**data, "first_dealer": "3"})
    sid = int(response.headers["Location"].rsplit("/", 1)[1])
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    version = re.search(r'name="board_version" value="(\d+)"', page).group(1)
    assert client.post(f"/sessions/{sid}/deals", data={"bidder": "0", "bid": "6", "trump": "H"}).status_code == 302
    late = client.post(f"/sessions/{sid}/deals", data={"bidder": "1", "bid": "7", "trump": "S",
                                                        "board_version": version})
    html = late.get_data(as_text=True)
    assert late.status_code == 409
    assert any("Another device changed deal 1 meanwhile" in alert for alert in alerts(html))
    # the locked box, then in the form under the message that takes the focus what this tablet typed
    boxes = [re.search(r'<section class="entry locked-bids">(.*?)</section>', html, re.S).group(1),
             re.search(r'role="alert">Another device.*?<div class="unsaved">(.*?)</div>', html, re.S).group(1)]
    locked, typed = (re.findall(r"<td[^>]*>(.*?)</td>", re.search(r'<tr data-locked="bid">(.*?)</tr>', box,
                                                                        re.S).group(1), re.S) for box in boxes)
    assert [cell.strip() for cell in locked] == ["6", "", "", ""]  # Ann's, locked
    assert [cell.strip() for cell in typed] == ["", "7", "", ""]  # Ben's, typed on this tablet
    assert "Typed on this tablet, not saved" in html


def test_undo_brings_back_the_whole_deal_its_bids_locked_and_its_play_in_the_form(client, ctx):
    """Issue 23, item 9 ("Undo puts the deal back into the form"), in a game that locks its bids
    first: a tester's Undo gave back the bids alone, unlocked, and after locking them again the
    points typed were gone. The bids are locked again and the play is in the form."""
    sid = new_pitch(client)
    saved = client.post(f"/sessions/{sid}/deals", data={"entry": "points", "points-0": "4", "points-1": "6"},
                        headers={"HX-Request": "true"})
    assert saved.status_code == 200
    deal = Deal.query.filter_by(session_id=sid).one()
    version = db.session.get(GameSession, sid).version
    html = client.post(f"/sessions/{sid}/deals/{deal.id}/delete", data={"undo": "1", "board_version": version},
                       headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "Deal 1 removed; it is back in the form." in html
    assert re.search(r'name="points-0"[^>]*value="4"', html) and re.search(r'name="points-1"[^>]*value="6"', html)
    assert 'name="bidder"' not in html  # the bids are not asked again: they are locked
    [pending] = Deal.query.filter_by(session_id=sid).all()
    assert pending.phase != "complete" and pending.payload["bid"] == 6 and pending.payload["trump"] == "H"
    again = client.post(f"/sessions/{sid}/deals", data={"entry": "points", "points-0": "4", "points-1": "6"})
    assert again.status_code == 302


def test_a_play_saved_after_another_tablet_saved_it_comes_back_as_its_correction(client, ctx):
    """A tester's tablet typed the play of deal 1 (its bids locked) offline; another tablet saved that
    play first. The next form asks for bids, and the typed points were shown nowhere while the message
    said "save again". They come back as a correction of deal 1, with the reason."""
    sid = new_pitch(client)
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    version = re.search(r'name="board_version" value="(\d+)"', page).group(1)
    assert client.post(f"/sessions/{sid}/deals", data={"entry": "points", "points-0": "4", "points-1": "6"}
                       ).status_code == 302  # the other tablet
    late = client.post(f"/sessions/{sid}/deals", data={"entry": "points", "points-0": "3", "points-1": "7",
                                                       "board_version": version}, headers={"HX-Request": "true"})
    html = late.get_data(as_text=True)
    deal = Deal.query.filter_by(session_id=sid).one()
    assert late.status_code == 409 and late.headers["HX-Push-Url"] == f"/sessions/{sid}/deals/{deal.id}/edit"
    assert alerts(html) == ["Not saved: another device saved deal 1 meanwhile. What this tablet typed is below as "
                            "a correction of that deal: save it if it is the right one, or cancel."]
    assert re.search(r'name="points-0"[^>]*value="3"', html) and re.search(r'name="points-1"[^>]*value="7"', html)
    fixed = client.post(f"/sessions/{sid}/deals/{deal.id}/edit",
                        data={"bidder": "1", "bid": "6", "trump": "H", "entry": "points", "points-0": "3",
                              "points-1": "7", "board_version": re.search(r'name="board_version" value="(\d+)"',
                                                                          html).group(1)})
    assert fixed.status_code == 302
    db.session.expire_all()
    assert db.session.get(Deal, deal.id).payload["points"][:2] == [3, 7]


def test_no_change_ends_the_game_under_locked_bids(client, ctx):
    """A tester corrected an early Yacht deal so that the game ended before the next deal, whose bids
    were locked: the correction was stored and the locked bids were left with no deal, unsaid. A
    correction or a restore that ends the game while the next deal's bids are locked is refused,
    saying to take them back first (rules/pitch.md: the game ends after the deal a side reaches the
    target in)."""
    sid = client.post("/api/v1/sessions", json={"game": "pitch", "players": list(NAMES),
                                                "options": {"target": 10}}).json["id"]
    deals, bids = f"/api/v1/sessions/{sid}/deals", {"values": {"bidder": 1, "bid": 6, "trump": "H"}}
    for points in ([4, 6, None, None], [2, 8, None, None]):  # Ben & Dan make their 6: 6, then 6 + 8 = 14
        assert client.post(deals, json=bids).status_code == 201
        assert client.post(deals, json={"values": {"entry": "points", "points": points}}).status_code == 201
    played = client.get(f"/api/v1/sessions/{sid}").json
    assert played["standings"]["totals"][:2] == [6, 14] and played["standings"]["over"]
    deleted = client.delete(f"{deals}/{played['deals'][1]['id']}")  # 4 and 6: the game goes on
    assert deleted.status_code == 204
    assert client.post(deals, json=bids).status_code == 201  # deal 2's bids locked
    said = "With this change the game is over before deal 2, whose values are locked: take them back first."
    back = client.post(f"/api/v1/sessions/{sid}/revisions/{deleted.headers['Revision-Id']}/restore")
    assert back.status_code == 422 and back.json["message"] == f"Deal 2 cannot be restored: {said}"
    refused = client.put(f"{deals}/{played['deals'][0]['id']}",
                         json={"values": {**bids["values"], "entry": "points", "points": [0, 10, None, None]}})
    assert refused.status_code == 422 and refused.json["message"] == said
    now = client.get(f"/api/v1/sessions/{sid}").json
    assert len(now["deals"]) == 1 and now["pending"]["values"]["bid"] == 6 and not now["standings"]["over"]


def test_a_problem_two_checks_find_is_said_once(client, ctx):
    """A retester ticked the trump A for two players of a five-player table and left the partner empty:
    "Nobody took the off-jack, ..." was printed twice over the cards."""
    names = ("Mom", "Dad", "Ann", "Ben", "Cat")
    data = {f"players-{i}": name for i, name in enumerate(names)}
    data["first_dealer"] = "0"
    sid = int(client.post("/sessions/new/pitch", data=data).headers["Location"].rsplit("/", 1)[1])
    assert client.post(f"/sessions/{sid}/deals", data={"bidder": "1", "bid": "7", "trump": "H"}).status_code == 302
    html = client.post(f"/sessions/{sid}/deals", data={"entry": "cards", "cards-1": ["A", "J"], "cards-2": ["A"],
                                                       "two": "0"}).get_data(as_text=True)
    said = alerts(html)
    assert any(text.startswith("Nobody took the") for text in said)
    assert len(said) == len(set(said)), said

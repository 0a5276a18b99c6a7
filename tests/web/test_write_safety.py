"""Writes that never corrupt, one request at a time: stale boards, retried saves, repair of a session
that no longer replays, Unicode player names, and hostile input that must not reach a 500.
(The simultaneous writes themselves are in test_concurrency.py.)"""
from __future__ import annotations

import re

from scorekeeper.extensions import db
from scorekeeper.models import Deal, GameSession, Player, Revision

from .helpers import alerts, new_schieberamsch, ramsch_form, restarted
from .openapi_check import check

RAMSCH = {"type": "ramsch", "pushed": 0, "points": [0, 7, 113], "took_trick": [False, None, None]}


def hidden(html: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)


def test_a_stale_tablet_is_told_and_shown_the_fresh_board_with_its_values_kept(client, ctx):
    sid = new_schieberamsch(client)
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    version = hidden(page, "board_version")
    # another device saves deal 1 meanwhile
    assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": RAMSCH}).status_code == 201
    response = client.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 40, 50]), "board_version": version,
                                                           "idempotency_key": hidden(page, "idempotency_key")})
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert any("Another device saved deal 1 meanwhile" in alert for alert in alerts(html))
    assert 'value="40"' in html and 'value="50"' in html  # what was typed is kept
    assert hidden(html, "board_version") == str(int(version) + 1)  # the form now carries the fresh board
    assert Deal.query.count() == 1
    # saving again from the fresh board works
    response = client.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 40, 50]),
                                                           "board_version": hidden(html, "board_version")})
    assert response.status_code == 302 and Deal.query.count() == 2


def test_the_same_deal_saved_on_two_tablets_is_stored_once_and_said_so(client, ctx):
    """A tester's two tablets saved the same deal at once; the later one was told to check and save
    again, did, and had the deal twice. What the other device stored, sent again, is now said to be
    stored once, and the form is the next deal's, empty. Other values keep the old answer."""
    sid = new_schieberamsch(client)
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    version = hidden(page, "board_version")
    assert client.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 40, 50]), "board_version": version,
                                                       "idempotency_key": "tablet-a"}).status_code == 302
    response = client.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 40, 50]), "board_version": version,
                                                           "idempotency_key": "tablet-b"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and Deal.query.filter_by(session_id=sid).count() == 1
    assert ("Another device saved deal 1 meanwhile, with the same values as this tablet: it is stored once."
            in html)
    assert not alerts(html) and 'value="40"' not in html and "Enter deal 2" in html
    other = client.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 50, 40]), "board_version": version,
                                                        "idempotency_key": "tablet-c"})
    assert other.status_code == 409 and Deal.query.filter_by(session_id=sid).count() == 1
    # other values: a retester's hurried second Save stored deal 1 again as deal 2; the line and the
    # buttons now ask which it is (the next test)
    assert any("Another device saved deal 1 meanwhile; here is the fresh board with what you typed. Compare it "
               "with that deal in the list" in alert for alert in alerts(other.get_data(as_text=True)))
    # the game's last deal, typed twice: the game-over board, said the same way
    last = new_schieberamsch(client, deals="1")
    version = hidden(client.get(f"/sessions/{last}").get_data(as_text=True), "board_version")
    for key, status in (("a", 302), ("b", 200)):
        response = client.post(f"/sessions/{last}/deals", data={**ramsch_form([0, 7, 113]), "board_version": version,
                                                                "idempotency_key": key})
        assert response.status_code == status
    assert "it is stored once." in response.get_data(as_text=True)
    assert Deal.query.filter_by(session_id=last).count() == 1


def test_a_deal_typed_while_another_device_saved_it_is_saved_as_the_next_or_corrects_that_one(client, ctx):
    """Two tablets typed deal 1 with other values; the later one's Save stored it again as deal 2 when
    the table meant deal 1. Its board now asks which it was: "Save as deal 2", or "Correct deal 1 with
    mine", which opens deal 1's correction with these values (nothing stored until it is saved)."""
    sid = new_schieberamsch(client)
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    version = hidden(page, "board_version")
    assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": RAMSCH}).status_code == 201
    deal = Deal.query.filter_by(session_id=sid).one()
    typed = ramsch_form([30, 40, 50])
    stale = client.post(f"/sessions/{sid}/deals", data={**typed, "board_version": version})
    html = stale.get_data(as_text=True)
    assert stale.status_code == 409
    assert alerts(html) == ["Another device saved deal 1 meanwhile; here is the fresh board with what you typed. "
                            "Compare it with that deal in the list: if yours is that deal too and right, correct it "
                            "with yours; if yours is the next deal, save it."]
    assert ">Save as deal 2</button>" in html
    assert (f'<button type="submit" name="as_correction" value="{deal.id}" class="small-button">Correct deal 1 with '
            'mine</button>') in html
    fresh = hidden(html, "board_version")
    assert fresh == str(int(version) + 1)
    assert f'name="next" value="/sessions/{sid}"' in html  # a language switch: the board, not the POST's address
    # the choice: deal 1's correction page with what was typed, from htmx in the whole page's place
    chosen = client.post(f"/sessions/{sid}/deals", data={**typed, "board_version": fresh,
                                                         "as_correction": str(deal.id)},
                         headers={"HX-Request": "true"})
    html = chosen.get_data(as_text=True)
    assert chosen.status_code == 200
    assert chosen.headers["HX-Retarget"] == "body"
    assert chosen.headers["HX-Push-Url"] == f"/sessions/{sid}/deals/{deal.id}/edit"
    assert "Correct deal 1" in html and 'value="40"' in html and 'value="50"' in html
    assert alerts(html) == ["What this tablet typed, as a correction of deal 1: save it if it is the right one, "
                            "or cancel."]
    assert f'name="next" value="/sessions/{sid}/deals/{deal.id}/edit"' in html
    db.session.refresh(deal)
    assert deal.payload["points"] == [0, 7, 113] and Deal.query.filter_by(session_id=sid).count() == 1
    saved = client.post(f"/sessions/{sid}/deals/{deal.id}/edit", data={**typed, "board_version": fresh})
    assert saved.status_code == 302 and "corrected=" in saved.headers["Location"]
    db.session.refresh(deal)
    assert deal.payload["points"] == [30, 40, 50] and Deal.query.filter_by(session_id=sid).count() == 1
    # chosen on a board that moved on again (the correction just saved): the fresh board, nothing stored
    again = client.post(f"/sessions/{sid}/deals", data={**typed, "board_version": fresh,
                                                        "as_correction": str(deal.id)})
    assert again.status_code == 409 and "Another device corrected deal 1 meanwhile" in again.get_data(as_text=True)
    assert Deal.query.filter_by(session_id=sid).count() == 1
    # two deals saved elsewhere since this tablet's board: it cannot tell which one it typed; no such choice
    version = hidden(client.get(f"/sessions/{sid}").get_data(as_text=True), "board_version")
    for _ in range(2):
        assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": RAMSCH}).status_code == 201
    behind = client.post(f"/sessions/{sid}/deals", data={**typed, "board_version": version})
    html = behind.get_data(as_text=True)
    assert behind.status_code == 409 and "as_correction" not in html and ">Save deal</button>" in html
    assert any("If what you typed is deal 3 too, do not save it again" in alert for alert in alerts(html))


def test_a_list_of_games_asks_the_same_in_games(client, ctx):
    """A tester: the Skat list and TENNOS count games, and the buttons said "game" while the line above
    them said "deal"."""
    sid = client.post("/api/v1/sessions", json={"game": "skat", "players": ["Ann", "Ben", "Cat"]}).json["id"]
    version = hidden(client.get(f"/sessions/{sid}").get_data(as_text=True), "board_version")
    grand = {"game": "grand", "declarer": 1, "hand": False, "ouvert": False, "jacks": ["JC", "JS"], "points": 92,
             "tricks": "some",
             "bid": 48}
    assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": grand}).status_code == 201
    typed = {"game": "grand", "declarer": "2", "jacks": ["JC"], "points": "70", "tricks": "some", "bid": "24",
             "board_version": version}
    html = client.post(f"/sessions/{sid}/deals", data=typed).get_data(as_text=True)
    assert alerts(html) == ["Another device saved game 1 meanwhile; here is the fresh board with what you typed. "
                            "Compare it with that game in the list: if yours is that game too and right, correct it "
                            "with yours; if yours is the next game, save it."]
    assert ">Save as game 2</button>" in html and ">Correct game 1 with mine</button>" in html
    deal = Deal.query.filter_by(session_id=sid).one()
    chosen = client.post(f"/sessions/{sid}/deals", data={**typed, "board_version": hidden(html, "board_version"),
                                                         "as_correction": str(deal.id)})
    assert alerts(chosen.get_data(as_text=True)) == [
        "What this tablet typed, as a correction of game 1: save it if it is the right one, or cancel."]
    # the other lines too (a retester: "Another device deleted deal 1" in a list of games)
    version = hidden(client.get(f"/sessions/{sid}").get_data(as_text=True), "board_version")
    assert client.delete(f"/api/v1/sessions/{sid}/deals/{deal.id}").status_code == 204
    html = client.post(f"/sessions/{sid}/deals", data={**typed, "board_version": version}).get_data(as_text=True)
    assert alerts(html) == ["Another device deleted game 1 meanwhile; here is the fresh board — check and save again."]


def test_a_list_of_games_says_game_in_its_offline_lines_too(client):
    """r57b: the Skat list's lines while the network is gone said "This deal waits here" beside "Game 2"."""
    sid = client.post("/api/v1/sessions", json={"game": "skat", "players": ["Anna", "Ben", "Carl"]}).json["id"]
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "This game waits here and is sent" in html and "The waiting game now holds" in html
    assert "Offline copy from {time}, game {n} next" in html and "This deal waits" not in html


def test_the_same_announcements_locked_on_two_tablets_are_said_to_be_stored_once(client, ctx):
    """Differenzler: the tester's second tablet was told to "take back the locked ones and enter these
    again" for the very announcements the first had locked."""
    four = ["Anna", "Ben", "Carl", "Dora"]
    sid = client.post("/api/v1/sessions", json={"game": "differenzler", "players": four}).json["id"]
    version = hidden(client.get(f"/sessions/{sid}").get_data(as_text=True), "board_version")
    said = {f"prediction-{seat}": str(value) for seat, value in enumerate((40, 30, 50, 37))}
    assert client.post(f"/sessions/{sid}/deals", data={**said, "board_version": version}).status_code == 302
    response = client.post(f"/sessions/{sid}/deals", data={**said, "board_version": version})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Another device locked the same values for deal 1 meanwhile: they are stored once." in html
    assert "Typed on this tablet, not saved" not in html
    changed = client.post(f"/sessions/{sid}/deals", data={**said, "prediction-3": "36", "board_version": version})
    assert changed.status_code == 409 and "Typed on this tablet, not saved" in changed.get_data(as_text=True)
    assert Deal.query.filter_by(session_id=sid).count() == 1


def test_a_save_that_comes_after_the_last_deal_is_refused_in_words(client, ctx):
    """A tester's two tablets: the other saved the game's last deal first, and the late tablet's save
    ended on the game-over board with nothing said (its form was where the message goes). A deal
    with locked bids (Yacht) is said on the board (the next test: others come back as a correction)."""
    created = client.post("/api/v1/sessions", json={"game": "yacht", "players": ["Anna", "Ben", "Carl"],
                                                    "options": {"deals": 1}}).get_json()
    yacht = created["id"]
    assert client.post(f"/api/v1/sessions/{yacht}/deals", json={"values": {"bid": ["tu"] * 3}}).status_code == 201
    page = client.get(f"/sessions/{yacht}").get_data(as_text=True)
    tricks = {"values": {"tricks": [5, 6, 6]}}
    assert client.post(f"/api/v1/sessions/{yacht}/deals", json=tricks).status_code == 201
    late = client.post(f"/sessions/{yacht}/deals", data={"tricks-0": "6", "tricks-1": "6", "tricks-2": "5",
                                                         "board_version": hidden(page, "board_version")})
    assert late.status_code == 409
    assert alerts(late.get_data(as_text=True)) == [
        "Not saved: another device saved deal 1 meanwhile, and with it the game is over. If that deal is "
        "wrong, correct it in the list."]
    sid = new_schieberamsch(client, deals="1")
    assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": RAMSCH}).status_code == 201
    again = client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))  # no board version: no script
    assert again.status_code == 409
    assert alerts(again.get_data(as_text=True)) == ["The game is over; this deal was not saved."]
    assert Deal.query.filter_by(session_id=sid).count() == 1


def test_the_stale_tablet_is_told_what_the_other_device_did(client, ctx):
    """A tablet whose board is stale is told whether the other device saved, corrected, deleted or
    restored a deal: after a deletion, "saved deal 1" would send it looking for a deal that is gone."""
    sid = new_schieberamsch(client)
    for _ in range(2):
        assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": RAMSCH}).status_code == 201
    first, second = Deal.query.order_by(Deal.position).all()
    changes = [("deleted deal 2", lambda: client.delete(f"/api/v1/sessions/{sid}/deals/{second.id}")),
               ("corrected deal 1", lambda: client.put(f"/api/v1/sessions/{sid}/deals/{first.id}",
                                                          json={"values": {**RAMSCH, "points": [0, 17, 103]}}))]
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    for said, change in changes:  # the correction comes after the deletion: two changes since the board
        assert change().status_code in (200, 204)
        response = client.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 40, 50]),
                                                               "board_version": hidden(page, "board_version")})
        assert response.status_code == 409
        assert any(f"Another device {said} meanwhile" in alert for alert in alerts(response.get_data(as_text=True)))


def totals(html: str) -> list[str]:
    return re.findall(r'class="bar-total[^"]*" data-seat="\d">(-?\d+)<', html)


def test_a_correction_elsewhere_leaves_the_typed_deal_the_next_one(client, ctx):
    """Another device corrected an earlier deal while this tablet typed the next one: its form is the
    same (the same inputs, dealer and players in play), so the save lands as the next deal, the board
    comes back whole with the corrected totals, and the line names the correction (a table had to
    save twice). Without JavaScript the redirect's board says it too."""
    sid = new_schieberamsch(client)
    for _ in range(2):
        assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": RAMSCH}).status_code == 201
    first, second = Deal.query.order_by(Deal.position).all()
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert client.put(f"/api/v1/sessions/{sid}/deals/{first.id}",
                      json={"values": {**RAMSCH, "points": [0, 17, 103]}}).status_code == 200
    response = client.post(f"/sessions/{sid}/deals", headers={"HX-Request": "true"},
                           data={**ramsch_form([30, 40, 50]), "board_version": hidden(page, "board_version"),
                                 "idempotency_key": hidden(page, "idempotency_key")})
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "HX-Retarget" not in response.headers  # the whole board
    assert Deal.query.filter_by(session_id=sid).count() == 3
    assert "Deal 3: " in html and "Deal 1 was corrected on another device meanwhile; the totals include it." in html
    assert totals(html) == totals(client.get(f"/sessions/{sid}").get_data(as_text=True)) != totals(page)
    # two corrections, a page without JavaScript: the redirect names them for the board's line
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    for deal in (second, first):
        assert client.put(f"/api/v1/sessions/{sid}/deals/{deal.id}",
                          json={"values": {**RAMSCH, "points": [0, 27, 93]}}).status_code == 200
    response = client.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 40, 50]),
                                                           "board_version": hidden(page, "board_version")})
    assert response.status_code == 302 and Deal.query.filter_by(session_id=sid).count() == 4
    assert f"meanwhile={first.id}.{second.id}" in response.headers["Location"]
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Deal 4: " in html
    assert "Deals 1, 2 were corrected on another device meanwhile; the totals include them." in html


def test_a_correction_taken_back_is_not_named_and_bids_locked_after_one_say_it(client, ctx):
    """A tester's Undo of a correction on the other tablet: the save lands (nothing changed the form)
    but the line said "Deal 1 was corrected". And bids locked after a correction elsewhere (Pitch)
    changed the totals without a word."""
    sid = new_schieberamsch(client)
    for _ in range(2):
        assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": RAMSCH}).status_code == 201
    first = Deal.query.filter_by(session_id=sid).order_by(Deal.position).first()
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    for points in ([0, 17, 103], [0, 7, 113]):  # corrected, then back as it was (the correction's Undo)
        assert client.put(f"/api/v1/sessions/{sid}/deals/{first.id}",
                          json={"values": {**RAMSCH, "points": points}}).status_code == 200
    response = client.post(f"/sessions/{sid}/deals", headers={"HX-Request": "true"},
                           data={**ramsch_form([30, 40, 50]), "board_version": hidden(page, "board_version")})
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "HX-Retarget" not in response.headers  # the whole board again
    assert "Deal 3: " in html and "was corrected on another device" not in html
    assert Deal.query.filter_by(session_id=sid).count() == 3

    pitch = client.post("/api/v1/sessions", json={"game": "pitch", "players": ["Ann", "Ben", "Cat", "Dan"]}).json
    deals = f"/api/v1/sessions/{pitch['id']}/deals"
    assert client.post(deals, json={"values": {"bidder": 1, "bid": 6, "trump": "H"}}).status_code == 201
    assert client.post(deals, json={"values": {"entry": "points", "points": [4, 6, None, None]}}).status_code == 201
    page = client.get(f"/sessions/{pitch['id']}").get_data(as_text=True)
    deal = client.get(f"/api/v1/sessions/{pitch['id']}").json["deals"][0]["id"]
    assert client.put(f"{deals}/{deal}", json={"values": {"bidder": 1, "bid": 6, "trump": "H", "entry": "points",
                                                          "points": [5, 5, None, None]}}).status_code == 200
    locked = client.post(f"/sessions/{pitch['id']}/deals", headers={"HX-Request": "true"}, data={
        "bidder": "2", "bid": "7", "trump": "S", "board_version": hidden(page, "board_version")})
    html = locked.get_data(as_text=True)
    assert locked.status_code == 200 and "Deal 1 was corrected on another device meanwhile" in html
    assert client.get(f"/api/v1/sessions/{pitch['id']}").json["pending"]["values"]["bid"] == 7


def test_a_correction_elsewhere_that_ends_the_game_offers_nothing_to_overwrite(client, ctx):
    """A tester's Italian Whist to 6: another device corrected deal 2 so that Anna reached 6. The
    tablet typing deal 3 was told "another device saved deal 2" and offered its deal 3 as a correction
    of deal 2, which put it over that correction. It is now told what happened, and offered nothing."""
    sid = client.post("/api/v1/sessions", json={"game": "italian_whist", "players": ["Anna", "Ben", "Carl"],
                                                "options": {"end": "target", "target": 6}}).json["id"]
    deals = f"/api/v1/sessions/{sid}/deals"
    for first, second in (([5, 2, 2], [2, 4, 3]), ([3, 3, 3], [3, 3, 3])):  # +3 -2 -1, then 0 0 0
        assert client.post(deals, json={"values": {"first": first, "second": second}}).status_code == 201
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    second = client.get(f"/api/v1/sessions/{sid}").json["deals"][1]["id"]
    corrected = {"first": [6, 2, 1], "second": [3, 3, 3]}  # +3 -1 -2: Anna 6, the target
    assert client.put(f"{deals}/{second}", json={"values": corrected}).json["standings"]["over"]
    typed = {f"{half}-{seat}": str(value) for half, values in (("first", [4, 4, 1]), ("second", [1, 3, 5]))
             for seat, value in enumerate(values)}
    for headers in ({}, {"HX-Request": "true"}):
        response = client.post(f"/sessions/{sid}/deals", headers=headers,
                               data={**typed, "board_version": hidden(page, "board_version")})
        html = response.get_data(as_text=True)
        assert response.status_code == 409 and "HX-Retarget" not in response.headers
        assert alerts(html) == ["Not saved: another device corrected deal 2 meanwhile, and with it the game is "
                                "over. If that deal is wrong, correct it in the list."]
        assert "as a correction of that deal" not in html and 'name="first-0"' not in html
    assert client.get(f"/api/v1/sessions/{sid}").json["deals"][1]["values"] == corrected


def test_a_correction_elsewhere_that_changes_the_form_is_still_told(client, ctx):
    """Coiffeur: the other device corrected deal 1 into another row, so the rows left to announce are
    not those of this tablet's form: it is shown the fresh board and told, nothing stored."""
    players = ["Anna", "Ben", "Cleo", "Dan"]
    sid = client.post("/api/v1/sessions", json={"game": "coiffeur", "players": players}).json["id"]
    undenufe = {"announcer": 0, "row_a": "undenufe", "points": [90, 67, None, None], "match": False}
    assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": undenufe}).status_code == 201
    deal = Deal.query.filter_by(session_id=sid).one()
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert client.put(f"/api/v1/sessions/{sid}/deals/{deal.id}",
                      json={"values": {**undenufe, "row_a": "obenabe"}}).status_code == 200
    response = client.post(f"/sessions/{sid}/deals", data={
        "announcer": "0", "row_a": "obenabe", "points-0": "100", "points-1": "57",
        "board_version": hidden(page, "board_version")})
    assert response.status_code == 409 and Deal.query.filter_by(session_id=sid).count() == 1
    said = alerts(response.get_data(as_text=True))
    assert any("Another device corrected deal 1 meanwhile" in alert for alert in said)


def test_bids_sent_after_another_device_locked_them_meet_a_fresh_play_form(client, ctx):
    """Pitch: the other device locked other bids (no deal saved): the stale tablet is told the deal
    changed, and the play's form starts as a fresh one does (its way of entering chosen), not
    emptied by the bids it had sent. The very same bids are said to be stored once."""
    sid = client.post("/api/v1/sessions", json={"game": "pitch", "players": ["Ann", "Ben", "Cat", "Dan"]}).json["id"]
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    bids = {"bidder": 1, "bid": 6, "trump": "S"}
    assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": bids}).status_code == 201
    same = client.post(f"/sessions/{sid}/deals", data={**{k: str(v) for k, v in bids.items()},
                                                       "board_version": hidden(page, "board_version")})
    assert same.status_code == 200 and "they are stored once" in same.get_data(as_text=True)
    response = client.post(f"/sessions/{sid}/deals", data={**{k: str(v) for k, v in bids.items()}, "bid": "7",
                                                           "board_version": hidden(page, "board_version")})
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert any("Another device changed deal 1 meanwhile" in alert for alert in alerts(html))
    fresh = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert re.findall(r'<input[^>]*checked[^>]*>', html) == re.findall(r'<input[^>]*checked[^>]*>', fresh)


def test_a_resubmitted_form_is_stored_once(client, ctx):
    sid = new_schieberamsch(client)
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    data = {**ramsch_form([30, 40, 50]), "board_version": hidden(page, "board_version"),
            "idempotency_key": hidden(page, "idempotency_key")}
    first = client.post(f"/sessions/{sid}/deals", data=data)
    again = client.post(f"/sessions/{sid}/deals", data=data)  # the connection dropped; the tablet retries
    assert first.status_code == again.status_code == 302
    assert again.headers["Location"] == first.headers["Location"]
    assert Deal.query.count() == 1 and Revision.query.filter_by(action="add").count() == 1
    # each rendered form has its own key
    assert hidden(client.get(f"/sessions/{sid}").get_data(as_text=True), "idempotency_key") != data["idempotency_key"]


def test_a_save_whose_answer_was_lost_and_typed_over_is_not_answered_with_the_first_values(client, ctx):
    """The first save was stored but its answer lost (a dropped connection); the table typed over it and
    saved again with the form's key. It was answered as stored, the typed values silently dropped. Now
    the board says so, keeps what was typed, and offers to correct that deal with it or save it next."""
    sid = new_schieberamsch(client)
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    kept = {"board_version": hidden(page, "board_version"), "idempotency_key": hidden(page, "idempotency_key")}
    assert client.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 40, 50]), **kept}).status_code == 302
    deal = Deal.query.filter_by(session_id=sid).one()
    typed_over = client.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 60, 30]), **kept})
    html = typed_over.get_data(as_text=True)
    assert typed_over.status_code == 409
    assert alerts(html) == ["Deal 1 was saved with what this tablet sent first, but the answer did not arrive. "
                            "Here is the board with what you typed since: if deal 1 should hold yours, correct it "
                            "with yours; if yours is the next deal, save it."]
    assert 'value="60"' in html and f'name="as_correction" value="{deal.id}"' in html
    assert hidden(html, "idempotency_key") != kept["idempotency_key"]  # saved next, it is a new deal
    db.session.refresh(deal)
    assert deal.payload["points"] == [30, 40, 50] and Deal.query.filter_by(session_id=sid).count() == 1
    # sent again exactly as it was: the first save's answer, nothing stored twice
    again = client.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 40, 50]), **kept})
    assert again.status_code == 302 and Deal.query.filter_by(session_id=sid).count() == 1


def test_the_last_deal_whose_answer_was_lost_and_typed_over_comes_back_as_its_correction(client, ctx):
    sid = new_schieberamsch(client, deals="1")
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    kept = {"board_version": hidden(page, "board_version"), "idempotency_key": hidden(page, "idempotency_key")}
    assert client.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 40, 50]), **kept}).status_code == 302
    typed_over = client.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 60, 30]), **kept})
    html = typed_over.get_data(as_text=True)
    assert typed_over.status_code == 409 and "Correct deal 1" in html and 'value="60"' in html
    assert alerts(html) == ["Deal 1 was saved with what this tablet sent first, but the answer did not arrive; "
                            "with it the game is over. What you typed since is below as a correction of that deal: "
                            "save it if it is right, or cancel."]
    assert Deal.query.filter_by(session_id=sid).one().payload["points"] == [30, 40, 50]


def test_a_retry_after_another_device_saved_names_its_own_deal_without_an_undo_of_the_other(client, ctx):
    """r57b: the answer to tablet A's deal 1 was lost, the API saved deal 2, A sent its save again: the
    line said "Deal 2 ... saved · Undo" (the other device's deal as A's) and that Undo deleted deal 2."""
    sid = new_schieberamsch(client)
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    kept = {"board_version": hidden(page, "board_version"), "idempotency_key": hidden(page, "idempotency_key")}
    assert client.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 40, 50]), **kept}).status_code == 302
    assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": RAMSCH}).status_code == 201
    first, second = Deal.query.filter_by(session_id=sid).order_by(Deal.position).all()
    again = client.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 40, 50]), **kept},
                        headers={"HX-Request": "true"})
    html = again.get_data(as_text=True)
    assert again.status_code == 200 and Deal.query.filter_by(session_id=sid).count() == 2
    flash = re.search(r'<div class="flash-row">.*?</div>', html, re.S).group(0)
    assert "Deal 1: Anna 0, Ben 0, Carl +5" in flash and "Deal 2" not in flash
    assert f"/deals/{second.id}/delete" not in flash and f"/deals/{first.id}/delete" not in flash  # no Undo


def test_a_correction_whose_answer_was_lost_and_typed_over_is_kept_to_save_again(client, ctx):
    sid = new_schieberamsch(client)
    assert client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50])).status_code == 302
    deal = Deal.query.filter_by(session_id=sid).one()
    page = client.get(f"/sessions/{sid}/deals/{deal.id}/edit").get_data(as_text=True)
    kept = {"board_version": hidden(page, "board_version"), "idempotency_key": hidden(page, "idempotency_key")}
    address = f"/sessions/{sid}/deals/{deal.id}/edit"
    assert client.post(address, data={**ramsch_form([30, 30, 60]), **kept}).status_code == 302
    typed_over = client.post(address, data={**ramsch_form([20, 30, 70]), **kept})
    html = typed_over.get_data(as_text=True)
    assert typed_over.status_code == 409
    assert alerts(html)[0] == ("This deal was corrected with what this tablet sent first (below), but the answer "
                               "did not arrive. What you typed since is in the boxes: save it to correct the deal "
                               "again.")
    assert 'value="70"' in html
    db.session.refresh(deal)
    assert deal.payload["points"] == [30, 30, 60]
    fresh = {"board_version": hidden(html, "board_version"), "idempotency_key": hidden(html, "idempotency_key")}
    assert client.post(address, data={**ramsch_form([20, 30, 70]), **fresh}).status_code == 302
    db.session.refresh(deal)
    assert deal.payload["points"] == [20, 30, 70]


def test_a_retry_without_a_version_or_after_the_last_deal_is_stored_once(client, ctx):
    """A retry is answered as the first save: one that names no board version is found by its key (the
    page looks it up before the engine checks the deal; a concurrent one meets the unique index on
    session and key); a retry of the deal that ended the game finds the game over, and its key."""
    sid = new_schieberamsch(client, deals="1")
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    data = {**ramsch_form([30, 40, 50]), "idempotency_key": hidden(page, "idempotency_key")}  # no version
    first = client.post(f"/sessions/{sid}/deals", data=data)
    assert first.status_code == 302
    for headers in ({}, {"HX-Request": "true"}):  # the game is over now: found by its key, not refused
        again = client.post(f"/sessions/{sid}/deals", data=data, headers=headers)
        assert again.status_code == 200 if headers else again.headers["Location"] == first.headers["Location"]
    assert Deal.query.count() == 1 and Revision.query.filter_by(action="add").count() == 1

    sid = new_schieberamsch(client)
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    data = {**ramsch_form([30, 40, 50]), "idempotency_key": hidden(page, "idempotency_key")}
    first = client.post(f"/sessions/{sid}/deals", data=data)
    again = client.post(f"/sessions/{sid}/deals", data=data)  # the game goes on: the index refuses it
    assert again.status_code == 302 and again.headers["Location"] == first.headers["Location"]
    assert Deal.query.filter_by(session_id=sid).count() == 1


def test_the_api_refuses_a_stale_if_match_and_answers_a_retry_alike(client, ctx):
    response = client.post("/api/v1/sessions", json={"game": "schieberamsch", "players": ["A", "B", "C"]})
    sid, version = response.json["id"], response.json["version"]
    path = f"/api/v1/sessions/{sid}/deals"
    first = client.post(path, json={"values": RAMSCH}, headers={"Idempotency-Key": "k1", "If-Match": f'"{version}"'})
    check(first, path, "POST")
    assert first.status_code == 201 and first.json["version"] == version + 1
    retry = client.post(path, json={"values": RAMSCH}, headers={"Idempotency-Key": "k1", "If-Match": f'"{version}"'})
    check(retry, path, "POST")
    assert retry.status_code == 201 and len(retry.json["deals"]) == 1 and set(retry.json) == set(first.json)
    stale = client.post(path, json={"values": RAMSCH, "board_version": version})
    check(stale, path, "POST")
    assert stale.status_code == 409 and stale.json["error"] == "conflict" and stale.json["version"] == version + 1
    assert "Another client saved deal 1 meanwhile; read the session again" in stale.json["message"]
    deal_id = first.json["deals"][0]["id"]
    stale_put = client.put(f"{path}/{deal_id}", json={"values": RAMSCH}, headers={"If-Match": str(version)})
    check(stale_put, f"{path}/{deal_id}", "PUT")
    assert stale_put.status_code == 409 and Deal.query.count() == 1


def test_deal_ids_are_never_reused_and_positions_stay_dense(client, ctx):
    response = client.post("/api/v1/sessions", json={"game": "schieberamsch", "players": ["A", "B", "C"]})
    path = f"/api/v1/sessions/{response.json['id']}/deals"
    ids = [client.post(path, json={"values": RAMSCH}).json["deals"][-1]["id"] for _ in range(3)]
    assert client.delete(f"{path}/{ids[-1]}").status_code == 204
    assert client.delete(f"{path}/{ids[0]}").status_code == 204
    new = client.post(path, json={"values": RAMSCH}).json["deals"][-1]["id"]
    assert new > max(ids)
    assert [deal.position for deal in Deal.query.order_by(Deal.position)] == [1, 2]


def test_a_session_that_no_longer_replays_opens_for_repair(client, ctx):
    sid = new_schieberamsch(client)
    for points in ([30, 40, 50], [10, 20, 90], [60, 30, 30]):
        assert client.post(f"/sessions/{sid}/deals", data=ramsch_form(points)).status_code == 302
    deals = Deal.query.order_by(Deal.position).all()
    deals[1].payload = {**deals[1].payload, "points": [10, 20, 91]}  # as if an older engine had accepted it
    db.session.commit()
    restarted()
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "Deal 2 of this session no longer fits the rules" in html
    assert "Deals to repair" in html and "stops before deal 2" in html
    assert f"/deals/{deals[1].id}/edit" in html  # correct the broken deal
    assert f"/deals/{deals[1].id}/delete" in html and f"/deals/{deals[2].id}/delete" in html
    # the correction form of the broken deal opens, and saving it repairs the session
    assert client.get(f"/sessions/{sid}/deals/{deals[1].id}/edit").status_code == 200
    response = client.post(f"/sessions/{sid}/deals/{deals[1].id}/edit", data=ramsch_form([10, 20, 90]))
    assert response.status_code == 302
    assert client.get(f"/sessions/{sid}").status_code == 200


def test_a_broken_deal_can_be_deleted_from_the_repair_page(client, ctx):
    sid = new_schieberamsch(client)
    for points in ([30, 40, 50], [10, 20, 90]):
        client.post(f"/sessions/{sid}/deals", data=ramsch_form(points))
    first = Deal.query.order_by(Deal.position).first()
    first.payload = {**first.payload, "points": [30, 40, 51]}  # as if an older engine had accepted it
    db.session.commit()
    restarted()
    assert client.get(f"/sessions/{sid}").status_code == 409
    assert client.post(f"/sessions/{sid}/deals/{first.id}/delete").status_code == 302
    assert client.get(f"/sessions/{sid}").status_code == 200 and Deal.query.count() == 1


def test_player_names_match_across_cases_and_scripts(client, ctx):
    new_schieberamsch(client, names=("Ömer", "Élodie", "Zoë"))
    new_schieberamsch(client, names=("ÖMER", "E\u0301LODIE", "zoë"))  # upper case, decomposed accent
    assert {p.name for p in Player.query} == {"Élodie", "Ömer", "Zoë"}
    response = client.post("/sessions/new/schieberamsch",
                           data={"players-0": "Ömer", "players-1": "ömer", "players-2": "X", "first_dealer": "0"})
    assert response.status_code == 422 and "same name" in response.get_data(as_text=True)


def test_invisible_and_direction_control_characters_are_removed_from_names(client, ctx):
    new_schieberamsch(client, names=("An\u200bna", "\u202eBen", "Carl\u2066"))
    assert sorted(p.name for p in Player.query) == ["Anna", "Ben", "Carl"]
    response = client.post("/sessions/new/schieberamsch",
                           data={"players-0": "\u200b\u200d", "players-1": "B", "players-2": "C", "first_dealer": "0"})
    assert response.status_code == 422 and "needs a name" in response.get_data(as_text=True)


def test_ids_beyond_the_id_columns_are_not_found(client):
    huge = 2**63
    assert client.get(f"/sessions/{huge}").status_code == 404
    assert client.get(f"/sessions/{huge - 1}").status_code == 404
    assert client.get(f"/sessions/{2**31}").status_code == 404  # PostgreSQL's INTEGER ends at 2**31 - 1
    assert client.get(f"/api/v1/sessions/{2**31 - 1}").status_code == 404
    response = client.get(f"/api/v1/sessions/{huge}")
    assert response.status_code == 404 and response.json["error"] == "not_found"
    assert client.post(f"/sessions/1/deals/{huge}/delete").status_code == 404


def test_numbers_in_a_link_beyond_the_id_columns_are_ignored_never_a_500(client, ctx):
    """A page, player, session to play again, preset or deal number in the query string is read as
    the columns hold it: one beyond is no such number (the first page, the empty form)."""
    sid = new_schieberamsch(client)
    player = Player.query.filter_by(name="Anna").one().id
    for huge in (2**31, 2**63, 10**20):
        for url in (f"/history?page={huge}", f"/history?player_id={huge}", f"/players/{player}?page={huge}",
                    f"/sessions/new/schieberamsch?again={huge}", f"/sessions/new/schieber?preset={huge}",
                    f"/sessions/{sid}/cards?deal={huge}&field=cards"):
            assert client.get(url).status_code in (200, 404, 422), url  # 422: "There is no such player."
    assert "Anna" in client.get(f"/history?page={2**63}").get_data(as_text=True)  # the first page


def test_hostile_bodies_get_the_error_shape_never_a_500(client, app):
    sid = client.post("/api/v1/sessions", json={"game": "schieberamsch", "players": ["A", "B", "C"]}).json["id"]
    path = f"/api/v1/sessions/{sid}/deals"
    cases = [
        (client.post(path, data='{"values": {"type": "\\ud800"}}', content_type="application/json"), 400),
        (client.post("/api/v1/sessions", data='{"game": "schieberamsch", "players": ["\\udfff", "B", "C"]}',
                     content_type="application/json"), 400),
        (client.post(path, data='{"values": ' + "[" * 5000 + "]" * 5000 + "}", content_type="application/json"), 400),
        (client.post(path, data="x" * (300 * 1024), content_type="application/json"), 413),
        (client.post(path, data="values=1", content_type="application/x-www-form-urlencoded"), 415),
        # NaN and Infinity are not JSON: PostgreSQL's json type refuses them, and an export would carry them
        (client.post(path, data='{"values": {"type": "ramsch", "pushed": NaN}}', content_type="application/json"),
         400),
        (client.post("/api/v1/import", data='{"format": "scorekeeper-export", "x": -Infinity}',
                     content_type="application/json"), 400),
        (client.patch(path, json={}), 405),
    ]
    for response, status in cases:
        assert response.status_code == status, (status, response.get_data(as_text=True)[:200])
        assert set(response.json) == {"error", "message", "fields"}
        check(response, path, "POST")  # "default": any other error, in the documented shape
    # a form with bytes that are not UTF-8 (a lone surrogate encoded) is read, not a crash
    response = client.post("/sessions/new/schieberamsch",
                           data="players-0=%ED%A0%80&players-1=B&players-2=C&first_dealer=0",
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code in (302, 422)
    with app.app_context():
        assert all(name.encode("utf-8") for name in db.session.scalars(db.select(Player.name)))
        assert GameSession.query.count() >= 1


def test_the_upgrade_repairs_what_old_races_stored(tmp_path):
    """A database from before: two deals at one position, two pending bid rows, players differing
    only in case. The upgrade keeps every complete deal in order, keeps the first pending row, and
    gives every player a key (two old players with one key both stay)."""
    from flask_migrate import upgrade
    from sqlalchemy import text

    from scorekeeper import create_app

    from ..conftest import _database_uri

    uri, drop = _database_uri(tmp_path)  # SQLite, or a fresh PostgreSQL database under scripts/test-postgres
    app = create_app({"SECRET_KEY": "x", "AUTO_MIGRATE": False, "SQLALCHEMY_DATABASE_URI": uri})
    with app.app_context():
        upgrade(revision="0002")
        statements = [
            "INSERT INTO player (id, name, created_at) VALUES (1, 'Ömer', '2026-01-01'), (2, 'ÖMER', '2026-01-01'),"
            " (3, 'Ben', '2026-01-01')",
            "INSERT INTO game_session (id, game, options, first_dealer, engine_version, created_at, updated_at)"
            " VALUES (1, 'yacht', '{}', 0, 1, '2026-01-01', '2026-01-01')",
            "INSERT INTO deal (id, session_id, position, phase, payload, engine_version, created_at, updated_at) VALUES"
            " (1, 1, 1, 'complete', '{}', 1, '2026-01-01', '2026-01-01'),"
            " (2, 1, 2, 'complete', '{}', 1, '2026-01-01', '2026-01-01'),"
            " (3, 1, 2, 'complete', '{}', 1, '2026-01-01', '2026-01-01'),"
            " (4, 1, 3, 'bid', '{}', 1, '2026-01-01', '2026-01-01'),"
            " (5, 1, 4, 'bid', '{}', 1, '2026-01-01', '2026-01-01')",
        ]
        if db.engine.dialect.name == "postgresql":  # rows given explicit ids: the sequence as if they were not
            statements.append("SELECT setval(pg_get_serial_sequence('deal', 'id'), 5)")
        for statement in statements:
            db.session.execute(text(statement))
        db.session.commit()
        upgrade()
        rows = db.session.execute(text("SELECT id, position, phase FROM deal ORDER BY position")).all()
        assert [tuple(row) for row in rows] == [(1, 1, "complete"), (2, 2, "complete"), (3, 3, "complete"),
                                                (4, 4, "bid")]
        keys = db.session.execute(text("SELECT name_key FROM player ORDER BY id")).scalars().all()
        assert keys == ["ömer", "ömer#2", "ben"]
        assert db.session.execute(text("SELECT version FROM game_session")).scalar() == 0
        db.session.execute(text("INSERT INTO deal (session_id, position, phase, payload, engine_version, created_at,"
                                " updated_at) VALUES (1, 5, 'complete', '{}', 1, '2026-01-01', '2026-01-01')"))
        db.session.commit()  # the id column still gives ids by itself after the upgrade
        db.session.remove()
        db.engine.dispose()
    drop()


def test_a_stale_correction_is_told_and_so_is_one_of_a_deleted_deal(client, ctx):
    sid = new_schieberamsch(client)
    for points in ([30, 40, 50], [10, 20, 90]):
        client.post(f"/sessions/{sid}/deals", data=ramsch_form(points))
    first, second = Deal.query.order_by(Deal.position).all()
    page = client.get(f"/sessions/{sid}/deals/{first.id}/edit").get_data(as_text=True)
    version = hidden(page, "board_version")
    client.post(f"/sessions/{sid}/deals/{second.id}/delete")  # another device deletes deal 2
    response = client.post(f"/sessions/{sid}/deals/{first.id}/edit",
                           data={**ramsch_form([31, 40, 49]), "board_version": version})
    html = response.get_data(as_text=True)
    assert response.status_code == 409 and "Another device deleted deal 2 meanwhile" in html
    assert 'value="31"' in html and hidden(html, "board_version") == str(int(version) + 1)
    assert db.session.get(Deal, first.id).payload["points"] == [30, 40, 50]
    response = client.post(f"/sessions/{sid}/deals/{second.id}/edit", data=ramsch_form([31, 40, 49]))
    assert response.status_code == 302 and response.headers["Location"] == f"/sessions/{sid}?gone=1"
    assert "deleted on another device" in client.get(response.headers["Location"]).get_data(as_text=True)
    # the htmx entry form gets the fragment, with the fresh board, and htmx swaps a 409
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    older = str(int(hidden(html, "board_version")) - 1)
    stale = client.post(f"/sessions/{sid}/deals", headers={"HX-Request": "true"},
                        data={**ramsch_form([30, 40, 50]), "board_version": older})
    assert stale.status_code == 409 and "<html" not in stale.get_data(as_text=True)
    assert "fresh board" in stale.get_data(as_text=True)


def test_two_tablets_correcting_one_deal_the_second_is_shown_what_the_first_saved(client, ctx):
    """The tablet that saves second is refused (409) and keeps what it typed, and is shown what the
    other tablet saved, so the table can see which correction holds."""
    sid = new_schieberamsch(client)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    deal = Deal.query.one()
    version = hidden(client.get(f"/sessions/{sid}/deals/{deal.id}/edit").get_data(as_text=True), "board_version")
    first = client.post(f"/sessions/{sid}/deals/{deal.id}/edit", data={**ramsch_form([31, 40, 49]),
                                                                      "board_version": version})
    assert first.status_code == 302
    second = client.post(f"/sessions/{sid}/deals/{deal.id}/edit", data={**ramsch_form([20, 40, 60]),
                                                                       "board_version": version})
    html = second.get_data(as_text=True)
    assert second.status_code == 409
    assert any("Another device corrected this deal meanwhile" in alert for alert in alerts(html))
    assert 'value="20"' in html and 'value="60"' in html  # what this tablet typed stays in the boxes
    shown = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.split('class="diff"')[1].split("</dl>")[0]))
    assert "Anna 30 · Ben 40 · Carl 50 → Anna 31 · Ben 40 · Carl 49" in shown
    db.session.expire_all()
    assert db.session.get(Deal, deal.id).payload["points"] == [31, 40, 49]


def test_a_late_save_comes_back_as_a_correction_of_the_last_deal(client, ctx):
    """A tester's two tablets: the other saved the game's last deal first, and what the late tablet
    typed was shown nowhere, so the table could not tell whose deal was right. It comes back as a
    correction of that deal, with the reason; saving it puts it in that deal's place."""
    sid = new_schieberamsch(client, deals="1")
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": RAMSCH}).status_code == 201
    late = client.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 40, 50]),
                                                       "board_version": hidden(page, "board_version")},
                       headers={"HX-Request": "true"})
    html = late.get_data(as_text=True)
    assert late.status_code == 409 and late.headers["HX-Retarget"] == "body"
    assert alerts(html) == ["Not saved: another device saved deal 1 meanwhile, and with it the game is over. What "
                            "this tablet typed is below as a correction of that deal: save it if it is the right "
                            "one, or cancel."]
    deal = Deal.query.one()
    assert f'action="/sessions/{sid}/deals/{deal.id}/edit"' in html
    assert late.headers["HX-Push-Url"] == f"/sessions/{sid}/deals/{deal.id}/edit"  # a reload stays on it
    assert 'value="40"' in html and 'value="50"' in html  # what this tablet typed
    saved = client.post(f"/sessions/{sid}/deals/{deal.id}/edit", data={**ramsch_form([30, 40, 50]),
                                                                      "board_version": hidden(html, "board_version")})
    assert saved.status_code == 302
    db.session.expire_all()
    assert Deal.query.one().payload["points"] == [30, 40, 50]

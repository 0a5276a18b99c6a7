"""The Skat list through the JSON API in both languages (shared/rules/skat.md): a game entered, both
columns of the list in the session's "next", a refused game explained in Japanese."""
from __future__ import annotations

from .openapi_check import check

GRAND = {"game": "grand", "declarer": 1, "hand": False, "ouvert": False, "jacks": ["JC", "JS"], "points": 92,
         "tricks": "some", "bid": 48}


def call(client, method, path, body=None, **kwargs):
    response = client.open(path, method=method, json=body, **kwargs)
    check(response, path, method)
    return response


def test_a_grand_with_two_in_both_columns_and_the_breakdown_in_japanese(client):
    """rules/skat.md worked example 2 by the API: list +96, Seeger-Fabian +146; the breakdown under ja."""
    sid = call(client, "POST", "/api/v1/sessions", {"game": "skat", "players": ["Anna", "Ben", "Carl"]}).json["id"]
    response = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": GRAND},
                    headers={"Accept-Language": "ja"})
    assert response.status_code == 201
    session = call(client, "GET", f"/api/v1/sessions/{sid}", headers={"Accept-Language": "ja"}).json
    text = str(session)
    assert session["standings"]["totals"] == [0, 146, 0]
    assert "'plain': [0, 96, 0]" in text and "'seeger_fabian': [0, 146, 0]" in text
    assert "ゼーガー・ファビアン" in text
    # written as the other games' breakdowns are (a Japanese tester): full-width brackets and plus
    assert "24 × （マタドール有り 2 ＋ ゲーム 1" in text and "(" not in text.split("24 × ")[1].split("=")[0]


def test_the_other_column_stays_in_the_standings_once_the_list_is_over(client):
    """rules/skat.md "The tally": both columns are kept. A tester's client lost the plain list once the
    list ended (it came only in "next", which is null then); the standings carry it, named."""
    body = {"game": "skat", "players": ["Anna", "Ben", "Carl"], "options": {"series": "number", "games": 1}}
    sid = call(client, "POST", "/api/v1/sessions", body).json["id"]
    call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": GRAND})
    session = call(client, "GET", f"/api/v1/sessions/{sid}").json
    assert session["standings"]["over"] and session["next"] is None
    assert session["standings"]["other_totals"] == [{"name": "plain list", "totals": [0, 96, 0]}]
    japanese = call(client, "GET", f"/api/v1/sessions/{sid}", headers={"Accept-Language": "ja"}).json
    assert japanese["standings"]["other_totals"][0]["totals"] == [0, 96, 0]
    assert japanese["standings"]["other_totals"][0]["name"] != "plain list"
    assert call(client, "POST", "/api/v1/sessions", {"game": "yacht", "players": ["A", "B", "C"]}).json[
        "standings"]["other_totals"] == []


def test_a_null_worth_less_than_the_bid_is_refused_in_the_tables_language(client):
    """rules/skat.md "Won, lost, overbid": a null game below the bid cannot be announced."""
    sid = call(client, "POST", "/api/v1/sessions", {"game": "skat", "players": ["Anna", "Ben", "Carl"]}).json["id"]
    null = {"game": "null", "declarer": 0, "hand": False, "ouvert": False, "result": "won", "bid": 24}
    english = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": null})
    assert english.status_code == 422
    assert english.json["fields"] == {"bid": "This null game is worth 23: it cannot be played after a bid of 24."}
    japanese = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": null},
                    headers={"Accept-Language": "ja"})
    assert japanese.json["fields"] == {"bid": "このヌルは23なので、ビッド24の後には宣言できません。"}


def test_a_bid_no_game_is_worth_is_refused_at_the_bid_in_the_tables_language(client):
    """rules/skat.md "Invariants": a value is base x multiplier or 23/35/46/59, and a bid is a value."""
    sid = call(client, "POST", "/api/v1/sessions", {"game": "skat", "players": ["Anna", "Ben", "Carl"]}).json["id"]
    diamonds = {**GRAND, "game": "diamonds", "bid": 19}
    english = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": diamonds})
    assert english.status_code == 422
    assert english.json["fields"] == {"bid": "No game is worth 19, so it is not a bid: the bids around it are 18 "
                                             "and 20."}
    japanese = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": diamonds},
                    headers={"Accept-Language": "ja"})
    assert japanese.json["fields"]["bid"] == "19になるゲームはないので、ビッドにはなりません。近いビッドは18と20です。"
    assert call(client, "GET", f"/api/v1/sessions/{sid}").json["deals"] == []


def test_the_csv_keeps_both_columns_of_the_list(client):
    """rules/skat.md "The tally": two columns per player, both kept. The CSV's rows are games, ranked by
    Seeger-Fabian (the default) with the plain list's totals in a row of their own, both as on the board."""
    sid = call(client, "POST", "/api/v1/sessions", {"game": "skat", "players": ["Anna", "Ben", "Carl"]}).json["id"]
    assert call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": GRAND}).status_code == 201
    rows = [line.split(",") for line in client.get(f"/sessions/{sid}/scoreboard.csv").data.decode("utf-8-sig")
            .splitlines()]
    assert rows == [["Game", "Dealer", "Anna", "Ben", "Carl"], ["1", "Anna", "0", "146", "0"],
                    ["Total", "", "0", "146", "0"], ["Total (plain list)", "", "0", "96", "0"]]


def test_the_change_log_calls_every_row_of_the_list_a_game(client):
    """A tester read "Game 1 deleted." then "Deal 1 restored." in the Skat list's changes: a row is a game."""
    sid = call(client, "POST", "/api/v1/sessions", {"game": "skat", "players": ["Anna", "Ben", "Carl"]}).json["id"]
    deal_id = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": GRAND}).json["deals"][0]["id"]
    gone = call(client, "DELETE", f"/api/v1/sessions/{sid}/deals/{deal_id}")
    restore = f"/api/v1/sessions/{sid}/revisions/{gone.headers['Revision-Id']}/restore"
    assert call(client, "POST", restore).status_code == 201
    html = client.get(f"/sessions/{sid}/changes").get_data(as_text=True)
    assert "Game 1 restored." in html and "Game 1 deleted." in html and "Deal 1" not in html


def test_a_list_the_table_ended_says_games_not_deals(client):
    """r55b: an ended Skat list said "The table ended this game after deal 1" and "ended early", where
    its rows are games and ending an open list is its normal end."""
    sid = call(client, "POST", "/api/v1/sessions", {"game": "skat", "players": ["Anna", "Ben", "Carl"]}).json["id"]
    call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": GRAND})
    ended = call(client, "POST", f"/api/v1/sessions/{sid}/close")
    assert ended.json["standings"]["winner_rule"] == ("The table ended the session after game 1: the totals so far "
                                                      "decide.")
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "The table ended the session here." in html and "game early" not in html


def test_an_open_list_ended_by_the_table_keeps_its_rule(client):
    """r56a: an open list ended by hand said "the totals so far decide", and the line saying the
    Seeger-Fabian column decides was gone: ending is an open list's own end, under its own rule."""
    start = {"game": "skat", "players": ["Anna", "Ben", "Carl"],
             "options": {"series": "open", "ranking": "seeger_fabian"}}
    sid = call(client, "POST", "/api/v1/sessions", start).json["id"]
    call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": GRAND})
    ended = call(client, "POST", f"/api/v1/sessions/{sid}/close").json["standings"]
    assert ended["winner_rule"] == ("When the table ends the list, the highest Seeger-Fabian total wins; equal totals "
                                    "share the place.")
    assert ended["winners"] == [1]


def test_kontra_and_re_are_named_as_a_skat_table_says_them(client):
    """rules/skat.md `kontra`: "an opponent's Kontra doubles the game's list score, the declarer's Re
    doubles it again (x4)". The entry form says Kontra and Re as the option does (a tester read "contra
    (x2) / recontra (x4)" under the heading Kontra); the values sent stay contra and recontra."""
    body = {"game": "skat", "players": ["Anna", "Ben", "Carl"], "options": {"kontra": True}}
    sid = call(client, "POST", "/api/v1/sessions", body).json["id"]
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "Kontra (x2)" in page and "Re (x4)" in page and "recontra (x4)" not in page
    assert "コントラ（×2）" in client.get(f"/sessions/{sid}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    response = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": {**GRAND, "contra": "recontra"}})
    deal = response.json["deals"][0]
    assert response.status_code == 201 and deal["values"]["contra"] == "recontra"
    assert "Re x4." in deal["breakdown"] and deal["points"][1] == 4 * 96 + 50  # Seeger-Fabian's 50 not doubled

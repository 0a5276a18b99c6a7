"""Statistics each game's players care about (issue 24, item 2): the engine counts its figures deal
by deal (Game.figures), per session on the board's statistics and across sessions on the player's
page, through the pages and the API. Counted by hand from rules/schieberamsch.md."""
from __future__ import annotations

from scorekeeper.extensions import db
from scorekeeper.models import Player

from .helpers import cells
from .test_api import call
from .test_what_if import LOST, RAMSCH, WHIST, WON, session_with

DURCHMARSCH = {"type": "ramsch", "pushed": 0, "points": [120, 0, 0], "took_trick": [True, False, False]}


def test_a_session_counts_grand_hands_matadors_schneider_and_lost_ramsch(client):
    """rules/schieberamsch.md: a Grand Hand is won with 61 (Anna's 95 is schneider, one matador
    'with' the club jack); Carl's 60 lost; the Ramsch's 113 loses it for Carl; Anna's every trick
    is a Durchmarsch."""
    sid = session_with(client, "schieberamsch", ["Anna", "Ben", "Carl"], [RAMSCH, LOST, WON, DURCHMARSCH])
    stats = call(client, "GET", f"/api/v1/sessions/{sid}/stats").json
    figures = {figure["name"]: figure["values"] for figure in stats["figures"]}
    assert figures["grand_hands"] == [1, 0, 1] and figures["grand_hands_won"] == [1, 0, 0]
    assert figures["matadors"] == [1, 0, 1] and figures["schneider"] == [1, 0, 0]
    assert figures["ramsch_lost"] == [0, 0, 1] and figures["durchmarsch"] == [1, 0, 0]
    assert stats["figures"][0]["label"] == "Grand Hands played" and stats["players"] == ["Anna", "Ben", "Carl"]
    html = client.get(f"/sessions/{sid}/statistics").get_data(as_text=True)
    assert "Grand Hands won" in html and "Durchmarsch" in html


def test_a_players_figures_add_up_over_sessions_and_follow_a_correction(client, app):
    for _ in range(2):
        sid = session_with(client, "schieberamsch", ["Anna", "Ben", "Carl"], [RAMSCH, WON])
    with app.app_context():
        anna = db.session.execute(db.select(Player).filter_by(name="Anna")).scalar_one()
    answer = call(client, "GET", f"/api/v1/players/{anna.id}/stats?game=schieberamsch").json
    [record] = answer["games"]
    counted = {figure["name"]: figure["value"] for figure in record["figures"]}
    assert record["sessions"] == 2 and counted["grand_hands_won"] == 2 and counted["schneider"] == 2
    # the second session's Grand Hand corrected to a lost one: Anna's record follows
    deal_id = call(client, "GET", f"/api/v1/sessions/{sid}").json["deals"][1]["id"]
    lost = {**WON, "soloist_points": 40}
    assert call(client, "PUT", f"/api/v1/sessions/{sid}/deals/{deal_id}", {"values": lost}).status_code == 200
    again = call(client, "GET", f"/api/v1/players/{anna.id}/stats").json["games"][0]["figures"]
    assert {figure["name"]: figure["value"] for figure in again}["grand_hands_won"] == 1
    page = client.get(f"/players/{anna.id}").get_data(as_text=True)
    assert "Schieberamsch: what Anna counted" in page and "Grand Hands won" in page
    assert call(client, "GET", f"/api/v1/players/{anna.id}/stats?game=poker").status_code == 422
    assert call(client, "GET", "/api/v1/players/999/stats").status_code == 404


def test_a_players_sessions_over_time_and_head_to_head(client, app):
    """Issue 24, item 2, across games: wins over time (a chart) and two players at the same table.
    A Ramsch of one deal is over at once: Carl's 113 lose it, Anna and Ben win (lowest total)."""
    for _ in range(3):
        session_with(client, "schieberamsch", ["Anna", "Ben", "Carl"], [RAMSCH], options={"deals": 1})
    session_with(client, "italian_whist", ["Anna", "Carl", "Dora"], [WHIST], options={"deals": 1})  # Anna, Dora win
    with app.app_context():
        ids = {player.name: player.id for player in db.session.execute(db.select(Player)).scalars()}
    page = client.get(f"/players/{ids['Carl']}?vs={ids['Anna']}").get_data(as_text=True)
    assert "0 won of 4 finished sessions since" in page and "(0%)" in page and '<svg class="chart"' in page
    h2h = page[page.index('class="scores head-to-head stack"'):].split("</table>")[0]
    rows = [cells(row) for row in h2h.split("<tr>")[2:]]
    assert rows == [["Italian Whist", "1", "0", "1"], ["Schieberamsch", "3", "0", "3"]]
    anna = client.get(f"/players/{ids['Anna']}?game=schieberamsch").get_data(as_text=True)
    assert "3 won of 3 finished sessions since" in anna and "(100%)" in anna
    assert "have not finished a session together" in client.get(
        f"/players/{ids['Ben']}?vs={ids['Dora']}").get_data(as_text=True)

"""The board names the rule that decides the winner (issue 23, item 10), for every game, from the
session's options; the API's session answer carries the same line as standings.winner_rule."""
from __future__ import annotations

import re

import pytest

RULE_RE = re.compile(r'<p class="hint winner-rule" id="winner-rule">([^<]*)</p>')
SATAAT_RULE = "Decided by deal wins, then points; still equal: a draw, both teams win."


def new_session(client, game, players, **options):
    created = client.post("/api/v1/sessions", json={"game": game, "players": list(players), "first_dealer": 0,
                                                    "options": options})
    assert created.status_code == 201, created.json
    return created.json["id"]


def rule_on_board(client, sid):
    found = RULE_RE.findall(client.get(f"/sessions/{sid}").get_data(as_text=True))
    assert len(found) == 1
    return found[0].replace("&#39;", "'")


@pytest.mark.parametrize("game, players, options, rule", [
    ("sataat", "NESW", {}, SATAAT_RULE),
    ("sataat", "NESW", {"decided_by": "points"}, "Decided by points; equal points: a draw, both teams win."),
    ("sataat", "NESW", {"end": "wins", "wins": 5}, "The first team to win 5 deals wins the session."),
    ("tennos_team", "ABC", {}, "The highest total, then most games won, wins the session."),
    ("tennos_team", "ABCD", {"teams": "fixed", "session_winner": "games_won"},
     "Most games won, then the highest team total, wins the session."),
    ("tennos_team", "ABCD", {}, "The highest total, then most games won, wins the session: each player's own "
                                "points, as the teams are drawn anew each game."),
    ("schieberamsch", "ABC", {"deals": 9}, "The lowest total after 9 deals wins; equal totals share the win."),
    ("handjass", "ABCD", {"target": 9}, "Everyone out (safe) at 9 strokes wins; the last player left loses."),
    ("italian_whist", "ABC", {}, "The highest total wins; equal totals share the win."),
    ("italian_whist", "ABC", {"tie": "play_on"},
     "The highest total wins; on equal totals more deals are played until one player leads."),
    ("yacht", "ABC", {"target": 1000}, "Once someone reaches 1000, the highest total wins; equal totals share the "
                                       "win."),
    ("pitch", "ABCD", {}, "The first side to 32 points wins; when several reach it in one deal, the declaring side."),
    ("stendhal", "ABCDE", {"limit": "66"}, "Once a total reaches minus 66, the highest total wins; a shared lead "
                                           "plays on."),
])
def test_the_board_and_the_api_name_the_rule_from_the_options(client, game, players, options, rule):
    sid = new_session(client, game, players, **options)
    assert rule_on_board(client, sid) == rule
    assert client.get(f"/api/v1/sessions/{sid}").json["standings"]["winner_rule"] == rule


def test_a_finished_sataat_session_says_the_rule_beside_its_winners_also_in_japanese(client):
    """rules/sataat.md, decided 2026-11-26: one win each, 2 points to 1: N & S win on points, and the board
    says why."""
    sid = new_session(client, "sataat", "NESW", deals=2)
    for tricks in ([7, 0, 0, 0], [3, 7, 0, 0]):
        saved = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": {"tricks": tricks}})
        assert saved.status_code == 201, saved.json
    standings = saved.json["standings"]
    assert standings["over"] and standings["winners"] == [0, 2] and standings["winner_rule"] == SATAAT_RULE
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "Winners: N, S" in html and rule_on_board(client, sid) == SATAAT_RULE
    client.post("/language", data={"language": "ja", "next": "/"})
    translated = rule_on_board(client, sid)
    assert translated != SATAAT_RULE and "勝" in translated


def test_a_drawn_sataat_session_says_it_is_a_draw(client):
    """rules/sataat.md, decided 2026-11-26: "still equal: a draw, both teams shown as winners". A tester read
    "Winners: N, E, S, W" under the totals; the board, the big numbers, the history and the shared picture
    say it is a draw."""
    sid = new_session(client, "sataat", "NESW", deals=2)
    for tricks in ([7, 3, 0, 0], [3, 7, 0, 0]):
        assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": {"tricks": tricks}}).status_code == 201
    draw = "A draw: N, E, S, W share the win."
    for page in (f"/sessions/{sid}", f"/sessions/{sid}/big", "/history", f"/sessions/{sid}/result.svg"):
        assert draw in client.get(page).get_data(as_text=True), page
    assert "Winners: N, E, S, W" not in client.get(f"/sessions/{sid}").get_data(as_text=True)


@pytest.mark.parametrize("game, players, options, rule", [
    ("schieberamsch", "ABC", {"deals": 1}, "The lowest total after 1 deal wins; equal totals share the win."),
    ("sataat", "ABCD", {"end": "wins", "wins": 1}, "The first team to win 1 deal wins the session."),
    ("handjass", "ABCD", {"target": 1}, "Everyone out (safe) at 1 stroke wins; the last player left loses."),
])
def test_one_deal_or_stroke_is_said_in_the_singular(client, game, players, options, rule):
    """A tester read "After 1 deals" and "at 1 strokes" in the rule lines: they are counted sentences."""
    assert rule_on_board(client, new_session(client, game, players, **options)) == rule

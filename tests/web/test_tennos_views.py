"""Issue 23, item 7: the TENNOS form offers the suits (seat order, then the last game's), takes the
picture cards as piles with an inferred rest, and keeps what was tapped after a refused save."""
from __future__ import annotations

import re
from html import unescape

from .helpers import alerts, totals

NAMES = ("Anna", "Ben", "Carl", "Dora")


def new_tennos(client) -> int:
    data = {f"players-{i}": name for i, name in enumerate(NAMES)}
    data.update(first_dealer="0", option_mode="team")
    response = client.post("/sessions/new/tennos_team", data=data)
    assert response.status_code == 302, alerts(response.get_data(as_text=True))
    return int(response.headers["Location"].rsplit("/", 1)[1])


def offered_suits(html: str) -> list[str]:
    return [re.search(rf'name="suit-{seat}"[^>]*value="(\w)" checked', html).group(1) for seat in range(4)]


def game_form(suits, pictures, rest=None):
    data = {f"suit-{seat}": suit for seat, suit in enumerate(suits)}
    data.update({f"pictures-{seat}": cards for seat, cards in enumerate(pictures)})
    data.update({f"jokers-{seat}": "0" for seat in range(4)})
    if rest is not None:
        data["rest"] = str(rest)
    return data


def test_suits_offered_in_seat_order_then_as_the_last_game(client, ctx):
    """rules/tennos-team.md, team mode with 4 players: spade, heart, club, diamond."""
    sid = new_tennos(client)
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert offered_suits(html) == ["S", "H", "C", "D"]
    assert 'value="" checked><span>nobody</span>' in html  # the rest: nobody until tapped
    assert 'class="pile-way"' not in html  # picture cards have no points: no "counting cards only" (a tester)
    response = client.post(f"/sessions/{sid}/deals", data=game_form("CDSH", [["JC"], [], [], []]))
    assert response.status_code == 302, alerts(response.get_data(as_text=True))
    assert offered_suits(client.get(f"/sessions/{sid}").get_data(as_text=True)) == ["C", "D", "S", "H"]


def test_the_rest_players_pile_is_inferred(client, ctx):
    """rules/tennos-team.md worked examples 1 and 2 (Anna 14, Ben 17), Dora takes every other picture."""
    sid = new_tennos(client)
    form = game_form("SHCD", [["JS", "QS", "KS", "JH"], ["JC", "QC", "KC", "JD", "JL", "JX"], ["QH", "KH"], []],
                     rest=3)
    form["ace-0"] = "y"
    response = client.post(f"/sessions/{sid}/deals", data=form)
    assert response.status_code == 302, alerts(response.get_data(as_text=True))
    # Dora (diamond): QD KD 6 + QX KX QL KL 8 = 14, as in the browser test's game 1
    assert totals(client.get(f"/sessions/{sid}").get_data(as_text=True)) == [14, 17, 4, 14]


def test_a_refused_game_keeps_every_tap(client, ctx):
    sid = new_tennos(client)
    response = client.post(f"/sessions/{sid}/deals", data=game_form("SSCD", [["JS"], ["QH"], [], []], rest=3))
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Anna and Ben both entered ♠; each suit belongs to one player." in alerts(html)
    assert re.search(r'name="pictures-1"[^>]*value="QH" checked', html)
    assert re.search(r'name="rest"[^>]*value="3" checked', html)


def test_fixed_teams_show_the_team_totals_that_decide(client):
    """rules/tennos-team.md, decided 2026-11-26: with fixed teams the team's running total (battalions
    included) decides the session. A tester saw only the players' own totals pinned (13 marked a winner
    beside a 48), the team's 94 in small print: the board, big numbers and the shared picture now show
    each team with its total. Worked examples 1 and 2: black (Anna & Carl) 14, red (Ben & Dora) 17."""
    body = {"game": "tennos_team", "players": list(NAMES), "options": {"mode": "team", "teams": "fixed", "deals": 1}}
    sid = client.post("/api/v1/sessions", json=body).json["id"]
    example = {"suit": list("SHCD"), "jokers": [0] * 4, "ace": [True, False, False, False],
               "pictures": [["JS", "QS", "KS", "JH"], ["JC", "QC", "KC", "JD", "JL", "JX"], [], []]}
    saved = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": example})
    assert saved.status_code == 201, saved.json
    standings = saved.json["standings"]
    assert standings["totals"][0] == 14 and standings["totals"] != [14, 17, 14, 17]  # a player's own points
    assert standings["teams"] == [{"seats": [0, 2], "name": "Anna & Carl", "total": 14},
                                  {"seats": [1, 3], "name": "Ben & Dora", "total": 17}]
    board = client.get(f"/sessions/{sid}").get_data(as_text=True)
    line = unescape(re.sub(r"<[^>]+>|\s+", " ", re.search(r'id="team-totals">(.*?)</p>', board, re.S).group(1))).split()
    assert " ".join(line) == "Teams: Anna & Carl 14 · Ben & Dora 17"
    big = unescape(re.sub(r"<[^>]+>|\s+", " ", re.search(r'class="big-teams">(.*?)</p>', client.get(
        f"/sessions/{sid}/big").get_data(as_text=True), re.S).group(1))).split()
    assert " ".join(big) == "Anna & Carl 14 · Ben & Dora 17"
    picture = client.get(f"/sessions/{sid}/result.svg").get_data(as_text=True)
    assert "Anna &amp; Carl" in picture and "Ben &amp; Dora" in picture and ">17<" in picture
    # the picture's brand in the page's language, as every page's header says it (a Japanese tester)
    assert ">Scorekeeper</text>" in picture
    japanese = client.get(f"/sessions/{sid}/result.svg", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert ">スコアキーパー</text>" in japanese

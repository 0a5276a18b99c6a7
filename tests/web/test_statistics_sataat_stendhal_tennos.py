"""Statistics each game's players care about (issue 24, item 2) for Sataat, Stendhal and the TENNOS
team game, through GET /api/v1/sessions/<id>/stats: the engines' figures per player, a team figure for
each member. Counted by hand from the rules notes."""
from __future__ import annotations

import re

from scorekeeper.extensions import db
from scorekeeper.models import Player

from ..games.test_stendhal import cross_deal
from ..games.test_tennos_team import game
from .test_api import call
from .test_api_next import new, post, sataat_deal
from .test_what_if import session_with


def figures(client, sid):
    stats = call(client, "GET", f"/api/v1/sessions/{sid}/stats").json
    return {figure["name"]: figure["values"] for figure in stats["figures"]}, stats


def test_sataat_counts_wins_as_parent_or_dealer_team_and_sweeps(client):
    """rules/sataat.md 'Who is parent next deal': parent N (dealer W); NS 7-4 as the parent's team (N
    stays); EW 7-5 as the dealer's team (E becomes parent); EW 7-0 as the parent's team."""
    sid = new(client, "sataat", ["N", "E", "S", "W"], first_dealer=3)["id"]
    for values in (sataat_deal(7, 4), sataat_deal(5, 7), sataat_deal(0, 7, first_seven=True)):
        assert post(client, sid, values).status_code == 201
    counted, stats = figures(client, sid)
    assert counted == {"parent_wins": [1, 1, 1, 1], "dealer_wins": [0, 1, 0, 1], "sevens": [0, 1, 0, 1],
                       "thirteens": [0, 0, 0, 0]}
    assert stats["figures"][0]["label"] == "Deals won as the parent's team"
    html = client.get(f"/sessions/{sid}/statistics").get_data(as_text=True)
    assert "Deals won as the dealer&#39;s team" in html and "13-0 won" not in html  # nobody did


def test_stendhal_counts_minus_cards_clean_deals_and_bonus_points(client):
    """rules/stendhal.md 'Scoring a deal': A 5 crosses and the leaf 10, B 6 crosses, C 12 leaves; D
    2 suits (+3), E 1 suit (+1), F no trick (clean, 0)."""
    d = cross_deal(suits=[0, 0, 0, 2, 1, 0])
    sid = session_with(client, "stendhal", ["A", "B", "C", "D", "E", "F"], [d], {"minus_entry": "revealed"})
    counted, _ = figures(client, sid)
    assert counted == {"minus_cards": [6, 6, 12, 0, 0, 0], "clean": [0, 0, 0, 1, 1, 1], "bonus": [0, 0, 0, 3, 1, 0]}


def test_tennos_team_counts_sets_and_each_members_team_battalions(client):
    """rules/tennos-team.md: A (spade, black) takes the spade and heart J-Q-K sets; the black team
    (spade, cross, club) formed 1 battalion, the red team 2: each member counts its team's."""
    played = game("SHXLCD", [["JS", "QS", "KS", "JH", "QH", "KH"], ["JX"], [], [], [], []],
                  battalions_black=1, battalions_red=2)  # red's battalion that black's did not beat: B's JX
    sid = session_with(client, "tennos_team", ["A", "B", "C", "D", "E", "F"], [played], {"mode": "team"})
    counted, stats = figures(client, sid)
    assert counted == {"sets": [2, 0, 0, 0, 0, 0], "battalions": [1, 2, 1, 2, 1, 2]}
    assert [figure["label"] for figure in stats["figures"]] == ["J-Q-K sets", "Battalions of the team"]


def test_a_stendhal_breakdown_joins_its_suits_and_a_tennos_table_counts_games_in_the_pages_language(client):
    """Testers read "... = -7; ダイヤ ..." (an English semicolon inside Japanese) in a Stendhal breakdown,
    and "Deals that scored", "Best deal" among the statistics of the TENNOS team game, which counts games."""
    sid = session_with(client, "stendhal", ["A", "B", "C", "D", "E", "F"], [cross_deal(suits=[0, 0, 0, 2, 1, 0])],
                       {"minus_entry": "revealed"})
    deal = client.get(f"/api/v1/sessions/{sid}").json["deals"][0]["id"]
    hx = {"HX-Request": "true"}
    english = client.get(f"/sessions/{sid}/deals/{deal}/breakdown", headers=hx).get_data(as_text=True)
    client.set_cookie("lang", "ja")
    japanese = client.get(f"/sessions/{sid}/deals/{deal}/breakdown", headers=hx).get_data(as_text=True)
    assert re.search(r"= -\d+; 1 leaf", english) and not re.search(r"= -\d+; ", japanese)
    assert re.search(r"= -\d+。リーフ", japanese)
    client.set_cookie("lang", "en")
    played = game("SHXLCD", [["JS", "QS", "KS", "JH", "QH", "KH"], ["JX"], [], [], [], []],
                  battalions_black=1, battalions_red=2)  # red's battalion that black's did not beat: B's JX
    tennos = session_with(client, "tennos_team", ["A", "B", "C", "D", "E", "F"], [played], {"mode": "team"})
    stats = client.get(f"/sessions/{tennos}/statistics", headers=hx).get_data(as_text=True)
    assert "Games that scored" in stats and "Best game" in stats and " deal" not in stats.lower()


def test_pages_leave_out_a_figure_nothing_was_counted_for(client, app):
    """A tester read "Battalions of the team 0" on the page of a player who played secret teams only,
    where battalions are not entered (rules/tennos-team.md). The pages show what was counted; the API
    keeps every figure, zeros included, as v1 answers it."""
    played = game("SHXLCD", [["JS", "QS", "KS"], [], [], [], [], []], joker=["black", "red", "white"] * 2)
    sid = session_with(client, "tennos_team", ["A", "B", "C", "D", "E", "F"], [played], {"mode": "secret"})
    counted, _ = figures(client, sid)
    assert counted == {"sets": [1, 0, 0, 0, 0, 0], "battalions": [0] * 6}
    hx = {"HX-Request": "true"}
    stats = client.get(f"/sessions/{sid}/statistics", headers=hx).get_data(as_text=True)
    assert "J-Q-K sets" in stats and "Battalions" not in stats
    with app.app_context():
        pid = db.session.execute(db.select(Player.id).filter_by(name="A")).scalar_one()
    page = client.get(f"/players/{pid}").get_data(as_text=True)
    assert "J-Q-K sets" in page and "Battalions" not in page


def test_a_stendhal_correction_is_logged_with_the_minus_suits(client):
    """A tester read "Cards taken of the minus suit: Ann K · Bob 8 7 6 …" in a corrected deal's "from
    what to what": which suit? The cross deal (rules/stendhal.md: cross revealed most often, so cross and
    leaf are minus) moves A's cross 3 to B; the log names the rows by their suits, each card with its own."""
    before = cross_deal()
    sid = session_with(client, "stendhal", ["A", "B", "C", "D", "E", "F"], [before], {"minus_entry": "revealed"})
    a, b = before["minus_cards"][:2]
    after = {**before, "minus_cards": [[rank for rank in a if rank != "3"], [*b, "3"], [], [], [], []]}
    deal_id = call(client, "GET", f"/api/v1/sessions/{sid}").json["deals"][0]["id"]
    assert call(client, "PUT", f"/api/v1/sessions/{sid}/deals/{deal_id}", {"values": after}).status_code == 200
    html = re.sub(r"\s+", " ", client.get(f"/sessions/{sid}/changes").get_data(as_text=True))
    assert "<dt>✚ cross cards taken</dt>" in html and "A ✚8 ✚7 ✚6 ✚5 ✚3" in html.replace("<del>", "")
    assert "Cards taken of the minus suit" not in html

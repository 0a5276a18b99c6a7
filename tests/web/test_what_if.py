"""What if (issue 24, item 1): a session scored again under other options of its game, beside the
real totals, nothing stored; through the page and the API. The numbers are worked by hand from the
rules notes."""
from __future__ import annotations

import re

from scorekeeper.extensions import db
from scorekeeper.models import GameSession

from .helpers import alerts
from .test_api import call

RAMSCH = {"type": "ramsch", "pushed": 0, "points": [0, 7, 113], "took_trick": [False, None, None]}
LOST = {"type": "grand_hand", "soloist": 2, "soloist_points": 60, "jacks": ["JC"], "all_tricks": False}
WON = {"type": "grand_hand", "soloist": 0, "soloist_points": 95, "jacks": ["JC"], "all_tricks": False}
WHIST = {"first": [5, 2, 2], "second": [3, 6, 0]}  # rules/italian-whist.md: 5-3 = +2, 2-6 = -4, 2-0 = +2


def session_with(client, game, players, deals, options=None, pin=None):
    body = {"game": game, "players": players, "options": options or {}} | ({"pin": pin} if pin else {})
    sid = call(client, "POST", "/api/v1/sessions", body).json["id"]
    for values in deals:
        assert call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": values}).status_code == 201
    return sid


def what_if(client, sid, options, **kwargs):
    return call(client, "POST", f"/api/v1/sessions/{sid}/what-if", {"options": options}, **kwargs)


def test_schieberamsch_under_a_doubled_lost_game_and_floor_rounding(client):
    """rules/schieberamsch.md: Ramsch 2 x 113 = 226 -> 22; a lost Grand Hand with one matador
    24 x 3 = 72 -> +7 for the soloist (x2 = 144 -> +14 under lost_doubled); a won one with 95
    (schneider) 24 x 4 = 96 -> -9 toward zero, -10 with floor rounding."""
    sid = session_with(client, "schieberamsch", ["Anna", "Ben", "Carl"], [RAMSCH, LOST, WON])
    assert call(client, "GET", f"/api/v1/sessions/{sid}").json["standings"]["totals"] == [-9, 0, 29]
    doubled = what_if(client, sid, {"lost_doubled": True}).json
    assert doubled["standings"]["totals"] == [-9, 0, 36]
    assert [deal["points"] for deal in doubled["deals"]] == [[0, 0, 22], [0, 0, 14], [-9, 0, 0]]
    assert doubled["options"]["lost_doubled"] is True and doubled["uncounted_deals"] == 0
    assert what_if(client, sid, {"rounding": "floor"}).json["standings"]["totals"] == [-10, 0, 29]
    both = what_if(client, sid, {"rounding": "floor", "lost_doubled": True}).json
    assert both["standings"]["totals"] == [-10, 0, 36]


def test_italian_whist_with_fewer_deals_or_a_target_leaves_the_later_deals_uncounted(client):
    """rules/italian-whist.md, End: after the chosen number of deals, or when a player reaches the
    target; highest total wins, ties shared. Four deals of +2/-4/+2: 8/-16/8."""
    sid = session_with(client, "italian_whist", ["Anna", "Ben", "Carl"], [WHIST] * 4)
    two = what_if(client, sid, {"deals": 2}).json
    assert two["standings"]["totals"] == [4, -8, 4] and two["uncounted_deals"] == 2
    assert two["standings"]["over"] and two["standings"]["winners"] == [0, 2]
    target = what_if(client, sid, {"end": "target", "target": 6}).json
    assert target["standings"]["totals"] == [6, -12, 6] and target["uncounted_deals"] == 1
    assert target["standings"]["winners"] == [0, 2]


def test_nothing_is_stored_and_a_pin_is_not_needed(client, app):
    sid = session_with(client, "schieberamsch", ["Anna", "Ben", "Carl"], [RAMSCH, LOST], pin="2468")
    with app.app_context():
        version = db.session.get(GameSession, sid).version
    other = client.application.test_client()  # a phone at the next table: no PIN entered
    assert what_if(other, sid, {"lost_doubled": True}).status_code == 200
    after = call(other, "GET", f"/api/v1/sessions/{sid}").json
    assert after["standings"]["totals"] == [0, 0, 29] and after["options"]["lost_doubled"] is False
    with app.app_context():
        assert db.session.get(GameSession, sid).version == version


def test_unknown_or_impossible_options_are_refused_with_the_reason(client):
    sid = session_with(client, "schieberamsch", ["Anna", "Ben", "Carl"], [RAMSCH])
    unknown = what_if(client, sid, {"target": 5})
    assert unknown.status_code == 422 and "Unknown option: target" in unknown.json["message"]
    out_of_range = what_if(client, sid, {"deals": 0})
    assert out_of_range.status_code == 422
    assert what_if(client, sid, "lost_doubled").status_code == 422


def test_the_page_shows_both_totals_the_winners_and_the_deals_that_differ(client):
    sid = session_with(client, "schieberamsch", ["Anna", "Ben", "Carl"], [RAMSCH, LOST, WON])
    board = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert f'href="/sessions/{sid}/what-if"' in board and "Score under other rules" in board
    page = client.get(f"/sessions/{sid}/what-if").get_data(as_text=True)
    assert 'name="option_lost_doubled"' in page and "Side by side" not in page
    answer = client.get(f"/sessions/{sid}/what-if?score=1&option_deals=12&option_rounding=floor"
                        "&option_three_way_tie=nobody&option_lost_doubled=y")
    html = answer.get_data(as_text=True)
    assert answer.status_code == 200 and "Side by side" in html
    assert "Deal 2: Carl +7 → +14<" in html  # only who scores otherwise (a tester read "Anna 0 → 0")
    assert "Deal 3: Anna -9 → -10" in html and "Deal 1:" not in html
    assert 'class="total">-9<' in html.replace(" winner", "") and 'class="total">36<' in html.replace(" winner", "")


def test_schieberamsch_with_schwarz_both_ways_reads_the_tricks_the_points_say(client):
    """rules/schieberamsch.md, option schwarz_both_ways (a soloist who takes no trick is schwarz too):
    deals saved without it were never asked "took no trick", but a soloist with 60 or 95 card points
    took tricks (more than the skat's 22): a tester's what-if was refused "Soloist took no trick is
    missing". Without a trick said by the points (a soloist with 10), the deal still lacks it."""
    sid = session_with(client, "schieberamsch", ["Anna", "Ben", "Carl"], [RAMSCH, LOST, WON])
    totals = call(client, "GET", f"/api/v1/sessions/{sid}").json["standings"]["totals"]
    answer = what_if(client, sid, {"schwarz_both_ways": True})
    assert answer.status_code == 200, answer.json
    assert answer.json["standings"]["totals"] == totals  # no soloist was schwarz: nothing changes
    low = {**LOST, "soloist_points": 10}
    sid = session_with(client, "schieberamsch", ["Anna", "Ben", "Carl"], [low])
    answer = what_if(client, sid, {"schwarz_both_ways": True})
    assert answer.status_code == 422
    assert answer.json["message"] == "Under these rules deal 1 cannot be scored: Soloist took no trick is missing."


def test_the_page_offers_only_options_that_change_a_score(client):
    """How card points are entered cannot change a score (a tester read its help under the what-if,
    and asking "tap cards" of typed points could only fail): the page leaves it as played; the
    scoring options stay, and the session's entry setting is kept for the replay."""
    sid = session_with(client, "schieberamsch", ["Anna", "Ben", "Carl"], [RAMSCH, LOST])
    page = client.get(f"/sessions/{sid}/what-if").get_data(as_text=True)
    assert 'name="option_count_from"' not in page and "Card points are entered as" not in page
    assert 'name="option_rounding"' in page
    html = client.get(f"/sessions/{sid}/what-if?score=1&option_rounding=floor").get_data(as_text=True)
    assert "Side by side" in html and not alerts(html)
    # a tester was offered options that change what is entered or shown, never a score, and could
    # only be refused or change nothing: Sataat's Trup Kasiet (rules/sataat.md: "For scoring nothing
    # changes"), its exchanges and joker; Handjass's Bessern and twelve cards (the deal, not the
    # strokes); Pitch's point cards in play (what the entry may leave out)
    for game, players, hidden in (("sataat", ["N", "E", "S", "W"], ("variant", "exchange_after_dealer_team_sweep",
                                                                   "joker_for_heart_two")),
                                  ("handjass", ["A", "B", "C"], ("bessern", "twelve_cards")),
                                  ("pitch", ["A", "B", "C", "D"], ("points_in_play",))):
        page = client.get(f"/sessions/{session_with(client, game, players, [])}/what-if").get_data(as_text=True)
        assert not [name for name in hidden if f'name="option_{name}"' in page], game


def test_the_api_reads_the_deals_as_entered_whatever_entry_option_is_asked(client):
    """An option marked entry_only cannot change a score: asked of the what-if, the deals are read as
    they were entered (a tester got "deal 1 cannot be scored: Revealed cards ... is missing" for a
    Stendhal session asked with another minus_entry)."""
    example = call(client, "GET", "/api/v1/openapi.json").json
    sessions = example["paths"]["/sessions"]["post"]["requestBody"]["content"]["application/json"]["examples"]
    deals = example["paths"]["/sessions/{session_id}/deals"]["post"]["requestBody"]["content"]["application/json"][
        "examples"]
    sid = call(client, "POST", "/api/v1/sessions", sessions["stendhal"]["value"]).json["id"]
    assert call(client, "POST", f"/api/v1/sessions/{sid}/deals", deals["stendhal"]["value"]).status_code == 201
    totals = call(client, "GET", f"/api/v1/sessions/{sid}").json["standings"]["totals"]
    for asked in ({"minus_entry": "revealed"}, {"minus_entry": "suit"}, {"capture_entry": "count"}):
        answer = what_if(client, sid, asked)
        assert answer.status_code == 200 and answer.json["standings"]["totals"] == totals, asked


def test_the_result_picture_lists_each_team_once_and_the_whole_rule(client):
    """A tester's Schieber picture listed the four players with each team total twice and ended its
    rule mid-sentence (an SVG text does not wrap)."""
    from .test_what_if_newer_games import FOUR, SPADES

    sid = session_with(client, "schieber", FOUR, [SPADES])
    svg = client.get(f"/sessions/{sid}/result.svg").get_data(as_text=True)
    rows = re.findall(r'font-size="22" fill="#1d2433"[^>]*>([^<]+)<', svg)
    assert len(rows) == 2 and all(" &amp; " in row for row in rows)
    rule = " ".join(re.findall(r"<tspan[^>]*>([^<]+)</tspan>", svg))
    board = client.get(f"/sessions/{sid}").get_data(as_text=True)
    whole = re.search(r'id="winner-rule">([^<]+)<', board).group(1)
    assert rule == whole and len(re.findall(r"<tspan", svg)) > 1


def test_the_page_names_the_problem_next_to_the_options(client):
    sid = session_with(client, "italian_whist", ["Anna", "Ben", "Carl"], [WHIST])
    html = client.get(f"/sessions/{sid}/what-if?score=1&option_end=deals&option_deals=0").get_data(as_text=True)
    assert "Side by side" not in html and alerts(html)


def test_an_option_refused_is_said_beside_its_box_and_a_deal_above_them(client):
    """A tester found every refusal in one banner above the options, none at the box it names (as the
    new-game page does): each option's beside it, marked invalid; a deal that cannot be scored above."""
    sid = session_with(client, "free_pad", ["Anna", "Ben", "Carl"], [{"points": [1, 2, 3]}])
    html = client.get(f"/sessions/{sid}/what-if?score=1&option_target=-5&option_winner=highest"
                      "&option_rounds=0").get_data(as_text=True)
    assert re.search(r'aria-invalid="true"[^>]*id="option_target".*?<p class="field-error" id="option_target-error"'
                     r'[^>]*>Target total cannot be less than 0.</p>', html, re.S)
    assert '<p class="form-error" role="alert">' not in html and 'value="-5"' in html
    sid = session_with(client, "handjass", ["A", "B", "C", "D"], [{"playing": [0]}])  # alone: no trump asked
    html = client.get(f"/sessions/{sid}/what-if?score=1&option_variant=berner").get_data(as_text=True)
    assert re.search(r'<p class="form-error" role="alert">Under these rules deal 1 cannot be scored: ', html)


def test_the_result_picture_names_game_players_totals_and_winner(client):
    """Issue 24, item 3: a picture of the result that a phone can share, in the table's language."""
    sid = session_with(client, "italian_whist", ["Anna", "Ben", "Carl"], [WHIST] * 2, options={"deals": 2})
    answer = client.get(f"/sessions/{sid}/result.svg")
    svg = answer.get_data(as_text=True)
    assert answer.mimetype == "image/svg+xml" and svg.startswith("<svg")
    assert "Italian Whist" in svg and "2 deals" in svg and "Winners: Anna, Carl" in svg
    assert [f">{total}<" in svg for total in (4, -8)] == [True, True] and svg.count("★") == 2
    client.post("/language", data={"language": "ja"})
    assert "勝者" in client.get(f"/sessions/{sid}/result.svg").get_data(as_text=True)
    board = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert f'data-share-picture="/sessions/{sid}/result.svg"' in board and "data-print" in board


def handjass_deal(points, trump="C", playing=None, last=0):
    playing = playing if playing is not None else [seat for seat, p in enumerate(points) if p is not None]
    return {"trump": trump, "playing": playing, "points": points, "last_trick": last,
            "weis": [[], [], [], []], "stoeck": [False] * 4, "draw": []}


def test_handjass_as_berner_multiplies_by_the_trump_and_needs_a_trump_in_every_deal(client):
    """rules/handjass.md: counts 60, 45, 30, 22 are +1, +1, 0, -1; Berner Handjass multiplies a deal
    by its trump (clubs x2, hearts x4), and asks the trump of every deal (decided 2026-11-26), so a
    deal entered without one cannot be scored as Berner."""
    counts = [60, 45, 30, 22]
    sid = session_with(client, "handjass", ["Anna", "Ben", "Carl", "Dora"],
                       [handjass_deal(counts), handjass_deal(counts, trump="H")])
    assert call(client, "GET", f"/api/v1/sessions/{sid}").json["standings"]["totals"] == [2, 2, 0, -2]
    berner = what_if(client, sid, {"variant": "berner"}).json
    assert berner["standings"]["totals"] == [6, 6, 0, -6]  # x2 then x4
    alone = {"playing": [0], "points": [None] * 4, "last_trick": None, "weis": [[], [], [], []],
             "stoeck": [False] * 4, "draw": []}  # one player alone takes +2: no trump asked
    assert call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": alone}).status_code == 201
    refused = what_if(client, sid, {"variant": "berner"})
    assert refused.status_code == 422 and refused.json["message"].startswith("Under these rules deal 3 cannot")


def test_handjass_three_players_under_top_count_only_sets_aside_a_draw_it_does_not_need(client):
    """rules/handjass.md "Three players": with option three_player_two_winners the two highest counts
    score +1 (a tie for second settled by the card draw); without it only the top count scores. A
    session with a draw for second was refused under the other rule ("No tie needed a card draw in
    this deal: leave the draw empty", a box the what-if page does not show; a tester): the draw is
    set aside there, as it would not have been drawn."""
    deal = {**handjass_deal([57, 50, 50]), "weis": [[], [], []], "stoeck": [False] * 3, "draw": [1]}
    sid = session_with(client, "handjass", ["Anna", "Ben", "Carl"], [deal],
                       options={"three_player_two_winners": True})
    assert call(client, "GET", f"/api/v1/sessions/{sid}").json["standings"]["totals"] == [1, 1, 0]
    top_only = what_if(client, sid, {"three_player_two_winners": False})
    assert top_only.status_code == 200 and top_only.json["standings"]["totals"] == [1, 0, 0]
    page = client.get(f"/sessions/{sid}/what-if?score=1&option_threshold=26").get_data(as_text=True)
    assert "Side by side" in page and not alerts(page)  # the page (its box unticked: off) says the same


def test_sataat_under_other_deal_values(client):
    """rules/sataat.md: a won deal scores `win_value` for each player of the winning team (default 1);
    7 of Anna's and Carl's team against 4 is won, not a 7-0."""
    deal = {"tricks": [7, 4, 0, 0], "first_seven": False}
    sid = session_with(client, "sataat", ["Anna", "Ben", "Carl", "Dora"], [deal, deal])
    mine = call(client, "GET", f"/api/v1/sessions/{sid}").json["standings"]["totals"]
    assert mine == [2, 0, 2, 0]
    assert what_if(client, sid, {"win_value": 3}).json["standings"]["totals"] == [6, 0, 6, 0]
    assert what_if(client, sid, {"win_value": 0}).json["standings"]["totals"] == [0, 0, 0, 0]
    # the page says what decides under the rules asked (a tester read Nora and Sara the winners on 4
    # points against 5, decided by deals won: the page did not say so)
    html = client.get(f"/sessions/{sid}/what-if?score=1&option_win_value=3&option_decided_by=points"
                      "&option_end=deals&option_deals=12").get_data(as_text=True)
    assert '<p class="hint winner-rule">Under these rules: Decided by points; equal points: a draw' in html


def test_yacht_and_tennos_with_fewer_deals_count_only_the_first(client):
    """rules/yacht.md (the table may stop after a number of deals) and rules/tennos-team.md (a
    session is the agreed number of games): three equal deals played, two agreed: the third does not
    count and each total is two thirds of the one played."""
    yacht = {"bid": ["tu", "tu", "goal"], "start": [None, None, 5], "goal": [None, None, 9], "tricks": [0, 0, 17]}
    sid = session_with(client, "yacht", ["Anna", "Ben", "Carl"], [yacht] * 3)
    played = call(client, "GET", f"/api/v1/sessions/{sid}").json["standings"]["totals"]
    two = what_if(client, sid, {"deals": 2}).json
    assert two["uncounted_deals"] == 1 and two["standings"]["over"]
    assert [3 * total for total in two["standings"]["totals"]] == [2 * total for total in played]
    game = {"suit": ["S", "H", "C", "D"], "pictures": [["JS", "QS", "KS", "JH"], [], [], []], "jokers": [0, 0, 0, 0],
            "ace": [True, False, False, False]}
    sid = session_with(client, "tennos_team", ["Anna", "Ben", "Carl", "Dora"], [game] * 3, options={"mode": "team"})
    played = call(client, "GET", f"/api/v1/sessions/{sid}").json["standings"]["totals"]
    two = what_if(client, sid, {"deals": 2}).json
    assert two["uncounted_deals"] == 1 and [3 * t for t in two["standings"]["totals"]] == [2 * t for t in played]


def test_pitch_with_a_lower_target_or_scoring_the_bid(client):
    """rules/pitch.md, worked example: team A (Anna, Carl) bids 6 and takes 6 of the 10 points:
    A +6, B +4. Four such deals: A 24, B 16 (game to 32). To 12 the game ends after deal 2 (A 12).
    With `made_scores=bid` a made bid scores the bid: 5 bid, 6 taken is +5 instead of +6."""
    deal = {"bidder": 0, "bid": 6, "trump": "S", "entry": "points", "points": [6, 4, 0, 0]}
    sid = session_with(client, "pitch", ["Anna", "Ben", "Carl", "Dora"], [deal] * 4)
    assert call(client, "GET", f"/api/v1/sessions/{sid}").json["standings"]["totals"] == [24, 16, 24, 16]
    short = what_if(client, sid, {"target": 12}).json
    assert short["standings"]["totals"] == [12, 8, 12, 8] and short["uncounted_deals"] == 2
    assert short["standings"]["winners"] == [0, 2]
    five = {**deal, "bid": 5}  # made with 6: +6 as taken, +5 when a made bid scores the bid
    sid = session_with(client, "pitch", ["Anna", "Ben", "Carl", "Dora"], [five] * 2)
    assert call(client, "GET", f"/api/v1/sessions/{sid}").json["standings"]["totals"] == [12, 8, 12, 8]
    assert what_if(client, sid, {"made_scores": "bid"}).json["standings"]["totals"] == [10, 8, 10, 8]


def test_stendhal_with_a_custom_limit_plays_on_while_the_lead_is_shared(client):
    """rules/stendhal.md: the game ends once a total reaches minus the limit and the highest total is
    not shared. Three equal deals lose Anna 17, Ben 14 and Carl 13 each: at a custom limit of 34
    Anna's -34 reaches it after deal 2, but Dora, Emil and Fay share the lead at 0: play goes on, and
    all three deals count."""
    deal = {"reveal": [["2X"], ["4X"], ["5H"], ["6S"], ["7C"], ["8D"]],
            "minus_cards": [["3", "5", "6", "7", "8"], ["9", "10", "J", "Q", "K", "A"], [], [], [], []],
            "paired_cards": [["10"], [], ["2", "3", "4", "5", "6", "7", "8", "9", "J", "Q", "K", "A"], [], [], []],
            "suits": [0, 0, 0, 0, 0, 0]}
    sid = session_with(client, "stendhal", ["Anna", "Ben", "Carl", "Dora", "Emil", "Fay"], [deal] * 3)
    assert call(client, "GET", f"/api/v1/sessions/{sid}").json["standings"]["totals"] == [-51, -42, -39, 0, 0, 0]
    low = what_if(client, sid, {"limit": "custom", "custom_limit": 34}).json
    assert low["standings"]["totals"] == [-51, -42, -39, 0, 0, 0] and low["uncounted_deals"] == 0
    assert not low["standings"]["over"] and low["options"]["custom_limit"] == 34


def test_yacht_with_simple_bids_says_what_the_deals_lack(client):
    """A tester tried simple bids on a start-and-goal session and read "Anna bid a number of tricks: enter it"
    on a page where nothing can be entered: the deals were entered without a number of tricks bid, and the
    refusal says that, as for any entry other rules ask and the deals lack."""
    deal = {"bid": ["goal", "tu", "goal"], "start": [3, None, 5], "goal": [4, None, 9], "tricks": [4, 0, 13]}
    sid = session_with(client, "yacht", ["Anna", "Ben", "Carl"], [deal])
    response = what_if(client, sid, {"simple_bids": True})
    assert response.status_code == 422
    assert response.json["message"] == "Under these rules deal 1 cannot be scored: Tricks bid is missing."

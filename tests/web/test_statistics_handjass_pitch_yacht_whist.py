"""The figures of Handjass, Pitch, Yacht and Italian Whist (issue 24, item 2) through the API's session
statistics: the engines count them deal by deal from the stored deals (tests/games count them by hand)."""
from __future__ import annotations

from .test_api import call
from .test_what_if import WHIST, session_with


def figures(client, game, players, deals, options=None):
    sid = session_with(client, game, players, deals, options)
    stats = call(client, "GET", f"/api/v1/sessions/{sid}/stats").json
    return {figure["name"]: figure["values"] for figure in stats["figures"]}, stats


def test_handjass_counts_weis_stoeck_strokes_and_potatoes(client):
    """rules/handjass.md, worked examples 1 and 3: B's four kings and a sequence of 3 (120) beat A's
    sequence of 4; the counts 60, 45 + 120, 30, 22 give A and B +1, D a potato; then A and B play
    alone, B with Stöck (90 and 40: +1 each)."""
    weis = [["9H", "8H", "7H", "6H"], ["KC", "KS", "KH", "KD", "10S", "9S", "8S"], [], []]
    deals = [{"trump": "C", "playing": [0, 1, 2, 3], "points": [60, 45, 30, 22], "last_trick": 0, "weis": weis,
              "stoeck": [False] * 4},
             {"trump": "H", "playing": [0, 1], "points": [90, 40, None, None], "last_trick": 0,
              "weis": [[]] * 4, "stoeck": [False, True, False, False]}]
    counted, stats = figures(client, "handjass", ["A", "B", "C", "D"], deals)
    assert counted == {"deals_played": [2, 2, 1, 1], "weis_points": [0, 120, 0, 0], "best_weis": [0, 1, 0, 0],
                       "stoeck": [0, 1, 0, 0], "strokes": [2, 2, 0, 0], "potatoes": [0, 0, 0, 1]}
    assert stats["figures"][1]["label"] == "Weis points that counted"


def test_pitch_counts_the_bidders_bids_by_level_and_the_trump_2(client):
    """rules/pitch.md, worked examples: Anna bids 6 and her side takes A, J, off-jack, 3 (made); Ben
    bids 7 with the rest and the 2 he played (4: set)."""
    cards = [["A", "J", "offJ", "3"], ["HJ", "LJ", "10"], [], []]
    deals = [{"bidder": 0, "bid": 6, "trump": "H", "entry": "cards", "cards": cards, "two": 1},
             {"bidder": 1, "bid": 7, "trump": "S", "entry": "cards", "cards": cards, "two": 1}]
    counted, stats = figures(client, "pitch", ["Anna", "Ben", "Carl", "Dora"], deals)
    assert counted["made_6"] == [1, 0, 0, 0] and counted["set_7"] == [0, 1, 0, 0]
    assert counted["trump_two"] == [0, 2, 0, 0] and counted["made_10"] == [0, 0, 0, 0]
    assert [figure["label"] for figure in stats["figures"]][10] == "Moons shot (bid 10 made)"


def test_yacht_counts_tu_ltu_and_the_summed_distance_to_the_goal(client):
    """rules/yacht.md, worked examples (n = 13): start 5, goal 9, 8 tricks ends 1 away; T.U. with no
    trick is made; L.T.U. with 1 trick fails; start 0, goal 0, 4 tricks: 0 + 8 - 13 = -5, 5 away."""
    deal = {"bid": ["goal", "tu", "ltu", "goal"], "start": [5, None, None, 0], "goal": [9, None, None, 0],
            "tricks": [8, 0, 1, 4]}
    counted, _ = figures(client, "yacht", ["Anna", "Ben", "Carl", "Dora"], [deal])
    assert counted == {"tu_bids": [0, 1, 0, 0], "tu_made": [0, 1, 0, 0], "ltu_bids": [0, 0, 1, 0],
                       "ltu_made": [0, 0, 0, 0], "goal_bids": [1, 0, 0, 1], "goals_hit": [0, 0, 0, 0],
                       "distance": [1, 0, 0, 5]}


def test_italian_whist_counts_tricks_per_half(client):
    """rules/italian-whist.md, Scoring: 5 and 3, 2 and 6, 2 and 0 tricks in the two halves, twice."""
    counted, _ = figures(client, "italian_whist", ["Anna", "Ben", "Carl"], [WHIST, WHIST])
    assert counted == {"first": [10, 4, 4], "second": [6, 12, 0]}


def test_a_players_best_worst_and_average_are_over_the_deals_they_were_in(client):
    """rules/handjass.md "End": a player who reaches the target leaves the game; the deals after it
    are not theirs. A and B reach 1 in deal 1 (+1 each) and leave; C plays deal 2 alone (+2)."""
    deals = [{"trump": "C", "playing": [0, 1, 2, 3], "points": [60, 45, 30, 22], "last_trick": 0,
              "weis": [[]] * 4, "stoeck": [False] * 4},
             {"playing": [2]}]
    _, stats = figures(client, "handjass", ["A", "B", "C", "D"], deals, {"target": 1})
    seats = {seat["name"]: seat for seat in stats["seats"]}
    assert seats["A"]["average"] == 1.0 and seats["A"]["worst"] == 1  # not 0.5 and 0 with deal 2
    assert seats["C"]["average"] == 1.0 and (seats["C"]["best"], seats["C"]["worst"]) == (2, 0)
    assert seats["D"]["average"] == -0.5

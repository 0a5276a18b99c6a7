"""What if (issue 24, item 1) for the five newer games: a short real session built from the worked
examples of the game's rules note (shared/rules/<game>.md), scored again under other options of its
game. Every total is worked by hand from the note; an option that asks an entry the deals were saved
without (a Weis, Stöck, Kontra, a trick of blanks, the Ramsch points, a team's number) is refused
with the reason, and an entry the other options do not ask counts for nothing."""
from __future__ import annotations

import re

from .test_api import call
from .test_what_if import session_with, what_if

FOUR, THREE = ["Anna", "Ben", "Carl", "Dora"], ["Anna", "Ben", "Carl"]


def totals(client, sid):
    return call(client, "GET", f"/api/v1/sessions/{sid}").json["standings"]["totals"]


def refusal(client, sid, options):
    answer = what_if(client, sid, options)
    assert answer.status_code == 422
    return answer.json["message"]


# --- Schieber: rules/schieber.md "Worked examples" 1-3. Team A Anna & Carl, B Ben & Dora; Anna deals
# first, then counter-clockwise, so forehand (who chooses) is Dora, Carl, then Ben.
# 1: A 2 x (103 + 70) = 346, B 2 x (54 + 20) = 148
SPADES = {"trump": "S", "pushed": False, "points": [103, 54, None, None], "match": [False] * 4,
          "weis": [70, 0, 0, 0], "stoeck": [False, True, False, False]}
OBENABE_KONTERMATSCH = {"trump": "obenabe", "pushed": False, "points": [0, 157, None, None],
                        "match": [False, True, False, False]}  # 2: Carl chose, B took all nine: 3 x 257 = 771
HEARTS_MATCH = {"trump": "H", "pushed": False, "points": [0, 157, None, None],
                "match": [False, True, False, False]}  # 3: hearts x1, all nine: 257


def test_schieber_under_other_factors_and_without_weis_and_stoeck(client):
    """rules/schieber.md "Scoring a deal" and "Factors per trump kind". Real (swisslos, target 2500):
    A 346, B 148 + 771 + 257 = 1176, still running.
    - `factors` none (all x1): A 103 + 70 = 173; B (54 + 20) + 257 + 257 = 588.
    - `factor_on_extras` off (Weis and Stöck count once): A 2 x 103 + 70 = 276; B 2 x 54 + 20 + 771 + 257 = 1156.
    - `weis_and_stoeck` off ("ohne Stöck und Wys"): the 70 Weis and the Stöck count for nothing:
      A 2 x 103 = 206; B 2 x 54 + 771 + 257 = 1136."""
    sid = session_with(client, "schieber", FOUR, [SPADES, OBENABE_KONTERMATSCH, HEARTS_MATCH])
    assert totals(client, sid) == [346, 1176, 346, 1176]
    plain = what_if(client, sid, {"factors": "none"}).json
    assert plain["standings"]["totals"] == [173, 588, 173, 588]
    page = client.get(f"/sessions/{sid}/what-if?score=1&option_factors=none&option_deck=french"
                      "&option_factor_on_extras=y&option_weis_and_stoeck=y&option_match_bonus=100&option_end=target"
                      "&option_target=2500&option_deals=12&option_berg=y&option_schneider=y").get_data(as_text=True)
    # each team once, as the board's save line says it (a tester read each partner's value twice)
    assert "Deal 2: Ben &amp; Dora +771 → +257<" in page
    assert [deal["points"][:2] for deal in plain["deals"]] == [[173, 74], [0, 257], [0, 257]]
    once = what_if(client, sid, {"factor_on_extras": False}).json
    assert once["standings"]["totals"] == [276, 1156, 276, 1156] and not once["standings"]["over"]
    ohne = what_if(client, sid, {"weis_and_stoeck": False})
    assert ohne.status_code == 200, ohne.json  # the stored Weis and Stöck are not asked: not an unknown input
    assert ohne.json["standings"]["totals"] == [206, 1136, 206, 1136]


def test_schieber_with_a_number_of_deals_or_a_lower_target(client):
    """rules/schieber.md "Start, presets and the end": `end` deals, 2 deals: A 346, B 148 + 771 = 919,
    the higher total wins (B), deal 3 not counted. Target 700: B reaches it in deal 2 (919), alone, and
    wins; deal 3 is not counted."""
    sid = session_with(client, "schieber", FOUR, [SPADES, OBENABE_KONTERMATSCH, HEARTS_MATCH])
    two = what_if(client, sid, {"end": "deals", "deals": 2})
    assert two.status_code == 200, two.json  # thanked_first, asked only when playing to a target, is not needed
    assert two.json["standings"]["totals"] == [346, 919, 346, 919] and two.json["uncounted_deals"] == 1
    assert two.json["standings"]["over"] and two.json["standings"]["winners"] == [1, 3]
    low = what_if(client, sid, {"target": 700}).json
    assert low["standings"]["totals"] == [346, 919, 346, 919] and low["uncounted_deals"] == 1
    assert low["standings"]["winners"] == [1, 3]
    page = client.get(f"/sessions/{sid}/what-if?score=1&option_target=700&option_factors=swisslos"
                      "&option_deck=french&option_factor_on_extras=y&option_weis_and_stoeck=y&option_match_bonus=100"
                      "&option_end=target&option_deals=12&option_berg=y&option_schneider=y").get_data(as_text=True)
    assert "Under these rules the game ends after deal 2: the last deal played does not count." in page
    # the finished game's marks as its board shows them (a tester missed them): B reached 350 first in
    # deal 2 (Berg), A ended at 346, below half the target (Schneider)
    assert "Berg: Ben &amp; Dora reached 350 first." in page
    marks = re.findall(r'<td class="total(?: winner)?">(-?\d+) <small class="seat-note">(\w+)</small>', page)
    assert marks == [("346", "Schneider"), ("919", "Berg"), ("346", "Schneider"), ("919", "Berg")]
    assert "Every deal scores the same under these rules." in page  # deals 1 and 2 score as played


def test_schieber_played_without_weis_cannot_be_scored_with_them(client):
    """rules/schieber.md option `weis_and_stoeck`: a session played "ohne Stöck und Wys" never asked the
    Weis, so scoring it with Weis is refused, naming the entry, rather than read as no Weis at all."""
    bare = {key: value for key, value in SPADES.items() if key not in ("weis", "stoeck")}
    sid = session_with(client, "schieber", FOUR, [bare], options={"weis_and_stoeck": False})
    assert totals(client, sid) == [206, 108, 206, 108]  # 2 x 103, 2 x 54
    message = refusal(client, sid, {"weis_and_stoeck": True})
    assert message == "Under these rules deal 1 cannot be scored: Weis (the team with the best Weis) is missing."


# --- Differenzler: rules/differenzler.md "Worked examples" 1 and 2 (four players, 16 deals agreed)
EXAMPLE_1 = {"prediction": [40, 30, 50, 37], "points": [45, 30, 60, 22]}  # 5, -10, 10, 15
EXAMPLE_2 = {"prediction": [0, 60, 47, 50], "points": [0, 55, 47, 55]}  # 0 (a 0 made: no bonus), 5, -10, 5


def test_differenzler_with_fewer_deals_no_exact_bonus_or_the_zero_bonus(client):
    """rules/differenzler.md "Scoring a deal" and "End". Real: 5, -5, 0, 20 after 2 of 16 deals.
    - `deals` 1: only example 1 counts, 5, -10, 10, 15; the lowest (Ben) wins.
    - `exact_bonus` 0 and 2 deals: Ben's and Carl's exact hits score 0: 5 + 0, 0 + 5, 10 + 0, 15 + 5 =
      5, 5, 10, 20; Anna and Ben share the lowest.
    - `zero_bonus` always: Anna's 0 made scores -10: -5, -5, 0, 20; with `tie` extra_deal after 2 deals
      the shared lowest asks one more deal, so the game is not over.
    - `zero_bonus` with_trick asks whether Anna (0 card points) took a trick: the deal never said."""
    sid = session_with(client, "differenzler", FOUR, [EXAMPLE_1, EXAMPLE_2])
    assert totals(client, sid) == [5, -5, 0, 20]
    one = what_if(client, sid, {"deals": 1}).json
    assert one["standings"]["totals"] == [5, -10, 10, 15] and one["uncounted_deals"] == 1
    assert one["standings"]["winners"] == [1]
    bare = what_if(client, sid, {"exact_bonus": 0, "deals": 2}).json
    assert bare["standings"]["totals"] == [5, 5, 10, 20] and bare["standings"]["winners"] == [0, 1]
    zero = what_if(client, sid, {"zero_bonus": "always", "deals": 2, "tie": "extra_deal"}).json
    assert zero["standings"]["totals"] == [-5, -5, 0, 20]
    assert not zero["standings"]["over"] and zero["standings"]["deals_left"] == 1
    message = refusal(client, sid, {"zero_bonus": "with_trick"})
    assert message == "Under these rules deal 2 cannot be scored: Took a trick (with 0 card points) is missing."


def test_differenzler_with_and_without_the_weis_house_rule(client):
    """rules/differenzler.md option `extras`: example 1 played with hearts trump, Anna holding Stöck and
    Ben showing a three-card sequence (20, schieber.md): Anna 45 + 20 = 65 for 40: 25; Ben 30 + 20 = 50
    for 30: 20; Carl 10, Dora 15. Without the house rule the Weis and Stöck count for nothing: example 1's
    5, -10, 10, 15. A session played without it cannot be scored with it: its Weis were never tapped."""
    shown = {**EXAMPLE_1, "trump": "H", "weis": [[], ["8S", "7S", "6S"], [], []], "stoeck": [True, False, False, False]}
    sid = session_with(client, "differenzler", FOUR, [shown], options={"extras": True})
    assert totals(client, sid) == [25, 20, 10, 15]
    without = what_if(client, sid, {"extras": False})
    assert without.status_code == 200, without.json
    assert without.json["standings"]["totals"] == [5, -10, 10, 15]
    sid = session_with(client, "differenzler", FOUR, [EXAMPLE_1])
    message = refusal(client, sid, {"extras": True})
    assert message == "Under these rules deal 1 cannot be scored: Weis shown (tap its cards) is missing."


# --- Coiffeur: rules/coiffeur.md "Worked examples" 1-3 (team A Anna & Carl, B Ben & Dora)
UNDENUFE_90 = {"announcer": 0, "row_a": "undenufe", "points": [90, 67, None, None], "match": False}  # 1: 90 x 6 = 540
SCHELLEN_MATCH = {"announcer": 1, "row_b": "schellen", "points": [0, 157, None, None], "match": True}  # 2: 257 x 4
OBENABE_KONTER = {"announcer": 2, "row_a": "obenabe", "points": [0, 157, None, None], "match": False}  # 3: A writes 0


def test_coiffeur_with_another_match_bonus_or_other_factors(client):
    """rules/coiffeur.md "Scoring a deal" and "Rows". Real (8 rows): A 540 + 0 = 540, B 1028; 16 - 3 = 13
    deals left.
    - `match_bonus` 50: B's match is 157 + 50 = 207 x 4 = 828.
    - `rows` custom with jasswiki's individual factors 2, 2, 3, 3, 5, 6, 7, 8 (Eicheln 2, Schellen 3): A
      540, B 257 x 3 = 771.
    - `rows` ten (Slalom and Guschti added; suits, Obenabe, Undenufe keep 1-6): the same totals, 20 - 3 = 17
      deals left.
    - `weis_and_stoeck` on: the deals were entered without the announcing team's Weis: refused."""
    sid = session_with(client, "coiffeur", FOUR, [UNDENUFE_90, SCHELLEN_MATCH, OBENABE_KONTER])
    real = call(client, "GET", f"/api/v1/sessions/{sid}").json["standings"]
    assert real["totals"] == [540, 1028, 540, 1028] and real["deals_left"] == 13
    bonus = what_if(client, sid, {"match_bonus": 50}).json
    assert bonus["standings"]["totals"] == [540, 828, 540, 828]
    custom = what_if(client, sid, {"rows": "custom", "factor_eicheln": 2, "factor_schellen": 3}).json
    assert custom["standings"]["totals"] == [540, 771, 540, 771]
    ten = what_if(client, sid, {"rows": "ten"}).json
    assert ten["standings"]["totals"] == [540, 1028, 540, 1028] and ten["standings"]["deals_left"] == 17
    message = refusal(client, sid, {"weis_and_stoeck": True})
    assert message == "Under these rules deal 1 cannot be scored: Weis of the announcing team (if best) is missing."


def test_coiffeur_played_with_weis_scored_without(client):
    """rules/coiffeur.md option `weis_and_stoeck`: Undenufe with 90 card points and a 50 Weis writes
    90 + 50 = 140 x 6 = 840 (no Stöck: Undenufe has no trump); without Weis and Stöck the cell is the 90
    alone: 540."""
    sid = session_with(client, "coiffeur", FOUR, [{**UNDENUFE_90, "weis": 50}],
                       options={"weis_and_stoeck": True})
    assert totals(client, sid) == [840, 0, 840, 0]
    without = what_if(client, sid, {"weis_and_stoeck": False})
    assert without.status_code == 200, without.json
    assert without.json["standings"]["totals"] == [540, 0, 540, 0]


# --- Skat list: rules/skat.md "Worked examples" 2, 1 and 3, then a passed-in deal (three players)
GRAND = {"game": "grand", "declarer": 0, "hand": False, "ouvert": False, "jacks": ["JC", "JS"], "points": 92,
         "tricks": "some", "bid": 48}  # 2: with 2, game 3, schneider 4 x 24 = 96; Seeger-Fabian 146
CLUBS_HAND = {"game": "clubs", "declarer": 1, "hand": True, "ouvert": False, "jacks": ["JC", "JH", "JD"],
              "points": 74, "tricks": "some", "bid": 46}  # 1: 3 x 12 = 36 < 46: overbid, lost at 48: -96; -146, +40
NULL_OUVERT = {"game": "null", "declarer": 2, "hand": False, "ouvert": True, "bid": 46,
               "result": "lost"}  # 3: -92; -142, +40 to each other player
PASSED = {"game": "passed"}


def test_skat_by_the_plain_list_a_single_lost_hand_game_or_a_shorter_list(client):
    """rules/skat.md "The tally": Seeger-Fabian Anna 146 + 40 + 40 = 226, Ben -146 + 40 = -106, Carl
    40 - 142 = -102 (a won game gives the others nothing, the passed-in deal scores nothing); the plain
    list 96, -96, -92.
    - `lost_hand_single` ("Won, lost, overbid"): Ben's lost clubs hand counts single, -48, Seeger-Fabian
      -48 - 50 = -98: Ben -98 + 40 = -58; the Null Ouvert is no hand game and stays -92 (-142).
    - `series` number, 2 games: Anna 146 + 40 = 186, Ben -146, Carl 40; the list is over, Anna wins, the
      last two rows are not counted.
    - `passed_deal` ramsch asks the Ramsch card points of the passed-in deal (row 4): never entered.
    - `kontra` asks whether Kontra was said in each game: never asked either."""
    sid = session_with(client, "skat", THREE, [GRAND, CLUBS_HAND, NULL_OUVERT, PASSED])
    assert totals(client, sid) == [226, -106, -102]
    plain = what_if(client, sid, {"ranking": "plain"}).json
    assert plain["standings"]["totals"] == [96, -96, -92]
    single = what_if(client, sid, {"lost_hand_single": True}).json
    assert single["standings"]["totals"] == [226, -58, -102]
    assert [deal["points"] for deal in single["deals"]][1] == [40, -98, 40]
    short = what_if(client, sid, {"series": "number", "games": 2}).json
    assert short["standings"]["totals"] == [186, -146, 40] and short["uncounted_deals"] == 2
    assert short["standings"]["over"] and short["standings"]["winners"] == [0]
    ramsch = refusal(client, sid, {"passed_deal": "ramsch"})
    assert ramsch.startswith("Under these rules game 4 cannot be scored: Card points in the Ramsch")
    # the list counts games, and so does its refusal (a tester read "deal 1" on a page of games)
    assert refusal(client, sid, {"kontra": True}) == "Under these rules game 1 cannot be scored: Kontra is missing."


# --- Free score pad: rules/free-pad.md "Worked examples" 1 and 3


def test_free_pad_lowest_wins_a_target_or_fewer_rounds(client):
    """rules/free-pad.md example 1's rounds (30, 20, 45), (50, 40, 30), (25, 45, 10), played without a
    target or rounds (the table ends it): 105, 105, 85, not over.
    - target 100 (the example): over after round 3, the two on 105 share the win.
    - lowest wins, 3 rounds: Carl's 85 wins.
    - target 80: after round 2 Anna has 30 + 50 = 80 (Ben 60, Carl 75): over, round 3 not counted."""
    rounds = [{"points": [30, 20, 45]}, {"points": [50, 40, 30]}, {"points": [25, 45, 10]}]
    sid = session_with(client, "free_pad", THREE, rounds)
    real = call(client, "GET", f"/api/v1/sessions/{sid}").json["standings"]
    assert real["totals"] == [105, 105, 85] and not real["over"]
    target = what_if(client, sid, {"target": 100}).json
    assert target["standings"]["over"] and target["standings"]["winners"] == [0, 1]
    lowest = what_if(client, sid, {"winner": "lowest", "rounds": 3}).json
    assert lowest["standings"]["totals"] == [105, 105, 85] and lowest["standings"]["winners"] == [2]
    early = what_if(client, sid, {"target": 80}).json
    assert early["standings"]["totals"] == [80, 60, 75] and early["uncounted_deals"] == 1
    assert early["standings"]["winners"] == [0]


def test_free_pad_of_teams_keeps_its_teams(client):
    """rules/free-pad.md example 3: two teams (Anna & Carl, Ben & Dora), 3 rounds (12, -4), (0, 7), (5, 5):
    17 and 8, the first team wins; lowest wins: the second; 2 rounds: 12 and 3. Each round has one number
    per team, so the pad cannot be scored player by player (nor players' numbers as teams')."""
    rounds = [{"points": [12, -4, None, None]}, {"points": [0, 7, None, None]}, {"points": [5, 5, None, None]}]
    sid = session_with(client, "free_pad", FOUR, rounds, options={"teams": 2, "rounds": 3})
    real = call(client, "GET", f"/api/v1/sessions/{sid}").json["standings"]
    assert real["totals"] == [17, 8, 17, 8] and real["winners"] == [0, 2]
    assert what_if(client, sid, {"winner": "lowest"}).json["standings"]["winners"] == [1, 3]
    two = what_if(client, sid, {"rounds": 2}).json
    assert two["standings"]["totals"] == [12, 3, 12, 3] and two["uncounted_deals"] == 1
    assert "teams" in refusal(client, sid, {"teams": 0})
    sid = session_with(client, "free_pad", FOUR, [{"points": [30, 20, 45, 10]}])
    assert "teams" in refusal(client, sid, {"teams": 2})


def test_a_schieber_session_says_the_factors_it_scores_by(client):
    """rules/schieber.md "Factors per trump kind": `none` is x1 for every kind, `pagat` Undenufe x4.
    An API client read `factors: none` beside swisslos's `factor_C: 2`; a what-if said the same."""
    kinds = ("H", "D", "S", "C", "obenabe", "undenufe")
    for preset, factors in (("none", [1] * 6), ("pagat", [1, 1, 2, 2, 3, 4]), ("swisslos", [1, 1, 2, 2, 3, 3])):
        sid = session_with(client, "schieber", FOUR, [], {"factors": preset})
        options = client.get(f"/api/v1/sessions/{sid}").json["options"]
        assert [options[f"factor_{kind}"] for kind in kinds] == factors, preset
    custom = session_with(client, "schieber", FOUR, [], {"factors": "custom", "factor_C": 5})
    assert client.get(f"/api/v1/sessions/{custom}").json["options"]["factor_C"] == 5
    sid = session_with(client, "schieber", FOUR, [SPADES])
    plain = what_if(client, sid, {"factors": "none"}).json
    assert [plain["options"][f"factor_{kind}"] for kind in kinds] == [1] * 6


def test_a_schieber_thanked_first_answer_counts_for_nothing_where_nobody_reaches_the_target(client):
    """rules/schieber.md "Start, presets and the end": who thanked first is asked only when both teams
    reach the target by card points in one deal. Target 700 (swisslos): A 346 + 3 x 80 + 3 x 40 = 706,
    B 148 + 3 x 77 + 3 x 117 = 730: both reach it in deal 3, and B thanked first. With `factors` none
    nobody reaches 700 (A 173 + 80 + 40 = 293, B 74 + 77 + 117 = 268): the answer is not asked, and
    counts for nothing (a tester was told to "leave it out", which the what-if page cannot do)."""
    obenabe = {"trump": "obenabe", "pushed": False, "points": [80, 77, None, None], "match": [False] * 4}
    both = {"trump": "undenufe", "pushed": False, "points": [40, 117, None, None], "match": [False] * 4,
            "thanked_first": 1}
    sid = session_with(client, "schieber", FOUR, [SPADES, obenabe, both], options={"target": 700})
    assert totals(client, sid) == [706, 730, 706, 730]
    plain = what_if(client, sid, {"factors": "none"})
    assert plain.status_code == 200, plain.json
    assert plain.json["standings"]["totals"] == [293, 268, 293, 268] and not plain.json["standings"]["over"]

"""Handjass: every worked example of shared/rules/handjass.md, the options, the checks, the session."""
from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError, RuleError, Table
from scorekeeper.games.handjass import PLAY_ON, PLAY_ON_NEWS
from scorekeeper.games.handjass_weis import (
    DECK,
    POSSIBLE,
    TOTAL,
    card_points,
    split_weis,
)

from .helpers import any_seat, counted_figures, french_suits, make_table, split_at, splits

GAME = get_game("handjass")
NAMES = ("A", "B", "C", "D")


def table(n=4, first_dealer=0, **options):
    return make_table(GAME, NAMES[:n], first_dealer, **options)


def deal(points=None, trump="C", playing=None, last=None, weis=None, stoeck=None, draw=(), n=4, **extra):
    """A played deal; `points` per seat (None for sitting out), last trick to the top count by default."""
    points = list(points) if points is not None else [None] * n
    playing = list(playing) if playing is not None else [s for s, p in enumerate(points) if p is not None]
    if last is None and len(playing) >= 2 and not extra.get("agreed"):
        last = max(playing, key=lambda s: points[s] or 0)
    return {"trump": trump, "playing": playing, "points": points, "last_trick": last,
            "weis": weis or [[] for _ in range(n)], "stoeck": stoeck or [False] * n, "draw": list(draw), **extra}


def result(d, n=4, **options):
    return GAME.replay(table(n, **options), [d]).results[0]


def score(d, n=4, **options):
    return result(d, n, **options).points


def refused(d, field, n=4, **options):
    with pytest.raises(DealError) as caught:
        GAME.replay(table(n, **options), [d])
    assert caught.value.field == field, str(caught.value)
    return str(caught.value)


# --- golden tests: the worked examples of the rules note ---------------------------------

def test_worked_example_1_top_two_plus_one_potato_minus_one():
    """Worked example 1: counts 60, 45, 30, 22: +1, +1, 0 (reached 26, not top two), -1."""
    assert score(deal([60, 45, 30, 22])) == (1, 1, 0, -1)


def test_worked_example_1_berner_clubs_times_two():
    """Worked example 1, Berner: clubs x2: +2, +2, 0, -2."""
    assert score(deal([60, 45, 30, 22], trump="C"), variant="berner") == (2, 2, 0, -2)


def test_worked_example_2_only_one_reaches_26():
    """Worked example 2: counts 90, 25, 22, 20: only one reaches 26: +2; three potatoes -1 each."""
    assert score(deal([90, 25, 22, 20])) == (2, -1, -1, -1)


def test_worked_example_2_with_potato_bonus_plus_five():
    """Worked example 2 with potato_bonus: +2 and +1 for each of the three potatoes = +5."""
    assert score(deal([90, 25, 22, 20]), potato_bonus=True) == (5, -1, -1, -1)


def test_worked_example_3_only_the_best_weis_counts_and_all_of_it():
    """Worked example 3: A shows a 4-card sequence (50), B four kings (100) and a separate 3-card
    sequence (20): only B's Weis counts, B adds 120."""
    weis = [["9H", "8H", "7H", "6H"], ["KC", "KS", "KH", "KD", "10S", "9S", "8S"], [], []]
    plain = result(deal([40, 30, 45, 42]))
    melded = result(deal([40, 30, 45, 42], weis=weis))
    assert plain.points == (0, 0, 1, 1)  # without Weis C 45 and D 42 are the top two
    assert melded.points == (0, 1, 1, 0)  # B: 30 + 120 = 150 is now top, D 42 falls behind C 45
    text = " ".join(str(line) for line in melded.breakdown)
    assert "B: 30 card points + Weis 120 + Stöck 0 = 150." in text
    assert "A: 40 card points." in text
    assert "only B's Weis count" in text


# --- card points and Weis -------------------------------------------------------------------

def test_card_point_table_trump_62_plain_30_total_157():
    """'Card points': trump J 20, 9 14, A 11, K 4, Q 3, 10 10; plain J 2; 62 + 3 x 30 + 5 = 157."""
    assert sum(card_points(c, "H") for c in DECK if c.endswith("H")) == 62
    assert all(sum(card_points(c, "H") for c in DECK if c.endswith(s)) == 30 for s in "CSD")
    assert TOTAL == 157
    assert 1 not in POSSIBLE and 151 not in POSSIBLE and {0, 2, 5, 150, 152} <= POSSIBLE


def melds(*cards, schedule="handjass", trump="C"):
    return split_weis(list(cards), schedule, trump)


def strongest(cards, schedule="handjass", trump="C"):
    return melds(*cards, schedule=schedule, trump=trump)[0].strength(schedule, trump)


RUN9 = ["AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "6D"]


@pytest.mark.parametrize("stronger, weaker", [
    (["JC", "JS", "JH", "JD"], RUN9),                                        # four jacks on top
    (RUN9, ["AS", "KS", "QS", "JS", "10S", "9S"]),                           # longer sequence wins
    (["KS", "QS", "JS", "10S", "9S"], ["AC", "AS", "AH", "AD"]),             # 5-seq beats four aces
    (["AC", "AS", "AH", "AD"], ["KC", "KS", "KH", "KD"]),                    # A > K > Q > 10
    (["QC", "QS", "QH", "QD"], ["10C", "10S", "10H", "10D"]),
    (["10C", "10S", "10H", "10D"], ["AS", "KS", "QS", "JS"]),                 # fours beat a 4-seq
    (["9S", "8S", "7S", "6S"], ["AS", "KS", "QS"]),                           # 4-seq beats 3-seq
    (["AH", "KH", "QH"], ["KS", "QS", "JS"]),                                 # higher top card
    (["AC", "KC", "QC"], ["AH", "KH", "QH"]),                                 # trump (clubs) suit
])
def test_weis_ranking_handjass_schedule(stronger, weaker):
    """'Weis' table (handjass) and 'Comparing Weis': class, more cards, higher top card, trump suit."""
    assert strongest(stronger) > strongest(weaker)


def test_weis_values_handjass_and_swiss():
    """O1: every sequence of 5+ is 100 in Handjass; Swiss 100/150/.../300 and four 9s 150."""
    assert melds(*RUN9)[0].points("handjass") == 100
    assert melds(*RUN9, schedule="swiss")[0].points("swiss") == 300
    assert melds("9C", "9S", "9H", "9D") is None
    assert melds("9C", "9S", "9H", "9D", schedule="swiss")[0].points("swiss") == 150
    # swiss ranks by points first: a 9-sequence (300) beats four jacks (200)
    assert strongest(RUN9, "swiss") > strongest(["JC", "JS", "JH", "JD"], "swiss")


def test_a_card_is_not_in_two_weis():
    """'A card cannot be in two Weis': four aces plus ♣K ♣Q is not also A-K-Q."""
    assert melds("AC", "AS", "AH", "AD", "KC", "QC") is None
    reading = melds("AC", "AS", "AH", "AD", "KC", "QC", "JC")
    assert [m.cards for m in reading] == [("AC", "AS", "AH", "AD"), ("KC", "QC", "JC")]


def test_weis_tie_goes_to_the_player_nearer_the_dealers_right():
    """'Comparing Weis': all else equal, the player nearer the dealer's right (first in turn) wins.
    Dealer A (seat 0): D (seat 3) sits at A's right and beats B."""
    weis = [[], ["AH", "KH", "QH"], [], ["AS", "KS", "QS"]]
    text = " ".join(str(x) for x in result(deal([40, 40, 40, 37], weis=weis, draw=[0])).breakdown)
    assert "D's 3-card sequence ♠A-♠Q beats B's" in text and "nearer the dealer's right" in text


def test_weis_of_equal_class_more_cards_wins():
    weis = [["AH", "KH", "QH", "JH", "10H"], ["9S", "8S", "7S", "6S", "10S", "JS"], [], []]
    text = " ".join(str(x) for x in result(deal([40, 40, 40, 37], weis=weis, draw=[0])).breakdown)
    assert "B's 6-card sequence" in text and "(more cards)" in text


@pytest.mark.parametrize("weis, field", [
    ([["9C", "9S", "9H", "9D"], [], [], []], "weis-0"),                        # four 9s: nothing in Handjass
    ([["AC", "KC"], [], [], []], "weis-0"),                                    # two cards are no Weis
    ([["AC", "KC", "JC"], [], [], []], "weis-0"),                              # not in a row
    ([["AC", "AS", "AH", "AD", "KC", "QC"], [], [], []], "weis-0"),            # a card used twice
    ([["AC", "KC", "QC"], ["QC", "JC", "10C"], [], []], "weis-1"),             # one card, two players
    ([RUN9 + ["AS", "KS", "QS"], [], [], []], "weis-0"),                       # 12 cards in a 9-card hand
])
def test_impossible_weis_is_refused(weis, field):
    """'Weis': a Weis that cannot exist in a 36-card deck (or hand) is refused."""
    assert refused(deal([40, 40, 40, 37], weis=weis, draw=[0]), field)


def test_twelve_card_hands_allow_a_bigger_weis():
    """Variation twelve_cards: 12-card hands for three players, so 12 Weis cards fit."""
    weis = [RUN9 + ["AS", "KS", "QS"], [], []]
    assert score(deal([60, 50, 47], weis=weis, n=3), n=3, twelve_cards=True) == (1, 1, 0)


def test_swiss_schedule_accepts_four_nines():
    weis = [[], ["9C", "9S", "9H", "9D"], [], []]
    assert score(deal([60, 20, 40, 37], weis=weis), weis_values="swiss") == (1, 1, 0, 0)


def test_stoeck_adds_20_outside_the_weis_competition():
    """'Stöck': trump K and Q = 20, counted even though another player has the best Weis."""
    weis = [["AH", "KH", "QH"], [], [], []]
    stoeck = [False, True, False, False]
    r = result(deal([100, 10, 25, 22], weis=weis, stoeck=stoeck))
    assert r.points == (1, 1, -1, -1)  # B: 10 + 20 = 30 reaches 26
    assert "B: 10 card points + Weis 0 + Stöck 20 = 30." in [str(x) for x in r.breakdown]


def test_stoeck_checks():
    """Only one hand holds the trump K and Q, and not if another player's Weis shows one of them."""
    two = [True, True, False, False]
    assert refused(deal([40, 40, 40, 37], stoeck=two, draw=[0]), "stoeck-1")
    weis = [["KC", "QC", "JC"], [], [], []]
    assert "♣K is in A's Weis" in refused(deal([40, 40, 40, 37], weis=weis, stoeck=[False, True, False, False],
                                               draw=[0]), "stoeck-1")


# --- participation and the strokes ----------------------------------------------------------

def test_lone_participant_scores_two_without_play():
    """'If only one plays: that player +2 at once, no play.'"""
    assert score(deal(playing=[2])) == (0, 0, 2, 0)
    assert refused(deal([None, None, 50, None], playing=[2], last=None), "points-2")


def test_seed_two_players_agree_plus_one_each_without_play():
    """Seed: 「2人だけゲームに参加し、お互い推定上26点以上とれそうな場合は、2人のプレイヤーはともに+1点を
    獲得します。」 (if only two take part and both can presumably reach 26, both get +1). This holds with two
    players left as well: the agreement is offered and scores +1 each without play."""
    assert score(deal(playing=[1, 3], agreed=True)) == (0, 1, 0, 1)
    assert refused(deal(playing=[0, 1, 3], agreed=True), "agreed")
    fields = {spec.name for spec in GAME.deal_fields(table(2), GAME.start(table(2)))}
    assert "agreed" in fields
    assert score(deal(playing=[0, 1], n=2, agreed=True), n=2) == (1, 1)
    assert refused(deal(playing=[1], n=2, agreed=True), "agreed", n=2)


def test_non_players_score_nothing_and_cannot_have_points_or_weis():
    """'Non-players score nothing and lose nothing.'"""
    assert score(deal([80, None, 50, None])) == (1, 0, 1, 0)
    assert refused(deal([80, 10, 50, None], playing=[0, 2]), "points-1")
    assert refused(deal([80, None, 50, None], weis=[[], ["AH", "KH", "QH"], [], []]), "weis-1")
    assert refused(deal([80, None, 50, None], stoeck=[False, False, False, True]), "stoeck-3")


def test_threshold_26_and_option_21():
    """'Count below the threshold (26; option 21): -1.' 26 itself is safe."""
    assert score(deal([26, 25, 56, 50])) == (0, -1, 1, 1)
    assert score(deal([21, 20, 66, 50]), threshold=21) == (0, -1, 1, 1)
    assert score(deal([21, 20, 66, 50])) == (-1, -1, 1, 1)


def test_two_play_one_reaches_threshold_scores_two():
    """'Only one participant reaches the threshold: that player +2' (two played, four at the table)."""
    assert score(deal([100, 20, None, None])) == (2, -1, 0, 0)


def test_everyone_below_threshold_all_potatoes():
    assert score(deal([25, 20, None, None])) == (-1, -1, 0, 0)


def test_three_tied_for_first_needs_the_card_draw():
    """'Three or more tied for first: the tied players draw a card'; the app asks who won the draw."""
    d = deal([50, 50, 50, 7])
    assert "tick the 2 who won the card draw" in refused(d, "draw")
    assert score({**d, "draw": [0, 2]}) == (1, 0, 1, -1)
    assert refused({**d, "draw": [0, 3]}, "draw")


def test_two_tied_for_second_needs_the_card_draw():
    """'Two or more tied for second': one of them takes the second +1."""
    d = deal([60, 40, 40, 17])
    refused(d, "draw")
    assert score({**d, "draw": [2]}) == (1, 0, 1, -1)


def test_two_tied_for_first_both_score_without_draw():
    assert score(deal([60, 60, 20, 17])) == (1, 1, -1, -1)
    assert refused(deal([60, 60, 20, 17], draw=[0]), "draw")


def test_potato_bonus_with_a_tie_for_the_top_asks_the_draw():
    """Option potato_bonus: the top scorer +1 per potato; a tie for the top is drawn for."""
    d = deal([60, 60, 20, 17])
    refused(d, "bonus_draw", potato_bonus=True)
    assert score({**d, "bonus_draw": 1}, potato_bonus=True) == (1, 3, -1, -1)


def test_a_three_way_tie_for_the_top_asks_both_draws_in_one_refusal():
    """handjass.md: ties for a stroke are settled by a card draw, and with potato_bonus a tie for the top
    is drawn for too. 50/50/50/7 needs both: one refusal names the stroke draw and the bonus draw."""
    d = deal([50, 50, 50, 7], n=4)
    with pytest.raises(DealError) as caught:
        GAME.replay(table(potato_bonus=True), [d])
    assert [e.field for e in caught.value.error.errors] == ["draw", "bonus_draw"]
    assert score({**d, "draw": [1, 2], "bonus_draw": 1}, potato_bonus=True) == (0, 2, 1, -1)


def test_seed_three_players_otherwise_as_with_four_the_top_two_score():
    """Seed, three players: 「それ以外は4人プレイと同じです。」 (otherwise the same as with four): the two highest
    at or above 26 +1 each, as 「26点以上獲得したプレイヤーで最も高い得点を取ったプレイヤー、次に高い得点を
    取ったプレイヤー2人は+1点を獲得します。」 Option three_player_two_winners off: only the top count."""
    assert score(deal([60, 40, 30], n=3), n=3) == (1, 1, 0)
    assert score(deal([60, 40, 20], n=3), n=3) == (1, 1, -1)
    assert score(deal([60, 40, 30], n=3), n=3, three_player_two_winners=False) == (1, 0, 0)
    d = deal([50, 40, 40], n=3)
    assert "tick the player who won the card draw" in refused(d, "draw", n=3)
    assert score({**d, "draw": [2]}, n=3) == (1, 0, 1)


def test_the_breakdown_says_when_fewer_than_four_score_as_four_do():
    """Seed: 「それ以外は4人プレイと同じです。」 for three and for two players; rules/handjass.md reads
    otherwise by default, and testers who read it disputed the board: the breakdown says which rule
    scored, and says nothing where the options make it score as the note does."""
    said = "Three players score as four do, as the original rules say (option)."
    def texts(lines):
        return [str(line) for line in lines]

    assert said in texts(result(deal([60, 40, 30], n=3), 3).breakdown)
    assert said not in texts(result(deal([60, 40, 30], n=3), 3, three_player_two_winners=False).breakdown)
    two = "Two players score as four do, as the original rules say (option)."
    assert two in texts(result(deal([60, 20], n=2), 2).breakdown)
    assert two not in texts(result(deal([60, 20], n=2), 2, two_player_rule="higher").breakdown)


def test_three_players_all_below_all_minus_one_and_lone_qualifier_two():
    """'If all three are below the threshold, all three -1'; otherwise as four players: a lone +2."""
    assert score(deal([25, 25, 25], n=3), n=3) == (-1, -1, -1)
    assert score(deal([60, 20, 20], n=3), n=3) == (2, -1, -1)


def test_seed_two_players_otherwise_as_with_four():
    """Seed, two players: 「それ以外は4人プレイと同じです。」 (otherwise the same as with four) and
    「もし2人とも26点未満の場合は、2人とも-1点になります。」 (both below 26: both -1). So one at or above 26
    while the other is a potato +2 (「1人除いて全員が26点未満の場合は、26点以上取ったプレイヤーは+2点」),
    both at or above 26 +1 each."""
    assert score(deal([25, 25], n=2), n=2) == (-1, -1)
    assert score(deal([60, 20], n=2), n=2) == (2, -1)
    assert score(deal([60, 40], n=2), n=2) == (1, 1)
    assert score(deal([50, 50], n=2), n=2) == (1, 1)
    assert refused(deal([50, 50], n=2, draw=[1]), "draw", n=2)


def test_two_players_option_only_the_higher_count_scores():
    """Option two_player_rule=higher (Swiss practice, O2): the higher +1 (or 2), no +2 for a lone qualifier.
    Sessions frozen before the audit (no two_player_rule) keep this reading."""
    assert score(deal([60, 20], n=2), n=2, two_player_rule="higher") == (1, -1)
    assert score(deal([60, 40], n=2), n=2, two_player_rule="higher", two_player_winner_strokes=2) == (2, 0)
    assert score(deal([50, 50], n=2, draw=[1]), n=2, two_player_rule="higher") == (0, 1)
    old = dict(table(2).options)
    del old["two_player_rule"]
    assert GAME.replay(Table(NAMES[:2], old), [deal([60, 40], n=2)]).results[0].points == (1, 0)


def test_trump_is_not_asked_when_the_deal_is_not_played_out():
    """Issue 9 item 7: trump matters only for a deal played out (Weis, Stöck) and for Berner's multiplier.
    Hidden when the two agree (show_if) or when fewer than two play (show_if_count: one player alone
    takes +2 without play), required otherwise; always asked under Berner."""
    from scorekeeper.games.entry import is_shown

    t = table()
    trump = next(spec for spec in GAME.deal_fields(t, GAME.start(t)) if spec.name == "trump")
    assert trump.show_if == ("agreed", (False,)) and trump.show_if_count == ("playing", 2) and not trump.required
    assert not is_shown(trump, {"playing": [2], "agreed": False})
    assert is_shown(trump, {"playing": [1, 2], "agreed": False})
    berner = table(variant="berner")
    trump = next(spec for spec in GAME.deal_fields(berner, GAME.start(berner)) if spec.name == "trump")
    assert trump.show_if is None and trump.show_if_count is None
    assert "deal again" in refused(deal(playing=[], trump=None), "playing")  # nobody plays: not a trump question
    assert score(deal(playing=[2], trump=None)) == (0, 0, 2, 0)
    assert score(deal(playing=[2], trump="H")) == (0, 0, 2, 0)  # a trump sent anyway is not read
    assert score(deal(playing=[1, 3], agreed=True, trump=None)) == (0, 1, 0, 1)
    assert "Choose trump" in refused(deal([60, 45, 30, 22], trump=None), "trump")
    assert "Berner" in refused(deal(playing=[2], trump=None), "trump", variant="berner")
    assert score(deal(playing=[2], trump="H"), variant="berner") == (0, 0, 8, 0)


def test_berner_asks_trump_for_every_deal_also_without_play():
    """rules/handjass.md, Berner Handjass, decided 2026-11-26: the trump is turned up at the deal, so Berner asks
    it for every deal, also when one plays alone (+2 x trump) or two agree on +1 each (x trump); plain Handjass
    need not ask it when nobody plays the deal out."""
    from scorekeeper.games.entry import is_shown

    berner = table(variant="berner")
    trump = next(spec for spec in GAME.deal_fields(berner, GAME.start(berner)) if spec.name == "trump")
    for alone_or_agreed in ({"playing": [2], "agreed": False}, {"playing": [1, 3], "agreed": True}):
        assert is_shown(trump, alone_or_agreed)
    assert score(deal(playing=[2], trump="H"), variant="berner") == (0, 0, 8, 0)  # +2 x hearts 4
    assert score(deal(playing=[1, 3], agreed=True, trump="D"), variant="berner") == (0, 3, 0, 3)  # +1 x diamonds 3
    assert score(deal(playing=[1, 3], agreed=True, trump="C"), variant="berner", berner_clubs=5) == (0, 5, 0, 5)
    assert "Berner" in refused(deal(playing=[1, 3], agreed=True, trump=None), "trump", variant="berner")
    lines = [str(line) for line in result(deal(playing=[1, 3], agreed=True, trump="S"), variant="berner").breakdown]
    assert "Berner Handjass, ♠ spades trump: every stroke x1." in lines
    plain = table()
    trump = next(spec for spec in GAME.deal_fields(plain, GAME.start(plain)) if spec.name == "trump")
    assert not is_shown(trump, {"playing": [1, 3], "agreed": True}) and not is_shown(trump, {"playing": [2]})


def test_stored_berner_deals_without_play_replay_to_the_same_totals():
    """rules/handjass.md, decided 2026-11-26: deals stored before the decision (trump sent with every deal, as
    the form asked it then) replay as they were scored: one alone +2 x trump, two agreed +1 each x trump."""
    stored = [deal(playing=[0], trump="C"), deal(playing=[1, 2], agreed=True, trump="H"),
              deal([60, 45, 30, 22], trump="S")]
    standing = GAME.replay(table(variant="berner", target=99), stored)
    assert standing.running == ((4, 0, 0, 0), (4, 4, 4, 0), (5, 5, 4, -1))


def test_a_player_who_sits_out_is_not_asked_for_points_weis_or_stoeck():
    """'Non-players score nothing and lose nothing': their boxes are not asked (seats_from "playing"); sent anyway
    they must be empty, and an API client's 0 or false for them is accepted as before."""
    from scorekeeper.games.entry import is_shown

    fields = {spec.name: spec for spec in GAME.deal_fields(table(), GAME.start(table()))}
    for name in ("points", "weis", "stoeck"):
        assert fields[name].seats_from == "playing"
        assert is_shown(fields[name], {"playing": [0, 2]}, 0) and not is_shown(fields[name], {"playing": [0, 2]}, 1)
    assert score(deal([80, 0, 50, None], playing=[0, 2]) | {"stoeck": [False] * 4}) == (1, 0, 1, 0)
    assert refused(deal([80, 10, 50, None], playing=[0, 2]), "points-1").startswith(
        "Card points (last trick's 5 included) (points-1) contradicts")


def test_going_out_is_said_by_name_in_the_breakdown_and_the_save_line():
    """rules/handjass.md 'End': a player whose net score reaches the target leaves as a winner; the deal says who."""
    t = table(target=2)
    first = GAME.replay(t, [deal([60, 45, 30, 22])]).results[0]
    assert first.news == ()
    second = GAME.replay(t, [deal([60, 45, 30, 22])] * 2).results[1]
    assert [str(text) for text in second.news] == ["A is out", "B is out"]
    assert "B has 2 strokes (out at 2): out, safe." in [str(line) for line in second.breakdown]
    alone = GAME.replay(t, [deal(playing=[2])])
    assert [str(text) for text in alone.results[0].news] == ["C is out"]
    assert "C has 2 strokes (out at 2): out, safe." in [str(note) for note in alone.notes]  # until the next deal
    later = GAME.replay(t, [deal(playing=[2]), deal(playing=[1, 3], agreed=True)])
    assert not later.over and not any("C has" in str(note) for note in later.notes)


def test_last_trick_is_optional():
    """Issue 9 item 7: who took the last trick need not be entered; a count is then checked as possible
    with or without the last trick's 5 (152 + 5 = 157 is the most)."""
    assert score(deal([60, 45, 30, 22], last=None, playing=[0, 1, 2, 3]) | {"last_trick": None}) == (1, 1, 0, -1)
    assert refused(deal([60, 45, 51, 1]) | {"last_trick": None}, "points-3")
    assert score(deal([157, 0, None, None]) | {"last_trick": None}) == (2, -1, 0, 0)


def test_two_players_dealer_cannot_play_alone():
    """'If the non-dealer plays or passes, the dealer does the same.' Dealer A (seat 0)."""
    assert refused(deal(playing=[0], n=2), "playing", n=2)
    assert score(deal(playing=[1], n=2), n=2) == (0, 2)


def test_berner_multiplier_table_is_editable():
    """O3: the red-suit multipliers are unverified; the session can swap them."""
    d = deal([60, 45, 30, 22], trump="H")
    assert score(d, variant="berner") == (4, 4, 0, -4)
    assert score(d, variant="berner", berner_hearts=3, berner_diamonds=4) == (3, 3, 0, -3)
    assert score(deal(playing=[1], trump="D"), variant="berner") == (0, 6, 0, 0)


# --- the card-point checks ----------------------------------------------------------------

def test_all_four_playing_card_points_sum_to_157():
    """'Invariants': with all four playing the counts add up to exactly 157 (the deal's field total, which
    the form fills in; while one sits out it is not a total, rules/handjass.md)."""
    assert "add up to 156" in refused(deal([60, 45, 30, 21]), "points")
    points = next(spec for spec in GAME.deal_fields(table(), GAME.start(table())) if spec.name == "points")
    assert points.total == TOTAL
    assert score(deal([60, 45, 30, None])) == (1, 1, 0, 0)  # three play: 135 is no sum to fill
    out = GAME.replay(table(target=1), [deal([60, 45, 30, 22])]).state
    three = next(spec for spec in GAME.deal_fields(table(target=1), out) if spec.name == "points")
    assert three.total is None  # two left the game: 18 cards are not dealt


def test_fewer_players_card_points_at_most_157():
    assert score(deal([60, 45, 30], n=3), n=3) == (1, 1, 0)
    assert refused(deal([60, 45, 60], n=3), "points", n=3)
    assert refused(deal([60, 45, 30], n=3), "points", n=3, twelve_cards=True)


def test_impossible_single_counts_and_last_trick():
    """The last-trick 5 is in the taker's count; 1 card point cannot be taken."""
    assert refused(deal([60, 45, 51, 1]), "points-3")
    assert refused(deal([4, 45, 51, 57], last=0), "points-0")
    assert refused(deal([80, None, 50, None], last=1), "last_trick")
    assert refused(deal([80, None, 50, None], playing=[0, 2, 3]), "points-3")


def test_bessern_and_twelve_cards_exclude_each_other():
    with pytest.raises(RuleError):
        GAME.replay(table(3, bessern=True, twelve_cards=True), [])


# --- the session ----------------------------------------------------------------------------

def test_dealer_rotates_counter_clockwise():
    """'Deal and play go counter-clockwise': seat 0 deals, then 3, 2, 1."""
    standing = GAME.replay(table(), [deal([60, 45, 30, 22])] * 3)
    assert standing.dealers == (0, 3, 2) and standing.dealer == 1


def test_players_at_the_target_leave_and_the_last_one_loses():
    """'End': reaching 7 leaves as a winner; the game goes on until one remains, the loser."""
    t = table(target=2)
    deals = [deal([60, 45, 30, 22])]  # A 1, B 1, D -1
    standing = GAME.replay(t, deals + [deal([60, 45, 30, 22])])  # A and B reach 2 in the same deal
    assert standing.active == (False, False, True, True) and not standing.over
    assert standing.dealer == 3 - 1  # dealt by 0 then 3; next to the right is 2
    fields = {spec.name: spec for spec in GAME.deal_fields(t, standing.state)}
    assert fields["points"].seats == (2, 3)
    assert "out, safe after deal 2" in str(standing.seat_notes[0])
    assert str(standing.seat_notes[3]) == "-2 strokes, 2 potatoes"
    # two left: C beats D twice
    two = [deal([None, None, 60, 40], n=4), deal([None, None, 60, 40], n=4)]
    final = GAME.replay(t, deals + [deal([60, 45, 30, 22])] + two)
    assert final.over and final.losers == (3,) and final.winners == (0, 1, 2)
    with pytest.raises(DealError, match="over"):
        GAME.replay(t, deals + [deal([60, 45, 30, 22])] + two + [two[0]])


def test_the_last_two_reaching_the_target_together_play_on_until_one_is_ahead():
    """Seed: 「1人だけ残るまでゲームを続けます。」 (play until only one remains). Two left at 6 both take +1: neither
    goes out on equal strokes; the next deal decides. Under Berner the higher total goes out, the other loses."""
    t = table(2)
    six = [deal([60, 40], n=2)] * 6  # +1 each per deal
    standing = GAME.replay(t, six + [deal(playing=[0, 1], n=2, agreed=True)])
    assert standing.totals == (7, 7) and not standing.over and standing.active == (True, True)
    assert any("play on until one is ahead" in str(note) for note in standing.notes)
    said = standing.results[-1]  # where the table looks: the save's line and the deal's breakdown
    assert said.news == (PLAY_ON_NEWS,) and str(PLAY_ON) in map(str, said.breakdown)
    final = GAME.replay(t, six + [deal(playing=[0, 1], n=2, agreed=True), deal([100, 20], n=2)])
    assert final.over and final.losers == (1,) and final.winners == (0,)
    berner = table(2, variant="berner")
    first = GAME.replay(berner, [deal([60, 20], n=2, trump="D"), deal([60, 40], n=2, trump="H")])
    assert first.totals == (10, 1) and first.over and first.losers == (1,)
    both = GAME.replay(berner, [deal([60, 40], n=2, trump="S")] * 3 + [deal([60, 20], n=2, trump="S"),
                                deal([60, 40], n=2, trump="S"), deal([60, 40], n=2, trump="H")])
    assert both.totals == (10, 7) and both.over and both.losers == (1,)  # both reached 7: the higher goes out
    tied = GAME.replay(berner, [deal([60, 40], n=2, trump="C")] * 3 + [deal([60, 40], n=2, trump="S")])
    assert tied.totals == (7, 7) and not tied.over


def test_a_player_out_of_the_game_cannot_be_entered():
    t = table(target=1)
    first = deal([60, 45, 30, 22])  # A and B go out at once
    with pytest.raises(DealError, match="A is out of the game") as caught:
        GAME.replay(t, [first, deal([60, None, 30, 22], playing=[2, 3])])
    assert caught.value.field == "points-0"
    with pytest.raises(DealError) as caught:
        GAME.replay(t, [first, deal([None, None, 60, 40], playing=[0, 2, 3])])
    assert caught.value.field == "playing"


def test_notes_say_who_deals_and_berner_table():
    t = table(variant="berner")
    notes = [str(n) for n in GAME.replay(t, []).notes]
    assert notes[0].startswith("A deals; D, on the dealer's right")
    assert "x4 hearts, x3 diamonds, x2 clubs, x1 spades" in notes[-1]


# --- invariants -----------------------------------------------------------------------------

def draw_for(points, playing, slots, threshold=26):
    """Who must be ticked as draw winners: the first tied players at the cut (test-side reading)."""
    q = sorted((s for s in playing if points[s] >= threshold), key=lambda s: (-points[s], s))
    if len(q) <= max(slots, 1) or points[q[slots]] != points[q[slots - 1]]:
        return []
    cut = points[q[slots - 1]]
    above = [s for s in q if points[s] > cut]
    return [s for s in q if points[s] == cut][: slots - len(above)]


@st.composite
def full_deals(draw, n=4):
    """All n play, card points of the deck (152) split, the last trick's 5 to one of them."""
    split = draw(splits(152, n))
    assume(all(p in POSSIBLE for p in split))
    last = draw(any_seat(n))
    points = [p + 5 * (s == last) for s, p in enumerate(split)]
    slots = 2
    return deal(points, trump=draw(french_suits), last=last, n=n,
                draw=draw_for(points, range(n), slots) if sum(p >= 26 for p in points) != 1 or n == 2 else [])


@given(full_deals())
def test_potatoes_exactly_below_threshold_and_at_most_two_strokes_up(d):
    points = score(d)
    assert [p < 0 for p in points] == [c < 26 for c in d["points"]]
    gained = [s for s in range(4) if points[s] > 0]
    assert sum(points[s] for s in gained) == (2 if any(c >= 26 for c in d["points"]) else 0)
    losers_up = [s for s in range(4) if points[s] == 0]
    assert all(d["points"][g] >= d["points"][o] for g in gained for o in losers_up)


@given(full_deals(), st.integers(0, 3))
def test_rotating_seats_and_dealer_rotates_results(d, shift):
    def rot(values):
        return list(values[shift:]) + list(values[:shift])
    turned = {**d, "points": rot(d["points"]), "last_trick": (d["last_trick"] - shift) % 4,
              "playing": [0, 1, 2, 3], "draw": sorted((s - shift) % 4 for s in d["draw"])}
    here = GAME.replay(table(), [d]).results[0].points
    there = GAME.replay(table(first_dealer=(0 - shift) % 4), [turned]).results[0].points
    assert list(there) == rot(here)


@given(full_deals())
def test_berner_is_the_standard_result_times_the_trump_factor(d):
    factor = {"H": 4, "D": 3, "C": 2, "S": 1}[d["trump"]]
    assert score(d, variant="berner") == tuple(factor * p for p in score(d))


def test_a_game_ended_early_is_lost_by_the_lowest_of_those_still_in():
    """'End' (the last one left loses), ended by the table before that (the totals so far decide, as the
    board says): a tester's game ended after two deals named all four players losers. A and B went out;
    of C and D, still in, D is lowest and loses; equal lowest, each of them."""
    t = table(target=2)
    standing = GAME.replay(t, [deal([60, 45, 30, 22]), deal([60, 45, 30, 22])])  # A 2, B 2 (out), C 0, D -2
    assert not standing.over
    assert GAME.losers(t, standing.state) == (3,) and GAME.winners(t, standing.state) == (0, 1, 2)
    one = GAME.replay(table(), [deal([60, 45, 30, 22]), deal([60, 45, 22, 30])])  # 2, 2, -1, -1: nobody out
    assert GAME.losers(table(), one.state) == (2, 3) and GAME.winners(table(), one.state) == (0, 1)


@settings(max_examples=40)
@given(st.lists(st.tuples(st.integers(0, 152), st.integers(0, 152), st.integers(0, 152)), max_size=40))
def test_session_totals_out_players_and_one_loser(cut_lists):
    """Totals are the sum of deals; players leave at the target; the game ends with exactly one loser."""
    t, deals, state = table(target=3), [], GAME.start(table(target=3))
    for cuts in cut_lists:
        if GAME.is_over(t, state):
            break
        active = [s for s in range(4) if state.active[s]]
        split = split_at(cuts[: len(active) - 1], 152)
        if any(p not in POSSIBLE for p in split):
            continue
        points = [None] * 4
        for seat, p in zip(active, split):
            points[seat] = p
        points[active[0]] += 5
        slots = 2
        lone = sum(points[s] >= 26 for s in active) == 1 and len(active) > 2
        d = deal(points, last=active[0], draw=[] if lone else draw_for(points, active, slots))
        deals.append(d)
        _, state = GAME.play(t, state, d)
    standing = GAME.replay(t, deals)
    assert standing.totals == tuple(sum(r.points[s] for r in standing.results) for s in range(4))
    assert all(total >= 3 for total, on in zip(standing.totals, standing.active) if not on)
    if standing.over:
        assert len(standing.losers) == 1 and sum(standing.active) == 1
        assert set(standing.winners) == set(range(4)) - set(standing.losers)


def test_statistics_count_deals_played_weis_stoeck_strokes_and_potatoes():
    """rules/handjass.md, Weis and Stöck, Scoring a deal (worked examples 1 and 3): only the best Weis
    counts, all of it (B's four kings 100 + sequence of 3 20 beat A's sequence of 4); Stöck 20; +1
    bars and -1 potatoes. Hand-counted: deal 1 all play (B, A +1, D a potato); deal 2 A and B (B with
    Stöck), +1 each; deal 3 C alone +2; deal 4 all play, C's and D's equal Weis are settled by the
    dealer's seat (D, nearer the dealer's right, 22 + 20), which the deal does not store: no Weis
    counted; B and D +1, A and C potatoes."""
    kings_and_three = ["KC", "KS", "KH", "KD", "10S", "9S", "8S"]
    deals = [deal([60, 45, 30, 22], weis=[["9H", "8H", "7H", "6H"], kings_and_three, [], []]),
             deal([90, 40, None, None], trump="H", stoeck=[False, True, False, False]),
             deal(playing=[2]),
             deal([20, 90, 25, 22], weis=[[], [], ["AS", "KS", "QS"], ["AD", "KD", "QD"]])]
    assert GAME.replay(table(), deals).totals == (1, 3, 1, 0)
    assert counted_figures(GAME, table(), deals) == {
        "deals_played": [3, 3, 3, 2], "weis_points": [0, 120, 0, 0], "best_weis": [0, 1, 0, 0],
        "stoeck": [0, 1, 0, 0], "strokes": [2, 3, 2, 1], "potatoes": [1, 0, 1, 1]}


def test_a_wrong_sum_and_a_missing_trump_are_named_at_once():
    """A screen-reader tester (Berner Handjass): card points adding up to 150 were refused, and only the
    next save said that the trump was not chosen. rules/handjass.md: 157 card points in play; Berner
    asks the trump every deal (decided 2026-11-26). Both come in one refusal, each at its field."""
    t = table(variant="berner")
    with pytest.raises(RuleError) as caught:
        GAME.parse(t, GAME.start(t), deal([60, 45, 30, 15], trump=None))
    assert [e.field for e in caught.value.errors] == ["points", "trump"]


def test_one_count_left_empty_is_the_rest_of_157_and_two_are_each_asked_for():
    """rules/handjass.md "Invariants": with all four playing the counts add up to 157, and the tablet fills
    the last one in; without JavaScript (or through the API) Dora's empty box was refused, "Dora 0" named
    in the sum. Worked example 1 with Dora's 22 left empty: +1, +1, 0, -1. Two boxes empty: each asked for,
    and no sum of zeros said."""
    t = table()
    everyone = [0, 1, 2, 3]
    standing = GAME.replay(t, [deal([60, 45, 30, None], playing=everyone)])
    assert standing.results[0].points == (1, 1, 0, -1)
    with pytest.raises(RuleError) as caught:
        GAME.parse(t, GAME.start(t), deal([60, None, 30, None], playing=everyone))
    assert [(e.field, str(e.text)) for e in caught.value.errors] == [
        ("points-1", f"Enter {t.name(1)}'s card points."), ("points-3", f"Enter {t.name(3)}'s card points.")]

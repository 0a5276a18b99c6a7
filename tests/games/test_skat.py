"""Skat list: the worked examples of shared/rules/skat.md (after the International Skat Order), the
options, the Seeger-Fabian tally and its invariants."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError, RuleError
from scorekeeper.games.cards import SKAT_POSSIBLE
from scorekeeper.games.skat import BIDS, PLAYED, SKAT_ONLY, SUITS, TRUMP_GAMES

from .helpers import any_seat, counted_figures, make_table, player_names

GAME = get_game("skat")
NAMES = ("A", "B", "C")
NOTE = "rules/skat.md, decided 2026-11-26"


def table(names=NAMES, **options):
    return make_table(GAME, names, **options)


def trump(game, declarer, points, jacks=(), bid=18, hand=False, ouvert=False, announced="none", tricks="some",
          run=0, **more):
    return {"game": game, "declarer": declarer, "hand": hand, "ouvert": ouvert, "announced": announced,
            "jacks": list(jacks), "run": run, "points": points, "tricks": tricks, "bid": bid, **more}


def null(declarer, won, bid=23, hand=False, ouvert=False, **more):
    return {"game": "null", "declarer": declarer, "hand": hand, "ouvert": ouvert, "bid": bid,
            "result": "won" if won else "lost", **more}


def standing(deals, names=NAMES, **options):
    return GAME.replay(table(names, **options), deals)


def columns(deal, names=NAMES, **options):
    """(plain list, Seeger-Fabian) of one deal."""
    state = standing([deal], names, **options).state
    return state.plain, state.seeger_fabian


# --- the worked examples -----------------------------------------------------

def test_example_1_overbid_clubs_hand_lost_at_the_next_multiple_of_12():
    """rules/skat.md worked example 1 (pagat; ISkO 5.4.2): bid 46, the club J in the skat: with 1, game 2,
    hand 3 x 12 = 36 < 46; 74 card points do not help: lost at 48, -96; Seeger-Fabian -146, +40 each."""
    deal = trump("clubs", 1, 74, jacks=("JC", "JH", "JD"), bid=46, hand=True)
    assert columns(deal) == ((0, -96, 0), (40, -146, 40))
    text = " ".join(str(line) for line in standing([deal]).results[0].breakdown)
    assert "12 x 3 = 36" in text and "lost whatever the card points, at 48" in text
    # the card points reach 61 but the game is lost: the line says "reached", never "made" beside "lost"
    assert "Declarer's card points: 74, 61 needed: reached." in text and "made" not in text


def test_the_declarers_tricks_left_out_are_some_as_the_field_says():
    """rules/skat.md "Entry at the table": every trick / no trick are taps; none tapped is "some". The
    API's field says its default is "some", but a deal sent without it was refused as missing (a tester)."""
    deal = trump("clubs", 1, 74, jacks=("JC", "JH", "JD"), bid=46, hand=True)
    del deal["tricks"]
    assert columns(deal) == ((0, -96, 0), (40, -146, 40))


def test_example_1_with_schneider_the_value_reaches_the_bid():
    """rules/skat.md worked example 1: with 95 card points, schneider: 4 x 12 = 48 >= 46: won +48, SF +98."""
    deal = trump("clubs", 1, 95, jacks=("JC", "JH", "JD"), bid=46, hand=True)
    assert columns(deal) == ((0, 48, 0), (0, 98, 0))


def test_example_2_grand_with_two_won_schneider():
    """rules/skat.md worked example 2: Grand with 2, 92 card points: 24 x 4 = 96; Seeger-Fabian 146."""
    assert columns(trump("grand", 0, 92, jacks=("JC", "JS"), bid=48)) == ((96, 0, 0), (146, 0, 0))


def test_example_3_null_ouvert_lost():
    """rules/skat.md worked example 3: Null Ouvert lost: -92; Seeger-Fabian -142, the opponents +40 each."""
    assert columns(null(2, won=False, ouvert=True, bid=46)) == ((0, 0, -92), (40, 40, -142))


def test_example_4_hearts_hand_schneider_announced_and_missed():
    """rules/skat.md worked example 4: hearts hand, schneider announced, with 1, 85 card points: lost at
    10 x 5 = 50: -100; Seeger-Fabian -150."""
    deal = trump("hearts", 0, 85, jacks=("JC",), hand=True, announced="schneider")
    assert columns(deal) == ((-100, 0, 0), (-150, 40, 40))


def test_example_5_four_players_the_dealer_sitting_out_gets_30_too():
    """rules/skat.md worked example 5: four players, diamonds with 2 (27), 55 card points: -54; Seeger-Fabian
    declarer -104, the two opponents and the dealer +30 each."""
    names = ("A", "B", "C", "D")  # A deals and sits out
    assert columns(trump("diamonds", 2, 55, jacks=("JC", "JS")), names) == ((0, 0, -54, 0), (30, 30, -104, 30))


@pytest.mark.parametrize("jacks, run, value", [
    (("JC", "JH", "JD"), 0, 10 * 2),               # club J, heart J, diamond J: with 1
    (("JC", "JS", "JH", "JD"), 3, 10 * 8),          # all four jacks and heart A, 10, K: with 7
    (("JS", "JH"), 0, 10 * 2),                      # spade J, heart J: against 1
    (("JD",), 0, 10 * 4),                           # diamond J: against 3
    ((), 2, 10 * 7),                                # no jack, heart A and 10 missing too: against 6
])
def test_example_6_matadors_in_hearts(jacks, run, value):
    """rules/skat.md worked example 6 (pagat): matadors with or against, the run into the trump suit only
    after all four jacks or none."""
    assert columns(trump("hearts", 0, 61, jacks=jacks, run=run))[0][0] == value


def test_example_7_grand_ouvert_with_two():
    """rules/skat.md worked example 7: Grand ouvert with 2: 9 levels x 24 = 216."""
    deal = trump("grand", 0, 120, jacks=("JC", "JS"), hand=True, ouvert=True, tricks="all", bid=216)
    assert columns(deal)[0] == (216, 0, 0)


def test_a_short_list_tallied_by_hand():
    """rules/skat.md "The tally", worked by hand over four games at three players:
    1. A grand with 2, 92: +96 (SF A +146). 2. B Null Ouvert lost: -92 (SF B -142, A and C +40).
    3. All passed: nothing. 4. C hearts hand with 1, 85, schneider announced: -100 (SF C -150, A and B +40).
    Plain: A 96, B -92, C -100. Seeger-Fabian: A 146 + 40 + 40 = 226, B -142 + 40 = -102, C 40 - 150 = -110."""
    deals = [trump("grand", 0, 92, jacks=("JC", "JS"), bid=48), null(1, won=False, ouvert=True, bid=46),
             {"game": "passed"}, trump("hearts", 2, 85, jacks=("JC",), hand=True, announced="schneider")]
    result = standing(deals)
    assert result.state.plain == (96, -92, -100)
    assert result.state.seeger_fabian == result.totals == (226, -102, -110)
    assert standing(deals, ranking="plain").totals == (96, -92, -100)
    assert result.results[2].points == (0, 0, 0)


# --- the rules of the note, one by one --------------------------------------

def test_null_values_and_won_null():
    """rules/skat.md "Null games": 23, 35, 46, 59; won when the declarer takes no trick."""
    values = [columns(null(0, won=True, hand=h, ouvert=o, bid=23))[0][0]
              for h, o in ((False, False), (True, False), (False, True), (True, True))]
    assert values == [23, 35, 46, 59]


def test_each_null_is_named_as_the_list_names_it():
    """rules/skat.md "Null games" (Null 23, Null Hand 35, Null Ouvert 46, Null Ouvert Hand 59): the deal's
    line and its arithmetic say which Null was played, as a suit game's say hand and ouvert."""
    for (hand, ouvert), name in {(False, False): "Null", (True, False): "Null Hand",
                                 (False, True): "Null Ouvert", (True, True): "Null Ouvert Hand"}.items():
        result = standing([null(2, won=False, hand=hand, ouvert=ouvert)]).results[0]
        value = {"Null": 23, "Null Hand": 35, "Null Ouvert": 46, "Null Ouvert Hand": 59}[name]
        assert str(result.summary) == f"C {name} lost {-2 * value:+d}"
        assert f"{name}: {value}; declarer took a trick." in [str(line) for line in result.breakdown]


def test_card_points_out_of_range_and_a_bid_no_game_is_worth_are_refused_together():
    """rules/skat.md "Invariants" (card points 0-120; a bid is a value): a tester typed 130 and bid 19 and
    heard only of the 130, then after fixing it of the 19. One save names both, each at its box."""
    game_table = table()
    raw = {**trump("clubs", 1, 130, jacks=("JC",), bid=19), "hand": False, "ouvert": False}
    with pytest.raises(RuleError) as error:
        GAME.parse(game_table, GAME.start(game_table), raw)
    assert [refusal.field for refusal in error.value.errors] == ["points", "bid"]


def test_a_null_below_the_bid_is_refused_at_the_bid():
    """rules/skat.md "Won, lost, overbid": a null game below the bid cannot be announced."""
    with pytest.raises(DealError) as error:
        standing([null(0, won=True, bid=24)])
    assert error.value.field == "bid"


def test_a_bid_no_game_is_worth_is_refused_at_the_bid_naming_the_bids_around_it():
    """rules/skat.md "Invariants": a value is base x multiplier (>= 2) or 23/35/46/59, and a bid is a
    value (ISkO 3.3, the auction): 19 is no bid, whatever game follows it."""
    for deal in (trump("diamonds", 0, 70, jacks=("JC",), bid=19), null(0, won=True, bid=19)):
        with pytest.raises(DealError) as error:
            standing([deal])
        assert error.value.field == "bid"
        assert "around it are 18 and 20" in str(error.value)
    with pytest.raises(DealError) as error:
        standing([trump("grand", 0, 70, jacks=("JC",), bid=263)])
    assert "240 and 264" in str(error.value)


def test_card_points_no_pile_can_hold_are_refused_at_the_box():
    """rules/skat.md "Cards, card points": A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0, so no pile holds
    exactly 1 card point, nor 119 (the declarer's typed or filled in from the opponents' 1)."""
    for deal, field in ((trump("clubs", 0, 119, jacks=("JC",)), "points"),
                        (trump("grand", 0, None, jacks=("JC",), counted="opponents", opponents_points=1),
                         "opponents_points"),
                        ({"game": "passed", "ramsch_points": [1, 59, 60], "took_trick": [True] * 3},
                         "ramsch_points-0")):
        with pytest.raises(DealError) as error:
            standing([deal], passed_deal="ramsch")
        assert error.value.field == field
        assert "exactly" in str(error.value)
    assert standing([trump("clubs", 0, 118, jacks=("JC",))]).state.totals[0] > 0


def test_the_bids_are_the_sequence_players_say():
    """The auction's values as the rules' sources list them (pagat's bidding sequence to 60), and the
    highest, a grand with 4, every announcement and ouvert: 24 x 11 = 264."""
    said = (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60)
    assert BIDS[:len(said)] == said
    assert BIDS[-1] == 264 and 216 in BIDS and 252 not in BIDS
    for bid in said:  # each is accepted
        standing([trump("grand", 0, 120, jacks=("JC", "JS", "JH", "JD"), bid=bid, tricks="all")])


def test_schneider_and_schwarz_count_against_the_declarer_too():
    """rules/skat.md "Value": schneider (30 or less) and schwarz (no trick) count both ways."""
    assert columns(trump("spades", 0, 30, jacks=("JC",)))[0][0] == -2 * 11 * 3
    assert columns(trump("spades", 0, 0, jacks=("JC",), tricks="none"))[0][0] == -2 * 11 * 4


def test_lost_hand_single_option():
    """rules/skat.md option lost_hand_single: before 1999 a lost hand game counted single."""
    deal = trump("hearts", 0, 85, jacks=("JC",), hand=True, announced="schneider")
    assert columns(deal, lost_hand_single=True)[0][0] == -50
    assert columns(trump("hearts", 0, 55, jacks=("JC",)), lost_hand_single=True)[0][0] == -40


def test_kontra_doubles_the_list_score_but_not_the_seeger_fabian_50():
    """rules/skat.md option kontra (decided): Kontra x2, Re x4 after the doubling for a loss; 50/40 not doubled."""
    deal = trump("grand", 0, 92, jacks=("JC", "JS"), bid=48, contra="contra")
    assert columns(deal, kontra=True) == ((192, 0, 0), (242, 0, 0))
    lost = trump("diamonds", 0, 50, jacks=("JC", "JS"), contra="recontra")
    assert columns(lost, kontra=True) == ((-216, 0, 0), (-266, 40, 40))


def test_ramsch_option_for_a_passed_deal():
    """rules/skat.md passed_deal=ramsch: most card points score minus them, doubled when another took no trick,
    +120 for every trick; plain points in both columns."""
    def ramsch(points, took=(False, False, False)):
        return {"game": "passed", "ramsch_points": points, "took_trick": list(took)}
    assert columns(ramsch([50, 40, 30]), passed_deal="ramsch") == ((-50, 0, 0),) * 2
    assert columns(ramsch([70, 50, 0]), passed_deal="ramsch")[0] == (-140, 0, 0)
    assert columns(ramsch([70, 50, 0], took=(False, False, True)), passed_deal="ramsch")[0] == (-70, 0, 0)
    assert columns(ramsch([0, 120, 0]), passed_deal="ramsch")[0] == (0, 120, 0)


def test_a_ramsch_line_names_who_loses_and_who_took_no_trick():
    """rules/skat.md passed_deal=ramsch: the most card points lose (tied players each), doubled when another
    took no trick; the line says whom each figure is for, as the columns show it."""
    def line(points, names=NAMES):
        deal = {"game": "passed", "ramsch_points": points, "took_trick": [False] * len(names)}
        return str(standing([deal], names, passed_deal="ramsch").results[0].breakdown[0])
    assert line([50, 40, 30]) == "Most card points 50 (A): -50."
    assert line([60, 60, 0]) == "Most card points 60 (A, B), doubled as C took no trick: -120."
    assert line([0, 60, 60, 0], names=("A", "B", "C", "D")) == (
        "Most card points 60 (B, C), doubled as D took no trick: -120.")  # A deals and sits out
    assert line([0, 120, 0]) == "B took every trick: +120."


def test_the_dealer_of_four_sits_out_and_cannot_declare():
    """rules/skat.md "Cards, card points, who plays": four players, the dealer sits out."""
    with pytest.raises(DealError) as error:
        standing([trump("grand", 0, 92, jacks=("JC",))], ("A", "B", "C", "D"))
    assert error.value.field == "declarer"


@pytest.mark.parametrize("deal, field", [
    (trump("grand", 0, 100, tricks="all"), "points"),
    (trump("grand", 0, 30, tricks="none"), "points"),
    (trump("grand", 0, 100, ouvert=True), "hand"),
    (trump("hearts", 0, 100, jacks=("JC",), run=2), "run"),
])
def test_impossible_games_are_refused_at_their_field(deal, field):
    """rules/skat.md "Invariants": every trick is 120, no trick at most the skat's 22; ouvert is hand."""
    with pytest.raises(DealError) as error:
        standing([deal])
    assert error.value.field == field


def test_series_36_at_three_48_at_four_and_open():
    """rules/skat.md option games: 36 at three, 48 at four, any number, or open."""
    assert standing([]).deals_left == 36
    assert standing([], ("A", "B", "C", "D")).deals_left == 48
    assert standing([{"game": "passed"}] * 2, series="number", games=2).over
    assert standing([], series="open").deals_left is None


# --- invariants --------------------------------------------------------------

@st.composite
def games(draw, size=3):
    """Any legal row of a list at a table of `size` whose first dealer is seat 0 (dealing rotates)."""
    kind = draw(st.sampled_from((*PLAYED, "passed")))
    if kind == "passed":
        return {"game": "passed"}
    declarer = draw(any_seat(size))
    hand, ouvert = draw(st.booleans()), draw(st.booleans())
    if kind == "null":
        worth = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}[hand, ouvert]
        bid = draw(st.sampled_from([bid for bid in BIDS if bid <= worth]))
        return null(declarer, draw(st.booleans()), bid=bid, hand=hand, ouvert=ouvert)
    tricks = draw(st.sampled_from(("some", "all", "none")))
    possible = sorted(SKAT_POSSIBLE)  # no pile holds 1 or 119 card points
    skat_only = sorted(SKAT_ONLY)  # two cards: never 9 nor 16-19
    points = {"all": 120, "none": draw(st.sampled_from(skat_only))}.get(tricks, draw(st.sampled_from(possible)))
    jacks = [jack for jack in ("JC", "JS", "JH", "JD") if draw(st.booleans())]
    run = draw(st.integers(0, 7)) if kind in SUITS and len(jacks) in (0, 4) else 0
    announced = draw(st.sampled_from(("none", "schneider", "schwarz"))) if hand or ouvert else "none"  # hand only
    return trump(kind, declarer, points, jacks=jacks, run=run, bid=draw(st.sampled_from(BIDS)), hand=hand or ouvert,
                 ouvert=ouvert, announced=announced, tricks=tricks)


def playable(deals, size):
    """The rows with the declarer moved off the dealer's seat at four (the dealer sits out)."""
    fixed = []
    for number, deal in enumerate(deals):
        if size == 4 and deal.get("declarer") == number % 4:
            deal = {**deal, "declarer": (deal["declarer"] + 1) % 4}
        fixed.append(deal)
    return fixed


@given(st.sampled_from((3, 4)).flatmap(lambda n: st.tuples(st.just(n), st.lists(games(n), max_size=10))))
def test_seeger_fabian_sum_is_what_the_games_give(case):
    """rules/skat.md "The tally" and "Invariants": the Seeger-Fabian sum of all players equals, game by game,
    the list score plus 50 for a won game, minus 50 and plus 40 (30 at four) to each other player for a lost
    one; passed-in deals give nothing."""
    size, deals = case
    deals = playable(deals, size)
    names = player_names(size)
    plain = standing(deals, names, ranking="plain").results
    expected = 0
    for deal, dealt in zip(deals, plain):
        score = sum(dealt.points)
        if deal["game"] != "passed":
            expected += score + 50 if score > 0 else score - 50 + (size - 1) * (40 if size == 3 else 30)
    result = standing(deals, names)
    assert sum(result.state.seeger_fabian) == expected


@given(st.lists(games(), max_size=12))
def test_a_won_game_scores_at_least_the_bid_and_values_are_multiples(deals):
    """rules/skat.md "Invariants": a value is base x multiplier >= 2 or 23/35/46/59; a won game's value reaches
    the bid; the list score is the declarer's alone."""
    result = standing(deals, ranking="plain")
    for deal, dealt in zip(deals, result.results):
        if deal["game"] == "passed":
            assert dealt.points == (0, 0, 0)
            continue
        score = dealt.points[deal["declarer"]]
        assert sum(dealt.points) == score
        value = score if score > 0 else -score // 2
        if score > 0:
            assert value >= deal["bid"]
        if deal["game"] in TRUMP_GAMES:
            base = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12, "grand": 24}[deal["game"]]
            assert value % base == 0 and value >= 2 * base
        else:
            assert value in (23, 35, 46, 59)


def test_ramsch_at_four_the_dealer_sits_out():
    """rules/skat.md passed_deal=ramsch with "Four players: the dealer sits out": only the three who play have
    card points; the dealer scores nothing."""
    deal = {"game": "passed", "ramsch_points": [None, 60, 60, 0], "took_trick": [False, False, False, True]}
    assert columns(deal, ("A", "B", "C", "D"), passed_deal="ramsch") == ((0, -60, -60, 0),) * 2
    jungfrau = {**deal, "ramsch_points": [None, 70, 50, 0], "took_trick": [False] * 4}
    assert columns(jungfrau, ("A", "B", "C", "D"), passed_deal="ramsch")[0] == (0, -140, 0, 0)


@given(st.sampled_from((3, 4)).flatmap(lambda n: st.tuples(st.just(n), st.lists(games(n), max_size=10))))
def test_each_players_seeger_fabian_total_from_the_plain_list(case):
    """rules/skat.md "Invariants": Seeger-Fabian total = plain total + 50 x (games won - games lost as declarer)
    + 40 (30 at four) x games the others lost while this player sat against them or dealt."""
    size, deals = case
    deals = playable(deals, size)
    result = standing(deals, player_names(size))
    bonus = 40 if size == 3 else 30
    plain = standing(deals, player_names(size), ranking="plain").results
    for seat in range(size):
        expected = result.state.plain[seat]
        for deal, dealt in zip(deals, plain):
            if deal["game"] == "passed":
                continue
            won = dealt.points[deal["declarer"]] > 0
            if deal["declarer"] == seat:
                expected += 50 if won else -50
            elif not won:
                expected += bonus
        assert result.state.seeger_fabian[seat] == expected


def test_card_points_counted_by_the_opponents():
    """rules/skat.md "Entry at the table": the declarer's card points, or the opponents', filled to 120. Example 1
    with the opponents' 25: the declarer has 95, schneider: won +48."""
    deal = trump("clubs", 1, None, jacks=("JC", "JH", "JD"), bid=46, hand=True, counted="opponents",
                 opponents_points=25)
    assert columns(deal) == ((0, 48, 0), (0, 98, 0))
    with pytest.raises(DealError) as error:
        standing([{**deal, "tricks": "all"}])
    assert error.value.field == "opponents_points"


# --- statistics (issue 24): the figures a session counts ---------------------------------------------

def test_figures_of_a_list_of_the_worked_examples():
    """rules/skat.md worked examples as one list at three, with Kontra ("Other options"):
    1. A grand with 2, 92 (example 2): won, 96, schneider. 2. B Null Ouvert lost (example 3), Re: 46.
    3. All passed: nobody. 4. C hearts hand, schneider announced, 85 (example 4), Kontra: lost, 50.
    5. B clubs hand, bid 46, 74 (example 1): overbid, lost at 48. 6. A Grand ouvert with 2 (example 7):
    won, 216, schneider and schwarz. Game values A 96 + 216 = 312, B 46 + 48 = 94, C 50."""
    deals = [trump("grand", 0, 92, jacks=("JC", "JS"), bid=48),
             null(1, won=False, ouvert=True, bid=46, contra="recontra"), {"game": "passed"},
             trump("hearts", 2, 85, jacks=("JC",), hand=True, announced="schneider", contra="contra"),
             trump("clubs", 1, 74, jacks=("JC", "JH", "JD"), bid=46, hand=True),
             trump("grand", 0, 120, jacks=("JC", "JS"), hand=True, ouvert=True, tricks="all", bid=216)]
    assert counted_figures(GAME, table(kontra=True), deals) == {
        "declared": [2, 2, 1], "won": [2, 0, 0], "lost": [0, 2, 1], "game_values": [312, 94, 50],
        "grand": [2, 0, 0], "null": [0, 1, 0], "hand": [1, 1, 1], "ouvert": [1, 1, 0], "schneider": [2, 0, 0],
        "schwarz": [1, 0, 0], "overbid": [0, 1, 0], "kontra": [0, 1, 1], "re": [0, 1, 0]}


def test_figures_count_the_declarer_not_the_dealer_sitting_out_nor_a_ramsch():
    """rules/skat.md worked example 5 (four players, A deals and sits out): C's diamonds with 2 lost, 27.
    A passed-in deal played as a Ramsch ("Other options"; B deals next and sits out) counts for nobody."""
    names = ("A", "B", "C", "D")
    ramsch = {"game": "passed", "ramsch_points": [50, None, 40, 30], "took_trick": [True, False, True, True]}
    counted = counted_figures(GAME, table(names, passed_deal="ramsch"),
                              [trump("diamonds", 2, 55, jacks=("JC", "JS")), ramsch])
    assert counted["declared"] == [0, 0, 1, 0] and counted["lost"] == [0, 0, 1, 0]
    assert counted["game_values"] == [0, 0, 27, 0] and counted["overbid"] == [0, 0, 0, 0]


# --- audit: what the table cannot have played is refused -------------------------------------------

@pytest.mark.parametrize("points", [9, 16, 17, 18, 19])
def test_no_trick_card_points_two_skat_cards_cannot_hold_are_refused(points):
    """rules/skat.md "Invariants" (declarer with no trick means declarer <= 22, the skat) and "Cards, card
    points" (A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0): two cards hold 0, 2-8, 10-15 or 20-22 card points, never
    9 or 16-19, so a declarer without a trick cannot have them (typed, or 120 minus the opponents')."""
    for deal, field in ((trump("grand", 0, points, jacks=("JC",), tricks="none"), "points"),
                        (trump("grand", 0, None, jacks=("JC",), tricks="none", counted="opponents",
                               opponents_points=120 - points), "opponents_points")):
        with pytest.raises(DealError) as error:
            standing([deal])
        assert error.value.field == field
        assert "skat" in str(error.value) and str(points) in str(error.value)


def test_no_trick_card_points_two_skat_cards_can_hold_are_scored():
    """rules/skat.md "Value" (schneider and schwarz both ways): 0, 8, 15 and 22 are skats (7 + 8, 4 + 4,
    A + K, A + A); the declarer without a trick loses grand with 1, game 2, schneider 3, schwarz 4: -192."""
    for points in (0, 8, 15, 22):
        assert columns(trump("grand", 0, points, jacks=("JC",), tricks="none"))[0][0] == -2 * 24 * 4


@pytest.mark.parametrize("deal, field", [
    (null(0, won=True, run=3), "run"),
    (trump("grand", 0, 92, jacks=("JC", "JS", "JH", "JD"), run=3, bid=24), "run"),  # a grand "with 7"
    (trump("grand", 0, 92, run=2, bid=24), "run"),               # a grand "against 6"
])
def test_matadors_a_game_cannot_have_are_refused_not_dropped(deal, field):
    """rules/skat.md "Null games" (no matadors) and "Value" ("Grand: 1-4; suit games: 1-11"; the run into the
    top trumps of the suit only in suit games): a run sent with a Null or a grand claims matadors the game
    cannot have and is refused at its box, not silently scored as if not sent."""
    with pytest.raises(DealError) as error:
        standing([deal])
    assert error.value.field == field


def test_matadors_left_out_where_they_do_not_count_are_accepted():
    """rules/skat.md "Null games": a Null and a passed-in deal count no matadors, so the jacks held there
    are not a claim: sent or not (API v1 always accepted them), a Null counts 23 and a passed deal 0; a
    grand with run 0 is scored."""
    for jacks in ([], ["JC", "JS"]):
        assert columns(null(0, won=True, jacks=jacks, run=0))[0][0] == 23
        assert columns({"game": "passed", "jacks": jacks, "run": 0})[0] == (0, 0, 0)
    assert columns(trump("grand", 0, 92, jacks=("JC", "JS", "JH", "JD"), run=0, bid=24))[0][0] == 24 * 6


def test_an_announcement_without_hand_is_refused_not_dropped():
    """rules/skat.md "Value" ("Announcements only in hand games"): schneider announced sent with a game
    that took the skat is refused at the box, not scored as if nothing was announced (hearts with 1, 95 card
    points would otherwise count 10 x 3 = +30)."""
    with pytest.raises(DealError) as error:
        standing([trump("hearts", 0, 95, jacks=("JC",), announced="schneider")])
    assert error.value.field == "announced"
    assert columns(trump("hearts", 0, 95, jacks=("JC",), hand=True, announced="schneider", bid=50))[0][0] == 50
    assert columns({"game": "passed", "announced": "schneider"})[0] == (0, 0, 0)  # not asked: no game

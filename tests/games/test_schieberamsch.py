"""Schieberamsch: every worked example of shared/rules/schieberamsch.md, the options, the invariants."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError, Table
from scorekeeper.games.cards import SKAT_POSSIBLE
from scorekeeper.games.schieberamsch import matadors

from .helpers import make_table, splits

GAME = get_game("schieberamsch")
NAMES = ("A", "B", "C")


def table(**options):
    return make_table(GAME, NAMES, **options)


def ramsch(points, took=None, pushed=0, contra="none"):
    took = took if took is not None else [not isinstance(p, int) or p > 0 for p in points]
    return {"type": "ramsch", "pushed": pushed, "points": points, "took_trick": took, "contra": contra}


def grand(soloist, points, jacks=(), all_tricks=False, no_tricks=False, contra="none"):
    return {"type": "grand_hand", "soloist": soloist, "soloist_points": points, "jacks": list(jacks),
            "all_tricks": all_tricks, "no_tricks": no_tricks, "contra": contra}


def score(deal, **options):
    return GAME.replay(table(**options), [deal]).results[0].points


# --- golden tests: the seed examples ------------------------------------------

def test_seed_example_1_two_pushed_one_player_without_trick():
    """Rules 'Seed examples' 1: x4, A 0 B 7 C 113, A took no trick: 113 x 2 x 4 = 904 -> 90."""
    assert score(ramsch([0, 7, 113], pushed=2)) == (0, 0, 90)


def test_seed_example_2_durchmarsch_two_pushed():
    """Rules 'Seed examples' 2: x4, A took every trick: -120 x 4 = -480 -> -48."""
    assert score(ramsch([120, 0, 0], pushed=2)) == (-48, 0, 0)


def test_grand_hand_example_with_two_schneider_contra():
    """Rules 'Grand Hand' example: with 2, 95 points, contra: 24 x 5 = 120, x2 = 240, /10 = -24."""
    deal = grand(1, 95, jacks=("JC", "JS"), contra="contra")
    result = GAME.replay(table(), [deal]).results[0]
    assert result.points == (0, -24, 0)
    text = " ".join(str(line) for line in result.breakdown)
    assert "24 x 5 = 120" in text and "240" in text


@pytest.mark.parametrize(
    "jacks, expected",
    [
        ({"JC"}, ("with", 1)),
        ({"JS"}, ("against", 1)),
        ({"JH"}, ("against", 2)),
        ({"JC", "JS"}, ("with", 2)),
        ({"JC", "JS", "JD"}, ("with", 2)),
        ({"JS", "JH", "JD"}, ("against", 1)),
        ({"JD"}, ("against", 3)),
        (set(), ("against", 4)),
        ({"JC", "JS", "JH", "JD"}, ("with", 4)),
    ],
)
def test_matador_examples(jacks, expected):
    """Rules 'matadors' examples, counted from the club jack in unbroken order."""
    assert matadors(jacks) == expected


def test_research_notes_worked_grand_values():
    """Research notes 2.3: with 2, no schneider: 96 -> 9; contra 192 -> 19; recontra 384 -> 38."""
    assert score(grand(0, 70, jacks=("JC", "JS"))) == (-9, 0, 0)
    assert score(grand(0, 70, jacks=("JC", "JS"), contra="contra")) == (-19, 0, 0)
    assert score(grand(0, 60, jacks=("JC", "JS"), contra="recontra")) == (38, 0, 0)


# --- the Ramsch rules -----------------------------------------------------------

def test_all_took_tricks_most_points_scores_plain():
    """'All three took at least one trick: only the player with the most card points scores.'"""
    assert score(ramsch([30, 40, 50])) == (0, 0, 5)


def test_multiplier_doubles_per_player_who_kept_hand():
    """'0 -> x1, 1 -> x2, 2 -> x4, 3 -> x8.'"""
    assert [score(ramsch([30, 40, 50], pushed=n))[2] for n in range(4)] == [5, 10, 20, 40]


def test_two_tied_for_most_both_score():
    """'Two players tied for most points: both score.'"""
    assert score(ramsch([55, 55, 10])) == (5, 5, 0)


def test_the_breakdown_names_who_has_most_and_a_tie():
    """'Player with the most card points scores' and 'two players tied for most points: both score':
    a family read "Most card points: 43" with nobody named and nothing said of the tie."""
    lines = [[str(line) for line in GAME.replay(table(), [ramsch(points)]).results[0].breakdown]
             for points in ([43, 43, 34], [30, 40, 50])]
    assert lines[0][1] == "Most card points: 43, tied by A, B: both score."
    assert lines[1][1] == "Most card points: 50 (C)."


def test_two_tied_after_a_jungfrau_both_score_and_the_breakdown_says_so():
    """'Two players tied for most points: both score', also when the third took no trick (a Jungfrau
    doubles): the breakdown said "the higher scores" though both did."""
    result = GAME.replay(table(), [ramsch([0, 60, 60], took=[False, True, True])]).results[0]
    assert result.points == (0, 12, 12)
    assert "Only two took tricks, tied: both score 2 x 60 = 120." in [str(line) for line in result.breakdown]


def test_three_way_tie_scores_nobody_by_default_and_all_as_option():
    """'All three tied (40/40/40): nobody scores (decision)'; option three_way_tie=all."""
    assert score(ramsch([40, 40, 40])) == (0, 0, 0)
    assert score(ramsch([40, 40, 40]), three_way_tie="all") == (4, 4, 4)


def test_contra_in_ramsch_only_with_option():
    """Option contra_in_ramsch (a variation the seed mentions) doubles a Ramsch."""
    assert score(ramsch([30, 40, 50], contra="contra")) == (0, 0, 5)
    assert score(ramsch([30, 40, 50], contra="contra"), contra_in_ramsch=True) == (0, 0, 10)


# --- Grand Hand rules -------------------------------------------------------------

def test_grand_hand_lost_scores_plus_same_magnitude():
    """'lost: the soloist scores plus that value'; lost_doubled off by default (O4)."""
    assert score(grand(2, 60, jacks=("JC",))) == (0, 0, 7)  # 24 x 3 = 72 -> 7
    assert score(grand(2, 60, jacks=("JC",)), lost_doubled=True) == (0, 0, 14)


def test_grand_hand_61_wins():
    """'The soloist needs 61 or more card points.'"""
    assert score(grand(0, 61, jacks=("JC",)))[0] == -7


def test_schwarz_adds_one_level():
    """'schwarz: +1 when the soloist takes every trick' (with schneider too): 24 x (1+2+1+1) = 120 -> -12."""
    assert score(grand(0, 120, jacks=("JC",), all_tricks=True)) == (-12, 0, 0)


def test_schneider_both_ways_option():
    """Option schneider_both_ways: a soloist with 30 or fewer is schneider too."""
    assert score(grand(0, 30, jacks=("JC",))) == (7, 0, 0)
    assert score(grand(0, 30, jacks=("JC",)), schneider_both_ways=True) == (9, 0, 0)


def test_schwarz_both_ways_option():
    assert score(grand(0, 0, no_tricks=True)) == (14, 0, 0)  # against 4: 24 x 6 = 144
    assert score(grand(0, 0, no_tricks=True), schwarz_both_ways=True) == (19, 0, 0)  # 24 x 8 = 192


# --- rules/schieberamsch.md, decided 2026-11-26 (order and combinations) -------------------------

def test_decided_2026_11_26_golden_example_with_2_95_points_contra():
    """rules/schieberamsch.md, decided 2026-11-26, the example: with 2, 95 points, contra:
    24 x (2 + 2 + 1) = 120, x2 = 240, /10 = -24 for the soloist."""
    result = GAME.replay(table(), [grand(1, 95, jacks=("JC", "JS"), contra="contra")]).results[0]
    assert result.points == (0, -24, 0)
    assert [str(line) for line in result.breakdown[1:]] == [
        "24 x (with 2 + game and hand 2 + schneider 1) = 24 x 5 = 120.", "contra x2 = 240.",
        "/10 = -24 for B (won: minus is good)."]


def test_decided_2026_11_26_lost_doubled_before_contra_then_tenths():
    """rules/schieberamsch.md, decided 2026-11-26: value, then x2 for a lost game (lost_doubled), then
    contra/recontra, then /10. Worked example: with 1, 50 points, lost, recontra: 24 x 3 = 72, lost x2 = 144,
    recontra x4 = 576, /10 = +57."""
    result = GAME.replay(table(lost_doubled=True), [grand(0, 50, jacks=("JC",), contra="recontra")]).results[0]
    assert result.points == (57, 0, 0)
    assert [str(line) for line in result.breakdown[2:]] == [
        "Lost game counts double: 144.", "recontra x4 = 576.", "/10 = +57 for A (lost: plus)."]


def test_decided_2026_11_26_schwarz_both_ways_implies_schneider():
    """rules/schieberamsch.md, decided 2026-11-26: schwarz_both_ways implies schneider both ways for the same
    deal (a schwarz soloist has at most 30). Worked example: with 1, no trick, the skat's 14 points:
    24 x (1 + 2 + schneider 1 + schwarz 1) = 120, lost, /10 = +12, schneider_both_ways off."""
    deal = grand(0, 14, jacks=("JC",), no_tricks=True)
    result = GAME.replay(table(schwarz_both_ways=True), [deal]).results[0]
    assert result.points == (12, 0, 0)
    assert "schneider 1 + schwarz 1) = 24 x 5 = 120" in str(result.breakdown[1])
    assert score(grand(0, 14, jacks=("JC",)), schwarz_both_ways=True) == (7, 0, 0)  # tricks taken: no schneider


def test_sessions_frozen_before_schwarz_with_schneider_keep_their_totals():
    """Sessions started before 2026-11-26 have no schwarz_with_schneider: their no-trick soloist stays without
    schneider (24 x 4 = 96 -> +9), so they replay to the same totals."""
    old = dict(table(schwarz_both_ways=True).options)
    del old["schwarz_with_schneider"]
    standing = GAME.replay(Table(NAMES, old), [grand(0, 14, jacks=("JC",), no_tricks=True)])
    assert standing.totals == (9, 0, 0)


def test_rounding_toward_zero_or_floor():
    """O5: magnitude truncated then negated (-9.6 -> -9); option floor gives -10."""
    assert score(grand(0, 70, jacks=("JC", "JS"))) == (-9, 0, 0)
    assert score(grand(0, 70, jacks=("JC", "JS")), rounding="floor") == (-10, 0, 0)


# --- checks -----------------------------------------------------------------------

@pytest.mark.parametrize(
    "deal, field",
    [
        (ramsch([40, 40, 41]), "points"),
        (ramsch([-1, 60, 61]), "points-0"),
        (ramsch(["x", 60, 60]), "points-0"),
        ({**grand(0, 80), "soloist": None}, "soloist"),
        (grand(0, 100, all_tricks=True), "soloist_points"),
        (ramsch([30, 40, 50], pushed=4), "pushed"),
    ],
)
def test_impossible_deals_are_refused_with_the_field(deal, field):
    with pytest.raises(DealError) as caught:
        GAME.replay(table(), [deal])
    assert caught.value.field == field
    assert str(caught.value)


def test_a_count_no_pile_can_hold_is_refused_at_its_box():
    """rules/schieberamsch.md "Cards and card points": A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0, so no
    pile holds exactly 1 card point, nor (the other 119 being the rest of the deck) 119."""
    assert sorted(set(range(121)) - SKAT_POSSIBLE) == [1, 119]
    with pytest.raises(DealError) as caught:
        GAME.replay(table(), [ramsch([1, 59, 60])])
    assert caught.value.field == "points-0"
    assert "exactly 1 card point." in str(caught.value)
    for points in (1, 119):
        with pytest.raises(DealError) as caught:
            GAME.replay(table(), [grand(0, points)])
        assert caught.value.field == "soloist_points"
    assert GAME.replay(table(), [ramsch([2, 58, 60]), grand(0, 118)]).results[1].points[0] < 0  # won


def test_no_trick_with_points_is_refused_under_its_option():
    with pytest.raises(DealError) as caught:
        GAME.replay(table(schwarz_both_ways=True), [grand(0, 30, no_tricks=True)])
    assert caught.value.field == "soloist_points"


# --- entry asks only what matters (issue 9 item 7) ----------------------------------------

def fields(**options):
    t = table(**options)
    return {spec.name: spec for spec in GAME.deal_fields(t, GAME.start(t))}


def test_seed_took_a_trick_is_asked_only_for_a_player_without_points():
    """Seed: 「3人中2人が1トリック以上取った場合:その2人のうち得点の高いプレイヤーのみが失点になります。」
    (when two of the three took a trick or more, only the higher of the two scores). A player with card
    points took a trick, so the box is asked (and read) only for a player with 0 points."""
    assert fields()["took_trick"].show_if == ("points", (0,))
    # B's box is ticked by mistake, A's is left empty: neither is read, both have points
    assert score(ramsch([10, 50, 60], took=[False, False, False])) == (0, 0, 6)
    assert score(ramsch([0, 50, 70], took=[False, True, False])) == (0, 0, 14)
    assert score(ramsch([0, 50, 70], took=[True, False, False])) == (0, 0, 7)


def test_seed_soloist_took_no_trick_is_asked_only_under_its_option():
    """Seed: 「シュワルツ:1(全トリック取った場合)」 (schwarz: 1, when taking every trick). A soloist without a
    trick matters only under option schwarz_both_ways, so only then is it asked. Older deals carrying it
    still replay."""
    assert "no_tricks" not in fields() and "no_tricks" in fields(schwarz_both_ways=True)
    assert score(grand(0, 0, no_tricks=True)) == score({**grand(0, 0), "no_tricks": False})


def test_seed_contra_defaults_to_none():
    """Seed: 「「グランド・ハンド」宣言を行わなかったプレイヤーは、「コントラ」宣言をすることができます。」 (the
    others *may* declare contra): an entry without contra (API) is a deal without contra."""
    deal = grand(1, 95, jacks=("JC", "JS"))
    del deal["contra"]
    assert score(deal) == (0, -12, 0)


# --- the session ------------------------------------------------------------------

def test_dealer_rotates_clockwise_but_not_after_grand_hand():
    """'Dealer rotates clockwise, except that the dealer does not change after a Grand Hand.'"""
    t = table()
    deals = [ramsch([30, 40, 50]), grand(0, 80), ramsch([30, 40, 50])]
    dealers = [GAME.replay(t, deals[:n]).dealer for n in range(4)]
    assert dealers == [0, 1, 1, 2]


def test_forehand_the_dealers_left_leads_after_a_grand_hand_too():
    """Schieberamsch's docstring (notes silent, as in Skat): forehand, left of the dealer, leads the
    first trick; the dealer stays after a Grand Hand, so forehand does too."""
    t = table()
    deals = [ramsch([30, 40, 50]), grand(0, 80), ramsch([30, 40, 50])]
    assert [GAME.replay(t, deals[:n]).leader for n in range(4)] == [1, 2, 2, 0]


def test_game_ends_after_agreed_deals_lowest_total_wins():
    t = table(deals=3)
    standing = GAME.replay(t, [ramsch([30, 40, 50]), ramsch([50, 40, 30]), grand(1, 100, jacks=("JC",))])
    assert standing.over and standing.deals_left == 0
    assert standing.totals == (5, -9, 5)
    assert standing.winners == (1,)
    with pytest.raises(DealError, match="over"):
        GAME.replay(t, [ramsch([30, 40, 50])] * 4)


# --- invariants -------------------------------------------------------------------

@st.composite
def ramsch_deals(draw):
    points = draw(splits(120, 3).filter(lambda points: all(p in SKAT_POSSIBLE for p in points)))
    took = [p > 0 or draw(st.booleans()) for p in points]
    return ramsch(points, took=took, pushed=draw(st.integers(0, 3)))


@given(ramsch_deals())
def test_ramsch_scores_at_most_the_players_with_most_points(deal):
    points = score(deal)
    assert sum(1 for p in points if p) <= 3
    scorers = [seat for seat, p in enumerate(points) if p]
    best = max(deal["points"])
    assert all(deal["points"][seat] == best for seat in scorers)


@given(ramsch_deals(), st.integers(0, 2))
def test_rotating_seats_rotates_results(deal, shift):
    def rotate(values):
        return values[shift:] + values[:shift]
    turned = {**deal, "points": rotate(deal["points"]), "took_trick": rotate(deal["took_trick"])}
    assert list(score(turned)) == rotate(list(score(deal)))


@given(st.lists(ramsch_deals(), max_size=12))
def test_totals_equal_sum_of_deals(deals):
    standing = GAME.replay(table(deals=12), deals)
    assert standing.totals == tuple(sum(r.points[s] for r in standing.results) for s in range(3))


def test_a_refused_box_is_not_blamed_on_the_trick_ticks_too():
    """Every error of a deal at once (issue 23, item 8), but none made up from a value already refused: a
    keyboard tester typed 200 for one player and was also told "Somebody took the tricks: tick who took
    at least one", with no tick box on the page (a player with card points took a trick)."""
    from scorekeeper.games.base import RuleError

    with pytest.raises(RuleError) as refused:
        GAME.parse(table(), GAME.start(table()), ramsch([200, 0, 0], took=[False, False, False]))
    assert [(error.field, str(error)) for error in refused.value.errors] == [
        ("points-0", "Card points (skat with the last trick) for A: 200 is more than all 120 in play.")]
    with pytest.raises(RuleError) as refused:  # nobody took a trick: still said
        GAME.parse(table(), GAME.start(table()), ramsch([0, 0, 0], took=[False, False, False]))
    assert "took_trick" in [error.field for error in refused.value.errors]

"""Italian Whist: the worked example and schedule of shared/rules/italian-whist.md, options, checks, invariants."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError, RuleError
from scorekeeper.games.italian_whist import schedule, second_hand_holder

from .helpers import counted_figures, make_table, splits

GAME = get_game("italian_whist")
NAMES = ("Ann", "Ben", "Cat")


def table(first_dealer=0, **options):
    return make_table(GAME, NAMES, first_dealer, **options)


def deal(first, second):
    return {"first": list(first), "second": list(second)}


EVEN = deal([3, 3, 3], [3, 3, 3])  # every score 0


def texts(items):
    return [str(item) for item in items]


# --- golden tests: the rules note's worked example and table -----------------------

def test_seed_example_5_and_3_is_plus_2_and_2_and_6_is_minus_4():
    """Rules 'Scoring' example: 5 tricks in the first half and 3 in the second: +2; 2 and 6: -4."""
    result = GAME.replay(table(), [deal([5, 2, 2], [3, 6, 0])]).results[0]
    assert result.points == (2, -4, 2)
    assert "Ann: 5 - 3 (with Cat's second hand) = +2." in texts(result.breakdown)
    assert "Ben: 2 - 6 (with Ann's second hand) = -4." in texts(result.breakdown)


@pytest.mark.parametrize(
    "number, trump, passing",
    [(1, None, "left"), (2, None, "right"), (3, None, "kept"),
     (4, "spades", "left"), (5, "spades", "right"), (6, "spades", "kept"),
     (7, None, "left"), (8, None, "right"), (12, "spades", "kept"), (13, None, "left")],
)
def test_schedule_table(number, trump, passing):
    """Rules table (research notes 3.1): deals 1-3 no trump, 4-6 spades; left, right, kept; 7, 8... repeat."""
    assert schedule(number) == (trump, passing)


def test_left_is_the_next_seat_clockwise_right_the_previous():
    """Seats are clockwise and the dealer's left leads: the left neighbour is the next seat."""
    assert [second_hand_holder(s, "left") for s in range(3)] == [1, 2, 0]
    assert [second_hand_holder(s, "right") for s in range(3)] == [2, 0, 1]
    assert [second_hand_holder(s, "kept") for s in range(3)] == [0, 1, 2]


# --- what the table sees before each deal ------------------------------------------

def test_notes_before_deal_1_trump_passing_and_leaders():
    """'The app shows, before each deal, the trump and where the second hand goes'; first half led by the
    dealer's left, second half by the dealer's right."""
    notes = texts(GAME.replay(table(), []).notes)
    assert notes[0] == "Deal 1: no trump."
    assert notes[1] == "Second hands go to the left neighbour: Ann → Ben, Ben → Cat, Cat → Ann."
    assert "Ben (the dealer's left) leads the first half; Cat (the dealer's right) leads the second half." in notes
    assert any("Ann deals 18 cards each" in note for note in notes)


def test_notes_follow_the_schedule_and_the_dealer():
    """Deal 2: right, dealer Ben; deal 3: kept; deal 4: spades, left."""
    t = table()
    notes2 = texts(GAME.replay(t, [EVEN]).notes)
    assert notes2[:2] == ["Deal 2: no trump.",
                          "Second hands go to the right neighbour: Ann → Cat, Ben → Ann, Cat → Ben."]
    assert "Cat (the dealer's left) leads the first half; Ann (the dealer's right) leads the second half." in notes2
    assert texts(GAME.replay(t, [EVEN] * 2).notes)[:2] == ["Deal 3: no trump.",
                                                          "Everyone keeps their own second hand."]
    assert texts(GAME.replay(t, [EVEN] * 3).notes)[0] == "Deal 4: spades are trump."


def test_breakdown_names_trump_and_schedule():
    """Each deal's breakdown repeats its trump and where the second hands went."""
    standing = GAME.replay(table(), [EVEN] * 5)
    fifth = texts(standing.results[4].breakdown)
    assert fifth[0] == "Deal 5: spades are trump."
    assert fifth[1].startswith("Second hands go to the right neighbour")
    third = texts(standing.results[2].breakdown)
    assert "Ann: 3 - 3 (own second hand) = 0." in third  # a tester read "= +0"
    assert str(standing.results[3].summary) == "Deal 4 (spades, pass left): Ann 0, Ben 0, Cat 0"


# --- the session -------------------------------------------------------------------

def test_dealer_rotates_clockwise_and_dealers_left_leads():
    """'Dealer rotates clockwise'; the first half is led by the dealer's left."""
    standing = GAME.replay(table(first_dealer=2), [EVEN] * 4)
    assert standing.dealers == (2, 0, 1, 2)
    assert standing.dealer == 0 and standing.leader == 1


def test_default_end_after_six_deals_highest_total_wins():
    """'After a number of deals' (default 6, a full cycle); 'highest total wins'."""
    t = table()
    deals = [deal([5, 2, 2], [3, 6, 0])] + [EVEN] * 5
    assert GAME.replay(t, deals[:5]).deals_left == 1
    standing = GAME.replay(t, deals)
    assert standing.over and standing.deals_left == 0
    assert standing.totals == (2, -4, 2)
    assert standing.winners == (0, 2)  # 'ties are shared'
    with pytest.raises(DealError, match="over"):
        GAME.replay(t, deals + [EVEN])


def test_target_ends_after_the_deal_reaching_it():
    """End at a target score: over once a total reaches it; deals_left is then meaningless."""
    t = table(end="target", target=5)
    first = deal([6, 2, 1], [2, 3, 4])  # +4 -1 -3
    standing = GAME.replay(t, [first] * 1)
    assert not standing.over and standing.deals_left is None
    assert any("reaches 5 points" in note for note in texts(standing.notes))
    standing = GAME.replay(t, [first, deal([1, 4, 4], [0, 5, 4])])  # +1 -1 0: Ann reaches exactly 5
    assert standing.over and standing.totals == (5, -2, -3) and standing.winners == (0,)


def test_deals_option_is_ignored_at_a_target():
    t = table(end="target", target=50, deals=1)
    assert not GAME.replay(t, [EVEN] * 3).over


def test_loss_limit_ends_when_a_player_falls_to_minus_target():
    """Seed: the target may be lost points too; highest total still wins."""
    t = table(end="loss", target=6)
    hit = deal([0, 5, 4], [6, 2, 1])  # -6 +3 +3
    standing = GAME.replay(t, [hit])
    assert standing.over and standing.winners == (1, 2)


def test_tie_play_on_continues_until_one_leads():
    """Option tie=play_on: tied for the highest total at the end, deal again (schedule continues)."""
    t = table(deals=1, tie="play_on")
    tied = deal([5, 2, 2], [3, 6, 0])  # Ann and Cat +2
    standing = GAME.replay(t, [tied])
    assert not standing.over and standing.deals_left is None
    notes = texts(standing.notes)
    assert notes[0] == "Deal 2: no trump."
    assert "Tie-break deal: Ann, Cat share the highest total, so play on." in notes
    assert not GAME.replay(t, [tied, EVEN]).over
    standing = GAME.replay(t, [tied, EVEN, deal([4, 3, 2], [3, 3, 3])])  # Ann +1
    assert standing.over and standing.winners == (0,)
    assert GAME.replay(table(deals=1), [tied]).winners == (0, 2)


# --- checks ------------------------------------------------------------------------

@pytest.mark.parametrize(
    "raw, field",
    [
        (deal([3, 3, 2], [3, 3, 3]), "first"),
        (deal([3, 3, 3], [4, 3, 3]), "second"),
        (deal([10, 0, -1], [3, 3, 3]), "first-0"),
        (deal([3, 3, 3], [-1, 5, 5]), "second-0"),
        (deal([3, 3, "x"], [3, 3, 3]), "first-2"),
        ({"first": [3, 3, 3]}, "second-0"),
        ({"first": [3, 3], "second": [3, 3, 3]}, "first"),
    ],
)
def test_impossible_deals_are_refused_with_the_field(raw, field):
    """'Each half has 9 tricks'; nobody takes more than 9 or fewer than 0 in a half."""
    with pytest.raises(DealError) as caught:
        GAME.replay(table(), [raw])
    assert caught.value.field == field
    assert str(caught.value)


def test_engine_check_names_the_players():
    """check_deal on its own (no form totals) still refuses a half that is not 9 tricks."""
    t, state = table(), GAME.start(table())
    with pytest.raises(RuleError, match="The second half has 9 tricks, but Ann 4, Ben 3, Cat 3 add up to 10"):
        GAME.check_deal(t, state, deal([3, 3, 3], [4, 3, 3]))
    with pytest.raises(RuleError, match="Ben cannot take 10 tricks in the first half") as caught:
        GAME.check_deal(t, state, deal([0, 10, -1], [3, 3, 3]))
    assert caught.value.field == "first-1"


def test_both_halves_are_refused_in_one_go():
    """rules/italian-whist.md "Each half has 9 tricks": a deal wrong in both halves names both, each at
    its half; a half with a box that could not be read is not summed, the other half still is."""
    t, state = table(), GAME.start(table())
    with pytest.raises(RuleError) as caught:
        GAME.check_deal(t, state, deal([4, 3, 3], [2, 3, 3]))
    assert [error.field for error in caught.value.errors] == ["first", "second"]
    with pytest.raises(RuleError) as caught:
        GAME.parse(t, state, deal([3, 3, "x"], [2, 3, 3]))
    assert [error.field for error in caught.value.errors] == ["first-2", "second"]


# --- invariants --------------------------------------------------------------------

halves = splits(9, 3)
deals = st.builds(deal, halves, halves)


@given(st.lists(st.integers(0, 9), min_size=3, max_size=3), halves)
def test_each_half_must_sum_to_9(first, second):
    """A deal is accepted exactly when each half's tricks add up to 9."""
    raw = deal(first, second)
    if sum(first) == 9:
        assert GAME.replay(table(), [raw]).results[0].points == tuple(a - b for a, b in zip(first, second))
    else:
        with pytest.raises(DealError):
            GAME.replay(table(), [raw])


@given(deals)
def test_deal_scores_sum_to_zero(raw):
    """'Each half has 9 tricks, so the three deal scores always sum to 0.'"""
    assert sum(GAME.replay(table(), [raw]).results[0].points) == 0


@given(deals, st.integers(0, 2))
def test_rotating_seats_rotates_results(raw, shift):
    def rotate(values):
        return list(values[shift:]) + list(values[:shift])
    turned = deal(rotate(raw["first"]), rotate(raw["second"]))
    original = GAME.replay(table(), [raw]).results[0].points
    assert list(GAME.replay(table(), [turned]).results[0].points) == rotate(original)


@given(st.lists(deals, max_size=12), st.sampled_from(["deals", "target", "loss"]))
def test_totals_equal_replay_and_game_over_stops(raw_deals, end):
    t = table(end=end, deals=12, target=15)
    try:
        standing = GAME.replay(t, raw_deals)
    except DealError as error:  # only because the game ended before the last deal
        assert GAME.replay(t, raw_deals[: error.index]).over
        return
    assert standing.totals == tuple(sum(r.points[s] for r in standing.results) for s in range(3))
    assert sum(standing.totals) == 0
    assert standing.running[-1:] in ((), (standing.totals,))
    if standing.over:
        assert set(standing.winners) == {s for s in range(3) if standing.totals[s] == max(standing.totals)}


def test_statistics_count_each_players_tricks_per_half():
    """rules/italian-whist.md, Scoring: tricks in the first half and in the second half, per player;
    hand-counted over three deals: first halves 5+3+9, 2+3+0, 2+3+0; second halves 3+4+0, 6+4+0, 0+1+9."""
    deals = [deal([5, 2, 2], [3, 6, 0]), deal([3, 3, 3], [4, 4, 1]), deal([9, 0, 0], [0, 0, 9])]
    assert counted_figures(GAME, table(), deals) == {"first": [17, 5, 5], "second": [7, 10, 10]}

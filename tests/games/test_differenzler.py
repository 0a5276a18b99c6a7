"""Differenzler: every worked example of shared/rules/differenzler.md, the options, the invariants."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError, RuleError

from .helpers import any_seat, counted_figures, jass_counts, make_table

GAME = get_game("differenzler")
NAMES = ("Ann", "Bob", "Cat", "Dan")


def table(players=4, first_dealer=0, **options):
    return make_table(GAME, NAMES[:players], first_dealer, **options)


def deal(predictions, points, **more):
    return {"prediction": list(predictions), "points": list(points), **more}


def score(d, players=4, **options):
    return GAME.replay(table(players, **options), [d]).results[0].points


# --- golden tests: the rules note's worked examples ----------------------------------

def test_worked_example_1_four_players():
    """differenzler.md example 1: predictions 40, 30, 50, 37; points 45, 30, 60, 22: 5, -10, 10, 15."""
    result = GAME.replay(table(), [deal([40, 30, 50, 37], [45, 30, 60, 22])]).results[0]
    assert result.points == (5, -10, 10, 15)
    assert str(result.breakdown[0]) == "Ann: announced 40, took 45, off by 5: 5."
    assert str(result.breakdown[1]) == "Bob: announced 30, took 30: exact, -10."


def test_worked_example_2_zero_made_has_no_bonus_by_default():
    """differenzler.md example 2: predictions 0, 60, 47, 50; points 0, 55, 47, 55: 0, 5, -10, 5."""
    assert score(deal([0, 60, 47, 50], [0, 55, 47, 55])) == (0, 5, -10, 5)


def test_worked_example_2_with_trick_zero_bonus():
    """differenzler.md example 2: with zero_bonus=with_trick and a trick of blanks taken: -10; none taken: 0."""
    blanks = deal([0, 60, 47, 50], [0, 55, 47, 55], took_trick=[True, False, False, False])
    assert score(blanks, zero_bonus="with_trick") == (-10, 5, -10, 5)
    no_trick = deal([0, 60, 47, 50], [0, 55, 47, 55], took_trick=[False, False, False, False])
    assert score(no_trick, zero_bonus="with_trick") == (0, 5, -10, 5)


def test_zero_bonus_always():
    """differenzler.md option zero_bonus "always": an announced 0 made scores -10."""
    assert score(deal([0, 60, 47, 50], [0, 55, 47, 55]), zero_bonus="always")[0] == -10


def test_worked_example_3_three_players():
    """differenzler.md example 3: predictions 70, 50, 37; points 80, 40, 37: 10, 10, -10."""
    assert score(deal([70, 50, 37], [80, 40, 37]), players=3) == (10, 10, -10)


def test_worked_example_4_tied_lowest_totals_share_the_win():
    """differenzler.md example 4: totals 41, 37, 37, 60 after the agreed deals: both on 37 win (tie=shared)."""
    deals = [deal([0, 0, 0, 0], [41, 37, 37, 42]), deal([0, 0, 0, 139], [0, 0, 0, 157])]
    standing = GAME.replay(table(deals=2), deals)
    assert standing.totals == (41, 37, 37, 60)
    assert standing.over and standing.winners == (1, 2)


def test_tie_extra_deal_plays_on_until_one_is_lowest():
    """differenzler.md option tie "extra_deal": one more deal among all players (jassen.ch)."""
    deals = [deal([0, 0, 0, 0], [41, 37, 37, 42]), deal([0, 0, 0, 139], [0, 0, 0, 157])]
    standing = GAME.replay(table(deals=2, tie="extra_deal"), deals)
    assert not standing.over and standing.deals_left == 1
    standing = GAME.replay(table(deals=2, tie="extra_deal"), deals + [deal([50, 50, 40, 17], [50, 52, 38, 17])])
    assert standing.over and standing.winners == (0,)


def test_exact_bonus_option():
    """differenzler.md option exact_bonus: 10 by default, 0 for tables that play without it (Swisslos)."""
    d = deal([40, 30, 50, 37], [45, 30, 60, 22])
    assert score(d, exact_bonus=0)[1] == 0
    assert score(d, exact_bonus=25)[1] == -25


@pytest.mark.parametrize("players, deals", [(4, 16), (3, 12)])
def test_default_deals_are_four_per_player(players, deals):
    """differenzler.md End: default 4 x players (16 with four, 12 with three)."""
    t = table(players)
    assert GAME.deals_left(t, GAME.start(t)) == deals
    assert GAME.deals_left(table(players, deals=4), GAME.start(t)) == 4


def test_dealer_passes_to_the_right():
    """differenzler.md: deal and play counter-clockwise; the next dealer is the player to the dealer's right."""
    standing = GAME.replay(table(first_dealer=1), [deal([0, 0, 0, 0], [157, 0, 0, 0])])
    assert standing.dealer == 0
    assert standing.dealers == (1,)
    assert standing.leader == 3  # the new dealer's right announces first and leads
    assert GAME.start(table(first_dealer=1)).leader == 0
    assert "Dan, on the dealer's right, announces first" in str(GAME.notes(table(), GAME.start(table()))[1])


def test_announcements_are_locked_first():
    """differenzler.md Entry: each player's prediction, locked like a bid; the card points after."""
    t = table()
    fields = {f.name: f for f in GAME.deal_fields(t, GAME.start(t))}
    assert GAME.phases(t, GAME.start(t)) == ("bid", "play")
    assert fields["prediction"].phase == "bid" and fields["prediction"].maximum == 157
    assert fields["points"].total == 157 and fields["points"].phase == "play"
    assert not fields["trump"].required  # trump is optional to record
    with pytest.raises(RuleError):
        GAME.parse_phase(t, GAME.start(t), {"prediction": [40, 30, 158, 0]}, "bid")


def test_every_wrong_announcement_is_named_at_once():
    """differenzler.md "Entry at the table": each player announces 0-157; a table that typed -1, 158 and left
    a box empty hears of all three in one refusal, each beside its box."""
    t = table()
    with pytest.raises(RuleError) as error:
        GAME.parse_phase(t, GAME.start(t), {"prediction": [0, -1, 158, None]}, "bid")
    assert [e.field for e in error.value.errors] == ["prediction-1", "prediction-2", "prediction-3"]
    # each names whose box it is (a screen-reader tester heard six identical sentences in TENNOS)
    assert [str(e.text) for e in error.value.errors] == [
        f"Announced points for {t.name(1)} cannot be less than 0.",
        f"Announced points for {t.name(2)} cannot be more than 157.",
        f"Announced points for {t.name(3)} is missing."]


def test_card_points_must_add_up_to_157():
    """differenzler.md Invariants: card points of all players sum to 157."""
    with pytest.raises(DealError) as error:
        GAME.replay(table(), [deal([40, 30, 50, 37], [45, 30, 60, 21])])
    assert "must add up to 157" in str(error.value)


@pytest.mark.parametrize("players, points, refused", [(4, [1, 50, 50, 56], ["points-0"]),
                                                       (3, [156, 0, 1], ["points-0", "points-2"])])
def test_a_count_no_cards_make_is_refused(players, points, refused):
    """differenzler.md "A deal": card points as in schieber.md (157 a deal, last trick +5); no card counts 1,
    so nobody takes exactly 1 card point, nor 156 (the others would hold 1). Each such box is named."""
    with pytest.raises(DealError) as error:
        GAME.replay(table(players), [deal([0] * players, points)])
    assert [e.field for e in error.value.error.errors] == refused
    count = points[int(refused[0][-1])]
    assert str(error.value) == f"Nobody can take exactly {count} card point{'s' if count != 1 else ''}."


# --- the extras house rule: Stöck and the best Weis ----------------------------------

def test_extras_add_stoeck_and_the_best_weis_to_the_card_points():
    """differenzler.md option extras: Stöck (20) and, for the best Weis at the table, all their Weis count."""
    d = deal([70, 60, 30, 40], [60, 40, 27, 30], trump="H",
             weis=[["AC", "KC", "QC"], ["6S", "7S", "8S", "9S"], [], []], stoeck=[False, False, False, True])
    result = GAME.replay(table(extras=True), [d]).results[0]
    # Bob's 4-sequence (50) beats Ann's 3-sequence: Bob 40 + 50 = 90; Dan 30 + Stöck 20 = 50.
    assert result.points == (10, 30, 3, 10)
    assert str(result.breakdown[1]) == "Bob: announced 60, took 40 + Stöck and Weis 50 = 90, off by 30: 30."


def test_extras_cards_that_make_no_weis_are_refused_naming_the_fours_that_count():
    """differenzler.md extras (Weis as schieber.md, where four nines count 150): three nines make no Weis,
    and the refusal names the fours this schedule counts, the nines among them."""
    d = deal([0, 0, 0, 0], [40, 40, 40, 37], trump="H", weis=[["9C", "9S", "9D"], [], [], []])
    with pytest.raises(DealError) as refused:
        GAME.replay(table(extras=True), [d])
    assert "four of a kind: A, K, Q, J, 10, 9)" in str(refused.value.error.text)
    assert GAME.replay(table(extras=True), [{**d, "weis": [["9C", "9S", "9D", "9H"], [], [], []]}])


def test_extras_a_weis_tie_goes_to_the_dealers_right():
    """differenzler.md extras (Weis as schieber.md): equal Weis, the player nearer the dealer's right wins."""
    d = deal([0, 0, 0, 0], [40, 40, 40, 37], trump="H", weis=[["AC", "KC", "QC"], [], [], ["AS", "KS", "QS"]],
             stoeck=[False] * 4)
    assert score(d, extras=True)[:4] == (40, 40, 40, 57)  # Ann deals: Dan is on her right


def test_extras_need_trump_and_one_stoeck():
    """differenzler.md extras: Stöck is the trump K and Q, held by one player."""
    no_trump = deal([0] * 4, [40, 40, 40, 37], trump=None, weis=[[]] * 4, stoeck=[True, False, False, False])
    with pytest.raises(DealError) as error:
        GAME.replay(table(extras=True), [no_trump])
    assert error.value.field == "trump"
    two = dict(no_trump, trump="C", stoeck=[True, True, False, False])
    with pytest.raises(DealError):
        GAME.replay(table(extras=True), [two])


def test_without_extras_weis_is_not_asked():
    """differenzler.md: no Weis, no Stöck by default."""
    t = table()
    assert {"weis", "stoeck", "took_trick"}.isdisjoint(f.name for f in GAME.deal_fields(t, GAME.start(t)))


# --- invariants -----------------------------------------------------------------------

@st.composite
def deals(draw, players):
    return deal([draw(st.integers(0, 157)) for _ in range(players)], draw(jass_counts(players)))


@given(st.sampled_from([3, 4]), st.data())
def test_penalties_cover_the_gap_between_announcements_and_157(players, data):
    """differenzler.md Invariants: a penalty is >= 0 except the -10 bonus; the sum of penalties (a bonus
    counted as 0) is at least |sum of predictions - 157|."""
    d = data.draw(deals(players))
    points = score(d, players)
    assert all(p >= 0 or p == -10 for p in points)
    assert sum(max(p, 0) for p in points) >= abs(sum(d["prediction"]) - 157)
    for seat, p in enumerate(points):
        assert p == abs(d["prediction"][seat] - d["points"][seat]) or (p == -10 and d["prediction"][seat] > 0)


@given(st.data())
def test_rotating_seats_rotates_the_penalties(data):
    """Rotating the players around the table rotates their penalties (nothing depends on the seat)."""
    d, k = data.draw(deals(4)), data.draw(any_seat(4))
    turned = deal(d["prediction"][k:] + d["prediction"][:k], d["points"][k:] + d["points"][:k])
    points = score(d)
    assert score(turned) == points[k:] + points[:k]


@given(st.lists(deals(3), min_size=12, max_size=12))
def test_totals_are_the_sum_and_the_lowest_wins(played):
    """differenzler.md End: after the agreed deals (12 with three) the lowest total wins."""
    standing = GAME.replay(table(3), played)
    assert standing.over
    assert standing.totals == tuple(sum(r.points[s] for r in standing.results) for s in range(3))
    assert standing.winners == tuple(s for s in range(3) if standing.totals[s] == min(standing.totals))


def test_hidden_announcements_are_not_shown_until_the_deal_is_saved():
    """differenzler.md option announcement: "hidden" changes only what the app shows before the deal."""
    hidden, said = table(announcement="hidden"), table()
    early = {"prediction": [40, 30, 50, 37]}
    assert not GAME.locked_shown(hidden) and GAME.locked_shown(said)
    assert GAME.pending_notes(hidden, GAME.start(hidden), early)
    assert not GAME.pending_notes(said, GAME.start(said), early)
    d = deal([40, 30, 50, 37], [45, 30, 60, 22])
    assert score(d, announcement="hidden") == score(d)


# --- statistics (issue 24): the figures a session counts ------------------------------------------

def test_figures_of_worked_examples_1_and_2():
    """differenzler.md worked examples 1 and 2 as one session: differences 5, 0, 10, 15 then 0, 5, 0, 5.
    Exact: Bob's 30 in deal 1, Ann's 0 (no bonus, still exact) and Cat's 47 in deal 2. Summed
    differences 5, 5, 10, 20 over 2 deals each (average 2.5, 2.5, 5, 10)."""
    deals = [deal([40, 30, 50, 37], [45, 30, 60, 22]), deal([0, 60, 47, 50], [0, 55, 47, 55])]
    assert counted_figures(GAME, table(), deals) == {
        "deals_played": [2, 2, 2, 2], "exact": [1, 1, 1, 0], "difference": [5, 5, 10, 20],
        "weis_points": [0, 0, 0, 0], "stoeck": [0, 0, 0, 0]}


def test_figures_with_extras_count_the_best_weis_by_each_deals_dealer():
    """differenzler.md option extras (Weis as schieber.md: a tie goes to the player nearer the dealer's
    right; the next dealer is the dealer's right). 1. Ann deals; Ann's and Dan's equal 3-sequences:
    Dan's counts, 20 (off: 40, 40, 40, 57). 2. Dan deals: Bob's 4-sequence (50) beats Ann's 3, Dan has
    Stöck (off: 10, 30, 3, 10). 3. Cat deals, the tie of deal 1 again: Ann, nearer Cat's right, gets the
    20 (off: 60, 40, 40, 37)."""
    tie = deal([0, 0, 0, 0], [40, 40, 40, 37], trump="H", weis=[["AC", "KC", "QC"], [], [], ["AS", "KS", "QS"]],
               stoeck=[False] * 4)
    stoeck = deal([70, 60, 30, 40], [60, 40, 27, 30], trump="H",
                  weis=[["AC", "KC", "QC"], ["6S", "7S", "8S", "9S"], [], []], stoeck=[False, False, False, True])
    deals = [tie, stoeck, tie]
    assert GAME.replay(table(extras=True), deals).totals == (110, 110, 83, 104)
    assert counted_figures(GAME, table(extras=True), deals) == {
        "deals_played": [3, 3, 3, 3], "exact": [0, 0, 0, 0], "difference": [110, 110, 83, 104],
        "weis_points": [20, 50, 0, 20], "stoeck": [0, 0, 0, 1]}

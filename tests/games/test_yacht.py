"""Yacht: every worked example of shared/rules/yacht.md, the bids, the options, the invariants."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError, RuleError

from .helpers import counted_figures, make_table, splits

GAME = get_game("yacht")
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")


def table(players=4, first_dealer=0, **options):
    return make_table(GAME, NAMES[:players], first_dealer, **options)


def goal(start, target):
    return ("goal", start, target)


TU, LTU = ("tu", None, None), ("ltu", None, None)


def deal(bids, tricks):
    """bids: one (kind, start, goal) per seat; tricks: one count per seat."""
    return {"bid": [b[0] for b in bids], "start": [b[1] for b in bids], "goal": [b[2] for b in bids],
            "tricks": list(tricks)}


def simple(bids, tricks):
    """bids: a number of tricks, "tu" or "ltu" per seat (option simple_bids)."""
    return {"bid": [b if isinstance(b, str) else "goal" for b in bids],
            "bid_tricks": [None if isinstance(b, str) else b for b in bids], "tricks": list(tricks)}


def score(d, players=4, **options):
    return GAME.replay(table(players, **options), [d]).results[0].points


FILLER = goal(0, 0)  # start 0, goal 0 with 13 cards: final = 2t - 13


# --- golden tests: the rules note's worked examples (house table) -----------------

def test_worked_example_start_5_goal_9_eight_tricks_scores_40():
    """yacht.md: 4 players (n = 13), start 5, goal 9, 8 tricks: final 5 + 16 - 13 = 8, distance 1: 40."""
    result = GAME.replay(table(), [deal([goal(5, 9), FILLER, FILLER, FILLER], [8, 5, 0, 0])]).results[0]
    assert result.points[0] == 40
    assert "5 + 2 x 8 - 13 = 8, goal 9, off by 1: 40" in str(result.breakdown[0])


def test_worked_example_tu_with_no_trick_scores_100():
    """yacht.md: T.U. with 0 tricks: 100."""
    assert score(deal([TU, FILLER, FILLER, FILLER], [0, 13, 0, 0]))[0] == 100


def test_worked_example_ltu_with_one_trick_scores_minus_200():
    """yacht.md: L.T.U. with 1 trick: -200."""
    assert score(deal([LTU, FILLER, FILLER, FILLER], [1, 12, 0, 0]))[0] == -200


# --- the score table -------------------------------------------------------------------

@pytest.mark.parametrize("start, tricks, final, expected", [
    (0, 9, 5, 50), (1, 8, 4, 40), (1, 9, 6, 40), (0, 8, 3, 30), (0, 10, 7, 30), (1, 7, 2, 20),
    (1, 10, 8, 20), (0, 7, 1, 10), (0, 11, 9, 10), (1, 6, 0, 0), (0, 12, 11, 0), (1, 13, 14, 0)])
def test_house_table_by_distance(start, tricks, final, expected):
    """yacht.md house table, goal 5, n = 13: distance 0..4 -> 50/40/30/20/10, 5 or more -> 0."""
    assert final == start + tricks - (13 - tricks)
    d = deal([goal(start, 5), FILLER, FILLER, FILLER], [tricks, 13 - tricks, 0, 0])
    assert score(d)[0] == expected


def test_tu_failed_minus_100_and_ltu_made_200():
    """yacht.md: T.U. failed -100, L.T.U. made 200."""
    assert score(deal([TU, LTU, FILLER, FILLER], [3, 0, 10, 0]))[:2] == (-100, 200)


def test_house_table_is_editable():
    """yacht.md: the points are 'our house table, an option the session can edit'."""
    d = deal([goal(5, 9), TU, LTU, FILLER], [8, 0, 2, 3])
    assert score(d, points_off_1=45, tu_made=150, ltu_failed=300)[:3] == (45, 150, -300)


def test_house_table_cannot_go_below_zero():
    """yacht.md: only T.U. and L.T.U. can score below zero."""
    with pytest.raises(RuleError):
        table(points_off_4=-10)


def test_breakdown_labels_the_house_table():
    """yacht.md: the points 'must be labelled so in the app'."""
    result = GAME.replay(table(), [deal([FILLER] * 4, [13, 0, 0, 0])]).results[0]
    assert any("house table" in str(line) for line in result.breakdown)


def test_row_summary_writes_a_deal_of_no_points_as_the_save_line_does():
    """A player who scores nothing in a deal is written "Cat 0" in the deal's row, as the board's
    save line writes it, not "+0" (the same helper writes Differenzler's, Italian Whist's and the
    free pad's rows)."""
    result = GAME.replay(table(), [deal([goal(5, 9), FILLER, FILLER, FILLER], [8, 5, 0, 0])]).results[0]
    assert result.points[0] > 0 and 0 in result.points
    assert str(result.summary) == "Yacht: " + ", ".join(
        f"{name} {points:+d}" if points else f"{name} 0" for name, points in zip(NAMES, result.points))
    assert "+0" not in str(result.summary)


@pytest.mark.parametrize("players, n", [(3, 17), (4, 13), (5, 10)])
def test_hand_size_by_player_count(players, n):
    """yacht.md Deal: 17 each with 3, 13 with 4, 10 with 5; start n goal n, every trick -> exact."""
    fields = {f.name: f for f in GAME.deal_fields(table(players), GAME.start(table(players)))}
    assert fields["tricks"].total == n and fields["start"].maximum == n and fields["goal"].maximum == n
    d = deal([goal(0, n)] + [goal(0, 0)] * (players - 1), [n] + [0] * (players - 1))
    assert score(d, players)[0] == 50


def test_simple_bids_option():
    """yacht.md simple_bids: bid a number of tricks, 50 - 10 x |tricks - bid|, never below 0."""
    d = simple([4, 2, "tu", 0], [4, 5, 0, 4])
    assert score(d, simple_bids=True) == (50, 20, 100, 10)
    assert score(simple([0, 13, 0, 0], [13, 0, 0, 0]), simple_bids=True)[:2] == (0, 0)


# --- bids: entered first, impossible ones refused ------------------------------------

def test_bid_fields_are_phase_bid_and_tricks_phase_play():
    """yacht.md Entry: bids first (locked once play starts), then tricks per player (sum = hand size)."""
    t = table()
    assert GAME.phases(t, GAME.start(t)) == ("bid", "play")
    phases = {f.name: f.phase for f in GAME.deal_fields(t, GAME.start(t))}
    assert phases == {"bid": "bid", "start": "bid", "goal": "bid", "tricks": "play"}


def test_numbers_of_a_tu_or_ltu_bid_are_not_read():
    """The start and goal boxes are asked only of a player who bid them (show_if per seat), so
    numbers left in them when the bid was switched to T.U. / L.T.U. are ignored, not refused."""
    t = table()
    raw = deal([("tu", 3, None), ("ltu", None, 4), goal(5, 9), FILLER], [])
    del raw["tricks"]
    parsed = GAME.parse_phase(t, GAME.start(t), raw, "bid")
    assert parsed["start"] == [None, None, 5, 0] and parsed["goal"][:3] == [None, None, 9]


def test_bid_phase_parses_alone():
    t = table()
    raw = deal([goal(5, 9), TU, LTU, FILLER], [0, 0, 0, 0])
    del raw["tricks"]
    parsed = GAME.parse_phase(t, GAME.start(t), raw, "bid")
    assert parsed["bid"] == ["goal", "tu", "ltu", "goal"] and parsed["start"] == [5, None, None, 0]


@pytest.mark.parametrize("bids, field, message", [
    ([("goal", None, 9), TU, TU, TU], "start-0", "Ann bid a start and a goal: enter the start number"),
    ([TU, ("goal", 3, None), TU, TU], "goal-1", "Bob bid a start and a goal: enter the goal number"),
    ([goal(14, 9), TU, TU, TU], "start-0", "more than 13"),
    ([goal(5, -1), TU, TU, TU], "goal-0", "less than 0"),
])
def test_impossible_bids_refused_in_bid_phase(bids, field, message):
    """yacht.md Bids: start and goal each from 0 to the hand size, or T.U. / L.T.U."""
    t = table()
    raw = deal(bids, [])
    del raw["tricks"]
    with pytest.raises(RuleError, match=message) as caught:
        GAME.parse_phase(t, GAME.start(t), raw, "bid")
    assert caught.value.field == field


def test_simple_bid_needs_its_number():
    t = table(simple_bids=True)
    raw = simple([None, 3, "tu", "ltu"], [])
    del raw["tricks"]
    with pytest.raises(RuleError, match="Ann bid a number of tricks") as caught:
        GAME.parse_phase(t, GAME.start(t), raw, "bid")
    assert caught.value.field == "bid_tricks-0"


@pytest.mark.parametrize("tricks, field", [([5, 5, 2, 0], "tricks"), ([14, 0, 0, 0], "tricks-0"),
                                           ([-1, 7, 7, 0], "tricks-0")])
def test_tricks_must_add_up_to_the_hand_size(tricks, field):
    """yacht.md Entry: tricks per player (sum = hand size)."""
    with pytest.raises(DealError) as caught:
        GAME.replay(table(), [deal([FILLER] * 4, tricks)])
    assert caught.value.field == field


def test_check_deal_refuses_wrong_trick_total_directly():
    t = table()
    with pytest.raises(RuleError, match="13 tricks") as caught:
        GAME.check_deal(t, GAME.start(t), deal([FILLER] * 4, [5, 5, 2, 0]))
    assert caught.value.field == "tricks"


# --- the session -----------------------------------------------------------------------

def test_dealer_rotates_clockwise():
    """yacht.md Deal: dealer rotates clockwise."""
    t = table(first_dealer=2)
    deals = [deal([FILLER] * 4, [13, 0, 0, 0])] * 3
    assert [GAME.replay(t, deals[:k]).dealer for k in range(4)] == [2, 3, 0, 1]


def test_notes_name_dealer_and_the_two_of_clubs_rule():
    """yacht.md Deal: the holder of the club 2 (diamond 2 when clubs are trump) leads first."""
    notes = [str(n) for n in GAME.replay(table(first_dealer=1), []).notes]
    assert notes[0] == "Bob deals 13 cards each."
    assert any("♣2" in n and "♦2 when clubs are trump" in n for n in notes)
    assert not any("dealer's left" in n for n in notes)


def test_notes_pagat_dealing_removes_threes():
    """yacht.md Deal: with 3 players remove one non-trump three, with 5 players two."""
    assert "one non-trump three" in str(GAME.replay(table(3), []).notes[0])
    assert "two non-trump threes" in str(GAME.replay(table(5), []).notes[0])


def test_notes_seed_dealing_names_the_fallback_leader():
    """yacht.md Deal: with seed_dealing, if nobody holds the two, the dealer's left leads."""
    notes = [str(n) for n in GAME.replay(table(5, first_dealer=4, seed_dealing=True), []).notes]
    assert notes[0] == "Eve deals 10 cards each and sets the 2 left over aside."
    assert any("Ann (the dealer's left) leads" in n for n in notes)


def test_game_ends_when_someone_reaches_500_highest_wins():
    """yacht.md End: after a deal in which someone reaches 500; highest total wins."""
    # Ann L.T.U. made (+200) each deal; Bob takes everything with start 13 goal 13 (+50).
    d = deal([LTU, goal(0, 13), FILLER, FILLER], [0, 13, 0, 0])
    standing = GAME.replay(table(), [d, d])
    assert not standing.over and standing.totals == (400, 100, 0, 0)
    standing = GAME.replay(table(), [d, d, d])
    assert standing.over and standing.totals == (600, 150, 0, 0) and standing.winners == (0,)
    assert standing.notes == () and standing.dealer is None
    with pytest.raises(DealError, match="over"):
        GAME.replay(table(), [d] * 4)


def test_target_1000_option():
    """yacht.md End: 500 (or 1000)."""
    d = deal([LTU, goal(0, 13), FILLER, FILLER], [0, 13, 0, 0])
    assert not GAME.replay(table(target=1000), [d] * 4).over
    assert GAME.replay(table(target=1000), [d] * 5).over


def test_tie_is_a_draw():
    """yacht.md End: a tie is a draw: everyone tied for the highest total shares the win."""
    d = deal([LTU, LTU, goal(0, 13), FILLER], [0, 0, 13, 0])
    standing = GAME.replay(table(), [d] * 3)
    assert standing.over and standing.totals == (600, 600, 150, 0)
    assert standing.winners == (0, 1)


def test_agreed_number_of_deals_option():
    """Seed: 'or agree on a number of deals beforehand'."""
    d = deal([FILLER] * 4, [13, 0, 0, 0])
    standing = GAME.replay(table(deals=2), [d, d])
    assert standing.over and standing.deals_left == 0


# --- invariants -------------------------------------------------------------------

@st.composite
def deals(draw, players=4):
    n = {3: 17, 4: 13, 5: 10}[players]
    tricks = draw(splits(n, players))
    bids = []
    for _ in range(players):
        kind = draw(st.sampled_from(["goal", "goal", "tu", "ltu"]))
        bids.append((kind, draw(st.integers(0, n)), draw(st.integers(0, n))) if kind == "goal" else (kind, None, None))
    return deal(bids, tricks)


@given(deals())
def test_tricks_sum_to_hand_size_and_only_special_bids_go_negative(d):
    assert sum(d["tricks"]) == 13
    points = score(d)
    for seat, p in enumerate(points):
        if d["bid"][seat] == "goal":
            assert p in (0, 10, 20, 30, 40, 50)
        else:
            assert p == ({"tu": 100, "ltu": 200}[d["bid"][seat]] * (1 if d["tricks"][seat] == 0 else -1))


@given(deals(), st.lists(st.integers(-3, 3), min_size=4, max_size=4))
def test_tricks_not_adding_up_are_refused(d, shifts):
    tricks = [max(0, t + s) for t, s in zip(d["tricks"], shifts)]
    if sum(tricks) != 13:
        with pytest.raises(DealError):
            GAME.replay(table(), [{**d, "tricks": tricks}])


@given(deals(), st.integers(0, 3))
def test_rotating_seats_rotates_results(d, shift):
    def rotate(values):
        return list(values[shift:]) + list(values[:shift])
    turned = {key: rotate(values) for key, values in d.items()}
    assert list(score(turned)) == rotate(score(d))


@given(st.lists(deals(), max_size=15))
def test_totals_equal_replay_and_game_stops_once_over(ds):
    t = table()
    played = []
    for d in ds:
        before = GAME.replay(t, played)
        if before.over:
            with pytest.raises(DealError, match="over"):
                GAME.replay(t, played + [d])
            break
        played.append(d)
    standing = GAME.replay(t, played)
    assert standing.totals == tuple(sum(r.points[s] for r in standing.results) for s in range(4))
    assert all(max(running) < 500 for running in standing.running[:-1])
    assert standing.over == (bool(played) and max(standing.totals) >= 500)
    if standing.over:
        assert set(standing.winners) == {s for s in range(4) if standing.totals[s] == max(standing.totals)}


@given(deals(players=5))
def test_bid_phase_then_play_equals_whole_deal(d):
    t = table(5)
    state = GAME.start(t)
    bids = {k: v for k, v in d.items() if k != "tricks"}
    locked = GAME.parse_phase(t, state, bids, "bid")
    assert GAME.parse_phase(t, state, {**locked, "tricks": d["tricks"]}, "play") == GAME.parse(t, state, d)


def test_statistics_count_bids_made_and_the_distance_to_the_goal():
    """rules/yacht.md, Bids: T.U. / L.T.U. are made with no trick; a bid on a goal ends
    |start + 2t - n - goal| away. Hand-counted, n = 13: deal 1 Ann 5 + 16 - 13 = 8 vs 9 (1), Dan
    0 + 8 - 13 = -5 vs 0 (5); deal 2 Bob 3 + 10 - 13 = 0 vs 3 (3), Cat 13 + 12 - 13 = 12 vs 1 (11);
    deal 3 Ann 1 + 14 - 13 = 2 vs 2 (hit), Bob 2 + 12 - 13 = 1 vs 0 (1)."""
    deals = [deal([goal(5, 9), TU, LTU, goal(0, 0)], [8, 0, 1, 4]),
             deal([TU, goal(3, 3), goal(13, 1), LTU], [2, 5, 6, 0]),
             deal([goal(1, 2), goal(2, 0), TU, TU], [7, 6, 0, 0])]
    assert counted_figures(GAME, table(), deals) == {
        "tu_bids": [1, 1, 1, 1], "tu_made": [0, 1, 1, 1], "ltu_bids": [0, 0, 1, 1], "ltu_made": [0, 0, 0, 1],
        "goal_bids": [2, 2, 1, 1], "goals_hit": [1, 0, 0, 0], "distance": [1, 4, 11, 5]}


def test_statistics_with_simple_bids_measure_tricks_against_the_bid():
    """rules/yacht.md, option simple_bids: the distance is |tricks - bid|: 7 vs 5, 3 vs 3, 3 vs 2."""
    counted = counted_figures(GAME, table(simple_bids=True), [simple([5, "tu", 3, 2], [7, 0, 3, 3])])
    assert counted["distance"] == [2, 0, 0, 1] and counted["goals_hit"] == [0, 0, 1, 0]
    assert counted["goal_bids"] == [1, 0, 1, 1] and counted["tu_made"] == [0, 1, 0, 0]


def test_every_bid_problem_of_a_deal_is_named_at_once():
    """A newcomer's bids: Ann's start 14 (13 cards) and Dan's missing goal took two saves to hear of; the
    box of the wrong kind and the rules' refusals of the others come in one refusal (issue 23 item 8)."""
    t = table()
    raw = {"bid": ["goal", "tu", "tu", "goal"], "start": [14, None, None, 5], "goal": [9, None, None, None]}
    with pytest.raises(RuleError) as caught:
        GAME.parse_phase(t, GAME.start(t), raw, "bid")
    assert [(e.field, str(e.text)) for e in caught.value.errors] == [
        ("start-0", "Start number for Ann cannot be more than 13."),
        ("goal-3", "Dan bid a start and a goal: enter the goal number.")]

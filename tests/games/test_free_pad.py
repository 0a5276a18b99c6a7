"""The free score pad: the worked examples of shared/rules/free-pad.md, its options, invariants."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError, RuleError
from scorekeeper.games.entry import resolve_options

from .helpers import counted_figures, make_table, player_names

GAME = get_game("free_pad")
NOTE = "rules/free-pad.md, decided 2026-11-26"


def rounds(*numbers):
    return [{"points": list(row)} for row in numbers]


# --- golden tests: the worked examples ----------------------------------------------------------

def test_worked_example_1_three_players_highest_wins_target_100():
    """rules/free-pad.md, worked example 1: rounds (30, 20, 45), (50, 40, 30), (25, 45, 10): totals
    105, 105, 85: ends after round 3; the two on 105 share the win."""
    table = make_table(GAME, ("Anna", "Ben", "Cleo"), winner="highest", target=100)
    deals = rounds((30, 20, 45), (50, 40, 30), (25, 45, 10))
    assert not GAME.replay(table, deals[:2]).over
    standing = GAME.replay(table, deals)
    assert standing.totals == (105, 105, 85)
    assert standing.over and standing.winners == (0, 1)
    with pytest.raises(RuleError, match="over"):
        GAME.replay(table, deals + rounds((1, 1, 1)))


def test_worked_example_2_four_players_lowest_wins_target_100():
    """rules/free-pad.md, worked example 2: lowest wins, target 100: totals after round 6 are 104, 61,
    88, 61: the game ends; the two on 61 win (not the one who reached the target)."""
    table = make_table(GAME, player_names(4), winner="lowest", target=100)
    deals = rounds((20, 10, 15, 10), (20, 10, 15, 11), (20, 10, 15, 10),
                   (20, 10, 15, 10), (10, 11, 13, 10), (14, 10, 15, 10))
    before = GAME.replay(table, deals[:5])
    assert before.totals == (90, 51, 73, 51) and not before.over
    standing = GAME.replay(table, deals)
    assert standing.totals == (104, 61, 88, 61)
    assert standing.over and standing.winners == (1, 3)
    assert "lowest total wins" in str(GAME.winner_rule(table))


def test_worked_example_3_two_teams_highest_wins_three_rounds():
    """rules/free-pad.md, worked example 3: two teams, highest wins, 3 rounds: (12, -4), (0, 7), (5, 5):
    totals 17, 8 after round 3: the first team wins (both its players)."""
    table = make_table(GAME, ("Anna", "Ben", "Cleo", "Dan"), teams=2, rounds=3)
    assert GAME.teams(table) == ((0, 2), (1, 3))  # partners sit alternately, as at a card table
    deals = [{"points": [a, b, None, None]} for a, b in ((12, -4), (0, 7), (5, 5))]
    standing = GAME.replay(table, deals)
    assert standing.totals == (17, 8, 17, 8)
    assert standing.over and standing.winners == (0, 2)
    assert [str(line) for line in standing.results[0].breakdown] == ["Anna & Cleo: +12, total 12.",
                                                                   "Ben & Dan: -4, total -4."]


# --- the rules of a round and of the end ----------------------------------------------------------

def test_an_empty_box_counts_0_and_negative_numbers_are_allowed():
    """rules/free-pad.md "A round": one whole number per side, negative allowed; an empty field counts 0."""
    table = make_table(GAME, player_names(3))
    standing = GAME.replay(table, [{"points": ["-7", None, ""]}])
    assert standing.results[0].points == (-7, 0, 0)


def test_a_round_is_a_whole_number_named_at_its_box():
    """rules/free-pad.md "A round": one whole number per side."""
    with pytest.raises(DealError) as refused:
        GAME.replay(make_table(GAME, player_names(2)), [{"points": [3, "2.5"]}])
    assert refused.value.field == "points-1"


def test_without_target_or_rounds_the_table_ends_it_by_hand():
    """rules/free-pad.md "Set-up": with neither target nor rounds, the table ends it by hand."""
    table = make_table(GAME, player_names(2))
    standing = GAME.replay(table, rounds(*[(500, -500)] * 30))
    assert not standing.over and standing.deals_left is None
    assert "by hand" in str(GAME.winner_rule(table))


def test_rounds_and_target_whichever_comes_first():
    """rules/free-pad.md "Set-up": with both a target and a number of rounds, whichever comes first."""
    table = make_table(GAME, player_names(2), target=50, rounds=4)
    assert GAME.replay(table, rounds((60, 0))).over  # the target first
    standing = GAME.replay(table, rounds(*[(1, 2)] * 3))
    assert not standing.over and standing.deals_left == 1
    assert GAME.replay(table, rounds(*[(1, 2)] * 4)).over  # the rounds first


def test_one_player_keeps_a_pad_alone():
    """rules/free-pad.md "Set-up": 1 to 12 players."""
    assert GAME.players == tuple(range(1, 13))
    standing = GAME.replay(make_table(GAME, ("Solo",), target=10), rounds((4,), (6,)))
    assert standing.over and standing.winners == (0,)


@pytest.mark.parametrize("n, teams", [(4, 3), (5, 3), (3, 2), (4, 1)])
def test_teams_need_two_players_each(n, teams):
    """rules/free-pad.md "Set-up": teams, each team a name and its players (two or more)."""
    with pytest.raises(RuleError) as refused:
        GAME.check_table(make_table(GAME, player_names(n), teams=teams))
    assert refused.value.field == "teams"
    # one team is no team game; its refusal does not say "1 teams"
    assert "1 teams" not in refused.value.text.render()


def test_teams_are_named_as_the_table_names_them():
    """rules/free-pad.md "Set-up": teams, each team a name and its players; worked example 3 with named
    teams. An unnamed team is named by its players; more names than teams are refused at the names."""
    table = make_table(GAME, ("Anna", "Ben", "Cleo", "Dan"), teams=2, team_names="Wir、")
    result = GAME.replay(table, rounds((12, -4, None, None), (0, 7, None, None), (5, 5, None, None))).results[-1]
    assert [line.render() for line in result.breakdown] == ["Wir: +5, total 17.", "Ben & Dan: +5, total 8."]
    assert result.summary.render() == "Scores: Wir +5, Ben & Dan +5"
    with pytest.raises(RuleError) as refused:
        GAME.check_table(make_table(GAME, player_names(4), teams=2, team_names="Us, Them, Others"))
    assert refused.value.field == "team_names"
    assert refused.value.text.render() == "3 team names for 2 teams: one name a team, separated by commas."
    assert resolve_options(GAME.options, {"team_names": "Us, Them"})["team_names"] == ""  # no teams: not kept


def test_the_name_of_the_game_is_free_text_shown_with_the_session():
    """rules/free-pad.md "Set-up": a name for the game (free text)."""
    options = resolve_options(GAME.options, {"name": "  Rummy \n 500 "})
    assert options["name"] == "Rummy 500"
    assert str(GAME.title(options)) == "Free score pad: Rummy 500"
    assert str(GAME.title(resolve_options(GAME.options, {}))) == "Free score pad"
    with pytest.raises(RuleError, match="at most 40 characters"):
        resolve_options(GAME.options, {"name": "x" * 41})
    with pytest.raises(RuleError, match="enter text"):
        resolve_options(GAME.options, {"name": 7})


# --- invariants ---------------------------------------------------------------------------------------

@st.composite
def sessions(draw):
    """A table (1-12 players, maybe teams), its options and rounds of any whole numbers."""
    n = draw(st.integers(1, 12))
    teams = draw(st.sampled_from([0, *range(2, n // 2 + 1)]))
    options = {"winner": draw(st.sampled_from(["highest", "lowest"])), "teams": teams,
               "target": draw(st.sampled_from([0, 50, 200])), "rounds": draw(st.integers(0, 8))}
    numbers = st.one_of(st.none(), st.integers(-100, 100))
    played = draw(st.lists(st.lists(numbers, min_size=n, max_size=n), max_size=10))
    if teams:  # one number per side, under its first player, as the page sends it (a partner's is empty)
        played = [row[:teams] + [None] * (n - teams) for row in played]
    return make_table(GAME, player_names(n), **options), [{"points": row} for row in played]


def playable(table, deals):
    """The rounds up to the end of the game (a round after it is refused)."""
    for count in range(len(deals) + 1):
        if GAME.replay(table, deals[:count]).over:
            return deals[:count]
    return deals


@given(sessions())
def test_totals_are_the_sums_of_the_rounds_and_every_side_has_every_round(session):
    """rules/free-pad.md "Invariants": total = sum of the side's round numbers; the same number of rounds
    for every side; nothing scored outside rounds."""
    table, deals = session
    deals = playable(table, deals)
    standing = GAME.replay(table, deals)
    k = table.options["teams"]
    for seat in range(table.size):
        box = seat % k if k else seat
        assert standing.totals[seat] == sum(deal["points"][box] or 0 for deal in deals)
        assert len([result.points[seat] for result in standing.results]) == len(deals)
    for team in GAME.teams(table):
        assert len({standing.totals[seat] for seat in team}) == 1


@given(sessions())
def test_the_winner_is_the_best_total_as_set_and_the_end_is_as_set(session):
    """rules/free-pad.md "End and winner": the best total by `winner` wins, equal best totals share;
    the game ends after the round that reaches the target, or after the agreed rounds."""
    table, deals = session
    deals = playable(table, deals)
    standing = GAME.replay(table, deals)
    opts = table.options
    reached = bool(opts["target"]) and max(standing.totals) >= opts["target"]
    assert standing.over == (reached or bool(opts["rounds"]) and len(deals) >= opts["rounds"])
    if standing.over:
        best = (min if opts["winner"] == "lowest" else max)(standing.totals)
        assert standing.winners == tuple(s for s, total in enumerate(standing.totals) if total == best)
        earlier = GAME.replay(table, deals[:-1]) if deals else None
        assert earlier is None or not earlier.over  # it ended with the last round, not before


# --- statistics (issue 24): the figures a session counts ------------------------------------------

def test_figures_of_worked_example_1_each_player_won_one_round():
    """rules/free-pad.md, worked example 1 (highest wins): Cleo's 45, Anna's 50, Ben's 45 win the rounds."""
    table = make_table(GAME, ("Anna", "Ben", "Cleo"), winner="highest", target=100)
    deals = rounds((30, 20, 45), (50, 40, 30), (25, 45, 10))
    assert counted_figures(GAME, table, deals) == {"deals_played": [3, 3, 3], "deals_won": [1, 1, 1]}


def test_figures_of_worked_example_2_lowest_wins_and_ties_share():
    """rules/free-pad.md, worked example 2 (lowest wins), the rounds of its test: the lowest number of each
    round wins it, equal lowest numbers each: P1 and P3 share rounds 1, 3, 4 and 6, P1 alone has round 2,
    P0 and P3 share round 5."""
    table = make_table(GAME, player_names(4), winner="lowest", target=100)
    deals = rounds((20, 10, 15, 10), (20, 10, 15, 11), (20, 10, 15, 10),
                   (20, 10, 15, 10), (10, 11, 13, 10), (14, 10, 15, 10))
    assert counted_figures(GAME, table, deals) == {"deals_played": [6] * 4, "deals_won": [1, 5, 0, 5]}


def test_figures_of_worked_example_3_teams_and_an_equal_round():
    """rules/free-pad.md, worked example 3 (two teams): the first team wins round 1, the second round 2;
    round 3 (5, 5) is won by nobody. Every partner counts the team's round."""
    table = make_table(GAME, ("Anna", "Ben", "Cleo", "Dan"), teams=2, rounds=3)
    deals = [{"points": [a, b, None, None]} for a, b in ((12, -4), (0, 7), (5, 5))]
    assert counted_figures(GAME, table, deals) == {"deals_played": [3] * 4, "deals_won": [1, 1, 1, 1]}


def test_too_many_players_are_refused_naming_how_many_may_play():
    """rules/free-pad.md: 1 to 12 players. A tester read "1 / 2 / 3 / 4 / 5 / 6 / 7 / 8 / 9 / 10 / 11 / 12"."""
    with pytest.raises(RuleError) as error:
        GAME.check_table(make_table(GAME, tuple(f"P{n}" for n in range(13))))
    assert str(error.value) == "Free score pad is played by 1–12 players."


def test_a_partners_number_is_the_teams_or_refused_not_dropped():
    """rules/free-pad.md "Set-up": one whole number per side. An API client sending a number per player
    had the partners' dropped unread ([10, 3, -4, 8] stored as [10, 3, 0, 0], a tester); a partner's
    number is empty, 0 or the team's, another is refused naming it, as in the other team games."""
    table = make_table(GAME, ("X1", "X2", "X3", "X4", "X5"), teams=2)
    assert GAME.replay(table, [{"points": [10, 3, 10, None, 0]}]).state.totals == (10, 3, 10, 3, 10)
    with pytest.raises(DealError) as refused:
        GAME.replay(table, [{"points": [10, 3, -4, 8, None]}])
    assert refused.value.field == "points-2"
    assert str(refused.value.text) == ("Team points: a team's entry goes under its first player, X1; the one sent "
                                       "for X3 differs from it.")
    three = make_table(GAME, ("X1", "X2", "X3", "X4", "X5", "X6"), teams=3)
    with pytest.raises(DealError) as refused:
        GAME.replay(three, [{"points": [1, 2, 3, 1, 2, 4]}])
    assert refused.value.field == "points-5" and "X3; the one sent for X6" in str(refused.value.text)

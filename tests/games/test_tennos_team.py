"""TENNOS team game: the worked examples of shared/rules/tennos-team.md, each mode's winner rules,
the checks and the invariants."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError, RuleError, Table
from scorekeeper.games.tennos_deck import PICTURE_CARDS, TENNOS_SUITS
from scorekeeper.games.tennos_team import picture_points, player_points

from .helpers import make_table, shared_out

GAME = get_game("tennos_team")


def table(n=4, **options):
    return make_table(GAME, "ABCDEF"[:n], **options)


def game(suit, pictures, jokers=None, ace=None, **extra):
    n = len(suit)
    return {"suit": list(suit), "pictures": [list(p) for p in pictures], "jokers": jokers or [0] * n,
            "ace": ace or [False] * n, **extra}


def play(d, n=None, **options):
    return GAME.replay(table(n or len(d["suit"]), **options), [d])


def text(result):
    return " ".join(str(line) for line in result.breakdown)


# --- golden tests: the worked examples -------------------------------------------

# Worked examples 1 and 2 in one 4-player team game: A spade, B heart, C club, D diamond.
EXAMPLE = game("SHCD", [["JS", "QS", "KS", "JH"], ["JC", "QC", "KC", "JD", "JL", "JX"], [], []],
               ace=[True, False, False, False])


def test_worked_example_1_spade_player_14():
    """Example 1: own 3 x 3 = 9, other 2, J-Q-K of own colour 2, ace in hand 1: 14."""
    result = play(EXAMPLE).results[0]
    assert result.points[0] == 14
    assert player_points("S", ["JS", "QS", "KS", "JH"], 0, True) == 14
    assert "own suit 9 + other pictures 2 + J-Q-K own colour 2 + ace in hand 1 = 14" in text(result)


def test_each_players_line_names_the_suit_in_words_beside_its_symbol():
    """Issue 23 item 3, suits unmistakable wherever text shows one: the leaf and the club read as words
    too, not only as symbols a font may draw alike."""
    result = play(game("SHXLCD", [[]] * 6, battalions_black=0, battalions_red=0)).results[0]
    assert "D (❧ leaf): 0 = 0." in text(result) and "E (♣ club): 0 = 0." in text(result)


def test_worked_example_2_heart_player_17():
    """Example 2: six other pictures 12, club J-Q-K of the other colour 3, four jacks 2: 17."""
    result = play(EXAMPLE).results[0]
    assert result.points[1] == 17
    assert picture_points("H", ["JC", "QC", "KC", "JD", "JL", "JX"]) == {
        "own": 0, "other": 12, "own_sets": 0, "other_sets": 3, "same_rank": 2}


# Example 3: black (spade 15 + club 15 = 30) v red (heart 20 + diamond 11 = 31).
def close_game(d_extra=()):
    return game("SHCD", [["JS", "QS", "KS", "JX"], ["JH", "QH", "KH", "JL", "QL", "KL"],
                         ["JC", "QC", "KC", "QX"], ["JD", "QD", "KD", *d_extra]],
                jokers=[1, 0, 1, 0], ace=[True, True, True, False])


def test_worked_example_3_within_one_point_second_best_decides():
    """Example 3: totals 30 v 31 are within one point; black's second-best 15 beats red's 11."""
    result = play(close_game()).results[0]
    assert result.points == (15, 20, 15, 11)
    assert "= 30" in text(result) and "= 31" in text(result)
    assert play(close_game()).state.wins == (1, 0, 1, 0)
    assert "second-best players 15, 11" in text(result)
    # the list takes the reader's comma (a tester read "11, 3" inside Japanese)
    japanese = " ".join(line.render(lambda msgid: "、" if msgid == ", " else msgid) for line in result.breakdown)
    assert "second-best players 15、11" in japanese


def test_two_points_apart_the_higher_total_wins():
    """'if the totals differ by at most 1 point' only: 30 v 33 (diamond adds the cross K) is red's."""
    result = play(close_game(["KX"])).results[0]
    assert result.points[3] == 13
    assert play(close_game(["KX"])).state.wins == (0, 1, 0, 1)
    assert "higher total" in text(result)


def test_equal_second_best_the_spade_team_wins():
    """'Still equal: the team of the spade player wins': 10+10 v 10+11 (red within one point)."""
    d = game("SHCD", [["JS", "QH"], ["JH", "QS"], ["JC", "QD"], ["JD", "QC"]],  # own 3 + other 2 = 5 each
             jokers=[2, 2, 0, 0], ace=[False, True, False, False])
    result = play(d).results[0]
    assert result.points == (7, 8, 5, 5)  # black 12, red 13; second-best 5 v 5
    assert play(d).state.wins == (1, 0, 1, 0) and "still equal: the spade player's team" in text(result)


# --- team mode rules --------------------------------------------------------------

def test_battalions_count_for_the_team_only_with_six_players():
    """'each battalion formed by the team (won or not): 2 to the team'; three players per team needed."""
    assert "battalions_black" not in {f.name for f in GAME.deal_fields(table(4), GAME.start(table(4)))}
    d = game("SHXLCD", [["JS"], ["JH"], [], [], [], []], battalions_black=0, battalions_red=1)
    result = play(d).results[0]
    assert result.points == (3, 3, 0, 0, 0, 0)  # not added to a player
    assert "The red team (B, D, F): 3 + 0 + 0 + 1 battalion x 2 = 5." in text(result)  # one battalion, singular
    assert play(d).state.wins == (0, 1, 0, 1, 0, 1)


def test_six_player_teams_by_ace_colour_three_against_three():
    """'Teams: players whose ace has the same colour'; spade, cross, club black."""
    d = game("DSHXLC", [[]] * 6)
    groups = GAME.groups(table(6), d)
    assert groups == {"black": [1, 3, 5], "red": [2, 4, 0]}


def test_set_of_own_colour_and_same_rank_groups():
    """J-Q-K of a suit of the team colour 2; same rank 4/5/6 -> 2/5/8 (on top of the card points)."""
    assert picture_points("S", ["JX", "QX", "KX"])["own_sets"] == 2  # cross is black
    assert picture_points("S", ["JL", "QL", "KL"])["other_sets"] == 3  # leaf is red
    jacks = [j + s for j in "J" for s in TENNOS_SUITS]
    assert [picture_points("S", jacks[:n])["same_rank"] for n in (3, 4, 5, 6)] == [0, 2, 5, 8]
    assert player_points("S", jacks, 0, False) == 3 + 5 * 2 + 8


# --- individual and secret modes ----------------------------------------------------

def test_individual_highest_score_then_fewer_pictures_then_nearest_spade():
    """Individual: 'tie: fewer captured picture cards; still tied: nearest to the spade player'."""
    d = game("HXL", [["JH", "QS"], ["JS", "QD", "KD"], ["QH"]], jokers=[1, 0, 0], ace=[False, False, False])
    assert play(d, mode="individual").results[0].points == (6, 6, 2)
    assert play(d, mode="individual").state.wins == (1, 0, 0)  # 2 cards beat 3
    d = game("LHX", [["JS", "QS"], ["JH", "QD"], []])
    assert play(d, mode="individual").results[0].points == (4, 5, 0)
    assert play(d, mode="individual").state.wins == (0, 1, 0)
    d = game("LXS", [["JS", "QS"], ["JH", "QD"], []], jokers=[0, 0, 0])
    tie = play(d, mode="individual")
    assert tie.results[0].points == (4, 4, 0)
    assert tie.state.wins == (0, 1, 0) and "nearest to the spade player" in text(tie.results[0])


def test_individual_sets_compare_with_own_suit_colour():
    """Individual: 'the J-Q-K sets compare with the player's own suit colour'."""
    d = game("LS", [["JD", "QD", "KD"], ["JH", "QH", "KH"]])
    assert play(d, mode="individual").results[0].points == (6 + 2, 6 + 3)


def test_secret_teams_by_joker_colour_tie_on_lower_member():
    """Secret: pairs by joker colour; tied team totals -> the higher lower-scoring member wins."""
    d = game("SHXLCD", [["JS", "QS"], ["JH"], ["JX"], ["QX", "KX"], ["QL"], ["JL"]],
             joker=["black", "red", "white", "black", "red", "white"])
    result = play(d, mode="secret").results[0]
    assert result.points == (6, 3, 3, 4, 2, 2)
    # black 6+4=10, red 3+2=5, white 3+2=5: black clearly
    assert play(d, mode="secret").state.wins == (1, 0, 0, 1, 0, 0)
    # black A+D: 6 + 0; red B+E: 3 + 3; white C+F: 3 + 0 -> black and red tie on 6, red's lower 3 > 0
    d = game("SHXLCD", [["JS", "QS"], ["JH"], ["JX"], [], ["JC"], []],
             joker=["black", "red", "white", "black", "red", "white"])
    tie = play(d, mode="secret")
    assert tie.results[0].points == (6, 3, 3, 0, 3, 0)
    assert tie.state.wins == (0, 1, 0, 0, 1, 0) and "lower-scoring members 0, 3" in text(tie.results[0])


def test_secret_full_tie_goes_to_the_pair_nearest_spade():
    d = game("SHXLCD", [["JH"], ["JS"], ["JC"], ["JX"], [], []],
             joker=["black", "red", "black", "red", "white", "white"])
    result = play(d, mode="secret")
    assert result.results[0].points == (2, 2, 2, 2, 0, 0)  # black 4 (2, 2) v red 4 (2, 2)
    assert result.state.wins == (1, 0, 1, 0, 0, 0)


# --- checks ------------------------------------------------------------------------

@pytest.mark.parametrize(
    "deal, options, field, message",
    [
        (game("SHCS", [[]] * 4), {}, "suit-3", "A and D both entered ♠"),
        (game("SHCD", [["JS"], [], ["QS", "JS"], []]), {}, "pictures-2", "♠J is entered for both A and C"),
        (game("SHCD", [[]] * 4, jokers=[2, 0, 1, 0]), {}, "jokers", "black team had two jokers; A, C entered 3"),
        (game("SHCD", [[]] * 4, jokers=[0, 2, 0, 0]), {"mode": "individual"}, "jokers-1", "more than 1"),
        (game("SHXLCD", [[]] * 6, joker=["black"] * 3 + ["red"] * 2 + ["white"]), {"mode": "secret"}, "joker",
         "black: A, B, C"),
        (game("SHXD", [[]] * 4), {}, "suit-2", "is not one of"),
    ],
)
def test_impossible_games_are_refused_with_a_reason(deal, options, field, message):
    with pytest.raises(DealError) as caught:
        play(deal, **options)
    assert caught.value.field == field and message in str(caught.value)


@pytest.mark.parametrize("mode, n, ok", [("team", 4, True), ("team", 5, False), ("secret", 4, False),
                                         ("individual", 2, True), ("secret", 6, True)])
def test_player_counts_per_mode(mode, n, ok):
    if ok:
        GAME.check_table(table(n, mode=mode))
    else:
        with pytest.raises(RuleError):
            GAME.check_table(table(n, mode=mode))


# --- the series ---------------------------------------------------------------------

def test_sessions_frozen_before_session_winner_keep_most_wins_then_team_points():
    """Options frozen without session_winner (sessions before 2026-11-26) keep their reading: most games
    won, then the totals of the teams each player played in."""
    options = dict(table(4, deals=2).options)
    del options["session_winner"]
    t = Table(tuple("ABCD"), options)
    standing = GAME.replay(t, [close_game(), close_game(["KX"])])
    assert standing.over and standing.state.wins == (1, 1, 1, 1)
    # wins tie 1-1; team totals: black 30 + 30, red 31 + 33: the whole red team (B and D) wins
    assert standing.totals == (30, 40, 30, 24) and standing.winners == (1, 3)
    assert standing.state.team_points == (60, 64, 60, 64)
    assert str(standing.seat_notes[0]) == "1 game won"
    assert str(GAME.winner_rule(t)) == "Most games won, then the highest team total, wins the session."


# --- rules/tennos-team.md, decided 2026-11-26 (session winner) --------------------------------

# Three players in individual mode (A spade, B heart, C cross): A wins games 1 and 2 with 6 points
# (spade J and Q, own suit 3 + 3) against B's 3 (heart J); B wins game 3 with 20 (heart J-Q-K own 9 +
# cross J-Q-K other 6 + sets 2 + 3) against A's 3. Totals A 15, B 26, C 0; games won A 2, B 1.
SMALL_WIN = game("SHX", [["JS", "QS"], ["JH"], []])
BIG_WIN = game("SHX", [["JS"], ["JH", "QH", "KH", "JX", "QX", "KX"], []])


def test_decided_2026_11_26_highest_running_total_wins_the_session():
    """rules/tennos-team.md, decided 2026-11-26: the session's winner is the highest running total
    (players in individual mode): B with 26 wins although A won two games of three."""
    t = table(3, deals=3)
    standing = GAME.replay(t, [SMALL_WIN, SMALL_WIN, BIG_WIN])
    assert standing.totals == (15, 26, 0) and standing.state.wins == (2, 1, 0)
    assert standing.winners == (1,)
    assert str(GAME.winner_rule(t)) == "The highest total, then most games won, wins the session."


def test_decided_2026_11_26_option_games_won_then_totals():
    """rules/tennos-team.md, decided 2026-11-26: option session_winner=games_won ranks by games won first,
    then totals: A (two games) wins the same session; equal games won go to the higher total."""
    t = table(3, deals=3, session_winner="games_won")
    assert GAME.replay(t, [SMALL_WIN, SMALL_WIN, BIG_WIN]).winners == (0,)
    two = table(3, deals=2, session_winner="games_won")
    assert GAME.replay(two, [SMALL_WIN, BIG_WIN]).winners == (1,)  # one game each, B 23 against A 9
    assert str(GAME.winner_rule(t)) == "Most games won, then the highest total, wins the session."


def test_decided_2026_11_26_drawn_teams_rank_players_own_totals():
    """rules/tennos-team.md, decided 2026-11-26: with teams drawn anew each game the standings are the
    players' individual running totals, and the board says so. Worked example 1 and 2 (A 14, B 17): the
    red team wins the game, but the session goes to B alone, the highest own total."""
    t = table(4, deals=1)
    standing = GAME.replay(t, [EXAMPLE])
    assert standing.totals == (14, 17, 0, 0) and standing.state.wins == (0, 1, 0, 1)
    assert standing.winners == (1,)
    assert str(GAME.winner_rule(t)) == ("The highest total, then most games won, wins the session: each player's "
                                        "own points, as the teams are drawn anew each game.")


def test_decided_2026_11_26_fixed_teams_rank_team_totals():
    """rules/tennos-team.md, decided 2026-11-26: with fixed teams the team's running total decides (its
    players' points plus battalions): worked examples 1 and 2 give black (A & C) 14, red (B & D) 17."""
    t = table(4, deals=1, teams="fixed")
    standing = GAME.replay(t, [EXAMPLE])
    assert standing.state.team_points == (14, 17, 14, 17) and standing.winners == (1, 3)
    assert str(standing.seat_notes[1]) == "1 game won, team 17"
    # the board's team line and the shared picture show the teams with these totals, not a member's own
    assert standing.sides == ((0, 2), (1, 3)) and standing.side_totals == (14, 17, 14, 17)
    assert standing.totals != standing.side_totals
    assert str(GAME.winner_rule(t)) == "The highest team total, then most games won, wins the session."


# --- invariants ---------------------------------------------------------------------

@st.composite
def random_games(draw, n=4, mode="team"):
    suits = list(draw(st.permutations(("S", "H", "C", "D") if (mode, n) == ("team", 4) else TENNOS_SUITS)))[:n]
    pictures = draw(shared_out(PICTURE_CARDS, n, nobody=True))
    jokers = [0] * n
    if mode == "team":
        for colour in ("black", "red"):
            seats = [s for s in range(n) if suits[s] in ({"S", "X", "C"} if colour == "black" else {"H", "L", "D"})]
            for _ in range(draw(st.integers(0, 2))):
                jokers[draw(st.sampled_from(seats))] += 1
    else:
        jokers = [draw(st.integers(0, 1)) for _ in range(n)]
    ace = [draw(st.booleans()) for _ in range(n)]
    return game(suits, pictures, jokers, ace)


@given(random_games())
def test_no_card_counted_twice(d):
    """Card points are 3 per own-suit picture and 2 per other one, each captured card once."""
    points = play(d).results[0].points
    for seat in range(4):
        parts = picture_points(d["suit"][seat], d["pictures"][seat])
        own = sum(1 for c in d["pictures"][seat] if c[-1] == d["suit"][seat])
        assert parts["own"] + parts["other"] == 2 * len(d["pictures"][seat]) + own
        assert points[seat] >= 2 * len(d["pictures"][seat]) + d["jokers"][seat] + d["ace"][seat]
    assert sum(len(p) for p in d["pictures"]) <= 18


@given(random_games(), st.integers(0, 3))
def test_rotating_seats_rotates_results_and_winners(d, shift):
    turn = lambda values: values[shift:] + values[:shift]  # noqa: E731
    turned = {k: turn(v) for k, v in d.items()}
    assert list(play(turned).results[0].points) == turn(list(play(d).results[0].points))
    assert list(play(turned).state.wins) == turn(list(play(d).state.wins))


@given(random_games(), st.sampled_from(PICTURE_CARDS))
def test_taking_one_more_picture_never_lowers_a_score(d, card):
    if any(card in p for p in d["pictures"]):
        return
    before = play(d).results[0].points[0]
    more = {**d, "pictures": [d["pictures"][0] + [card]] + d["pictures"][1:]}
    assert play(more).results[0].points[0] >= before + 2


@given(st.lists(random_games(n=6, mode="individual"), min_size=1, max_size=4))
def test_totals_equal_sum_of_games_and_every_game_has_a_winner(games):
    standing = GAME.replay(table(6, mode="individual", deals=4), games)
    assert standing.totals == tuple(sum(r.points[s] for r in standing.results) for s in range(6))
    assert sum(standing.state.wins) == len(games)


# --- issue 9, item 4: whole teams win the session; battalions count; fixed teams -----

def test_session_winner_in_team_mode_is_the_whole_team():
    """Seed 000 (12): 「同じチーム内の点数を合計して合計点数が高いチームが勝ちです」 (the team whose
    summed points are higher wins): the series is won by a team, not by its best player."""
    t = table(4, deals=1, teams="fixed")
    standing = GAME.replay(t, [EXAMPLE])  # black A 14 + C 0 v red B 17 + D 0
    assert standing.winners == (1, 3)


def test_battalion_points_count_in_the_session_tie_break():
    """Seed 000 (11): 「バタリオン成立(トリックの勝敗関係なく):1回につきチームに2点」 (each battalion: 2 points
    to the team). Two games, one win each; per player the black team has more points, but the red
    team's battalions make its team total higher, so red wins the session."""
    t = table(6, deals=2, teams="fixed", session_winner="games_won")
    black_wins = game("SHXLCD", [["JS", "QS", "KS"], [], ["JX"], [], [], []],
                      battalions_black=0, battalions_red=0)  # black 11 + 3 v red 0
    red_wins = game("SHXLCD", [[], ["JH"], [], ["JL"], [], ["JD"]], battalions_black=0,
                   battalions_red=3)  # red 9 + 6
    standing = GAME.replay(t, [black_wins, red_wins])
    assert standing.state.wins == (1, 1, 1, 1, 1, 1)
    black = sum(standing.totals[s] for s in (0, 2, 4))
    red = sum(standing.totals[s] for s in (1, 3, 5))
    assert black > red  # without the battalions black would win the tie-break
    assert standing.winners == (1, 3, 5)


def test_secret_mode_session_winner_is_the_pair():
    """Seed 000, secret teams: 「同じチーム二人の合計点数で勝敗を決めます」 (the two partners' sum decides)."""
    d = game("SHXLCD", [["JS", "QS", "KS"], [], [], ["JL"], [], []],
             joker=["black", "red", "white", "black", "red", "white"])
    standing = GAME.replay(table(6, mode="secret", deals=1, teams="fixed"), [d])
    assert standing.winners == (0, 3)


def test_fixed_teams_hold_for_the_session():
    """Seed 000 (1): 「あらかじめチームが決まっている場合は省略しても構いません」 (if the teams are decided in
    advance the draw may be skipped): option teams "fixed" keeps the first game's teams."""
    t = table(4, teams="fixed", deals=3)
    standing = GAME.replay(t, [EXAMPLE])
    assert standing.state.fixed == ((0, 2), (1, 3))
    assert "A & C; B & D" in str(standing.notes[-1])
    same_teams = game("CDSH", [[], [], [], []])  # A club, C spade: still black v red
    GAME.replay(t, [EXAMPLE, same_teams])
    other_teams = game("SCHD", [[], [], [], []])  # A and B black now
    with pytest.raises(DealError, match="The teams are fixed for this session: A & C; B & D.") as caught:
        GAME.replay(t, [EXAMPLE, other_teams])
    assert caught.value.field == "suit"
    # the default draws the teams anew each game (the seed's step (1))
    assert GAME.replay(table(4, deals=3), [EXAMPLE, other_teams]).state.deals_played == 2


# --- issue 23, item 7: the rest player's pile and the suits offered --------------------------------

def test_the_rest_player_takes_every_picture_nobody_else_was_given():
    """rules/tennos-team.md: 'each of the 18 picture cards is captured by at most one player'; seed 000
    (10): the game ends when the picture deck runs out, so one pile can be inferred (as captured cards
    in Schieberamsch): D gets the 18 - 10 pictures not tapped for A, B or C."""
    tapped = game("SHCD", [["JS", "QS", "KS", "JH"], ["JC", "QC", "KC", "JD", "JL", "JX"], [], []],
                  ace=[True, False, False, False], rest=3)
    standing = play(tapped)
    assert standing.results[0].points[:2] == (14, 17)
    d_pile = sorted(set(PICTURE_CARDS) - {"JS", "QS", "KS", "JH", "JC", "QC", "KC", "JD", "JL", "JX"})
    assert standing.results[0].points[3] == player_points("D", d_pile, 0, False)
    assert play({**tapped, "rest": None}).results[0].points[3] == 0  # nobody: the rest stayed in the deck


def test_a_picture_tapped_for_another_player_and_the_rest_player_is_refused():
    """rules/tennos-team.md invariant: 'each of the 18 picture cards is captured by at most one player'."""
    twice = game("SHCD", [["JS"], [], [], ["JS"]], rest=3)
    with pytest.raises(DealError, match="JS|♠J"):
        play(twice)


def test_the_suits_are_offered_in_seat_order_then_as_last_game():
    """rules/tennos-team.md: 4 players hold spade, heart, club, diamond; the form offers them in seat
    order, and after a game the suits of that game (a sticky field)."""
    spec = next(s for s in GAME.deal_fields(table(), GAME.start(table())) if s.name == "suit")
    assert spec.default == tuple("SHCD") and spec.sticky
    six = next(s for s in GAME.deal_fields(table(6), GAME.start(table(6))) if s.name == "suit")
    assert six.default == tuple(TENNOS_SUITS)


# --- statistics (issue 24) ------------------------------------------------------------

def test_figures_count_sets_per_player_and_battalions_for_each_team_member():
    """rules/tennos-team.md: 'each complete J-Q-K of one suit' is a set; 'each battalion formed by the
    team' is a team figure, counted for every member. Counted by hand: game 1 A (spade, black) takes the
    spade and heart sets, B (heart, red) the cross set; black 1 battalion, red 2. Game 2 A holds the heart
    (red) and takes the club set; black 0, red 1."""
    games = [game("SHXLCD", [["JS", "QS", "KS", "JH", "QH", "KH"], ["JX", "QX", "KX"], [], [], [], []],
                  battalions_black=1, battalions_red=2),
             game("HSXLCD", [["JC", "QC", "KC"], [], [], [], [], []], battalions_black=0, battalions_red=1)]
    standing = GAME.replay(table(6), games)
    assert GAME.seat_figures(table(6), games, standing.results) == [
        {"sets": 3, "battalions": 2}, {"sets": 1, "battalions": 2}, {"battalions": 1},
        {"battalions": 3}, {"battalions": 1}, {"battalions": 3}]
    # individual mode has no battalions: only the sets count
    alone = table(4, mode="individual")
    four = [game("SHCD", [["JS", "QS", "KS"], [], [], []])]
    assert GAME.seat_figures(alone, four, GAME.replay(alone, four).results) == [{"sets": 1}, {}, {}, {}]


def test_a_game_won_by_one_player_says_wins():
    """A tester read "Anna win" on a deal row of individual mode: one winner "wins", a team "win"."""
    one = game("SHC", [["JS", "QS", "KS"], [], []])
    assert str(play(one).results[0].summary) == "A wins"
    assert str(play(close_game()).results[0].summary) == "A, C win"


def test_more_battalions_than_picture_cards_is_refused_without_a_wrong_plural():
    """rules/tennos-team.md: a battalion takes its trick's picture card. A tester read "2 battalions of the
    black team, but 1 picture cards were captured": the numbers now stand apart from the words."""
    d = game("SHCDXL", [["JS"], [], [], [], [], []], battalions_black=2, battalions_red=0)
    with pytest.raises(DealError) as refused:
        GAME.replay(table(6), [d])
    assert str(refused.value.text) == ("The black team's battalions (2) outnumber the picture cards captured (1): "
                                       "each battalion takes its trick's picture card.")


def test_a_battalion_no_other_battalion_beats_takes_a_picture_for_its_team():
    """rules/tennos-team.md, 'battalion': the team's second player takes the picture card; only the other
    team's battalion in the same trick beats it. A tester entered red 1, black 0 with the only picture
    card (♠J) taken by A (black): accepted before. Against a black battalion red's may have lost."""
    pictures = [["JS"], [], [], [], [], []]  # SHXLCD: A spade black, B heart red
    with pytest.raises(DealError) as refused:
        GAME.replay(table(6), [game("SHXLCD", pictures, battalions_black=0, battalions_red=1)])
    assert refused.value.field == "battalions_red"
    assert str(refused.value.text) == ("The red team's battalions (1), less the other team's (0), outnumber the "
                                       "picture cards it took (0): a battalion takes its trick's picture card "
                                       "unless the other team's battalion beats it.")
    GAME.replay(table(6), [game("SHXLCD", pictures, battalions_black=1, battalions_red=1)])  # beaten: accepted


def test_equal_session_totals_go_to_more_games_won():
    """Decided (tennos-team.md is silent on a tie of the session): a tester's one-game session, individual
    mode, Al and Cy on 12 each, Cy winning the game on fewer picture cards, named both as the session's
    winners. By total, equal totals go to more games won: Cy. Level on both, the win is shared."""
    t = table(4, mode="individual", deals=1)
    d = game("SHCD", [["JH", "QH"], ["JS", "QS"], [], []])
    standing = GAME.replay(t, [d])
    assert standing.totals[0] == standing.totals[1] and standing.state.wins[:2] in ((1, 0), (0, 1))
    assert standing.winners == (standing.state.wins.index(1),)
    t = table(4, mode="individual", deals=2)
    flipped = game("HSCD", [["JS", "QS"], ["JH", "QH"], [], []])
    standing = GAME.replay(t, [d, flipped])
    assert standing.totals[0] == standing.totals[1] and standing.state.wins[:2] == (1, 1)
    assert standing.winners == (0, 1)

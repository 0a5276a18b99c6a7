"""Coiffeur: the worked examples of shared/rules/coiffeur.md, the checks, the options, invariants."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError
from scorekeeper.games.coiffeur import ROW_NAMES

from .helpers import any_seat, counted_figures, jass_counts, make_table

GAME = get_game("coiffeur")
NAMES = ("Anna", "Ben", "Cleo", "Dan")
A, B = 0, 1  # seats 0 & 2 are team A, 1 & 3 team B
EIGHT = ("eicheln", "rosen", "schilten", "schellen", "obenabe", "undenufe", "joker1", "joker2")


def table(**options):
    return make_table(GAME, NAMES, 0, **options)


def deal(announcer, row, points, match=False, **more):
    """A deal as the form sends it: the announcing team's card points, the other team's the rest of 157."""
    team = announcer % 2
    both = [points, 157 - points] if team == A else [157 - points, points]
    return {"announcer": announcer, f"row_{'ab'[team]}": row, "points": [*both, None, None], "match": match, **more}


def cells(standing):
    return standing.state.cells


# --- golden tests: the worked examples of rules/coiffeur.md -------------------------------

def test_worked_example_1_undenufe_90_is_540():
    """rules/coiffeur.md, worked example 1: A announces Undenufe (x6), takes 90: 540; B writes nothing."""
    standing = GAME.replay(table(), [deal(0, "undenufe", 90)])
    assert standing.results[0].points == (540, 0, 540, 0)
    assert cells(standing)[A][EIGHT.index("undenufe")] == 90
    assert cells(standing)[B] == (None,) * 8


def test_worked_example_2_fourfold_match_is_1028():
    """rules/coiffeur.md, worked example 2: B announces Schellen (x4) and takes all nine tricks: 257 x 4 = 1028."""
    standing = GAME.replay(table(), [deal(1, "schellen", 157, match=True)])
    assert standing.results[0].points == (0, 1028, 0, 1028)
    assert cells(standing)[B][EIGHT.index("schellen")] == 257


def test_a_match_tapped_without_card_points_is_all_157():
    """rules/schieber.md "A match implies 157" (Coiffeur scores as the Schieber): worked example 2 with the
    Match box ticked and no card points typed is the same 1028; in a misère row the opponents took them."""
    tapped = {**deal(1, "schellen", 157, match=True), "points": [None] * 4}
    assert GAME.replay(table(), [tapped]).results[0].points == (0, 1028, 0, 1028)
    misere = {**deal(1, "misere", 0, match=True), "points": ["", "", None, None]}
    assert cells(GAME.replay(table(rows="custom", factor_misere=3), [misere]))[B][-1] == 257
    half = {**deal(1, "schellen", 157, match=True), "points": [None, 100, None, None]}
    with pytest.raises(DealError):  # a count typed is the table's: never overwritten
        GAME.replay(table(), [half])


def test_a_match_typed_as_the_tafel_writes_it_is_257():
    """rules/coiffeur.md "Scoring a deal": a cell holds 0..157 or 257. A tester typed 257 for the announcing
    team as the Tafel shows a match and was refused "257 is more than all 157 in play": it is the match,
    worked example 2's 1028 (257 x 4). With another match bonus, 157 + that bonus."""
    typed = {**deal(1, "schellen", 157), "points": [None, "257", None, None]}
    standing = GAME.replay(table(), [typed])
    assert standing.results[0].points == (0, 1028, 0, 1028) and cells(standing)[B][EIGHT.index("schellen")] == 257
    assert GAME.replay(table(match_bonus=50), [{**typed, "points": [None, 207, None, None]}]).results[0].points == (
        0, 828, 0, 828)  # (157 + 50) x 4
    with pytest.raises(DealError, match="more than all 157"):  # no match bonus: no such cell
        GAME.replay(table(match_bonus=0), [typed])


def test_257_typed_for_the_other_team_is_every_trick_against_the_row():
    """rules/coiffeur.md: "if they take all tricks (Kontermatsch) the announcing team writes 0" (worked
    example 3). A retester typed 257 in the opponents' box as the Schieber takes it, and was refused;
    it is the Kontermatsch. With Match ticked as well (the announcing team's), it contradicts itself."""
    typed = {**deal(2, "obenabe", 0), "points": [None, 257, None, None]}
    standing = GAME.replay(table(), [typed])
    assert cells(standing)[A][EIGHT.index("obenabe")] == 0 and standing.results[0].points == (0, 0, 0, 0)
    with pytest.raises(DealError, match="but Match is ticked for Anna & Cleo"):
        GAME.replay(table(), [{**typed, "match": True}])
    with pytest.raises(DealError, match="257 is all nine tricks for Anna & Cleo: Ben & Dan then took no card"):
        GAME.replay(table(), [{**typed, "points": [257, 257, None, None]}])


def test_worked_example_3_kontermatsch_writes_0():
    """rules/coiffeur.md, worked example 3: A announces Obenabe (x5), B takes every trick: A writes 0."""
    standing = GAME.replay(table(), [deal(2, "obenabe", 0)])
    assert cells(standing)[A][EIGHT.index("obenabe")] == 0
    assert standing.results[0].points == (0, 0, 0, 0)


def test_worked_example_4_full_game_3310_to_3077():
    """rules/coiffeur.md, worked example 4: a full game of 8 rows, A 3310, B 3077: A wins by 233."""
    a = (80, 95, 70, 100, 110, 60, 120, 85)
    b = (157, 40, 90, 75, 95, 88, 101, 70)
    deals = []
    for row, pa, pb in zip(EIGHT, a, b):
        deals += [deal(0, row, pa), deal(1, row, pb)]
    standing = GAME.replay(table(), deals)
    assert standing.totals == (3310, 3077, 3310, 3077)
    assert standing.over and standing.deals_left == 0
    assert standing.winners == (0, 2)
    assert cells(standing) == (a, b)


# --- the checks ---------------------------------------------------------------------------

def test_a_row_already_filled_is_refused_with_the_reason():
    """rules/coiffeur.md "Rows": each team plays every row exactly once."""
    with pytest.raises(DealError) as error:
        GAME.replay(table(), [deal(0, "undenufe", 90), deal(2, "undenufe", 50)])
    assert error.value.field == "row_a"
    assert "Anna & Cleo already played Undenufe: 90 in deal 1" in str(error.value)


def test_only_open_rows_are_offered_to_each_team():
    """rules/coiffeur.md "Entry at the table": only rows still open for that team are offered."""
    standing = GAME.replay(table(), [deal(0, "undenufe", 90)])
    fields = {spec.name: spec for spec in GAME.deal_fields(table(), standing.state)}
    assert "undenufe" not in dict(fields["row_a"].choices)
    assert "undenufe" in dict(fields["row_b"].choices)


def test_a_team_with_every_row_filled_pushes_automatically():
    """rules/coiffeur.md "A deal", decision: a player whose team has no open row pushes automatically."""
    standing = GAME.replay(table(), [deal(0, row, 80) for row in EIGHT])
    spec = GAME.deal_fields(table(), standing.state)[0]
    assert spec.seats == (1, 3)
    assert GAME.forehand(table(), standing.state) in (1, 3)


def test_a_push_passes_over_a_player_whose_team_has_no_open_row():
    """rules/coiffeur.md "A deal": "the push goes to the **next player** (counter-clockwise) ... Decision:
    a player whose team has no open row pushes automatically." Team A has played every row: Dan
    (forehand) pushes past Cleo, who cannot name a row, to his partner Ben."""
    standing = GAME.replay(table(), [deal(0, row, 80) for row in EIGHT])
    assert standing.dealer == 0 and GAME.forehand(table(), standing.state) == 3
    assert str(standing.notes[0]) == ("Dan names a row still open for their team or pushes to Ben "
                                      "(counter-clockwise); if all four push, Dan must choose.")
    early = GAME.replay(table(), [deal(0, "rosen", 80)])  # both teams have open rows: the next player
    assert str(early.notes[0]).startswith("Cleo names a row still open for their team or pushes to Ben ")


def test_a_match_needs_all_157_card_points():
    """rules/coiffeur.md "Scoring a deal": 257 only when the announcing team took all nine tricks."""
    with pytest.raises(DealError) as error:
        GAME.replay(table(), [deal(0, "obenabe", 150, match=True)])
    assert error.value.field == "match"


@pytest.mark.parametrize("points", [1, 156])
def test_a_count_no_cards_make_is_refused(points):
    """rules/coiffeur.md, "Scoring a deal": the announcing team writes its card points, counted as in
    schieber.md (157 a deal); no card counts 1, so no team takes exactly 1, nor 156 (the other would hold 1)."""
    with pytest.raises(DealError) as error:
        GAME.replay(table(), [deal(0, "undenufe", points)])
    assert error.value.field in ("points-0", "points-1")
    assert str(error.value) in ("Nobody can take exactly 1 card point.", "Nobody can take exactly 156 card points.")
    assert GAME.replay(table(), [deal(0, "undenufe", 155)]).totals[0] == 6 * 155


def test_deal_and_choice_go_counter_clockwise():
    """rules/coiffeur.md: deal and play counter-clockwise, next dealer to the right; forehand names the row."""
    standing = GAME.replay(table(), [deal(3, "rosen", 60)])
    assert standing.dealer == 3
    assert GAME.forehand(table(), standing.state) == 2


# --- the options --------------------------------------------------------------------------

def test_ten_rows_add_slalom_and_guschti():
    """rules/coiffeur.md "Rows", preset "10 rows": Slalom x7, Guschti x8, jokers x9 and x10; 20 deals."""
    ten = table(rows="ten")
    assert dict(GAME.rows(ten))["guschti"] == 8 and dict(GAME.rows(ten))["joker2"] == 10
    standing = GAME.replay(ten, [deal(0, "slalom", 100)])
    assert standing.totals[0] == 700 and standing.deals_left == 19


def test_custom_factors_and_a_row_left_out():
    """rules/coiffeur.md "Rows", "custom": jasswiki's individual Coiffeur 2, 2, 3, 3, 5, 6, 7, 8."""
    custom = table(rows="custom", factor_eicheln=2, factor_rosen=2, factor_schilten=3, factor_schellen=3)
    assert [factor for _, factor in GAME.rows(custom)] == [2, 2, 3, 3, 5, 6, 7, 8]
    without = table(rows="custom", factor_joker2=0)
    assert "joker2" not in dict(GAME.rows(without))
    assert GAME.replay(without, []).deals_left == 14


def test_the_match_box_speaks_of_misere_only_when_misere_is_played():
    """rules/coiffeur.md "Rows": misère is a custom row; the match box's help names it only in a game that
    plays it (the eight rows do not)."""
    def match_help(t):
        return next(spec.help for spec in GAME.deal_fields(t, GAME.start(t)) if spec.name == "match")
    assert match_help(table()) == ""
    assert "misère" in match_help(table(rows="custom", factor_misere=3))


def test_misere_writes_the_opponents_card_points():
    """rules/coiffeur.md "Rows", row type misère: the announcing team writes the opponents' card points."""
    misere = table(rows="custom", factor_misere=3)
    standing = GAME.replay(misere, [deal(1, "misere", 20)])
    assert cells(standing)[B][-1] == 137 and standing.totals[1] == 411


def test_match_bonus_option():
    """rules/coiffeur.md "Scoring a deal": option match_bonus, default 100."""
    standing = GAME.replay(table(match_bonus=0), [deal(0, "eicheln", 157, match=True)])
    assert standing.totals[0] == 157


def test_weis_and_stoeck_are_added_but_never_in_a_joker_row():
    """rules/coiffeur.md "Scoring a deal": option weis_and_stoeck adds Weis and Stöck, never in joker rows."""
    weis = table(weis_and_stoeck=True)
    standing = GAME.replay(weis, [deal(0, "rosen", 80, weis=50, stoeck=True)])
    assert cells(standing)[A][1] == 150 and standing.totals[0] == 300
    with pytest.raises(DealError) as error:
        GAME.replay(weis, [deal(0, "joker1", 80, weis=50)])
    assert error.value.field == "weis"


@pytest.mark.parametrize("weis", [10, 30, 35, 55])
def test_a_weis_total_no_weis_make_is_refused(weis):
    """rules/coiffeur.md "Scoring a deal", option weis_and_stoeck: the announcing team adds its Weis, worth
    what schieber.md "Scoring a deal" lists (20, 50, 100, 150, ...): a total of 10, 30 or one that is not a
    multiple of 10 is no sum of them ("Invariants" there)."""
    with pytest.raises(DealError) as error:
        GAME.replay(table(weis_and_stoeck=True), [deal(0, "rosen", 80, weis=weis)])
    assert error.value.field == "weis"
    assert str(error.value) == f"No Weis adds up to {weis}: Weis count 20, 50, 100, 150, 200, 250 or 300."
    assert GAME.replay(table(weis_and_stoeck=True), [deal(0, "rosen", 80, weis=70)]).totals[0] == 2 * 150


def test_a_weis_total_two_hands_cannot_show_is_refused():
    """rules/coiffeur.md "Scoring a deal", option weis_and_stoeck: the announcing team's Weis, as in
    schieber.md (each card in one Weis): two hands of nine cannot show 590 (a nine-card sequence, 300,
    leaves the partner at most 250)."""
    with pytest.raises(DealError) as error:
        GAME.replay(table(weis_and_stoeck=True), [deal(0, "rosen", 80, weis=590)])
    assert error.value.field == "weis"
    assert str(error.value) == "Two partners' 18 cards cannot show 590 in Weis."
    assert GAME.replay(table(weis_and_stoeck=True), [deal(0, "rosen", 80, weis=600)]).totals[0] == 2 * 680


@pytest.mark.parametrize("row, rows", [("obenabe", "eight"), ("undenufe", "eight"), ("slalom", "ten"),
                                       ("guschti", "ten")])
def test_no_stoeck_in_a_row_without_trump(row, rows):
    """rules/coiffeur.md "Scoring a deal", option weis_and_stoeck: Stöck as in schieber.md, the trump K and
    Q, "none in Obenabe/Undenufe"; Slalom and Guschti are played Obenabe and Undenufe only ("Rows")."""
    with pytest.raises(DealError) as error:
        GAME.replay(table(weis_and_stoeck=True, rows=rows), [deal(0, row, 80, stoeck=True)])
    assert error.value.field == "stoeck"
    assert str(error.value) == f"There is no trump in {ROW_NAMES[row]}, so no Stöck."


# --- invariants ---------------------------------------------------------------------------

@st.composite
def full_games(draw):
    """Every row played once by each team, in any order, by any player of the team, any points."""
    order = draw(st.permutations([(team, row) for team in (A, B) for row in EIGHT]))
    deals = []
    for team, row in order:
        announcer = team + 2 * draw(st.integers(0, 1))
        points = draw(jass_counts(2))[0]
        match = points == 157 and draw(st.booleans())
        deals.append(deal(announcer, row, points, match))
    return deals


@given(full_games(), any_seat(4))
def test_a_finished_game_has_every_cell_filled_exactly_once_per_team(deals, dealer):
    """rules/coiffeur.md "Invariants": each team fills each row once; cells 0..157 or 257; one cell a deal;
    2 x rows deals; totals = sum of cell x factor."""
    game_table = make_table(GAME, NAMES, dealer)
    standing = GAME.replay(game_table, deals)
    assert standing.over and len(standing.results) == 16
    factors = [factor for _, factor in GAME.rows(game_table)]
    for team in (A, B):
        line = cells(standing)[team]
        assert all(cell is not None and (0 <= cell <= 157 or cell == 257) for cell in line)
        assert sorted(standing.state.filled_in[team]) == sorted(
            i for i, d in enumerate(deals) if d["announcer"] % 2 == team)
        assert standing.totals[team] == standing.totals[team + 2] == sum(c * f for c, f in zip(line, factors))
    for result, d in zip(standing.results, deals):
        assert sum(1 for p in result.points if p) in (0, 2)
        assert all(p == 0 for seat, p in enumerate(result.points) if seat % 2 != d["announcer"] % 2)


# --- statistics (issue 24): the figures a session counts ------------------------------------------

def test_figures_of_worked_examples_1_to_3():
    """rules/coiffeur.md, worked examples 1-3 as one session: Anna announces Undenufe for A (90), Ben
    Schellen for B (all nine tricks: 257, a match), Cleo Obenabe for A (B takes every trick: A writes
    0, a Kontermatsch, which the deal does not store as such). A played 2 rows with 90 points written,
    B 1 row with 257; each partner counts the team's."""
    deals = [deal(0, "undenufe", 90), deal(1, "schellen", 157, match=True), deal(2, "obenabe", 0)]
    assert counted_figures(GAME, table(), deals) == {
        "announced": [1, 1, 1, 0], "rows": [2, 1, 2, 1], "cell_points": [90, 257, 90, 257],
        "matches": [0, 1, 0, 1]}


def test_figures_of_worked_example_4_full_game():
    """rules/coiffeur.md, worked example 4: 8 rows each. A's cells 80 + 95 + 70 + 100 + 110 + 60 + 120 + 85
    = 720 (average 90), B's 157 + 40 + 90 + 75 + 95 + 88 + 101 + 70 = 716 (157 card points are no match:
    the Match box is not ticked). Anna announces A's first four rows, Cleo the others; Dan all of B's."""
    a = (80, 95, 70, 100, 110, 60, 120, 85)
    b = (157, 40, 90, 75, 95, 88, 101, 70)
    deals = []
    for index, (row, pa, pb) in enumerate(zip(EIGHT, a, b)):
        deals += [deal(0 if index < 4 else 2, row, pa), deal(3, row, pb)]
    assert counted_figures(GAME, table(), deals) == {
        "announced": [4, 0, 4, 8], "rows": [8, 8, 8, 8], "cell_points": [720, 716, 720, 716],
        "matches": [0, 0, 0, 0]}

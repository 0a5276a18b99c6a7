"""Schieber: the worked examples of shared/rules/schieber.md, the checks, the options, invariants."""
from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError, RuleError
from scorekeeper.games.schieber import CARD_POINTS, KINDS, PRESETS, SchieberState, tafel

from .helpers import any_seat, counted_figures, jass_counts, make_table

GAME = get_game("schieber")
NAMES = ("Anna", "Ben", "Cleo", "Dan")  # Anna & Cleo are team A, Ben & Dan team B
A, B = 0, 1


def table(first_dealer=0, **options):
    return make_table(GAME, NAMES, first_dealer, **options)


def deal(trump="H", a=None, b=None, match=None, weis=(0, 0), stoeck=None, pushed=False, thanked=None):
    """One deal as the form sends it: card points under each team's first player."""
    a = CARD_POINTS - b if a is None else a
    b = CARD_POINTS - a if b is None else b
    raw = {"trump": trump, "pushed": pushed, "points": [a, b, None, None],
           "match": [match == A, match == B, False, False], "weis": [weis[0], weis[1], 0, 0],
           "stoeck": [stoeck == A, stoeck == B, False, False]}
    if thanked is not None:
        raw["thanked_first"] = thanked
    return raw


def at(totals, dealer=0):
    """A state part-way through a game: team A has totals[0], team B totals[1]."""
    return SchieberState(5, dealer, (totals[0], totals[1], totals[0], totals[1]), (True,) * 4, leader=(dealer - 1) % 4)


# --- golden tests: the worked examples -----------------------------------------------------------

def test_worked_example_1_spades_with_weis_and_stoeck():
    """rules/schieber.md, worked example 1: swisslos, spades x2; A 103 and a 70 Weis, B 54 and Stöck:
    A = 2 x (103 + 70) = 346, B = 2 x (54 + 20) = 148."""
    standing = GAME.replay(table(), [deal("S", 103, 54, weis=(70, 0), stoeck=B)])
    assert standing.totals == (346, 148, 346, 148)
    lines = [str(line) for line in standing.results[0].breakdown]
    assert "Anna & Cleo: card points 103, Weis 70, Stöck 0: 2 x (103 + 70) = 346." in lines
    assert "Ben & Dan: card points 54, Weis 0, Stöck 20: 2 x (54 + 20) = 148." in lines


def test_a_partners_weis_stoeck_or_match_is_refused_not_dropped():
    """rules/schieber.md "Scoring a deal": the team scores its Weis, Stöck and match. A team's values go
    under its first player; an API client that sent Cleo's Weis, Dan's Stöck or Cleo's match under their
    own seats had them dropped unread, and the deal scored 200 / 114 instead of worked example 1's
    346 / 148 (a tester). Such a value is refused naming it; the same value twice is the team's."""
    for name, values in (("weis", [0, 0, 70, 0]), ("stoeck", [False, False, False, True]),
                         ("match", [False, False, True, False])):
        with pytest.raises(DealError) as refused:
            GAME.replay(table(), [{**deal("S", 103, 54), name: values}])
        assert refused.value.field == f"{name}-{values.index(70 if name == 'weis' else True)}"
        assert "a team's entry goes under its first player" in str(refused.value.text)
    same = {**deal("S", 103, 54, weis=(70, 0), stoeck=B), "weis": [70, 0, 70, 0]}
    assert GAME.replay(table(), [same]).totals == (346, 148, 346, 148)


def test_worked_example_2_obenabe_match():
    """rules/schieber.md, worked example 2: swisslos, Obenabe x3, B takes all nine tricks: B 771, A 0."""
    standing = GAME.replay(table(), [deal("obenabe", 0, 157, match=B)])
    assert standing.totals == (0, 771, 0, 771)
    lines = [str(x) for x in standing.results[0].breakdown]
    assert "Ben & Dan took all nine tricks: match, +100." in lines
    assert "Ben & Dan: card points 157, Weis 0, Stöck 0: 3 x (157 + 100) = 771." in lines


def test_a_match_typed_as_the_tafel_writes_it_is_the_match():
    """rules/schieber.md "Card points of the two teams = 157 every deal (257 + 0 with a match)": worked
    example 2 typed as the Tafel writes it, 257 in B's box and the Match box left alone, is B's match
    (3 x 257 = 771); it was refused "257 is more than all 157 in play"."""
    typed = {**deal("obenabe", 0, 157), "points": [None, "257", None, None], "match": [False] * 4}
    assert GAME.replay(table(), [typed]).totals == (0, 771, 0, 771)
    with pytest.raises(DealError, match="more than all 157"):  # without a match bonus 257 is no count
        GAME.replay(table(match_bonus=0), [typed])
    # contradictions are refused at their box, not read one way (a retester's [257, 5] was A's match)
    with pytest.raises(DealError, match="257 is all nine tricks for Ben & Dan, but Match is ticked for Anna & Cleo"):
        GAME.replay(table(), [{**typed, "match": [True, False, False, False]}])
    with pytest.raises(DealError, match="257 is all nine tricks for Ben & Dan: Anna & Cleo then took no card points"):
        GAME.replay(table(), [{**typed, "points": [5, 257, None, None]}])
    assert GAME.replay(table(), [{**typed, "points": ["0", 257, None, None]}]).totals == (0, 771, 0, 771)


def test_worked_example_3_kontermatsch():
    """rules/schieber.md, worked example 3: factors none, A chooses hearts and B takes every trick
    (Kontermatsch): B 257, A 0. Dealer Ben: forehand Anna (team A) chooses."""
    standing = GAME.replay(table(first_dealer=1, factors="none"), [deal("H", 0, 157, match=B)])
    assert standing.totals == (0, 257, 0, 257)
    lines = [str(x) for x in standing.results[0].breakdown]
    assert "Trump: ♥ hearts x1, chosen by Anna." in lines
    assert "Ben & Dan took all nine tricks: Kontermatsch, +100." in lines


def test_worked_example_4_tafel():
    """rules/schieber.md, worked example 4: 1234 = 12 hundreds, 0 fifties, 1 twenty, rest 14;
    157 = 1, 1, 0, 7; 90 = 0, 1, 2, 0."""
    assert tafel(1234) == (12, 0, 1, 14)
    assert tafel(157) == (1, 1, 0, 7)
    assert tafel(90) == (0, 1, 2, 0)


def test_worked_example_5_stoeck_first_decides_who_wins():
    """rules/schieber.md, worked example 5: target 1000, none; A 930, B 990; clubs: A 127 and 50 Weis,
    B 30 and Stöck. After: A 1107, B 1040, but B reaches 1010 with its Stöck first: B wins."""
    t = table(factors="none", target=1000)
    result, state = GAME.play(t, at((930, 990)), deal("C", 127, 30, weis=(50, 0), stoeck=B))
    assert state.totals == (1107, 1040, 1107, 1040)
    assert GAME.is_over(t, state) and GAME.winners(t, state) == (1, 3)


def test_the_board_says_what_decided_when_both_teams_reach_the_target():
    """rules/schieber.md "End of the game", Ausmachregel Stöck - Weis - Stich: "The winner is shown even
    when the other team's final total is higher", and then the board says which count decided it
    (example 5: Stöck; Weis; both only with card points: who thanked first). One team alone: no word.
    The board of a finished game shows `final_notes`."""
    t = table(factors="none", target=1000)
    why = "reached 1000 first: both teams got there in the last deal, and "
    _, state = GAME.play(t, at((930, 990)), deal("C", 127, 30, weis=(50, 0), stoeck=B))
    assert f"Ben & Dan {why}Stöck count first." in [str(n) for n in GAME.final_notes(t, state)]
    _, state = GAME.play(t, at((930, 990)), deal("C", 127, 30, weis=(0, 50)))
    assert (state.totals[0], state.totals[1]) == (1057, 1070) and GAME.winners(t, state) == (1, 3)
    assert f"Ben & Dan {why}Stöck and Weis count before card points." in [str(n) for n in GAME.final_notes(t, state)]
    _, state = GAME.play(t, at((930, 990)), deal("C", 127, 30, thanked=0))
    assert GAME.winners(t, state) == (0, 2)
    assert ("Anna & Cleo won: both teams reached 1000 in the last deal with card points only, and Anna & Cleo "
            "thanked first." in [str(n) for n in GAME.final_notes(t, state)])
    _, state = GAME.play(t, at((930, 700)), deal("C", 127, 30))
    assert GAME.winners(t, state) == (0, 2) and not any("both teams" in str(n) for n in GAME.final_notes(t, state))


def test_worked_example_6_schneider():
    """rules/schieber.md, worked example 6: target 2500, the game ends A 2510, B 1200: A wins, B is Schneider
    (and A, first past half the target, is Berg: "Shown at the end")."""
    t = table(factors="none")
    _, state = GAME.play(t, at((2400, 1143)), deal("H", 110, 47, match=None))
    assert (state.totals[0], state.totals[1]) == (2510, 1190)
    _, end = GAME.play(t, at((2400, 1153)), deal("H", 110, 47))
    assert GAME.winners(t, end) == (0, 2)
    assert [str(n) if n else None for n in GAME.final_seat_notes(t, end)] == ["Berg", "Schneider", "Berg", "Schneider"]


def test_berg_stays_marked_at_the_end_beside_schneider():
    """rules/schieber.md "Shown at the end": the first team to reach half the target is marked Berg, the
    losing team below half is Schneider; both are shown once the game is over."""
    t = table(factors="none")
    _, end = GAME.play(t, dataclasses.replace(at((2400, 1153)), berg=A), deal("H", 110, 47))
    assert [str(n) if n else None for n in GAME.final_seat_notes(t, end)] == ["Berg", "Schneider", "Berg", "Schneider"]
    without = table(factors="none", berg=False)
    _, end = GAME.play(without, dataclasses.replace(at((2400, 1153)), berg=A), deal("H", 110, 47))
    notes = [str(n) if n else None for n in GAME.final_seat_notes(without, end)]
    assert notes == [None, "Schneider", None, "Schneider"]


def test_a_match_with_weis_scores_the_weis_of_the_best_team_times_the_factor():
    """rules/schieber.md, "Scoring a deal": a match (all nine tricks, 257) with Weis and Stöck of the
    same team, clubs x2: 2 x (157 + 100 + 150 + 20) = 854."""
    standing = GAME.replay(table(), [deal("C", 157, 0, match=A, weis=(150, 0), stoeck=A)])
    assert standing.totals == (854, 0, 854, 0)


def test_stoeck_counts_for_its_team_when_the_others_make_a_match():
    """rules/schieber.md: Stöck counts for its team whatever happens with the Weis, also against a match."""
    standing = GAME.replay(table(), [deal("D", 0, 157, match=B, stoeck=A)])
    assert standing.totals == (20, 257, 20, 257)


def test_factor_on_extras_off_multiplies_only_card_points_and_match():
    """rules/schieber.md, option factor_on_extras off: Weis and Stöck count once."""
    standing = GAME.replay(table(factor_on_extras=False), [deal("S", 103, 54, weis=(70, 0), stoeck=B)])
    assert standing.totals == (2 * 103 + 70, 2 * 54 + 20, 2 * 103 + 70, 2 * 54 + 20)
    assert "Ben & Dan: card points 54, Weis 0, Stöck 20: 2 x 54 + 20 = 128." in [
        str(x) for x in standing.results[0].breakdown]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_factor_presets(preset):
    """rules/schieber.md, "Factors per trump kind": swisslos, none and pagat, per kind."""
    t = table(factors=preset)
    for kind, factor in zip(KINDS, PRESETS[preset]):
        assert GAME.replay(t, [deal(kind, 100, 57)]).totals[0] == 100 * factor


def test_custom_factors():
    """rules/schieber.md: custom, any whole number 1-9 per kind."""
    t = table(factors="custom", factor_undenufe=7)
    assert GAME.replay(t, [deal("undenufe", 100, 57)]).totals[:2] == (700, 399)


def test_without_weis_and_stoeck_they_are_not_asked():
    """rules/schieber.md, option weis_and_stoeck off ("ohne Stöck und Wys")."""
    t = table(weis_and_stoeck=False)
    names = [spec.name for spec in GAME.deal_fields(t, GAME.start(t))]
    assert "weis" not in names and "stoeck" not in names
    raw = {k: v for k, v in deal("S", 100, 57).items() if k not in ("weis", "stoeck")}
    assert GAME.replay(t, [raw]).totals[:2] == (200, 114)


def test_dealing_goes_counter_clockwise_and_forehand_chooses():
    """rules/schieber.md, "A deal": forehand is the dealer's right; the next dealer is seat - 1."""
    standing = GAME.replay(table(first_dealer=0), [deal(a=80), deal(a=80)])
    assert standing.dealers == (0, 3)
    assert (standing.dealer, standing.leader) == (2, 1)
    assert str(standing.seat_notes[1]) == "forehand: chooses trump or pushes"
    lines = [str(x) for x in GAME.replay(table(), [deal(a=80, pushed=True)]).results[0].breakdown]
    assert "Trump: ♥ hearts x1, chosen by Ben." in lines  # Dan pushed to his partner


@pytest.mark.parametrize("raw, field", [
    (deal("H", 157, 0, match=A) | {"match": [True, True, False, False]}, "match"),
    (deal("H", 150, 7, match=A), "points-0"),
    (deal("H", 100, 57, weis=(30, 0)), "weis-0"),
    (deal("H", 100, 57, weis=(0, 55)), "weis-1"),
    (deal("H", 100, 57, weis=(20, 50)), "weis"),
    (deal("H", 100, 57) | {"stoeck": [True, True, False, False]}, "stoeck"),
    (deal("obenabe", 100, 57, stoeck=A), "stoeck"),
    (deal("H", 100, 50), "points"),
])
def test_impossible_deals_are_refused_naming_the_field(raw, field):
    """rules/schieber.md, "Invariants": 157 a deal, a match has all of them, Weis and Stöck for one team."""
    with pytest.raises(DealError) as error:
        GAME.replay(table(), [raw])
    assert error.value.field == field


@pytest.mark.parametrize("a", [1, 156])
def test_a_count_no_cards_make_is_refused(a):
    """rules/schieber.md, "Card points (157 a deal)": cards count 0, 2, 3, 4, 8, 10, 11, 14 or 20 and the
    last trick 5 in every kind, so no team takes exactly 1 card point, nor 156 (the other would hold 1)."""
    with pytest.raises(DealError) as error:
        GAME.replay(table(), [deal("H", a)])
    assert error.value.field in ("points-0", "points-1")
    assert str(error.value) in ("Nobody can take exactly 1 card point.", "Nobody can take exactly 156 card points.")
    assert GAME.replay(table(), [deal("obenabe", 2), deal("undenufe", 155)]).totals[:2] == (3 * 157, 3 * 157)


def test_card_points_that_do_not_add_up_name_the_teams():
    """rules/schieber.md, "Entry at the table": one count per team. A table read "Anna 103, Ben 60" as
    two players' counts; the refusal names the teams whose columns they are."""
    with pytest.raises(RuleError) as error:
        GAME.parse(table(), GAME.start(table()), deal("H", 103, 60))
    assert error.value.field == "points"
    assert "Anna & Cleo 103, Ben & Dan 60 add up to 163" in str(error.value)


def test_a_partners_entry_must_repeat_the_teams_or_be_left_empty():
    """A team's count goes under its first player (an API client may repeat it under the partner)."""
    t = table()
    same = {**deal("H", 100, 57), "points": [100, 57, 100, 57]}
    assert GAME.play(t, GAME.start(t), same)[0].points == GAME.play(t, GAME.start(t), deal("H", 100, 57))[0].points
    with pytest.raises(RuleError) as error:
        GAME.parse(t, GAME.start(t), {**deal("H", 100, 57), "points": [100, 57, 20, None]})
    assert error.value.field == "points-2"


def test_both_teams_by_card_points_asks_who_thanked_first():
    """rules/schieber.md, "Start, presets and the end": both only with card points: the app asks (no default)."""
    t = table(factors="none", target=1000)
    with pytest.raises(RuleError) as error:
        GAME.parse(t, at((900, 950)), deal("H", 100, 57))
    assert error.value.field == "thanked_first"
    _, state = GAME.play(t, at((900, 950)), deal("H", 100, 57, thanked=3))
    assert GAME.winners(t, state) == (1, 3)  # Dan thanked first, although A has more
    with pytest.raises(RuleError):
        GAME.parse(t, at((0, 0)), deal("H", 100, 57, thanked=0))


def test_who_thanked_first_is_asked_only_where_both_teams_may_reach_the_target():
    """rules/schieber.md "Start, presets and the end": who thanked first decides only when both teams reach
    the target in one deal, so it is asked only where both still can. Both get there by card points,
    so neither made a match (the other team would have none), and together they write at most
    (157 + 600 + 20) x 3 = 2331 in a deal with Swisslos factors (Weis and Stöck for one team each):
    not from 0 and 0 to 2500 (5000 short) nor from 1300 and 1300 (2400), but from 1400 and 1400
    (2200). A tester was asked from the second deal on at 346 and 148 to 1500 (2506 short)."""
    t = table()
    asked = lambda state: "thanked_first" in [spec.name for spec in GAME.deal_fields(t, state)]  # noqa: E731
    assert not asked(GAME.start(t)) and not asked(at((2000, 0))) and not asked(at((1300, 1300)))
    assert asked(at((1400, 1400))) and asked(at((2400, 300)))
    low = table(target=1500)
    assert "thanked_first" not in [spec.name for spec in GAME.deal_fields(low, at((346, 148)))]
    # sent empty where it is not asked (a deal stored before, an API v1 client): accepted; a team: refused
    assert GAME.parse(t, GAME.start(t), deal("H", 100, 57) | {"thanked_first": None})["points"][:2] == [100, 57]
    with pytest.raises(RuleError) as error:
        GAME.parse(t, GAME.start(t), deal("H", 100, 57, thanked=0))
    assert error.value.field == "thanked_first"


def test_weis_first_decides_when_there_is_no_stoeck():
    """rules/schieber.md, Ausmachregel Stöck - Weis - Stich: A reaches 1000 with its Weis, B only by cards."""
    t = table(factors="none", target=1000)
    _, state = GAME.play(t, at((960, 990)), deal("H", 20, 137, weis=(50, 0)))
    assert GAME.winners(t, state) == (0, 2)


def test_berg_marks_the_first_team_to_half_the_target():
    """rules/schieber.md, option berg: the first team to reach half the target is marked."""
    t = table(factors="none", target=1000)
    standing = GAME.replay(t, [deal(a=150)] * 3)
    assert standing.state.berg is None and standing.totals[0] == 450
    standing = GAME.replay(t, [deal(a=150)] * 3 + [deal(a=50)])
    assert standing.state.berg == A and standing.totals[0] == 500
    assert "Berg: Anna & Cleo reached 500 first." in [str(n) for n in standing.notes]


def test_berg_for_both_in_one_deal_goes_as_the_target_does_stoeck_weis_stich():
    """rules/schieber.md, option berg ("the first team to reach half the target") read with the Ausmachregel
    the target follows (Stöck - Weis - Stich): both teams pass 500 in one deal; team B gets there with its
    Stöck although team A took more card points in it. Only with card points, the team that took more."""
    t = table(factors="none", target=1000)
    _, state = GAME.play(t, at((450, 480)), deal(a=100, b=57, stoeck=B))
    assert state.berg == B  # 480 + Stöck 20 = 500 is written before A's card points
    _, state = GAME.play(t, at((450, 480)), deal(a=100, b=57))
    assert state.berg == A  # only card points: A's 100 against B's 57


def test_end_after_a_number_of_deals():
    """rules/schieber.md, option end "deals": the higher total wins, equal totals share."""
    t = table(end="deals", deals=2)
    standing = GAME.replay(t, [deal(a=100), deal(a=57)])
    assert standing.over and set(standing.winners) == {0, 1, 2, 3}
    with pytest.raises(DealError):
        GAME.replay(t, [deal(a=100)] * 3)


# --- invariants ----------------------------------------------------------------------------------

@st.composite
def deals(draw, weis_and_stoeck=True):
    trump = draw(st.sampled_from(KINDS))
    match = draw(st.sampled_from([None, A, B]))
    if match is None:
        a, b = draw(jass_counts(2))
    else:
        a, b = (CARD_POINTS, 0) if match == A else (0, CARD_POINTS)
    weis = draw(st.sampled_from([0, 20, 50, 70, 100, 150, 170, 200, 350]))
    weis_team = draw(st.integers(0, 1))
    stoeck = draw(st.sampled_from([None, A, B])) if trump in "HDSC" else None
    return deal(trump, a, b, match, (weis, 0) if weis_team == A else (0, weis), stoeck,
                pushed=draw(st.booleans()))


@given(st.integers(0, 2499), st.integers(0, 2499), deals(), st.sampled_from(sorted(PRESETS)), st.booleans())
def test_who_thanked_first_is_asked_wherever_it_may_decide(a, b, raw, factors, extras):
    """Wherever both teams reach the target in one deal only with card points, the field is asked."""
    t = table(factors=factors, factor_on_extras=extras)
    state = at((a, b))
    if GAME.first_to_target(t, state, raw) == "ask":
        assert "thanked_first" in [spec.name for spec in GAME.deal_fields(t, state)]
        assert GAME.winners(t, GAME.play(t, state, raw | {"thanked_first": 1})[1]) == (1, 3)


@given(st.lists(deals(), max_size=12), any_seat(4), st.sampled_from(sorted(PRESETS)), st.booleans())
def test_session_invariants(played, first_dealer, factors, extras):
    t = table(first_dealer, factors=factors, factor_on_extras=extras, end="deals", deals=99)
    standing = GAME.replay(t, played)
    assert standing.totals == tuple(sum(r.points[s] for r in standing.results) for s in range(4))
    assert standing.totals[0] == standing.totals[2] and standing.totals[1] == standing.totals[3]
    for index, (raw, result) in enumerate(zip(played, standing.results)):
        factor = PRESETS[factors][KINDS.index(raw["trump"])]
        assert standing.dealers[index] == (first_dealer - index) % 4
        assert sum(raw["points"][:2]) == CARD_POINTS
        for team in (A, B):
            base = raw["points"][team] + 100 * raw["match"][team]
            extra = raw["weis"][team] + 20 * raw["stoeck"][team]
            assert result.points[team] == factor * base + (factor if extras else 1) * extra


@given(st.lists(deals(), min_size=1, max_size=40), st.sampled_from([1000, 1500, 2500]))
def test_the_first_team_to_the_target_wins_and_the_game_stops(played, target):
    t = table(factors="none", target=target)
    state = GAME.start(t)
    for raw in played:
        if GAME.is_over(t, state):
            with pytest.raises(RuleError):
                GAME.parse(t, state, raw)
            break
        try:
            _, after = GAME.play(t, state, raw)
        except RuleError as error:
            assert error.field == "thanked_first"
            _, after = GAME.play(t, state, raw | {"thanked_first": 0})
        if GAME.is_over(t, after):
            winners = GAME.winners(t, after)
            assert after.totals[winners[0]] >= target and winners in ((0, 2), (1, 3))
        state = after


# --- statistics (issue 24): the figures a session counts ------------------------------------------

def test_figures_of_a_session_of_the_worked_examples():
    """rules/schieber.md, worked examples 3, 2 and 1 as one session (Ben deals first; deal and play go
    counter-clockwise, "A deal"): 1. Ben deals, Anna (forehand, team A) chooses hearts, B takes every
    trick: Kontermatsch. 2. Anna deals, Dan chooses Obenabe, B takes all nine: a match. 3. Dan deals,
    Cleo pushes, Anna chooses spades: A 103 card points and 70 Weis, B 54 and Stöck. The figures do
    not depend on the factors, so the session plays the swisslos ones throughout. Hand-counted: Anna
    chose twice, Dan once, Cleo pushed once; B's card points 157 + 157 + 54 = 368, A's 103."""
    deals = [deal("H", 0, 157, match=B), deal("obenabe", 0, 157, match=B),
             deal("S", 103, 54, weis=(70, 0), stoeck=B, pushed=True)]
    standing = GAME.replay(table(first_dealer=1), deals)
    assert standing.dealers == (1, 0, 3)
    assert standing.totals == (346, 257 + 771 + 148, 346, 257 + 771 + 148)
    assert counted_figures(GAME, table(first_dealer=1), deals) == {
        "deals_played": [3, 3, 3, 3], "chose": [2, 0, 0, 1], "pushed": [0, 0, 1, 0], "matches": [0, 1, 0, 1],
        "kontermatsch": [0, 1, 0, 1], "weis": [70, 0, 70, 0], "stoeck": [0, 1, 0, 1],
        "card_points": [103, 368, 103, 368]}


def test_figures_without_weis_and_stoeck_count_none():
    """rules/schieber.md option weis_and_stoeck off ("ohne Stöck und Wys"): the deal stores neither."""
    raw = {"trump": "C", "pushed": False, "points": [100, 57, None, None], "match": [False] * 4}
    counted = counted_figures(GAME, table(weis_and_stoeck=False), [raw])
    assert counted["weis"] == counted["stoeck"] == [0, 0, 0, 0]
    assert counted["chose"] == [0, 0, 0, 1] and counted["card_points"] == [100, 57, 100, 57]


def test_a_team_shows_at_most_600_weis():
    """rules/schieber.md "Scoring a deal": a 9-sequence is 300, four jacks 200 and four nines 150, and a card serves
    in one Weis only: two partners' 18 cards show at most two nine-card sequences, 600. 1000 is refused at
    the box; 600 counts."""
    with pytest.raises(RuleError) as error:
        GAME.parse(table(), GAME.start(table()), deal("H", 100, weis=(1000, 0)))
    assert error.value.field == "weis-0" and "cannot be more than 600" in str(error.value)
    assert GAME.parse(table(), GAME.start(table()), deal("H", 100, weis=(600, 0)))["weis"][0] == 600


def team_weis_totals():
    """Every Weis total two partners can show, found by trying each way to hold Weis in two hands of nine:
    sequences of 3 to 9 (20, 50, 100, 150, 200, 250, 300) in A K Q J 10 9 8 7 6 of one suit and four A,
    K, Q or 10 (100), four nines (150), four jacks (200), no card in two Weis."""
    ranks, suits = ("A", "K", "Q", "J", "10", "9", "8", "7", "6"), "CSHD"
    bit = {rank + suit: 1 << index for index, (suit, rank) in enumerate((s, r) for s in suits for r in ranks)}
    melds = [(sum(bit[rank + suit] for rank in ranks[start:start + length]), length,
              {3: 20, 4: 50}.get(length, 100 + 50 * (length - 5)))
             for suit in suits for length in range(3, 10) for start in range(10 - length)]
    melds += [(sum(bit[rank + suit] for suit in suits), 4, points)
              for rank, points in {"A": 100, "K": 100, "Q": 100, "10": 100, "9": 150, "J": 200}.items()]
    hands: dict[int, set[int]] = {}  # points -> the cards of each way to show them in one hand

    def show(start, cards, count, points):
        hands.setdefault(points, set()).add(cards)
        for index in range(start, len(melds)):
            more, length, worth = melds[index]
            if count + length <= 9 and not cards & more:
                show(index + 1, cards | more, count + length, points + worth)

    show(0, 0, 0, 0)
    return {one + other for one in hands for other in hands
            if any(not mine & theirs for mine in hands[one] for theirs in hands[other])}


def test_a_team_weis_total_that_two_hands_cannot_show_is_refused():
    """rules/schieber.md "Scoring a deal": Weis are sequences (20 to 300) and fours (100, 150, 200), all of the
    team holding the best one, "A card may not serve in two Weis". Two hands of nine show 0, 20 and the
    multiples of 10 from 40 to 600 but 330, 380, 430, 440, 460, 480, 490, 510-540 and 560-590: 590 would
    need 300 and 290, and nine cards beside a nine-card sequence show at most 250. Such a total is refused."""
    from scorekeeper.games.handjass_weis import TEAM_WEIS
    assert TEAM_WEIS == team_weis_totals()
    assert sorted({0, 20, *range(40, 601, 10)} - TEAM_WEIS) == [
        330, 380, 430, 440, 460, 480, 490, 510, 520, 530, 540, 560, 570, 580, 590]
    with pytest.raises(RuleError) as error:
        GAME.parse(table(), GAME.start(table()), deal("H", 100, weis=(590, 0)))
    assert error.value.field == "weis-0"
    assert str(error.value) == "Two partners' 18 cards cannot show 590 in Weis."
    assert GAME.replay(table(), [deal("H", 100, weis=(0, 550))]).totals[:2] == (100, 57 + 550)

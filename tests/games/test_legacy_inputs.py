"""Issue 22 item 1: inputs that API v1 accepted before and that are no longer asked (the engine derives
them now, or the session's options make them irrelevant) are accepted when they agree with the other
values and refused, naming them, when they contradict them; never "Unknown input". They are not kept in
the parsed deal, so stored deals look as they would without them."""
from __future__ import annotations

import pytest

from scorekeeper.games import get_game
from scorekeeper.games.base import DealError, RuleError

from . import test_coiffeur, test_handjass, test_pitch, test_sataat, test_schieberamsch
from .test_schieberamsch import grand, ramsch

SCHIEBERAMSCH, PITCH = get_game("schieberamsch"), get_game("pitch")


def refused(game, table, deal) -> RuleError:
    with pytest.raises(DealError) as caught:
        game.replay(table, [deal])
    assert "Unknown input" not in str(caught.value.text)
    return caught.value


def sent(game, table, deal) -> RuleError | None:
    """What `check_sent` (the values as an API client sent them) says of a first deal; None: accepted."""
    try:
        game.check_sent(table, game.start(table), deal)
    except RuleError as error:
        return error
    return None


# --- Schieberamsch: "took a trick" is asked only for a player with 0 card points (79fc99c) --------------

def test_took_trick_sent_for_a_player_with_points_is_accepted_when_it_agrees():
    """The case of the issue: `took_trick: true` for a player with 30 card points agrees (a player with
    points took a trick), so it is accepted and scores as the deal without it."""
    t = test_schieberamsch.table()
    deal = ramsch([30, 0, 90], took=[True, False, True])
    assert sent(SCHIEBERAMSCH, t, deal) is None
    assert test_schieberamsch.score(deal) == test_schieberamsch.score(ramsch([30, 0, 90], took=[False] * 3))
    # stored as who took a trick (a player with points did), whatever was sent for them
    assert SCHIEBERAMSCH.parse(t, SCHIEBERAMSCH.start(t), deal)["took_trick"] == [True, False, True]
    assert SCHIEBERAMSCH.parse(t, SCHIEBERAMSCH.start(t), ramsch([30, 0, 90], took=[False] * 3))["took_trick"] \
        == [True, False, True]


def test_took_trick_false_sent_for_a_player_with_points_is_refused_naming_it():
    """The issue's contradiction: `took_trick: false` for a player with 30 points. A form or a stored deal
    gives false for every box it did not show, so only the values as a client sent them (`check_sent`)
    count an empty box; the engine's own parse still reads it as not given."""
    t = test_schieberamsch.table()
    deal = ramsch([30, 0, 90], took=[False, True, True])
    error = sent(SCHIEBERAMSCH, t, deal)
    assert error is not None and error.field == "took_trick-0"
    assert "took_trick-0" in str(error.text)
    assert test_schieberamsch.score(deal) == (0, 0, 9)  # a form's unticked hidden box: not a value


def test_took_trick_in_a_grand_hand_changes_nothing():
    deal = {**grand(0, 70), "took_trick": [True, False, False]}
    assert sent(SCHIEBERAMSCH, test_schieberamsch.table(), deal) is None


# --- Schieberamsch: "soloist took no trick" is asked only under schwarz_both_ways (79fc99c) --------------

def test_no_tricks_without_its_option_is_accepted_when_it_agrees():
    """The case of the issue: a Grand Hand with `no_tricks: false` (asked before) is accepted; so is true
    where the points allow it. It changes nothing without schwarz_both_ways."""
    t = test_schieberamsch.table()
    for deal in (grand(0, 70), grand(0, 10, no_tricks=True), grand(0, 120, all_tricks=True)):
        assert sent(SCHIEBERAMSCH, t, deal) is None
        without = {key: value for key, value in deal.items() if key != "no_tricks"}
        assert test_schieberamsch.score(deal) == test_schieberamsch.score(without)
    assert sent(SCHIEBERAMSCH, t, {**ramsch([30, 0, 90]), "no_tricks": True}) is None  # not a Grand Hand


@pytest.mark.parametrize("deal", [grand(0, 120, all_tricks=True, no_tricks=True), grand(0, 30, no_tricks=True)])
def test_no_tricks_that_contradicts_every_trick_or_the_points_is_refused_naming_it(deal):
    """No trick and every trick at once, or no trick with more than the skat's 22 card points."""
    assert refused(SCHIEBERAMSCH, test_schieberamsch.table(), deal).field == "no_tricks"


def test_no_tricks_that_is_not_yes_or_no_is_refused_naming_it():
    error = refused(SCHIEBERAMSCH, test_schieberamsch.table(), {**grand(0, 70), "no_tricks": "maybe"})
    assert error.field == "no_tricks" and "answer yes or no" in str(error.text)


def test_no_tricks_is_checked_against_the_tapped_piles():
    """Counting by cards, the soloist's pile says whether they took a trick."""
    t = test_schieberamsch.table()
    cards = [["AC", "10C"], [], []]  # the soloist has only the skat; every other card to the last player
    deal = {**grand(0, 0), "count": "cards", "cards": cards, "rest": 2}
    assert sent(SCHIEBERAMSCH, t, {**deal, "no_tricks": True}) is None
    assert refused(SCHIEBERAMSCH, t, {**deal, "no_tricks": False}).field == "no_tricks"


# --- Pitch: the dealer's forced bid is derived (3620ddc) ----------------------------------------------

def test_forced_is_accepted_when_it_agrees_with_bidder_and_bid():
    """The case of the issue: a Pitch deal that sends `forced`. Dan deals: forced with 5 he was."""
    assert test_pitch.score({**test_pitch.by_points(3, 5, [4, 6]), "forced": True}) == (4, 6, 4, 6)
    assert test_pitch.score({**test_pitch.by_points(1, 7, [4, 6]), "forced": False}) == (4, -7, 4, -7)


@pytest.mark.parametrize("deal", [{**test_pitch.by_points(3, 5, [4, 6]), "forced": False},
                                  {**test_pitch.by_points(1, 5, [4, 6]), "forced": True},
                                  {**test_pitch.by_points(3, 6, [4, 6]), "forced": True}])
def test_forced_that_contradicts_bidder_and_bid_is_refused_naming_it(deal):
    assert refused(PITCH, test_pitch.table(), deal).field == "forced"


def test_forced_is_checked_with_the_locked_bids():
    t = test_pitch.table()
    bids = {"bidder": 3, "bid": 5, "trump": "C"}
    assert PITCH.parse_phase(t, PITCH.start(t), {**bids, "forced": True}, "bid") == bids
    with pytest.raises(RuleError) as caught:
        PITCH.parse_phase(t, PITCH.start(t), {**bids, "bidder": 0, "forced": True}, "bid")
    assert caught.value.field == "forced"


# --- Sataat and Handjass: trump where it changes nothing (cac4172, 13c1b26) -----------------------------

def test_sataat_trump_is_accepted_as_a_suit_and_refused_otherwise():
    """The case of the issue: a Sataat deal that names the announced trump."""
    game, t = get_game("sataat"), test_sataat.table()
    assert sent(game, t, test_sataat.deal(7, 2, trump="H")) is None
    assert refused(game, t, test_sataat.deal(7, 2, trump="X")).field == "trump"
    assert "trump" not in game.parse(t, game.start(t), test_sataat.deal(7, 2, trump="H"))


def test_handjass_trump_where_it_is_not_asked_is_accepted_as_a_suit():
    """Trump was asked for every deal; now only for a deal played out (or under Berner)."""
    game, t = get_game("handjass"), test_handjass.table()
    for deal in (test_handjass.deal(playing=[2], trump="H"),
                 test_handjass.deal(playing=[1, 3], agreed=True, trump="S")):
        assert sent(game, t, deal) is None
    assert refused(game, t, test_handjass.deal(playing=[2], trump="X")).field == "trump"


def test_stored_deals_without_legacy_values_replay_unchanged():
    """A deal parsed once parses to itself again: legacy values are checked, never stored."""
    t = test_schieberamsch.table()
    deal = SCHIEBERAMSCH.parse(t, SCHIEBERAMSCH.start(t), {**grand(0, 10), "no_tricks": True})
    assert "no_tricks" not in deal
    assert SCHIEBERAMSCH.parse(t, SCHIEBERAMSCH.start(t), deal) == deal


# --- a team's entry under its first player: a partner's entry sent is never dropped unread ----------

COIFFEUR, SATAAT = get_game("coiffeur"), get_game("sataat")
TEAM_COLUMNS = [  # (game, table, a deal with the team's entries under seats 0 and 1, the field)
    (SATAAT, test_sataat.table(), test_sataat.deal(7, 3), "tricks"),
    (PITCH, test_pitch.table(points_in_play="some"), test_pitch.by_points(0, 6, [6, 3]), "points"),
    (PITCH, test_pitch.table(6, points_in_play="some"), test_pitch.by_points(0, 6, [6, 3], n=6), "points"),
    (PITCH, test_pitch.table(), test_pitch.by_points(0, 6, [6, 4]) | {
        "entry": "cards", "cards": [["A", "J", "offJ", "3"], ["HJ", "LJ", "10"], [], []], "two": 0}, "cards"),
    (COIFFEUR, test_coiffeur.table(), test_coiffeur.deal(0, "undenufe", 90), "points"),
]


@pytest.mark.parametrize(("game", "table", "deal", "field"), TEAM_COLUMNS)
def test_a_partner_entry_that_repeats_the_team_or_is_empty_is_accepted(game, table, deal, field):
    """Sataat's tricks, Pitch's points and cards and Coiffeur's points go under each team's first player
    (`FieldSpec.team_columns`). An API client that sends the partners' entries empty, 0 or repeating their
    team's is taken, and the deal scores as without them."""
    scored = game.replay(table, [deal]).results[0].points
    values = deal[field]
    for partners in ([values[seat % 2] for seat in range(2, table.size)],
                     [[] if field == "cards" else 0] * (table.size - 2), [None] * (table.size - 2)):
        assert game.replay(table, [deal | {field: [*values[:2], *partners]}]).results[0].points == scored


@pytest.mark.parametrize(("game", "table", "deal", "field"), TEAM_COLUMNS)
def test_a_partner_entry_that_differs_from_the_team_is_refused_naming_it(game, table, deal, field):
    """The case found by the Pitch simulator: [6, 0, 0, 4] scored team B 0, the 4 unread. A partner's
    entry that differs from the team's is refused at its box (the last seat: team B's second player)."""
    values = deal[field]
    other = values[0] if field == "cards" else values[1] + 1  # team A's cards, or one trick/point more
    partners = [values[seat % 2] for seat in range(2, table.size - 1)] + [other]
    error = refused(game, table, deal | {field: [*values[:2], *partners]})
    assert error.field == f"{field}-{table.size - 1}"
    assert "first player" in str(error.text)

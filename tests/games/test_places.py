"""Each seat's place in a finished session (Game.places), as the player's page averages it: the
winners first, a loser the game names last, the others by the game's own ranking; equal sides share
a place and the next is skipped; partners share their team's place."""
from __future__ import annotations

import dataclasses

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import GAMES
from scorekeeper.games.base import State
from scorekeeper.games.free_pad import GAME as FREE_PAD
from scorekeeper.games.handjass import GAME as HANDJASS
from scorekeeper.games.pitch import GAME as PITCH
from scorekeeper.games.sataat import GAME as SATAAT
from scorekeeper.games.tennos_team import GAME as TENNOS_TEAM

from .helpers import make_table, player_names


def at(game, table, **changes):
    return dataclasses.replace(game.start(table), **changes)


def test_equal_totals_share_a_place_and_the_next_is_skipped():
    table = make_table(FREE_PAD, player_names(4))
    assert FREE_PAD.places(table, at(FREE_PAD, table, totals=(10, 30, 30, 5))) == (3, 1, 1, 4)
    lowest = make_table(FREE_PAD, player_names(4), winner="lowest")
    assert FREE_PAD.places(lowest, at(FREE_PAD, lowest, totals=(10, 30, 30, 5))) == (2, 3, 3, 1)


def test_partners_share_their_teams_place():
    """Three teams of two: the second team is second, not third."""
    table = make_table(FREE_PAD, player_names(6), teams=3)
    state = at(FREE_PAD, table, totals=(40, 20, 5, 40, 20, 5))
    assert FREE_PAD.places(table, state) == (1, 2, 3, 1, 2, 3)
    assert len(FREE_PAD.sides(table, state)) == 3


def test_handjass_the_last_one_left_is_last_whatever_the_strokes():
    table = make_table(HANDJASS, player_names(4))
    state = at(HANDJASS, table, totals=(7, 9, 3, 8), active=(False, False, True, False), deals_played=6,
               out_after=(5, 4, None, 6))
    assert HANDJASS.places(table, state) == (1, 1, 4, 1)


def test_pitch_the_declaring_side_out_first_wins_on_fewer_points():
    table = make_table(PITCH, player_names(4))
    state = at(PITCH, table, totals=(32, 33, 32, 33), declarers=(0, 2))  # both sides out: the bidder
    assert PITCH.winners(table, state) == (0, 2) and PITCH.places(table, state) == (1, 2, 1, 2)


def test_sataat_ranks_the_teams_by_deals_won_then_points_and_a_draw_is_shared():
    table = make_table(SATAAT, player_names(4))
    assert SATAAT.places(table, at(SATAAT, table, wins=(5, 7), totals=(90, 40, 90, 40))) == (2, 1, 2, 1)
    assert SATAAT.places(table, at(SATAAT, table, wins=(6, 6), totals=(50, 50, 50, 50))) == (1, 1, 1, 1)


def test_tennos_fixed_teams_share_a_place_drawn_teams_do_not():
    fixed = make_table(TENNOS_TEAM, player_names(4), teams="fixed", session_winner="total")
    state = at(TENNOS_TEAM, fixed, totals=(9, 4, 6, 8), team_points=(15, 12, 15, 12), wins=(1, 1, 1, 1),
               fixed=((0, 2), (1, 3)))
    assert TENNOS_TEAM.places(fixed, state) == (1, 2, 1, 2)
    drawn = make_table(TENNOS_TEAM, player_names(4), teams="drawn", session_winner="total")
    state = at(TENNOS_TEAM, drawn, totals=(9, 4, 6, 8), team_points=(15, 12, 15, 12), wins=(1, 1, 1, 1))
    assert TENNOS_TEAM.places(drawn, state) == (1, 4, 3, 2)


@given(st.sampled_from(sorted(GAMES)), st.data())
def test_every_game_places_its_winners_first_within_its_sides(slug, data):
    game = GAMES[slug]
    n = data.draw(st.sampled_from(game.players))
    table = make_table(game, player_names(n))
    totals = tuple(data.draw(st.lists(st.integers(-50, 50), min_size=n, max_size=n)))
    state: State = at(game, table, totals=totals)
    places = game.places(table, state)
    assert all(1 <= place <= len(game.sides(table, state)) for place in places)
    assert all(places[seat] == 1 for seat in game.winners(table, state))

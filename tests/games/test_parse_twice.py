"""A save stores the deal `parse` returned (writes.py); a replay parses the stored deal again
(Game.play). Invariant checked here for every game: parsing a parsed deal
gives the same deal, so the saved board and every later replay agree. Inputs: the worked deals of every
game and variant (tests/test_ja_breakdowns.CASES) and the games' generated deals."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import get_game
from scorekeeper.games.base import RuleError
from tests.games import test_handjass, test_pitch, test_sataat, test_schieberamsch, test_yacht
from tests.test_ja_breakdowns import CASES

from .helpers import make_table, player_names


def _parsed_twice_is_parsed_once(game, table, deals):
    state = game.start(table)
    for raw in deals:
        parsed = game.parse(table, state, raw)
        assert game.parse(table, state, parsed) == parsed
        played = game.play(table, state, parsed)  # the stored deal, as a replay plays it
        assert played == game.play(table, state, raw)
        state = played[1]


@pytest.mark.parametrize("slug", sorted(CASES))
def test_worked_deals_parse_to_themselves(slug):
    game = get_game(slug)
    for n, options, deals in CASES[slug]:
        table = make_table(game, player_names(n), **options)
        _parsed_twice_is_parsed_once(game, table, deals)


@pytest.mark.parametrize(("module", "strategy", "table"), [
    (test_handjass, test_handjass.full_deals(), test_handjass.table()),
    (test_pitch, test_pitch.card_deals(), test_pitch.table()),
    (test_sataat, test_sataat.deals(), test_sataat.table(deals=99)),
    (test_schieberamsch, test_schieberamsch.ramsch_deals(), test_schieberamsch.table(deals=99)),
    (test_yacht, test_yacht.deals(), test_yacht.table()),
], ids=["handjass", "pitch", "sataat", "schieberamsch", "yacht"])
@given(data=st.data())
def test_generated_deals_parse_to_themselves(module, strategy, table, data):
    deals = data.draw(st.lists(strategy, min_size=1, max_size=4))
    game = module.GAME
    state = game.start(table)
    for raw in deals:
        if game.is_over(table, state):
            break
        try:
            parsed = game.parse(table, state, raw)
        except RuleError:  # a generated deal this state refuses (a bid the dealer may not make): not stored
            break
        assert game.parse(table, state, parsed) == parsed
        state = game.play(table, state, parsed)[1]

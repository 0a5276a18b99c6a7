"""What every registered game promises the web layer and the API.

`EXPECTED` is the tests' one deliberate list of the games: adding or removing a game changes it here
on purpose. No other test keeps a list of them: they read the registry (`scorekeeper.games.GAMES`),
except for the per-game worked cases of tests/test_ja_breakdowns.py (docs/architecture.md, "Adding a
game")."""
from __future__ import annotations

import pytest

from scorekeeper.games import GAMES
from scorekeeper.games.base import Game
from scorekeeper.games.entry import KINDS

from .helpers import make_table, player_names

EXPECTED = {
    "coiffeur", "differenzler", "free_pad", "handjass", "italian_whist", "pitch", "sataat", "schieber",
    "schieberamsch", "skat", "stendhal", "tennos_team", "yacht",
}


def test_every_game_of_the_collection_is_registered():
    assert set(GAMES) == EXPECTED


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_option_defaults_do_not_depend_on_the_number_of_players(slug):
    """The new-game form is built before the players are counted, so it must show the right defaults:
    a count-dependent rule is an explicit "by the number of players" value."""
    game: Game = GAMES[slug]
    shapes = {n: [(s.name, s.kind, s.default, s.choices) for s in game.option_specs(n)] for n in game.players}
    first = shapes[min(game.players)]
    assert all(shape == first for shape in shapes.values())


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_fields_are_well_formed_for_every_player_count(slug):
    game: Game = GAMES[slug]
    for n in game.players:
        table = make_table(game, player_names(n))
        try:
            game.check_table(table)
        except Exception:
            continue  # a default mode that does not fit this count is refused at setup, with a reason
        fields = game.deal_fields(table, game.start(table))
        names = [spec.name for spec in fields]
        assert len(names) == len(set(names)), "field names are unique"
        for spec in fields:
            assert spec.kind in KINDS
            assert "-" not in spec.name, "a hyphen would clash with the per-seat form names"
            if spec.show_if:
                other = next(s for s in fields if s.name == spec.show_if[0])
                assert names.index(other.name) < names.index(spec.name), "a condition is on an earlier field"
                assert spec.per_seat or not other.per_seat, "only a per-seat field may follow a per-seat value"
            if spec.kind in ("choice", "multi"):
                assert spec.choices


def test_lists_of_names_and_scores_in_an_engines_sentences_take_the_readers_comma():
    """Testers read "明 +5, 勇 -10" and "Carl, Ben, Anna" with an ASCII comma inside Japanese sentences: a list
    the engines write (names, each player's score) is joined by T(", "), which the page translates."""
    from scorekeeper.games.base import Table

    table = Table(("Anna", "Ben", "Carl"))
    japanese = {", ": "、"}.get
    assert table.names_of([2, 0]).render(lambda msgid: japanese(msgid, msgid)) == "Carl、Anna"
    assert table.scores((5, -10, 0)).render(lambda msgid: japanese(msgid, msgid)) == "Anna +5、Ben -10、Carl 0"
    assert str(table.scores((5, -10, 0))) == "Anna +5, Ben -10, Carl 0"
    assert table.names_of([0, 2], " & ") == "Anna & Carl"  # a team is joined as it is written

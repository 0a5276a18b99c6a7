"""The TENNOS deck as data: research notes 7.2 (composition) and 7.3 (colours, O11)."""
from __future__ import annotations

import pytest

from scorekeeper.games import GAMES
from scorekeeper.games.tennos_deck import (
    BLANKS,
    JOKER_COLOUR,
    JOKERS,
    PAIRED_SUIT,
    PICTURE_CARDS,
    RANK_VALUE,
    TENNOS_COLOURS,
    TENNOS_DECK,
    TENNOS_SUIT_CARDS,
    TENNOS_SUITS,
    stendhal_cards,
    strength,
    team_game_cards,
    team_game_suits,
    tennos_label,
)


def test_composition_84_cards():
    """7.2: six suits x 13 ranks, 4 jokers (2 per colour), 2 blanks -> 84."""
    assert len(TENNOS_SUIT_CARDS) == 78 and len(set(TENNOS_DECK)) == 84
    assert len(JOKERS) == 4 and len(BLANKS) == 2
    assert sorted(JOKER_COLOUR[j] for j in JOKERS) == ["black", "black", "red", "red"]


def test_colours_three_black_three_red_alternating_in_seat_order():
    """7.3: spade, cross, club black; heart, leaf, diamond red; seating alternates colours."""
    assert [TENNOS_COLOURS[s] for s in TENNOS_SUITS] == ["black", "red"] * 3


def test_stendhal_pairs_cross_colours():
    """Stendhal pairs spade-heart, club-diamond, cross-leaf: each pair is one black and one red suit."""
    assert {frozenset((s, PAIRED_SUIT[s])) for s in TENNOS_SUITS} == {
        frozenset("SH"), frozenset("CD"), frozenset("XL")}
    assert all(TENNOS_COLOURS[s] != TENNOS_COLOURS[PAIRED_SUIT[s]] for s in TENNOS_SUITS)


def test_rank_values_and_strength():
    """Stendhal: A 1, J 11, Q 12, K 13 as points; in play A is highest, 2 lowest."""
    assert [RANK_VALUE[r] for r in ("A", "2", "10", "J", "Q", "K")] == [1, 2, 10, 11, 12, 13]
    assert strength("AS") > strength("KS") > strength("2S")


@pytest.mark.parametrize("n, hand, middle", [(5, 15, 3), (6, 13, 0), (7, 11, 1)])
def test_stendhal_cards_by_player_count(n, hand, middle):
    """Stendhal 'Deck and deal': 78 cards dealt equally, the rest face down in the middle."""
    assert stendhal_cards(n) == (hand, middle)
    assert hand * n + middle == 78


def test_team_game_cards_by_player_count():
    """Seed 000: 4 players remove A-10 of leaf and cross (20) -> 64 incl. blanks; 6 players all 84."""
    assert team_game_cards("team", 4) == 64 and team_game_cards("team", 6) == 84
    assert team_game_suits("team", 4) == ("S", "H", "C", "D")
    assert len(PICTURE_CARDS) == 18  # the picture deck is the same in every mode
    assert team_game_cards("individual", 6) == 84  # 5+ players use the blanks as jokers


def test_labels_and_not_a_registered_game():
    assert tennos_label("10X") == "✚10" and tennos_label("QL") == "❧Q"
    assert {"stendhal", "tennos_team"} <= set(GAMES) and "tennos" not in GAMES

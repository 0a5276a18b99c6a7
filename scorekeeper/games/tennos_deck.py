"""The TENNOS deck as data (shared by Stendhal and the TENNOS team game).

84 cards (research notes 7.2, inferred from the seeds' own counts): six suits of
13 ranks (A, 2-10, J, Q, K), four jokers (two black, two red) and two blank
("white") cards, one per colour set. A suit card is written rank + suit letter
like the French deck in ``cards.py``: "JS" spade jack, "10X" ten of crosses,
"AL" ace of leaves. Suit letters in seating order: S spade, H heart, X cross,
L leaf, C club, D diamond.

Colours (research notes 7.3 and open item O11, inferred): spade, cross and club
are black; heart, leaf and diamond red. Stendhal pairs each suit with one of
the other colour: spade-heart, club-diamond, cross-leaf.

This module is data only: it defines no GAME, so the registry skips it.

>>> len(TENNOS_DECK), len(TENNOS_SUIT_CARDS), len(PICTURE_CARDS)
(84, 78, 18)
>>> tennos_label("JX"), TENNOS_COLOURS["L"], PAIRED_SUIT["X"]
('✚J', 'red', 'L')
"""
from __future__ import annotations

from .text import N_

TENNOS_SUITS = ("S", "H", "X", "L", "C", "D")  # the seating order of the team game, clockwise
TENNOS_SUIT_NAMES = {"S": N_("spade"), "H": N_("heart"), "X": N_("cross"), "L": N_("leaf"),
                     "C": N_("club"), "D": N_("diamond")}
TENNOS_SUIT_SYMBOLS = {"S": "♠", "H": "♥", "X": "✚", "L": "❧", "C": "♣", "D": "♦"}
BLACK, RED, WHITE = "black", "red", "white"
COLOUR_NAMES = {BLACK: N_("black"), RED: N_("red"), WHITE: N_("white")}
TENNOS_COLOURS = {"S": BLACK, "H": RED, "X": BLACK, "L": RED, "C": BLACK, "D": RED}
PAIRED_SUIT = {"S": "H", "H": "S", "C": "D", "D": "C", "X": "L", "L": "X"}

# Ranks from the weakest to the strongest in play (A is high in both games).
TENNOS_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# Face value when a rank is counted as points (Stendhal: A 1, J 11, Q 12, K 13).
RANK_VALUE = {rank: int(rank) for rank in TENNOS_RANKS[:9]} | {"A": 1, "J": 11, "Q": 12, "K": 13}
PICTURE_RANKS = ("J", "Q", "K")
NUMBER_RANKS = ("A",) + TENNOS_RANKS[:9]  # a player's own cards in the team game: A and 2-10

TENNOS_SUIT_CARDS = tuple(rank + suit for suit in TENNOS_SUITS for rank in TENNOS_RANKS)
PICTURE_CARDS = tuple(rank + suit for suit in TENNOS_SUITS for rank in PICTURE_RANKS)
JOKERS = ("JOKER-B1", "JOKER-B2", "JOKER-R1", "JOKER-R2")
BLANKS = ("BLANK-B", "BLANK-R")
JOKER_COLOUR = {"JOKER-B1": BLACK, "JOKER-B2": BLACK, "JOKER-R1": RED, "JOKER-R2": RED,
                "BLANK-B": BLACK, "BLANK-R": RED}
TENNOS_DECK = TENNOS_SUIT_CARDS + JOKERS + BLANKS


def tennos_rank(card: str) -> str:
    return card[:-1]


def tennos_suit(card: str) -> str:
    return card[-1]


def tennos_label(card: str) -> str:
    """"JX" -> "✚J": how a card is shown on a button."""
    if card in JOKER_COLOUR:
        return card.title()
    return TENNOS_SUIT_SYMBOLS[tennos_suit(card)] + tennos_rank(card)


def strength(card: str) -> int:
    """Index of the card's rank in play order: 2 -> 0 ... A -> 12."""
    return TENNOS_RANKS.index(tennos_rank(card))


# --- which cards are used at which player count -------------------------------

def stendhal_cards(n_players: int) -> tuple[int, int]:
    """(cards per hand, cards left face down in the middle) for Stendhal's 78 suit cards.

    >>> [stendhal_cards(n) for n in (5, 6, 7)]
    [(15, 3), (13, 0), (11, 1)]
    """
    return divmod(len(TENNOS_SUIT_CARDS), n_players)


def team_game_suits(mode: str, n_players: int) -> tuple[str, ...]:
    """The suits whose A-10 are in play: team mode with 4 players drops cross and leaf.

    Individual mode with fewer than six uses as many suits as players, chosen by
    drawing aces, so every suit is possible there.

    >>> team_game_suits("team", 4)
    ('S', 'H', 'C', 'D')
    """
    if mode == "team" and n_players == 4:
        return ("S", "H", "C", "D")
    return TENNOS_SUITS


def team_game_cards(mode: str, n_players: int) -> int:
    """How many cards the team game uses: A-10 of the suits in play, the 18 picture cards,
    and the jokers/blanks (team: all six; individual and secret: one per player).

    >>> team_game_cards("team", 4), team_game_cards("team", 6), team_game_cards("individual", 3)
    (64, 84, 51)
    """
    suits = len(team_game_suits(mode, n_players)) if mode == "team" else n_players
    extras = len(JOKERS) + len(BLANKS) if mode == "team" else n_players
    return suits * len(NUMBER_RANKS) + len(PICTURE_CARDS) + extras

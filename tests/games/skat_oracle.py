"""The 32-card Skat deck the simulators share, restated from the rules notes (never from scorekeeper/games).

Used by test_skat_simulated.py and test_schieberamsch_simulated.py: the cards and their points, the
trumps of each game (the jacks alone in a grand and a Ramsch), which "suit" a card follows, how strong
it is in a trick and the matadors. What differs between the lists (the game values, the Ramsch and
Grand Hand scores, the tally) stays in each simulator. Every piece names the rules note section it
restates.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

#: skat.md "Cards, card points, who plays", schieberamsch.md "Cards and card points":
#: A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0, 120 in all
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
SUITS = ("C", "S", "H", "D")
#: the deck, in this order (a simulator that shuffles another order keeps its own)
DECK = tuple(rank + suit for suit in SUITS for rank in POINTS)
TOTAL = 120
#: skat.md "Matadors", schieberamsch.md "Cards and card points": club J > spade J > heart J > diamond J
JACKS = ("JC", "JS", "JH", "JD")
#: a plain suit's order (and a suit game's trumps after the jacks): A 10 K Q 9 8 7
PLAIN = ("A", "10", "K", "Q", "9", "8", "7")
#: skat.md "Null games": A K Q J 10 9 8 7, no trumps
NULL_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")
#: skat.md "Value of a suit or grand game": the suit games and their trump suit
SUIT_GAMES = ("diamonds", "hearts", "spades", "clubs")
LETTER = dict(zip(SUIT_GAMES, ("D", "H", "S", "C")))
#: skat.md "Other options", schieberamsch.md "Grand Hand deal": kontra doubles, re doubles again
CONTRA = {"none": 1, "contra": 2, "recontra": 4}


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


def worth(cards: Iterable[str]) -> int:
    """skat.md "Cards, card points, who plays": the card points of some cards."""
    return sum(POINTS[rank_of(card)] for card in cards)


def pile_counts() -> frozenset[int]:
    """schieberamsch.md "Cards and card points": every count one pile of cards can hold."""
    sums = {0}
    for card in DECK:
        sums |= {total + POINTS[rank_of(card)] for total in sums}
    return frozenset(sums)


#: skat.md "Matadors": the trumps, highest first: the jacks, then the suit's A 10 K Q 9 8 7; the jacks
#: only in a grand and a Ramsch (schieberamsch.md: "The four jacks are always trumps"); none in a null game
TRUMPS = {**{game: JACKS + tuple(rank + LETTER[game] for rank in PLAIN) for game in SUIT_GAMES},
          "grand": JACKS, "ramsch": JACKS, "null": ()}
#: the suit a card follows in each game ("T": the trumps, their own "suit")
FOLLOWS = {game: {card: "T" if card in order else suit_of(card) for card in DECK} for game, order in TRUMPS.items()}


def led_suit(card: str, game: str) -> str:
    """The "suit" `card` asks the others to follow in `game` ("T": trump)."""
    return FOLLOWS[game][card]


def power(card: str, game: str, led: str) -> int:
    """skat.md "Matadors" and "Null games", schieberamsch.md "Cards and card points": how strong a card
    is in a trick led with suit `led` ("T": trump): a trump by its order, else a card of the led suit by
    the suit's order; another card never wins."""
    order = TRUMPS[game]
    if card in order:
        return 100 - order.index(card)
    if led == "T" or suit_of(card) != led:
        return -1
    return 50 - (NULL_RANKS if game == "null" else PLAIN).index(rank_of(card))


def trick_winner(cards: Sequence[str], game: str) -> int:
    """The highest trump, else the highest card of the led suit (the first card's): its index in `cards`."""
    led = led_suit(cards[0], game)
    return max(range(len(cards)), key=lambda i: power(cards[i], game, led))


def matadors(cards: Iterable[str], order: Sequence[str]) -> tuple[str, int]:
    """skat.md "Matadors", schieberamsch.md "Grand Hand deal": ("with" | "against", n): the top trumps of
    `order` held (or missing) unbroken from the top."""
    held = set(cards)
    top = order[0] in held
    n = 0
    for card in order:
        if (card in held) != top:
            break
        n += 1
    return ("with" if top else "against"), n

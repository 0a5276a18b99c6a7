"""Decks as data: suits, ranks and card points.

A card is written as rank + suit letter: "JC" is the jack of clubs, "10H" the
ten of hearts. French suits: C clubs, S spades, H hearts, D diamonds.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from .text import N_, P, RuleError

FRENCH_SUITS = ("C", "S", "H", "D")
SUIT_NAMES = {"C": N_("clubs"), "S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds")}
SUIT_SYMBOLS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}

RANKS_32 = ("7", "8", "9", "10", "J", "Q", "K", "A")


def deck(ranks: tuple[str, ...], suits: tuple[str, ...] = FRENCH_SUITS) -> tuple[str, ...]:
    """All cards of the given ranks in the given suits, suit by suit.

    >>> len(deck(RANKS_32)), deck(RANKS_32)[:2]
    (32, ('7C', '8C'))
    """
    return tuple(rank + suit for suit in suits for rank in ranks)


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


def label(card: str) -> str:
    """"JC" -> "♣J": how the card is shown on a button."""
    return SUIT_SYMBOLS.get(suit_of(card), suit_of(card)) + rank_of(card)


# Skat card points (Schieberamsch): A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0 -> 120 in all.
SKAT_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
SKAT_DECK = deck(RANKS_32)
SKAT_TOTAL = sum(SKAT_POINTS[rank_of(card)] for card in SKAT_DECK)


def possible_counts(cards: Iterable[str], points: Callable[[str], int]) -> frozenset[int]:
    """Every number of card points one pile of these cards can hold.

    >>> sorted(set(range(SKAT_TOTAL + 1)) - SKAT_POSSIBLE)
    [1, 119]
    """
    sums = {0}
    for card in cards:
        sums |= {total + points(card) for total in sums}
    return frozenset(sums)


SKAT_POSSIBLE = possible_counts(SKAT_DECK, lambda card: SKAT_POINTS[rank_of(card)])


def no_pile_holds(points: int, field: str) -> RuleError:
    """The refusal of a count of card points that no pile can hold, at its box."""
    return RuleError(P("Nobody can take exactly %(n)d card point.", "Nobody can take exactly %(n)d card points.",
                       points), field)


def unheld(counts: Iterable[int | None], possible: frozenset[int], field: str = "points") -> list[RuleError]:
    """A refusal for each count (one per player or side, None: not typed) that no pile can hold, each at
    its own box ``field-i``.

    >>> [e.field for e in unheld([60, 1, None, 119], SKAT_POSSIBLE)]
    ['points-1', 'points-3']
    """
    return [no_pile_holds(points, f"{field}-{i}") for i, points in enumerate(counts)
            if points is not None and points not in possible]

# The four jacks in Skat order, highest first: club, spade, heart, diamond.
SKAT_JACKS = ("JC", "JS", "JH", "JD")

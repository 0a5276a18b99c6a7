"""The Jass rules the simulators share, restated from the rules notes (never from scorekeeper/games).

Used by test_handjass_simulated.py, test_schieber_simulated.py and test_differenzler_simulated.py:
the 36-card deck, card points, the trick power, the counts a pile can hold and the Weis (melds) found
in a hand. Where the games differ (Handjass's Weis schedule, its ranking of Weis by class, Schieber's
team Weis, what a player chooses to show), the simulator keeps its own piece and passes the difference
in (``fours``, ``rank``, ``points``). Every function names the rules note section it restates.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

SUITS = ("C", "S", "H", "D")
#: handjass.md "Weis (melds) and Stöck": the natural order (sequences, and a plain suit's order), high first
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
#: handjass.md "Card points": the trump order
TRUMP_ORDER = ("J", "9", "A", "K", "Q", "10", "8", "7", "6")
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
#: handjass.md / schieber.md "Card points": the other suits, and the trump suit
PLAIN_POINTS = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10}
TRUMP_POINTS = {**PLAIN_POINTS, "J": 20, "9": 14}
LAST_TRICK, TOTAL, STOECK = 5, 157, 20
#: schieber.md "Scoring a deal" (handjass.md's "swiss" schedule): sequences by length, fours by rank
SWISS_SEQUENCE = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}
SWISS_FOURS = {"J": 200, "9": 150, "A": 100, "K": 100, "Q": 100, "10": 100}

Meld = tuple[str, ...]
Key = TypeVar("Key")


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


def value(card: str, kind: str) -> int:
    """schieber.md "Card points (157 a deal)" (handjass.md "Card points" for a trump suit): a card's
    points when `kind` (a suit, "obenabe" or "undenufe" (six_11)) is played."""
    rank = rank_of(card)
    if kind == "obenabe":
        return {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10, "8": 8}.get(rank, 0)
    if kind == "undenufe":
        return {"6": 11, "K": 4, "Q": 3, "J": 2, "10": 10, "8": 8}.get(rank, 0)
    return (TRUMP_POINTS if suit_of(card) == kind else PLAIN_POINTS).get(rank, 0)


def power(card: str, kind: str, led: str) -> int:
    """handjass.md "Card points", schieber.md "A deal": how strong a card is in a trick: trump (J, 9, A,
    K, Q, 10, 8, 7, 6) over the led suit (A high); Obenabe aces high, Undenufe sixes high; a card of
    another suit never wins."""
    if kind in SUITS and suit_of(card) == kind:
        return 100 + len(TRUMP_ORDER) - 1 - TRUMP_ORDER.index(rank_of(card))
    if suit_of(card) != led:
        return -1
    return RANKS.index(rank_of(card)) if kind == "undenufe" else len(RANKS) - 1 - RANKS.index(rank_of(card))


def trick_winner(cards: Sequence[str], kind: str) -> int:
    """handjass.md "Card points": the highest trump, else the highest card of the led suit (the first
    card's): its index in `cards`."""
    return max(range(len(cards)), key=lambda i: power(cards[i], kind, suit_of(cards[0])))


def legal(held: Sequence[str], led: str | None, trump: str) -> list[str]:
    """The cards a player may play (handjass.md, differenzler.md "A deal": play as in Jass): a card of
    the led suit or a trump when they hold the led suit, else any card (any card to lead)."""
    if led and any(suit_of(card) == led for card in held):
        return [card for card in held if suit_of(card) in (led, trump)]
    return list(held)


def pile_counts() -> frozenset[int]:
    """handjass.md "Card points": the card points one pile can hold (without the last trick): every sum
    of some cards of the deck (a trump suit played)."""
    sums = {0}
    for card in DECK:
        sums |= {total + value(card, "H") for total in sums}
    return frozenset(sums)


PILE_COUNTS = pile_counts()


def melds_in(cards: Iterable[str], fours: Iterable[str] = SWISS_FOURS) -> list[Meld]:
    """handjass.md "Weis (melds) and Stöck", schieber.md "Scoring a deal": every Weis within `cards`:
    each run of 3 to 9 of a suit in the natural order (overlapping ones too), then the four of each rank
    of `fours` (in its order; Handjass's schedule has no four 9s)."""
    held, found = set(cards), []
    for suit in SUITS:
        for start in range(len(RANKS)):
            for end in range(start + 3, len(RANKS) + 1):
                run = tuple(rank + suit for rank in RANKS[start:end])
                if not set(run) <= held:
                    break
                found.append(run)
    found += [tuple(rank + s for s in SUITS) for rank in fours if all(rank + s in held for s in SUITS)]
    return found


def is_four(meld: Meld) -> bool:
    return len({rank_of(card) for card in meld}) == 1


def meld_points(meld: Meld) -> int:
    """schieber.md "Scoring a deal" (the swiss schedule): a sequence by its length, a four by its rank."""
    return SWISS_FOURS[rank_of(meld[0])] if is_four(meld) else SWISS_SEQUENCE[len(meld)]


def meld_rank(meld: Meld, kind: str) -> tuple[int, int, int, int]:
    """schieber.md "Scoring a deal", ranking between Weis: more points; equal points: a sequence first
    (weis_tie sequence_first); then the higher top card (in Undenufe the lower sequence); then trump."""
    four = is_four(meld)
    if four:
        height = len(RANKS) - 1 - RANKS.index(rank_of(meld[0]))
    elif kind == "undenufe":
        height = RANKS.index(rank_of(meld[-1]))
    else:
        height = len(RANKS) - 1 - RANKS.index(rank_of(meld[0]))
    return meld_points(meld), int(not four), height, int(not four and suit_of(meld[0]) == kind)


def readings(cards: Sequence[str], fours: Iterable[str] = SWISS_FOURS) -> list[list[Meld]]:
    """handjass.md "A card cannot be in two Weis" (schieber.md "A card may not serve in two Weis"): every
    way to read shown cards as Weis, each card in exactly one."""
    options = melds_in(cards, fours)

    def cover(left: frozenset[str]) -> list[list[Meld]]:
        if not left:
            return [[]]
        first = min(left)
        return [[m, *rest] for m in options if first in m and set(m) <= left for rest in cover(left - set(m))]

    return cover(frozenset(cards))


def declared(cards: Sequence[str], rank: Callable[[Meld], Key], points: Callable[[Meld], int],
             fours: Iterable[str] = SWISS_FOURS) -> tuple[Key, int] | None:
    """handjass.md "Comparing Weis" (a player declares their best): the reading of the shown cards with
    the strongest single Weis by `rank`, then the most `points`: (that Weis's rank, the points of all);
    None when nothing is shown. `rank` and `points` are the game's schedule."""
    if not cards:
        return None
    ways = readings(cards, fours)
    assert ways, f"the simulator showed cards that are no Weis: {cards}"
    best = max(ways, key=lambda way: (max(map(rank, way)), sum(map(points, way))))
    return max(map(rank, best)), sum(map(points, best))


def stacked(hands: list[list[str]], seat: int, wanted: Sequence[str]) -> list[list[str]]:
    """Not a rule but a simulator's move: the wanted cards moved into `seat`'s hand, each swapped for one
    it does not want (while it has one), so every hand keeps its size: still a deal."""
    hands = [list(hand) for hand in hands]
    spare = [card for card in hands[seat] if card not in wanted]
    for card in wanted:
        if card in hands[seat] or not spare:
            continue
        owner = next(s for s in range(len(hands)) if card in hands[s])
        give = spare.pop()
        hands[seat][hands[seat].index(give)] = card
        hands[owner][hands[owner].index(card)] = give
    return hands

"""Jass card points and the Weis (melds) of Handjass: reading, ranking, scoring.

Rules: ``shared/rules/handjass.md`` ("Card points", "Weis (melds) and Stöck") and
``research-notes.md`` 1.2-1.3 / O1. A player's Weis is entered as the cards they
showed; `split_weis` reads them as sequences (3+ in a row of one suit in the
natural order A K Q J 10 9 8 7 6) and fours of a kind (A, K, Q, J, 10; also 9 with
the "swiss" schedule), every card in exactly one Weis. When the cards can be read
in more than one way, the reading with the strongest single Weis, then the most
points, is taken (the player declares their best).
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import FRENCH_SUITS, label, possible_counts, rank_of, suit_of
from .text import RuleError, T, Text

NATURAL = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")  # sequence order, high first
DECK = tuple(rank + suit for suit in FRENCH_SUITS for rank in NATURAL)
PLAIN_POINTS = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10, "9": 0, "8": 0, "7": 0, "6": 0}
TRUMP_POINTS = {**PLAIN_POINTS, "J": 20, "9": 14}
LAST_TRICK = 5
FOURS = {"handjass": {"A": 100, "K": 100, "Q": 100, "J": 200, "10": 100},
         "swiss": {"A": 100, "K": 100, "Q": 100, "J": 200, "10": 100, "9": 150}}
FOURS_SAID = {schedule: ", ".join(fours) for schedule, fours in FOURS.items()}  # "A, K, Q, J, 10, 9"
#: the most Weis two partners' 18 cards can show on the swiss schedule (Schieber, Coiffeur, typed as a
#: team's total): a nine-card sequence each, 300 + 300; four jacks and four nines (350) leave the
#: partner no run longer than three and at most two fours (200)
MOST_TEAM_WEIS = 600
#: the Weis totals two partners' hands of nine show on the swiss schedule, no card in two Weis: 0, 20 and
#: the multiples of 10 from 40 to 600 but these (590 would be 300 and 290, and the nine cards beside a
#: nine-card sequence show at most 250); tests/games/test_schieber.py tries every way to hold them
TEAM_WEIS = frozenset({0, 20, *range(40, MOST_TEAM_WEIS + 1, 10)}) - {
    330, 380, 430, 440, 460, 480, 490, 510, 520, 530, 540, 560, 570, 580, 590}


def check_team_weis(points: int, field: str) -> None:
    """Refuse a team's Weis total that no Weis add up to (10, 30, 35) or two hands of nine cannot show (590).

    >>> check_team_weis(590, "weis")
    Traceback (most recent call last):
    ...
    scorekeeper.games.text.RuleError: Two partners' 18 cards cannot show 590 in Weis.
    """
    if points in (10, 30) or points % 10:
        raise RuleError(T("No Weis adds up to %(n)d: Weis count 20, 50, 100, 150, 200, 250 or 300.", n=points),
                        field)
    if points not in TEAM_WEIS:
        raise RuleError(T("Two partners' 18 cards cannot show %(n)d in Weis.", n=points), field)


def card_points(card: str, trump: str) -> int:
    """Points of one card: the trump J is 20 and the trump 9 is 14.

    >>> card_points("JC", "C"), card_points("JS", "C"), card_points("9C", "C"), card_points("10H", "C")
    (20, 2, 14, 10)
    """
    return (TRUMP_POINTS if suit_of(card) == trump else PLAIN_POINTS)[rank_of(card)]


TOTAL = sum(card_points(card, "C") for card in DECK) + LAST_TRICK  # 62 + 3 x 30 + 5 = 157
# card points one player can take (without the last trick): not 1, not 151
POSSIBLE = possible_counts(DECK, lambda card: card_points(card, "C"))
#: card points one side (a player or a team) can hold after a deal of all 36 cards, the last trick's 5
#: included or not: every count from 0 to 157 but 1 and 156 (no card counts 1, so the others would hold
#: 1); the same with Obenabe or Undenufe, whose cards count 2, 3, 4, 8, 10 or 11 as well
TAKEN = frozenset(n for n in range(TOTAL + 1) if n in POSSIBLE or n - LAST_TRICK in POSSIBLE)


def written_match(points: Any, bonus: int, teams: Sequence[str], ticked_for: int | None = None) -> int | None:
    """The team (0 or 1) whose typed card points are a match as the Schieber's and Coiffeur's Tafel
    write it, all 157 and the match bonus (257 with the usual 100); None for none. `points`: the
    per-seat entries as sent, each team's under its first player; `teams`: their names; `ticked_for`:
    the team a ticked Match box gives every trick to, if any. Card points typed for the other team
    too, or Match ticked for it, contradict the match: refused at that box.

    >>> written_match(["", "257", None, None], 100, ("A", "B")), written_match([157, 0], 100, ("A", "B"))
    (1, None)
    >>> written_match([257, 5], 100, ("A", "B"))
    Traceback (most recent call last):
    scorekeeper.games.text.RuleError: 257 is all nine tricks for A: B then took no card points.
    """
    if bonus <= 0 or not isinstance(points, (list, tuple)):
        return None
    numbers = [_number(typed) for typed in points[:2]]
    if TOTAL + bonus not in numbers:
        return None
    team = numbers.index(TOTAL + bonus)
    said = {"points": TOTAL + bonus, "team": teams[team], "other": teams[1 - team]}
    if len(points) > 1 and points[1 - team] not in (None, "") and numbers[1 - team] != 0:
        raise RuleError(T("%(points)d is all nine tricks for %(team)s: %(other)s then took no card points.",
                          **said), f"points-{1 - team}")
    if ticked_for is not None and ticked_for != team:
        raise RuleError(T("%(points)d is all nine tricks for %(team)s, but Match is ticked for %(other)s.",
                          **said), "match")
    return team


def _number(typed: Any) -> int | None:
    try:
        return int(str(typed).strip())
    except ValueError:
        return None


def sequence_points(length: int, schedule: str) -> int:
    """20 / 50 / 100, then 100 for any longer run ("handjass") or +50 per card ("swiss").

    >>> [sequence_points(n, "handjass") for n in range(3, 10)]
    [20, 50, 100, 100, 100, 100, 100]
    >>> [sequence_points(n, "swiss") for n in range(3, 10)]
    [20, 50, 100, 150, 200, 250, 300]
    """
    if length <= 4:
        return 20 if length == 3 else 50
    return 100 if schedule == "handjass" else 100 + 50 * (length - 5)


@dataclass(frozen=True)
class Meld:
    """One Weis: its cards, highest first. A four of a kind has four cards of one rank."""

    cards: tuple[str, ...]

    @property
    def four(self) -> bool:
        return len({rank_of(card) for card in self.cards}) == 1

    @property
    def top(self) -> str:
        return self.cards[0]

    def points(self, schedule: str) -> int:
        if self.four:
            return FOURS[schedule][rank_of(self.top)]
        return sequence_points(len(self.cards), schedule)

    def strength(self, schedule: str, trump: str) -> tuple[int, ...]:
        """Higher is stronger: class (or points), then more cards, higher top card, trump suit.

        >>> four_k = Meld(("KC", "KS", "KH", "KD"))
        >>> run_5 = Meld(("9H", "8H", "7H", "6H", "10H"))
        >>> run_5.strength("handjass", "C") > four_k.strength("handjass", "C")
        True
        """
        top = len(NATURAL) - NATURAL.index(rank_of(self.top))
        trumps = int(not self.four and suit_of(self.top) == trump)
        if schedule == "swiss":
            first = self.points(schedule)
        elif self.four:
            first = 5 if rank_of(self.top) == "J" else 3
        else:
            first = {3: 1, 4: 2}.get(len(self.cards), 4)
        return (first, len(self.cards), top, trumps)

    def text(self) -> Text:
        if self.four:
            return T("four %(rank)s", rank=rank_of(self.top))
        return T("%(n)d-card sequence %(top)s-%(low)s", n=len(self.cards), top=label(self.top),
                 low=label(self.cards[-1]))


def candidate_melds(cards: set[str] | frozenset[str], schedule: str) -> list[Meld]:
    """Every Weis that the given cards contain (overlapping ones included)."""
    found = []
    for suit in FRENCH_SUITS:
        for start in range(len(NATURAL)):
            for end in range(start + 3, len(NATURAL) + 1):
                run = tuple(rank + suit for rank in NATURAL[start:end])
                if not set(run) <= cards:
                    break
                found.append(Meld(run))
    for rank in FOURS[schedule]:
        four = tuple(rank + suit for suit in FRENCH_SUITS)
        if set(four) <= cards:
            found.append(Meld(four))
    return found


def split_weis(cards: Collection[str], schedule: str, trump: str) -> tuple[Meld, ...] | None:
    """Read shown cards as Weis, each card used once; None when they cannot be read so.

    >>> [m.text().render() for m in split_weis(["KC", "KS", "KH", "KD", "10S", "9S", "8S"], "handjass", "S")]
    ['four K', '3-card sequence ♠10-♠8']
    >>> split_weis(["AC", "AS", "AH", "AD", "KC", "QC"], "handjass", "S") is None  # no card in two Weis
    True
    """
    held = frozenset(cards)
    melds = candidate_melds(held, schedule)
    readings: list[tuple[Meld, ...]] = []

    def cover(left: frozenset[str], chosen: tuple[Meld, ...]) -> None:
        if not left:
            readings.append(chosen)
            return
        first = min(left, key=DECK.index)
        for meld in melds:
            if first in meld.cards and set(meld.cards) <= left:
                cover(left - set(meld.cards), chosen + (meld,))

    cover(held, ())
    if not readings:
        return None
    best = max(readings, key=lambda reading: (
        max((meld.strength(schedule, trump) for meld in reading), default=()),
        sum(meld.points(schedule) for meld in reading)))
    return tuple(sorted(best, key=lambda meld: meld.strength(schedule, trump), reverse=True))


def loose_cards(cards: Collection[str], schedule: str) -> list[str]:
    """Shown cards that belong to no possible Weis at all (for the error message)."""
    used = {card for meld in candidate_melds(frozenset(cards), schedule) for card in meld.cards}
    return [card for card in DECK if card in cards and card not in used]

"""Captured cards: the piles players took in a deal, and the card points they hold.

Instead of typing card points, a table may tap each player's captured cards
(Schieberamsch, Handjass). Every card goes to at most one player; the player
named by the deal's rest field gets every card nobody was given (the last pile is
inferred), so with all cards in play the piles partition the deck and the points
add up to the deck's total by construction (Skat 120; Jass 152, plus the last
trick's 5 added by the engine).

Counting cards only (issue 23; decided for both games): players count a pile by
its counting cards, so a table may tap just those (Skat: A, 10, K, Q, J; Jass:
A, K, Q, J, 10 and the trump 9). When no tapped card anywhere in the deal is
worth 0 points (`counting_only`), the piles cannot be checked as whole tricks
(nor, in Jass, the number of cards played or a card in the last trick); the
engine checks what it still can: no card given twice, and the rest player's
pile makes the points add up to the deck's total as before. Who took a trick
follows the piles, except that a pile without a counting card may hide a trick
of zero-point cards, or hold none: the rest player's holds the zero-point cards
nobody was given, which may be nobody's. A game where that matters asks it for
each such pile (Schieberamsch's ``blank_trick``). Once any zero-point card is tapped, every card counts as
tapped and the whole-trick checks apply as before. Stored deals count and score
as before: only checks were eased.

>>> piles([["AC", "10C"], [], []], 2, ("AC", "10C", "KC"))
[['AC', '10C'], [], ['KC']]
>>> pile_points(["AC", "10C", "JH"], "skat"), pile_points(["JH", "9H", "AC"], "jass", "H")
(23, 45)
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .cards import SKAT_DECK, SKAT_POINTS, label, rank_of
from .entry import CHOICE, MULTI, SEAT, FieldSpec, OptionSpec, memoized
from .handjass_weis import DECK as JASS_DECK
from .handjass_weis import card_points as jass_card_points
from .text import N_, RuleError, T, Text

POINTS, CARDS = "points", "cards"
COUNT_CHOICES = ((POINTS, N_("type card points")), (CARDS, N_("tap captured cards")))


#: scheme -> (a card's points given the trump suit, the deck, the trump suits that change points)
VALUES = {"skat": (lambda card, trump: SKAT_POINTS[rank_of(card)], SKAT_DECK, ()),  # A 11, 10 10, K 4, Q 3, J 2
          "jass": (lambda card, trump: jass_card_points(card, trump or ""), JASS_DECK, ("C", "S", "H", "D"))}


def pile_points(pile: Sequence[str], scheme: str, trump: str | None = None) -> int:
    points = VALUES[scheme][0]
    return sum(points(card, trump) for card in pile)


def counting_only(cards: Sequence[Sequence[str]], scheme: str, trump: str | None = None) -> bool:
    """Whether every tapped card is worth points, so the piles hold only counting cards.

    >>> counting_only([["AS", "KS"], ["JH"]], "skat"), counting_only([["AS", "7S"]], "skat")
    (True, False)
    """
    points = VALUES[scheme][0]
    return all(points(card, trump) for pile in cards for card in pile)


def value_tables(scheme: str) -> dict[str, dict[str, int]]:
    """Card -> points for a live count beside the piles; keyed by trump suit ("" when trump does not matter,
    and then by rank: the page sends it with every board).

    >>> value_tables("skat")[""]["A"], value_tables("jass")["H"]["JH"]
    (11, 20)
    """
    points, deck, trumps = VALUES[scheme]
    if not trumps:
        return {"": {rank_of(card): points(card, None) for card in deck}}
    return {trump: {card: points(card, trump) for card in deck} for trump in trumps}


def count_option(help_text: str) -> OptionSpec:
    """The session's default way to enter a deal's card points (each deal may still switch)."""
    return OptionSpec("count_from", N_("Card points are entered as"), CHOICE, POINTS, choices=COUNT_CHOICES,
                      help=help_text, entry_only=True)


def count_field(default: str) -> FieldSpec:
    return FieldSpec("count", N_("Card points"), CHOICE, required=False, default=default, choices=COUNT_CHOICES,
                     sticky=True)  # the table's way of entering carries over from the last deal


@memoized
def pile_fields(deck: Sequence[str], scheme: str, rest_default: int | None, seats: tuple[int, ...] | None,
                label_text: str, bonus: tuple[str, int] | None = None) -> tuple[FieldSpec, FieldSpec]:
    """The per-seat captured cards and the seat that gets the rest (both asked only when counting cards)."""
    when = ("count", (CARDS,))
    return (
        FieldSpec("rest", N_("The remaining cards go to"), SEAT, required=False, default=rest_default,
                  seats=seats, show_if=when,
                  help=N_("Every card not tapped for another player is theirs: their pile need not be tapped.")),
        FieldSpec("cards", label_text, MULTI, per_seat=True, required=False, seats=seats, show_if=when,
                  choices=tuple((card, label(card)) for card in deck), deck="french", rest_field="rest",
                  values=scheme, pile_bonus=bonus),
    )


@memoized
def with_cards(fields: Sequence[FieldSpec], hidden: Sequence[str], after: str, extra: Sequence[FieldSpec],
               count: FieldSpec, count_after: str) -> tuple[FieldSpec, ...]:
    """The game's own fields, with the count choice after `count_after`, the card fields after
    `after`, and the typed fields in `hidden` not asked while cards are counted."""
    out: list[FieldSpec] = []
    for spec in fields:
        if spec.name in hidden:
            spec = dataclasses.replace(spec, hide_if=("count", (CARDS,)))
        out.append(spec)
        if spec.name == count_after:
            out.append(count)
        if spec.name == after:
            out.extend(extra)
    return tuple(out)


def check_given_once(names: Sequence[str], cards: Sequence[Sequence[str]]) -> None:
    """Refuse a card tapped for two players, naming both."""
    owner: dict[str, int] = {}
    for seat, pile in enumerate(cards):
        for card in pile:
            if card in owner:
                raise RuleError(T("%(card)s is given to both %(first)s and %(player)s: each card goes to one "
                                  "player.", card=label(card), first=names[owner[card]], player=names[seat]),
                                f"cards-{seat}")
            owner[card] = seat


def piles(cards: Sequence[Sequence[str]], rest: int | None, deck: Sequence[str]) -> list[list[str]]:
    """Each seat's pile in deck order; the `rest` seat also gets every card of `deck` nobody was given."""
    given = {card for pile in cards for card in pile}
    out = [sorted(pile, key=deck.index) for pile in cards]
    if rest is not None:
        out[rest] = [card for card in deck if card not in given or card in cards[rest]]
    return out


def pile_line(player: str, pile: Sequence[str], scheme: str, trump: str | None, inferred: bool) -> Text:
    """How a pile's card points came about, for the breakdown: counting cards with their points."""
    points = VALUES[scheme][0]
    counting = [f"{label(card)} {points(card, trump)}" for card in pile if points(card, trump)]
    listed = " + ".join(counting) if counting else "0"
    message = (N_("%(player)s's cards (%(n)d, the ones nobody else was given): %(cards)s = %(points)d.") if inferred
               else N_("%(player)s's cards (%(n)d): %(cards)s = %(points)d."))
    return T(message, player=player, n=len(pile), cards=listed, points=pile_points(pile, scheme, trump))

"""Card pickers drawn as cards: template helpers that read an engine's card FieldSpecs.

A picker whose choices are cards (`FieldSpec.deck`, or inferred from the choices)
is drawn in suit rows; each card shows its rank and suit symbol in the suit's
colour. Captured-card piles also get the card-point tables for a live count.
"""
from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import Any

from ..games import captured
from ..games.cards import SUIT_SYMBOLS
from ..games.entry import MULTI, FieldSpec
from ..games.tennos_deck import JOKER_COLOUR, TENNOS_SUIT_NAMES, TENNOS_SUIT_SYMBOLS
from ..i18n import translate
from .blueprint import bp

CARD = re.compile(r"^(10|[2-9AJQK])([CSHDXL])$")
FRENCH_COLOURS = {"H": "red", "D": "red", "S": "black", "C": "black"}


@bp.app_template_global()
def card_deck(spec: FieldSpec) -> str | None:
    """"french" or "tennos" when the picker's choices are cards, else None (ranks, seats, options)."""
    if spec.deck:
        return spec.deck
    if spec.kind != MULTI or not spec.choices:
        return None
    values = [value for value, _ in spec.choices]
    if all(value in JOKER_COLOUR or CARD.match(value) for value in values):
        tennos = any(value in JOKER_COLOUR or value[-1] in "XL" for value in values)
        return "tennos" if tennos else "french"
    return None


@bp.app_template_global()
def drawn_later(fields: Sequence[Any], spec: FieldSpec, pickers: Any) -> bool:
    """Whether the decks of these form fields are drawn once they are shown in their form (`pickers`:
    where from; None: now): large decks in which nothing is tapped yet and nothing was refused."""
    return bool(pickers) and len(spec.choices) > 12 and not any(field.data or field.errors for field in fields)


def form_deck(fields: Sequence[FieldSpec], name: str) -> tuple[FieldSpec, int | None] | None:
    """The card input a form field belongs to, and its seat (None: not per seat)."""
    for spec in fields:
        if not card_deck(spec):
            continue
        if not spec.per_seat and spec.name == name:
            return spec, None
        seat = name.removeprefix(spec.name + "-")
        if spec.per_seat and seat != name and seat.isdigit():
            return spec, int(seat)
    return None


@bp.app_template_global()
def card_rows(spec: FieldSpec) -> list[tuple[str, list[str]]]:
    """The choices grouped by suit, in the engine's order: [(suit, [card, ...]), ...]; one card of
    each suit (Grand Hand's jacks) makes one row, not a column of rows."""
    rows: dict[str, list[str]] = {}
    for value, _ in spec.choices:
        suit = "joker" if value in JOKER_COLOUR else value[-1]
        rows.setdefault(suit, []).append(value)
    if len(rows) > 1 and all(len(cards) == 1 for cards in rows.values()):
        return [("mixed", [cards[0] for cards in rows.values()])]
    return list(rows.items())


@bp.app_template_global()
def card_face(deck: str, card: str) -> dict[str, Any]:
    """What a card button shows: rank, suit symbol, colour class and the TENNOS suit's letter (a screen
    reader hears the card by its input's label, `card_words`)."""
    if card in JOKER_COLOUR:
        return {"rank": "★", "symbol": "", "colour": JOKER_COLOUR[card],
                "letter": "B" if card.startswith("BLANK") else ""}
    rank, suit = card[:-1], card[-1]
    if deck == "tennos":
        return {"rank": rank, "symbol": TENNOS_SUIT_SYMBOLS[suit], "colour": f"t{suit}", "letter": suit}
    return {"rank": rank, "symbol": SUIT_SYMBOLS[suit], "colour": FRENCH_COLOURS[suit], "letter": ""}


#: a label's leading suit symbol -> its TENNOS suit (the French deck's four symbols are among them)
SYMBOL_SUITS = {symbol: suit for suit, symbol in TENNOS_SUIT_SYMBOLS.items()}


@bp.app_template_global()
def card_words(label: str) -> str:
    """A card's label as a screen reader should say it, the suit by its name: "✚J" -> "cross J"
    (「十字 J」); ✚ and ❧ were read as "heavy Greek cross" and "rotated floral heart bullet", or not at all."""
    suit = symbol_suit(label)
    return f"{translate(TENNOS_SUIT_NAMES[suit])} {label[1:]}" if suit else label


@bp.app_template_global()
def initials(names: Sequence[str]) -> list[str]:
    """What marks a card given to each player: the shortest start of the name no other name begins
    with, up to three characters (a family's お父さん and お母さん were both "お"); past that, the first
    character and the one where the name parts from the others (Maria and Mario were both "Mar").

    >>> initials(["お父さん", "お母さん", "ゆうき"]), initials(["Anna", "Ben", "Bea"])
    (['お父', 'お母', 'ゆ'], ['A', 'Ben', 'Bea'])
    >>> initials(["Maria", "Mario", "Ann", "Anna"])
    ['M…a', 'M…o', 'Ann', 'A…a']
    """
    def mark(seat: int) -> str:
        name, others = names[seat], [other for each, other in enumerate(names) if each != seat]
        for n in (1, 2, 3):
            if not any(other.startswith(name[:n]) for other in others):
                return name[:n]
        shared = max(len(os.path.commonprefix([name, other])) for other in others)
        return name[0] + "…" + name[shared] if shared < len(name) else name
    return [mark(seat) for seat in range(len(names))]


@bp.app_template_global()
def symbol_suit(label: str) -> str:
    """The TENNOS suit whose symbol a choice's label starts with ("♣K" -> "C": Stendhal's minus cards
    drawn in their suit's colour), else ""."""
    return SYMBOL_SUITS.get(label[:1], "")


@bp.app_template_global()
def card_values(spec: FieldSpec) -> dict:
    """Card points by trump suit ("" when the trump does not matter) for the piles' live count."""
    return captured.value_tables(spec.values) if spec.values else {}

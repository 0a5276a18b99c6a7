"""Stendhal (5-7 players, the 78 suit cards of the TENNOS deck).

Rules: ``shared/rules/stendhal.md`` (seed 001). Each deal two **minus suits**
are fixed before play from the revealed cards (one per player plus the middle):
the most frequent suit, ties broken by the highest ranks, then by the order
counter-clockwise from the dealer's right (middle cards last); its paired suit
(spade-heart, club-diamond, cross-leaf) is the second minus suit. After play
each minus card costs 1, but the lowest card of each minus suit counts its rank
(A 1, J 11, Q 12, K 13); a player with tricks but no minus card gets +1/+3/+6/+10
for 1/2/3/4 suits taken.

Decisions and named options:

- ``minus_entry`` (default ``seats``): before play (phase "bid") each player's
  revealed card is entered in that player's column (exactly one card each) and the
  middle cards apart, so the app knows the counter-clockwise order from the
  dealer's right (the seed: 「ディーラーの右隣の人から反時計回りにみて、最多のスートの中で、
  最初に出されたカードのスートをマイナススートとします」) and decides even a full tie itself.
  ``revealed`` (sessions started before, or a table that prefers one picker): all
  revealed cards in one picker; only when suits still tie after the ranks the form
  asks which of them came first counter-clockwise (``first_tied``). ``suit``: the
  table names the minus suit. A ``seats`` session also takes a deal with the cards
  together (``revealed``, as API v1 clients sent it): stored as sent, scored the same.
- ``capture_entry`` (default ``cards``): per player the ranks taken of the minus
  suit and of its paired suit (13 toggles each; the app finds count and lowest
  card, refuses a card taken twice or revealed and names a card nobody took);
  ``count``: count and lowest card per minus suit.
- ``lowest_ace`` (default ``high``): "lowest" follows the play order (A is the
  highest card, so it counts 1 only as the player's only card of that suit);
  ``low``: the A is always the lowest card.
- ``suits`` per player, 0-4: the suits taken by a player with no minus card,
  0 meaning no trick (the field is ignored for players with minus cards).
- ``limit`` (66, 100, 150 or custom with ``custom_limit``, default 100): the game
  ends after the deal in which a total reaches minus the limit, but only once the
  highest total is not shared (the seed's 「同点だった場合は、同点が解消されるまでゲームを続けます」).
  Once reached, the limit stays reached: the play-on ends after the first deal whose
  top is not shared, even if the player who reached the limit has climbed back above
  it meanwhile (the state keeps ``reached``).
- The dealer rotates clockwise; the player left of the dealer leads (the state carries it as the
  leader: the board's "leads" line, the API's standings and "next").
- Statistics (issue 24): minus cards taken (both minus suits), clean deals (no
  minus card taken; a deal without a trick is clean too) and bonus points (the
  +1/+3/+6/+10 of a player with tricks but no minus card).
- ``facts`` (the API's "next"): hand and middle sizes, the limit, ``limit_reached``
  (play-on) and, once the revealed cards are locked, ``minus_suits`` [suit, pair].
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .base import DealResult, Figure, Game, State, Table, narrow
from .entry import CHOICE, INT, MULTI, FieldSpec, Legacy, OptionSpec
from .tennos_deck import (
    PAIRED_SUIT,
    RANK_VALUE,
    TENNOS_RANKS,
    TENNOS_SUIT_CARDS,
    TENNOS_SUIT_NAMES,
    TENNOS_SUIT_SYMBOLS,
    TENNOS_SUITS,
    stendhal_cards,
    strength,
    tennos_label,
    tennos_suit,
)
from .text import N_, P, RuleError, T, Text, joined

BONUS = {0: 0, 1: 1, 2: 3, 3: 6, 4: 10}
LIMITS = ("66", "100", "150")
RANKS_HIGH_FIRST = tuple(reversed(TENNOS_RANKS))
SUIT_CHOICES = tuple((suit, TENNOS_SUIT_NAMES[suit]) for suit in TENNOS_SUITS)
LABELS = {
    "minus_cards": N_("Cards taken of the minus suit"),
    "paired_cards": N_("Cards taken of the paired minus suit"),
    "minus_count": N_("Number of cards taken of the minus suit"),
    "paired_count": N_("Number of cards taken of the paired minus suit"),
    "minus_lowest": N_("Lowest card taken of the minus suit"),
    "paired_lowest": N_("Lowest card taken of the paired minus suit"),
}

#: the rows of cards taken once the minus suits are known (`Stendhal.play_fields`)
TAKEN_LABELS = {"S": N_("♠ spade cards taken"), "H": N_("♥ heart cards taken"), "X": N_("✚ cross cards taken"),
                "L": N_("❧ leaf cards taken"), "C": N_("♣ club cards taken"), "D": N_("♦ diamond cards taken")}


def tied_suits(cards: Sequence[str]) -> tuple[str, ...]:
    """The suits still tied for minus suit after count and ranks (one suit: decided).

    >>> tied_suits(["5C", "JC", "KH", "KC", "4H", "JH"])
    ('C',)
    >>> tied_suits(["JD", "AC", "9L", "9S", "AS", "9C", "3H", "AL"])
    ('S', 'L', 'C')
    """
    def key(suit: str) -> tuple[int, list[int]]:
        ranks = sorted((strength(card) for card in cards if tennos_suit(card) == suit), reverse=True)
        return len(ranks), ranks
    best = max(key(suit) for suit in TENNOS_SUITS)
    return tuple(suit for suit in TENNOS_SUITS if key(suit) == best)


def minus_suits(cards_in_order: Sequence[str]) -> tuple[str, str]:
    """The two minus suits from the revealed cards, listed counter-clockwise from the
    dealer's right-hand neighbour with the middle cards last.

    >>> minus_suits(["JD", "AC", "9L", "9S", "AS", "9C", "3H", "AL"])
    ('C', 'D')
    """
    tied = tied_suits(cards_in_order)
    suit = next(tennos_suit(card) for card in cards_in_order if tennos_suit(card) in tied)
    return suit, PAIRED_SUIT[suit]


def minus_points(count: int, lowest: str | None) -> int:
    """-(count - 1) - rank of the lowest card: 5 crosses with the 3 lowest -> -7.

    >>> minus_points(5, "3"), minus_points(1, "10"), minus_points(0, None)
    (-7, -10, 0)
    """
    if not count:
        return 0
    if lowest is None:
        raise ValueError("cards taken of a minus suit have a lowest card")
    return -(count - 1) - RANK_VALUE[lowest]


def minus_line(suit: str, paired: str, why: Text) -> Text:
    return T("Minus suits: %(suit)s (%(why)s) and its pair %(paired)s.", suit=Text(TENNOS_SUIT_NAMES[suit]), why=why,
             paired=Text(TENNOS_SUIT_NAMES[paired]))


class _Minus(NamedTuple):
    """One minus suit while the cards taken are checked: its fields' prefix, the suit and the ranks
    revealed of it (out of play)."""

    pick: str
    suit: str
    gone: set[str]


@dataclasses.dataclass(frozen=True)
class StendhalState(State):
    #: some total has reached minus the limit in this session (it stays reached during the play-on)
    reached: bool = False


def reveal_order(table_size: int, dealer: int) -> tuple[int, ...]:
    """Seats counter-clockwise from the dealer's right-hand neighbour (the dealer last).

    >>> reveal_order(6, 0)
    (5, 4, 3, 2, 1, 0)
    """
    return tuple((dealer - offset) % table_size for offset in range(1, table_size + 1))


class Stendhal(Game):
    slug = "stendhal"
    lock_label = N_("Lock the revealed cards")
    locked_title = N_("Revealed cards")
    lock_hint = N_("the revealed cards first; they are locked before play")
    unlock_label = N_("Change the revealed cards")
    unlock_hint = N_("To change the revealed cards, take them back into the form.")
    locked_change = N_("Revealed cards of deal %(n)d locked.")
    name = N_("Stendhal")
    players = (5, 6, 7)

    options = (
        OptionSpec("limit", N_("The game ends at minus"), CHOICE, "100",
                   choices=tuple((v, v) for v in LIMITS) + (("custom", N_("custom")),)),
        OptionSpec("custom_limit", N_("Custom limit"), INT, 200, minimum=1, maximum=9999,
                   show_if=("limit", ("custom",))),
        OptionSpec("minus_entry", N_("Minus suits"), CHOICE, "seats",
                   choices=(("seats", N_("enter each player's revealed card")),
                            ("revealed", N_("enter the revealed cards together")),
                            ("suit", N_("name the minus suit"))), entry_only=True),
        OptionSpec("capture_entry", N_("Minus cards taken"), CHOICE, "cards",
                   choices=(("cards", N_("pick the cards")), ("count", N_("count and lowest card"))),
                   entry_only=True),
        OptionSpec("lowest_ace", N_("The ace as lowest card"), CHOICE, "high",
                   choices=(("high", N_("A is the highest card")), ("low", N_("A is the lowest card")))),
    )

    def limit(self, table: Table) -> int:
        value = table.options.get("limit", "100")
        return int(table.options.get("custom_limit", 200)) if value == "custom" else int(value)

    def deal_fields(self, table: Table, state: State) -> tuple[FieldSpec, ...]:
        opts = table.options
        fields: list[FieldSpec] = []
        entry = opts.get("minus_entry", "revealed")  # a session frozen without it predates "seats"
        cards = tuple((card, tennos_label(card)) for card in TENNOS_SUIT_CARDS)
        if entry == "seats":
            fields.append(FieldSpec("reveal", N_("Card revealed"), MULTI, per_seat=True, required=False,
                                    choices=cards, phase="bid", maximum=1,
                                    help=N_("Each player shows one card; with the cards left in the middle "
                                            "they decide the minus suits.")))
            if stendhal_cards(table.size)[1]:
                fields.append(FieldSpec("middle", N_("Cards from the middle"), MULTI, required=False,
                                        choices=cards, phase="bid", maximum=stendhal_cards(table.size)[1]))
        elif entry == "revealed":
            fields += [
                FieldSpec("revealed", N_("Revealed cards (one per player and the middle)"), MULTI, phase="bid",
                          choices=cards),
                FieldSpec("first_tied", N_("Only if suits still tie: the first of them counter-clockwise "
                                           "from the dealer's right"), CHOICE, required=False,
                          choices=SUIT_CHOICES, phase="bid"),
            ]
        else:
            fields.append(FieldSpec("minus_suit", N_("Minus suit (its pair is the second)"), CHOICE,
                                    choices=SUIT_CHOICES, phase="bid"))
        ranks = tuple((rank, rank) for rank in RANKS_HIGH_FIRST)
        for pick in ("minus", "paired"):
            if opts.get("capture_entry", "cards") == "cards":
                fields.append(FieldSpec(f"{pick}_cards", LABELS[f"{pick}_cards"], MULTI,
                                        per_seat=True, required=False, choices=ranks))
            else:
                fields += [
                    FieldSpec(f"{pick}_count", LABELS[f"{pick}_count"], INT, per_seat=True,
                              minimum=0, maximum=13, default=0),
                    FieldSpec(f"{pick}_lowest", LABELS[f"{pick}_lowest"], CHOICE, per_seat=True,
                              required=False, choices=ranks),
                ]
        fields.append(FieldSpec("suits", N_("Suits taken"), INT, per_seat=True, minimum=0, maximum=4, default=0,
                                help=N_("Only by a player without minus cards: the suits of the tricks they "
                                        "took (0: no trick).")))
        return tuple(fields)

    def play_fields(self, table: Table, state: State, early: Mapping[str, Any]) -> tuple[FieldSpec, ...]:
        """Once the revealed cards are locked, each row of cards picked names its minus suit with its
        symbol ("♣ club cards taken") and shows the whole suit as cards ("♣K"), the revealed ones greyed
        (``out``), shared out among the players (``total``: how many are in play); count entry names the
        suit under its rows' labels and offers only the cards in play as the lowest."""
        fields = self.deal_fields(table, state)
        try:
            suits = dict(zip(("minus", "paired"), self.decide(table, state, early)[:2]))
        except RuleError:  # locked under other rules: the page names the problem
            return fields
        gone = set(self.revealed(table, state, early))
        asked = []
        for spec in fields:
            pick, _, part = spec.name.partition("_")
            if pick not in suits or part not in ("cards", "count", "lowest"):
                asked.append(spec)
                continue
            suit = suits[pick]
            left = tuple((rank, tennos_label(rank + suit)) for rank in RANKS_HIGH_FIRST if rank + suit not in gone)
            if part == "cards":
                suit_cards = tuple((rank, tennos_label(rank + suit)) for rank in RANKS_HIGH_FIRST)
                out = tuple(rank for rank in RANKS_HIGH_FIRST if rank + suit in gone)
                asked.append(dataclasses.replace(spec, label=TAKEN_LABELS[suit], choices=suit_cards, total=len(left),
                                                 out=out, out_label=N_("revealed")))
            else:  # count entry: the suit named under the row's label
                asked.append(dataclasses.replace(spec, help=TAKEN_LABELS[suit], choices=left if spec.choices else ()))
        return tuple(asked)

    def logged_fields(self, table: Table, state: State, deal: Mapping[str, Any]) -> dict[str, FieldSpec]:
        """A stored deal's rows of cards taken named by its minus suits, each card with its suit
        ("♣ club cards taken: Ann ♣K"), when its revealed cards decide them whoever dealt (a tie
        broken by the seats' order depends on the dealer, which a deleted deal no longer says)."""
        known = self.known_fields(table, state)
        found = set()
        for dealer in range(table.size):
            try:
                found.add(self.decide(table, dataclasses.replace(state, dealer=dealer), deal)[:2])
            except (RuleError, KeyError, TypeError, ValueError):
                return known
        if len(found) != 1:
            return known
        suits = dict(zip(("minus", "paired"), found.pop()))
        for name, spec in known.items():
            pick, _, part = name.partition("_")
            if pick in suits and part in ("cards", "lowest"):
                suit = suits[pick]
                known[name] = dataclasses.replace(
                    spec, label=TAKEN_LABELS[suit] if part == "cards" else spec.label,
                    choices=tuple((rank, tennos_label(rank + suit)) for rank in RANKS_HIGH_FIRST))
        return known

    # -- the minus suits ---------------------------------------------------------
    def revealed(self, table: Table, state: State, deal: Mapping[str, Any]) -> list[str]:
        """The revealed cards, counter-clockwise from the dealer's right with the middle last
        (in ``revealed`` entry: as picked, in deck order)."""
        if "reveal" in deal:
            cards = [card for seat in reveal_order(table.size, state.dealer) for card in deal["reveal"][seat]]
            return cards + list(deal.get("middle") or [])
        return list(deal.get("revealed") or [])

    def check_reveal(self, table: Table, deal: Mapping[str, Any]) -> None:
        """Each player reveals exactly one card, the middle its leftover cards, no card twice: every
        problem at once, each at its box."""
        middle = stendhal_cards(table.size)[1]
        errors = [RuleError(T("%(player)s reveals exactly one card, not %(n)d.", player=table.name(seat),
                              n=len(cards)), f"reveal-{seat}")
                  for seat, cards in enumerate(deal["reveal"]) if len(cards) != 1]
        entered = len(deal.get("middle") or [])
        if middle and entered < middle:  # the middle's box stands above the players'
            errors.insert(0, RuleError(P("The middle holds %(n)d card; enter it.", "The middle holds %(n)d cards; "
                                         "enter them.", middle), "middle"))
        elif middle and entered > middle:
            errors.insert(0, RuleError(P("The middle holds %(n)d card, not %(entered)d.",
                                         "The middle holds %(n)d cards, not %(entered)d.", middle, entered=entered),
                                       "middle"))
        seen: dict[str, int] = {}
        for seat, cards in enumerate(deal["reveal"]):
            for card in cards[:1]:
                if card in seen:
                    errors.append(RuleError(T("%(card)s is entered for both %(first)s and %(second)s.",
                                              card=tennos_label(card), first=table.name(seen[card]),
                                              second=table.name(seat)), f"reveal-{seat}"))
                seen.setdefault(card, seat)
        twice = [card for card in deal.get("middle") or [] if card in seen]
        if twice:
            errors.append(RuleError(T("%(card)s is entered for both %(first)s and the middle.",
                                      card=tennos_label(twice[0]), first=table.name(seen[twice[0]])), "middle"))
        RuleError.every(errors)

    # -- the entry a deal was made in ------------------------------------------------
    def as_entered(self, table: Table, raw: Any) -> Table:
        """The table as this deal was entered: in a ``seats`` session, a deal that gives the revealed
        cards together (``revealed`` / ``first_tied``, as API v1 clients sent them before per-seat
        entry existed) is parsed, stored and scored as a ``revealed`` entry."""
        if (table.options.get("minus_entry") == "seats" and isinstance(raw, Mapping) and "reveal" not in raw
                and not {"revealed", "first_tied"}.isdisjoint(raw)):
            return dataclasses.replace(table, options={**table.options, "minus_entry": "revealed"})
        return table

    def legacy(self, table: Table, state: State) -> tuple[Legacy, ...]:
        """A ``seats`` session also takes the revealed cards together (`as_entered`)."""
        if table.options.get("minus_entry") != "seats":
            return ()
        together = dataclasses.replace(table, options={**table.options, "minus_entry": "revealed"})
        return tuple(Legacy(spec.name, spec=spec) for spec in self.deal_fields(together, state)
                     if spec.name in ("revealed", "first_tied"))

    def decide(self, table: Table, state: State, deal: Mapping[str, Any]) -> tuple[str, str, Text]:
        """(minus suit, paired suit, why) from the bid-phase fields, as the deal was entered (per
        seat, together or the suit named); raises RuleError."""
        entry = "seats" if "reveal" in deal else "revealed" if "revealed" in deal else "suit"
        if entry == "suit":
            suit = deal["minus_suit"]
            return suit, PAIRED_SUIT[suit], T("named by the table")
        if entry == "seats":
            self.check_reveal(table, deal)
        revealed = self.revealed(table, state, deal)
        hand, middle = stendhal_cards(table.size)
        if len(revealed) != table.size + middle:
            raise RuleError(T("Reveal one card per player and %(middle)d from the middle: %(need)d cards, not "
                              "%(got)d.", middle=middle, need=table.size + middle, got=len(revealed)), "revealed")
        tied = tied_suits(revealed)
        if len(tied) == 1:
            return self._most_revealed(revealed, tied[0])
        if entry == "seats":
            return self._first_revealed(table, state, revealed, tied)
        return self._first_tied_entered(table, state, deal, tied)

    def _most_revealed(self, revealed: Sequence[str], suit: str) -> tuple[str, str, Text]:
        """The suit revealed most often, or (as often as another) with the higher ranks."""
        count = sum(1 for card in revealed if tennos_suit(card) == suit)
        by_count = sum(1 for s in TENNOS_SUITS
                       if sum(1 for card in revealed if tennos_suit(card) == s) == count) == 1
        why = (T("revealed most often, %(n)d cards", n=count) if by_count
               else T("%(n)d cards like another suit, higher ranks", n=count))
        return suit, PAIRED_SUIT[suit], why

    def _first_revealed(self, table: Table, state: State, revealed: Sequence[str],
                        tied: tuple[str, ...]) -> tuple[str, str, Text]:
        """Suits tied on count and ranks (cards entered per player): the first of them revealed
        counter-clockwise from the dealer's right, the middle cards last."""
        names = " ".join(TENNOS_SUIT_SYMBOLS[s] for s in tied)
        index = next(i for i, card in enumerate(revealed) if tennos_suit(card) in tied)
        suit = tennos_suit(revealed[index])
        if index < table.size:  # a player's card (the middle cards come last)
            why = T("%(suits)s tie; %(player)s revealed first counter-clockwise", suits=names,
                    player=table.name(reveal_order(table.size, state.dealer)[index]))
        else:
            why = T("%(suits)s tie; revealed first counter-clockwise", suits=names)
        return suit, PAIRED_SUIT[suit], why

    def _first_tied_entered(self, table: Table, state: State, deal: Mapping[str, Any],
                            tied: tuple[str, ...]) -> tuple[str, str, Text]:
        """Suits tied on count and ranks (cards entered together): the table says which of them came
        first counter-clockwise (``first_tied``)."""
        names = " ".join(TENNOS_SUIT_SYMBOLS[s] for s in tied)
        if deal.get("first_tied") not in tied:
            right = (state.dealer - 1) % table.size
            raise RuleError(T("%(suits)s tie on count and ranks: choose which of them was revealed first, "
                              "counter-clockwise from %(player)s (the dealer's right).", suits=names,
                              player=table.name(right)), "first_tied")
        suit = deal["first_tied"]
        return suit, PAIRED_SUIT[suit], T("%(suits)s tie; revealed first counter-clockwise", suits=names)

    def check_phase(self, table: Table, state: State, deal: Mapping[str, Any], phase: str) -> None:
        self.decide(table, state, deal)

    def pending_notes(self, table: Table, state: State, early: Mapping[str, Any]) -> tuple[Text, ...]:
        """Once the revealed cards are locked, the table plays knowing the minus suits."""
        return (minus_line(*self.decide(table, state, early)),)

    # -- what each player took ------------------------------------------------------
    def order(self, table: Table) -> tuple[str, ...]:
        """Ranks from the lowest card up, as option ``lowest_ace`` says."""
        return ("A",) + TENNOS_RANKS[:-1] if table.options.get("lowest_ace") == "low" else TENNOS_RANKS

    def taken(self, table: Table, deal: Mapping[str, Any], pick: str) -> list[tuple[int, str | None]]:
        """(count, lowest rank) per seat for one minus suit."""
        if table.options.get("capture_entry", "cards") == "count":
            return list(zip(deal[f"{pick}_count"], deal[f"{pick}_lowest"]))
        order = self.order(table)
        return [(len(ranks), min(ranks, key=order.index) if ranks else None) for ranks in deal[f"{pick}_cards"]]

    def check_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        suits = self.decide(table, state, deal)[:2]
        revealed = self.revealed(table, state, deal)
        for pick, suit in zip(("minus", "paired"), suits):
            minus = _Minus(pick, suit, {card[:-1] for card in revealed if tennos_suit(card) == suit})
            counts = self.taken(table, deal, pick)
            owner: dict[str, int] = {}
            for seat, taken in enumerate(counts):
                self._check_player_taken(table, deal, minus, seat, taken, owner)
            self._check_suit_total(table, minus, counts, revealed, owner)
            if revealed and table.options.get("capture_entry", "cards") == "count":
                self._check_counts_fit(table, minus, counts)

    def _check_player_taken(self, table: Table, deal: Mapping[str, Any], minus: _Minus, seat: int,
                            taken: tuple[int, str | None], owner: dict[str, int]) -> None:
        """One player's cards of a minus suit: (count entry) a lowest card exactly when cards were
        taken; no card revealed or entered for another player (`owner` notes them); (count entry)
        enough cards in play above the lowest."""
        count, lowest = taken
        mode = table.options.get("capture_entry", "cards")
        held = deal[f"{minus.pick}_cards"][seat] if mode == "cards" else ([lowest] if lowest else [])
        where = f"{minus.pick}_cards-{seat}" if mode == "cards" else f"{minus.pick}_lowest-{seat}"
        if mode == "count" and bool(count) != bool(lowest):
            raise RuleError(T("%(player)s: give the lowest %(suit)s card exactly when cards were taken.",
                              player=table.name(seat), suit=Text(TENNOS_SUIT_NAMES[minus.suit])), where)
        for rank in held:
            if rank in minus.gone:
                raise RuleError(T("%(card)s was revealed before play; %(player)s cannot have taken it.",
                                  card=tennos_label(rank + minus.suit), player=table.name(seat)), where)
            if rank in owner:
                raise RuleError(T("%(card)s is entered for both %(first)s and %(second)s.",
                                  card=tennos_label(rank + minus.suit), first=table.name(owner[rank]),
                                  second=table.name(seat)), where)
            owner[rank] = seat
        if mode == "count" and count and lowest:
            self._check_room_above(table, minus, seat, count, lowest)

    def _check_room_above(self, table: Table, minus: _Minus, seat: int, count: int, lowest: str) -> None:
        """Count entry: a player with `count` cards, `lowest` the lowest, needs count - 1 higher ones in play."""
        order = self.order(table)
        higher = [r for r in order[order.index(lowest) + 1:] if r not in minus.gone]
        if count - 1 > len(higher):
            raise RuleError(P("%(player)s cannot have %(count)d cards with %(card)s the lowest: only "
                              "%(n)d higher card is in play.",
                              "%(player)s cannot have %(count)d cards with %(card)s the lowest: only "
                              "%(n)d higher cards are in play.", len(higher), player=table.name(seat), count=count,
                              card=tennos_label(lowest + minus.suit)),
                            f"{minus.pick}_count-{seat}")

    def _check_counts_fit(self, table: Table, minus: _Minus, counts: Sequence[tuple[int, str | None]]) -> None:
        """Count entry with the cards in play known: the counts and lowest cards can be dealt out as
        real cards ("Invariants": every card is taken by one player). A card below every lowest one
        was taken by nobody; players whose lowest cards are high need their other cards from above
        them (r56b: 5 clubs from ♣3 and 6 from ♣4 of eleven, and nobody had ♣2)."""
        order = self.order(table)
        takers = sorted(((order.index(lowest), count, seat) for seat, (count, lowest) in enumerate(counts)
                         if count and lowest), reverse=True)
        if not takers:
            return
        lowests = {order[at] for at, _, _ in takers}
        free = [order.index(rank) for rank in order if rank not in minus.gone and rank not in lowests]
        below = [order[at] for at in free if at < takers[-1][0]]
        if below:
            raise RuleError(T("Nobody can have taken %(cards)s: it is below every lowest %(suit)s card entered.",
                              cards=" ".join(tennos_label(rank + minus.suit) for rank in below),
                              suit=Text(TENNOS_SUIT_NAMES[minus.suit])), f"{minus.pick}_lowest-{takers[-1][2]}")
        need, names = 0, []
        for at, count, seat in takers:  # the highest lowest card first: the fewest cards above it
            need, room = need + count - 1, sum(1 for other in free if other > at)
            names.append(table.name(seat))
            if need > room:
                raise RuleError(P("%(players)s cannot all have these %(suit)s cards: above their lowest cards "
                                  "they took %(more)d more, but only %(n)d other is in play above %(card)s.",
                                  "%(players)s cannot all have these %(suit)s cards: above their lowest cards "
                                  "they took %(more)d more, but only %(n)d others are in play above %(card)s.",
                                  room, players=joined(T(", "), names), suit=Text(TENNOS_SUIT_NAMES[minus.suit]),
                                  more=need, card=tennos_label(order[at] + minus.suit)),
                                f"{minus.pick}_count-{seat}")

    def _check_suit_total(self, table: Table, minus: _Minus, counts: Sequence[tuple[int, str | None]],
                          revealed: Sequence[str], owner: Mapping[str, int]) -> None:
        """Every card of a minus suit was taken by somebody or revealed (with the cards out of play
        unknown, a range). Cards picked with the revealed cards known: the cards nobody took are named."""
        mode = table.options.get("capture_entry", "cards")
        field = f"{minus.pick}_cards" if mode == "cards" else f"{minus.pick}_count"
        missing = [rank for rank in RANKS_HIGH_FIRST if rank not in minus.gone and rank not in owner]
        if mode == "cards" and revealed and missing:
            raise RuleError(T("Nobody took %(cards)s: every %(suit)s card that was not revealed goes to one player.",
                              cards=" ".join(tennos_label(rank + minus.suit) for rank in missing),
                              suit=Text(TENNOS_SUIT_NAMES[minus.suit])), field)
        out_of_play = table.size + stendhal_cards(table.size)[1]
        total = sum(count for count, _ in counts)
        if revealed:
            least = most = 13 - len(minus.gone)
        elif minus.pick == "minus":  # revealed most often: at least one card in six of those out of play
            least, most = 13 - out_of_play, 13 - -(-out_of_play // 6)
        else:  # revealed at most as often as the minus suit: at most half of those out of play
            least, most = 13 - out_of_play // 2, 13
        if not least <= total <= most:
            raise RuleError(T("The players took %(got)d %(suit)s cards, but %(need)s are in play.",
                              got=total, suit=Text(TENNOS_SUIT_NAMES[minus.suit]),
                              need=str(least) if least == most else f"{least}-{most}"), field)

    # -- scoring ---------------------------------------------------------------------
    def score_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> DealResult:
        suit, paired, why = self.decide(table, state, deal)
        taken = {pick: self.taken(table, deal, pick) for pick in ("minus", "paired")}
        lines = [minus_line(suit, paired, why)]
        points, news = [], []
        for seat in range(table.size):
            parts, score = [], 0
            for pick, s in (("minus", suit), ("paired", paired)):
                count, lowest = taken[pick][seat]
                if count:
                    value = minus_points(count, lowest)
                    assert lowest is not None  # minus_points refuses cards taken without a lowest one
                    score += value
                    parts.append(T("%(n)d %(suit)s, lowest %(card)s: -(%(rest)d + %(rank)d) = %(value)d",
                                   n=count, suit=Text(TENNOS_SUIT_NAMES[s]), card=tennos_label(lowest + s),
                                   rest=count - 1, rank=RANK_VALUE[lowest], value=value))
            if parts:
                detail = joined(T("; "), parts)
                lines.append(T("%(player)s: %(detail)s; total %(score)d.", player=table.name(seat),
                               detail=detail, score=score))
                if deal["suits"][seat]:  # typed for a player with minus cards: said at once, in case a card is wrong
                    news.append(T("%(player)s took minus cards: the suits typed for them do not count",
                                  player=table.name(seat)))
            elif deal["suits"][seat]:
                score = BONUS[deal["suits"][seat]]
                lines.append(P("%(player)s: no minus card, %(n)d suit taken: %(score)+d.",
                               "%(player)s: no minus card, %(n)d suits taken: %(score)+d.",
                               deal["suits"][seat], player=table.name(seat), score=score))
            else:
                lines.append(T("%(player)s: no trick, 0.", player=table.name(seat)))
            points.append(score)
        summary = T("Minus %(suit)s and %(paired)s", suit=Text(TENNOS_SUIT_NAMES[suit]),
                    paired=Text(TENNOS_SUIT_NAMES[paired]))
        return DealResult(tuple(points), tuple(lines), summary, tuple(news))

    figures = (Figure("minus_cards", N_("Minus cards taken")), Figure("clean", N_("Deals without a minus card")),
               Figure("bonus", N_("Bonus points")))

    def deal_figures(self, table: Table, deal: Mapping[str, Any], result: DealResult) -> Mapping[str, Sequence[int]]:
        """Minus cards from what each player took; a deal's score above 0 is a bonus."""
        minus, paired = (self.taken(table, deal, pick) for pick in ("minus", "paired"))
        taken = [a + b for (a, _), (b, _) in zip(minus, paired)]
        return {"minus_cards": taken, "clean": [int(not count) for count in taken],
                "bonus": [max(points, 0) for points in result.points]}

    # -- the session -----------------------------------------------------------------
    def start(self, table: Table) -> StendhalState:
        dealer = table.first_dealer
        return StendhalState(0, dealer, (0,) * table.size, (True,) * table.size, leader=(dealer + 1) % table.size)

    def after_deal(self, table: Table, state: State, deal: Mapping[str, Any], result: DealResult) -> State:
        """Add the points, pass the deal to the left; the new dealer's left leads (the standing's leader)."""
        new = narrow(super().after_deal(table, state, deal, result), StendhalState)
        return dataclasses.replace(new, reached=self.reached(table, new), leader=(new.dealer + 1) % table.size)

    def reached(self, table: Table, state: State) -> bool:
        return getattr(state, "reached", False) or min(state.totals) <= -self.limit(table)

    def is_over(self, table: Table, state: State) -> bool:
        """Over once a total has reached minus the limit (in this deal or an earlier one) and
        the highest total is not shared."""
        return self.reached(table, state) and state.totals.count(max(state.totals)) == 1

    def winner_rule(self, table: Table) -> Text:
        return T("Once a total reaches minus %(n)d, the highest total wins; a shared lead plays on.",
                 n=self.limit(table))

    def facts(self, table: Table, state: State, early: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Cards per hand and to the middle, the limit and whether it was reached (play-on), and once
        the revealed cards are locked, the two minus suits (``minus_suits``: [suit, its pair])."""
        hand, middle = stendhal_cards(table.size)
        facts = {**super().facts(table, state, early), "hand": hand, "middle": middle, "limit": self.limit(table),
                 "limit_reached": self.reached(table, state), "minus_suits": None}
        facts.pop("reached", None)  # said as limit_reached
        if early:
            try:
                facts["minus_suits"] = list(self.decide(table, state, early)[:2])
            except RuleError:  # locked under other rules: the page names the problem, not this
                pass
        return facts

    def notes(self, table: Table, state: State) -> tuple[Text, ...]:
        hand, middle = stendhal_cards(table.size)
        notes = [T("%(dealer)s deals %(hand)d cards each (%(middle)d to the middle); %(leader)s leads.",
                   dealer=table.name(state.dealer), hand=hand, middle=middle,
                   leader=table.name((state.dealer + 1) % table.size))]
        if self.reached(table, state):
            notes.append(T("The limit is reached but the lead is shared: play on until it is not."))
        return tuple(notes)


GAME = Stendhal()

"""Differenzler (3 or 4 players, each for themselves, 36 cards): predict your card points.

Rules: ``shared/rules/differenzler.md``. Before play each player announces the card
points they will take (0 to 157); after play the table enters the card points each took
(157 in all, the last trick's 5 included; no card counts 1, so nobody takes 1 or 156:
both are refused, ``handjass_weis.TAKEN``). A deal's penalty is |announced - taken|;
the lowest total after the agreed deals wins. Deal and play go counter-clockwise: the
player on the dealer's right announces first, leads and deals next; the dealer announces
last. The announcements are entered first and locked (phase ``"bid"``, worded as
"announcements" on the pages), the card points after play; the last player's card
points fill themselves in to 157.

Decisions and named options (defaults from the rules note):

- ``exact_bonus`` (10): an exact hit scores minus this instead of 0 (pagat, jasswiki,
  jasswelt); 0 for tables that play without it (Swisslos).
- ``zero_bonus``: an announced 0 made exactly. "none" (default, pagat): no bonus, 0;
  "with_trick" (jasswelt): the bonus only if the player took a trick (of blanks), so
  "took a trick" is asked for a player with 0 card points; "always": the bonus.
- ``extras`` (off, the house rule of the issue): on, a player's Stöck (20) and, if theirs
  is the best Weis at the table, all their Weis are added to their card points before
  the difference is taken. Weis are tapped as the shown cards and read with the Swiss
  schedule (``handjass_weis``, as ``schieber.md``); the best single Weis wins, a tie
  goes to the player nearer the dealer's right. Trump is needed then (it ranks Weis and
  makes Stöck); otherwise it is optional to record.
- ``deals`` (0 = by the number of players: every player deals four times, 16 with four,
  12 with three; jasswiki). Other counts are common (12 with four, jasswelt; 4, jassen.ch).
- ``tie``: equal lowest totals after the agreed deals. "shared" (default): all of them
  win; "extra_deal" (jassen.ch): one more deal among all players, as often as needed.
- ``announcement``: "open" (default, said aloud, pagat) or "hidden" (written under the
  mat, Swiss TV); hidden, the locked announcements are not shown until the deal is saved.
- Not offered (rules note): the three-player dealer credit, two-player and double-pack
  forms, Stich-Differenzler.
- Statistics (``figures``), per player: deals played, exact announcements (difference 0, with or
  without the bonus), the differences |announced - counted| summed (``difference`` /
  ``deals_played`` is the average difference) and, under ``extras``, the Weis points that counted
  (the best Weis) and Stöck. The best Weis is settled as the scoring settles it; a deal does not
  store its dealer, who follows from the first dealer, counter-clockwise (`seat_figures`).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from .base import DealResult, Figure, Game, State, Table, next_active
from .cards import label, unheld
from .entry import BOOL, CHOICE, INT, MULTI, FieldSpec, OptionSpec
from .handjass import STOECK, SUITS
from .handjass_weis import DECK, FOURS_SAID, TAKEN, TOTAL, Meld, loose_cards, split_weis
from .text import N_, P, RuleError, T, Text

SCHEDULE = "swiss"  # the Weis values of schieber.md
HAND = {3: 12, 4: 9}


def penalty(announced: int, counted: int, bonus: int, zero_ok: bool) -> int:
    """|announced - counted|; an exact hit scores -bonus (for an announced 0 only when `zero_ok`).

    >>> penalty(40, 45, 10, False), penalty(30, 30, 10, False), penalty(0, 0, 10, False)
    (5, -10, 0)
    """
    off = abs(announced - counted)
    return -bonus if off == 0 and (announced or zero_ok) else off


class Differenzler(Game):
    slug = "differenzler"
    name = N_("Differenzler")
    players = (3, 4)
    lower_is_better = True
    unit = N_("penalty points")
    setup_help = N_("Type the names clockwise: deal and play go counter-clockwise, to the dealer's right.")

    lock_label = N_("Lock the announcements")
    locked_title = N_("Locked announcements")
    lock_hint = N_("announced points first; they are locked before play")
    unlock_label = N_("Delete the announcements")
    unlock_hint = N_("To change a locked announcement, delete them and announce again.")
    locked_change = N_("Announcements of deal %(n)d locked.")

    options = (
        OptionSpec("deals", N_("Number of deals"), INT, 0, minimum=0, maximum=99,
                   help=N_("0: each player deals four times (16 deals with four players, 12 with three).")),
        OptionSpec("exact_bonus", N_("Bonus for an exact announcement"), INT, 10, minimum=0, maximum=100,
                   help=N_("Scored as minus points; 0 to play without it.")),
        OptionSpec("zero_bonus", N_("Announced 0 and made it"), CHOICE, "none",
                   choices=(("none", N_("no bonus")), ("with_trick", N_("the bonus if the player took a trick")),
                            ("always", N_("the bonus")))),
        OptionSpec("extras", N_("Stöck and the best Weis count as card points"), BOOL, False),
        OptionSpec("tie", N_("Equal lowest totals at the end"), CHOICE, "shared",
                   choices=(("shared", N_("share the win")), ("extra_deal", N_("one more deal")))),
        OptionSpec("announcement", N_("Announcements"), CHOICE, "open",
                   choices=(("open", N_("said aloud")), ("hidden", N_("hidden until the deal is entered"))),
                   entry_only=True),
    )

    def deal_fields(self, table: Table, state: State) -> tuple[FieldSpec, ...]:
        opts = table.options
        fields = [
            FieldSpec("prediction", N_("Announced points"), INT, per_seat=True, minimum=0, maximum=TOTAL, phase="bid"),
            FieldSpec("trump", N_("Trump"), CHOICE, choices=SUITS, required=False),
            FieldSpec("points", N_("Card points (last trick's 5 included)"), INT, per_seat=True, minimum=0,
                      maximum=TOTAL, total=TOTAL),
        ]
        if opts.get("zero_bonus") == "with_trick":
            fields.append(FieldSpec("took_trick", N_("Took a trick (with 0 card points)"), BOOL, per_seat=True,
                                    show_if=("points", (0,))))
        if opts.get("extras"):
            fields += [FieldSpec("weis", N_("Weis shown (tap its cards)"), MULTI, per_seat=True, deck="french",
                                 choices=tuple((card, label(card)) for card in DECK)),
                       FieldSpec("stoeck", N_("Stöck (trump K and Q)"), BOOL, per_seat=True)]
        return tuple(fields)

    # -- checks ----------------------------------------------------------------
    def check_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        """Each count can be taken; the extras need trump; each player's Weis reads from one hand; one
        player at most has Stöck."""
        RuleError.every(unheld(deal["points"], TAKEN))
        if not table.options.get("extras"):
            return
        if deal["trump"] is None and (any(deal["weis"]) or any(deal["stoeck"])):
            raise RuleError(T("Choose trump: it ranks the Weis and makes the Stöck."), "trump")
        owner: dict[str, int] = {}
        for seat, cards in enumerate(deal["weis"]):
            self._check_weis(table, seat, cards, owner)
        holders = [seat for seat, held in enumerate(deal["stoeck"]) if held]
        if len(holders) > 1:
            raise RuleError(T("Only one player holds the trump K and Q."), f"stoeck-{holders[1]}")
        for seat in holders:
            for card in ("K" + deal["trump"], "Q" + deal["trump"]):
                if owner.get(card, seat) != seat:
                    raise RuleError(T("%(player)s cannot have Stöck: %(card)s is in %(other)s's Weis.",
                                      player=table.name(seat), card=label(card), other=table.name(owner[card])),
                                    f"stoeck-{seat}")

    def _check_weis(self, table: Table, seat: int, cards: list[str], owner: dict[str, int]) -> None:
        player, where = table.name(seat), f"weis-{seat}"
        for card in cards:
            if card in owner:
                raise RuleError(T("%(card)s is in both %(first)s's and %(player)s's Weis.", card=label(card),
                                  first=table.name(owner[card]), player=player), where)
            owner[card] = seat
        if len(cards) > HAND[table.size]:
            raise RuleError(T("%(player)s holds %(n)d cards: a Weis of %(shown)d cards is impossible.",
                              player=player, n=HAND[table.size], shown=len(cards)), where)
        loose = loose_cards(cards, SCHEDULE)
        if loose:
            raise RuleError(T("%(cards)s in %(player)s's Weis belong to no Weis (three or more in a row of one "
                              "suit, or four of a kind: %(ranks)s).", player=player, ranks=FOURS_SAID[SCHEDULE],
                              cards=" ".join(label(card) for card in loose)), where)
        if cards and split_weis(cards, SCHEDULE, "") is None:
            raise RuleError(T("%(player)s's Weis cannot be read without using a card twice.", player=player), where)

    # -- scoring -----------------------------------------------------------------
    def _extras(self, table: Table, dealer: int, deal: Mapping[str, Any]) -> list[int]:
        """Each player's Stöck, and all Weis of the player with the best single Weis."""
        return [STOECK * held + weis for held, weis in zip(deal["stoeck"], self._weis(table, dealer, deal))]

    def _weis(self, table: Table, dealer: int, deal: Mapping[str, Any]) -> list[int]:
        """All Weis of the player with the best single Weis (a tie: the one nearer the dealer's right)."""
        extra = [0] * table.size
        trump = deal["trump"] or ""
        melds: dict[int, tuple[Meld, ...]] = {seat: split_weis(cards, SCHEDULE, trump) or ()
                                              for seat, cards in enumerate(deal["weis"]) if cards}
        if melds:
            turn = {seat: (dealer - seat - 1) % table.size for seat in melds}
            best = max(melds, key=lambda seat: (melds[seat][0].strength(SCHEDULE, trump), -turn[seat]))
            extra[best] += sum(meld.points(SCHEDULE) for meld in melds[best])
        return extra

    def score_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> DealResult:
        opts = table.options
        bonus, zero = opts.get("exact_bonus", 10), opts.get("zero_bonus", "none")
        extras = self._extras(table, state.dealer, deal) if opts.get("extras") else [0] * table.size
        took = deal.get("took_trick") or [False] * table.size
        points, lines = [], []
        for seat in range(table.size):
            announced, taken = deal["prediction"][seat], deal["points"][seat]
            counted = taken + extras[seat]
            zero_ok = zero == "always" or zero == "with_trick" and (taken > 0 or took[seat])
            points.append(penalty(announced, counted, bonus, zero_ok))
            took_text = (T("%(taken)d + Stöck and Weis %(extra)d = %(counted)d", taken=taken, extra=extras[seat],
                           counted=counted) if extras[seat] else str(taken))
            if counted != announced:
                lines.append(T("%(player)s: announced %(announced)d, took %(took)s, off by %(off)d: %(points)d.",
                               player=table.name(seat), announced=announced, took=took_text,
                               off=abs(counted - announced), points=points[-1]))
            else:
                lines.append(T("%(player)s: announced %(announced)d, took %(took)s: exact, %(points)d.",
                               player=table.name(seat), announced=announced, took=took_text, points=points[-1]))
        summary = T("Differenzler: %(scores)s", scores=table.scores(points))
        return DealResult(tuple(points), tuple(lines), summary)

    # -- statistics -----------------------------------------------------------------
    figures = (
        Figure("deals_played", N_("Deals played")), Figure("exact", N_("Exact announcements")),
        Figure("difference", N_("Differences, summed over the deals played")),
        Figure("weis_points", N_("Weis points that counted")), Figure("stoeck", N_("Stöck")),
    )

    def seat_figures(self, table: Table, deals: Sequence[Mapping[str, Any]],
                     results: Sequence[DealResult]) -> list[dict[str, int]]:
        """As every game's, with each deal's dealer (not stored: the first dealer, then counter-clockwise
        one seat a deal) given to `deal_figures` as ``dealer``."""
        placed = [{**deal, "dealer": (table.first_dealer - number) % table.size} for number, deal in enumerate(deals)]
        return super().seat_figures(table, placed, results)

    def deal_figures(self, table: Table, deal: Mapping[str, Any], result: DealResult) -> Mapping[str, Sequence[int]]:
        """The difference as `score_deal` takes it: with the extras added to the card points."""
        extras = table.options.get("extras")
        weis = self._weis(table, deal["dealer"], deal) if extras else [0] * table.size
        stoeck = [int(bool(held)) for held in deal["stoeck"]] if extras else [0] * table.size
        off = [abs(announced - (taken + STOECK * held + shown))
               for announced, taken, held, shown in zip(deal["prediction"], deal["points"], stoeck, weis)]
        return {"deals_played": [1] * table.size, "exact": [int(not away) for away in off], "difference": off,
                "weis_points": weis, "stoeck": stoeck}

    # -- the session ----------------------------------------------------------------
    def next_dealer(self, table: Table, state: State, deal: Mapping[str, Any]) -> int:
        """Counter-clockwise: the dealer's right deals next."""
        return next_active(state.dealer, state.active, -1)

    def start(self, table: Table) -> State:
        return self._forehand_leads(super().start(table))

    def after_deal(self, table: Table, state: State, deal: Mapping[str, Any], result: DealResult) -> State:
        return self._forehand_leads(super().after_deal(table, state, deal, result))

    @staticmethod
    def _forehand_leads(state: State) -> State:
        """The dealer's right announces first and leads (the board's "Dan leads", the API's leader)."""
        return dataclasses.replace(state, leader=next_active(state.dealer, state.active, -1))

    def agreed_deals(self, table: Table) -> int:
        return table.options.get("deals") or 4 * table.size

    def _tied(self, state: State) -> bool:
        return state.totals.count(min(state.totals)) > 1

    def deals_left(self, table: Table, state: State) -> int | None:
        """The agreed deals not yet played; under ``tie=extra_deal`` one more while the lowest are tied."""
        left = max(0, self.agreed_deals(table) - state.deals_played)
        return 1 if not left and table.options.get("tie") == "extra_deal" and self._tied(state) else left

    def winner_rule(self, table: Table) -> Text:
        if table.options.get("tie") == "extra_deal":
            return P("The lowest total after %(n)d deal wins; on equal lowest totals one more deal is played.",
                     "The lowest total after %(n)d deals wins; on equal lowest totals one more deal is played.",
                     self.agreed_deals(table))
        return P("The lowest total after %(n)d deal wins; equal totals share the win.",
                 "The lowest total after %(n)d deals wins; equal totals share the win.", self.agreed_deals(table))

    def notes(self, table: Table, state: State) -> tuple[Text, ...]:
        dealer, first = state.dealer, next_active(state.dealer, state.active, -1)
        notes = [T("%(dealer)s deals %(n)d cards each; the dealer's bottom card is shown and its suit is trump.",
                   dealer=table.name(dealer), n=HAND[table.size]),
                 T("%(first)s, on the dealer's right, announces first; %(dealer)s announces last.",
                   first=table.name(first), dealer=table.name(dealer))]
        if table.options.get("announcement") == "hidden":
            notes.append(T("Announcements are hidden: each player types theirs unseen; they show once the deal "
                           "is saved."))
        if state.deals_played >= self.agreed_deals(table):
            notes.append(T("Equal lowest totals: one more deal decides."))
        return tuple(notes)

    def pending_notes(self, table: Table, state: State, early: Mapping[str, Any]) -> tuple[Text, ...]:
        if self.locked_shown(table):
            return ()
        return (T("The announcements are locked and hidden; they show once the deal is saved."),)

    def locked_shown(self, table: Table) -> bool:
        """Hidden announcements are not shown until the deal is saved."""
        return table.options.get("announcement") != "hidden"


GAME = Differenzler()

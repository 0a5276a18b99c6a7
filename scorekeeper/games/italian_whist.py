"""Italian Whist (3 players, 52 cards + a red and a black joker).

Rules: ``shared/rules/italian-whist.md`` (seed 004, second section) and
``research-notes.md`` section 3 (the table the seed lost). Each player splits 18
cards into a first hand of 9 and a face-down second hand of 9, which is passed
as the deal number says. Per player and deal: tricks in the first half minus
tricks in the second half; both halves have 9 tricks, so a deal sums to 0.

Schedule (repeats every 6 deals): deals 1-3 without trump, 4-6 spades trump;
the second hand goes to the left neighbour (deals 1, 4), the right neighbour
(2, 5) or is kept (3, 6). "Left" is the next seat clockwise (play goes
clockwise and the dealer's left leads). The first half is led by the dealer's
left, the second half by the dealer's right; the dealer rotates clockwise.
Jokers do not affect scoring, so they are not entered.

Decisions and named options:

- ``end`` (default ``deals``): ``deals`` ends after the agreed number of deals;
  ``target`` ends after the deal in which someone reaches ``target`` points;
  ``loss`` ends after the deal in which someone falls to ``-target`` (the seed:
  "a target score, or lost points, is fine too").
- ``deals`` (default 6: one full cycle; a multiple of 6 plays each trump and
  passing combination equally often). Only read when ``end`` is ``deals``.
- ``target`` (default 10, our choice: the notes give no number; a deal moves a
  total by at most 9). Only read when ``end`` is ``target`` or ``loss``.
- ``tie`` (default ``shared``, the rules note): at the end the highest total
  wins and players tied for it share the win; ``play_on`` plays further deals
  (the schedule continues) until one player alone has the highest total.
- ``tie_break_end`` (asked with a target or a loss limit, read with ``play_on``; default ``lead``): the end
  once reached stays reached, so the first tie-break deal after which one player alone leads
  ends the game, even if every total is back inside the limit. ``limit``: the target or the
  loss limit must be reached again with one player ahead. Sessions started before this option
  keep ``limit``, the only reading there was.
- The entry is each player's tricks per half (two per-seat fields summing to 9);
  the second-half tricks are those made with the second hand the player holds.
- Statistics (``figures``): each player's tricks in the first half and in the
  second half.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from .base import DealResult, Figure, Game, State, Table, narrow, signed
from .entry import CHOICE, INT, FieldSpec, OptionSpec
from .text import N_, RuleError, T, Text, joined

HALF = 9  # tricks in each half
HALVES = (("first", N_("first half")), ("second", N_("second half")))
LEFT, RIGHT, KEPT = "left", "right", "kept"
PASS_STEP = {LEFT: +1, RIGHT: -1, KEPT: 0}  # seats are stored clockwise; the left is the next one


def schedule(deal_number: int) -> tuple[str | None, str]:
    """(trump, where the second hand goes) for deal 1, 2, ... (the table repeats every 6).

    >>> [schedule(n) for n in (1, 2, 3)]
    [(None, 'left'), (None, 'right'), (None, 'kept')]
    >>> schedule(5), schedule(7)
    (('spades', 'right'), (None, 'left'))
    """
    index = (deal_number - 1) % 6
    return (None if index < 3 else "spades"), (LEFT, RIGHT, KEPT)[index % 3]


def second_hand_holder(seat: int, passing: str, size: int = 3) -> int:
    """Who plays the second hand that `seat` put aside.

    >>> second_hand_holder(2, "left"), second_hand_holder(0, "right"), second_hand_holder(1, "kept")
    (0, 2, 1)
    """
    return (seat + PASS_STEP[passing]) % size


def half_scores(first: list[int], second: list[int]) -> tuple[int, ...]:
    """Tricks in the first half minus tricks in the second half, per seat.

    >>> half_scores([5, 2, 2], [3, 6, 0])  # the seed's examples: 5 - 3 = +2, 2 - 6 = -4
    (2, -4, 2)
    """
    return tuple(a - b for a, b in zip(first, second))


@dataclasses.dataclass(frozen=True)
class WhistState(State):
    #: the end (target, loss limit or deals) has been reached in this session
    reached: bool = False


class ItalianWhist(Game):
    slug = "italian_whist"
    name = N_("Italian Whist")
    players = (3,)

    options = (
        OptionSpec("end", N_("The game ends"), CHOICE, "deals",
                   choices=(("deals", N_("after a number of deals")),
                            ("target", N_("when a player reaches the target score")),
                            ("loss", N_("when a player falls to minus the target score")))),
        OptionSpec("deals", N_("Number of deals"), INT, 6, minimum=1, maximum=99,
                   help=N_("A multiple of 6 plays each trump and passing combination equally often."),
                   show_if=("end", ("deals",))),
        OptionSpec("target", N_("Target score"), INT, 10, minimum=1, maximum=999,
                   help=N_("Used when the game ends at a target score or at minus the target."),
                   show_if=("end", ("target", "loss"))),
        OptionSpec("tie", N_("Tied for the highest total at the end"), CHOICE, "shared",
                   choices=(("shared", N_("the tied players share the win")),
                            ("play_on", N_("play more deals until one player leads")))),
        OptionSpec("tie_break_end", N_("When a tie at the target is played on, the extra deals end"), CHOICE,
                   "lead", choices=(("lead", N_("as soon as one player alone has the highest total")),
                                    ("limit", N_("when the target or limit is reached again, one player ahead"))),
                   show_if=("end", ("target", "loss"))),
    )

    def deal_fields(self, table: Table, state: State) -> tuple[FieldSpec, ...]:
        return (
            FieldSpec("first", N_("Tricks in the first half"), INT, per_seat=True,
                      minimum=0, maximum=HALF, total=HALF),
            FieldSpec("second", N_("Tricks in the second half (with the second hand held)"), INT,
                      per_seat=True, minimum=0, maximum=HALF, total=HALF),
        )

    # -- rules ---------------------------------------------------------------------
    def check_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        """Each half has 9 tricks; nobody takes fewer than 0 or more than 9 in a half. Both halves are
        checked in one go; a half with a box refused already (None) is not summed."""
        errors = []
        for half, label in HALVES:
            tricks = deal[half]
            wrong = [RuleError(T("%(player)s cannot take %(n)d tricks in the %(half)s: it has %(total)d.",
                                 player=table.name(seat), n=n, half=Text(label), total=HALF), f"{half}-{seat}")
                     for seat, n in enumerate(tricks) if n is not None and not 0 <= n <= HALF]
            if wrong or None in tricks:
                errors += wrong
            elif sum(tricks) != HALF:
                listed = joined(T(", "), [f"{table.name(seat)} {n}" for seat, n in enumerate(tricks)])
                errors.append(RuleError(T("The %(half)s has %(total)d tricks, but %(listed)s add up to %(sum)d.",
                                          half=Text(label), total=HALF, listed=listed, sum=sum(tricks)), half))
        RuleError.every(errors)

    # -- scoring -------------------------------------------------------------------
    figures = (Figure("first", N_("Tricks in the first half")), Figure("second", N_("Tricks in the second half")))

    def deal_figures(self, table: Table, deal: Mapping[str, Any], result: DealResult) -> Mapping[str, Sequence[int]]:
        return {half: deal[half] for half, _ in HALVES}

    def describe(self, table: Table, deal_number: int) -> tuple[Text, Text]:
        """The trump and the passing of one deal, in words, with the players' names."""
        trump, passing = schedule(deal_number)
        trump_text = T(N_("Deal %(n)d: spades are trump.") if trump else N_("Deal %(n)d: no trump."), n=deal_number)
        if passing == KEPT:
            return trump_text, T("Everyone keeps their own second hand.")
        moves = joined(T(", "), [f"{table.name(seat)} → {table.name(second_hand_holder(seat, passing, table.size))}"
                                 for seat in range(table.size)])
        return trump_text, T(N_("Second hands go to the left neighbour: %(moves)s.") if passing == LEFT else
                             N_("Second hands go to the right neighbour: %(moves)s."), moves=moves)

    def score_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> DealResult:
        number = state.deals_played + 1
        trump, passing = schedule(number)
        points = half_scores(deal["first"], deal["second"])
        lines = list(self.describe(table, number))
        for seat, score in enumerate(points):
            owner = (seat - PASS_STEP[passing]) % table.size  # whose second hand this seat played
            values = dict(player=table.name(seat), first=deal["first"][seat], second=deal["second"][seat],
                          score=signed(score))  # 3 - 3 = 0, not +0
            lines.append(T("%(player)s: %(first)d - %(second)d (own second hand) = %(score)s.", **values)
                         if owner == seat else
                         T("%(player)s: %(first)d - %(second)d (with %(owner)s's second hand) = %(score)s.",
                           owner=table.name(owner), **values))
        summary = T("Deal %(n)d (%(trump)s, %(passing)s): %(scores)s", n=number,
                    trump=Text(N_("spades")) if trump else Text(N_("no trump")),
                    passing=Text({LEFT: N_("pass left"), RIGHT: N_("pass right"), KEPT: N_("keep")}[passing]),
                    scores=table.scores(points))
        return DealResult(points, tuple(lines), summary)

    # -- the session ---------------------------------------------------------------
    def start(self, table: Table) -> WhistState:
        dealer = table.first_dealer
        return WhistState(0, dealer, (0,) * table.size, (True,) * table.size, leader=(dealer + 1) % table.size)

    def after_deal(self, table: Table, state: State, deal: Mapping[str, Any], result: DealResult) -> State:
        new = narrow(super().after_deal(table, state, deal, result), WhistState)
        return dataclasses.replace(new, leader=(new.dealer + 1) % table.size,
                                   reached=new.reached or self.limit_met(table, new))

    def end_reached(self, table: Table, state: State) -> bool:
        """The end is met now, or was met earlier and stays reached (``tie_break_end`` "lead";
        sessions without the option keep "limit")."""
        if self.limit_met(table, state):
            return True
        return getattr(state, "reached", False) and table.options.get("tie_break_end", "limit") == "lead"

    def limit_met(self, table: Table, state: State) -> bool:
        """The agreed deals are played, or a total is at the target (``end`` option)."""
        opts = table.options
        end, target = opts.get("end", "deals"), opts.get("target", 10)
        if end == "target":
            return max(state.totals) >= target
        if end == "loss":
            return min(state.totals) <= -target
        return state.deals_played >= opts.get("deals", 6)

    def tied(self, state: State) -> bool:
        return state.totals.count(max(state.totals)) > 1

    def is_over(self, table: Table, state: State) -> bool:
        """At the end; with ``tie`` = ``play_on`` only once one player alone has the highest total."""
        if not self.end_reached(table, state):
            return False
        return table.options.get("tie", "shared") == "shared" or not self.tied(state)

    def winner_rule(self, table: Table) -> Text:
        if table.options.get("tie", "shared") == "shared":
            return super().winner_rule(table)
        return T("The highest total wins; on equal totals more deals are played until one player leads.")

    def deals_left(self, table: Table, state: State) -> int | None:
        """Deals still to play; None at a target or during tie-break deals (open-ended)."""
        if table.options.get("end", "deals") != "deals":
            return None
        if self.end_reached(table, state) and not self.is_over(table, state):
            return None
        return max(0, table.options.get("deals", 6) - state.deals_played)

    def facts(self, table: Table, state: State, early: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The next deal's number, trump (``spades`` or null), the passing of the second hands
        (``left``, ``right`` or ``kept``; ``second_hand_holders[seat]``: who plays that seat's second
        hand) and who leads each half."""
        number = state.deals_played + 1
        trump, passing = schedule(number)
        return {**super().facts(table, state, early), "deal": number, "trump": trump, "passing": passing,
                "second_hand_holders": [second_hand_holder(seat, passing, table.size) for seat in range(table.size)],
                "first_half_leader": (state.dealer + 1) % table.size,
                "second_half_leader": (state.dealer - 1) % table.size}

    def notes(self, table: Table, state: State) -> tuple[Text, ...]:
        dealer = state.dealer
        left, right = (dealer + 1) % table.size, (dealer - 1) % table.size
        notes = [
            *self.describe(table, state.deals_played + 1),
            T("%(dealer)s deals 18 cards each; everyone lays 9 face down as the second hand, "
              "not to be looked at until the first half is over.", dealer=table.name(dealer)),
            T("%(left)s (the dealer's left) leads the first half; %(right)s (the dealer's right) "
              "leads the second half.", left=table.name(left), right=table.name(right)),
        ]
        end, target = table.options.get("end", "deals"), table.options.get("target", 10)
        if self.end_reached(table, state):
            names = table.names_of(s for s, t in enumerate(state.totals) if t == max(state.totals))
            notes.append(T("Tie-break deal: %(names)s share the highest total, so play on.", names=names))
        elif end == "target":
            notes.append(T("The game ends when a player reaches %(target)d points.", target=target))
        elif end == "loss":
            notes.append(T("The game ends when a player falls to %(target)d points.", target=-target))
        return tuple(notes)


GAME = ItalianWhist()

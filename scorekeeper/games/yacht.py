"""Yacht (3-5 players, 52 cards): bid a start and a goal number, or T.U. / L.T.U.

Rules: ``shared/rules/yacht.md`` (seed 004, third section; pagat.com's Yacht page)
and ``research-notes.md`` section 4 / O6. Each player writes a bid before play:
a **start** and a **goal** number (0..hand size), or **T.U.** (take no trick) or
**L.T.U.** (the same, bigger reward and penalty). The bids are entered first and
locked (phase ``"bid"``); the tricks each player took are entered after play.

With hand size n and t tricks: final = start + 2t - n; distance = |final - goal|.

Decisions and named options:

- The score table is **our house table**: the original is lost (O6). Every number
  is an option, labelled "House table", with the rules note's defaults:
  ``points_off_0`` 50, ``points_off_1`` 40, ``points_off_2`` 30, ``points_off_3`` 20,
  ``points_off_4`` 10, ``points_off_more`` 0 (distance 5 or more), ``tu_made`` 100,
  ``tu_failed`` 100 (points lost), ``ltu_made`` 200, ``ltu_failed`` 200 (points lost).
  Distance points cannot be set below 0: only T.U. and L.T.U. score below zero.
- ``target`` (500; 1000 for a longer game): the game ends after the deal in which
  someone reaches it. ``deals`` (0 = no limit): the seed's alternative of an agreed
  number of deals. Highest total wins; players tied for the highest total share
  the win (a draw), whether or not both reached the target.
- ``simple_bids`` (off): the seed's simplification: a bid is a number of tricks
  (or T.U. / L.T.U.) and scores by |tricks - bid| through the same distance table,
  which with the defaults is 50 - 10 x |tricks - bid|, never below 0.
- ``seed_dealing`` (off): deal 17/13/10 and set the leftovers aside (the seed);
  off, Pagat's way: remove one (3 players) or two (5 players) non-trump threes.
  Hand sizes are the same; only the fallback leader differs: with seed dealing the
  leading two may be set aside, and then the dealer's left leads.
- Who leads cannot be known before the cards are dealt (the holder of the club 2,
  the diamond 2 when clubs are trump): `notes` says so and names the dealer and,
  under seed dealing, the fallback leader. The engine does not record the leader.
- A T.U. / L.T.U. bidder has no start and goal: the boxes are asked only of a
  start-and-goal bidder, and numbers left in them when the bid was switched to
  T.U. / L.T.U. are ignored, not refused. A goal that cannot be hit exactly (wrong
  parity) is a legal, if poor, bid.
- Dealer rotates clockwise.
- Statistics (``figures``), per player: T.U. and L.T.U. bid and made; start-and-goal
  bids (simple bids: numbers of tricks), how many hit the goal exactly, and the
  distances to the goal summed over them (``distance`` / ``goal_bids`` is the
  average distance).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .base import DealResult, Figure, Game, State, Table
from .entry import BOOL, CHOICE, INT, FieldSpec, OptionSpec
from .text import N_, P, RuleError, T, Text

GOAL, TU, LTU = "goal", "tu", "ltu"
HAND_SIZE = {3: 17, 4: 13, 5: 10}
THREES_REMOVED = {3: 1, 4: 0, 5: 2}
#: the house score table, each number an option: name -> (default, label)
HOUSE_TABLE = {
    "points_off_0": (50, N_("House table: goal hit exactly")),
    "points_off_1": (40, N_("House table: 1 away from the goal")),
    "points_off_2": (30, N_("House table: 2 away from the goal")),
    "points_off_3": (20, N_("House table: 3 away from the goal")),
    "points_off_4": (10, N_("House table: 4 away from the goal")),
    "points_off_more": (0, N_("House table: 5 or more away from the goal")),
    "tu_made": (100, N_("House table: T.U. made (no trick)")),
    "tu_failed": (100, N_("House table: points lost for a failed T.U.")),
    "ltu_made": (200, N_("House table: L.T.U. made (no trick)")),
    "ltu_failed": (200, N_("House table: points lost for a failed L.T.U.")),
}
DEFAULTS = {name: default for name, (default, _) in HOUSE_TABLE.items()}


def hand_size(players: int) -> int:
    """Cards per player: 17 with 3, 13 with 4, 10 with 5.

    >>> [hand_size(n) for n in (3, 4, 5)]
    [17, 13, 10]
    """
    return HAND_SIZE[players]


def final_number(start: int, tricks: int, hand: int) -> int:
    """Start, +1 per trick taken, -1 per trick not taken.

    >>> final_number(5, 8, 13)
    8
    """
    return start + tricks - (hand - tricks)


def distance_points(distance: int, options: Mapping[str, Any]) -> int:
    """Points for being `distance` away from the goal (house table, editable).

    >>> distance_points(1, {}), distance_points(7, {})
    (40, 0)
    """
    name = f"points_off_{distance}" if distance < 5 else "points_off_more"
    return options.get(name, DEFAULTS[name])


class Yacht(Game):
    slug = "yacht"
    name = N_("Yacht")
    players = (3, 4, 5)

    options = (
        OptionSpec("target", N_("Target score"), INT, 500, minimum=10, maximum=10000,
                   help=N_("The game ends when someone reaches it: 500, or 1000 for a longer game.")),
        OptionSpec("deals", N_("Number of deals"), INT, 0, minimum=0, maximum=99,
                   help=N_("Or the game ends after this many deals. 0: no limit.")),
        OptionSpec("simple_bids", N_("Simple bids: bid a number of tricks"), BOOL, False,
                   help=N_("Scores 50 - 10 x |tricks - bid|, never below 0 (with the default table).")),
        OptionSpec("seed_dealing", N_("Deal 17/13/10 and set the leftovers aside"), BOOL, False,
                   help=N_("Off: remove one (3 players) or two (5 players) non-trump threes.")),
        *(OptionSpec(name, label, INT, default, minimum=0, maximum=1000,
                     help=N_("House table: the original score table is lost; agree on the numbers.")
                     if name == "points_off_0" else "")  # said once, above the table
          for name, (default, label) in HOUSE_TABLE.items()),
    )

    def deal_fields(self, table: Table, state: State) -> tuple[FieldSpec, ...]:
        n = hand_size(table.size)
        simple = table.options.get("simple_bids")
        kinds = ((GOAL, N_("tricks") if simple else N_("start and goal")),
                 (TU, N_("T.U.")), (LTU, N_("L.T.U.")))
        bid = [FieldSpec("bid", N_("Bid"), CHOICE, per_seat=True, choices=kinds, default=GOAL, phase="bid")]
        if simple:
            bid.append(FieldSpec("bid_tricks", N_("Tricks bid"), INT, per_seat=True, required=False,
                                 minimum=0, maximum=n, phase="bid", show_if=("bid", (GOAL,))))
        else:
            bid += [FieldSpec("start", N_("Start number"), INT, per_seat=True, required=False,
                              minimum=0, maximum=n, phase="bid", show_if=("bid", (GOAL,)),
                              help=N_("Each trick taken adds 1, each trick not taken takes 1 away: the closer "
                                      "that ends to the goal, the more it scores.")),
                    FieldSpec("goal", N_("Goal number"), INT, per_seat=True, required=False,
                              minimum=0, maximum=n, phase="bid", show_if=("bid", (GOAL,)))]
        tricks = FieldSpec("tricks", N_("Tricks taken"), INT, per_seat=True, minimum=0, maximum=n, total=n)
        return tuple(bid) + (tricks,)

    # -- checks ----------------------------------------------------------------
    def _number_fields(self, table: Table) -> tuple[str, ...]:
        return ("bid_tricks",) if table.options.get("simple_bids") else ("start", "goal")

    def check_phase(self, table: Table, state: State, deal: Mapping[str, Any], phase: str) -> None:
        """Refuse impossible bids: a numbered bid without its numbers (a T.U. / L.T.U. has none:
        its number boxes are not asked, see `deal_fields`)."""
        n = hand_size(table.size)
        errors = []  # every player's at once
        for seat in range(table.size):
            player, kind = table.name(seat), deal["bid"][seat]
            for name in self._number_fields(table):
                value = deal[name][seat]
                if kind == GOAL and value is None:
                    message = {"start": N_("%(player)s bid a start and a goal: enter the start number."),
                               "goal": N_("%(player)s bid a start and a goal: enter the goal number."),
                               "bid_tricks": N_("%(player)s bid a number of tricks: enter it.")}[name]
                    errors.append(RuleError(T(message, player=player), f"{name}-{seat}"))
                elif value is not None and not 0 <= value <= n:
                    errors.append(RuleError(T("%(player)s: a bid number is from 0 to %(n)d.", player=player, n=n),
                                            f"{name}-{seat}"))
        RuleError.every(errors)
        if phase != "bid":
            self.check_deal(table, state, deal)

    def check_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        self.check_phase(table, state, deal, "bid")
        n, tricks = hand_size(table.size), deal["tricks"]
        if sum(tricks) != n:
            raise RuleError(T("Each of the %(n)d tricks goes to one player; these add up to %(sum)d.",
                              n=n, sum=sum(tricks)), "tricks")

    # -- scoring -----------------------------------------------------------------
    figures = (
        Figure("tu_bids", N_("T.U. bid")), Figure("tu_made", N_("T.U. made")),
        Figure("ltu_bids", N_("L.T.U. bid")), Figure("ltu_made", N_("L.T.U. made")),
        Figure("goal_bids", N_("Bids on a goal")), Figure("goals_hit", N_("Goals hit exactly")),
        Figure("distance", N_("Distance to the goal, summed over the bids on a goal")),
    )

    def deal_figures(self, table: Table, deal: Mapping[str, Any], result: DealResult) -> Mapping[str, Sequence[int]]:
        """T.U. / L.T.U. made is no trick taken; the distance as `score_seat` measures it."""
        bids, tricks, n = deal["bid"], deal["tricks"], hand_size(table.size)
        distance = [(abs(tricks[seat] - deal["bid_tricks"][seat]) if table.options.get("simple_bids") else
                     abs(final_number(deal["start"][seat], tricks[seat], n) - deal["goal"][seat]))
                    if bids[seat] == GOAL else 0 for seat in range(table.size)]
        made = [taken == 0 for taken in tricks]
        return {"tu_bids": [int(bid == TU) for bid in bids],
                "tu_made": [int(bid == TU and no_trick) for bid, no_trick in zip(bids, made)],
                "ltu_bids": [int(bid == LTU) for bid in bids],
                "ltu_made": [int(bid == LTU and no_trick) for bid, no_trick in zip(bids, made)],
                "goal_bids": [int(bid == GOAL) for bid in bids], "distance": distance,
                "goals_hit": [int(bid == GOAL and away == 0) for bid, away in zip(bids, distance)]}

    def score_seat(self, table: Table, deal: Mapping[str, Any], seat: int) -> tuple[int, Text]:
        """One player's points for the deal and the line that shows the arithmetic."""
        opts, n, player = table.options, hand_size(table.size), table.name(seat)
        kind, tricks = deal["bid"][seat], deal["tricks"][seat]
        if kind in (TU, LTU):
            label = Text(N_("T.U.") if kind == TU else N_("L.T.U."))
            if tricks == 0:
                points = opts.get(f"{kind}_made", DEFAULTS[f"{kind}_made"])
                return points, T("%(player)s: %(bid)s, no trick: made, %(points)+d.",
                                 player=player, bid=label, points=points)
            points = -opts.get(f"{kind}_failed", DEFAULTS[f"{kind}_failed"])
            return points, P("%(player)s: %(bid)s, %(n)d trick: failed, %(points)+d.",
                             "%(player)s: %(bid)s, %(n)d tricks: failed, %(points)+d.",
                             tricks, player=player, bid=label, points=points)
        if opts.get("simple_bids"):
            bid = deal["bid_tricks"][seat]
            distance = abs(tricks - bid)
            points = distance_points(distance, opts)
            return points, T("%(player)s: bid %(bid)d, took %(tricks)d, off by %(distance)d: %(points)d.",
                             player=player, bid=bid, tricks=tricks, distance=distance, points=points)
        start, goal = deal["start"][seat], deal["goal"][seat]
        final = final_number(start, tricks, n)
        distance = abs(final - goal)
        points = distance_points(distance, opts)
        return points, T("%(player)s: %(start)d + 2 x %(tricks)d - %(n)d = %(final)d, goal %(goal)d, "
                         "off by %(distance)d: %(points)d.", player=player, start=start, tricks=tricks, n=n,
                         final=final, goal=goal, distance=distance, points=points)

    def score_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> DealResult:
        scored = [self.score_seat(table, deal, seat) for seat in range(table.size)]
        points = tuple(p for p, _ in scored)
        lines = tuple(line for _, line in scored) + (T("Points from the house table (editable in the options)."),)
        summary = T("Yacht: %(scores)s", scores=table.scores(points))
        return DealResult(points, lines, summary)

    # -- the session ----------------------------------------------------------------
    def is_over(self, table: Table, state: State) -> bool:
        """After a deal in which someone reaches the target (or the agreed deals are played)."""
        target = table.options.get("target", 500)
        return max(state.totals) >= target or super().is_over(table, state)

    def winner_rule(self, table: Table) -> Text:
        target, deals = table.options.get("target", 500), table.options.get("deals", 0)
        if deals:
            return P("Once someone reaches %(target)d or after %(deals)d deal, the highest total wins; equal "
                     "totals share the win.", "Once someone reaches %(target)d or after %(deals)d deals, the highest "
                     "total wins; equal totals share the win.", deals, target=target, deals=deals)
        return T("Once someone reaches %(target)d, the highest total wins; equal totals share the win.",
                 target=target)

    def notes(self, table: Table, state: State) -> tuple[Text, ...]:
        n, dealer = hand_size(table.size), state.dealer
        left = table.name((dealer + 1) % table.size)
        removed = THREES_REMOVED[table.size]
        seed = table.options.get("seed_dealing")
        if removed and seed:
            deal = T("%(dealer)s deals %(n)d cards each and sets the %(left)d left over aside.",
                     dealer=table.name(dealer), n=n, left=52 - n * table.size)
        elif removed:
            deal = T(N_("%(dealer)s removes one non-trump three and deals %(n)d cards each.") if removed == 1 else
                     N_("%(dealer)s removes two non-trump threes and deals %(n)d cards each."),
                     dealer=table.name(dealer), n=n)
        else:
            deal = T("%(dealer)s deals %(n)d cards each.", dealer=table.name(dealer), n=n)
        notes = [deal,
                 T("Trump: the suit of a card turned from the middle of the pack."),
                 T("The holder of the ♣2 (the ♦2 when clubs are trump) leads first; "
                   "trumps cannot be led until broken.")]
        if removed and seed:
            notes.append(T("If that two was set aside, %(player)s (the dealer's left) leads.", player=left))
        notes.append(T("Write the bids before play: start and goal, T.U. or L.T.U.")
                     if not table.options.get("simple_bids") else
                     T("Write the bids before play: a number of tricks, T.U. or L.T.U."))
        return tuple(notes)


GAME = Yacht()

"""Sataat (Satat, Mauritius) and its hidden-trump variant Trup Kasiet.

Rules: ``shared/rules/sataat.md`` (seed 003) and research notes section 5 / O7.
Four players, partners opposite: seats 0 & 2 against 1 & 3. The "parent" names
trump and leads; the dealer sits to the parent's right. Play stops when a team
has 7 tricks; taking the first seven in a row is a 7-0, all 13 (after playing
on) a 13-0.

Decisions and named options (issue 9 audit: the seed's reading is the default):

- ``variant``: ``sataat`` (default) or ``trup_kasiet`` (trump hidden; the
  partner's no-trump redeal does not apply; trump may be entered as "never shown").
  Trump changes nothing the app computes, so it is asked only in Trup Kasiet,
  where the parent's hidden card is recorded once shown; older Sataat deals
  and API v1 clients that send a trump are accepted when it is a suit (issue 22;
  the value is not kept).
- ``win_value`` 1, ``seven_value`` 2, ``thirteen_value`` 4 (O7, house default):
  what the winning team scores; both partners get it.
- ``end`` (seed: "ゲームを始める前にゲーム数か、勝数で決めると良いと思います",
  agree beforehand on a number of games or of wins): ``deals`` (default; play
  ``deals`` = 12 deals), ``wins`` (the first team to win ``wins`` = 7 deals:
  deals won are counted, a 7-0 is one win) or ``points`` (house rule: the first
  team to ``points_target`` = 10 points, a 7-0 or 13-0 counting its value).
- ``decided_by`` (after a number of deals; rules note "Decided 2026-11-26 (who
  wins"): ``wins_then_points`` (default: more deals won, on equal wins more
  points, still equal a draw), ``points`` (more points, for groups that play the
  sweep values) or ``wins`` (deals won only; the default of sessions started
  before 2026-11-26, which keep it). A draw makes both teams winners.
  Sessions frozen before issue 9 lack ``decided_by`` and keep their old
  reading: ``end`` = ``wins`` counted points, and after a number of deals the
  points decided. ``winner_rule`` says on the board which rule decides.
- ``exchange_after_dealer_team_sweep`` (now off by default; it was on): the seed
  owes the exchange only "もし親のチームが「7-0」勝ちした場合は" (if the
  parent's team won 7-0); on: also after a 7-0 or 13-0 of the dealer's team
  (losers give, winners return).
- ``joker_for_heart_two`` (off): only changes the reminder of the top card.
- 7-0 derived: a count of 7 (or 13) to 0 can only be the first seven tricks in a
  row, so it is a 7-0 (13-0) whether or not the box is ticked; a team with more
  than 7 tricks played on. A ticked box the count contradicts is refused.
- The new-game form asks for the first parent (the seed's card draw: the
  highest card leads first, "最初のリードプレイヤーの右隣がディーラーになります",
  the dealer is on their right); the table stores the first dealer, the
  parent's right-hand neighbour (`dealer_for_first_seat`).
- A dealer's-team 7-0 or 13-0 passes the parent like any dealer's-team win.
- A 7-0 team that plays on and loses a later trick keeps its 7-0; the tricks
  are entered as they stood when play stopped.
- Redeals (the parent's, at most twice; the partner's for no trump) change
  nothing the app computes, so they are not entered; the notes remind the table.
- Trup Kasiet exchange: the losers cannot know the hidden trump, so they give
  their highest card(s) (the top card never has to be given).
- Statistics (issue 24): deals won as the parent's team and as the dealer's team,
  7-0 and 13-0 won, each counted for both partners. Who was parent is not stored
  with a deal; it follows from the first parent and the deals before
  (`seat_figures`, as `after_deal` passes it on).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import DealResult, Figure, Game, State, Table, narrow
from .cards import FRENCH_SUITS, SUIT_NAMES
from .entry import BOOL, CHOICE, INT, FieldSpec, Legacy, OptionSpec
from .text import N_, P, RuleError, T, Text

SATAAT, TRUP_KASIET = "sataat", "trup_kasiet"
NORMAL, SEVEN, THIRTEEN = "normal", "7-0", "13-0"
UNSEEN = "unseen"
TRICKS, WIN_AT = 13, 7
SUIT_CHOICES = tuple((suit, SUIT_NAMES[suit]) for suit in FRENCH_SUITS)
VALUE_OPTION = {NORMAL: "win_value", SEVEN: "seven_value", THIRTEEN: "thirteen_value"}
DEFAULT_VALUE = {NORMAL: 1, SEVEN: 2, THIRTEEN: 4}


def partner(seat: int) -> int:
    """The player opposite."""
    return (seat + 2) % 4


def left(seat: int) -> int:
    """The next player clockwise: left of N (0) is E (1)."""
    return (seat + 1) % 4


def right(seat: int) -> int:
    """The previous player clockwise: right of N (0) is W (3)."""
    return (seat - 1) % 4


def outcome(tricks: tuple[int, int], first_seven: bool) -> tuple[int, str]:
    """(winning team, category) from the tricks of team 0 and team 1; 7 (or 13) to 0 is a sweep
    whether or not `first_seven` was ticked.

    >>> outcome((7, 4), False), outcome((0, 7), True), outcome((13, 0), True), outcome((7, 0), False)
    ((0, 'normal'), (1, '7-0'), (0, '13-0'), (0, '7-0'))
    """
    team = 0 if tricks[0] >= WIN_AT else 1
    if not (first_seven or tricks[1 - team] == 0):
        return team, NORMAL
    return team, THIRTEEN if tricks[team] == TRICKS else SEVEN


def deal_outcome(deal: Mapping[str, Any]) -> tuple[int, str]:
    """`outcome` of a parsed deal."""
    return outcome((deal["tricks"][0], deal["tricks"][1]), deal["first_seven"])


def next_parent(parent: int, winner_team: int, category: str) -> int:
    """Who is parent next deal (the dealer is always to their right).

    >>> next_parent(0, 0, "normal"), next_parent(0, 0, "7-0"), next_parent(0, 1, "normal"), next_parent(0, 1, "13-0")
    (0, 2, 1, 1)
    """
    if winner_team != parent % 2:
        return left(parent)
    return parent if category == NORMAL else partner(parent)


@dataclass(frozen=True)
class SataatState(State):
    """The state plus the exchange owed at the start of the next deal and each team's record."""

    exchange: int = 0  # cards each player gives (0, 1 or 2)
    givers: tuple[int, ...] = ()  # the team that lost the 7-0 / 13-0
    unowed: bool = False  # the dealer's team swept, and the options owe no exchange for it
    wins: tuple[int, int] = (0, 0)
    sevens: tuple[int, int] = (0, 0)
    thirteens: tuple[int, int] = (0, 0)


def _parent(state: State) -> int:
    """The parent of the next deal: a Sataat session always has one (its leader)."""
    assert state.leader is not None
    return state.leader


class Sataat(Game):
    slug = "sataat"
    name = N_("Sataat")
    players = (4,)
    setup_help = N_("Partners sit opposite: players 1 & 3 against players 2 & 4.")
    first_seat_label = N_("First parent (drew the highest card; the dealer sits on their right)")

    def dealer_for_first_seat(self, n_players: int, seat: int) -> int:
        """The seed's card draw names the first parent; the dealer is the parent's right-hand neighbour."""
        return right(seat)

    options = (
        OptionSpec("variant", N_("Variant"), CHOICE, SATAAT,
                   choices=((SATAAT, N_("Sataat (trump announced)")),
                            (TRUP_KASIET, N_("Trup Kasiet (trump hidden)"))), entry_only=True),
        OptionSpec("win_value", N_("A won deal scores"), INT, 1, minimum=0, maximum=99),
        OptionSpec("seven_value", N_("A 7-0 scores"), INT, 2, minimum=0, maximum=99),
        OptionSpec("thirteen_value", N_("A 13-0 scores"), INT, 4, minimum=0, maximum=99),
        OptionSpec("end", N_("The session ends"), CHOICE, "deals",
                   choices=(("deals", N_("after a number of deals")),
                            ("wins", N_("when a team has won a number of deals")),
                            ("points", N_("when a team reaches a number of points")))),
        OptionSpec("deals", N_("Number of deals"), INT, 12, minimum=1, maximum=99,
                   show_if=("end", ("deals",))),
        OptionSpec("decided_by", N_("After the last deal, the winner is the team with more"), CHOICE,
                   "wins_then_points",
                   choices=(("wins_then_points", N_("deals won, then points")), ("points", N_("points")),
                            ("wins", N_("deals won (equal wins: a draw)"))),
                   show_if=("end", ("deals",))),
        OptionSpec("wins", N_("Wins to reach"), INT, 7, minimum=1, maximum=99,
                   help=N_("Deals won; a 7-0 or 13-0 is one win."), show_if=("end", ("wins",))),
        OptionSpec("points_target", N_("Points to reach"), INT, 10, minimum=1, maximum=999,
                   help=N_("A 7-0 or 13-0 counts as its value."), show_if=("end", ("points",))),
        OptionSpec("exchange_after_dealer_team_sweep", N_("Exchange also after a 7-0 of the dealer's team"),
                   BOOL, False, help=N_("The original rules exchange only after a 7-0 of the parent's team; "
                                        "tick to exchange after the dealer's team's 7-0 too."), entry_only=True),
        OptionSpec("joker_for_heart_two", N_("A joker replaces the ♥2"), BOOL, False, entry_only=True),
    )

    def teams(self, table: Table) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    def team_name(self, table: Table, team: int) -> str:
        return table.names_of((team, team + 2), " & ")

    def hidden(self, table: Table) -> bool:
        return table.options.get("variant", SATAAT) == TRUP_KASIET

    def legacy(self, table: Table, state: State) -> tuple[Legacy, ...]:
        """Trump, asked in Sataat too until it was asked only in Trup Kasiet: any suit changes nothing."""
        return () if self.hidden(table) else (Legacy("trump", spec=FieldSpec("trump", N_("Trump"), CHOICE,
                                                                             choices=SUIT_CHOICES)),)

    def deal_fields(self, table: Table, state: State) -> tuple[FieldSpec, ...]:
        trump = (FieldSpec("trump", N_("Trump"), CHOICE, choices=SUIT_CHOICES + ((UNSEEN, N_("never shown")),)),)
        return trump * self.hidden(table) + (
            FieldSpec("tricks", N_("Tricks when play stopped"), INT, per_seat=True, seats=(0, 1),
                      team_columns=True, minimum=0, maximum=TRICKS, default=0,
                      help=N_("Entered under the team's first player; play stops at 7.")),
            FieldSpec("first_seven", N_("The winners took the first seven tricks in a row (7-0)"), BOOL,
                      help=N_("7 or 13 to 0 is a 7-0 by itself; tick it when they played on and lost a trick.")),
            FieldSpec("played_on", N_("They played on after the 7-0"), BOOL, show_if=("first_seven", (True,))),
        )

    # -- rules ---------------------------------------------------------------
    def check_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        tricks = tuple(deal["tricks"][:2])
        if min(tricks) >= WIN_AT:  # not "more than 13 together": a first-time player typed 7 and 7
            raise RuleError(T("Play stops when the first team has 7 tricks: %(a)s and %(b)s cannot both have 7.",
                              a=self.team_name(table, 0), b=self.team_name(table, 1)), "tricks")
        if sum(tricks) > TRICKS:
            raise RuleError(T("The two teams cannot have more than %(n)d tricks together; these add up to "
                              "%(sum)d.", n=TRICKS, sum=sum(tricks)), "tricks")
        if max(tricks) < WIN_AT:
            raise RuleError(T("Play stops when a team has 7 tricks: neither %(a)s nor %(b)s has 7.",
                              a=self.team_name(table, 0), b=self.team_name(table, 1)), "tricks")
        team = 0 if tricks[0] >= WIN_AT else 1
        won, lost = tricks[team], tricks[1 - team]
        names = self.team_name(table, team)
        seven = deal["first_seven"] or lost == 0  # 7 (or 13) to 0 can only be the first seven in a row
        played_on = deal["played_on"] or (seven and won > WIN_AT)
        if won > WIN_AT and not played_on:
            raise RuleError(T("Play stops at the seventh trick unless a team that took the first seven in a row "
                              "plays on: %(names)s cannot have %(n)d.", names=names, n=won), f"tricks-{team}")
        if deal["first_seven"] and not played_on and lost:
            raise RuleError(T("A 7-0 means %(names)s took the first seven tricks in a row, so the others have "
                              "no trick, not %(n)d.", names=names, n=lost), "first_seven")
        if played_on and not lost and won != TRICKS:
            raise RuleError(T("%(names)s played on and lost no trick, so they took all %(n)d.",
                              names=names, n=TRICKS), f"tricks-{team}")

    # -- scoring -------------------------------------------------------------
    def value(self, table: Table, category: str) -> int:
        return table.options.get(VALUE_OPTION[category], DEFAULT_VALUE[category])

    def score_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> DealResult:
        tricks = (deal["tricks"][0], deal["tricks"][1])
        team, category = outcome(tricks, deal["first_seven"])
        value = self.value(table, category)
        names = self.team_name(table, team)
        lines = []
        if deal.get("trump"):
            trump = Text(N_("never shown")) if deal["trump"] == UNSEEN else Text(SUIT_NAMES[deal["trump"]])
            lines.append(T("Trump: %(trump)s%(hidden)s.", trump=trump,
                           hidden=Text(N_(" (hidden, Trup Kasiet)")) if self.hidden(table) else ""))
        if category == NORMAL:
            lines.append(T("%(names)s took 7 tricks to %(lost)d: a win, %(value)d each.",
                           names=names, lost=tricks[1 - team], value=value))
        elif category == SEVEN:
            lines.append(T("%(names)s took the first seven tricks in a row: 7-0, %(value)d each.",
                           names=names, value=value))
        else:
            lines.append(T("%(names)s took all 13 tricks: 13-0, %(value)d each.", names=names, value=value))
        points = tuple(value if seat % 2 == team else 0 for seat in range(4))
        summary = T("%(names)s %(result)s %(value)+d", names=names,
                    result=Text(N_("win")) if category == NORMAL else category, value=value)
        return DealResult(points, tuple(lines), summary)

    figures = (
        Figure("parent_wins", N_("Deals won as the parent's team")),
        Figure("dealer_wins", N_("Deals won as the dealer's team")),
        Figure("sevens", N_("7-0 won")), Figure("thirteens", N_("13-0 won")),
    )

    def seat_figures(self, table: Table, deals: Sequence[Mapping[str, Any]],
                     results: Sequence[DealResult]) -> list[dict[str, int]]:
        """As every game's, with each deal's parent (not stored: the first parent, then as each deal passes
        it on) given to `deal_figures` as ``parent``."""
        parent, placed = left(table.first_dealer), []
        for deal in deals:
            placed.append({**deal, "parent": parent})
            parent = next_parent(parent, *deal_outcome(deal))
        return super().seat_figures(table, placed, results)

    def deal_figures(self, table: Table, deal: Mapping[str, Any], result: DealResult) -> Mapping[str, Sequence[int]]:
        """The winning team's deal, counted for both partners: as the parent's or the dealer's team, and
        a 7-0 or 13-0."""
        team, category = deal_outcome(deal)
        won = [int(seat % 2 == team) for seat in range(4)]
        as_parent = team == deal["parent"] % 2
        return {"parent_wins": [w * as_parent for w in won], "dealer_wins": [w * (not as_parent) for w in won],
                "sevens": [w * (category == SEVEN) for w in won],
                "thirteens": [w * (category == THIRTEEN) for w in won]}

    # -- the session ---------------------------------------------------------
    def start(self, table: Table) -> SataatState:
        parent = left(table.first_dealer)
        return SataatState(0, table.first_dealer, (0,) * 4, (True,) * 4, leader=parent)

    def after_deal(self, table: Table, state: State, deal: Mapping[str, Any], result: DealResult) -> State:
        team, category = deal_outcome(deal)
        parent = state.leader if state.leader is not None else left(state.dealer)
        new_parent = next_parent(parent, team, category)
        exchange = 0
        givers: tuple[int, ...] = ()
        parents_team = team == parent % 2
        owed = parents_team or table.options.get("exchange_after_dealer_team_sweep", False)
        if category != NORMAL and owed:
            exchange, givers = (1 if category == SEVEN else 2), (1 - team, 3 - team)

        def bump(counts: tuple[int, int], yes: bool) -> tuple[int, int]:
            return counts[0] + (yes and team == 0), counts[1] + (yes and team == 1)

        old = narrow(state, SataatState)
        return dataclasses.replace(
            narrow(super().after_deal(table, state, deal, result), SataatState),
            dealer=right(new_parent), leader=new_parent, exchange=exchange, givers=givers,
            unowed=category != NORMAL and not owed,
            wins=bump(old.wins, True), sevens=bump(old.sevens, category == SEVEN),
            thirteens=bump(old.thirteens, category == THIRTEEN),
        )

    def ending(self, table: Table) -> tuple[str, str, int]:
        """(end, what counts, target): end "deals" | "wins" | "points", counting "wins" or "points"."""
        opts = table.options
        end = opts.get("end", "deals")
        if "decided_by" not in opts:  # frozen before issue 9: "wins" counted points, and so did the deals
            if end == "wins":
                return "points", "points", opts.get("wins", 7)
            return "deals", "points", opts.get("deals", 12)
        if end == "wins":
            return end, "wins", opts.get("wins", 7)
        if end == "points":
            return end, "points", opts.get("points_target", 10)
        return end, opts["decided_by"], opts.get("deals", 12)

    def measure(self, table: Table, state: State) -> tuple[Any, ...]:
        """Per seat, what decides the session: deals won by the seat's team, points, or both in turn."""
        _, counts, _ = self.ending(table)
        wins = narrow(state, SataatState).wins
        by_seat = tuple(wins[seat % 2] for seat in range(4))
        if counts == "wins_then_points":
            return tuple(zip(by_seat, state.totals))
        return state.totals if counts == "points" else by_seat

    def is_over(self, table: Table, state: State) -> bool:
        end, _, target = self.ending(table)
        if end == "deals":
            return state.deals_played >= target
        return max(self.measure(table, state)) >= target

    def deals_left(self, table: Table, state: State) -> int | None:
        end, _, target = self.ending(table)
        return max(0, target - state.deals_played) if end == "deals" else None

    def winners(self, table: Table, state: State) -> tuple[int, ...]:
        """The team with more deals won, then more points (or as the options say); a draw makes both
        teams winners."""
        measure = self.measure(table, state)
        return tuple(seat for seat in range(4) if measure[seat] == max(measure))

    def ranking(self, table: Table, state: State) -> Sequence[Any]:
        return self.measure(table, state)

    def winner_rule(self, table: Table) -> Text:
        """Which rule decides, as the options say: by default deal wins, then points."""
        end, counts, target = self.ending(table)
        if end == "wins":
            return P("The first team to win %(n)d deal wins the session.",
                     "The first team to win %(n)d deals wins the session.", target)
        if end == "points":
            return T("The first team to %(n)d points wins the session.", n=target)
        if counts == "wins_then_points":
            return T("Decided by deal wins, then points; still equal: a draw, both teams win.")
        if counts == "wins":
            return T("Decided by deal wins; equal wins: a draw, both teams win.")
        return T("Decided by points; equal points: a draw, both teams win.")

    def seat_notes(self, table: Table, state: State) -> tuple[Text | None, ...]:
        notes: list[Text | None] = [None] * 4
        notes[_parent(state)] = T("parent: names trump and leads")
        notes[state.dealer] = T("deals")
        return tuple(notes)

    def final_seat_notes(self, table: Table, state: State) -> tuple[Text | None, ...]:
        """Nobody is parent or deals once the session is over."""
        return (None,) * table.size

    def notes(self, table: Table, state: State) -> tuple[Text, ...]:
        parent, dealer = _parent(state), state.dealer
        top = Text(N_("the joker")) if table.options.get("joker_for_heart_two") else Text(N_("the ♥2"))
        lines = [T("%(dealer)s deals 5 cards each, then 4 and 4; %(parent)s is parent: names trump (from the first "
                   "five or from the last four) and leads.", dealer=table.name(dealer), parent=table.name(parent)),
                 T("%(parent)s may ask for a redeal when the first five cards hold no K, Q or J (at most twice).",
                   parent=table.name(parent))]
        if self.hidden(table):
            lines.append(T("Trup Kasiet: %(parent)s lays one card face down; its suit is trump, hidden until it "
                           "is played.", parent=table.name(parent)))
        else:
            lines.append(T("%(partner)s may demand a redeal when their 13 cards hold no trump.",
                           partner=table.name(partner(parent))))
        lines += self.exchange_notes(table, state, top)
        return (*lines, *self.final_notes(table, state))  # the deals left: the status line; who wins: winner_rule

    def final_notes(self, table: Table, state: State) -> tuple[Text, ...]:
        """Each team's record (rules note: "Show per team: deals won, 7-0 and 13-0 counts, points"),
        during play and once it decided the game."""
        own = narrow(state, SataatState)
        lines = [T("%(names)s: %(wins)d won, %(sevens)d x 7-0, %(thirteens)d x 13-0.",
                   names=self.team_name(table, team), wins=own.wins[team], sevens=own.sevens[team],
                   thirteens=own.thirteens[team]) for team in (0, 1)]
        _, counts, _ = self.ending(table)
        if (counts == "wins_then_points" and self.is_over(table, state) and own.wins[0] == own.wins[1]
                and state.totals[0] != state.totals[1]):  # which step decided (a table saw only the rule)
            high = max((0, 1), key=lambda team: state.totals[team])
            lines.append(T("Equal deal wins (%(wins)d each): %(names)s won on points, %(high)d to %(low)d.",
                           wins=own.wins[0], names=self.team_name(table, high), high=state.totals[high],
                           low=state.totals[1 - high]))
        return tuple(lines)

    def exchange_notes(self, table: Table, state: State, top: Text) -> list[Text]:
        """Who gives how many cards to whom before this deal's play, after a 7-0 or 13-0."""
        own = narrow(state, SataatState)
        if own.unowed:  # said, as the rules note owes it by default (testers who read it disputed the board)
            return [T("No exchange: the original rules owe it only after a 7-0 of the parent's team (option).")]
        if not own.exchange:
            return []
        name = table.name
        first, second = own.givers
        takers = (right(first), right(second))
        two = own.exchange == 2
        if self.hidden(table):
            what = (T("their two highest cards (%(top)s never has to be given)", top=top) if two else
                    T("their highest card (%(top)s never has to be given)", top=top))
        elif two:
            what = T("trumps if they have them (any trumps), otherwise their highest cards of other suits (%(top)s "
                     "never has to be given)", top=top)
        else:
            what = T("a trump if they have one (any trump), otherwise their highest card of another suit (%(top)s "
                     "never has to be given)", top=top)
        give = (N_("Exchange: once 13 cards are dealt and trump is fixed, %(a)s gives two cards to %(b)s and %(c)s "
                   "two to %(d)s: %(what)s.") if two else
                N_("Exchange: once 13 cards are dealt and trump is fixed, %(a)s gives one card to %(b)s and %(c)s "
                   "one to %(d)s: %(what)s."))
        back = (N_("Then %(a)s gives any two cards to %(b)s and %(c)s any two to %(d)s.") if two else
                N_("Then %(a)s gives any one card to %(b)s and %(c)s any one to %(d)s."))
        return [T(give, a=name(first), b=name(takers[0]), c=name(second), d=name(takers[1]), what=what),
                T(back, a=name(takers[0]), b=name(left(takers[0])), c=name(takers[1]), d=name(left(takers[1])))]


GAME = Sataat()

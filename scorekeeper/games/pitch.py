"""Ten-Point Pitch with two jokers (4, 5 or 6 players, 52 cards + high and low joker).

Rules: ``shared/rules/pitch.md`` (seed 002, Ryan C. Ast's "Let's Play! 100 Games")
and ``research-notes.md`` section 6, O8-O10. Ten points per deal, one card each:
trump A, trump J, off-jack, high joker, low joker, trump 10 (1 each), trump 3 (3)
and trump 2 (1, to whoever **played** it). 4 players: partners opposite (seats
0 & 2 against 1 & 3); 6 players: every second player (0, 2, 4 against 1, 3, 5);
5 players: call for your partner, the partnership changes every deal.

Per deal the table enters the bid (declarer, 5-10) and trump (phase ``"bid"``), then either who took each
point card (``entry`` = cards) or the points per team/player (``entry`` = points).

Decisions and named options:

- ``made_scores``: a made bid scores the ``points`` taken (default, O8) or the ``bid``.
- A set bid scores minus the bid; bid 10 made is shooting the moon, +20; set, -20.
  The other team (the other players) always score what they took.
- ``points_in_play``: ``all`` (default: every point card ends in a hand, since
  the declarer takes the whole widow and point cards may not be discarded) or
  ``some`` (point cards may stay in the stock: untaken ones count as absent).
- ``target`` (default 0 = by the number of players): 32 with 4 players, 42 with 5 (Pawnee form, O10), 54 with 6 (seed).
- ``both_out``: when several sides reach the target in one deal, ``bidder``
  (default: the declaring side wins if it got there, else the highest total)
  or ``higher`` (highest total; equal: the declaring side).
- 5 players (pitch.md, decided 2026-11-26): declarer and called partner who pass the target
  in the same deal win together, whatever their totals; with others past it too, ``both_out``
  decides as above, but equal totals share the win (individual totals: no side owns a tie).
- The trump 2 is entered as the player who played it (shown face up before play),
  so it can never be credited to the trick winner by mistake.
- The dealer's forced bid is exactly 5 (seed: "ディーラー以外の全員がパスをした場合には、ディーラーは5点を
  ビッドしてデクレアラーにならなければなりません", when all but the dealer pass, the dealer must bid 5),
  and a bid must beat the one before ("その点数より高い点数しかビッドできません"), so a dealer who
  declares with 5 was forced and nobody else can be: derived, not asked (issue 9 audit). Older deals and
  API v1 clients that send ``forced`` are accepted when it says the same, refused naming it when not
  (issue 22); the value is not kept.
- 5 players (O10): after trump the declarer calls a card; its holder is the
  secret partner (the declarer again if it is in their own hand: alone). Declarer
  and partner each score their side's result; the others score their own points.
  The table enters who turned out to be the partner, not the card called: the card
  only finds the partner and changes no score (one choice less per deal).
- 6 players, 9 cards each leave no widow (O9); this changes nothing in the scoring.
- Dealer rotates to the left (clockwise).
- Statistics (``figures``), counted for the declarer (the bidder) only: bids made
  and set per bid level 5 to 9, moons (bid 10) made and set; and the trump 2's
  point for whoever played it. The trump 2 is known only where the table entered who
  took each point card: points per side do not say who played it, so such deals
  count no trump 2.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import DealResult, Figure, Game, State, Table, narrow
from .cards import SUIT_SYMBOLS
from .entry import BOOL, CHOICE, INT, MULTI, SEAT, FieldSpec, Legacy, OptionSpec
from .text import N_, P, RuleError, T, Text, joined

#: The point cards a team gathers in its tricks, with their points; the trump 2 is entered apart.
CARD_POINTS = {"A": 1, "J": 1, "offJ": 1, "HJ": 1, "LJ": 1, "10": 1, "3": 3}
CARD_NAMES = {"A": N_("trump A"), "J": N_("trump J"), "offJ": N_("off-jack"), "HJ": N_("high joker"),
              "LJ": N_("low joker"), "10": N_("trump 10"), "3": N_("trump 3"), "2": N_("trump 2")}
TWO_POINTS = 1
DEAL_POINTS = sum(CARD_POINTS.values()) + TWO_POINTS  # 10
TARGETS = {4: 32, 5: 42, 6: 54}
OFF_SUIT = {"C": "S", "S": "C", "H": "D", "D": "H"}
CARDS, POINTS = "cards", "points"
TRUMP_CHOICES = (("C", N_("♣ clubs")), ("S", N_("♠ spades")), ("H", N_("♥ hearts")), ("D", N_("♦ diamonds")))


def team_of(seat: int, players: int) -> tuple[int, ...]:
    """The partnership of `seat`: every second player with 4 or 6, nobody else with 5.

    >>> team_of(1, 4), team_of(2, 6), team_of(3, 5)
    ((1, 3), (0, 2, 4), (3,))
    """
    if players == 5:
        return (seat,)
    return tuple(range(seat % 2, players, 2))


def contract_score(bid: int, taken: int, made_scores: str = "points") -> int:
    """What the declaring side scores with `taken` points on `bid`.

    >>> contract_score(6, 6), contract_score(7, 6), contract_score(10, 10), contract_score(10, 9)
    (6, -7, 20, -20)
    >>> contract_score(5, 8, "bid")
    5
    """
    if bid == DEAL_POINTS:
        return 20 if taken >= bid else -20
    if taken < bid:
        return -bid
    return bid if made_scores == "bid" else taken


FORCED = FieldSpec("forced", "forced", BOOL, phase="bid")  # asked until it was derived (Pitch.legacy)


@dataclass(frozen=True)
class PitchState(State):
    """The state plus the declaring side of the last deal (it goes out first)."""

    declarers: tuple[int, ...] = ()


class Pitch(Game):
    slug = "pitch"
    name = N_("Ten-Point Pitch with jokers")
    players = (4, 5, 6)
    setup_help = N_("Partners sit opposite: with 4 players, players 1 & 3 against 2 & 4; with 6, players "
                    "1, 3, 5 against 2, 4, 6. With 5, the declarer calls a partner each deal.")

    options = (
        OptionSpec("made_scores", N_("A made bid scores"), CHOICE, "points",
                   choices=(("points", N_("the points taken")), ("bid", N_("the bid")))),
        OptionSpec("points_in_play", N_("Point cards in play"), CHOICE, "all",
                   choices=(("all", N_("all ten points every deal")),
                            ("some", N_("some may stay in the stock"))), entry_only=True),
        OptionSpec("target", N_("Game to"), INT, 0, minimum=0, maximum=999,
                   help=N_("0: by the number of players, 32 with 4, 42 with 5, 54 with 6.")),
        OptionSpec("both_out", N_("Several reach the target in one deal"), CHOICE, "bidder",
                   choices=(("bidder", N_("the declaring side goes out first")),
                            ("higher", N_("the higher total wins")))),
    )

    def teams(self, table: Table) -> tuple[tuple[int, ...], ...]:
        if table.size == 5:
            return ()
        return (team_of(0, table.size), team_of(1, table.size))

    def deal_fields(self, table: Table, state: State) -> tuple[FieldSpec, ...]:
        every = table.options.get("points_in_play", "all") == "all"
        teams = table.size != 5
        columns = (0, 1) if teams else None  # a team's entries go under its first player
        cards, points = ("entry", (CARDS,)), ("entry", (POINTS,))
        fields = [
            FieldSpec("bidder", N_("Declarer (highest bid)"), SEAT, phase="bid"),
            FieldSpec("bid", N_("Bid"), INT, minimum=5, maximum=10, phase="bid"),
            FieldSpec("trump", N_("Trump"), CHOICE, phase="bid", choices=TRUMP_CHOICES),
        ]
        if table.size == 5:
            fields.append(FieldSpec("partner", N_("Declarer's partner (held the called card)"), SEAT,
                                    help=N_("Choose the declarer if they held it and played alone.")))
        fields += [
            FieldSpec("entry", N_("Enter"), CHOICE, default=CARDS, sticky=True,
                      choices=((CARDS, N_("who took each point card")),
                               (POINTS, N_("points per player") if table.size == 5 else N_("points per side")))),
            FieldSpec("cards", N_("Point cards taken"), MULTI, per_seat=True, seats=columns, team_columns=teams,
                      show_if=cards,
                      choices=tuple((card, CARD_NAMES[card]) for card in CARD_POINTS),
                      help=N_("Tick a team's cards under its first player.") if teams else ""),
            FieldSpec("two", N_("Trump 2 played by"), SEAT, required=False, show_if=cards,  # check_deal asks
                      help=N_("The 2 counts for whoever played it, not for the trick winner.")),
            FieldSpec("points", N_("Points taken"), INT, per_seat=True, seats=columns, team_columns=teams,
                      show_if=points, minimum=0, maximum=DEAL_POINTS, default=0, total=DEAL_POINTS if every else None),
        ]
        return tuple(fields)

    # -- checks ----------------------------------------------------------------
    def legacy(self, table: Table, state: State) -> tuple[Legacy, ...]:
        """``forced``, asked until it was derived: it must say what bidder and bid say."""
        return (Legacy("forced", lambda deal: self.forced(state, deal), FORCED),)

    @staticmethod
    def forced(state: State, deal: Mapping[str, Any]) -> bool:
        """Everyone passed and the dealer had to bid 5: the only way the dealer declares with 5."""
        return deal["bidder"] == state.dealer and deal["bid"] == 5

    def check_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        """Every problem of the deal at once, each at its field."""
        every = table.options.get("points_in_play", "all") == "all"
        errors: list[RuleError] = []
        try:
            taken = self.points_by_seat(table, deal)  # raises on a card entered twice
        except RuleError as twice:
            errors.append(twice)
        if deal["entry"] == CARDS and every:
            missing = [Text(CARD_NAMES[card]) for card in CARD_POINTS
                       if not any(card in cards for cards in deal["cards"])]
            if missing:
                errors.append(RuleError(P("Nobody took the %(cards)s: all ten points are in play, tick it for "
                                          "whoever took it.", "Nobody took the %(cards)s: all ten points are in "
                                          "play, tick each for whoever took it.", len(missing),
                                          cards=joined(T(", "), missing)), "cards"))
            if deal["two"] is None:
                errors.append(RuleError(T("Choose who played the trump 2: all ten points are in play."), "two"))
        elif deal["entry"] == POINTS and sum(taken) > DEAL_POINTS:
            errors.append(RuleError(T("Only 10 points are in play; these add up to %(sum)d.", sum=sum(taken)),
                                    "points"))
        RuleError.every(errors)

    def points_by_seat(self, table: Table, deal: Mapping[str, Any]) -> list[int]:
        """Points each column took (a team's under its first player); the 2 goes to its player's column."""
        if deal["entry"] == POINTS:
            return list(deal["points"])
        taken = [0] * table.size
        owner: dict[str, int] = {}
        for seat, cards in enumerate(deal["cards"]):
            for card in cards:
                if card in owner:
                    raise RuleError(T("The %(card)s is entered for both %(one)s and %(other)s.",
                                      card=Text(CARD_NAMES[card]), one=self.side_name(table, owner[card]),
                                      other=self.side_name(table, seat)), f"cards-{seat}")
                owner[card] = seat
                taken[seat] += CARD_POINTS[card]
        if deal["two"] is not None:
            taken[self.column(table, deal["two"])] += TWO_POINTS
        return taken

    def column(self, table: Table, seat: int) -> int:
        return seat if table.size == 5 else seat % 2

    def side_name(self, table: Table, seat: int) -> str:
        return table.names_of(team_of(seat, table.size), " & ")

    # -- scoring ---------------------------------------------------------------
    figures = (
        Figure("made_5", N_("Bids of 5 made")), Figure("set_5", N_("Bids of 5 set")),
        Figure("made_6", N_("Bids of 6 made")), Figure("set_6", N_("Bids of 6 set")),
        Figure("made_7", N_("Bids of 7 made")), Figure("set_7", N_("Bids of 7 set")),
        Figure("made_8", N_("Bids of 8 made")), Figure("set_8", N_("Bids of 8 set")),
        Figure("made_9", N_("Bids of 9 made")), Figure("set_9", N_("Bids of 9 set")),
        Figure("made_10", N_("Moons shot (bid 10 made)")), Figure("set_10", N_("Moons set (bid 10)")),
        Figure("trump_two", N_("Trump 2 points (played it)")),
    )

    def deal_figures(self, table: Table, deal: Mapping[str, Any], result: DealResult) -> Mapping[str, Sequence[int]]:
        """The bid counts for the bidder, made when the declaring side scored above 0."""
        bidder = deal["bidder"]
        outcome = "made" if result.points[bidder] > 0 else "set"
        two = deal["two"] if deal["entry"] == CARDS else None
        return {f"{outcome}_{deal['bid']}": [int(seat == bidder) for seat in range(table.size)],
                "trump_two": [TWO_POINTS * (seat == two) for seat in range(table.size)]}

    def declaring_side(self, table: Table, deal: Mapping[str, Any]) -> tuple[int, ...]:
        bidder = deal["bidder"]
        if table.size == 5:
            return tuple(sorted({bidder, deal["partner"]}))
        return team_of(bidder, table.size)

    def score_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> DealResult:
        bid, trump = deal["bid"], deal["trump"]
        side = self.declaring_side(table, deal)
        taken = self.points_by_seat(table, deal)
        columns = sorted({self.column(table, seat) for seat in side})
        side_points = sum(taken[c] for c in columns)
        score = contract_score(bid, side_points, table.options.get("made_scores", "points"))
        names = table.names_of(side, " & ")
        lines = self._bid_lines(table, state, deal, side, trump)
        lines.append(T("%(names)s took %(taken)d of %(bid)d: %(outcome)s.", names=names, taken=side_points,
                       bid=bid, outcome=self._outcome(bid, score)))
        result = [score if seat in side else taken[self.column(table, seat)] for seat in range(table.size)]
        others = sorted({self.column(table, s) for s in range(table.size)} - set(columns))
        for c in others:
            lines.append(T("%(names)s took %(taken)d: %(score)+d.", names=self.side_name(table, c),
                           taken=taken[c], score=taken[c]))
        summary = T("%(names)s bid %(bid)d, took %(taken)d: %(score)+d", names=names, bid=bid, taken=side_points,
                    score=score)
        return DealResult(tuple(result), tuple(lines), summary)

    def _bid_lines(self, table: Table, state: State, deal: Mapping[str, Any], side: tuple[int, ...],
                   trump: str) -> list[Text]:
        """The bid and trump (the dealer forced or not), the called partner with 5 players, and who
        played the trump 2."""
        lines = [T("%(player)s bids %(bid)d%(forced)s, trump %(trump)s (off-jack %(off)s).",
                   player=table.name(deal["bidder"]), bid=deal["bid"],
                   forced=Text(N_(" (dealer forced)")) if self.forced(state, deal) else "",
                   trump=SUIT_SYMBOLS[trump], off=SUIT_SYMBOLS[OFF_SUIT[trump]] + "J")]
        if table.size == 5:
            lines.append(T("%(player)s plays alone.", player=table.name(deal["bidder"])) if len(side) == 1 else
                         T("Called partner: %(player)s.", player=table.name(deal["partner"])))
        if deal["entry"] == CARDS and deal["two"] is not None:
            lines.append(T("The trump 2 counts for %(player)s, who played it.", player=table.name(deal["two"])))
        return lines

    @staticmethod
    def _outcome(bid: int, score: int) -> Text:
        """The declaring side's result in words: the moon (bid 10) made or set, a bid made or set."""
        if bid == DEAL_POINTS:
            return T("shooting the moon made: +20") if score > 0 else T("shooting the moon set: -20")
        if score > 0:
            return T("made, scores %(score)+d", score=score)
        return T("set, scores minus the bid: %(score)+d", score=score)

    # -- the session -----------------------------------------------------------
    def start(self, table: Table) -> PitchState:
        return PitchState(0, table.first_dealer, (0,) * table.size, (True,) * table.size)

    def after_deal(self, table: Table, state: State, deal: Mapping[str, Any], result: DealResult) -> State:
        after = narrow(super().after_deal(table, state, deal, result), PitchState)
        return dataclasses.replace(after, declarers=self.declaring_side(table, deal))

    def target(self, table: Table) -> int:
        return table.options.get("target") or TARGETS.get(table.size, 32)

    def is_over(self, table: Table, state: State) -> bool:
        """After the deal in which a side reaches the target."""
        return max(state.totals) >= self.target(table)

    def winners(self, table: Table, state: State) -> tuple[int, ...]:
        """The declaring side if it reached the target (``both_out`` = bidder), else the highest total;
        equal totals go to the declaring side, with 5 players they share the win."""
        totals, target = state.totals, self.target(table)
        declarers = getattr(state, "declarers", ())
        out = {seat for seat in range(table.size) if totals[seat] >= target}
        side_out = tuple(seat for seat in declarers if seat in out)
        if side_out and (out <= set(declarers) or table.options.get("both_out", "bidder") == "bidder"):
            return side_out
        top = tuple(seat for seat in range(table.size) if totals[seat] == max(totals))
        tied_declarers = tuple(seat for seat in top if seat in declarers)
        return top if table.size == 5 else tied_declarers or top

    def winner_rule(self, table: Table) -> Text:
        """As `winners` decides (with five players equal totals share the win: a retester read
        "equal: the declaring side" over a shared win)."""
        bidder, n = table.options.get("both_out", "bidder") == "bidder", self.target(table)
        if table.size == 5:
            if bidder:
                return T("The first to %(n)d points wins; when several reach it in one deal, the declaring side, "
                         "else the higher total (equal totals share the win).", n=n)
            return T("The first to %(n)d points wins; when several reach it in one deal, the higher total "
                     "(equal totals share the win).", n=n)
        if bidder:
            return T("The first side to %(n)d points wins; when several reach it in one deal, the declaring "
                     "side.", n=n)
        return T("The first side to %(n)d points wins; when several reach it in one deal, the higher total "
                 "(equal: the declaring side).", n=n)

    def final_notes(self, table: Table, state: State) -> tuple[Text, ...]:
        """Once over, when others reached the target in the last deal too: why these won (a table saw a
        side win on 32 against 35 with only the general rule said)."""
        target, totals = self.target(table), state.totals
        winners = self.winners(table, state)
        if {seat for seat in range(table.size) if totals[seat] >= target} <= set(winners):
            return ()
        names = table.names_of(winners, " & ")
        if set(winners) <= set(getattr(state, "declarers", ())) and (
                table.options.get("both_out", "bidder") == "bidder" or totals[winners[0]] < max(totals)):
            return (T("Several sides reached %(n)d in the last deal: %(names)s won as the declaring side.",
                      n=target, names=names),)
        return (T("Several sides reached %(n)d in the last deal: %(names)s won with the higher total.", n=target,
                  names=names),)

    def notes(self, table: Table, state: State) -> tuple[Text, ...]:
        left = (state.dealer + 1) % table.size
        notes = [T("%(dealer)s deals %(n)d cards each; %(player)s bids first (5 to 10, or pass).",
                   dealer=table.name(state.dealer), n=10 if table.size == 5 else 9, player=table.name(left)),
                 T("If everyone passes, %(dealer)s must bid 5.", dealer=table.name(state.dealer))]
        if table.size == 5:
            notes.append(T("The declarer names trump and calls a card: its holder is the secret partner."))
        return tuple(notes)


GAME = Pitch()

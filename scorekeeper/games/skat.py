"""Skat list (3 players, or 4 with the dealer sitting out; 32 cards) with the Seeger-Fabian tally.

Rules: ``shared/rules/skat.md``, after the International Skat Order (ISkO, in force since
1999): game values 5.1-5.3, overbidding 5.4 (5.4.2), the Seeger-Fabian tally of tournament
play. One row per game: the declarer against the other two. Play is clockwise; the dealer
rotates clockwise and, at a four-player table, sits the game out (not a declarer).

Decisions and named options (defaults from the rules note):

- Suit and grand games: value = base (diamonds 9, hearts 10, spades 11, clubs 12, grand 24)
  x (matadors with or against + game 1 + hand + schneider + schneider announced + schwarz +
  schwarz announced + ouvert). Matadors are counted from the jacks held with the skat
  (``schieberamsch.matadors``) and, in a suit game with all four jacks or none, the top trumps
  of the suit that continue the run (``run``). The page asks the jacks only for a suit or grand
  game and the run only for a suit game. A run sent with any other game is refused (it claims
  matadors a grand, at most 4, or a Null, none, cannot have); jacks sent with a Null or a
  passed-in deal are the cards held, not a claim, and are ignored as API v1 always did.
- Schneider and schwarz count both ways (a declarer with 30 or less, or no trick). An
  announcement counts every level it implies, made or not; ouvert is schwarz announced with
  the cards open and is played from the hand (the form refuses ouvert without hand). The page
  asks the announcement only for a hand game; one sent with a game that took the skat is
  refused, not dropped (a Null or a passed-in deal does not read it).
- The card points are the declarer's with the skat, typed, or 120 minus the opponents' (``counted``,
  kept from game to game). No pile holds 1 or 119; every trick is 120; with no trick the declarer
  has only the skat, two cards: 0, 2-8, 10-15 or 20-22 (``SKAT_ONLY``). Other counts are refused.
- Won: 61 or more card points (90 after schneider announced, every trick after schwarz
  announced or ouvert) and a value that reaches the bid. Otherwise lost: the list gets
  -2 x value (ISkO 5.3 since 1999). ``lost_hand_single`` (off): a lost hand game counts single,
  the rule before 1999; its Seeger-Fabian score is then -value - 50 (the note is silent: the
  tally's 50 stays, only the list score is single).
- Overbid (ISkO 5.4.2): the value reached is below the bid: lost whatever the card points, at
  the lowest multiple of the base value that reaches the bid (never less than the value).
- Null 23, Null Hand 35, Null Ouvert 46, Null Ouvert Hand 59, won when the declarer takes no
  trick. A null game worth less than the bid cannot be announced: the form refuses it.
- A bid is a game's value (the note's "a value is base x multiplier ... or one of 23/35/46/59";
  18, 20, 22, 23, 24, 27 ... 264): the form refuses another number and names the bids around it.
- The tally keeps two columns: the plain list and Seeger-Fabian (a won game value + 50; a lost
  game -2 x value - 50, and 40 to each other player at three, 30 to each of the other three
  at four, the dealer included). ``ranking`` ("seeger_fabian" default, "plain") is the column
  the board totals and the winner follow; the other is shown under each name.
- ``series``: 36 games at three, 48 at four (``by_players``, default), ``number`` (``games``),
  or ``open``. A passed-in deal counts as a game of the series.
- ``passed_deal``: "row" (default): a passed-in deal is a row without score; "ramsch": it is
  played as a Ramsch (jacks only trumps, the skat to the last trick): the most card points
  score minus those points (tied players each), doubled when another player took no trick; a
  player who took every trick scores +120. Plain points, added to both columns.
- ``kontra`` (off): Kontra doubles the game's list score, Re doubles it again, after the overbid
  rule and the doubling of a lost game; the Seeger-Fabian 50, 40 and 30 are not doubled.
- Bock rounds are not offered.
- Statistics (``figures``), counted for the declarer: games declared, won and lost, their game
  values summed (the value each counted at, overbid included, before the doubling of a loss and
  Kontra: ``game_values`` / ``declared`` is the average game value), Grand and Null games, hand
  and ouvert games, games won schneider and won schwarz, games lost overbid, and games with Kontra
  (Re included) and with Re. Passed-in deals (a Ramsch too) count for nobody.
"""
from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from .base import DealResult, Figure, Game, State, Table, narrow
from .cards import SKAT_DECK, SKAT_JACKS, SKAT_POINTS, SKAT_POSSIBLE, SKAT_TOTAL, label, no_pile_holds, rank_of, unheld
from .entry import BOOL, CHOICE, INT, MULTI, SEAT, FieldSpec, OptionSpec
from .schieberamsch import CONTRA_FACTOR, matadors
from .text import N_, P, RuleError, T, Text, joined

BASE = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12, "grand": 24}
SUITS = ("diamonds", "hearts", "spades", "clubs")
TRUMP_GAMES = (*SUITS, "grand")
PLAYED = (*TRUMP_GAMES, "null")
PASSED = "passed"
#: as a Skat table says them (the values as Schieberamsch stores its contra)
KONTRA_CHOICES = (("none", N_("none")), ("contra", N_("Kontra (x2)")), ("recontra", N_("Re (x4)")))
KONTRA_NAMES = {"contra": N_("Kontra"), "recontra": N_("Re")}
GAME_NAMES = {"diamonds": N_("diamonds"), "hearts": N_("hearts"), "spades": N_("spades"), "clubs": N_("clubs"),
              "grand": N_("Grand"), "null": N_("Null")}
#: null values by (hand, ouvert)
NULL_VALUES = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
NULL_NAMES = {(False, False): N_("Null"), (True, False): N_("Null Hand"), (False, True): N_("Null Ouvert"),
              (True, True): N_("Null Ouvert Hand")}
SKAT_MOST = 11 + 11  # a declarer without a trick has only the skat: at most two aces
#: what the two cards of the skat can hold: 0, 2-8, 10-15, 20-22 (never 1, 9 nor 16-19)
SKAT_ONLY = frozenset(SKAT_POINTS[rank_of(one)] + SKAT_POINTS[rank_of(other)]
                      for one, other in itertools.combinations(SKAT_DECK, 2))
#: the most levels a game can have: with 11 (or 4 in a grand), game, hand, schneider, announced,
#: schwarz, announced, ouvert
MOST_LEVELS = {**{suit: 11 + 7 for suit in SUITS}, "grand": 4 + 7}
#: every value a game can have, and so every bid (ISkO 3.3, the auction: bids are game values)
BIDS = tuple(sorted({BASE[game] * levels for game in TRUMP_GAMES for levels in range(2, MOST_LEVELS[game] + 1)}
                    | set(NULL_VALUES.values())))
SERIES = {3: 36, 4: 48}


@dataclasses.dataclass(frozen=True)
class SkatState(State):
    """The two columns of the list; `totals` is the one option ``ranking`` names."""

    plain: tuple[int, ...] = ()
    seeger_fabian: tuple[int, ...] = ()


@dataclasses.dataclass(frozen=True)
class Valuation:
    """A game valued: won or lost, the value it counts at, the list score, the arithmetic, and
    whether it was lost because the value reached is below the bid."""

    won: bool
    value: int
    score: int
    lines: tuple[Text, ...]
    overbid: bool = False


def overbid_value(base: int, bid: int) -> int:
    """The lowest multiple of `base` that reaches `bid` (ISkO 5.4.2).

    >>> overbid_value(12, 46), overbid_value(10, 50)
    (48, 50)
    """
    return -(-bid // base) * base


def game_levels(deal: Mapping[str, Any], announced: str) -> list[tuple[Text, int]]:
    """The multiplier's levels of a suit or grand game (ISkO 5.2): matadors with or against, game,
    then each of hand, schneider, announced, schwarz, announced, ouvert that holds."""
    game, points, tricks = deal["game"], deal["points"], deal["tricks"]
    direction, n = matadors(deal["jacks"])
    if n == 4 and game in SUITS:
        n += deal["run"]
    levels = [(T("with %(n)d", n=n) if direction == "with" else T("against %(n)d", n=n), n),
              (Text(N_("game 1")), 1)]
    steps = ((deal["hand"], N_("hand 1")),
             (points >= 90 or points <= 30 or announced != "none", N_("schneider 1")),
             (announced != "none", N_("schneider announced 1")),
             (tricks != "some" or announced == "schwarz", N_("schwarz 1")),
             (announced == "schwarz", N_("schwarz announced 1")),
             (deal["ouvert"], N_("ouvert 1")))
    return levels + [(Text(name), 1) for made, name in steps if made]


def trump_value(deal: Mapping[str, Any]) -> tuple[bool, int, list[Text], bool]:
    """A suit or grand game: whether it was won, its value (after the overbid rule), the lines and
    whether it was overbid."""
    game, points, tricks, bid = deal["game"], deal["points"], deal["tricks"], deal["bid"]
    base = BASE[game]
    hand, ouvert = deal["hand"], deal["ouvert"]
    announced = "schwarz" if ouvert else deal["announced"] if hand else "none"
    levels = game_levels(deal, announced)
    multiplier = sum(n for _, n in levels)
    value = base * multiplier
    needed = {"none": (61, "some"), "schneider": (90, "some"), "schwarz": (SKAT_TOTAL, "all")}[announced]
    made = points >= needed[0] and (needed[1] == "some" or tricks == "all")
    outcome = Text(N_("reached")) if made else Text(N_("not reached"))
    lines = [T("%(base)d x (%(levels)s) = %(base)d x %(m)d = %(value)d.", base=base,
               levels=joined(T(" + "), [name for name, _ in levels]), m=multiplier, value=value),
             T("Declarer's card points: %(points)d, every trick needed: %(outcome)s.", points=points, outcome=outcome)
             if announced == "schwarz" else
             T("Declarer's card points: %(points)d, %(needed)d needed: %(outcome)s.", points=points,
               needed=needed[0], outcome=outcome)]
    overbid = value < bid
    if overbid:
        value = max(value, overbid_value(base, bid))
        lines.append(T("Overbid: the bid of %(bid)d is not reached, so the game is lost whatever the card points, "
                       "at %(value)d (the lowest multiple of %(base)d reaching the bid).", bid=bid, value=value,
                       base=base))
        made = False
    return made, value, lines, overbid


def null_value(deal: Mapping[str, Any]) -> tuple[bool, int, list[Text], bool]:
    value = NULL_VALUES[deal["hand"], deal["ouvert"]]
    won = deal["result"] == "won"
    return won, value, [T("%(game)s: %(value)d; declarer %(outcome)s.", game=game_name(deal), value=value,
                          outcome=Text(N_("took no trick")) if won else Text(N_("took a trick")))], False


def game_name(deal: Mapping[str, Any]) -> Text:
    """The game as a list names it: a suit, Grand, or which Null (Hand, Ouvert)."""
    return Text(NULL_NAMES[deal["hand"], deal["ouvert"]] if deal["game"] == "null" else GAME_NAMES[deal["game"]])


def valuation(deal: Mapping[str, Any], options: Mapping[str, Any]) -> Valuation:
    """The game of a played (not passed-in) row, valued for the list."""
    won, value, lines, overbid = (null_value if deal["game"] == "null" else trump_value)(deal)
    doubled = not won and not (deal["hand"] and options.get("lost_hand_single"))
    factor = CONTRA_FACTOR[deal.get("contra", "none")]
    score = value * (2 if doubled else 1) * factor * (1 if won else -1)
    if factor > 1:
        lines.append(T("%(contra)s x%(factor)d.", contra=Text(KONTRA_NAMES[deal["contra"]]), factor=factor))
    lines.append(T("Won: %(score)+d.", score=score) if won else
                 T("Lost, counted double: %(score)+d.", score=score) if doubled else
                 T("Lost: %(score)+d.", score=score))
    return Valuation(won, value, score, tuple(lines), overbid)


class Skat(Game):
    slug = "skat"
    name = N_("Skat list")
    players = (3, 4)
    rounds_are_games = True
    setup_help = N_("Three players, or four with the dealer sitting out each game.")

    options = (
        OptionSpec("series", N_("The list"), CHOICE, "by_players",
                   choices=(("by_players", N_("36 games with three players, 48 with four")),
                            ("number", N_("an agreed number of games")),
                            ("open", N_("open: until the table ends it")))),
        OptionSpec("games", N_("Number of games"), INT, 36, minimum=1, maximum=999,
                   show_if=("series", ("number",))),
        OptionSpec("ranking", N_("The winner by"), CHOICE, "seeger_fabian",
                   choices=(("seeger_fabian", N_("Seeger-Fabian (won +50, lost -50, 40 or 30 to the others)")),
                            ("plain", N_("the plain list")))),
        OptionSpec("passed_deal", N_("When everybody passes"), CHOICE, "row",
                   choices=(("row", N_("a row without score")), ("ramsch", N_("play a Ramsch")))),
        OptionSpec("lost_hand_single", N_("A lost hand game counts single (before 1999)"), BOOL, False),
        OptionSpec("kontra", N_("Kontra and Re double the game"), BOOL, False),
    )

    def deal_fields(self, table: Table, state: State) -> tuple[FieldSpec, ...]:
        opts = table.options
        active = self.active_seats(table, state)
        passed = N_("Ramsch (all passed)") if opts.get("passed_deal") == "ramsch" else N_("all passed")
        played, trumps = ("game", PLAYED), ("game", TRUMP_GAMES)
        fields = [
            FieldSpec("game", N_("Game"), CHOICE, choices=(*GAME_NAMES.items(), (PASSED, passed))),
            FieldSpec("declarer", N_("Declarer"), SEAT, show_if=played, seats=active),
            FieldSpec("hand", N_("Hand (the skat not taken)"), BOOL, show_if=played),
            FieldSpec("ouvert", N_("Ouvert (cards open)"), BOOL, show_if=played),
            FieldSpec("announced", N_("Announced"), CHOICE, default="none", required=False,
                      choices=(("none", N_("nothing")), ("schneider", N_("schneider")), ("schwarz", N_("schwarz"))),
                      page_show_if=("hand", (True,)), hide_if=("game", ("null", PASSED))),
            FieldSpec("jacks", N_("Declarer's jacks (skat included)"), MULTI, required=False,
                      choices=tuple((jack, label(jack)) for jack in SKAT_JACKS), show_if=trumps),
            FieldSpec("run", N_("Trumps continuing the run (all four jacks or none)"), INT, required=False,
                      default=0, minimum=0, maximum=7, page_show_if=("game", SUITS),
                      page_show_counts=("jacks", (0, len(SKAT_JACKS))),
                      help=N_("Only with all four jacks or none: how many of the trump suit's A, 10, K ... "
                              "continue that run unbroken (held with all four, missing with none).")),
            FieldSpec("counted", N_("Card points counted by"), CHOICE, default="declarer", required=False, sticky=True,
                      choices=(("declarer", N_("the declarer")), ("opponents", N_("the opponents"))), show_if=trumps),
            FieldSpec("points", N_("Declarer's card points (skat included)"), INT, minimum=0,
                      maximum=SKAT_TOTAL, show_if=trumps, hide_if=("counted", ("opponents",))),
            FieldSpec("opponents_points", N_("Opponents' card points"), INT, minimum=0, maximum=SKAT_TOTAL,
                      show_if=("counted", ("opponents",))),
            FieldSpec("tricks", N_("Declarer's tricks"), CHOICE, default="some", required=False, show_if=trumps,
                      choices=(("some", N_("some")), ("all", N_("every trick")), ("none", N_("no trick")))),
            FieldSpec("result", N_("Null game result"), CHOICE, show_if=("game", ("null",)),
                      choices=(("won", N_("won: no trick")), ("lost", N_("lost: took a trick")))),
            FieldSpec("bid", N_("Bid"), INT, minimum=18, maximum=264, show_if=played),
        ]
        if opts.get("kontra"):
            fields.append(FieldSpec("contra", N_("Kontra"), CHOICE, default="none", required=False,
                                    choices=KONTRA_CHOICES, show_if=played))
        if opts.get("passed_deal") == "ramsch":
            fields += [
                FieldSpec("ramsch_points", N_("Card points in the Ramsch (skat with the last trick)"), INT,
                          per_seat=True, minimum=0, maximum=SKAT_TOTAL, total=SKAT_TOTAL, seats=active,
                          show_if=("game", (PASSED,))),
                FieldSpec("took_trick", N_("Took a trick (with 0 card points)"), BOOL, per_seat=True,
                          seats=active, show_if=("ramsch_points", (0,))),
            ]
        return tuple(fields)

    @staticmethod
    def active_seats(table: Table, state: State) -> tuple[int, ...]:
        """Who plays this game: everyone at three, all but the dealer at four."""
        return tuple(seat for seat in range(table.size) if table.size == 3 or seat != state.dealer)

    def complete(self, table: Table, state: State, deal: dict[str, Any]) -> None:
        """Card points counted by the opponents: the declarer has the rest of the 120."""
        if deal["game"] in TRUMP_GAMES and deal["counted"] == "opponents":
            deal["points"] = SKAT_TOTAL - deal["opponents_points"]

    # -- rules -----------------------------------------------------------------
    def check_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        game = deal["game"]
        errors: list[RuleError] = []
        if game in PLAYED and deal["declarer"] not in self.active_seats(table, state):
            errors.append(RuleError(T("%(player)s deals and sits out this game.",
                                      player=table.name(state.dealer)), "declarer"))
        errors += self._matador_errors(deal)
        if game in TRUMP_GAMES:
            errors += self._trump_errors(deal)
        if game in PLAYED:
            errors += self._bid_errors(deal)
        if game == PASSED and deal.get("ramsch_points"):
            errors += self._ramsch_errors(table, state, deal)
        RuleError.every(errors)

    @staticmethod
    def _bid_errors(deal: Mapping[str, Any]) -> list[RuleError]:
        """A bid is a game's value (``BIDS``), and a null game must reach it."""
        bid = deal["bid"]
        if bid is None:  # refused already at its box
            return []
        if bid not in BIDS:
            lower, higher = max(b for b in BIDS if b < bid), min(b for b in BIDS if b > bid)
            return [RuleError(T("No game is worth %(bid)d, so it is not a bid: the bids around it are "
                                "%(lower)d and %(higher)d.", bid=bid, lower=lower, higher=higher), "bid")]
        if deal["game"] == "null" and NULL_VALUES[deal["hand"], deal["ouvert"]] < bid:
            return [RuleError(T("This null game is worth %(value)d: it cannot be played after a bid of "
                                "%(bid)d.", value=NULL_VALUES[deal["hand"], deal["ouvert"]], bid=bid), "bid")]
        return []

    def _ramsch_errors(self, table: Table, state: State, deal: Mapping[str, Any]) -> list[RuleError]:
        """Each player's Ramsch card points a pile can hold, and somebody took the tricks."""
        errors = unheld(deal["ramsch_points"], SKAT_POSSIBLE, "ramsch_points")
        if None not in deal["ramsch_points"] and not any(self.took(table, state, deal)):  # None: refused already
            errors.append(RuleError(T("Somebody took the tricks: tick who took at least one."), "took_trick"))
        return errors

    @staticmethod
    def _matador_errors(deal: Mapping[str, Any]) -> list[RuleError]:
        """Jacks only in a suit or grand game, the run into the trump suit only in a suit game and only
        with all four jacks or none (the page asks them only then, so a value sent elsewhere is refused)."""
        game, errors = deal["game"], []
        if deal["run"] and game not in SUITS:
            errors.append(RuleError(T("Only a suit game continues the run into its trumps: leave it at 0."), "run"))
        elif deal["run"] and len(deal["jacks"]) not in (0, 4):
            errors.append(RuleError(T("The run continues into the suit only with all four jacks or none."), "run"))
        return errors

    @staticmethod
    def _trump_errors(deal: Mapping[str, Any]) -> list[RuleError]:
        points, tricks = deal["points"], deal["tricks"]
        where = "opponents_points" if deal["counted"] == "opponents" else "points"
        errors = []
        if deal["ouvert"] and not deal["hand"]:
            errors.append(RuleError(T("An ouvert suit or grand game is played from the hand: tick Hand."), "hand"))
        elif deal["announced"] != "none" and not deal["hand"]:
            errors.append(RuleError(T("Schneider and schwarz are announced only in a hand game: tick Hand."),
                                    "announced"))
        if points is None:  # refused already at its box: the other fields are still checked
            return errors
        if points not in SKAT_POSSIBLE:  # no pile holds 1 card point, so none holds 119 either
            errors.append(no_pile_holds(points, where))
        elif tricks == "all" and points != SKAT_TOTAL:
            errors.append(RuleError(T("A declarer who took every trick has all %(total)d card points.",
                                      total=SKAT_TOTAL), where))
        if tricks == "none":
            errors += Skat._skat_only_errors(points, where)
        return errors

    @staticmethod
    def _skat_only_errors(points: int, where: str) -> list[RuleError]:
        """A declarer without a trick has only the skat's two cards (``SKAT_ONLY``)."""
        if points > SKAT_MOST:
            return [RuleError(T("With no trick the declarer has only the skat: at most %(most)d card points.",
                                most=SKAT_MOST), where)]
        if points not in SKAT_ONLY and points in SKAT_POSSIBLE:  # 1: no pile holds it, said above
            return [RuleError(T("With no trick the declarer has only the skat, and no two cards hold exactly "
                                "%(points)d card points.", points=points), where)]
        return []

    def took(self, table: Table, state: State, deal: Mapping[str, Any]) -> list[bool]:
        """Who took a trick in a Ramsch: the players with card points and those ticked."""
        return [seat in self.active_seats(table, state) and (bool(points) or ticked)
                for seat, (points, ticked) in enumerate(zip(deal["ramsch_points"], deal["took_trick"]))]

    # -- scoring ---------------------------------------------------------------
    def columns(self, table: Table, state: State, deal: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        """The deal in both columns: (plain list, Seeger-Fabian), a score per seat."""
        size, game = table.size, deal["game"]
        if game == PASSED:
            ramsch = self.ramsch(table, state, deal)[0] if table.options.get("passed_deal") == "ramsch" else None
            return (ramsch or (0,) * size,) * 2
        declarer, scored = deal["declarer"], valuation(deal, table.options)
        plain = tuple(scored.score if seat == declarer else 0 for seat in range(size))
        others = 0 if scored.won else 40 if size == 3 else 30
        seeger = tuple(scored.score + (50 if scored.won else -50) if seat == declarer else others
                       for seat in range(size))
        return plain, seeger

    def ramsch(self, table: Table, state: State, deal: Mapping[str, Any]) -> tuple[tuple[int, ...], Text]:
        """A passed-in deal played as a Ramsch: the points per seat and the line that says why."""
        took = self.took(table, state, deal)
        points = [p or 0 for p in deal["ramsch_points"]]  # the dealer sitting out has none
        if sum(took) == 1:
            seat = took.index(True)
            return (tuple(120 if s == seat else 0 for s in range(table.size)),
                    T("%(player)s took every trick: +120.", player=table.name(seat)))
        most = max(points)
        losers = joined(T(", "), [table.name(seat) for seat, p in enumerate(points) if p == most])
        trickless = [table.name(seat) for seat in self.active_seats(table, state) if not took[seat]]
        line = (T("Most card points %(points)d (%(players)s), doubled as %(nobody)s took no trick: %(score)d.",
                  points=most, players=losers, nobody=joined(T(", "), trickless), score=-most * 2) if trickless else
                T("Most card points %(points)d (%(players)s): %(score)d.", points=most, players=losers, score=-most))
        return tuple(-most * (2 if trickless else 1) if p == most else 0 for p in points), line

    def score_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> DealResult:
        plain, seeger = self.columns(table, state, deal)
        points = seeger if table.options.get("ranking") == "seeger_fabian" else plain
        if deal["game"] == PASSED:
            if table.options.get("passed_deal") != "ramsch":
                return DealResult(points, (T("All passed: no score."),), T("All passed"))
            line = self.ramsch(table, state, deal)[1]
            return DealResult(points, (line,), T("Ramsch: %(line)s", line=line))
        declarer, game = deal["declarer"], game_name(deal)
        scored = valuation(deal, table.options)
        outcome = Text(N_("won")) if scored.won else Text(N_("lost"))
        lines = (T("%(player)s plays %(game)s after a bid of %(bid)d.", player=table.name(declarer), game=game,
                   bid=deal["bid"]), *scored.lines,
                 T("Seeger-Fabian: %(player)s %(points)+d.", player=table.name(declarer), points=seeger[declarer]))
        if not scored.won:
            lines += (T("Seeger-Fabian: %(points)+d to each other player.", points=seeger[declarer - 1]),)
        summary = T("%(player)s %(game)s %(outcome)s %(score)+d", player=table.name(declarer), game=game,
                    outcome=outcome, score=scored.score)
        return DealResult(points, lines, summary)

    # -- statistics --------------------------------------------------------------
    figures = (
        Figure("declared", N_("Games as declarer")), Figure("won", N_("Games won as declarer")),
        Figure("lost", N_("Games lost as declarer")),
        Figure("game_values", N_("Game values, summed over the games as declarer")),
        Figure("grand", N_("Grand games")), Figure("null", N_("Null games")), Figure("hand", N_("Hand games")),
        Figure("ouvert", N_("Ouvert games")), Figure("schneider", N_("Games won schneider")),
        Figure("schwarz", N_("Games won schwarz")), Figure("overbid", N_("Games lost overbid")),
        Figure("kontra", N_("Games with Kontra")), Figure("re", N_("Games with Re (recontra)")),
    )

    def deal_figures(self, table: Table, deal: Mapping[str, Any], result: DealResult) -> Mapping[str, Sequence[int]]:
        """The declarer's game, valued as `valuation` values it; schneider and schwarz of a won suit or
        grand game (90 or more card points, every trick)."""
        game = deal["game"]
        if game == PASSED:
            return {}
        scored, trumps = valuation(deal, table.options), game in TRUMP_GAMES
        contra = deal.get("contra") or "none"
        counts = {"declared": 1, "won": scored.won, "lost": not scored.won, "game_values": scored.value,
                  "grand": game == "grand", "null": game == "null", "hand": deal["hand"], "ouvert": deal["ouvert"],
                  "schneider": scored.won and trumps and deal["points"] >= 90,
                  "schwarz": scored.won and trumps and deal["tricks"] == "all", "overbid": scored.overbid,
                  "kontra": contra != "none", "re": contra == "recontra"}
        return {name: [int(count) if seat == deal["declarer"] else 0 for seat in range(table.size)]
                for name, count in counts.items()}

    # -- the session -------------------------------------------------------------
    def start(self, table: Table) -> State:
        base = super().start(table)
        return SkatState(**dataclasses.asdict(base), plain=base.totals, seeger_fabian=base.totals)

    def after_deal(self, table: Table, state: State, deal: Mapping[str, Any], result: DealResult) -> State:
        plain, seeger = self.columns(table, state, deal)
        skat = narrow(state, SkatState)
        return dataclasses.replace(narrow(super().after_deal(table, state, deal, result), SkatState),
                                   plain=tuple(t + p for t, p in zip(skat.plain, plain)),
                                   seeger_fabian=tuple(t + p for t, p in zip(skat.seeger_fabian, seeger)))

    def series(self, table: Table) -> int | None:
        series = table.options.get("series", "by_players")
        return None if series == "open" else SERIES[table.size] if series == "by_players" else table.options["games"]

    def deals_left(self, table: Table, state: State) -> int | None:
        games = self.series(table)
        return None if games is None else max(0, games - state.deals_played)

    def ends_by_hand(self, table: Table) -> bool:
        return self.series(table) is None

    def winner_rule(self, table: Table) -> Text:
        column = (Text(N_("Seeger-Fabian")) if table.options.get("ranking") == "seeger_fabian"
                  else Text(N_("plain list")))
        games = self.series(table)
        if games is None:
            return T("When the table ends the list, the highest %(column)s total wins; equal totals share the "
                     "place.", column=column)
        return P("After %(n)d game the highest %(column)s total wins; equal totals share the place.",
                 "After %(n)d games the highest %(column)s total wins; equal totals share the place.", games,
                 column=column)

    def seat_notes(self, table: Table, state: State) -> tuple[Text | None, ...]:
        """The other column under each name."""
        skat = narrow(state, SkatState)
        if table.options.get("ranking") == "seeger_fabian":
            return tuple(T("list %(points)d", points=p) for p in skat.plain)
        return tuple(T("Seeger-Fabian %(points)d", points=p) for p in skat.seeger_fabian)

    def other_totals(self, table: Table, state: State) -> tuple[tuple[Text, tuple[int, ...]], ...]:
        """The column that does not rank (both are kept: the rules note's "The tally")."""
        skat = narrow(state, SkatState)
        if table.options.get("ranking") == "seeger_fabian":
            return ((Text(N_("plain list")), skat.plain),)
        return ((Text(N_("Seeger-Fabian")), skat.seeger_fabian),)

    def notes(self, table: Table, state: State) -> tuple[Text, ...]:
        dealer, forehand = state.dealer, (state.dealer + 1) % table.size
        if table.size == 4:
            return (T("%(dealer)s deals and sits out; %(forehand)s is forehand.", dealer=table.name(dealer),
                      forehand=table.name(forehand)),)
        return (T("%(dealer)s deals; %(forehand)s is forehand.", dealer=table.name(dealer),
                  forehand=table.name(forehand)),)


GAME = Skat()

"""Schieberamsch (3 players, 32 cards) with Grand Hand.

Rules: ``shared/rules/schieberamsch.md`` (seed 004, first section). Lower totals
are better. Each deal is either a **Ramsch** (everybody passed the Grand Hand
offer) or a **Grand Hand** (one soloist against two).

Decisions and named options (defaults follow the seed):

- ``deals`` (default 12): the session lasts an agreed number of deals; a Grand
  Hand counts as a deal even though the dealer does not change after it.
- Forehand, the player left of the dealer, leads the first trick, in a Ramsch and
  in a Grand Hand alike, as in Skat (the notes say who declares first, not who
  leads); the board names them.
- ``rounding``: after the multiplier the figure is divided by ten and the
  fraction dropped; ``toward_zero`` (default, seed: -9.6 -> -9) or ``floor``
  (-9.6 -> -10).
- ``three_way_tie``: 40/40/40 in a Ramsch where all took tricks; ``nobody``
  scores (default, the seed's own reading) or ``all`` three score 40.
- ``schneider_both_ways`` (off): also schneider when the soloist takes 30 or fewer.
- ``schwarz_both_ways`` (off): also schwarz when the soloist takes no trick.
  Such a soloist has at most 30 points, so the deal is schneider too (rules note
  "Decided 2026-11-26 (order and combinations)"), whatever ``schneider_both_ways``
  says: ``schwarz_with_schneider`` (on), frozen off in sessions started before.
- ``lost_doubled`` (off): a lost Grand Hand counts double, as in club Skat.
- The order (decided 2026-11-26): 24 x (matadors + 2 + schneider + schwarz), x2 for a
  lost game under ``lost_doubled``, x2 / x4 for contra / recontra, /10 with ``rounding``.
- ``contra_in_ramsch`` (off): contra/recontra may double a Ramsch too.
- The skat belongs to whoever takes the last trick in Ramsch and to the soloist
  in Grand Hand; players type their points with the skat included, so the
  owner does not change the arithmetic (research notes O14).
- ``count_from`` "points" (default) | "cards": the default of each deal's choice
  between typing card points and tapping every player's captured cards. With
  cards, one player (``rest``, default the last seat) gets every card nobody else
  was given, skat included; points, "took a trick", the soloist's points and
  schwarz are derived from the piles (``captured.py``), and the payload keeps the
  tapped cards, so a replay counts them again. Tapping only the counting cards
  (no 7, 8 or 9 anywhere) skips the whole-trick check (``captured.py``); a player
  without a counting card then may have taken a trick of 7, 8 and 9 only, which no
  tapped card shows, so the form asks it (``blank_trick``) for each such player,
  the rest player too when the rest holds no counting card (the cards worth
  nothing nobody was given may be nobody's): ticked, that player took a trick (a
  Ramsch's "took a trick"; in a Grand Hand a defender's tick means the soloist did
  not take every trick). With every card tapped the piles say it and the tick is
  not read. A soloist's pile of two cards is still the skat alone (``no_tricks``,
  asked only under ``schwarz_both_ways``).
- In a Ramsch where exactly two players took tricks and they tie, both score
  twice their points (the notes' "two tied for most: both score").
- Entry asks only what matters (issue 9 audit):
  "Took a trick" is asked only for a player with 0 card points: a player with
  points took a trick ("3人中2人が1トリック以上取った場合", when two of the three
  took one trick or more, needs only the players without points asked).
  "Soloist took no trick" is asked only under ``schwarz_both_ways``: the seed's
  schwarz is "全トリック取った場合" (taking every trick) alone. Older deals and
  API v1 clients that send either are accepted when it agrees with the other
  values (took a trick: a player with points did; no trick: not with every trick
  or more than the skat's 22 points, and as the tapped piles say) and refused
  naming it when not (issue 22); the value is not kept.
  Contra is a choice ("「コントラ」宣言をすることができます", the others *may*
  declare contra), so an entry without it (API) means none.
"""
from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from typing import Any

from . import captured
from .base import DealResult, Figure, Game, State, Table
from .cards import SKAT_DECK, SKAT_JACKS, SKAT_POSSIBLE, SKAT_TOTAL, label, no_pile_holds, unheld
from .entry import BOOL, CHOICE, INT, MULTI, SEAT, FieldSpec, Legacy, OptionSpec
from .text import N_, P, RuleError, T, Text

RAMSCH, GRAND_HAND = "ramsch", "grand_hand"
CONTRA_FACTOR = {"none": 1, "contra": 2, "recontra": 4}
CONTRA_NAMES = (N_("contra"), N_("recontra"))  # shown in breakdowns as Text(deal["contra"])
#: typed values that tapped captured cards replace (derived in `complete`)
CARD_DERIVED = ("points", "took_trick", "soloist_points", "all_tricks", "no_tricks")
#: asked for an empty pile while only counting cards are tapped (see the module's ``count_from``)
BLANK_TRICK = FieldSpec("blank_trick", N_("Took a trick of 7, 8 and 9 only"), BOOL, per_seat=True,
                        required=False, show_if=("count", (captured.CARDS,)), if_pile_blank="cards")
CONTRA_CHOICES = (("none", N_("none")), ("contra", N_("contra (x2)")), ("recontra", N_("recontra (x4)")))


def matadors(jacks: set[str] | list[str]) -> tuple[str, int]:
    """("with" | "against", n) for the soloist's jacks, skat included.

    >>> matadors({"JC", "JS", "JD"})
    ('with', 2)
    >>> matadors({"JH"})
    ('against', 2)
    """
    held = set(jacks)
    with_top = "JC" in held
    count = 0
    for jack in SKAT_JACKS:
        if (jack in held) != with_top:
            break
        count += 1
    return ("with" if with_top else "against"), count


def forehand_leads(state: State, table: Table) -> State:
    """Forehand, the dealer's left, leads the first trick (the board's "Ben leads")."""
    return dataclasses.replace(state, leader=(state.dealer + 1) % table.size)


def tenths(value: int, rounding: str) -> int:
    """Divide by ten, dropping the fraction toward zero (-96 -> -9) or down (-96 -> -10), as option
    ``rounding`` says."""
    if rounding == "toward_zero" and value < 0:
        return -(-value // 10)
    return value // 10


class Schieberamsch(Game):
    slug = "schieberamsch"
    name = N_("Schieberamsch")
    players = (3,)
    lower_is_better = True

    options = (
        OptionSpec("deals", N_("Number of deals"), INT, 12, minimum=1, maximum=99,
                   help=N_("Agreed at the start. A multiple of three lets everyone deal equally often, unless a "
                           "Grand Hand is played: its dealer deals again.")),
        OptionSpec("rounding", N_("Dividing by ten"), CHOICE, "toward_zero",
                   choices=(("toward_zero", N_("drop the fraction (-9.6 -> -9)")),
                            ("floor", N_("round down (-9.6 -> -10)")))),
        OptionSpec("three_way_tie", N_("Ramsch 40/40/40"), CHOICE, "nobody",
                   choices=(("nobody", N_("nobody scores")), ("all", N_("all three score 40")))),
        OptionSpec("schneider_both_ways", N_("Schneider also when the soloist takes 30 or fewer"), BOOL, False),
        OptionSpec("schwarz_both_ways", N_("Schwarz also when the soloist takes no trick"), BOOL, False),
        OptionSpec("schwarz_with_schneider", N_("A soloist with no trick is also schneider"), BOOL, True,
                   help=N_("Such a soloist has at most 30 card points."), show_if=("schwarz_both_ways", (True,))),
        OptionSpec("lost_doubled", N_("A lost Grand Hand counts double"), BOOL, False),
        OptionSpec("contra_in_ramsch", N_("Contra and recontra in Ramsch"), BOOL, False),
        captured.count_option(N_("Typed: the points each player counted. Tapped: each player's captured cards are "
                                 "counted for you; the last player's pile (skat included) is what nobody else was "
                                 "given. Each deal can switch.")),
    )

    def deal_fields(self, table: Table, state: State) -> tuple[FieldSpec, ...]:
        """The same for every deal of a session: built once per table size and the options they
        depend on (a replay asks for them once per stored deal)."""
        options = table.options
        return self._fields(table.size, bool(options.get("schwarz_both_ways")),
                            bool(options.get("contra_in_ramsch")), options.get("count_from", captured.POINTS))

    @functools.lru_cache(maxsize=64)  # noqa: B019 (the game objects live as long as the process)
    def _fields(self, size: int, schwarz_both_ways: bool, contra_in_ramsch: bool,
                count_from: str) -> tuple[FieldSpec, ...]:
        ramsch = ("type", (RAMSCH,))
        grand = ("type", (GRAND_HAND,))
        fields = [
            FieldSpec("type", N_("Deal"), CHOICE, default=RAMSCH,
                      choices=((RAMSCH, N_("Ramsch")), (GRAND_HAND, N_("Grand Hand")))),
            FieldSpec("pushed", N_("Players who kept their hand (pushed the skat on)"), INT,
                      minimum=0, maximum=3, default=0, show_if=ramsch),
            FieldSpec("points", N_("Card points (skat with the last trick)"), INT, per_seat=True,
                      minimum=0, maximum=SKAT_TOTAL, total=SKAT_TOTAL, show_if=ramsch),
            FieldSpec("took_trick", N_("Took a trick (with 0 card points)"), BOOL, per_seat=True,
                      show_if=("points", (0,))),
            FieldSpec("soloist", N_("Soloist"), SEAT, show_if=grand),
            FieldSpec("soloist_points", N_("Soloist's card points (skat included)"), INT,
                      minimum=0, maximum=SKAT_TOTAL, show_if=grand),
            FieldSpec("jacks", N_("Soloist's jacks (skat included)"), MULTI, required=False,
                      choices=tuple((jack, label(jack)) for jack in SKAT_JACKS), show_if=grand),
            FieldSpec("all_tricks", N_("Soloist took every trick"), BOOL, show_if=grand),
        ]
        if schwarz_both_ways:
            fields.append(FieldSpec("no_tricks", N_("Soloist took no trick"), BOOL, show_if=grand))
        fields.append(FieldSpec("contra", N_("Contra"), CHOICE, default="none", choices=CONTRA_CHOICES,
                                required=False, show_if=None if contra_in_ramsch else grand))
        # captured cards: the other way to enter card points, asked instead of the typed points
        piles = captured.pile_fields(SKAT_DECK, "skat", size - 1, None, N_("Captured cards (skat with its taker)"))
        count = captured.count_field(count_from)
        return captured.with_cards(tuple(fields), CARD_DERIVED, "contra", (*piles, BLANK_TRICK), count, "type")

    def complete(self, table: Table, state: State, deal: dict[str, Any]) -> None:
        """Who took a trick in a Ramsch (stored so: a player with card points took one); counting by
        cards, each pile's points, the soloist's points and schwarz too."""
        if deal.get("count") != captured.CARDS:
            if deal["type"] == RAMSCH:
                deal["took_trick"] = self.took(deal)
            return
        captured.check_given_once(table.names, deal["cards"])
        piles = captured.piles(deal["cards"], deal["rest"], SKAT_DECK)
        soloist = deal["soloist"] if deal["type"] == GRAND_HAND else None
        for seat, pile in enumerate(() if captured.counting_only(deal["cards"], "skat") else piles):
            self._check_pile_size(table, seat, len(pile), soloist)
        if soloist is not None:
            self._check_jacks(table, deal.get("jacks") or (), piles, soloist)
        points = [captured.pile_points(pile, "skat") for pile in piles]
        took = self._took_by_cards(deal, piles)
        if soloist is None:
            deal["points"], deal["took_trick"] = points, took
        else:
            deal["soloist_points"] = points[soloist]
            deal["all_tricks"] = not any(took[seat] for seat in range(table.size) if seat != soloist)
            deal["no_tricks"] = len(piles[soloist]) == 2

    @staticmethod
    def _took_by_cards(deal: Mapping[str, Any], piles: Sequence[Sequence[str]]) -> list[bool]:
        """Who took a trick, by the piles: with every card tapped, a player with cards. With only the
        counting cards tapped, a player with a counting card, and one ticked as having taken a trick of
        7, 8 and 9 only (the rest player's pile holds the cards worth nothing, which may be nobody's)."""
        if not captured.counting_only(deal["cards"], "skat"):
            return [bool(pile) for pile in piles]
        blank = deal.get("blank_trick") or [False] * len(piles)
        return [bool(captured.pile_points(pile, "skat")) or bool(ticked) for pile, ticked in zip(piles, blank)]

    def _check_pile_size(self, table: Table, seat: int, n: int, soloist: int | None) -> None:
        """A pile is whole tricks of three cards, plus the two skat cards for whoever has the skat: the
        taker of the last trick in a Ramsch, the soloist in a Grand Hand."""
        player = table.name(seat)
        if soloist is None and (n % 3 == 1 or n == 2):
            raise RuleError(T("%(player)s has %(n)d cards, which cannot be: a pile is whole tricks of three "
                              "cards (0, 3, ... 30), and whoever took the last trick also has the two skat "
                              "cards (5, 8, ... 32).", player=player, n=n), f"cards-{seat}")
        if seat == soloist and n % 3 != 2:
            raise RuleError(T("%(player)s, the soloist, has %(n)d cards, which cannot be: whole tricks of "
                              "three cards plus the two skat cards (2, 5, ... 32).", player=player, n=n),
                            f"cards-{seat}")
        if soloist is not None and seat != soloist and n % 3:
            raise RuleError(T("%(player)s has %(n)d cards, which cannot be: a defender's pile is whole "
                              "tricks of three cards (0, 3, ... 30).", player=player, n=n), f"cards-{seat}")

    @staticmethod
    def _check_jacks(table: Table, jacks: Sequence[str], piles: Sequence[Sequence[str]], soloist: int) -> None:
        """In a Grand Hand the jacks are the only trumps: a jack no higher jack of the other side
        could beat stays with its side. The soloist's (the skat is theirs) is in the soloist's pile;
        a defender's, in a defender's pile."""
        held = set(jacks)
        for rank, jack in enumerate(SKAT_JACKS):
            seat = next((seat for seat, pile in enumerate(piles) if jack in pile), None)
            ours = jack in held
            if seat is None or (seat == soloist) == ours \
                    or any((higher in held) != ours for higher in SKAT_JACKS[:rank]):
                continue
            if ours:
                raise RuleError(T("%(card)s was the soloist's and no higher jack was against it: it cannot be "
                                  "in %(player)s's cards.", card=label(jack), player=table.name(seat)),
                                f"cards-{seat}")
            raise RuleError(T("%(card)s was a defender's (it is not ticked among the soloist's jacks) and no "
                              "higher jack of the soloist's could take it: it cannot be in %(player)s's cards.",
                              card=label(jack), player=table.name(seat)), f"cards-{seat}")

    def _card_lines(self, table: Table, deal: Mapping[str, Any]) -> tuple[Text, ...]:
        if deal.get("count") != captured.CARDS:
            return ()
        piles = captured.piles(deal["cards"], deal["rest"], SKAT_DECK)
        return tuple(captured.pile_line(table.name(seat), pile, "skat", None, seat == deal["rest"])
                     for seat, pile in enumerate(piles) if pile)

    def legacy(self, table: Table, state: State) -> tuple[Legacy, ...]:
        """``took_trick`` for a player with card points (they took a trick) and, without schwarz_both_ways,
        ``no_tricks`` (asked before): both must agree with the other values."""
        return self._legacy[:1] if table.options.get("schwarz_both_ways") else self._legacy

    @functools.cached_property
    def _legacy(self) -> tuple[Legacy, Legacy]:
        """Made once, not for every deal a replay parses."""
        took = Legacy("took_trick", lambda deal: None if deal["type"] == GRAND_HAND else self.took(deal))
        no_tricks = FieldSpec("no_tricks", N_("Soloist took no trick"), BOOL, show_if=("type", (GRAND_HAND,)))
        return took, Legacy("no_tricks", self.no_tricks, no_tricks)

    @staticmethod
    def no_tricks(deal: Mapping[str, Any]) -> bool | None:
        """Whether the soloist took no trick, where the other values say: by the piles, or not with every
        trick or more than the skat's 22 card points (None: they do not say)."""
        if deal.get("count") == captured.CARDS:
            return deal["no_tricks"]
        return False if deal["all_tricks"] or deal["soloist_points"] > 22 else None

    @staticmethod
    def took(deal: Mapping[str, Any]) -> list[bool]:
        """Who took a trick in a Ramsch: everyone with card points, and those ticked among the rest."""
        return [bool(points) or ticked for points, ticked in zip(deal["points"], deal["took_trick"])]

    # -- rules ---------------------------------------------------------------
    def check_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        if deal["type"] == GRAND_HAND:
            self._check_grand(deal)
            return
        RuleError.every(unheld(deal["points"], SKAT_POSSIBLE))
        if None not in deal["points"] and not any(self.took(deal)):  # (None: a box refused, said already)
            raise RuleError(T("Somebody took the tricks: tick who took at least one."), "took_trick")

    def _check_grand(self, deal: Mapping[str, Any]) -> None:
        points = deal["soloist_points"]
        if points not in SKAT_POSSIBLE:  # no pile holds 1 card point, so none holds 119 either
            raise no_pile_holds(points, "soloist_points")
        no_tricks = deal.get("no_tricks", False)
        if deal["all_tricks"] and no_tricks:
            raise RuleError(T("The soloist cannot take every trick and no trick."), "no_tricks")
        if deal["all_tricks"] and points != SKAT_TOTAL:
            raise RuleError(
                T("A soloist who took every trick has all %(total)d card points, not %(points)d.",
                  total=SKAT_TOTAL, points=points),
                "soloist_points",
            )
        skat_most = 11 + 11  # the skat is the soloist's: at most two aces without a trick
        if no_tricks and points > skat_most:
            raise RuleError(
                T("With no trick the soloist has only the skat: at most %(most)d card points.", most=skat_most),
                "soloist_points",
            )

    # -- scoring -------------------------------------------------------------
    figures = (
        Figure("grand_hands", N_("Grand Hands played")), Figure("grand_hands_won", N_("Grand Hands won")),
        Figure("matadors", N_("Matadors in Grand Hands")), Figure("schneider", N_("Grand Hands won schneider")),
        Figure("schwarz", N_("Grand Hands won schwarz")), Figure("ramsch_lost", N_("Ramsch lost")),
        Figure("durchmarsch", N_("Durchmarsch")),
    )

    def deal_figures(self, table: Table, deal: Mapping[str, Any], result: DealResult) -> Mapping[str, Sequence[int]]:
        """A Grand Hand counts for its soloist (won: a score below 0); a Ramsch for whoever scored
        it (a Durchmarsch scores below 0)."""
        seats = range(table.size)
        if deal["type"] == RAMSCH:
            return {"ramsch_lost": [int(points > 0) for points in result.points],
                    "durchmarsch": [int(points < 0) for points in result.points]}
        soloist, won = deal["soloist"], result.points[deal["soloist"]] < 0
        is_soloist = [int(seat == soloist) for seat in seats]
        return {"grand_hands": is_soloist, "grand_hands_won": [count * won for count in is_soloist],
                "matadors": [count * matadors(deal["jacks"])[1] for count in is_soloist],
                "schneider": [count * won * (deal["soloist_points"] >= 90) for count in is_soloist],
                "schwarz": [count * won * bool(deal["all_tricks"]) for count in is_soloist]}

    def score_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> DealResult:
        result = self._score_ramsch(table, deal) if deal["type"] == RAMSCH else self._score_grand(table, deal)
        lines = self._card_lines(table, deal)
        return dataclasses.replace(result, breakdown=lines + result.breakdown) if lines else result

    def _score_ramsch(self, table: Table, deal: Mapping[str, Any]) -> DealResult:
        opts = table.options
        points, took = deal["points"], self.took(deal)
        takers = [seat for seat in range(table.size) if took[seat]]
        pushed = deal["pushed"]
        multiplier = 2 ** pushed
        contra = CONTRA_FACTOR[deal["contra"]]
        lines = [T("Ramsch: %(n)d kept their hand, x%(m)d.", n=pushed, m=multiplier)]
        scorers, base = self._ramsch_scorers(table, points, takers, lines)
        raw = base * multiplier * contra
        score = tenths(raw, opts.get("rounding", "toward_zero"))
        if scorers:
            lines.append(self._ramsch_arithmetic(deal, base, multiplier, contra, raw, score))
        result = tuple(score if seat in scorers else 0 for seat in range(table.size))
        names = table.names_of(scorers)
        summary = (T("Ramsch x%(m)d: %(names)s %(score)+d", m=multiplier * contra, names=names, score=score)
                   if scorers else T("Ramsch: no score"))
        return DealResult(result, tuple(lines), summary)

    def _ramsch_scorers(self, table: Table, points: list[int], takers: list[int],
                        lines: list[Text]) -> tuple[list[int], int]:
        """Who scores a Ramsch, and the figure before the multiplier: the one who took every trick -120
        (Durchmarsch); else the most card points, twice them when only two took tricks; a 40/40/40
        scores nobody unless option three_way_tie says all."""
        if len(takers) == 1:
            (seat,) = takers
            lines.append(T("Durchmarsch: %(player)s took every trick, -120.", player=table.name(seat)))
            return [seat], -SKAT_TOTAL
        best = max(points[seat] for seat in takers)
        scorers = [seat for seat in takers if points[seat] == best]
        factor = 2 if len(takers) == 2 else 1
        base = factor * best
        if len(scorers) == 3 and table.options.get("three_way_tie", "nobody") == "nobody":
            lines.append(T("All three tied at 40: nobody scores."))
            return [], base
        if factor == 2 and len(scorers) == 2:  # rules note: two players tied for most points both score
            lines.append(T("Only two took tricks, tied: both score 2 x %(points)d = %(base)d.", points=best, base=base))
        elif factor == 2:
            lines.append(T("Only two took tricks: the higher scores 2 x %(points)d = %(base)d.",
                           points=best, base=base))
        elif len(scorers) == 2:  # rules note: two players tied for most points both score
            lines.append(T("Most card points: %(points)d, tied by %(names)s: both score.", points=best,
                           names=table.names_of(scorers)))
        else:
            lines.append(T("Most card points: %(points)d (%(names)s).", points=best, names=table.names_of(scorers)))
        return scorers, base

    @staticmethod
    def _ramsch_arithmetic(deal: Mapping[str, Any], base: int, multiplier: int, contra: int, raw: int,
                           score: int) -> Text:
        """How a Ramsch score came about: the figure times the multiplier (and contra), divided by ten."""
        if contra > 1:
            return T("%(base)d x %(m)d x %(c)d (%(contra)s) = %(raw)d, /10 = %(score)d.",
                     base=base, m=multiplier, c=contra, contra=Text(deal["contra"]), raw=raw, score=score)
        return T("%(base)d x %(m)d = %(raw)d, /10 = %(score)d.", base=base, m=multiplier * contra,
                 raw=raw, score=score)

    def _score_grand(self, table: Table, deal: Mapping[str, Any]) -> DealResult:
        soloist = deal["soloist"]
        won, value, lines = self._grand_value(table, deal)
        value = self._grand_doubled(table, deal, won, value, lines)
        score = tenths(value if not won else -value, table.options.get("rounding", "toward_zero"))
        lines.append(T("/10 = %(score)+d for %(player)s (%(rule)s).", score=score, player=table.name(soloist),
                       rule=Text(N_("won: minus is good")) if won else Text(N_("lost: plus"))))
        result = tuple(score if seat == soloist else 0 for seat in range(table.size))
        summary = T("Grand Hand %(player)s %(outcome)s %(score)+d", player=table.name(soloist),
                    outcome=Text(N_("won")) if won else Text(N_("lost")), score=score)
        return DealResult(result, tuple(lines), summary)

    def _grand_value(self, table: Table, deal: Mapping[str, Any]) -> tuple[bool, int, list[Text]]:
        """Whether the soloist won (61 or more), and the game value: 24 x (matadors + game and hand 2
        + schneider + schwarz), with the lines that show it."""
        opts = table.options
        soloist, points = deal["soloist"], deal["soloist_points"]
        direction, n = matadors(deal["jacks"])
        won = points >= 61
        no_trick = opts.get("schwarz_both_ways") and deal.get("no_tricks")
        schneider = (points >= 90 or (opts.get("schneider_both_ways") and points <= 30)
                     or (no_trick and opts.get("schwarz_with_schneider")))  # absent: frozen before 2026-11-26
        schwarz = deal["all_tricks"] or no_trick
        level = n + 2 + int(bool(schneider)) + int(bool(schwarz))
        value = 24 * level
        lines = [
            T("%(player)s plays Grand Hand with %(points)d card points: %(outcome)s.",
              player=table.name(soloist), points=points,
              outcome=Text(N_("won")) if won else Text(N_("lost"))),
            T("24 x (%(direction)s %(n)d + game and hand 2%(schneider)s%(schwarz)s) = 24 x %(level)d = %(value)d.",
              direction=Text(N_("with") if direction == "with" else N_("against")), n=n,
              schneider=Text(N_(" + schneider 1")) if schneider else "",
              schwarz=Text(N_(" + schwarz 1")) if schwarz else "", level=level, value=value),
        ]
        return won, value, lines

    def _grand_doubled(self, table: Table, deal: Mapping[str, Any], won: bool, value: int,
                       lines: list[Text]) -> int:
        """A lost game counts double under option lost_doubled, then contra x2 and recontra x4."""
        if not won and table.options.get("lost_doubled"):
            value *= 2
            lines.append(T("Lost game counts double: %(value)d.", value=value))
        factor = CONTRA_FACTOR[deal["contra"]]
        if factor > 1:
            value *= factor
            lines.append(T("%(contra)s x%(factor)d = %(value)d.", contra=Text(deal["contra"]), factor=factor,
                           value=value))
        return value

    # -- the session ---------------------------------------------------------
    def start(self, table: Table) -> State:
        return forehand_leads(super().start(table), table)

    def after_deal(self, table: Table, state: State, deal: Mapping[str, Any], result: DealResult) -> State:
        return forehand_leads(super().after_deal(table, state, deal, result), table)

    def next_dealer(self, table: Table, state: State, deal: Mapping[str, Any]) -> int:
        """Clockwise, but the same dealer deals again after a Grand Hand."""
        if deal["type"] == GRAND_HAND:
            return state.dealer
        return super().next_dealer(table, state, deal)

    def winner_rule(self, table: Table) -> Text:
        return P("The lowest total after %(n)d deal wins; equal totals share the win.",
                 "The lowest total after %(n)d deals wins; equal totals share the win.", table.options.get("deals", 12))


GAME = Schieberamsch()

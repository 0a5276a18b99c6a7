"""Schieber (4 players in two teams, 36 cards), kept on the chalk Tafel.

Rules: ``shared/rules/schieber.md``. Partners sit opposite: seats 0 & 2 (team A) against 1 & 3
(team B). Deal and play go counter-clockwise: forehand, the dealer's right (seat - 1), chooses the
trump kind or pushes ("schiebt") to the partner, and deals next.

Decisions and named options:

- Per deal the table enters the trump kind (four suits, Obenabe, Undenufe), whether forehand pushed
  (for the record: the choosing team is forehand's either way), one team's card points (the other
  side is filled to 157), and when they happen: which team took all nine tricks (match, +``match_bonus``
  100; taken by the team that did not choose: Kontermatsch, scored the same), the Weis total of the
  team holding the best Weis, Stöck (trump K and Q, 20, only with a suit trump). No card counts 1,
  so a team's card points of 1 (and 156, the other side's 1) are refused (``handjass_weis.TAKEN``).
- Deal score of a team = factor x (card points + match bonus + Weis + Stöck); ``factor_on_extras`` (on)
  off: only card points and match bonus are multiplied, Weis and Stöck count once.
- ``factors``: ``swisslos`` (default: hearts 1, diamonds 1, spades 2, clubs 2, Obenabe 3, Undenufe 3),
  ``none`` (all 1), ``pagat`` (Undenufe 4) or ``custom`` (``factor_H`` ... ``factor_undenufe``, 1-9).
  ``deck`` french (default) | german names the kinds (Rosen, Eicheln, Schilten, Schellen as Swisslos
  pairs them with hearts, diamonds, spades, clubs); the factor belongs to the kind.
- ``weis_and_stoeck`` (on); off ("ohne Stöck und Wys") asks neither. Weis are typed as the winning
  team's total: the table settles the best Weis at the first trick (ranking, ``weis_tie`` and
  ``four_low_cards`` of the note therefore change nothing the app computes and are not asked; nor is
  ``undenufe_values``, which only matters for tapped cards). A Weis total is 0, 20 or a multiple of 10
  from 40 up, at most 600 (two partners' 18 cards: a nine-card sequence each, ``MOST_TEAM_WEIS``),
  and one that two hands of nine can show (not 330, 590 ...: ``handjass_weis.TEAM_WEIS``);
  Weis for one team only; Stöck for one team only.
- ``end`` ``target`` (default, ``target`` 2500: "2500 with factors"; "1000 without factors" and "3000
  pagat" are the note's other presets, offered on the start form): the first team to reach the
  target wins, even with the lower final total.
  Both in one deal: the Ausmachregel Stöck - Weis - Stich (the team reaching it with its Stöck, then
  with Stöck and Weis); both only with card points: the app asks who thanked first (``thanked_first``,
  no default). ``deals`` (12): after that many deals the higher total wins, equal totals share it.
- ``berg`` (on): the first team to reach half the target is marked Berg; ``schneider`` (on): the
  losing team below half the target is marked Schneider at the end (Berg for both in one deal: as
  the target, Stöck - Weis - Stich; both only with card points, the team that scored more in it).
  Both are marks, not points.
  ``stroke_tally`` (Striche per game) is not offered: a session is one game.
- The board draws each team's total on its half of the Tafel (`tafel`), beside the plain numbers.
- Statistics (``figures``), per player: deals played, trump chosen (by the player: as forehand, or
  as the partner after a push) and pushed (as forehand); and, counted for both partners, the team's
  matches (all nine tricks with its own trump) and Kontermatsch (all nine against the other team's
  trump), its Weis points and Stöck as entered (without the factor) and its card points (157 with a
  match; ``card_points`` / ``deals_played`` is the average). Who chose is not stored with a deal: it
  follows from the first dealer, counter-clockwise, and the deal's ``pushed`` (`seat_figures`).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import DealResult, Figure, Game, State, Table, narrow
from .cards import unheld
from .entry import BOOL, CHOICE, INT, SEAT, FieldSpec, Legacy, OptionSpec, ticked
from .handjass_weis import MOST_TEAM_WEIS, TAKEN, check_team_weis, written_match
from .text import N_, P, RuleError, T, Text

CARD_POINTS, STOECK, TARGET = 157, 20, 2500
THANKED_FIRST = FieldSpec("thanked_first", N_("Thanked first (both teams reach the target by card points)"), SEAT,
                          required=False, on_demand=True,
                          help=N_("A team thanks (bedankt) as soon as it counts itself at the target: the first "
                                  "to thank wins."))
#: sent where it is not asked: only empty agrees (no deal then needs it)
NOT_THANKED = Legacy("thanked_first", lambda deal: "", THANKED_FIRST)
SUITS = ("H", "D", "S", "C")
KINDS = (*SUITS, "obenabe", "undenufe")
FRENCH = {"H": N_("♥ hearts"), "D": N_("♦ diamonds"), "S": N_("♠ spades"), "C": N_("♣ clubs")}
GERMAN = {"H": N_("Rosen"), "D": N_("Eicheln"), "S": N_("Schilten"), "C": N_("Schellen")}
NO_TRUMP = {"obenabe": N_("Obenabe"), "undenufe": N_("Undenufe")}
PRESETS = {"swisslos": (1, 1, 2, 2, 3, 3), "none": (1,) * 6, "pagat": (1, 1, 2, 2, 3, 4)}
FACTOR_LABELS = (N_("Factor: hearts / Rosen"), N_("Factor: diamonds / Eicheln"), N_("Factor: spades / Schilten"),
                 N_("Factor: clubs / Schellen"), N_("Factor: Obenabe"), N_("Factor: Undenufe"))


def tafel(total: int) -> tuple[int, int, int, int]:
    """A total as the Tafel draws it: strokes for 100 (top bar), 50 (diagonal), 20 (bottom bar), the rest.

    >>> tafel(1234), tafel(157), tafel(90)
    ((12, 0, 1, 14), (1, 1, 0, 7), (0, 1, 2, 0))
    """
    return total // 100, total % 100 // 50, total % 50 // 20, total % 50 % 20


def team_of(seat: int) -> int:
    return seat % 2


def chooser(dealer: int, pushed: bool) -> int:
    """Who chose trump: forehand (the dealer's right, seat - 1), or forehand's partner after a push.

    >>> chooser(0, False), chooser(0, True)
    (3, 1)
    """
    return (dealer - 1 - 2 * pushed) % 4


#: the Ausmachregel, step by step: a deal's parts (card points, Weis, Stöck) counted from this one on
STEPS = ((2, "stoeck"), (1, "weis"), (0, "card points"))


def reaching(target: float, before: Sequence[int], parts: Sequence[Sequence[int]], upto: int = 0) -> list[int]:
    """The teams whose total reaches `target` with this deal's parts from `upto` on (0: all of them)."""
    return [t for t in (0, 1) if before[t] + sum(parts[t][upto:]) >= target]


def first_to(target: float, before: Sequence[int], parts: Sequence[Sequence[int]]) -> int | str | None:
    """The team whose total reaches `target` in this deal first, the deal's parts written Stöck - Weis -
    Stich; "ask" when both get there only with card points; None when neither does.

    >>> first_to(1000, (990, 985), [(60, 0, 0), (10, 0, 20)])  # B: Stöck are written before card points
    1
    """
    reached: list[int] = []
    for upto, _ in STEPS:
        reached = reaching(target, before, parts, upto)
        if len(reached) == 1:
            return reached[0]
    return "ask" if reached else None


def decided_by(target: float, before: Sequence[int], parts: Sequence[Sequence[int]]) -> str | None:
    """What decided a deal in which both teams reach `target`: their "stoeck", their "weis", or who
    "thanked" first (both only with card points); None when at most one team reaches it."""
    if len(reaching(target, before, parts)) < 2:
        return None
    return next((counted for upto, counted in STEPS[:2] if len(reaching(target, before, parts, upto)) == 1),
                "thanked")


@dataclass(frozen=True)
class SchieberState(State):
    """The state plus the team that won (reached the target first) and the team that made Berg."""

    won_by: int | None = None
    berg: int | None = None
    decided: str | None = None  # decided_by's, when both teams reached the target in the last deal


class Schieber(Game):
    slug = "schieber"
    name = N_("Schieber")
    players = (4,)
    setup_help = N_("Partners sit opposite: players 1 & 3 against players 2 & 4. Play goes counter-clockwise.")
    board_template = "sessions/boards/schieber.html"
    tafel = staticmethod(tafel)  # for the board's picture
    presets = ((N_("2500 with factors"), {"target": 2500, "factors": "swisslos"}),
               (N_("1000 without factors"), {"target": 1000, "factors": "none"}),
               (N_("3000 pagat"), {"target": 3000, "factors": "pagat"}))

    options = (
        OptionSpec("factors", N_("Factors per trump"), CHOICE, "swisslos",
                   choices=(("swisslos", N_("Swisslos: hearts, diamonds x1; spades, clubs x2; Obenabe, Undenufe x3")),
                            ("none", N_("all x1")),
                            ("pagat", N_("pagat: as Swisslos, Undenufe x4")),
                            ("custom", N_("our own")))),
        *(OptionSpec(f"factor_{kind}", label, INT, factor, minimum=1, maximum=9, show_if=("factors", ("custom",)))
          for kind, label, factor in zip(KINDS, FACTOR_LABELS, PRESETS["swisslos"])),
        OptionSpec("deck", N_("Cards"), CHOICE, "french",
                   choices=(("french", N_("French suits")), ("german", N_("Swiss German suits"))), entry_only=True),
        OptionSpec("factor_on_extras", N_("The factor multiplies match bonus, Weis and Stöck too"), BOOL, True,
                   help=N_("Off: Weis and Stöck count once.")),
        OptionSpec("weis_and_stoeck", N_("Weis and Stöck count"), BOOL, True,
                   help=N_("Off: ohne Stöck und Wys, as in many tournaments.")),
        OptionSpec("match_bonus", N_("Match bonus (all nine tricks)"), INT, 100, minimum=0, maximum=500),
        OptionSpec("end", N_("The game ends"), CHOICE, "target",
                   choices=(("target", N_("when a team reaches the target")),
                            ("deals", N_("after a number of deals")))),
        OptionSpec("target", N_("Points to reach"), INT, TARGET, minimum=100, maximum=10000,
                   help=N_("2500 with factors; 1000 without."), show_if=("end", ("target",))),
        OptionSpec("deals", N_("Number of deals"), INT, 12, minimum=1, maximum=99, show_if=("end", ("deals",))),
        OptionSpec("berg", N_("Mark the first team to reach half the target (Berg)"), BOOL, True,
                   show_if=("end", ("target",))),
        OptionSpec("schneider", N_("Mark a losing team below half the target (Schneider)"), BOOL, True,
                   show_if=("end", ("target",))),
    )

    def teams(self, table: Table) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    def team_name(self, table: Table, team: int) -> str:
        return table.names_of((team, team + 2), " & ")

    def settled_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A preset's factors in ``factor_H`` ... (an API client read swisslos's 2 for clubs under
        ``factors: none``); ``custom`` keeps the ones entered."""
        preset = options.get("factors", "swisslos")
        if preset == "custom" or preset not in PRESETS:
            return options
        return {**options, **{f"factor_{kind}": factor for kind, factor in zip(KINDS, PRESETS[preset])}}

    def factor(self, table: Table, kind: str) -> int:
        preset = table.options.get("factors", "swisslos")
        if preset == "custom":
            return table.options[f"factor_{kind}"]
        return PRESETS[preset][KINDS.index(kind)]

    def kind_label(self, table: Table, kind: str) -> str:
        return NO_TRUMP.get(kind) or (GERMAN if table.options.get("deck") == "german" else FRENCH)[kind]

    def deal_fields(self, table: Table, state: State) -> tuple[FieldSpec, ...]:
        fields = [
            FieldSpec("trump", N_("Trump"), CHOICE, choices=tuple((k, self.kind_label(table, k)) for k in KINDS)),
            FieldSpec("pushed", N_("Pushed (geschoben): the partner chose trump"), BOOL),
            FieldSpec("points", N_("Card points"), INT, per_seat=True, seats=(0, 1), team_columns=True,
                      minimum=0, maximum=CARD_POINTS, total=CARD_POINTS,
                      help=N_("Type one team's points; the other side is filled to 157. A match: 257.")),
            FieldSpec("match", N_("Took all nine tricks (match)"), BOOL, per_seat=True, seats=(0, 1),
                      team_columns=True),
        ]
        if table.options.get("weis_and_stoeck", True):
            fields += [
                FieldSpec("weis", N_("Weis (the team with the best Weis)"), INT, per_seat=True, seats=(0, 1),
                          team_columns=True,
                          required=False, minimum=0, maximum=MOST_TEAM_WEIS, default=0),
                FieldSpec("stoeck", N_("Stöck (trump K and Q)"), BOOL, per_seat=True, seats=(0, 1), team_columns=True),
            ]
        if self._both_may_reach(table, state):
            fields.append(THANKED_FIRST)
        return tuple(fields)

    def _both_may_reach(self, table: Table, state: State) -> bool:
        """Whether both teams could reach the target in the next deal: only then may who thanked first
        decide, and be asked. The two teams together write at most the deal's card points, the most
        Weis (one team's) and Stöck (one team's), at the highest factor; not a match's bonus: a match
        leaves the other team no card points to get there with."""
        if self.ending(table) != "target" or narrow(state, SchieberState).won_by is not None:
            return False
        most = (CARD_POINTS + MOST_TEAM_WEIS + STOECK) * max(self.factor(table, kind) for kind in KINDS)
        return sum(max(0, self.target(table) - state.totals[team]) for team in (0, 1)) <= most

    def legacy(self, table: Table, state: State) -> tuple[Legacy, ...]:
        """``thanked_first``, asked on every deal before: older deals and API v1 clients that send it
        empty where it is not asked now are accepted (a team named where it cannot decide: refused)."""
        return () if self._both_may_reach(table, state) else (NOT_THANKED,)

    def parse(self, table: Table, state: State, raw: Mapping[str, Any]) -> dict[str, Any]:
        """257 typed in a team's box (157 + the match bonus, as the Tafel writes a match: rules/schieber.md
        "257 + 0 with a match") is that team's match: all 157 card points, the other team 0."""
        match = raw.get("match")
        ticked_for = next((t for t in (0, 1) if isinstance(match, (list, tuple)) and len(match) > t
                           and ticked(match[t])), None)
        team = written_match(raw.get("points"), table.options.get("match_bonus", 100),
                             [self.team_name(table, t) for t in (0, 1)], ticked_for)
        if team is not None:
            raw = {**raw, "points": [CARD_POINTS if s == team else 0 if s == 1 - team else None
                                     for s in range(table.size)],
                   "match": [s == team if s < 2 else None for s in range(table.size)]}
        return super().parse(table, state, raw)

    # -- rules ---------------------------------------------------------------
    def check_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        weis, stoeck = self.extra(deal, "weis", 0), self.extra(deal, "stoeck", False)
        self._check_points(table, deal)
        for team in (0, 1):
            check_team_weis(weis[team], f"weis-{team}")
        if all(weis):
            raise RuleError(T("Only the team with the best Weis scores Weis: enter Weis for one team."), "weis")
        if all(stoeck):
            raise RuleError(T("Only one player holds the trump K and Q: Stöck for one team."), "stoeck")
        if any(stoeck) and deal["trump"] not in SUITS:
            raise RuleError(T("There is no trump in Obenabe or Undenufe, so no Stöck."), "stoeck")
        if self.ending(table) == "target":
            self._check_thanked_first(table, state, deal)

    def _check_points(self, table: Table, deal: Mapping[str, Any]) -> None:
        """A match has all 157 card points; no team holds a count that no cards make (1, 156)."""
        match = deal["match"][:2]
        if all(match):
            raise RuleError(T("Only one team can take all nine tricks."), "match")
        for team in (0, 1):
            if match[team] and deal["points"][team] != CARD_POINTS:
                raise RuleError(T("A match is all nine tricks: %(team)s then has all %(n)d card points.",
                                  team=self.team_name(table, team), n=CARD_POINTS), f"points-{team}")
        RuleError.every(unheld(deal["points"][:2], TAKEN))

    def _check_thanked_first(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        """Who thanked first (bedankt) is asked exactly when both teams reach the target in one deal."""
        needed = self.first_to_target(table, state, deal) == "ask"
        if needed and deal.get("thanked_first") is None:
            raise RuleError(T("Both teams reach %(n)d with their card points: who thanked first?",
                              n=self.target(table)), "thanked_first")
        if not needed and deal.get("thanked_first") is not None:
            raise RuleError(T("Asked only when both teams reach the target by card points in this deal."),
                            "thanked_first")

    @staticmethod
    def extra(deal: Mapping[str, Any], name: str, empty: Any) -> list[Any]:
        """Weis or Stöck of teams A and B (nothing when the session plays without them)."""
        return list(deal.get(name) or [empty] * 4)[:2]

    def parts(self, table: Table, deal: Mapping[str, Any]) -> list[tuple[int, int, int]]:
        """Per team, as the deal scores them: (card points with match bonus, Weis, Stöck), factors applied."""
        factor = self.factor(table, deal["trump"])
        extras = factor if table.options.get("factor_on_extras", True) else 1
        bonus = table.options.get("match_bonus", 100)
        weis, stoeck = self.extra(deal, "weis", 0), self.extra(deal, "stoeck", False)
        return [(factor * (deal["points"][t] + bonus * deal["match"][t]), extras * weis[t], extras * STOECK * stoeck[t])
                for t in (0, 1)]

    def score_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> DealResult:
        kind, factor = deal["trump"], self.factor(table, deal["trump"])
        chose = chooser(state.dealer, deal["pushed"])
        weis, stoeck = self.extra(deal, "weis", 0), self.extra(deal, "stoeck", False)
        lines = [T("Trump: %(kind)s x%(factor)d, chosen by %(name)s.", kind=Text(self.kind_label(table, kind)),
                   factor=factor, name=table.name(chose))]
        scores = [sum(part) for part in self.parts(table, deal)]
        extras = factor if table.options.get("factor_on_extras", True) else 1
        bonus = table.options.get("match_bonus", 100)
        for team in (0, 1):
            name = self.team_name(table, team)
            if deal["match"][team]:
                lines.append(T("%(team)s took all nine tricks: Kontermatsch, +%(n)d.", team=name, n=bonus)
                             if team != team_of(chose) else
                             T("%(team)s took all nine tricks: match, +%(n)d.", team=name, n=bonus))
            inside = [deal["points"][team]] + [bonus] * deal["match"][team]
            once = [weis[team]] * bool(weis[team]) + [STOECK] * stoeck[team]
            if extras == factor:
                inside, once = inside + once, []
            terms = [f"{factor} x " + (str(inside[0]) if len(inside) == 1 else f"({' + '.join(map(str, inside))})")]
            lines.append(T("%(team)s: card points %(cards)d, Weis %(weis)d, Stöck %(stoeck)d: %(formula)s = "
                           "%(score)d.", team=name, cards=deal["points"][team], weis=weis[team],
                           stoeck=STOECK * stoeck[team], formula=" + ".join(terms + [str(x) for x in once]),
                           score=scores[team]))
        summary = T("%(kind)s x%(factor)d: %(a)d to %(b)d", kind=Text(self.kind_label(table, kind)), factor=factor,
                    a=scores[0], b=scores[1])
        return DealResult((scores[0], scores[1], scores[0], scores[1]), tuple(lines), summary)

    # -- statistics ----------------------------------------------------------
    figures = (
        Figure("deals_played", N_("Deals played")), Figure("chose", N_("Trump chosen")),
        Figure("pushed", N_("Pushed to the partner")), Figure("matches", N_("Matches of the team")),
        Figure("kontermatsch", N_("Kontermatsch of the team")), Figure("weis", N_("Weis points of the team")),
        Figure("stoeck", N_("Stöck of the team")), Figure("card_points", N_("Card points of the team")),
    )

    def seat_figures(self, table: Table, deals: Sequence[Mapping[str, Any]],
                     results: Sequence[DealResult]) -> list[dict[str, int]]:
        """As every game's, with each deal's dealer (not stored: the first dealer, then counter-clockwise
        one seat a deal) given to `deal_figures` as ``dealer``."""
        placed = [{**deal, "dealer": (table.first_dealer - number) % 4} for number, deal in enumerate(deals)]
        return super().seat_figures(table, placed, results)

    def deal_figures(self, table: Table, deal: Mapping[str, Any], result: DealResult) -> Mapping[str, Sequence[int]]:
        """Who chose and who pushed per player; the team's match (or Kontermatsch), Weis, Stöck and
        card points for both partners."""
        chose = chooser(deal["dealer"], deal["pushed"])
        pusher = chooser(deal["dealer"], False) if deal["pushed"] else None
        weis, stoeck = self.extra(deal, "weis", 0), self.extra(deal, "stoeck", False)
        teams = [team_of(seat) for seat in range(4)]
        return {"deals_played": [1] * 4, "chose": [int(seat == chose) for seat in range(4)],
                "pushed": [int(seat == pusher) for seat in range(4)],
                "matches": [int(bool(deal["match"][t]) and t == team_of(chose)) for t in teams],
                "kontermatsch": [int(bool(deal["match"][t]) and t != team_of(chose)) for t in teams],
                "weis": [weis[t] or 0 for t in teams], "stoeck": [int(bool(stoeck[t])) for t in teams],
                "card_points": [deal["points"][t] for t in teams]}

    # -- the session ---------------------------------------------------------
    def ending(self, table: Table) -> str:
        return table.options.get("end", "target")

    def target(self, table: Table) -> int:
        return table.options.get("target", TARGET)

    def start(self, table: Table) -> SchieberState:
        dealer = table.first_dealer
        return SchieberState(0, dealer, (0,) * 4, (True,) * 4, leader=(dealer - 1) % 4)

    def first_to_target(self, table: Table, state: State, deal: Mapping[str, Any]) -> int | str | None:
        """The team that reaches the target in this deal first (Stöck - Weis - Stich), "ask" when both
        get there only with card points, None when neither does (or the game is decided already)."""
        if narrow(state, SchieberState).won_by is not None:
            return None
        return first_to(self.target(table), state.totals, self.parts(table, deal))

    def after_deal(self, table: Table, state: State, deal: Mapping[str, Any], result: DealResult) -> State:
        own = narrow(state, SchieberState)
        won_by, berg, decided = own.won_by, own.berg, own.decided
        if self.ending(table) == "target":
            parts = self.parts(table, deal)
            first = first_to(self.target(table), state.totals, parts) if won_by is None else None
            if first == "ask":
                won_by = team_of(deal["thanked_first"])
            elif isinstance(first, int):
                won_by = first
            if first is not None:
                decided = decided_by(self.target(table), state.totals, parts)
            half = first_to(self.target(table) / 2, state.totals, parts) if berg is None else None
            if half is not None:  # both only with card points: the team that took more in this deal
                berg = half if isinstance(half, int) else max((0, 1), key=lambda t: result.points[t])
        new = narrow(super().after_deal(table, state, deal, result), SchieberState)
        return dataclasses.replace(new, won_by=won_by, berg=berg, decided=decided, leader=(new.dealer - 1) % 4)

    def next_dealer(self, table: Table, state: State, deal: Mapping[str, Any]) -> int:
        """Counter-clockwise: forehand deals next."""
        return (state.dealer - 1) % 4

    def is_over(self, table: Table, state: State) -> bool:
        if self.ending(table) == "target":
            return narrow(state, SchieberState).won_by is not None
        return state.deals_played >= table.options.get("deals", 12)

    def deals_left(self, table: Table, state: State) -> int | None:
        return max(0, table.options.get("deals", 12) - state.deals_played) if self.ending(table) == "deals" else None

    def winners(self, table: Table, state: State) -> tuple[int, ...]:
        won_by = narrow(state, SchieberState).won_by
        return super().winners(table, state) if won_by is None else (won_by, won_by + 2)

    def winner_rule(self, table: Table) -> Text:
        if self.ending(table) == "deals":
            return P("After %(n)d deal the higher total wins; equal totals share the win.",
                     "After %(n)d deals the higher total wins; equal totals share the win.",
                     table.options.get("deals", 12))
        return T("The first team to reach %(n)d wins; when both reach it in one deal, Stöck count first, then "
                 "Weis, then card points.", n=self.target(table))

    def seat_notes(self, table: Table, state: State) -> tuple[Text | None, ...]:
        notes: list[Text | None] = [None] * 4
        notes[state.dealer] = T("deals")
        notes[(state.dealer - 1) % 4] = T("forehand: chooses trump or pushes")
        return tuple(notes)

    def final_seat_notes(self, table: Table, state: State) -> tuple[Text | None, ...]:
        """Once the game is over: Berg for the team that reached half the target first, Schneider for a
        losing team below half the target (never the same team)."""
        own = narrow(state, SchieberState)
        berg = own.berg if table.options.get("berg", True) else None
        schneider = own.won_by is not None and table.options.get("schneider", True) and (
            state.totals[1 - own.won_by] < self.target(table) / 2)
        return tuple(T("Berg") if team_of(seat) == berg else
                     T("Schneider") if schneider and team_of(seat) != own.won_by else None for seat in range(4))

    def notes(self, table: Table, state: State) -> tuple[Text, ...]:
        forehand = (state.dealer - 1) % 4
        deal = T("%(dealer)s deals 9 cards each, counter-clockwise; %(forehand)s chooses trump or pushes to "
                 "%(partner)s, and leads.", dealer=table.name(state.dealer), forehand=table.name(forehand),
                 partner=table.name((forehand + 2) % 4))
        return (deal, *self.final_notes(table, state))

    def final_notes(self, table: Table, state: State) -> tuple[Text, ...]:
        """Berg, and once a team has won: what decided it when both teams got there in the last deal."""
        lines = []
        own = narrow(state, SchieberState)
        if own.berg is not None and table.options.get("berg", True):
            lines.append(T("Berg: %(team)s reached %(n)d first.", team=self.team_name(table, own.berg),
                           n=self.target(table) // 2))
        if own.won_by is not None and own.decided:  # a winner whose total may be the lower one
            why = {"stoeck": N_("%(team)s reached %(n)d first: both teams got there in the last deal, and Stöck "
                                "count first."),
                   "weis": N_("%(team)s reached %(n)d first: both teams got there in the last deal, and Stöck "
                              "and Weis count before card points."),
                   "thanked": N_("%(team)s won: both teams reached %(n)d in the last deal with card points only, "
                                 "and %(team)s thanked first.")}[own.decided]
            lines.append(T(why, team=self.team_name(table, own.won_by), n=self.target(table)))
        return tuple(lines)


GAME = Schieber()

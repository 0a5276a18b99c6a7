"""Coiffeur (Coiffeur-Schieber): 4 players in two teams, each team plays every row once.

Rules: ``shared/rules/coiffeur.md``. Teams as in the Schieber: seats 0 & 2 (team A) against
1 & 3 (team B). Deal and play go counter-clockwise: the next dealer sits to the right, and
forehand (the dealer's right) names a row still open for their team or pushes it on.

Decisions and named options:

- ``rows``: "eight" (default; jassverzeichnis.ch "gemäss Jassreglement": Eicheln x1, Rosen x2,
  Schilten x3, Schellen x4, Obenabe x5, Undenufe x6, Joker 1 x7, Joker 2 x8), "ten" (Swisslos
  "Coiffeur auf 10 Runden", factors after jassen.ch: suits 1-4, Obenabe 5, Undenufe 6, Slalom 7,
  Guschti 8, Joker 9, Joker 10) or "custom": the table sets each row's factor (``factor_<row>``,
  0 = not played; the defaults are the eight rows). The form shows the factor beside each row, so
  a table that pairs suits and factors differently moves them.
- ``misere``: a custom row (quoi-faire.ch; factor 0, so not played, unless the table gives it one)
  in which the announcing team writes the **opponents'** card points, 257 when the opponents took
  all nine tricks.
- Only the announcing team writes: its card points (0-157) in its cell of the chosen row, or
  157 + ``match_bonus`` (100) when it took all nine tricks; a Kontermatsch is 0 card points.
  The entry asks both teams' card points as a sum of 157 (the table counts the smaller pile; the
  other is filled in), who announced (a player; the team follows) and the row, offering only the
  rows still open for that team. A row already filled is refused with its value and deal. No card
  counts 1, so card points of 1 (and 156, the other side's 1) are refused (``handjass_weis.TAKEN``).
  A match tapped with no card points typed is taken as 157 to the team that took every trick, as
  the Schieber's form fills it ("A match implies 157", rules/schieber.md).
- ``weis_and_stoeck`` (off, Swisslos "ohne Weisen"): on, the announcing team's Weis (entered
  as points, only when it is the best) and Stöck (20) are added to the cell, never in a joker row
  (jasswiki); they are added to 0 card points too. A Weis total no Weis make (10, 30, not a
  multiple of 10) or two hands of nine cannot show (590) is refused, as in the Schieber; so is
  Stöck in a row without trump (Obenabe, Undenufe, Slalom, Guschti).
- In a joker row the kind actually played (a suit, Obenabe or Undenufe) may be noted; it
  changes nothing.
- A player whose team has filled every row pushes automatically: only players of a team with
  open rows can announce.
- Over after 2 x rows deals, when both teams filled every row. Both partners get their team's row
  values; the higher team total wins, equal totals are a draw (both teams win). The notes and the
  Tafel show the difference, what is paid in a game for a stake.
- Statistics (``figures``), per player: the rows they announced; and, counted for both partners,
  the rows the team played, the points written in them (the cells before the factor, so
  ``cell_points`` / ``rows`` is the average cell) and the matches written (all nine tricks, in a
  misère row the opponents' all nine). A Kontermatsch is not stored (the cell is 0, which a trick
  of blanks also gives), nor is the best cell counted: figures are sums over sessions.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import DealResult, Figure, Game, State, Table, narrow
from .cards import unheld
from .entry import BOOL, CHOICE, INT, SEAT, FieldSpec, OptionSpec, ticked
from .handjass_weis import MOST_TEAM_WEIS, TAKEN, check_team_weis, written_match
from .text import N_, RuleError, T, Text

TOTAL, STOECK = 157, 20
TEAMS = ((0, 2), (1, 3))
TEAM_KEYS = ("a", "b")
JOKERS = ("joker1", "joker2")
NO_TRUMP = ("obenabe", "undenufe", "slalom", "guschti")  # Slalom and Guschti: Obenabe and Undenufe by turns
MISERE = "misere"
ROW_NAMES = {
    "eicheln": N_("Eicheln ♠"), "rosen": N_("Rosen ♣"), "schilten": N_("Schilten ♦"),
    "schellen": N_("Schellen ♥"), "obenabe": N_("Obenabe"), "undenufe": N_("Undenufe"),
    "slalom": N_("Slalom"), "guschti": N_("Guschti"), "joker1": N_("Joker 1"), "joker2": N_("Joker 2"),
    MISERE: N_("Misère"),
}
EIGHT = {"eicheln": 1, "rosen": 2, "schilten": 3, "schellen": 4, "obenabe": 5, "undenufe": 6,
         "joker1": 7, "joker2": 8}
TEN = {"eicheln": 1, "rosen": 2, "schilten": 3, "schellen": 4, "obenabe": 5, "undenufe": 6,
       "slalom": 7, "guschti": 8, "joker1": 9, "joker2": 10}
JOKER_KINDS = (("eicheln", ROW_NAMES["eicheln"]), ("rosen", ROW_NAMES["rosen"]),
               ("schilten", ROW_NAMES["schilten"]), ("schellen", ROW_NAMES["schellen"]),
               ("obenabe", ROW_NAMES["obenabe"]), ("undenufe", ROW_NAMES["undenufe"]))


def team_of(seat: int) -> int:
    """0 for team A (seats 0 and 2), 1 for team B."""
    return seat % 2


@dataclass(frozen=True)
class CoiffeurState(State):
    """The state plus the Tafel: per team, per row (in the session's order), the points written
    (None while open), and the deal that filled each cell."""

    cells: tuple[tuple[int | None, ...], ...] = ()
    filled_in: tuple[tuple[int | None, ...], ...] = ()


class Coiffeur(Game):
    slug = "coiffeur"
    name = N_("Coiffeur")
    players = (4,)
    setup_help = N_("Partners sit opposite: players 1 & 3 against players 2 & 4.")
    board_template = "sessions/boards/coiffeur.html"
    row_names = ROW_NAMES

    options = (
        OptionSpec("rows", N_("Rows"), CHOICE, "eight",
                   choices=(("eight", N_("8 rows: 4 suits, Obenabe, Undenufe, 2 jokers (x1 to x8)")),
                            ("ten", N_("10 rows: with Slalom and Guschti (x1 to x10)")),
                            ("custom", N_("custom factors")))),
        *(OptionSpec(f"factor_{row}", ROW_NAMES[row], INT, EIGHT.get(row, 0), minimum=0, maximum=20,
                     show_if=("rows", ("custom",)),
                     help=N_("Factor of each row; 0: the row is not played.") if row == "eicheln" else "")
          for row in ROW_NAMES),
        OptionSpec("match_bonus", N_("Match bonus (all nine tricks)"), INT, 100, minimum=0, maximum=500),
        OptionSpec("weis_and_stoeck", N_("Weis and Stöck count"), BOOL, False,
                   help=N_("Added to the announcing team's cell, never in a joker row.")),
    )

    def rows(self, table: Table) -> tuple[tuple[str, int], ...]:
        """The rows of the session's Tafel in order, each with its factor."""
        preset = table.options.get("rows", "eight")
        if preset == "custom":
            return tuple((row, table.options.get(f"factor_{row}", 0)) for row in ROW_NAMES
                         if table.options.get(f"factor_{row}", 0))
        return tuple((TEN if preset == "ten" else EIGHT).items())

    def check_table(self, table: Table) -> None:
        super().check_table(table)
        if not self.rows(table):
            raise RuleError(T("Give at least one row a factor."), "factor_eicheln")

    def teams(self, table: Table) -> tuple[tuple[int, ...], ...]:
        return TEAMS

    def team_name(self, table: Table, team: int) -> str:
        return table.names_of(TEAMS[team], " & ")

    def open_rows(self, table: Table, state: State, team: int) -> tuple[str, ...]:
        cells = narrow(state, CoiffeurState).cells[team]
        return tuple(row for (row, _), cell in zip(self.rows(table), cells) if cell is None)

    # -- entry -------------------------------------------------------------------
    def deal_fields(self, table: Table, state: State) -> tuple[FieldSpec, ...]:
        can = tuple(seat for seat in range(4) if self.open_rows(table, state, team_of(seat)))
        fields = [FieldSpec("announcer", N_("Who announced the row"), SEAT, seats=can)]
        for team, key in enumerate(TEAM_KEYS):
            fields += [
                FieldSpec(f"row_{key}", N_("Row"), CHOICE, show_if=("announcer", TEAMS[team]),
                          choices=tuple((row, ROW_NAMES[row]) for row in self.open_rows(table, state, team))),
                # hidden too when the other team announced: the page's show_if does not follow a hidden row
                FieldSpec(f"joker_{key}", N_("The joker was played as"), CHOICE, required=False,
                          choices=JOKER_KINDS, show_if=(f"row_{key}", JOKERS), hide_if=("announcer", TEAMS[1 - team])),
            ]
        fields += [
            FieldSpec("points", N_("Card points"), INT, per_seat=True, seats=(0, 1),
                      team_columns=True, minimum=0, maximum=TOTAL, total=TOTAL,
                      help=N_("Under the team's first player; a match: 257.")),
            FieldSpec("match", N_("Match: all nine tricks"), BOOL,
                      help=N_("In a misère row: the opponents took all nine.")
                      if MISERE in dict(self.rows(table)) else ""),
        ]
        if table.options.get("weis_and_stoeck"):
            fields += [FieldSpec("weis", N_("Weis of the announcing team (if best)"), INT, required=False,
                                 minimum=0, maximum=MOST_TEAM_WEIS, default=0),
                       FieldSpec("stoeck", N_("Stöck for the announcing team"), BOOL)]
        return tuple(fields)

    def row_of(self, deal: Mapping[str, Any]) -> tuple[int, str, int]:
        """(announcing team, row, the team whose card points are written) of a parsed deal."""
        team = team_of(deal["announcer"])
        row = deal[f"row_{TEAM_KEYS[team]}"]
        return team, row, 1 - team if row == MISERE else team

    def parse(self, table: Table, state: State, raw: Mapping[str, Any]) -> dict[str, Any]:
        """A row the announcing team has already filled is refused with the reason (its field offers
        only the open rows, whose refusal would not say why). A match with no card points typed is
        all 157 (rules/schieber.md: "A match implies 157"); 257 typed (157 + the match bonus, as the
        Tafel writes a match: rules/coiffeur.md "a cell holds 0..157 or 257") is the match too, and
        typed for the other team, every trick against the row's team: it writes 0 (Kontermatsch)."""
        try:
            seat = int(raw["announcer"])
            key = f"row_{TEAM_KEYS[team_of(seat)]}"
            index = [name for name, _ in self.rows(table)].index(raw[key])
        except (TypeError, ValueError, KeyError):
            return super().parse(table, state, raw)
        team, row = team_of(seat), raw[key]
        points = raw.get("points")
        counted = 1 - team if row == MISERE else team
        every_trick = {**raw, "match": True, "points": [TOTAL if s == counted else 0 if s == 1 - counted else None
                                                        for s in range(table.size)]}
        took_all = written_match(points, table.options.get("match_bonus", 100),  # 257 typed, as the Tafel shows it
                                 [self.team_name(table, t) for t in (0, 1)],
                                 counted if ticked(raw.get("match")) else None)
        if took_all == counted or (raw.get("match") is True
                                   and (not points or all(value in (None, "") for value in points))):
            raw = every_trick  # the match typed, or tapped alone: all 157 to the team that took every trick
        elif took_all is not None:  # the other team took every trick: the row's team writes 0
            raw = {**raw, "points": [0 if s == counted else TOTAL if s == 1 - counted else None
                                     for s in range(table.size)]}
        own = narrow(state, CoiffeurState)
        if not (0 <= seat < 4 and not self.is_over(table, state) and own.cells[team][index] is not None):
            return super().parse(table, state, raw)
        filled = RuleError(T("%(team)s already played %(row)s: %(points)d in deal %(n)d. Each team plays each row "
                             "once.", team=self.team_name(table, team), row=Text(ROW_NAMES[row]),
                             points=own.cells[team][index], n=(own.filled_in[team][index] or 0) + 1), key)
        try:  # the deal's other problems come with it (the row's own refusal is this one)
            super().parse(table, state, raw)
        except RuleError as more:
            RuleError.every([filled, *(error for error in more.errors if error.field != key)])
        raise filled

    def check_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        team, row, counted = self.row_of(deal)
        if deal["match"] and deal["points"][counted] != TOTAL:
            who = self.team_name(table, counted)
            raise RuleError(T("A match means %(team)s took all nine tricks and so all %(total)d card points.",
                              team=who, total=TOTAL), "match")
        RuleError.every(unheld(deal["points"][:2], TAKEN))
        self._check_extras(row, deal)

    @staticmethod
    def _check_extras(row: str, deal: Mapping[str, Any]) -> None:
        """Weis and Stöck (when the session counts them): never in a joker row; a Weis total two hands
        can show (as in the Schieber); Stöck only with a trump."""
        weis = deal.get("weis") or 0
        if row in JOKERS and (weis or deal.get("stoeck")):
            raise RuleError(T("Weis and Stöck do not count in a joker row."), "weis" if weis else "stoeck")
        check_team_weis(weis, "weis")
        if row in NO_TRUMP and deal.get("stoeck"):
            raise RuleError(T("There is no trump in %(row)s, so no Stöck.", row=Text(ROW_NAMES[row])), "stoeck")

    # -- scoring -----------------------------------------------------------------
    def cell(self, table: Table, deal: Mapping[str, Any]) -> int:
        """What the announcing team writes in its row: card points, or 157 + match bonus."""
        team, row, counted = self.row_of(deal)
        points = TOTAL + table.options.get("match_bonus", 100) if deal["match"] else deal["points"][counted]
        return points + deal.get("weis", 0) + STOECK * bool(deal.get("stoeck"))

    def score_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> DealResult:
        team, row, counted = self.row_of(deal)
        factor = dict(self.rows(table))[row]
        cell = self.cell(table, deal)
        value = cell * factor
        names, row_name = self.team_name(table, team), Text(ROW_NAMES[row])
        lines = [T("%(team)s announced %(row)s (x%(factor)d).", team=names, row=row_name, factor=factor)]
        key = TEAM_KEYS[team]
        if deal.get(f"joker_{key}"):
            lines.append(T("The joker was played as %(kind)s.", kind=Text(ROW_NAMES[deal[f'joker_{key}']])))
        if row == MISERE:
            lines.append(T("Misère: the opponents' card points count for %(team)s.", team=names))
        if deal["match"]:
            lines.append(T("All nine tricks: %(total)d + %(bonus)d match bonus = %(points)d.", total=TOTAL,
                           bonus=table.options.get("match_bonus", 100), points=TOTAL + table.options.get(
                               "match_bonus", 100)))
        else:
            lines.append(T("Card points: %(points)d.", points=deal["points"][counted]))
        if deal.get("weis"):
            lines.append(T("Weis: +%(points)d.", points=deal["weis"]))
        if deal.get("stoeck"):
            lines.append(T("Stöck: +%(points)d.", points=STOECK))
        lines.append(T("%(cell)d in the %(row)s row x %(factor)d = %(value)d for %(team)s; the others write "
                       "nothing.", cell=cell, row=row_name, factor=factor, value=value, team=names))
        points = tuple(value if team_of(seat) == team else 0 for seat in range(4))
        summary = T("%(row)s %(cell)d x %(factor)d", row=row_name, cell=cell, factor=factor)
        return DealResult(points, tuple(lines), summary)

    # -- statistics --------------------------------------------------------------
    figures = (
        Figure("announced", N_("Rows announced")), Figure("rows", N_("Rows played by the team")),
        Figure("cell_points", N_("Points written in the team's rows")),
        Figure("matches", N_("Matches written by the team")),
    )

    def deal_figures(self, table: Table, deal: Mapping[str, Any], result: DealResult) -> Mapping[str, Sequence[int]]:
        """The announcer's row; the team's cell and match for both partners."""
        team = team_of(deal["announcer"])
        own = [int(team_of(seat) == team) for seat in range(4)]
        return {"announced": [int(seat == deal["announcer"]) for seat in range(4)], "rows": own,
                "cell_points": [count * self.cell(table, deal) for count in own],
                "matches": [count * bool(deal["match"]) for count in own]}

    # -- the session -------------------------------------------------------------
    def start(self, table: Table) -> CoiffeurState:
        empty = ((None,) * len(self.rows(table)),) * 2
        return CoiffeurState(0, table.first_dealer, (0,) * 4, (True,) * 4, cells=empty, filled_in=empty)

    def next_dealer(self, table: Table, state: State, deal: Mapping[str, Any]) -> int:
        """Counter-clockwise: the next dealer sits to the right."""
        return (state.dealer - 1) % 4

    def after_deal(self, table: Table, state: State, deal: Mapping[str, Any], result: DealResult) -> State:
        team, row, _ = self.row_of(deal)
        index = [name for name, _ in self.rows(table)].index(row)
        own = narrow(state, CoiffeurState)

        def put(grid: tuple[tuple[int | None, ...], ...], value: int) -> tuple[tuple[int | None, ...], ...]:
            return tuple(tuple(value if (t, i) == (team, index) else c for i, c in enumerate(line))
                         for t, line in enumerate(grid))

        moved = narrow(super().after_deal(table, state, deal, result), CoiffeurState)
        return dataclasses.replace(moved, cells=put(own.cells, self.cell(table, deal)),
                                   filled_in=put(own.filled_in, state.deals_played))

    def deals_left(self, table: Table, state: State) -> int | None:
        return 2 * len(self.rows(table)) - state.deals_played

    def winner_rule(self, table: Table) -> Text:
        return T("When both teams have played every row, the higher team total wins; equal totals: a draw.")

    def forehand(self, table: Table, state: State) -> int:
        """Who names a row first: the dealer's right, or the next one whose team still has an open row."""
        return self.next_to_name(table, state, state.dealer)

    def next_to_name(self, table: Table, state: State, seat: int) -> int:
        """The first player counter-clockwise after `seat` whose team still has an open row: the others
        push automatically."""
        return next(other for other in ((seat - k) % 4 for k in (1, 2, 3, 4))
                    if self.open_rows(table, state, team_of(other)))

    def seat_notes(self, table: Table, state: State) -> tuple[Text | None, ...]:
        notes: list[Text | None] = [None] * 4
        notes[state.dealer] = T("deals")
        notes[self.forehand(table, state)] = T("forehand: names a row or pushes")
        return tuple(notes)

    def final_seat_notes(self, table: Table, state: State) -> tuple[Text | None, ...]:
        return (None,) * 4

    def notes(self, table: Table, state: State) -> tuple[Text, ...]:
        forehand = self.forehand(table, state)
        a, b = state.totals[0], state.totals[1]
        lines = [T("%(forehand)s names a row still open for their team or pushes to %(next)s (counter-clockwise); "
                   "if all four push, %(forehand)s must choose.", forehand=table.name(forehand),
                   next=table.name(self.next_to_name(table, state, forehand)))]
        if a != b:
            lines.append(T("%(team)s lead by %(n)d.", team=self.team_name(table, 0 if a > b else 1), n=abs(a - b)))
        return tuple(lines)

GAME = Coiffeur()

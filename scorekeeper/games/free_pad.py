"""Any game: a free score pad (1-12 players, or teams of them).

Rules: ``shared/rules/free-pad.md`` (no rules source: the paper score pad that Keep Tally and
ScoreIt keep, for games Scorekeeper has no module for). After each round the table enters one
whole number per side; the totals are the sums of the rounds.

Decisions and named options:

- ``name`` (free text, at most 40 characters, empty by default): the game's name, shown with the
  session ("Free score pad: Rummy") on the board, the history and the other pages of the session.
- ``winner``: ``highest`` (default) or ``lowest`` total wins; equal best totals share the win.
- ``target`` (0 = none): the game ends after the round in which any side's total reaches it
  (>= target; with "lowest wins" this is "first to 100 ends it", as in Hearts). The winner is then
  decided by ``winner`` among all sides, not "who reached the target".
- ``rounds`` (0 = none): the game ends after that many rounds; with a target too, whichever comes
  first. With neither, the table ends it by hand ("End the game here").
- ``teams`` (0 = everyone for themselves): the pad scores sides. With 2 or more teams the players
  are seated as partners sit at a card table, alternately: with 2 teams the 1st, 3rd, 5th ...
  player play together against the 2nd, 4th ...; with ``teams`` = k, player i is in team i mod k.
  A team needs two players at least. Each round asks one number per team, entered under the
  team's first player, and every partner gets it, so each player's total is the team's total (the
  players keep their record in the history). A partner's number, when an API client sends one, is
  empty, 0 or the team's; another is refused naming it (it was dropped unread).
- ``team_names`` (empty by default): the teams' own names, separated by commas (or 「、」) in the
  order of the teams ("Us, Them"); more names than teams are refused. A team left without a name is
  named by its players ("Anna & Cleo"), as in the other partnership games.
- A round is a whole number per side, negative allowed. The note sets no bound; a round is kept
  within +-1,000,000 and a total within +-2,000,000,000 so that every total fits the database's
  whole numbers. An empty box counts 0 (the page asks once before saving it so).
- The dealer rotates clockwise, as at any card table.
- Statistics (``figures``), per player: rounds played and rounds won (the pages say "deals", as
  for the ``rounds`` option), a round won being one in which the player's side scored the best
  number (the highest, or the lowest as ``winner`` says; equal best numbers each count, every
  partner counts the team's). A round in which every side scored the same is won by nobody.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .base import DealResult, Figure, Game, State, Table, signed
from .entry import CHOICE, INT, TEXT, FieldSpec, OptionSpec
from .text import N_, P, RuleError, T, Text

HIGHEST, LOWEST = "highest", "lowest"
TEAMS = (2, 3, 4, 5, 6)
ROUND_LIMIT = 1_000_000
TOTAL_LIMIT = 2_000_000_000


class FreePad(Game):
    slug = "free_pad"
    name = N_("Free score pad")
    players = tuple(range(1, 13))
    setup_help = N_("Any game: one number per player (or per team) each deal. With teams, partners "
                    "sit alternately: with 2 teams, players 1, 3, 5 ... play against 2, 4, 6 ...")

    options = (
        OptionSpec("name", N_("Name of the game"), TEXT, "", maximum=40, help=N_("For example Rummy."),
                   entry_only=True),
        OptionSpec("winner", N_("Who wins"), CHOICE, HIGHEST,
                   choices=((HIGHEST, N_("the highest total")), (LOWEST, N_("the lowest total")))),
        OptionSpec("target", N_("Target total"), INT, 0, minimum=0, maximum=1_000_000,
                   help=N_("The game ends after the deal in which a total reaches it. 0: no target.")),
        OptionSpec("rounds", N_("Number of deals"), INT, 0, minimum=0, maximum=999,
                   help=N_("Or the game ends after this many deals. 0: no limit.")),
        OptionSpec("teams", N_("Number of teams"), INT, 0, minimum=0, maximum=6,
                   help=N_("0: each player for themselves.")),
        OptionSpec("team_names", N_("Team names"), TEXT, "", maximum=80, entry_only=True, show_if=("teams", TEAMS),
                   help=N_("Separated by commas, in the order of the teams, for example Us, Them. "
                           "A team without a name is named by its players.")),
    )

    def title(self, options: Mapping[str, Any]) -> Text:
        """ "Free score pad: Rummy", or the game's name alone when the table gave none."""
        name = options.get("name")
        return T("Free score pad: %(name)s", name=name) if name else Text(self.name)

    def lower_wins(self, table: Table) -> bool:
        return table.options.get("winner") == LOWEST

    def teams(self, table: Table) -> tuple[tuple[int, ...], ...]:
        """Partners sit alternately: with k teams, player i is in team i mod k.

        >>> FreePad().teams(Table(("A", "B", "C", "D", "E"), {"teams": 2}))
        ((0, 2, 4), (1, 3))
        """
        k = table.options.get("teams", 0)
        return tuple(tuple(range(team, table.size, k)) for team in range(k)) if k else ()

    def check_table(self, table: Table) -> None:
        super().check_table(table)
        k = table.options.get("teams", 0)
        if k == 1:
            raise RuleError(T("Teams: two or more, or 0 for each player for themselves."), "teams")
        if k and not 2 <= k <= table.size // 2:
            raise RuleError(P("%(n)d player cannot make %(teams)d teams of two players or more.",
                              "%(n)d players cannot make %(teams)d teams of two players or more.",
                              table.size, teams=k), "teams")
        given = len(table.team_names)
        if given > k:
            raise RuleError(T("%(n)d team names for %(teams)d teams: one name a team, separated by commas.",
                              n=given, teams=k), "team_names")

    def deal_fields(self, table: Table, state: State) -> tuple[FieldSpec, ...]:
        k = table.options.get("teams", 0)
        return (FieldSpec("points", N_("Team points") if k else N_("Points"),
                          INT, per_seat=True, required=False, minimum=-ROUND_LIMIT, maximum=ROUND_LIMIT,
                          seats=tuple(range(k)) if k else None, team_columns=bool(k), ask_if_empty=True,
                          help=N_("An empty box counts 0.")),)

    def complete(self, table: Table, state: State, deal: dict[str, Any]) -> None:
        """An empty box counts 0."""
        deal["points"] = [points or 0 for points in deal["points"]]

    def entered_at(self, table: Table, seat: int) -> int:
        """The box that holds the player's points: their own, or their team's first player's."""
        k = table.options.get("teams", 0)
        return seat % k if k else seat

    def side_points(self, table: Table, deal: Mapping[str, Any]) -> tuple[int, ...]:
        return tuple(deal["points"][self.entered_at(table, seat)] for seat in range(table.size))

    def check_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        for seat, (total, points) in enumerate(zip(state.totals, self.side_points(table, deal))):
            if abs(total + points) > TOTAL_LIMIT:
                raise RuleError(T("%(player)s's total would pass %(limit)d.", player=table.name(seat),
                                  limit=TOTAL_LIMIT), f"points-{self.entered_at(table, seat)}")

    def score_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> DealResult:
        points = self.side_points(table, deal)
        sides = self.teams(table) or tuple((seat,) for seat in range(table.size))
        lines = tuple(T("%(side)s: %(points)s, total %(total)d.", side=table.side(side),
                        points=signed(points[side[0]]), total=state.totals[side[0]] + points[side[0]])
                      for side in sides)
        return DealResult(points, lines, T("Scores: %(scores)s", scores=table.scores(points, sides)))

    figures = (Figure("deals_played", N_("Deals played")),
               Figure("deals_won", N_("Deals won (the best score, not when all tie)")))

    def deal_figures(self, table: Table, deal: Mapping[str, Any], result: DealResult) -> Mapping[str, Sequence[int]]:
        """Each player's side with the round's best number (as the scoring shares it out).

        >>> FreePad().deal_figures(Table(("A", "B", "C")), {}, DealResult((5, 9, 9), ()))
        {'deals_played': [1, 1, 1], 'deals_won': [0, 1, 1]}
        """
        points = result.points
        best = (min if self.lower_wins(table) else max)(points)
        shared = len(set(points)) > 1
        return {"deals_played": [1] * table.size, "deals_won": [int(shared and p == best) for p in points]}

    def deals_left(self, table: Table, state: State) -> int | None:
        rounds = table.options.get("rounds")
        return max(0, rounds - state.deals_played) if rounds else None

    def is_over(self, table: Table, state: State) -> bool:
        """After the round in which a total reaches the target, or after the agreed rounds."""
        target = table.options.get("target", 0)
        return bool(target) and max(state.totals) >= target or super().is_over(table, state)

    def ends_by_hand(self, table: Table) -> bool:
        return not table.options.get("target") and not table.options.get("rounds")

    def winner_rule(self, table: Table) -> Text:
        target, rounds = table.options.get("target"), table.options.get("rounds")
        if target and rounds:
            end = P("The game ends after %(rounds)d deal, or sooner after the deal in which a total reaches "
                    "%(target)d.", "The game ends after %(rounds)d deals, or sooner after the deal in which a total "
                    "reaches %(target)d.", rounds, rounds=rounds, target=target)
        elif target:
            end = T("The game ends after the deal in which a total reaches %(target)d.", target=target)
        elif rounds:
            end = P("The game ends after %(rounds)d deal.", "The game ends after %(rounds)d deals.", rounds,
                    rounds=rounds)
        else:
            end = T("The table ends the game by hand.")
        return T("%(first)s %(second)s", first=end, second=super().winner_rule(table))  # ja: no space


GAME = FreePad()

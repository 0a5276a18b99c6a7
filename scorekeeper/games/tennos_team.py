"""The TENNOS team game (team, individual and secret-team modes).

Rules: ``shared/rules/tennos-team.md`` (seed 000; the game has no name in its
text, research notes O12). Players score at the **end of a game** from the
picture cards (J Q K of six suits) they captured; one "deal" of a session is one
game, and a session is a series of games.

Per player: own-suit picture 3, other picture 2, unused joker 1, ace still in
hand 1, complete J-Q-K of one suit 2 (suit of the player's colour) or 3 (other
colour), 4/5/6 pictures of one rank 2/5/8; team mode adds 2 per battalion to
the team.

Decisions and named options:

- ``mode`` (default ``auto``: team with 4 or 6 players, else individual):
  ``team`` (4 or 6 players, teams by ace colour),
  ``individual`` (2-6) or ``secret`` (6, pairs by joker colour: black, red, white).
- Who holds which suit (the ace drawn) is entered every game, so teams may
  change from game to game; ``teams()`` is therefore empty (it sees no deal).
  "Nearest to the spade player" follows the seating order spade, heart, cross,
  leaf, club, diamond (players sit by suit). The form offers the last game's suits
  (the first game: the suits in seat order); a suit entered twice is refused, so a
  table that changes one player's suit must change another's.
- Picture cards are tapped per player, as captured cards are (``captured``): a card
  given to one player is taken in the others' piles, and ``rest`` names the player who
  took every picture nobody else was given (seed (10): the game ends when the picture
  deck runs out); left empty when pictures stayed in the deck.
- Colours (O11): spade, cross, club black; heart, leaf, diamond red. In team mode
  the team colour is the player's ace colour, so "own colour" is the same rule
  in every mode.
- Set and same-rank bonuses come on top of the card points, and the same card
  may count in both.
- Battalions are a team figure: they count in the team total that decides the
  game but are not added to any player's points. Battalions need three players
  of one team, so they are asked only with 6 players.
- A battalion takes its trick's picture card, so a team cannot have more battalions
  than picture cards were captured: more are refused. Only the other team's battalion
  in the same trick beats one, so a team with more battalions than the other took at
  least that many more picture cards itself (red 1 battalion, black none: red took one).
- Picture cards left in the deck are taken whoever still holds an ace or a joker:
  the seed ends a game early only once 3 players (2 of 4 or fewer) have no cards
  left, but a table that stops a game early by agreement must still be able to
  record it (and sessions stored before keep replaying).
- Unused jokers: team mode 0-2 per player, at most 2 per team (the blank is not a
  joker there); individual and secret modes 0-1 (the blank counts as a joker).
- ``teams`` (default ``drawn``): in team and secret modes the teams come from the
  aces (jokers) drawn for each game, as the seed's step (1) says. ``fixed``: the seed
  allows 「あらかじめチームが決まっている場合は省略しても構いません」 (if the teams are decided
  in advance, the draw may be skipped): the teams of the first game then hold for the
  whole session, and a later game with another split is refused.
- ``deals`` (default 3): games in the session. Each game's winners get a win.
- ``session_winner`` (rules note "Decided 2026-11-26 (session winner)"): ``total``
  (default) the highest running total wins the session; ``games_won`` ranks by games
  won first, then the totals. The totals are the players' own in individual mode and
  with teams drawn anew each game (a team exists only within one game, and the board
  says so); with fixed teams in team and secret modes they are the team totals,
  battalion points included (``team_points``: per player, the sum of his team's
  totals), so a whole team wins. Decision (the note is silent on ties): by total,
  equal totals go to the one with more games won, so a one-game session's winner
  is the game's, chosen by its own tie-break (a tester saw a shared session win
  where the game had a winner). Players level on both share the win.
  Sessions frozen before this option keep their reading: most games won, then
  ``team_points`` in team and secret modes (the record of the teams each player
  played in, also when drawn) and the players' totals in individual mode.
- Statistics (issue 24): each player's complete J-Q-K sets, and in team mode the
  battalions of the player's team (a team figure, counted for each member). With 4
  players battalions are not entered (see above), so they count only with 6.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from .base import DealResult, Figure, Game, State, Table, narrow, player_counts
from .captured import piles
from .entry import BOOL, CHOICE, INT, MULTI, SEAT, FieldSpec, OptionSpec
from .tennos_deck import (
    BLACK,
    COLOUR_NAMES,
    PICTURE_CARDS,
    PICTURE_RANKS,
    RED,
    TENNOS_COLOURS,
    TENNOS_SUIT_NAMES,
    TENNOS_SUITS,
    WHITE,
    team_game_suits,
    tennos_label,
    tennos_rank,
    tennos_suit,
)
from .text import N_, P, RuleError, T, Text, joined

TEAM, INDIVIDUAL, SECRET, AUTO = "team", "individual", "secret", "auto"
PLAYERS = {TEAM: (4, 6), INDIVIDUAL: (2, 3, 4, 5, 6), SECRET: (6,)}
SAME_RANK = {4: 2, 5: 5, 6: 8}
BATTALION = 2


def picture_points(suit: str, pictures: Sequence[str]) -> dict[str, int]:
    """The parts of a player's score that come from captured picture cards.

    >>> picture_points("S", ["JS", "QS", "KS", "JH"])
    {'own': 9, 'other': 2, 'own_sets': 2, 'other_sets': 0, 'same_rank': 0}
    """
    colour = TENNOS_COLOURS[suit]
    own = sum(1 for card in pictures if tennos_suit(card) == suit)
    complete = complete_sets(pictures)
    same = sum(1 for s in complete if TENNOS_COLOURS[s] == colour)
    by_rank = [sum(1 for card in pictures if tennos_rank(card) == rank) for rank in PICTURE_RANKS]
    return {"own": 3 * own, "other": 2 * (len(pictures) - own), "own_sets": 2 * same,
            "other_sets": 3 * (len(complete) - same), "same_rank": sum(SAME_RANK.get(n, 0) for n in by_rank)}


def complete_sets(pictures: Sequence[str]) -> list[str]:
    """The suits of which `pictures` hold the whole J-Q-K.

    >>> complete_sets(["JS", "QS", "KS", "JH", "QH"])
    ['S']
    """
    return [s for s in TENNOS_SUITS if all(rank + s in pictures for rank in PICTURE_RANKS)]


def player_points(suit: str, pictures: Sequence[str], jokers: int, ace: bool) -> int:
    """A player's points at the end of a game (worked example 2 of the rules: 17).

    >>> player_points("H", ["JC", "QC", "KC", "JD", "JL", "JX"], 0, False)
    17
    """
    return sum(picture_points(suit, pictures).values()) + jokers + int(ace)


def spade_order(suit: str) -> int:
    """Seats from the spade player clockwise: spade 0, heart 1, ..., diamond 5."""
    return TENNOS_SUITS.index(suit)


@dataclasses.dataclass(frozen=True)
class SeriesState(State):
    wins: tuple[int, ...] = ()
    #: per player, the sum of the totals of his team in each game (battalions included)
    team_points: tuple[int, ...] = ()
    #: with option teams "fixed": the teams of the first game, as sorted tuples of seats
    fixed: tuple[tuple[int, ...], ...] = ()


class TennosTeam(Game):
    slug = "tennos_team"
    name = N_("TENNOS team game")
    players = (2, 3, 4, 5, 6)
    rounds_are_games = True
    version = 2  # 2: equal session totals go to more games won (the summaries are computed again)

    options = (
        OptionSpec("mode", N_("Mode"), CHOICE, AUTO,
                   choices=((AUTO, N_("by the number of players: team with 4 or 6, else individual")),
                            (TEAM, N_("team (4 or 6 players)")), (INDIVIDUAL, N_("individual (2-6 players)")),
                            (SECRET, N_("secret teams (6 players)")))),
        OptionSpec("teams", N_("Teams"), CHOICE, "drawn",
                   choices=(("drawn", N_("drawn for each game (the aces or jokers)")),
                            ("fixed", N_("decided in advance: the first game's teams stay")))),
        OptionSpec("deals", N_("Number of games"), INT, 3, minimum=1, maximum=99),
        OptionSpec("session_winner", N_("The session's winner"), CHOICE, "total",
                   choices=(("total", N_("the highest running total, then most games won")),
                            ("games_won", N_("most games won, then the running totals")))),
    )

    def mode(self, table: Table) -> str:
        """The option, with "auto" read as the rules' default for this many players."""
        mode = table.options.get("mode", AUTO)
        if mode == AUTO:
            return TEAM if table.size in (4, 6) else INDIVIDUAL
        return mode

    def check_table(self, table: Table) -> None:
        super().check_table(table)
        mode = self.mode(table)
        if table.size not in PLAYERS[mode]:
            raise RuleError(T("This mode is played by %(counts)s players.",
                              counts=player_counts(PLAYERS[mode])), "players")

    def deal_fields(self, table: Table, state: State) -> tuple[FieldSpec, ...]:
        mode = self.mode(table)
        suits = team_game_suits(mode, table.size)
        fields = [FieldSpec("suit", N_("Suit (the ace drawn)"), CHOICE, per_seat=True, sticky=True, distinct=True,
                            choices=tuple((s, TENNOS_SUIT_NAMES[s]) for s in suits), default=suits[:table.size])]
        if mode == SECRET:
            fields.append(FieldSpec("joker", N_("Joker colour held (partners share it)"), CHOICE, per_seat=True,
                                    choices=tuple((c, COLOUR_NAMES[c]) for c in (BLACK, RED, WHITE))))
        fields += [
            FieldSpec("rest", N_("The remaining picture cards go to"), SEAT, required=False,
                      help=N_("Every picture card not tapped for another player is theirs. Nobody: some "
                              "stayed in the deck.")),
            FieldSpec("pictures", N_("Picture cards captured"), MULTI, per_seat=True, required=False,
                      choices=tuple((card, tennos_label(card)) for card in PICTURE_CARDS), deck="tennos",
                      rest_field="rest"),
            FieldSpec("jokers", N_("Jokers never played"), INT, per_seat=True, minimum=0,
                      maximum=2 if mode == TEAM else 1, default=0),
            FieldSpec("ace", N_("Ace still in hand"), BOOL, per_seat=True),
        ]
        if mode == TEAM and table.size == 6:
            fields += [FieldSpec(f"battalions_{c}", label, INT, minimum=0, maximum=18, default=0)
                       for c, label in ((BLACK, N_("Battalions of the black team")),
                                        (RED, N_("Battalions of the red team")))]
        return tuple(fields)

    # -- checks ------------------------------------------------------------------
    def complete(self, table: Table, state: State, deal: dict[str, Any]) -> None:
        """The rest player's pile: every picture card nobody else was given."""
        deal["pictures"] = piles(deal["pictures"], deal.get("rest"), PICTURE_CARDS)

    def check_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        self._check_suits(table, deal)
        self._check_pictures(table, deal)
        if self.mode(table) == SECRET:
            self._check_joker_pairs(table, deal)
        self._check_fixed_teams(table, state, deal)
        if self.mode(table) == TEAM:
            self._check_team_jokers(table, deal)
            self._check_battalions(table, deal)

    def _check_suits(self, table: Table, deal: Mapping[str, Any]) -> None:
        """Each suit (the ace drawn) belongs to one player."""
        first: dict[str, int] = {}
        for seat, suit in enumerate(deal["suit"]):
            if suit in first:
                raise RuleError(T("%(first)s and %(second)s both entered %(suit)s; each suit belongs to one "
                                  "player.", first=table.name(first[suit]), second=table.name(seat),
                                  suit=tennos_label("A" + suit)[0]), f"suit-{seat}")
            first[suit] = seat

    def _check_pictures(self, table: Table, deal: Mapping[str, Any]) -> None:
        """Each picture card was captured by one player at most."""
        owner: dict[str, int] = {}
        for seat, cards in enumerate(deal["pictures"]):
            for card in cards:
                if card in owner:
                    raise RuleError(T("%(card)s is entered for both %(first)s and %(second)s.",
                                      card=tennos_label(card), first=table.name(owner[card]),
                                      second=table.name(seat)), f"pictures-{seat}")
                owner[card] = seat

    def _check_joker_pairs(self, table: Table, deal: Mapping[str, Any]) -> None:
        """Secret teams: each joker colour is held by exactly two players, the partners."""
        for colour in (BLACK, RED, WHITE):
            holders = [table.name(s) for s, c in enumerate(deal["joker"]) if c == colour]
            if len(holders) != 2:
                raise RuleError(T("Each joker colour is held by exactly two players; %(colour)s: %(names)s.",
                                  colour=Text(COLOUR_NAMES[colour]),
                                  names=joined(T(", "), holders) if holders else "-"), "joker")

    def _check_fixed_teams(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        """Option teams "fixed": every game after the first has the first game's teams."""
        fixed = getattr(state, "fixed", ())
        if fixed and self.mode(table) in (TEAM, SECRET):
            if self._split(table, deal) != fixed:
                teams = "; ".join(table.names_of(seats, " & ") for seats in fixed)
                raise RuleError(T("The teams are fixed for this session: %(teams)s.", teams=teams),
                                "suit" if self.mode(table) == TEAM else "joker")

    def _check_team_jokers(self, table: Table, deal: Mapping[str, Any]) -> None:
        """Team mode: a team holds two jokers, so its players leave at most two unused."""
        for colour, members in self.groups(table, deal).items():
            unused = sum(deal["jokers"][s] for s in members)
            if unused > 2:
                raise RuleError(T("The %(colour)s team had two jokers; %(names)s entered %(n)d unused.",
                                  colour=Text(COLOUR_NAMES[colour]), n=unused,
                                  names=table.names_of(members)), "jokers")

    def _check_battalions(self, table: Table, deal: Mapping[str, Any]) -> None:
        """Each trick turns one picture card, and a battalion takes its trick's picture: a team
        forms at most one battalion per picture card captured. Only the other team's battalion in
        the same trick beats one, so a team takes a picture card for each battalion the other team
        cannot have beaten."""
        captured = sum(len(cards) for cards in deal["pictures"])
        groups = self.groups(table, deal)
        formed = {colour: deal.get(f"battalions_{colour}", 0) for colour in (BLACK, RED)}
        for colour, other in ((BLACK, RED), (RED, BLACK)):
            battalions, own = formed[colour], sum(len(deal["pictures"][s]) for s in groups.get(colour, ()))
            if battalions > captured:
                raise RuleError(T("The %(colour)s team's battalions (%(n)d) outnumber the picture cards captured "
                                  "(%(pictures)d): each battalion takes its trick's picture card.",
                                  n=battalions, colour=Text(COLOUR_NAMES[colour]), pictures=captured),
                                f"battalions_{colour}")
            if battalions - formed[other] > own:
                raise RuleError(T("The %(colour)s team's battalions (%(n)d), less the other team's (%(beaten)d), "
                                  "outnumber the picture cards it took (%(pictures)d): a battalion takes its trick's "
                                  "picture card unless the other team's battalion beats it.",
                                  colour=Text(COLOUR_NAMES[colour]), n=battalions, beaten=formed[other],
                                  pictures=own), f"battalions_{colour}")

    # -- scoring -------------------------------------------------------------------
    def groups(self, table: Table, deal: Mapping[str, Any]) -> dict[str, list[int]]:
        """Team colour -> seats: by ace colour (team mode) or joker colour (secret mode)."""
        key = (lambda s: TENNOS_COLOURS[deal["suit"][s]]) if self.mode(table) == TEAM else (lambda s: deal["joker"][s])
        found: dict[str, list[int]] = {}
        for seat in sorted(range(table.size), key=lambda s: spade_order(deal["suit"][s])):
            found.setdefault(key(seat), []).append(seat)
        return found

    def _split(self, table: Table, deal: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        """This game's teams as sorted tuples of seats, in sorted order (as fixed teams are kept)."""
        return tuple(sorted(tuple(sorted(seats)) for seats in self.groups(table, deal).values()))

    def points(self, table: Table, deal: Mapping[str, Any]) -> tuple[int, ...]:
        return tuple(player_points(deal["suit"][s], deal["pictures"][s], deal["jokers"][s], deal["ace"][s])
                     for s in range(table.size))

    def team_totals(self, table: Table, deal: Mapping[str, Any]) -> tuple[int, ...]:
        """Per player, the total of his team in this game (battalions included); individual: his points."""
        points, mode = self.points(table, deal), self.mode(table)
        if mode == INDIVIDUAL:
            return points
        result = [0] * table.size
        for colour, seats in self.groups(table, deal).items():
            battalions = deal.get(f"battalions_{colour}", 0) if mode == TEAM else 0
            total = sum(points[s] for s in seats) + BATTALION * battalions
            for s in seats:
                result[s] = total
        return tuple(result)

    def decide(self, table: Table, deal: Mapping[str, Any]) -> tuple[tuple[int, ...], list[Text]]:
        """(winning seats, the lines that explain the decision)."""
        if self.mode(table) == INDIVIDUAL:
            return self._best_player(table, deal)
        return self._best_team(table, deal)

    def _best_player(self, table: Table, deal: Mapping[str, Any]) -> tuple[tuple[int, ...], list[Text]]:
        """Individual mode: the highest score; a tie goes to fewer picture cards, then to the player
        nearest to the spade player."""
        points = self.points(table, deal)
        key = lambda s: (-points[s], len(deal["pictures"][s]), spade_order(deal["suit"][s]))  # noqa: E731
        ranked = sorted(range(table.size), key=key)
        best, runner = ranked[0], ranked[1]
        why = (N_("highest score") if points[best] != points[runner] else
               N_("tie on points: fewer picture cards") if key(best)[1] != key(runner)[1] else
               N_("tie on points and picture cards: nearest to the spade player"))
        return (best,), [T("%(player)s wins: %(why)s.", player=table.name(best), why=Text(why))]

    def _best_team(self, table: Table, deal: Mapping[str, Any]) -> tuple[tuple[int, ...], list[Text]]:
        """Team and secret modes: each team's total (battalions included), then the winning team."""
        points, mode = self.points(table, deal), self.mode(table)
        groups = self.groups(table, deal)
        lines: list[Text] = []
        totals: dict[str, int] = {}
        for colour, seats in groups.items():
            battalions = deal.get(f"battalions_{colour}", 0) if mode == TEAM else 0
            totals[colour] = sum(points[s] for s in seats) + BATTALION * battalions
            extra = P(" + %(n)d battalion x 2", " + %(n)d battalions x 2", battalions) if battalions else ""
            lines.append(T("The %(colour)s team (%(names)s): %(points)s%(extra)s = %(total)d.",
                           colour=Text(COLOUR_NAMES[colour]), names=table.names_of(seats),
                           points=" + ".join(str(points[s]) for s in seats), extra=extra, total=totals[colour]))
        winner, why = self._team_tie_break(deal, groups, points, totals, mode)
        lines.append(T("The %(colour)s team wins: %(why)s.", colour=Text(COLOUR_NAMES[winner]), why=why))
        return tuple(groups[winner]), lines

    def _team_tie_break(self, deal: Mapping[str, Any], groups: Mapping[str, list[int]], points: Sequence[int],
                        totals: Mapping[str, int], mode: str) -> tuple[str, Text]:
        """The higher total wins; totals within one point (team mode) or equal (secret mode) go to the
        better second-best player (the lower-scoring partner), then to the team of the player nearest
        to the spade player. (winning colour, why)"""
        nearest = lambda seats: min(spade_order(deal["suit"][s]) for s in seats)  # noqa: E731
        second = {c: sorted((points[s] for s in seats), reverse=True)[1] for c, seats in groups.items()}
        top = max(totals.values())
        margin = 1 if mode == TEAM else 0
        close = [c for c in totals if totals[c] >= top - margin]
        if len(close) == 1:
            return close[0], T("higher total")
        best_second = max(second[c] for c in close)
        still = [c for c in close if second[c] == best_second]
        detail = joined(T(", "), [str(second[c]) for c in close])
        if len(still) == 1:
            return still[0], (T("totals within one point; second-best players %(detail)s", detail=detail)
                              if mode == TEAM else T("totals tied; lower-scoring members %(detail)s", detail=detail))
        return (min(still, key=lambda c: nearest(groups[c])),
                T("still equal: the spade player's team") if mode == TEAM else
                T("still tied: the team of the player nearest to the spade player"))

    def score_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> DealResult:
        points = self.points(table, deal)
        lines = []
        labels = (("own", N_("own suit")), ("other", N_("other pictures")), ("own_sets", N_("J-Q-K own colour")),
                  ("other_sets", N_("J-Q-K other colour")), ("same_rank", N_("same rank")))
        for seat in range(table.size):
            suit = deal["suit"][seat]
            parts = picture_points(suit, deal["pictures"][seat])
            shown = [T("%(what)s %(n)d", what=Text(label), n=parts[key]) for key, label in labels if parts[key]]
            if deal["jokers"][seat]:
                shown.append(T("unused jokers %(n)d", n=deal["jokers"][seat]))
            if deal["ace"][seat]:
                shown.append(T("ace in hand 1"))
            lines.append(T("%(player)s (%(suit)s %(name)s): %(parts)s = %(total)d.", player=table.name(seat),
                           suit=tennos_label("A" + suit)[0], name=Text(TENNOS_SUIT_NAMES[suit]),
                           parts=joined(T(" + "), shown) if shown else "0", total=points[seat]))
        won, decision = self.decide(table, deal)
        summary = P("%(names)s wins", "%(names)s win", len(won), names=table.names_of(won))
        return DealResult(points, tuple(lines + decision), summary)

    figures = (Figure("sets", N_("J-Q-K sets")), Figure("battalions", N_("Battalions of the team")))

    def deal_figures(self, table: Table, deal: Mapping[str, Any], result: DealResult) -> Mapping[str, Sequence[int]]:
        """Each player's sets; the battalions of his team (team mode: by ace colour) for each member."""
        team = self.mode(table) == TEAM
        return {"sets": [len(complete_sets(pictures)) for pictures in deal["pictures"]],
                "battalions": [deal.get(f"battalions_{TENNOS_COLOURS[suit]}", 0) * team for suit in deal["suit"]]}

    # -- the series of games -----------------------------------------------------------
    def start(self, table: Table) -> SeriesState:
        return SeriesState(0, table.first_dealer, (0,) * table.size, (True,) * table.size,
                           wins=(0,) * table.size, team_points=(0,) * table.size)

    def after_deal(self, table: Table, state: State, deal: Mapping[str, Any], result: DealResult) -> State:
        own = narrow(state, SeriesState)
        new = narrow(super().after_deal(table, own, deal, result), SeriesState)
        won = self.decide(table, deal)[0]
        fixed = own.fixed
        if not fixed and table.options.get("teams") == "fixed" and self.mode(table) != INDIVIDUAL:
            fixed = self._split(table, deal)
        return dataclasses.replace(
            new, wins=tuple(w + (s in won) for s, w in enumerate(own.wins)),
            team_points=tuple(a + b for a, b in zip(own.team_points, self.team_totals(table, deal))),
            fixed=fixed)

    def team_standings(self, table: Table) -> bool:
        """Whether teams' running totals rank the session (fixed teams, or any teams in sessions frozen
        before ``session_winner``), rather than each player's own."""
        if self.mode(table) == INDIVIDUAL:
            return False
        return "session_winner" not in table.options or table.options.get("teams") == "fixed"

    def side_totals(self, table: Table, state: State) -> tuple[int, ...]:
        """The team's running total (battalions included) where teams rank the session (`team_standings`)."""
        own = narrow(state, SeriesState)
        return own.team_points if self.team_standings(table) else own.totals

    def ranking(self, table: Table, state: State) -> Sequence[Any]:
        """Per player: games won (when ``session_winner`` counts them first), then the running total
        that ranks the session (the team's, `team_standings`); by total, equal totals then games won
        (a one-game session's winner is its game's, whom the game's own tie-break chose)."""
        own = narrow(state, SeriesState)
        totals = self.side_totals(table, state)
        if table.options.get("session_winner", "games_won") == "games_won":
            return tuple((own.wins[s], totals[s]) for s in range(table.size))
        return tuple((totals[s], own.wins[s]) for s in range(table.size))

    def winners(self, table: Table, state: State) -> tuple[int, ...]:
        """The highest running total (equal: more games won), or most games won first
        (``session_winner``); ties share."""
        rank = self.ranking(table, state)
        return tuple(s for s in range(table.size) if rank[s] == max(rank))

    def sides(self, table: Table, state: State) -> tuple[tuple[int, ...], ...]:
        """Fixed teams share their place; teams drawn anew each game do not outlast the game."""
        return narrow(state, SeriesState).fixed or super().sides(table, state)

    def winner_rule(self, table: Table) -> Text:
        """Which totals decide the session, and whether games won come first."""
        games = table.options.get("session_winner", "games_won") == "games_won"
        if self.team_standings(table):
            return (T("Most games won, then the highest team total, wins the session.") if games else
                    T("The highest team total, then most games won, wins the session."))
        if self.mode(table) == INDIVIDUAL:
            return (T("Most games won, then the highest total, wins the session.") if games else
                    T("The highest total, then most games won, wins the session."))
        return (T("Most games won, then the highest total, wins the session: each player's own points, as the "
                  "teams are drawn anew each game.") if games else
                T("The highest total, then most games won, wins the session: each player's own points, as the "
                  "teams are drawn anew each game."))

    def seat_notes(self, table: Table, state: State) -> tuple[Text | None, ...]:
        own = narrow(state, SeriesState)
        if own.fixed:  # the team total that ranks the session
            return tuple(P("%(n)d game won, team %(team)d", "%(n)d games won, team %(team)d", w, team=t)
                         for w, t in zip(own.wins, own.team_points))
        return tuple(P("%(n)d game won", "%(n)d games won", w) for w in own.wins)

    def notes(self, table: Table, state: State) -> tuple[Text, ...]:
        notes = [T("Enter each player's suit (the ace drawn); the spade player leads the first trick.")]
        fixed = getattr(state, "fixed", ())
        if fixed:
            notes.append(T("The teams are fixed for this session: %(teams)s.",
                           teams="; ".join(table.names_of(seats, " & ") for seats in fixed)))
        return tuple(notes)


GAME = TennosTeam()

"""The game protocol and the frozen value types every engine speaks.

Engines are plain values in, plain values out: no Flask, no database, no clock, no
randomness. A session is a `Table` (names, options, first dealer) plus the deal payloads
entered; `replay()` walks them through a game and returns a `Standing`.

A game subclasses `Game` and fills in `options` (the variants and house rules, each an
`OptionSpec` with a default, so old sessions replay from their frozen copy), `deal_fields`
(what the table enters after a deal, as `FieldSpec`s: the web form, the API schema and
`parse_deal` all read them), `check_deal` (raise `RuleError` with a sentence a player
understands), `score_deal` (per-seat points and a readable breakdown) and, where the
defaults (clockwise dealer, sum the points, never over) do not fit, `after_deal`,
`is_over`, `winners` (and `winner_rule`, which says how), `notes` and `facts` (what `notes`
says, as data for the API's "next").
Every user-facing sentence is a `Text` (``text.py``), translated by the web layer.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, overload

from . import entry
from .entry import BOOL, CHOICE, INT, MULTI, SEAT, SEATS, FieldSpec, OptionSpec, is_shown, parse_deal, resolve_options  # noqa: F401 (for the web)
from .text import N_, DealError, RuleError, T, Text, joined


@dataclass(frozen=True)
class Table:
    """Who sits at the table (in clockwise order), the frozen options, the first dealer."""

    names: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    first_dealer: int = 0

    @property
    def size(self) -> int:
        return len(self.names)

    def name(self, seat: int) -> str:
        return self.names[seat]

    @overload
    def names_of(self, seats: Iterable[int]) -> Text: ...
    @overload
    def names_of(self, seats: Iterable[int], separator: str) -> str: ...

    def names_of(self, seats: Iterable[int], separator: str | None = None) -> Text | str:
        """The names of the players in `seats`: a list in the reader's language ("Anna, Ben",
        "Anna、Ben"), or joined by `separator` ("Anna & Cleo")."""
        names = [self.names[seat] for seat in seats]
        return separator.join(names) if separator is not None else joined(T(", "), names)

    def side(self, seats: Iterable[int]) -> str:
        """A side as the pages name it: a player's name, or a team's (the name the table gave it, the
        free pad's option ``team_names``, else its players: "Anna & Cleo"). Teams sit alternately,
        so the team whose first seat is i is the i-th name.

        >>> table = Table(("A", "B", "C", "D"), {"team_names": "Us, "})
        >>> table.side((0, 2)), table.side((1, 3)), table.side((1,))
        ('Us', 'B & D', 'B')
        """
        seats, given = tuple(seats), self.team_names
        if len(seats) > 1 and seats[0] < len(given) and given[seats[0]]:
            return given[seats[0]]
        return self.names_of(seats, " & ")

    @property
    def team_names(self) -> tuple[str, ...]:
        """The names the table gave its teams, in order ("" for a team it left unnamed), separated by
        commas (「、」 and 「，」 too; a comma at the end names nobody).

        >>> Table(("A", "B", "C", "D"), {"team_names": "赤組，白組、"}).team_names
        ('赤組', '白組')
        """
        names = [name.strip() for name in re.split("[,、，]", self.options.get("team_names") or "")]
        while names and not names[-1]:
            names.pop()
        return tuple(names)

    def scores(self, points: Sequence[int], sides: Iterable[Iterable[int]] | None = None) -> Text:
        """Each player's (or side's) points of a deal as the board's save line writes them:
        "Anna 0, Ben -5, Carl +3"."""
        sides = sides if sides is not None else ((seat,) for seat in range(self.size))
        parts = [f"{self.side(side)} {signed(points[side[0]])}" for side in map(tuple, sides)]
        return joined(T(", "), parts)


def player_counts(counts: Sequence[int]) -> str:
    """How many may play: "3 / 4", or a run of three or more as "2–4" (the start page and the
    refusals say it alike).

    >>> player_counts((3, 4)), player_counts((4, 5, 6)), player_counts(tuple(range(1, 13)))
    ('3 / 4', '4–6', '1–12')
    """
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return " / ".join(str(n) for n in counts)


def signed(value: int) -> str:
    """A deal's points with their sign; nothing is written before 0."""
    return f"{value:+d}" if value else "0"


# --- what comes out ----------------------------------------------------------


@dataclass(frozen=True)
class DealResult:
    """One deal scored: points per seat and the arithmetic that produced them."""

    points: tuple[int, ...]
    breakdown: tuple[Text, ...]
    summary: Text | None = None
    #: what the line confirming the save adds to the points (Handjass: who goes out)
    news: tuple[Text, ...] = ()


@dataclass(frozen=True)
class Figure:
    """Something a game's players count over their sessions (Grand Hands won, Weis points): `name`
    is its key in the records, `label` what the statistics pages call it."""

    name: str
    label: str


@dataclass(frozen=True)
class State:
    """Where a session stands between deals. Games may subclass it for more."""

    deals_played: int
    dealer: int
    totals: tuple[int, ...]
    active: tuple[bool, ...]
    leader: int | None = None


S = TypeVar("S", bound=State)


def narrow(state: State, kind: type[S]) -> S:
    """`state` as the game's own State subclass (its `start` makes one, `after_deal` keeps it one)."""
    assert isinstance(state, kind)
    return state


@dataclass(frozen=True)
class Standing:
    """A replayed session: every deal's result, running totals, who deals next, who won."""

    results: tuple[DealResult, ...]
    running: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    dealer: int | None
    leader: int | None
    over: bool
    winners: tuple[int, ...]
    deals_left: int | None
    state: State  # where the session stands after the last deal
    losers: tuple[int, ...] = ()
    dealers: tuple[int, ...] = ()  # who dealt each deal
    seated: tuple[tuple[bool, ...], ...] = ()  # who was still in the game at each deal
    notes: tuple[Text, ...] = ()
    seat_notes: tuple[Text | None, ...] = ()
    active: tuple[bool, ...] = ()
    teams: tuple[tuple[int, ...], ...] = ()
    sides: tuple[tuple[int, ...], ...] = ()  # who shares a place (`Game.sides`)
    side_totals: tuple[int, ...] = ()  # per seat, its side's total that ranks the session (`Game.side_totals`)

    @property
    def team_totals(self) -> tuple[tuple[tuple[int, ...], int], ...]:
        """Each team with the total that ranks it (the board's "Teams:" line); none where each
        player stands alone."""
        if all(len(side) == 1 for side in self.sides):
            return ()
        return tuple((side, self.side_totals[side[0]]) for side in self.sides)


class Game:
    """Base class of every engine. Subclasses set the class attributes and override
    the rule methods; `replay` is the one loop that turns deals into a Standing."""

    slug: str = ""
    name: str = ""
    #: stored with each deal; raised when a game scores stored deals differently
    version: int = 1
    #: named starting points of the start form: (label, option values), e.g. Schieber's "1000 without factors"
    presets: tuple[tuple[str, Mapping[str, Any]], ...] = ()
    players: tuple[int, ...] = ()
    lower_is_better: bool = False
    #: the standing's first column: "points" or a game word ("strokes")
    unit: str = N_("points")
    #: shown on the new-game page: how to seat the players (partners opposite, ...)
    setup_help: str = ""
    #: totals are strokes that players draw as tally marks (Handjass)
    tally: bool = False
    #: what the statistics count for each player, deal by deal (`deal_figures`)
    figures: tuple[Figure, ...] = ()

    def deal_figures(self, table: Table, deal: Mapping[str, Any], result: DealResult) -> Mapping[str, Sequence[int]]:
        """Per figure name, each seat's count in one stored deal (its parsed values and its result);
        a figure a deal does not name counts 0."""
        return {}

    def seat_figures(self, table: Table, deals: Sequence[Mapping[str, Any]],
                     results: Sequence[DealResult]) -> list[dict[str, int]]:
        """Each seat's figures summed over the deals played (only those that are not 0)."""
        sums: list[dict[str, int]] = [{} for _ in table.names]
        for deal, result in zip(deals, results):
            for name, counts in self.deal_figures(table, deal, result).items():
                for seat, count in enumerate(counts):
                    if count:
                        sums[seat][name] = sums[seat].get(name, 0) + count
        return sums

    #: a template drawing the game's own picture of the standing under the scores (a chalk Tafel);
    #: it sees the board's context (`board`, `standing`, `names`)
    board_template: str | None = None
    #: each entry is a whole game of a series (TENNOS team game), so the pages say "game", not "deal"
    rounds_are_games: bool = False
    #: what the new-game form asks for the seat that starts (Sataat: the first parent, by card draw)
    first_seat_label: str = N_("Who deals first")

    def dealer_for_first_seat(self, n_players: int, seat: int) -> int:
        """The first dealer, given the seat the new-game form asked for (`first_seat_label`)."""
        return seat

    def legacy(self, table: Table, state: State) -> tuple[entry.Legacy, ...]:
        """Inputs that older deals and API v1 clients send but that are no longer asked (`Legacy`):
        accepted when they agree with the other values, refused naming them when not; never stored."""
        return ()

    #: what the early phase locks, for its button, heading and hint (Stendhal locks revealed cards)
    lock_label: str = N_("Lock the bids")
    locked_title: str = N_("Locked bids")
    lock_hint: str = N_("bids first; they are locked before play")
    unlock_label: str = N_("Delete the bids")
    unlock_hint: str = N_("To change a locked bid, delete it and enter the bids again.")
    #: the change log's line (``n``: the deal's number)
    locked_change: str = N_("Bids of deal %(n)d locked.")

    #: the variants and house rules, each with a default (see `option_specs`)
    options: tuple[OptionSpec, ...] = ()

    def title(self, options: Mapping[str, Any]) -> Text:
        """The game as a session with these options is named on its pages (the free pad: its name too)."""
        return Text(self.name)

    def lower_wins(self, table: Table) -> bool:
        """Whether the lowest total wins at this table (the free pad: as its options say)."""
        return self.lower_is_better

    # -- options and inputs
    def option_specs(self, n_players: int) -> tuple[OptionSpec, ...]:
        return self.options

    def settled_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The resolved options as this game plays them: an option a preset decides holds the preset's
        value, so that what a session says of its options is what it scores by."""
        return options

    def check_table(self, table: Table) -> None:
        """Raise RuleError when the number of players or an option combination cannot be played."""
        if table.size not in self.players:
            raise RuleError(T("%(game)s is played by %(counts)s players.", game=Text(self.name),
                              counts=player_counts(self.players)), "players")
        if not 0 <= table.first_dealer < table.size:
            raise RuleError(T("Choose the first dealer among the players."), "first_dealer")

    def deal_fields(self, table: Table, state: State) -> tuple[FieldSpec, ...]:
        raise NotImplementedError

    def known_fields(self, table: Table, state: State) -> dict[str, FieldSpec]:
        """The deal fields by name, for reading deals stored earlier (the change log): those of `state`,
        each choice field with every choice it offered at the start too (Coiffeur offers only the rows
        still open, so a filled row keeps its name)."""
        known: dict[str, FieldSpec] = {}
        for spec in (*self.deal_fields(table, self.start(table)), *self.deal_fields(table, state)):
            earlier = known.get(spec.name)
            if earlier is not None and spec.kind in (CHOICE, MULTI):
                spec = dataclasses.replace(spec, choices=tuple({**dict(earlier.choices), **dict(spec.choices)}.items()))
            known[spec.name] = spec
        return known

    def logged_fields(self, table: Table, state: State, deal: Mapping[str, Any]) -> dict[str, FieldSpec]:
        """The fields by name for showing one stored deal's values (a change log's "from what to
        what"): `known_fields`, which a game whose fields depend on the deal itself names more
        closely (Stendhal: its minus suits)."""
        return self.known_fields(table, state)

    # -- the rules of one deal
    def check_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> None:
        """Raise RuleError when the parsed deal breaks a rule; the default accepts it."""

    def score_deal(self, table: Table, state: State, deal: Mapping[str, Any]) -> DealResult:
        raise NotImplementedError

    # -- the session around the deals
    def start(self, table: Table) -> State:
        return State(0, table.first_dealer, (0,) * table.size, (True,) * table.size)

    def next_dealer(self, table: Table, state: State, deal: Mapping[str, Any]) -> int:
        """Clockwise to the next active seat (seats are stored in clockwise order)."""
        return next_active(state.dealer, state.active, +1)

    def after_deal(self, table: Table, state: State, deal: Mapping[str, Any], result: DealResult) -> State:
        totals = tuple(t + p for t, p in zip(state.totals, result.points))
        return dataclasses.replace(
            state,
            deals_played=state.deals_played + 1,
            totals=totals,
            dealer=self.next_dealer(table, dataclasses.replace(state, totals=totals), deal),
        )

    def is_over(self, table: Table, state: State) -> bool:
        """Over when the agreed number of deals (option ``deals``, if the game has it) is played."""
        return self.deals_left(table, state) == 0

    def deals_left(self, table: Table, state: State) -> int | None:
        limit = table.options.get("deals")
        return max(0, limit - state.deals_played) if limit else None

    def ends_by_hand(self, table: Table) -> bool:
        """Whether only the table ends this session (an open Skat list, a free pad without a target):
        its end by hand is its own end, whose winner its `winner_rule` says."""
        return False

    def winners(self, table: Table, state: State) -> tuple[int, ...]:
        """Best total wins, ties share the win (lower or higher, as the game says)."""
        best = (min if self.lower_wins(table) else max)(state.totals)
        return tuple(seat for seat, total in enumerate(state.totals) if total == best)

    def winner_rule(self, table: Table) -> Text:
        """The rule that decides the winner, from the session's options, for the board and the API."""
        if self.lower_wins(table):
            return T("The lowest total wins; equal totals share the win.")
        return T("The highest total wins; equal totals share the win.")

    def losers(self, table: Table, state: State) -> tuple[int, ...]:
        """Shown only where the game names a loser (Handjass: the last one left)."""
        return ()

    def ranking(self, table: Table, state: State) -> Sequence[Any]:
        """Per seat, what orders the players behind the winners (`places`), higher is better: the
        totals, turned round where the lowest wins. A game that decides otherwise says so here."""
        return tuple(-total for total in state.totals) if self.lower_wins(table) else state.totals

    def sides(self, table: Table, state: State) -> tuple[tuple[int, ...], ...]:
        """Who shares a place: the teams, else each player alone."""
        return self.teams(table) or tuple((seat,) for seat in range(table.size))

    def side_totals(self, table: Table, state: State) -> tuple[int, ...]:
        """Per seat, the running total of its side that ranks the session: the seat's own, which
        partners share. A game whose teams add up more than their players' points says so here."""
        return state.totals

    def places(self, table: Table, state: State) -> tuple[int, ...]:
        """Each seat's place in a finished session, as the standing ranks it: 1 for the winners, last
        for the losers the game names, the others between them by `ranking`. Equal sides share a
        place and the next one is skipped (1, 1, 3); partners share their team's place.

        >>> from .yacht import GAME as yacht
        >>> yacht.places(Table(("A", "B", "C", "D")), State(5, 0, (30, 50, 30, 10), (True,) * 4))
        (2, 1, 2, 4)
        """
        winners, losers = set(self.winners(table, state)), set(self.losers(table, state))
        measure = self.ranking(table, state)
        sides = self.sides(table, state)

        def group(side: tuple[int, ...]) -> int:  # winners first, named losers last
            return 0 if winners.intersection(side) else 2 if losers.intersection(side) else 1

        def before(one: tuple[int, ...], other: tuple[int, ...]) -> bool:
            if group(one) != group(other):
                return group(one) < group(other)
            return group(one) == 1 and measure[one[0]] > measure[other[0]]

        places = [0] * table.size
        for side in sides:
            for seat in side:
                places[seat] = 1 + sum(before(other, side) for other in sides)
        return tuple(places)

    def notes(self, table: Table, state: State) -> tuple[Text, ...]:
        """What the table must know before the next deal (schedules, exchanges owed)."""
        return ()

    def final_notes(self, table: Table, state: State) -> tuple[Text, ...]:
        """What the board still says once the game is over (the record that decided it). Default: nothing."""
        return ()

    def seat_notes(self, table: Table, state: State) -> tuple[Text | None, ...]:
        return (None,) * table.size

    def final_seat_notes(self, table: Table, state: State) -> tuple[Text | None, ...]:
        """Per-player status once the game is over (marks about the next deal no longer apply)."""
        return self.seat_notes(table, state)

    def other_totals(self, table: Table, state: State) -> tuple[tuple[Text, tuple[int, ...]], ...]:
        """Totals the game keeps beside the ones that rank (the Skat list's second column), each
        with its name; the CSV adds a row for each."""
        return ()

    def teams(self, table: Table) -> tuple[tuple[int, ...], ...]:
        return ()

    def facts(self, table: Table, state: State, early: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """What the table must know before the next deal, as plain JSON-ready data (the API's "next";
        `notes` says the same in sentences). `early`: the locked values of the next deal's early
        phase, if any (Stendhal: the revealed cards). The default gives the dealer, the leader and
        the fields a game's own State adds (Sataat: ``exchange`` cards owed by the ``givers``)."""
        facts: dict[str, Any] = {"dealer": state.dealer, "leader": state.leader}
        base = {f.name for f in dataclasses.fields(State)}
        for f in dataclasses.fields(state):
            if f.name not in base:
                facts[f.name] = plain(getattr(state, f.name))
        return facts

    # -- phases (bids entered and locked before play)
    def phases(self, table: Table, state: State) -> tuple[str, ...]:
        """The entry phases of the next deal in order, e.g. ("bid", "play")."""
        return tuple(dict.fromkeys(spec.phase for spec in self.deal_fields(table, state)))

    def play_fields(self, table: Table, state: State, early: Mapping[str, Any]) -> tuple[FieldSpec, ...]:
        """The fields as the page asks the play once the early phase is locked (`early`: its values):
        the same inputs, only labels and offered choices may say more (Stendhal: the minus suits)."""
        return self.deal_fields(table, state)

    def pending_notes(self, table: Table, state: State, early: Mapping[str, Any]) -> tuple[Text, ...]:
        """What the table must know once an early phase is locked (Stendhal: the minus suits)."""
        return ()

    def locked_shown(self, table: Table) -> bool:
        """Whether the board lists the locked values of the early phase (Differenzler: not when hidden)."""
        return True

    def check_phase(self, table: Table, state: State, deal: Mapping[str, Any], phase: str) -> None:
        """Raise RuleError when the values of an early phase (say, the bids) break a rule."""

    def as_entered(self, table: Table, raw: Any) -> Table:
        """The table as this deal was entered: its inputs may follow other options than the session's
        (Stendhal: revealed cards given together in a per-seat session). Default: the table."""
        return table

    def parse_phase(self, table: Table, state: State, raw: Mapping[str, Any], phase: str) -> dict[str, Any]:
        """Parse and check only the fields of `phase` and the phases before it."""
        table = self.as_entered(table, raw)
        if self.is_over(table, state):
            raise RuleError(T("This game is over; no more deals can be entered."))
        order = self.phases(table, state)
        wanted = set(order[: order.index(phase) + 1])
        fields = [spec for spec in self.deal_fields(table, state) if spec.phase in wanted]
        known = {spec.name for spec in fields}
        legacy = [old for old in self.legacy(table, state) if old.spec is None or old.spec.phase in wanted]

        def check(deal: dict[str, Any]) -> None:
            entry.check_legacy(legacy, fields, raw, deal, table.size)
            self.check_phase(table, state, deal, phase)
        return self._checked(table, fields, {k: v for k, v in raw.items() if k in known}, check)

    # -- the loop
    def parse(self, table: Table, state: State, raw: Mapping[str, Any]) -> dict[str, Any]:
        table = self.as_entered(table, raw)
        if self.is_over(table, state):
            raise RuleError(T("This game is over; no more deals can be entered."))
        fields, legacy = self.deal_fields(table, state), self.legacy(table, state)

        def check(deal: dict[str, Any]) -> None:
            self.complete(table, state, deal)
            entry.check_legacy(legacy, fields, raw, deal, table.size)
            self.check_deal(table, state, deal)
        return self._checked(table, fields, entry.without_legacy(legacy, fields, raw), check)

    @staticmethod
    def _checked(table: Table, fields: Sequence[FieldSpec], raw: Mapping[str, Any],
                 check: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
        """The deal as `parse_deal` reads it, then `check`ed by the rules. A deal with values of the
        wrong kind (a box empty, 14 for at most 13) is checked too with those left empty, so that one
        save names every problem: the rules' refusals of the other fields come with them (a table
        heard of a missing partner, fixed it, and only then of a card entered twice). Best effort: a
        refusal about a field already refused, or of the deal as a whole, may come from the values
        left empty and is not said, nor anything the rules cannot check without them."""
        deal, errors = entry.parse_values(fields, raw, table.size, table.names, table.team_names)
        if errors:
            boxes = {error.field for error in errors}  # "start-0"; a row's "points" for any of its boxes
            rows = {(error.field or "").split("-")[0] for error in errors}
            try:
                check(deal)
            except RuleError as more:
                errors += [e for e in more.errors if e.field and e.field not in boxes
                           and ("-" in e.field or e.field not in rows)]
            except (ArithmeticError, AttributeError, LookupError, TypeError, ValueError):
                pass  # the rules need the values refused
            RuleError.every(errors)
        check(deal)
        return deal

    def check_sent(self, table: Table, state: State, raw: Mapping[str, Any], kept: Iterable[str] = ()) -> None:
        """Check a whole deal as an API client sent it: as `parse`, and a hidden derived entry sent empty
        counts as a value too (``took_trick: false`` for a player with card points is refused). `kept`:
        names whose values a correction sent back as the deal holds them (parsed, not checked as legacy)."""
        deal = self.parse(table, state, raw)
        kept = set(kept)
        sent = {name: value for name, value in raw.items() if name not in kept}
        entry.check_legacy(self.legacy(table, state), self.deal_fields(table, state), sent, deal, table.size,
                           sent=True)

    def complete(self, table: Table, state: State, deal: dict[str, Any]) -> None:
        """Fill in values derived from what was entered (card points from tapped cards), or
        raise RuleError; runs on every parse, so a replay derives them again. Default: nothing."""

    def play(self, table: Table, state: State, raw: Mapping[str, Any]) -> tuple[DealResult, State]:
        """Check, score and advance one deal."""
        deal = self.parse(table, state, raw)
        result = self.score_deal(table, state, deal)
        return result, self.after_deal(table, state, deal, result)

    def replay(self, table: Table, deals: Sequence[Mapping[str, Any]], resume: Standing | None = None) -> Standing:
        """Replay every stored deal from the start; raises DealError naming the first bad one.
        `resume`: this replay's standing after the first len(resume.results) deals (replayed
        earlier): only the deals after them are played, with the same result as from the start."""
        self.check_table(table)
        if resume is None:
            state, offset = self.start(table), 0
            results, running, dealers, seated = [], [], [], []
        else:
            state, offset = resume.state, len(resume.results)
            results, running, dealers = list(resume.results), list(resume.running), list(resume.dealers)
            seated = list(resume.seated)
        for index, raw in enumerate(deals[offset:], start=offset):
            dealers.append(state.dealer)
            seated.append(state.active)
            try:
                result, state = self.play(table, state, raw)
            except RuleError as error:
                raise DealError(index, error) from error
            results.append(result)
            running.append(state.totals)
        over = self.is_over(table, state)
        return Standing(
            results=tuple(results), running=tuple(running), totals=state.totals, state=state, over=over,
            dealer=None if over else state.dealer, leader=None if over else state.leader,
            winners=self.winners(table, state) if over else (), losers=self.losers(table, state) if over else (),
            dealers=tuple(dealers), seated=tuple(seated), deals_left=self.deals_left(table, state),
            notes=self.final_notes(table, state) if over else self.notes(table, state),
            seat_notes=self.final_seat_notes(table, state) if over else self.seat_notes(table, state),
            active=state.active, teams=self.teams(table), sides=self.sides(table, state),
            side_totals=self.side_totals(table, state),
        )


def plain(value: Any) -> Any:
    """Tuples (nested too) as lists, for JSON.

    >>> plain(((0, 2), (1, 3)))
    [[0, 2], [1, 3]]
    """
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    return value


def next_active(seat: int, active: Sequence[bool], step: int) -> int:
    """The next seat in direction `step` (+1 clockwise, -1 counter-clockwise) still in the game."""
    size = len(active)
    for offset in range(1, size + 1):
        candidate = (seat + step * offset) % size
        if active[candidate]:
            return candidate
    return seat

"""The game protocol and the frozen value types every engine speaks.

Engines are plain values in, plain values out: no Flask, no database, no clock,
no randomness. A session is a `Table` (names, options, first dealer) plus the
list of deal payloads that were entered; `replay()` walks them through a game
and returns a `Standing`.

A game module subclasses `Game` and fills in:

- `option_specs(n_players)`: the variant and house rules, each an `OptionSpec`
  with a default, so that old sessions stay reproducible from their frozen copy;
- `deal_fields(table, state)`: what the table enters after a deal, as `FieldSpec`s
  (the web form, the API schema and `parse_deal` all read them);
- `check_deal(table, state, deal)`: raise `RuleError` with a sentence a player
  understands when the deal breaks a rule;
- `score_deal(table, state, deal)`: a `DealResult` with per-seat points and a
  readable breakdown;
- `after_deal(...)`, `is_over(...)`, `winners(...)`, `notes(...)` where the
  defaults (clockwise dealer, sum the points, never over) do not fit.

Every user-facing sentence is a `Text`: an English msgid with ``%(name)s``
placeholders, translated by the web layer (`T` and `N_` are the extraction
keywords for Babel).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence


def N_(msgid: str) -> str:
    """Mark a string for translation without building a `Text`."""
    return msgid


@dataclass(frozen=True, eq=True)
class Text:
    """A translatable sentence: an English msgid and the values of its placeholders.

    >>> T("%(name)s deals next", name="Anna").render()
    'Anna deals next'
    """

    msgid: str
    params: tuple[tuple[str, Any], ...] = ()

    def render(self, translate=lambda msgid: msgid) -> str:
        text = translate(self.msgid)
        if not self.params:
            return text
        values = {
            key: value.render(translate) if isinstance(value, Text) else value
            for key, value in self.params
        }
        return text % values

    def __str__(self) -> str:
        return self.render()


def T(msgid: str, **params: Any) -> Text:
    """Build a `Text`; `T("%(n)d tricks", n=3)`."""
    return Text(msgid, tuple(sorted(params.items())))


class RuleError(ValueError):
    """A deal (or a session setup) breaks a rule of its game.

    `field` names the input the sentence is about (None: the whole deal), so
    the form can show it next to that field.
    """

    def __init__(self, text: Text, field: str | None = None):
        super().__init__(str(text))
        self.text = text
        self.field = field


class DealError(RuleError):
    """A stored deal no longer fits: raised by `replay` with the deal's index."""

    def __init__(self, index: int, error: RuleError):
        super().__init__(error.text, error.field)
        self.index = index
        self.error = error


# --- what the table enters -------------------------------------------------

INT, BOOL, CHOICE, MULTI, SEAT, SEATS = "int", "bool", "choice", "multi", "seat", "seats"
KINDS = (INT, BOOL, CHOICE, MULTI, SEAT, SEATS)


@dataclass(frozen=True)
class FieldSpec:
    """One input of a deal.

    kind: int | bool | choice (one of `choices`) | multi (any of `choices`)
          | seat (a seat index) | seats (a list of seat indexes).
    per_seat: the value is a list with one entry per seat.
    total: for per-seat ints, the entries must sum to this; the form fills the
           last one in when the others are typed.
    show_if: (other_field, values): only asked (and only read) while the other
             field has one of those values; otherwise it takes its default.
    seats: for per-seat fields, which seats are asked (None: all); the others get the default.
    phase: fields of an earlier phase (e.g. "bid") are entered and locked before
           play; the web stores them as a pending deal and asks the rest after.
    """

    name: str
    label: str
    kind: str
    per_seat: bool = False
    required: bool = True
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    default: Any = None
    show_if: tuple[str, tuple[Any, ...]] | None = None
    total: int | None = None
    help: str = ""
    seats: tuple[int, ...] | None = None
    phase: str = "play"

    def empty(self) -> Any:
        if self.default is not None:
            return self.default
        return {BOOL: False, MULTI: [], SEATS: []}.get(self.kind)

    def as_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["choices"] = [{"value": v, "label": label} for v, label in self.choices]
        data["show_if"] = (
            {"field": self.show_if[0], "values": list(self.show_if[1])} if self.show_if else None
        )
        return data


@dataclass(frozen=True)
class OptionSpec:
    """A variant or house rule of a game, chosen when the session starts."""

    name: str
    label: str
    kind: str  # int | bool | choice
    default: Any
    choices: tuple[tuple[str, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""

    def as_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["choices"] = [{"value": v, "label": label} for v, label in self.choices]
        return data


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


# --- what comes out ----------------------------------------------------------


@dataclass(frozen=True)
class DealResult:
    """One deal scored: points per seat and the arithmetic that produced them."""

    points: tuple[int, ...]
    breakdown: tuple[Text, ...]
    summary: Text | None = None


@dataclass(frozen=True)
class State:
    """Where a session stands between deals. Games may subclass it for more."""

    deals_played: int
    dealer: int
    totals: tuple[int, ...]
    active: tuple[bool, ...]
    leader: int | None = None


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
    losers: tuple[int, ...] = ()
    dealers: tuple[int, ...] = ()  # who dealt each deal
    notes: tuple[Text, ...] = ()
    seat_notes: tuple[Text | None, ...] = ()
    active: tuple[bool, ...] = ()
    teams: tuple[tuple[int, ...], ...] = ()
    state: State | None = None


# --- parsing and the replay loop ---------------------------------------------


def _as_int(spec: FieldSpec, value: Any, where: str) -> int:
    if isinstance(value, bool) or value is None or value == "":
        raise RuleError(T("%(field)s: enter a whole number.", field=Text(spec.label)), where)
    if isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            raise RuleError(T("%(field)s: enter a whole number.", field=Text(spec.label)), where)
    if not isinstance(value, int):
        raise RuleError(T("%(field)s: enter a whole number.", field=Text(spec.label)), where)
    if spec.minimum is not None and value < spec.minimum:
        raise RuleError(
            T("%(field)s cannot be less than %(minimum)d.", field=Text(spec.label), minimum=spec.minimum), where
        )
    if spec.maximum is not None and value > spec.maximum:
        raise RuleError(
            T("%(field)s cannot be more than %(maximum)d.", field=Text(spec.label), maximum=spec.maximum), where
        )
    return value


def _as_bool(spec: FieldSpec, value: Any, where: str) -> bool:
    if isinstance(value, bool):
        return value
    if value in (None, "", 0, "0", "false", "n", "no", "off"):
        return False
    if value in (1, "1", "true", "y", "yes", "on"):
        return True
    raise RuleError(T("%(field)s: answer yes or no.", field=Text(spec.label)), where)


def _as_seat(spec: FieldSpec, value: Any, where: str, size: int) -> int:
    seat = _as_int(dataclasses.replace(spec, minimum=None, maximum=None), value, where)
    if not 0 <= seat < size:
        raise RuleError(T("%(field)s: choose a player at this table.", field=Text(spec.label)), where)
    return seat


def _parse_one(spec: FieldSpec, value: Any, where: str, size: int) -> Any:
    missing = value is None or value == "" or value == []
    if missing and spec.kind not in (BOOL, MULTI, SEATS):
        if spec.required:
            raise RuleError(T("%(field)s is missing.", field=Text(spec.label)), where)
        return spec.empty()
    if spec.kind == INT:
        return _as_int(spec, value, where)
    if spec.kind == BOOL:
        return _as_bool(spec, value, where)
    if spec.kind == SEAT:
        return _as_seat(spec, value, where, size)
    allowed = [choice for choice, _ in spec.choices]
    if spec.kind == CHOICE:
        if value not in allowed:
            raise RuleError(T("%(field)s: choose one of the offered values.", field=Text(spec.label)), where)
        return value
    if spec.kind in (MULTI, SEATS):
        if value is None or value == "":
            value = []
        if not isinstance(value, (list, tuple)):
            raise RuleError(T("%(field)s: choose from the offered values.", field=Text(spec.label)), where)
        if spec.kind == SEATS:
            chosen = [_as_seat(spec, v, where, size) for v in value]
        else:
            chosen = list(value)
            if any(v not in allowed for v in chosen):
                raise RuleError(T("%(field)s: choose from the offered values.", field=Text(spec.label)), where)
        if len(set(chosen)) != len(chosen):
            raise RuleError(T("%(field)s: each value at most once.", field=Text(spec.label)), where)
        return sorted(chosen, key=allowed.index) if spec.kind == MULTI else sorted(chosen)
    raise ValueError(f"unknown field kind {spec.kind!r}")


def is_shown(spec: FieldSpec, values: Mapping[str, Any]) -> bool:
    if spec.show_if is None:
        return True
    other, wanted = spec.show_if
    return values.get(other) in wanted


def parse_deal(fields: Sequence[FieldSpec], raw: Mapping[str, Any], size: int) -> dict[str, Any]:
    """Turn what was entered (form strings or JSON) into typed values, field by field.

    Per-seat fields come as a list of `size` values. Fields hidden by `show_if`
    take their default. Raises `RuleError` naming the field (``points-2`` for a
    per-seat entry) on the first value that is not of its kind.

    >>> spec = FieldSpec("tricks", "Tricks", INT, minimum=0, maximum=9)
    >>> parse_deal([spec], {"tricks": "4"}, 3)
    {'tricks': 4}
    """
    if not isinstance(raw, Mapping):
        raise RuleError(T("A deal must be a set of named values."))
    known = {spec.name for spec in fields}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise RuleError(T("Unknown input: %(names)s.", names=", ".join(unknown)))
    values: dict[str, Any] = {}
    for spec in fields:
        if not is_shown(spec, values):
            values[spec.name] = [spec.empty()] * size if spec.per_seat else spec.empty()
            continue
        value = raw.get(spec.name)
        if spec.per_seat:
            if value is None:
                value = [None] * size
            if not isinstance(value, (list, tuple)) or len(value) != size:
                raise RuleError(
                    T("%(field)s: give one value for each of the %(n)d players.", field=Text(spec.label), n=size),
                    spec.name,
                )
            asked = range(size) if spec.seats is None else spec.seats
            values[spec.name] = [
                _parse_one(spec, value[seat], f"{spec.name}-{seat}", size) if seat in asked else spec.empty()
                for seat in range(size)
            ]
            if spec.total is not None and spec.kind == INT and None not in values[spec.name]:
                if sum(values[spec.name]) != spec.total:
                    raise RuleError(
                        T(
                            "%(field)s must add up to %(total)d; these add up to %(sum)d.",
                            field=Text(spec.label),
                            total=spec.total,
                            sum=sum(values[spec.name]),
                        ),
                        spec.name,
                    )
        else:
            values[spec.name] = _parse_one(spec, value, spec.name, size)
    return values


def resolve_options(specs: Sequence[OptionSpec], raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """The session's frozen options: every option present, defaults filled, values checked."""
    raw = dict(raw or {})
    unknown = sorted(set(raw) - {spec.name for spec in specs})
    if unknown:
        raise RuleError(T("Unknown option: %(names)s.", names=", ".join(unknown)))
    options: dict[str, Any] = {}
    for spec in specs:
        value = raw.get(spec.name, spec.default)
        as_field = FieldSpec(spec.name, spec.label, spec.kind, minimum=spec.minimum,
                             maximum=spec.maximum, choices=spec.choices, required=True)
        options[spec.name] = _parse_one(as_field, value, spec.name, 0)
    return options


class Game:
    """Base class of every engine. Subclasses set the class attributes and override
    the rule methods; `replay` is the one loop that turns deals into a Standing."""

    slug: str = ""
    name: str = ""
    version: int = 1
    players: tuple[int, ...] = ()
    lower_is_better: bool = False
    #: the standing's first column: "points" or a game word ("strokes")
    unit: str = N_("points")

    # -- options and inputs
    def option_specs(self, n_players: int) -> tuple[OptionSpec, ...]:
        return ()

    def check_table(self, table: Table) -> None:
        """Raise RuleError when the number of players or an option combination cannot be played."""
        if table.size not in self.players:
            raise RuleError(
                T("%(game)s is played by %(counts)s players.", game=Text(self.name),
                  counts=" / ".join(str(n) for n in self.players)),
                "players",
            )
        if not 0 <= table.first_dealer < table.size:
            raise RuleError(T("Choose the first dealer among the players."), "first_dealer")

    def deal_fields(self, table: Table, state: State) -> tuple[FieldSpec, ...]:
        raise NotImplementedError

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
        limit = table.options.get("deals")
        return bool(limit) and state.deals_played >= limit

    def deals_left(self, table: Table, state: State) -> int | None:
        limit = table.options.get("deals")
        return max(0, limit - state.deals_played) if limit else None

    def winners(self, table: Table, state: State) -> tuple[int, ...]:
        """Best total wins, ties share the win (lower or higher, as the game says)."""
        best = (min if self.lower_is_better else max)(state.totals)
        return tuple(seat for seat, total in enumerate(state.totals) if total == best)

    def losers(self, table: Table, state: State) -> tuple[int, ...]:
        """Shown only where the game names a loser (Handjass: the last one left)."""
        return ()

    def notes(self, table: Table, state: State) -> tuple[Text, ...]:
        """What the table must know before the next deal (schedules, exchanges owed)."""
        return ()

    def seat_notes(self, table: Table, state: State) -> tuple[Text | None, ...]:
        return (None,) * table.size

    def teams(self, table: Table) -> tuple[tuple[int, ...], ...]:
        return ()

    # -- phases (bids entered and locked before play)
    def phases(self, table: Table, state: State) -> tuple[str, ...]:
        """The entry phases of the next deal in order, e.g. ("bid", "play")."""
        seen: list[str] = []
        for spec in self.deal_fields(table, state):
            if spec.phase not in seen:
                seen.append(spec.phase)
        return tuple(seen)

    def check_phase(self, table: Table, state: State, deal: Mapping[str, Any], phase: str) -> None:
        """Raise RuleError when the values of an early phase (say, the bids) break a rule."""

    def parse_phase(self, table: Table, state: State, raw: Mapping[str, Any], phase: str) -> dict[str, Any]:
        """Parse and check only the fields of `phase` and the phases before it."""
        if self.is_over(table, state):
            raise RuleError(T("This game is over; no more deals can be entered."))
        order = self.phases(table, state)
        wanted = set(order[: order.index(phase) + 1])
        fields = [spec for spec in self.deal_fields(table, state) if spec.phase in wanted]
        known = {spec.name for spec in fields}
        deal = parse_deal(fields, {k: v for k, v in raw.items() if k in known}, table.size)
        self.check_phase(table, state, deal, phase)
        return deal

    # -- the loop
    def parse(self, table: Table, state: State, raw: Mapping[str, Any]) -> dict[str, Any]:
        if self.is_over(table, state):
            raise RuleError(T("This game is over; no more deals can be entered."))
        deal = parse_deal(self.deal_fields(table, state), raw, table.size)
        self.check_deal(table, state, deal)
        return deal

    def play(self, table: Table, state: State, raw: Mapping[str, Any]) -> tuple[DealResult, State]:
        """Check, score and advance one deal."""
        deal = self.parse(table, state, raw)
        result = self.score_deal(table, state, deal)
        return result, self.after_deal(table, state, deal, result)

    def replay(self, table: Table, deals: Sequence[Mapping[str, Any]]) -> Standing:
        """Replay every stored deal from the start; raises DealError naming the first bad one."""
        self.check_table(table)
        state = self.start(table)
        results, running, dealers = [], [], []
        for index, raw in enumerate(deals):
            dealers.append(state.dealer)
            try:
                result, state = self.play(table, state, raw)
            except RuleError as error:
                raise DealError(index, error) from error
            results.append(result)
            running.append(state.totals)
        over = self.is_over(table, state)
        return Standing(
            results=tuple(results),
            running=tuple(running),
            totals=state.totals,
            dealer=None if over else state.dealer,
            leader=None if over else state.leader,
            over=over,
            winners=self.winners(table, state) if over else (),
            losers=self.losers(table, state) if over else (),
            dealers=tuple(dealers),
            deals_left=self.deals_left(table, state),
            notes=() if over else self.notes(table, state),
            seat_notes=self.seat_notes(table, state),
            active=state.active,
            teams=self.teams(table),
            state=state,
        )


def next_active(seat: int, active: Sequence[bool], step: int) -> int:
    """The next seat in direction `step` (+1 clockwise, -1 counter-clockwise) still in the game."""
    size = len(active)
    for offset in range(1, size + 1):
        candidate = (seat + step * offset) % size
        if active[candidate]:
            return candidate
    return seat


def drop_toward_zero(numerator: int, denominator: int) -> int:
    """Integer division that drops the fraction toward zero: -96/10 -> -9."""
    quotient = abs(numerator) // denominator
    return quotient if numerator >= 0 else -quotient

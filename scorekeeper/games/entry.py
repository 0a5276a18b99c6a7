"""What the table enters: deal fields and session options as data, and their parsing.

The web form, the API schema and `parse_deal` all read the same `FieldSpec`s, so a
value is converted and range-checked in one place; the rules of a game are checked
afterwards by its engine.
"""
from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, ParamSpec, TypeVar

from .text import N_, RuleError, T, Text, clean_name, joined

INT, BOOL, CHOICE, MULTI, SEAT, SEATS = "int", "bool", "choice", "multi", "seat", "seats"
KINDS = (INT, BOOL, CHOICE, MULTI, SEAT, SEATS)
TEXT = "text"  # options only: free text (the free pad's name of the game)

_P = ParamSpec("_P")
_R = TypeVar("_R")


def memoized(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """The same answer for the same (immutable) arguments, computed once (the 256 latest kept): for
    the engines' helpers that build FieldSpecs (`captured.pile_fields`, `captured.with_cards`,
    `handjass.played_out_only`), asked for the same specs on every replayed deal and every page.
    Arguments that cannot be hashed (a list) are computed afresh."""
    # typed loosely: lru_cache takes only hashable arguments, which `answer` checks before the call
    cached: Callable[..., _R] = functools.lru_cache(maxsize=256)(function)

    @functools.wraps(function)
    def answer(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            hash((args, tuple(kwargs.items())))
        except TypeError:
            return function(*args, **kwargs)
        return cached(*args, **kwargs)

    return answer


@dataclass(frozen=True)
class FieldSpec:
    """One input of a deal.

    kind: int | bool | choice (one of `choices`) | multi (any of `choices`)
          | seat (a seat index) | seats (a list of seat indexes).
    per_seat: the value is a list with one entry per seat.
    total: for per-seat ints, the entries must sum to this; the form fills the
           last one in when the others are typed. For per-seat multi: the choices are
           shared out, each to one player, this many in all (the choices in `out` aside;
           the page offers one picker for the row and "the rest").
    maximum: for multi, the most choices one entry takes (the page closes its picker then).
    show_if: (other_field, values): only asked (and only read) while the other (earlier)
             field has one of those values; otherwise it takes its default. When both are
             per-seat, each player's entry follows that player's own value (Yacht: start and
             goal only for a player who bid them).
    seats: for per-seat fields, which seats are asked (None: all); the others get the default.
           For seat / seats fields, which players may be chosen (e.g. those still in the game).
    seats_from: for per-seat fields, an earlier seats field: only the players chosen there are
           asked (Handjass: who plays); the form hides the others' boxes.
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
    #: rarely needed (a card draw after a tie): folded behind its label until tapped, a value or an error
    on_demand: bool = False
    #: what usually stays from deal to deal (Pitch: cards or points per side; TENNOS: the suits): the
    #: next deal's form starts with the last deal's value (per seat: a tuple default, one per seat)
    sticky: bool = False
    #: (other_field, values): not asked while the other (earlier) field has one of those values;
    #: combines with `show_if` (Schieberamsch: the Ramsch points are not typed when cards are tapped)
    hide_if: tuple[str, tuple[Any, ...]] | None = None
    #: (other seats/multi field, n): asked only while at least n are chosen there (Handjass: trump
    #: only when two or more play); combines with `show_if` and `hide_if`
    show_if_count: tuple[str, int] | None = None
    #: the choices are cards of this deck ("french", "tennos"): drawn as cards in suit rows
    deck: str | None = None
    #: per-seat captured cards: each card goes to at most one player, and the SEAT field named here
    #: says who gets every card nobody was given (the last pile is inferred)
    rest_field: str | None = None
    #: card points for a live count beside each pile ("skat", "jass"); see `captured.VALUE_TABLES`
    values: str | None = None
    #: (a SEAT field, points): that player's pile counts this many more beside its cards' points
    #: (Handjass: who took the last trick, 5), so the piles add up to what the players count
    pile_bonus: tuple[str, int] | None = None
    seats_from: str | None = None
    #: an optional entry whose empty box the engine counts as 0 (the free pad's points): the page asks
    #: once before it saves empty boxes, in case one was forgotten
    ask_if_empty: bool = False
    #: for multi: choices the page shows greyed and not choosable, saying `out_label` (Stendhal: the cards
    #: revealed before play, so that the table sees the whole suit); the engine refuses them if sent
    out: tuple[str, ...] = ()
    out_label: str = ""
    #: shown on the page only while these hold (as `show_if` and `show_if_count`), but unlike those still
    #: read and checked: a value entered where it does not apply (a page without JavaScript, an API
    #: client) is refused by the engine, naming it (Handjass: card points only for a deal played out)
    page_show_if: tuple[str, tuple[Any, ...]] | None = None
    page_show_if_count: tuple[str, int] | None = None
    #: (multi field, counts): shown on the page only while that many are chosen there, read and checked as
    #: `page_show_if` is (Skat: the run into the trump suit, asked with all four jacks or none)
    page_show_counts: tuple[str, tuple[int, ...]] | None = None
    #: per-seat with ``seats`` (0 .. k-1) at a table of k teams: each team's entry goes under its first
    #: player (seat % k). A partner's entry is not asked; sent (an API client), it must be empty or
    #: the same as the team's, never silently dropped (Sataat's tricks, Pitch's and Coiffeur's points,
    #: a free pad's team points)
    team_columns: bool = False
    #: per-seat choice: each value belongs to one player (TENNOS: the suits), so the page gives a player
    #: whose value another takes the one that player leaves (the engine refuses a value held twice)
    distinct: bool = False
    #: per-seat, the captured-cards field (``rest_field`` set) it follows: shown on the page only for a
    #: player whose pile there holds no counting card (nothing tapped; the rest player's, only cards worth
    #: nothing) while only counting cards are tapped (Schieberamsch: a trick of 7, 8 and 9 no card shows)
    if_pile_blank: str | None = None

    #: what only the web page reads: not part of a field's description in the API
    PAGE_ONLY: ClassVar[tuple[str, ...]] = ("out", "out_label", "page_show_if", "page_show_if_count",
                                            "page_show_counts", "pile_bonus", "distinct", "if_pile_blank")

    def __hash__(self) -> int:
        """Hashed once (fields are arguments of `memoized` helpers such as `captured.with_cards`,
        looked up several times a save; a spec's values, choices and all, never change)."""
        try:
            return self.__dict__["_hash"]
        except KeyError:
            value = hash(tuple(getattr(self, spec.name) for spec in dataclasses.fields(self)))
            object.__setattr__(self, "_hash", value)
            return value

    def empty(self) -> Any:
        if self.default is not None:
            return self.default
        return {BOOL: False, MULTI: [], SEATS: []}.get(self.kind)

    def as_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        for name in self.PAGE_ONLY:
            del data[name]
        data["choices"] = [{"value": v, "label": label} for v, label in self.choices]
        data["show_if"], data["hide_if"] = _condition(self.show_if, "field"), _condition(self.hide_if, "field")
        data["show_if_count"] = (
            {"field": self.show_if_count[0], "minimum": self.show_if_count[1]} if self.show_if_count else None
        )
        return data


@dataclass(frozen=True)
class OptionSpec:
    """A variant or house rule of a game, chosen when the session starts."""

    name: str
    label: str
    kind: str  # int | bool | choice | text (`maximum`: its most characters)
    default: Any
    choices: tuple[tuple[str, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    #: (other option, values): only asked while that option has one of the values
    show_if: tuple[str, tuple[Any, ...]] | None = None
    #: how deals are entered or shown, never how they score (what-if leaves it as it is)
    entry_only: bool = False

    def as_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["choices"] = [{"value": v, "label": label} for v, label in self.choices]
        data["show_if"] = _condition(self.show_if, "option")
        return data


def _condition(condition: tuple[str, tuple[Any, ...]] | None, other: str) -> dict[str, Any] | None:
    """A show_if / hide_if pair as JSON: {"field" (or "option"): name, "values": [...]}."""
    return {other: condition[0], "values": list(condition[1])} if condition else None


def _as_int(spec: FieldSpec, value: Any, where: str) -> int:
    if isinstance(value, float) and value.is_integer():  # JSON's 2.0 is the integer JSON Schema says it is
        value = int(value)
    if isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            pass
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(T("%(field)s: enter a whole number.", field=Text(spec.label)), where)
    if spec.minimum is not None and value < spec.minimum:
        raise RuleError(
            T("%(field)s cannot be less than %(minimum)d.", field=Text(spec.label), minimum=spec.minimum), where
        )
    if spec.maximum is not None and value > spec.maximum:
        raise RuleError(
            T("%(field)s: %(value)d is more than all %(maximum)d in play.", field=Text(spec.label), value=value,
              maximum=spec.maximum) if spec.maximum == spec.total else
            T("%(field)s cannot be more than %(maximum)d.", field=Text(spec.label), maximum=spec.maximum), where
        )
    return value


def ticked(value: Any) -> bool:
    """Whether a box's value as sent is ticked ("y", true, "on"), as a BOOL field reads it; anything
    else (empty, unreadable) is not.

    >>> ticked("y"), ticked(True), ticked(""), ticked(None), ticked("maybe")
    (True, True, False, False, False)
    """
    try:
        return _as_bool(FieldSpec("ticked", "", BOOL), value, "ticked")
    except RuleError:
        return False


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


def parse_value(spec: FieldSpec, value: Any, where: str, size: int) -> Any:
    """One entered value as its field takes it (a whole number, a seat, cards ...), or RuleError naming `where`."""
    if spec.kind == TEXT:
        return _as_text(spec, value, where)
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
    if spec.kind == CHOICE:
        return _as_choice(spec, value, where)
    if spec.kind in (MULTI, SEATS):
        return _as_several(spec, value, where, size)
    raise ValueError(f"unknown field kind {spec.kind!r}")


def _as_text(spec: FieldSpec, value: Any, where: str) -> str:
    """Free text as a name is kept (`clean_name`: spaces folded, invisible characters dropped), at most
    `maximum` characters; empty is allowed.

    >>> _as_text(FieldSpec("name", "Name", TEXT, maximum=10), "  Rummy   500 ", "name")
    'Rummy 500'
    """
    if not isinstance(value, str) and value is not None:
        raise RuleError(T("%(field)s: enter text.", field=Text(spec.label)), where)
    text = clean_name(value or "")
    if spec.maximum is not None and len(text) > spec.maximum:
        raise RuleError(T("%(field)s: at most %(maximum)d characters.", field=Text(spec.label),
                          maximum=spec.maximum), where)
    return text


def _as_choice(spec: FieldSpec, value: Any, where: str) -> Any:
    """One of the offered values, as given."""
    offered = [choice for choice, _ in spec.choices]
    if value in (None, ""):
        raise RuleError(T("%(field)s: choose one of the offered values.", field=Text(spec.label)), where)
    if value not in offered:  # sent by a client: say what is offered
        raise RuleError(T("%(field)s: %(value)s is not one of %(offered)s.", field=Text(spec.label), value=repr(value),
                          offered=", ".join(map(repr, offered))), where)
    return value


def _as_several(spec: FieldSpec, value: Any, where: str, size: int) -> list[Any]:
    """A multi field's offered values in their offered order, or a seats field's seats in seat
    order; each at most once, nothing chosen an empty list."""
    if value is None or value == "":
        value = []
    if not isinstance(value, (list, tuple)):
        raise RuleError(T("%(field)s: choose from the offered values.", field=Text(spec.label)), where)
    allowed = [choice for choice, _ in spec.choices]
    if spec.kind == SEATS:
        chosen = [_as_seat(spec, v, where, size) for v in value]
    else:
        chosen = list(value)
        if any(v not in allowed for v in chosen):
            raise RuleError(T("%(field)s: choose from the offered values.", field=Text(spec.label)), where)
    if len(set(chosen)) != len(chosen):
        raise RuleError(T("%(field)s: each value at most once.", field=Text(spec.label)), where)
    return sorted(chosen, key=allowed.index) if spec.kind == MULTI else sorted(chosen)


def is_shown(spec: FieldSpec, values: Mapping[str, Any], seat: int | None = None) -> bool:
    """Whether the field (or one player's entry of it) is asked, given the values before it."""
    if spec.hide_if is not None and values.get(spec.hide_if[0]) in spec.hide_if[1]:
        return False
    if spec.show_if_count is not None and len(values.get(spec.show_if_count[0]) or ()) < spec.show_if_count[1]:
        return False
    if seat is not None and spec.seats_from is not None and seat not in (values.get(spec.seats_from) or ()):
        return False
    if spec.show_if is None:
        return True
    other, wanted = spec.show_if
    value = values.get(other)
    if isinstance(value, list):  # a per-seat condition: the whole row is shown, seat by seat
        return seat is None or value[seat] in wanted
    return value in wanted


def parse_deal(
    fields: Sequence[FieldSpec], raw: Mapping[str, Any], size: int, names: Sequence[str] | None = None
) -> dict[str, Any]:
    """Turn what was entered (form strings or JSON) into typed values, field by field.

    Per-seat fields come as a list of `size` values. Fields hidden by `show_if`
    take their default. Raises `RuleError` naming the field (``points-2`` for a
    per-seat entry) of every value that is not of its kind, all at once.

    >>> spec = FieldSpec("tricks", "Tricks", INT, minimum=0, maximum=9)
    >>> parse_deal([spec], {"tricks": "4"}, 3)
    {'tricks': 4}
    """
    values, errors = parse_values(fields, raw, size, names)
    RuleError.every(errors)
    return values


def parse_values(
    fields: Sequence[FieldSpec], raw: Mapping[str, Any], size: int, names: Sequence[str] | None = None,
    teams: Sequence[str] = (),
) -> tuple[dict[str, Any], list[RuleError]]:
    """`parse_deal`'s values and refusals, not raised: a field refused holds its empty value. `teams`:
    the names the table gave its teams (`Table.team_names`), which the refusals call them by."""
    _check_known(fields, raw)
    values: dict[str, Any] = {}
    errors: list[RuleError] = []
    for spec in fields:
        values[spec.name] = [spec.empty()] * size if spec.per_seat else spec.empty()
        try:
            if not is_shown(spec, values):
                continue
            if spec.per_seat:
                values[spec.name] = _parse_per_seat(spec, raw.get(spec.name), values, size, names, teams)
            else:
                values[spec.name] = parse_value(spec, raw.get(spec.name), spec.name, size)
        except RuleError as error:
            errors.append(error)
    return values, errors


def _check_known(fields: Sequence[FieldSpec], raw: Any) -> None:
    """A deal is a mapping of the fields' names; any other name is refused, all named at once."""
    if not isinstance(raw, Mapping):
        raise RuleError(T("A deal must be a set of named values."))
    unknown = sorted(set(raw) - {spec.name for spec in fields})
    if unknown:
        raise RuleError(T("Unknown input: %(names)s.", names=", ".join(unknown)))


def _parse_per_seat(spec: FieldSpec, value: Any, values: dict[str, Any], size: int,
                    names: Sequence[str] | None, teams: Sequence[str] = ()) -> list[Any]:
    """One entry per seat: the asked seats' entries parsed (``points-2`` names the third), the
    others take the default; `values` are the fields parsed before this one."""
    if value is None:
        value = [None] * size
    if not isinstance(value, (list, tuple)) or len(value) != size:
        shape = (N_("%(field)s: give a list of %(n)d values, one per player in seat order; each team's value "
                    "goes under its first player, the partners' are left empty.") if spec.team_columns
                 else N_("%(field)s: give one value for each of the %(n)d players."))
        raise RuleError(T(shape, field=Text(spec.label), n=size), spec.name)
    asked = range(size) if spec.seats is None else spec.seats
    entries, every_seat_asked, errors = _parse_asked_seats(spec, value, values, size, asked,
                                                           names and _who(spec, names, teams))
    values[spec.name] = entries  # the boxes read stay when others are refused: the rules check them too
    RuleError.every(errors)
    if spec.team_columns:
        _check_partners(spec, value, entries, size, names)
    if every_seat_asked:  # a seat not asked (sits out): no fixed sum
        _check_total(spec, entries, asked, names, teams)
    return entries


def _parse_asked_seats(spec: FieldSpec, value: Sequence[Any], values: Mapping[str, Any], size: int,
                       asked: Sequence[int], who: Sequence[str] | None) -> tuple[list[Any], bool, list[RuleError]]:
    """The shown seats' entries parsed (None where refused), whether every asked seat was shown, and
    the refusals, each naming `who` the box is for. In a fixed sum one empty box takes the rest of the
    sum, and so does every empty box when the boxes typed make the sum (the rest is 0: Pitch's players
    who took no point); otherwise each empty box is missing while the others fit the sum."""
    entries = [spec.empty()] * size
    errors: list[RuleError] = []
    missing: list[RuleError] = []  # in a fixed sum; elsewhere an empty box is an error like the others
    every_seat_asked = True
    for seat in asked:
        if not is_shown(spec, values, seat):
            every_seat_asked = False
            continue
        try:
            entries[seat] = parse_value(spec, value[seat], f"{spec.name}-{seat}", size)
        except RuleError as error:
            entries[seat] = None
            if who:  # boxes refused at once are told apart: "Joker colour held for Anna is missing."
                error = _for_whom(error, spec, who[seat])
            (missing if value[seat] in (None, "") and spec.total is not None else errors).append(error)
    over = spec.total is not None and sum(e for e in entries if isinstance(e, int)) > spec.total
    if errors or over:
        return entries, every_seat_asked, errors
    empty = [seat for seat in asked if value[seat] in (None, "")]
    rest = spec.total - sum(e for e in entries if isinstance(e, int)) if spec.total is not None else None
    if empty and every_seat_asked and rest is not None and spec.kind == INT and (len(empty) == 1 or rest == 0):
        # the rest of the sum, as the tablet's form fills one box (without JavaScript too)
        try:
            for seat in empty:
                entries[seat] = parse_value(spec, rest, f"{spec.name}-{seat}", size)
            return entries, every_seat_asked, []
        except RuleError:
            for seat in empty:
                entries[seat] = None
    return entries, every_seat_asked, missing


def _check_partners(spec: FieldSpec, value: Sequence[Any], entries: list[Any], size: int,
                    names: Sequence[str] | None) -> None:
    """A partner's entry of a team column, when sent, is empty (0, none) or repeats the team's entry
    (with k teams, the asked seats 0..k-1, seat s plays in team s mod k)."""
    teams = len(spec.seats or (0, 1))
    for seat in range(teams, size):
        if value[seat] in (None, ""):
            continue
        where = f"{spec.name}-{seat}"
        sent = parse_value(spec, value[seat], where, size)
        if sent not in (0, [], spec.empty(), entries[seat % teams]):
            who = names or [str(n + 1) for n in range(size)]
            raise RuleError(T("%(field)s: a team's entry goes under its first player, %(first)s; the one "
                              "sent for %(partner)s differs from it.", field=Text(spec.label),
                              first=who[seat % teams], partner=who[seat]), where)


def _for_whom(error: RuleError, spec: FieldSpec, who: str) -> RuleError:
    """One player's (or team's) box refused, the field named for them: "Points taken for Ben & Dan: ..."."""
    named = T("%(field)s for %(who)s", field=Text(spec.label), who=who)
    params = tuple((key, named if key == "field" else value) for key, value in error.text.params)
    return RuleError(dataclasses.replace(error.text, params=params), error.field)


def _who(spec: FieldSpec, names: Sequence[str], teams: Sequence[str] = ()) -> list[str]:
    """Whom each seat's box is for in a sentence: the player, in a team column the team (the name the
    table gave it, else its players: "Ann & Cat")."""
    who = list(names)
    if spec.team_columns:
        k = len(spec.seats or (0, 1))
        who[:k] = [teams[first] if first < len(teams) and teams[first] else " & ".join(who[first::k])
                   for first in range(k)]
    return who


def _check_total(spec: FieldSpec, entries: list[Any], asked: Sequence[int], names: Sequence[str] | None,
                 teams: Sequence[str] = ()) -> None:
    """Per-seat whole numbers with a `total` must add up to it once every box is typed, and the boxes
    typed never to more (an empty one is for the game to ask for, not a 0 in the sentence)."""
    if spec.total is None or spec.kind != INT:
        return
    typed = [seat for seat in asked if entries[seat] is not None]
    added = sum(entries[seat] for seat in typed)
    if added == spec.total or (len(typed) < len(asked) and added < spec.total):
        return
    who = _who(spec, names or [str(seat + 1) for seat in range(len(entries))], teams)
    listed = joined(T(", "), [f"{who[seat]} {entries[seat]}" for seat in typed])
    raise RuleError(
        T("%(field)s must add up to %(total)d, but %(entries)s add up to %(sum)d.",
          field=Text(spec.label), total=spec.total, entries=listed, sum=added),
        spec.name,
    )


@dataclass(frozen=True)
class Legacy:
    """An input that older deals and API v1 clients send but that is no longer asked: the engine derives
    it now, or the session's options make it irrelevant. `spec` reads a value sent under a name that is
    no longer a deal field (None: the deal field `name`, whose hidden entries are meant); `derive(deal)`
    is the value the other values give (per seat: a list), None where any value agrees (changes nothing)."""

    name: str
    derive: Callable[[Mapping[str, Any]], Any] = lambda deal: None
    spec: FieldSpec | None = None


def without_legacy(legacy: Sequence[Legacy], fields: Sequence[FieldSpec], raw: Any) -> Any:
    """The values to parse: legacy names that are not deal fields are checked apart (`check_legacy`)."""
    apart = {old.name for old in legacy} - {spec.name for spec in fields}
    return {k: v for k, v in raw.items() if k not in apart} if apart and isinstance(raw, Mapping) else raw


def check_legacy(legacy: Sequence[Legacy], fields: Sequence[FieldSpec], raw: Mapping[str, Any],
                 deal: Mapping[str, Any], size: int, sent: bool = False) -> None:
    """Refuse a legacy value that is not of its kind or contradicts the parsed (and completed) `deal`,
    naming it. A hidden entry of a deal field left empty (false) is no value: forms and stored deals
    give one for every seat. `sent`: the values as an API client sent them, where it counts too."""
    asked = {spec.name: spec for spec in fields}
    for old in legacy:
        spec, value = asked.get(old.name, old.spec), raw.get(old.name)
        if spec is None or value is None or old.name not in asked and not is_shown(spec, deal):
            continue
        derived = old.derive(deal)
        for seat, entry in enumerate(value) if spec.per_seat and isinstance(value, list) else [(None, value)]:
            if not _left_alone(old.name in asked, spec, deal, seat, entry, sent):
                expected = derived[seat] if seat is not None and derived is not None else derived
                _check_agrees(old.name if seat is None else f"{old.name}-{seat}", spec, entry, expected, size)


def _check_agrees(where: str, spec: FieldSpec, entry: Any, expected: Any, size: int) -> None:
    """A legacy entry of its kind that agrees with what the other values give (None: any does)."""
    given = parse_value(spec, entry, where, size)
    if expected is not None and given != expected:
        raise RuleError(T("%(label)s (%(names)s) contradicts the other values given; leave it out.",
                          label=Text(spec.label), names=where), where)


def _left_alone(a_field: bool, spec: FieldSpec, deal: Mapping[str, Any], seat: int | None, entry: Any,
                sent: bool) -> bool:
    """A legacy entry that is not checked: not sent, asked (and parsed as usual), or a hidden entry
    of a deal field left empty. From a page (not `sent`), also an entry its `hide_if` hides: the page
    does not ask it then, and a correction's form still holds the value derived before (Schieberamsch's
    "took a trick" while cards are tapped)."""
    if entry in (None, "", []):
        return True
    hidden_by_choice = spec.hide_if is not None and deal.get(spec.hide_if[0]) in spec.hide_if[1]
    return a_field and (is_shown(spec, deal, seat) or not sent and (entry == spec.empty() or hidden_by_choice))


def resolve_options(specs: Sequence[OptionSpec], raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """The session's frozen options: every option present, defaults filled, values checked. An option
    not asked with the others chosen (its `show_if`: Skat's number of games in a list of 36) holds its
    default, so that the session does not echo a value it does not play by."""
    raw = dict(raw or {})
    unknown = sorted(set(raw) - {spec.name for spec in specs})
    if unknown:
        raise RuleError(T("Unknown option: %(names)s.", names=", ".join(unknown)), unknown[0])
    options: dict[str, Any] = {}
    errors: list[RuleError] = []  # every option refused is said at once, each beside its box
    for spec in specs:
        value = raw.get(spec.name, spec.default)
        as_field = FieldSpec(spec.name, spec.label, spec.kind, minimum=spec.minimum,
                             maximum=spec.maximum, choices=spec.choices, required=True)
        try:
            options[spec.name] = parse_value(as_field, value, spec.name, 0)
        except RuleError as error:
            errors.append(error)
            options[spec.name] = spec.default
    RuleError.every(errors)
    for spec in specs:
        if spec.show_if is not None and options.get(spec.show_if[0]) not in spec.show_if[1]:
            options[spec.name] = spec.default
    return options

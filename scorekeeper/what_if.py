"""What if: a session's stored deals scored again under other options of its game, nothing stored.

The deals are replayed by the engine under the other options exactly as a new session's would be,
so each deal is checked again: a rule that needs an entry the deals do not have (Berner Handjass
asks the trump of every deal) refuses the other options, naming the first deal that lacks it. When
the game would have ended earlier under the other options (a lower target), the deals after that
end are not counted and the answer says how many. An option the session was stored without stays
absent unless it is asked for, as the engine reads an absent option as the rule of its time.

A deal is read for what the other options ask (`asked_values`): a value they do not ask counts for
nothing (the Weis of a Schieber "ohne Stöck und Wys"), and an entry they ask that the deal was saved
without is refused as missing where an empty box would be an answer (no Weis, no Kontra, no trick
taken), as the table never gave it. The sides stay those of the session: a score pad of teams has
one number per team, not per player.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .board import Board, build, complete_deals, table_of
from .games import get_game
from .games.base import (
    N_,
    DealError,
    FieldSpec,
    Game,
    RuleError,
    Standing,
    State,
    T,
    Table,
    Text,
    is_shown,
    resolve_options,
)
from .models import GameSession


@dataclass(frozen=True)
class WhatIf:
    """The session's board under other options, and how many played deals they leave uncounted."""

    board: Board
    uncounted: int


def what_if(session: GameSession, changes: Any) -> WhatIf:
    if not isinstance(changes, Mapping):
        raise RuleError(T("Options must be a set of named values."), "options")
    game, table = get_game(session.game), table_of(session)
    specs = game.option_specs(table.size)
    known = {spec.name for spec in specs}
    entered_as = {spec.name for spec in specs if spec.entry_only}  # cannot change a score: kept as entered
    changes = {name: value for name, value in changes.items() if name not in entered_as}
    retired = {name: value for name, value in table.options.items() if name not in known}  # read as stored
    merged = {**{name: value for name, value in table.options.items() if name in known}, **changes}
    resolved = resolve_options(specs, merged)  # an unknown option asked for is refused here
    options = game.settled_options({**retired, **{name: value for name, value in resolved.items() if name in merged}})
    other = Table(table.names, options, table.first_dealer)
    game.check_table(other)
    if game.teams(other) != game.teams(table):
        raise RuleError(T("The deals were entered for the session's teams: the teams cannot change."), "teams")
    deals = complete_deals(session)
    standing, error = replay_asked(game, table, other, [deal.payload for deal in deals])
    if error is not None:
        said = (N_("Under these rules game %(number)d cannot be scored: %(reason)s") if game.rounds_are_games
                else N_("Under these rules deal %(number)d cannot be scored: %(reason)s"))  # as the board counts
        raise RuleError(T(said, number=error.index + 1, reason=error.text), "options")
    counted = len(standing.results)
    return WhatIf(build(session, game, other, standing, deals[:counted], None), len(deals) - counted)


def replay_asked(game: Game, table: Table, other: Table,
                 payloads: Sequence[Mapping[str, Any]]) -> tuple[Standing, DealError | None]:
    """The deals stored under `table` replayed under `other` one by one, each as `asked_values` reads
    it, until the game is over or a deal cannot be scored: the standing so far, and that deal's error.
    An optional entry `other` refuses is left out and the deal tried again: a tie-break the session's
    rules needed and `other` does not (Handjass's card draw for second place when only the top count
    scores); if the deal is still refused, that is its error."""
    standing = game.replay(other, [])
    kept: list[Mapping[str, Any]] = []
    for index, payload in enumerate(payloads):
        if standing.over:
            break
        try:
            values = asked_values(game, table, other, standing.state, payload)
            try:
                standing = game.replay(other, [*kept, values], resume=standing)
            except DealError as refused:
                trimmed = _left_out(game, other, standing.state, values, refused.error)
                if trimmed is values:
                    raise
                values, standing = trimmed, game.replay(other, [*kept, trimmed], resume=standing)
            kept.append(values)
        except DealError as error:
            return standing, DealError(index, never_entered(game, table, other, standing.state, payload, error.error))
        except RuleError as error:
            return standing, DealError(index, error)
    return standing, None


def _left_out(game: Game, other: Table, state: State, values: dict[str, Any], error: RuleError) -> dict[str, Any]:
    """`values` with the optional entry `error` names emptied, or left out where `other` reads it only
    as a legacy input (Schieber's who thanked first, where nobody reaches the target under `other`);
    the same object when it names neither."""
    fields = game.deal_fields(game.as_entered(other, values), state)
    for spec in fields:
        if spec.name == error.field and not spec.required and values.get(spec.name) != spec.empty():
            return {**values, spec.name: spec.empty()}
    name = (error.field or "").partition("-")[0]  # "thanked_first", or a seat's entry "bid-2"
    if name in values and name not in {spec.name for spec in fields}:
        return {key: value for key, value in values.items() if key != name}
    return values


def never_entered(game: Game, table: Table, other: Table, state: State, payload: Mapping[str, Any],
                  error: RuleError) -> RuleError:
    """The engine's refusal of a stored deal under `other`, said as missing when it names an entry the
    deal lacks (Yacht's simple bids over a start-and-goal session: "Tricks bid is missing", not "Anna
    bid a number of tricks: enter it", which the page cannot do)."""
    for spec in lacking(game, table, game.deal_fields(game.as_entered(other, payload), state), payload):
        if error.field == spec.name or (error.field or "").startswith(spec.name + "-"):  # "bid_tricks-0"
            return _missing(spec)
    return error


def asked_values(game: Game, table: Table, other: Table, state: State, payload: Mapping[str, Any]) -> dict[str, Any]:
    """A stored deal's values that `other` asks (or reads as legacy inputs). An entry `other` asks of
    this deal that it was saved without, where the empty box would be an answer (False, none, 0), is
    what the deal's other values say where they say it (the session's `Game.legacy`: a Grand Hand
    soloist with 95 card points took a trick), else RuleError naming it as missing."""
    entered = game.as_entered(other, payload)
    fields = game.deal_fields(entered, state)
    derive = {old.name: old.derive for old in game.legacy(game.as_entered(table, payload), state)}
    filled: dict[str, Any] = {}
    for spec in lacking(game, table, fields, payload):
        seats = (range(other.size) if spec.seats is None else spec.seats) if spec.per_seat else (None,)
        if spec.empty() is None or not any(is_shown(spec, payload, seat) for seat in seats):
            continue
        said = derive[spec.name](payload) if spec.name in derive else None
        if said is None:
            raise _missing(spec)
        filled[spec.name] = said
    asked = {spec.name for spec in fields} | {old.name for old in game.legacy(entered, state)}
    return {name: value for name, value in {**payload, **filled}.items() if name in asked}


def lacking(game: Game, table: Table, fields: Sequence[FieldSpec], payload: Mapping[str, Any]) -> list[FieldSpec]:
    """Of `fields` (what other rules ask of a stored deal), those the deal was saved without: not the
    ones the session's own rules ask, which an old deal may lack."""
    own = {spec.name for spec in game.deal_fields(game.as_entered(table, payload), game.start(table))}
    return [spec for spec in fields if spec.name not in payload and spec.name not in own]


def _missing(spec: FieldSpec) -> RuleError:
    return RuleError(T("%(field)s is missing.", field=Text(spec.label)), spec.name)

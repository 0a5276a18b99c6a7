"""What the API refuses before the engine sees a deal: values that are not inputs of the entry due,
or that the other values leave unasked; what v1 took and the engine now derives (`Game.legacy`) is
left to the engine's agreement check (`Game.check_sent`). The pages need none of it: their forms
only post the fields they show."""
from __future__ import annotations

from typing import Any

from flask import Response

from ..board import Board
from ..errors import error_response
from ..games.base import FieldSpec, RuleError, T, is_shown, parse_deal
from ..i18n import translate
from .errors import refusal


def checked_entry(current: Board, values: dict[str, Any], phase: str | None) -> tuple[bool, Response | None]:
    """Whether the values are a whole deal posted where the bids come first (stored whole, never
    half: the play values are not dropped), and the refusal of values this entry does not take."""
    fields = current.game.deal_fields(current.table, current.state)
    early = [spec for spec in fields if spec.phase == current.phase]
    later = sorted(set(values) & {spec.name for spec in fields} - {spec.name for spec in early})
    whole = current.pending is None and not current.last_phase and bool(later)
    if whole and phase is not None:
        return whole, _refused(T("These values belong to a later entry than %(phase)s: %(names)s.",
                                 phase=current.phase, names=", ".join(later)), later)
    locked = current.pending.payload if current.pending is not None else {}
    changed = sorted(name for name in set(values) & set(locked) if values[name] != locked[name])
    if changed:
        return whole, _refused(T("The bids of this deal are already locked; enter the play."), changed)
    entire = whole or current.last_phase
    return whole, unknown_or_hidden(current, fields if entire else early, {**locked, **values}, values,
                                     whole=entire)


def _refused(text, names):
    message = translate(text)
    return error_response(422, message, {name: message for name in names})


def unknown_or_hidden(current: Board, specs, merged: dict[str, Any], sent: dict[str, Any], state=None,
                       whole: bool = True):
    """422 naming the values that are not inputs of this entry, or that its show_if hides given the
    other values (a T.U. bid's start, say); None when every value sent is asked. What v1 took and
    the engine now derives (`Game.legacy`) is the engine's to check: accepted when it agrees."""
    state = state or current.state
    legacy = {item.name for item in current.game.legacy(current.table, state)}
    known = {spec.name for spec in current.game.deal_fields(current.table, state)} | legacy
    unknown = sorted(name for name in sent if name not in known)
    if unknown:
        return _refused(T("Unknown input: %(names)s.", names=", ".join(unknown)), unknown)
    if whole and not legacy.isdisjoint(sent):
        refused = _disagreeing_legacy(current, state, legacy, merged, sent)
        if refused is not None:
            return refused
    return _hidden_sent(current, [spec for spec in specs if spec.name not in legacy], merged, sent)


def _disagreeing_legacy(current: Board, state, legacy: set[str], merged: dict[str, Any], sent: dict[str, Any]):
    """422 naming a legacy value sent that contradicts the others (the engine's agreement check). A
    legacy name not sent (sent back as the deal holds it) is left to the engine to derive again, unless
    it is also a deal field (Handjass's card points: their hidden entries are the legacy)."""
    fields = {spec.name for spec in current.game.deal_fields(current.table, state)}
    checked = {name: value for name, value in merged.items() if name in sent or name not in legacy or name in fields}
    try:
        current.game.check_sent(current.table, state, checked, kept=set(checked) - set(sent))
    except RuleError as error:
        return refusal(error)  # every box the engine refused (two counts left empty: both)
    return None


def _hidden_sent(current: Board, specs: list[FieldSpec], merged: dict[str, Any], sent: dict[str, Any]):
    """422 naming the entries sent that a field's show_if hides given the other values."""
    asked = {spec.name for spec in specs}
    try:
        parsed = parse_deal(specs, {k: v for k, v in merged.items() if k in asked},
                            current.table.size, current.table.names)
    except RuleError:
        return None  # the engine names the bad value itself
    hidden = [entry for spec in specs if spec.name in sent for entry in _hidden(spec, sent[spec.name], parsed)]
    if hidden:
        return _refused(T("Not asked with the other values given; leave out: %(names)s.",
                          names=", ".join(hidden)), hidden)
    return None


def _hidden(spec: FieldSpec, value: Any, parsed: dict[str, Any]) -> list[str]:
    """The entries of a value sent that the field's show_if hides given the other values (a
    player's entry of a per-seat field as name-seat)."""
    if spec.show_if is None:
        return []
    entered = lambda entry: entry not in (None, "", [], spec.empty())  # noqa: E731
    if spec.per_seat and isinstance(value, list):
        return [f"{spec.name}-{seat}" for seat, entry in enumerate(value)
                if entered(entry) and not is_shown(spec, parsed, seat)]
    return [spec.name] if entered(value) and not is_shown(spec, parsed) else []

"""An export file (export.py) read and checked before anything of it is stored (importer.py):
every session replayed through its engine, every whole number checked against its range before it
reaches the database, every time between 2000 and tomorrow, the options resolved as a new session's
are. A file that does not fit is refused with a sentence naming the session and the deal."""
from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any, NoReturn

from .board import COMPLETE
from .export import FORMAT, VERSION
from .games import GAMES
from .games.base import DealError, FieldSpec, Game, RuleError, Standing, T, Table, Text, resolve_options
from .games.entry import CHOICE, parse_value
from .models import INTEGER_MAX, utcnow
from .names import checked_names, name_key

log = logging.getLogger(__name__)

ACTIONS = {"add", "edit", "delete", "bid", "close", "reopen", "restore", "rename"}


class ImportRefused(RuleError):
    """The file cannot be imported; the sentence names the session and the deal."""


def _refuse(text: Text, where: Any = None) -> NoReturn:
    if where is not None:
        text = T("%(where)s: %(reason)s", where=where, reason=text)
    raise ImportRefused(text)


def _parse_time(value: Any, where, required: bool = True) -> datetime | None:
    """A time in UTC, from 2000 to tomorrow."""
    if value is None and not required:
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except (AttributeError, ValueError):
        _refuse(T("the time %(value)s cannot be read.", value=str(value)[:40]), where)
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    if moment.year < 2000:
        _refuse(T("the time %(value)s is before the year 2000.", value=str(value)[:40]), where)
    if moment - utcnow() > timedelta(days=1):
        _refuse(T("the time %(value)s is in the future.", value=str(value)[:40]), where)
    return moment


def _int(value: Any, what: str, where, low: int = 0, high: int = INTEGER_MAX) -> int:
    """A whole number from `low` to `high` (never beyond what an INTEGER column holds)."""
    if not isinstance(value, int) or isinstance(value, bool):
        _refuse(T("%(what)s must be a whole number.", what=what), where)
    if value < low:
        _refuse(T("%(field)s cannot be less than %(minimum)d.", field=what, minimum=low), where)
    if value > high:
        _refuse(T("%(field)s cannot be more than %(maximum)d.", field=what, maximum=high), where)
    return value


def _id(value: Any, what: str, where) -> int | None:
    """A row id of the file (it only links a change to its deal), or None."""
    return None if value is None else _int(value, what, where)


def _session_name(number: int, entry: Mapping[str, Any]) -> Any:
    seats = entry.get("seats")
    names = ", ".join(str(seat.get("player")) for seat in (seats if isinstance(seats, list) else [])
                      if isinstance(seat, dict))
    slug = entry.get("game")
    game = GAMES.get(slug) if isinstance(slug, str) else None
    return T("Session %(number)d in the file (%(game)s: %(names)s)", number=number,
             game=Text(game.name) if game else str(entry.get("game")), names=names)


def _check_session(number: int, entry: Any) -> dict[str, Any]:
    """Everything about one session, checked; returns the values to store."""
    if not isinstance(entry, dict):
        _refuse(T("Session %(number)d in the file is not a set of named values.", number=number))
    where = _session_name(number, entry)
    game = GAMES.get(str(entry.get("game")))
    if game is None:
        _refuse(T("there is no game called %(slug)s.", slug=str(entry.get("game"))), where)
    names = _checked_seats(entry.get("seats"), where)
    options = _checked_options(game, len(names), entry.get("options"), where)
    first_dealer = _int(entry.get("first_dealer"), "first_dealer", where)
    table = Table(tuple(names), options, first_dealer)
    deals, standing = _checked_deals(game, table, entry.get("deals"), where)
    # the change log shows its values beside the fields of the board's next deal
    fields = {spec.name: spec for spec in game.deal_fields(table, standing.state)}
    revisions = _checked_revisions(entry.get("revisions") or [], fields, len(names), len(deals), where)
    return {
        "game": game.slug, "options": options, "first_dealer": first_dealer,
        "engine_version": _int(entry.get("engine_version", game.version), "engine_version", where, 1, game.version),
        "created_at": _parse_time(entry.get("created_at"), where),
        "updated_at": _parse_time(entry.get("updated_at"), where),
        "closed_at": _parse_time(entry.get("closed_at"), where, required=False),
        "names": names, "deals": deals, "revisions": revisions, "table": table, "standing": standing,
    }


def _checked_options(game: Game, players: int, options: Any, where: Text) -> dict[str, Any]:
    """The file's options checked as a new session's are (known ones only, each within its
    limits); an option the file leaves out stays out, as it was stored."""
    if not isinstance(options, dict):
        _refuse(T("the options must be a set of named values."), where)
    try:
        resolved = resolve_options(game.option_specs(players), options)
    except RuleError as error:
        _refuse(error.text, where)
    return {name: value for name, value in resolved.items() if name in options}


def _position(item: dict[str, Any]) -> int:
    position = item.get("position")
    return position if isinstance(position, int) else 0


def _checked_seats(seats: Any, where: Text) -> list[str]:
    """The players' names, clockwise from seat 0."""
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        _refuse(T("the seats are missing."), where)
    seats = sorted(seats, key=_position)
    names = [seat.get("player") for seat in seats]
    if [_int(seat.get("position"), "position", where) for seat in seats] != list(range(len(seats))):
        _refuse(T("the seats must be numbered 0, 1, 2, ... clockwise."), where)
    if not all(isinstance(name, str) for name in names):
        _refuse(T("every player needs a name of at most 60 characters."), where)
    try:
        return checked_names(names)
    except RuleError as error:
        _refuse(error.text, where)


def _checked_deals(game: Game, table: Table, deals: Any, where: Text) -> tuple[list[dict[str, Any]], Standing]:
    """Every deal replayed by the game's engine, in order; only the last may wait for its play.
    Returns the deals' values and the standing after the complete ones."""
    if not isinstance(deals, list) or not all(isinstance(d, dict) for d in deals):
        _refuse(T("the deals are missing."), where)
    deals = sorted(deals, key=_position)
    checked = [_checked_deal(game, deal, index, len(deals), where) for index, deal in enumerate(deals)]
    if len({deal["position"] for deal in checked}) != len(checked):
        _refuse(T("two deals have the same position."), where)
    return checked, _replayed(game, table, checked, where)


def _checked_deal(game: Game, deal: dict[str, Any], index: int, count: int, where: Text) -> dict[str, Any]:
    """One deal's stored values, each of its kind and range; only the last may wait for its play."""
    deal_where = T("%(session)s, deal %(number)d", session=where, number=index + 1)
    payload, phase = deal.get("payload"), deal.get("phase", COMPLETE)
    if not isinstance(payload, dict) or not isinstance(phase, str):
        _refuse(T("the deal's values are missing."), deal_where)
    if phase != COMPLETE and index != count - 1:
        _refuse(T("only the last deal can wait for its play."), deal_where)
    return {
        "id": _id(deal.get("id"), "id", deal_where),
        "position": _int(deal.get("position"), "position", deal_where, 1, count),
        "phase": phase, "payload": payload,
        "engine_version": _int(deal.get("engine_version", game.version), "engine_version", deal_where,
                               1, game.version),
        "created_at": _parse_time(deal.get("created_at"), deal_where),
        "updated_at": _parse_time(deal.get("updated_at"), deal_where),
    }


def _replayed(game: Game, table: Table, checked: list[dict[str, Any]], where: Text) -> Standing:
    """The standing after the complete deals, replayed by the engine; locked bids of a last deal
    checked as the next deal's. Any value the engine cannot read is refused, never a 500."""
    try:
        standing = game.replay(table, [deal["payload"] for deal in checked if deal["phase"] == COMPLETE])
        if checked and checked[-1]["phase"] != COMPLETE:
            where = T("%(session)s, deal %(number)d", session=where, number=len(checked))
            if checked[-1]["phase"] not in game.phases(table, standing.state)[:-1]:
                raise RuleError(T("there is no entry phase called %(phase)s.", phase=checked[-1]["phase"]))
            game.parse_phase(table, standing.state, checked[-1]["payload"], checked[-1]["phase"])
    except DealError as error:
        _refuse(error.text, T("%(session)s, deal %(number)d", session=where, number=error.index + 1))
    except RuleError as error:
        _refuse(error.text, where)
    except Exception:  # noqa: BLE001  (a malformed value is refused, never a 500)
        log.warning("An imported deal's values could not be replayed", exc_info=True)  # or an engine's fault
        _refuse(T("the deal's values cannot be read."), where)
    return standing


def _checked_revisions(revisions: Any, fields: Mapping[str, FieldSpec], size: int, deals: int,
                       where: Text) -> list[dict[str, Any]]:
    """The change log: known actions, deal numbers the session can have had, readable times, and
    values each of its field's kind (the rules of their deal held then, not necessarily now)."""
    if not isinstance(revisions, list):
        _refuse(T("the changes must be a list."), where)
    checked = []
    for revision in revisions:
        if not isinstance(revision, dict) or not isinstance(revision.get("action"), str) \
                or revision["action"] not in ACTIONS:
            _refuse(T("a change has no known action."), where)
        if revision["action"] == "rename" and not all(
                isinstance(names, dict) and isinstance(names.get("name"), str)
                for names in (revision.get("before"), revision.get("after"))):
            _refuse(T("a renaming change names no player."), where)
        checked.append({
            "deal_id": _id(revision.get("deal_id"), "deal_id", where),
            "deal_number": _int(revision.get("deal_number", 0), "deal_number", where, 0, deals + len(revisions)),
            "action": revision["action"],
            "before": _change_values(revision.get("before"), fields, size, where),
            "after": _change_values(revision.get("after"), fields, size, where),
            "at": _parse_time(revision.get("at"), where),
        })
    return checked


def _change_values(values: Any, fields: Mapping[str, FieldSpec], size: int, where: Text) -> dict[str, Any] | None:
    """A deal's values as the change log keeps them (None: none), each of its field's kind."""
    if not isinstance(values, dict):
        return None
    try:
        for name, value in values.items():
            spec = fields.get(name)  # a field no longer asked is shown as it was stored
            if spec is None or value is None:
                continue
            if spec.per_seat and (not isinstance(value, list) or len(value) != size):
                raise RuleError(T("%(field)s: give one value for each of the %(n)d players.",
                                  field=Text(spec.label), n=size))
            for item in value if spec.per_seat else [value]:
                # the choices offered now may leave out one chosen then (Coiffeur: a row filled since)
                if item is not None and not (spec.kind == CHOICE and isinstance(item, str)):
                    parse_value(spec, item, name, size)
    except RuleError as error:
        _refuse(error.text, where)
    return values


def checked_document(document: Any) -> tuple[list[dict[str, Any]], dict[str, datetime | None]]:
    """Every session of an export file, checked (the values to store), and when each player in the
    file's list was first seen, by name key; ImportRefused for a file that does not fit."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        _refuse(T("This is not a Scorekeeper export file."))
    if document.get("version") != VERSION:
        _refuse(T("This export file has version %(version)s; this Scorekeeper reads version %(expected)d.",
                  version=str(document.get("version")), expected=VERSION))
    _parse_time(document.get("exported_at"), T("The file's export time"), required=False)
    entries = document.get("sessions")
    if not isinstance(entries, list):
        _refuse(T("The file lists no sessions."))
    checked = [_check_session(number, entry) for number, entry in enumerate(entries, start=1)]
    return checked, _first_seen(document.get("players", []))


def _first_seen(listed: Any) -> dict[str, datetime | None]:
    """When each player in the file's list was first seen, by name key; a list that is not one of
    names (with an optional time) is refused."""
    if not isinstance(listed, list):
        _refuse(T("The file's list of players cannot be read."))
    first_seen: dict[str, datetime | None] = {}
    for number, player in enumerate(listed, start=1):
        where = T("Player %(number)d in the file", number=number)
        if not isinstance(player, dict) or not isinstance(player.get("name"), str) or not player["name"].strip():
            _refuse(T("the player has no name."), where)
        first_seen[name_key(player["name"])] = _parse_time(player.get("created_at"), where, required=False)
    return first_seen

"""A file that export.py made, put back into any Scorekeeper: export -> import into an empty
database -> export gives the same document apart from ids. Import checks everything first, by
replaying each session through its engine, and stores nothing when one deal does not fit. A
session that is already here exactly (same game, start time, players and deals: the same file
imported twice, or a backup put back over the database it came from) is not stored again.
Every whole number is checked against its range before it reaches the database, every time lies
between 2000 and tomorrow, and the options are resolved as a new session's are.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, NoReturn

from sqlalchemy import select

from . import summaries
from .board import COMPLETE, WITH_DEALS, build
from .export import FORMAT, VERSION, canonical
from .extensions import db
from .games import GAMES
from .games.base import DealError, FieldSpec, Game, RuleError, Standing, T, Table, Text, resolve_options
from .games.entry import CHOICE, parse_value
from .models import Deal, GameSession, Player, Revision, Seat, utcnow
from .names import checked_names, find_or_create_player, name_key

ACTIONS = {"add", "edit", "delete", "bid", "close", "reopen", "restore"}
INT_MAX = 2**31 - 1  # an INTEGER column (PostgreSQL: 32 bits signed)
CHUNK = 50  # sessions stored per flush, players looked up per query


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


def _int(value: Any, what: str, where, low: int = 0, high: int = INT_MAX) -> int:
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
    return T("Session %(number)d in the file (%(game)s: %(names)s)", number=number,
             game=str(entry.get("game")), names=names)


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


@dataclass
class Imported:
    """The ids of the sessions an import stored (new) and of those it found already here."""

    stored: list[int] = field(default_factory=list)
    already_here: list[int] = field(default_factory=list)


def _key(game: str, created_at: datetime, names: Iterable[str], deals: Iterable[tuple[int, str, Any]]) -> tuple:
    """What makes two sessions the same: game, start time, players in order and deals (positions,
    phases, payloads)."""
    return (game, created_at, tuple(name_key(name) for name in names),
            tuple((position, phase, canonical(payload)) for position, phase, payload in deals))


def _file_key(values: Mapping[str, Any]) -> tuple:
    return _key(values["game"], values["created_at"], values["names"],
                ((deal["position"], deal["phase"], deal["payload"]) for deal in values["deals"]))


def import_document(document: Any) -> Imported:
    """Check every session in an export file, then store them all (new ids) or nothing; a session
    already here is not stored twice. Players are matched by name (case-insensitive); a new player
    keeps the file's first-seen time."""
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
    players = _players(checked, _first_seen(document.get("players", [])))
    result = Imported()
    for first in range(0, len(checked), CHUNK):
        _store_chunk(checked[first:first + CHUNK], players, result)
    db.session.commit()
    return result


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


def _players(checked: list[dict[str, Any]], first_seen: Mapping[str, datetime | None]) -> dict[str, int]:
    """The id of every player in the file by name key, found (by one query per CHUNK players) or
    created; a new player keeps the file's first-seen time."""
    names = {name_key(name): name for values in checked for name in values["names"]}
    keys = list(names)
    ids: dict[str, int] = {}
    for first in range(0, len(keys), CHUNK):
        query = select(Player.name_key, Player.id).where(Player.name_key.in_(keys[first:first + CHUNK]))
        ids.update({key: player_id for key, player_id in db.session.execute(query)})
    for key in set(names) - set(ids):
        player = find_or_create_player(names[key])
        player.created_at = first_seen.get(key) or player.created_at
        db.session.flush()
        ids[key] = player.id
    return ids


def _new_session(values: dict[str, Any], players: Mapping[str, int]) -> GameSession:
    """A checked session of the file as new rows: the session, its seats and its deals."""
    return GameSession(
        game=values["game"], options=values["options"], first_dealer=values["first_dealer"],
        engine_version=values["engine_version"], created_at=values["created_at"],
        updated_at=values["updated_at"], closed_at=values["closed_at"],
        seats=[Seat(position=position, player_id=players[name_key(name)])
               for position, name in enumerate(values["names"])],
        deals=[Deal(position=deal["position"], phase=deal["phase"], payload=deal["payload"],
                    engine_version=deal["engine_version"], created_at=deal["created_at"],
                    updated_at=deal["updated_at"]) for deal in values["deals"]])


def _add_changes_and_summary(session: GameSession, values: dict[str, Any]) -> None:
    """The change log of a session just added (its deals have their new ids) and its summary."""
    new_ids = {deal["id"]: row.id for deal, row in zip(values["deals"], session.deals)}
    new_ids.pop(None, None)  # a deal the file gave no id: no change points to it
    db.session.add_all(Revision(
        session_id=session.id, deal_id=new_ids.get(revision["deal_id"]), deal_number=revision["deal_number"],
        action=revision["action"], before=revision["before"], after=revision["after"], at=revision["at"],
    ) for revision in values["revisions"])
    deals = [row for row in session.deals if row.phase == COMPLETE]
    pending = next((row for row in session.deals if row.phase != COMPLETE), None)
    summaries.store(session, build(session, GAMES[values["game"]], values["table"], values["standing"],
                                   deals, pending))


def _store_chunk(chunk: list[dict[str, Any]], players: Mapping[str, int], result: Imported) -> None:
    """Add the checked sessions of `chunk` that are not here yet, with their seats, deals, changes
    and summaries, a few statements for all of them (new ids; not committed)."""
    held = set(db.session.identity_map.values())
    query = select(GameSession).where(GameSession.created_at.in_({values["created_at"] for values in chunk}))
    here = {_key(session.game, session.created_at, session.names,
                 ((deal.position, deal.phase, deal.payload) for deal in session.deals)): session
            for session in db.session.scalars(query.options(*WITH_DEALS))}
    added, already = [], []
    for values in chunk:
        key = _file_key(values)
        if key in here:
            already.append(here[key])
            continue
        session = here[key] = _new_session(values, players)
        db.session.add(session)
        added.append((session, values))
    db.session.flush()
    with db.session.no_autoflush:  # the changes and summaries below go in one flush
        for session, values in added:
            _add_changes_and_summary(session, values)
    db.session.flush()
    result.stored += [session.id for session, _ in added]
    result.already_here += [session.id for session in already]
    for row in set(db.session.identity_map.values()) - held:  # the summaries' UPDATEs scan every object
        if row in db.session:                                   # held: hold one chunk's, not all
            db.session.expunge(row)

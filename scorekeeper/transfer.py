"""Data a table can take home: sessions as JSON (export, and import into any Scorekeeper)
and the scoreboard as CSV.

The JSON keeps every stored fact: players, seats, the frozen options, each deal's payload,
phase, engine version, position and timestamps, and every revision; so export -> import into
an empty database -> export gives the same document apart from ids. A table PIN is not
exported (its hash would give a four-digit PIN away). Import checks everything first, by
replaying each session through its engine, and stores nothing when one deal does not fit. A
session that is already here exactly (same game, start time, players and deals: the same file
imported twice, or a backup put back over the database it came from) is not stored again.

In the CSV, a text cell a spreadsheet would read as a formula (it starts with = + - @, a tab or
a carriage return) gets a leading apostrophe, as OWASP recommends; numbers stay numbers.
"""
from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, NoReturn

from flask_babel import gettext
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from . import summaries
from .board import board
from .extensions import db
from .games import GAMES
from .games.base import Game, RuleError, State, T, Table, Text
from .models import Deal, GameSession, Player, Revision, Seat, utcnow
from .names import find_or_create_player, name_key

FORMAT = "scorekeeper-export"
VERSION = 1
ACTIONS = {"add", "edit", "delete", "bid", "close", "reopen", "restore"}
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


# --- export ------------------------------------------------------------------------


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat() + "Z"


def session_document(session: GameSession) -> dict[str, Any]:
    """One session with everything stored about it."""
    return {
        "id": session.id,
        "game": session.game,
        "options": session.options,
        "first_dealer": session.first_dealer,
        "engine_version": session.engine_version,
        "created_at": _time(session.created_at),
        "updated_at": _time(session.updated_at),
        "closed_at": _time(session.closed_at),
        "seats": [{"position": seat.position, "player": seat.player.name} for seat in session.seats],
        "deals": [
            {"id": deal.id, "position": deal.position, "phase": deal.phase, "payload": deal.payload,
             "engine_version": deal.engine_version, "created_at": _time(deal.created_at),
             "updated_at": _time(deal.updated_at)}
            for deal in session.deals
        ],
        "revisions": [
            {"deal_id": revision.deal_id, "deal_number": revision.deal_number, "action": revision.action,
             "before": revision.before, "after": revision.after, "at": _time(revision.at)}
            for revision in session.revisions
        ],
    }


def all_sessions() -> list[GameSession]:
    """Every session, with its seats, deals and revisions loaded in four queries, not one per session."""
    query = select(GameSession).order_by(GameSession.id).options(
        selectinload(GameSession.seats), selectinload(GameSession.deals), selectinload(GameSession.revisions))
    return list(db.session.scalars(query))


def export_document(sessions: Iterable[GameSession]) -> dict[str, Any]:
    """The export file: the players (with when they were first seen) and the sessions."""
    sessions = list(sessions)
    players = {seat.player.name: seat.player for session in sessions for seat in session.seats}
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": _time(utcnow()),
        "players": [{"name": name, "created_at": _time(player.created_at)}
                    for name, player in sorted(players.items())],
        "sessions": [session_document(session) for session in sessions],
    }


def canonical(value: Any) -> str:
    """A stored value as JSON with sorted keys: equal for equal values, however built."""
    return json.dumps(value, sort_keys=True)


def scoreboard_csv(session: GameSession) -> str:
    """One row per deal (number, dealer, points per player), then the totals, headed in the
    table's language."""
    labels = {"deal": gettext("Deal"), "dealer": gettext("Dealer"), "total": gettext("Total")}
    current = board(session)
    names = current.table.names
    standing = current.standing
    rows = [[labels["deal"], labels["dealer"], *names]]
    for number, result in enumerate(standing.results, start=1):
        dealer = standing.dealers[number - 1]
        rows.append([number, "" if dealer is None else names[dealer], *result.points])
    rows.append([labels["total"], "", *standing.totals])
    out = io.StringIO()
    csv.writer(out).writerows([[_cell(value) for value in row] for row in rows])
    return out.getvalue()


def _cell(value: Any) -> Any:
    """A text cell that cannot run as a spreadsheet formula (a number stays a number)."""
    return "'" + value if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value


# --- import ------------------------------------------------------------------------


class ImportRefused(RuleError):
    """The file cannot be imported; the sentence names the session and the deal."""


def _refuse(text: Text, where: Any = None) -> NoReturn:
    if where is not None:
        text = T("%(where)s: %(reason)s", where=where, reason=text)
    raise ImportRefused(text)


def _parse_time(value: Any, where, required: bool = True) -> datetime | None:
    if value is None and not required:
        return None
    try:
        moment = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        _refuse(T("the time %(value)s cannot be read.", value=str(value)), where)
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment


def _int(value: Any, what: str, where) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        _refuse(T("%(what)s must be a whole number.", what=what), where)
    return value


def _session_name(number: int, entry: Mapping[str, Any]) -> Any:
    names = ", ".join(str(seat.get("player")) for seat in entry.get("seats") or [] if isinstance(seat, dict))
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
    options = entry.get("options")
    if not isinstance(options, dict):
        _refuse(T("the options must be a set of named values."), where)
    first_dealer = _int(entry.get("first_dealer"), "first_dealer", where)
    deals = _checked_deals(game, Table(tuple(names), dict(options), first_dealer), entry.get("deals"), where)
    return {
        "game": game.slug, "options": options, "first_dealer": first_dealer,
        "engine_version": _int(entry.get("engine_version", game.version), "engine_version", where),
        "created_at": _parse_time(entry.get("created_at"), where),
        "updated_at": _parse_time(entry.get("updated_at"), where),
        "closed_at": _parse_time(entry.get("closed_at"), where, required=False),
        "names": names, "deals": deals, "revisions": _checked_revisions(entry.get("revisions") or [], where),
    }


def _position(item: dict[str, Any]) -> int:
    position = item.get("position")
    return position if isinstance(position, int) else 0


def _checked_seats(seats: Any, where: Text) -> list[str]:
    """The players' names, clockwise from seat 0."""
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        _refuse(T("the seats are missing."), where)
    seats = sorted(seats, key=_position)
    names = [seat.get("player") for seat in seats]
    if [seat.get("position") for seat in seats] != list(range(len(seats))):
        _refuse(T("the seats must be numbered 0, 1, 2, ... clockwise."), where)
    if not all(isinstance(name, str) and name.strip() and len(name) <= 60 for name in names):
        _refuse(T("every player needs a name of at most 60 characters."), where)
    if len({name.casefold() for name in names}) != len(names):
        _refuse(T("two players have the same name."), where)
    return names


def _checked_deals(game: Game, table: Table, deals: Any, where: Text) -> list[dict[str, Any]]:
    """Every deal replayed by the game's engine, in order; only the last may wait for its play."""
    if not isinstance(deals, list) or not all(isinstance(d, dict) for d in deals):
        _refuse(T("the deals are missing."), where)
    deals = sorted(deals, key=_position)
    try:
        game.check_table(table)
        state = game.start(table)
    except RuleError as error:
        _refuse(error.text, where)
    except Exception:  # noqa: BLE001  (a malformed option is refused, never a 500)
        _refuse(T("the options cannot be read."), where)
    checked = []
    for index, deal in enumerate(deals):
        deal_where = T("%(session)s, deal %(number)d", session=where, number=index + 1)
        payload, phase = deal.get("payload"), deal.get("phase", "complete")
        if not isinstance(payload, dict) or not isinstance(phase, str):
            _refuse(T("the deal's values are missing."), deal_where)
        if phase != "complete" and index != len(deals) - 1:
            _refuse(T("only the last deal can wait for its play."), deal_where)
        state = _played(game, table, state, payload, phase, deal_where)
        checked.append({
            "id": deal.get("id"), "position": _int(deal.get("position"), "position", deal_where),
            "phase": phase, "payload": payload,
            "engine_version": _int(deal.get("engine_version", game.version), "engine_version", deal_where),
            "created_at": _parse_time(deal.get("created_at"), deal_where),
            "updated_at": _parse_time(deal.get("updated_at"), deal_where),
        })
    if len({deal["position"] for deal in checked}) != len(checked):
        _refuse(T("two deals have the same position."), where)
    return checked


def _played(game: Game, table: Table, state: State, payload: dict[str, Any], phase: str, where: Text) -> State:
    """The state after a complete deal; an early phase (locked bids) is checked and changes nothing."""
    try:
        if phase == "complete":
            return game.play(table, state, payload)[1]
        if phase not in game.phases(table, state)[:-1]:
            _refuse(T("there is no entry phase called %(phase)s.", phase=phase), where)
        game.parse_phase(table, state, payload, phase)
        return state
    except ImportRefused:
        raise
    except RuleError as error:
        _refuse(error.text, where)
    except Exception:  # noqa: BLE001
        _refuse(T("the deal's values cannot be read."), where)


def _checked_revisions(revisions: Any, where: Text) -> list[dict[str, Any]]:
    """The change log: known actions, whole numbers, readable times."""
    if not isinstance(revisions, list):
        _refuse(T("the changes must be a list."), where)
    checked = []
    for revision in revisions:
        if not isinstance(revision, dict) or revision.get("action") not in ACTIONS:
            _refuse(T("a change has no known action."), where)
        checked.append({
            "deal_id": revision.get("deal_id"),
            "deal_number": _int(revision.get("deal_number", 0), "deal_number", where),
            "action": revision["action"],
            "before": revision.get("before") if isinstance(revision.get("before"), dict) else None,
            "after": revision.get("after") if isinstance(revision.get("after"), dict) else None,
            "at": _parse_time(revision.get("at"), where),
        })
    return checked


@dataclass
class Imported:
    """What an import stored (new sessions) and what it found already here (existing sessions)."""

    stored: list[GameSession] = field(default_factory=list)
    already_here: list[GameSession] = field(default_factory=list)


def _already_here(values: Mapping[str, Any]) -> GameSession | None:
    """A stored session with the same game, start time, players in order and deals (positions,
    phases, payloads): the same session, not a second one to add."""
    wanted = [(deal["position"], deal["phase"], canonical(deal["payload"])) for deal in values["deals"]]
    candidates = db.session.scalars(select(GameSession).where(
        GameSession.game == values["game"], GameSession.created_at == values["created_at"]))
    for session in candidates:
        if ([name_key(name) for name in session.names] == [name_key(name) for name in values["names"]]
                and [(d.position, d.phase, canonical(d.payload)) for d in session.deals] == wanted):
            return session
    return None


def import_document(document: Any) -> Imported:
    """Check every session in an export file, then store them all (new ids) or nothing; a session
    already here is not stored twice. Players are matched by name (case-insensitive); a new player
    keeps the file's first-seen time."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        _refuse(T("This is not a Scorekeeper export file."))
    if document.get("version") != VERSION:
        _refuse(T("This export file has version %(version)s; this Scorekeeper reads version %(expected)d.",
                  version=str(document.get("version")), expected=VERSION))
    entries = document.get("sessions")
    if not isinstance(entries, list):
        _refuse(T("The file lists no sessions."))
    checked = [_check_session(number, entry) for number, entry in enumerate(entries, start=1)]
    first_seen: dict[str, datetime | None] = {}
    for player in document.get("players") or []:
        if isinstance(player, dict) and isinstance(player.get("name"), str):
            first_seen[player["name"].casefold()] = _parse_time(player.get("created_at"), None, required=False)
    result = Imported()
    for values in checked:
        existing = _already_here(values)
        if existing is not None:
            result.already_here.append(existing)
        else:
            result.stored.append(_stored(values, first_seen))
    db.session.commit()
    return result


def _stored(values: Mapping[str, Any], first_seen: Mapping[str, datetime | None]) -> GameSession:
    """A checked session added with its seats, deals, changes and summary (new ids; not committed)."""
    session = GameSession(
        game=values["game"], options=values["options"], first_dealer=values["first_dealer"],
        engine_version=values["engine_version"], created_at=values["created_at"],
        updated_at=values["updated_at"], closed_at=values["closed_at"],
    )
    for position, name in enumerate(values["names"]):
        known = db.session.scalar(select(Player.id).where(Player.name_key == name_key(name)))
        player = find_or_create_player(name)
        seen = first_seen.get(name.casefold())
        if known is None and seen is not None:
            player.created_at = seen
        session.seats.append(Seat(position=position, player=player))
        db.session.flush()  # the next find sees this player
    new_ids = {}
    for deal in values["deals"]:
        row = Deal(position=deal["position"], phase=deal["phase"], payload=deal["payload"],
                   engine_version=deal["engine_version"], created_at=deal["created_at"],
                   updated_at=deal["updated_at"])
        session.deals.append(row)
        new_ids[deal["id"]] = row
    db.session.add(session)
    db.session.flush()
    for revision in values["revisions"]:
        deal = new_ids.get(revision["deal_id"]) if revision["deal_id"] is not None else None
        session.revisions.append(Revision(
            deal_id=deal.id if deal is not None else None, deal_number=revision["deal_number"],
            action=revision["action"], before=revision["before"], after=revision["after"], at=revision["at"],
        ))
    db.session.flush()
    session.updated_at = values["updated_at"]  # the flushes above must not stamp "now" on the imported times
    summaries.replayed(session)
    return session

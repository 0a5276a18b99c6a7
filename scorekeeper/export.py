"""What a table takes home: its sessions as JSON (every stored fact: players, seats, the frozen
options, each deal's payload, phase, engine version, position and timestamps, and every revision;
importer.py puts such a file back into any Scorekeeper) and the scoreboard as CSV. A table PIN is
not exported (its hash would give a four-digit PIN away), nor are locked values the game keeps
unseen until their deal is saved (`unseen_pending`).

In the CSV, a text cell a spreadsheet would read as a formula (it starts with = + - @, a tab or
a carriage return) gets a leading apostrophe, as OWASP recommends; numbers stay numbers.
"""
from __future__ import annotations

import csv
import io
import json
from datetime import datetime
from typing import Any

from flask_babel import gettext
from sqlalchemy.orm import selectinload

from .board import board, pending_deal, table_of
from .extensions import db
from .games import get_game
from .history import Filters, sessions_query
from .i18n import translate
from .models import Deal, GameSession, utcnow

FORMAT = "scorekeeper-export"
VERSION = 1
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat() + "Z"


def unseen_pending(session: GameSession) -> Deal | None:
    """The deal waiting for its play when its locked values are unseen until it is saved (the game
    decides: `Game.locked_shown`; Differenzler's hidden announcements); None otherwise.

    An export leaves such a deal out, and the changes about it: the file is a button away for
    everyone at the table, and its announcements are the ones they must not read before the deal.
    The export holds the saved deals, so importing it works as for any session; the table types the
    announcements of that deal again after a restore (as after "Delete the announcements"). Once
    the deal is saved, an export holds it and its announcements like any other deal."""
    pending = pending_deal(session)
    if pending is None or get_game(session.game).locked_shown(table_of(session)):
        return None
    return pending


def exported_deals(session: GameSession) -> list[Deal]:
    """The session's deals as its export holds them (without an unseen pending deal)."""
    unseen = unseen_pending(session)
    return [deal for deal in session.deals if deal is not unseen]


def session_document(session: GameSession) -> dict[str, Any]:
    """One session with everything stored about it that the table may read (`unseen_pending`)."""
    unseen = unseen_pending(session)
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
            for deal in session.deals if deal is not unseen
        ],
        "revisions": [
            {"id": revision.id, "deal_id": revision.deal_id, "deal_number": revision.deal_number,
             "action": revision.action, "before": revision.before, "after": revision.after, "at": _time(revision.at)}
            for revision in session.revisions if unseen is None or revision.deal_id != unseen.id
        ],
    }


def all_sessions(filters: Filters | None = None) -> list[GameSession]:
    """Every session, or those the history's filters list (one evening, one game), oldest first, with
    their seats, deals and revisions loaded in four queries, not one per session."""
    query = sessions_query(filters or Filters()).order_by(None).order_by(GameSession.id).options(
        selectinload(GameSession.deals), selectinload(GameSession.revisions))
    return list(db.session.scalars(query))


def export_document(sessions: list[GameSession]) -> dict[str, Any]:
    """The export file: the players (with when they were first seen) and the sessions."""
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
    """One row per deal (number, dealer, points per player), then the totals and any totals the game
    keeps beside them (the Skat list's other column), headed in the table's language."""
    current = board(session)
    game, table, standing = current.game, current.table, current.standing
    rows = [[gettext("Game") if game.rounds_are_games else gettext("Deal"), gettext("Dealer"), *table.names]]
    for number, result in enumerate(standing.results, start=1):
        dealer = standing.dealers[number - 1]
        rows.append([number, "" if dealer is None else table.names[dealer], *result.points])
    rows.append([gettext("Total"), "", *standing.totals])
    for label, totals in game.other_totals(table, standing.state):
        rows.append([gettext("Total (%(column)s)", column=translate(label)), "", *totals])
    out = io.StringIO()
    csv.writer(out).writerows([[_cell(value) for value in row] for row in rows])
    return out.getvalue()


def _cell(value: Any) -> Any:
    """A text cell that cannot run as a spreadsheet formula (a number stays a number)."""
    return "'" + value if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value

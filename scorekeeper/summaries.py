"""Session summaries: what the history and player pages list of each session (deals played,
totals, winners, losers, whether it is over), derived from its replay, never entered.

Every write stores its session's summary in its own transaction (writes.py). A summary is stamped
with the session's version and the engine's version it was derived from: one that is missing or
stamped otherwise (a session stored by an older version of the app, a new engine) is computed by
`flask summaries` (scripts/serve runs it before serving) or, when there are few, by the schema
upgrade on start; never by a visitor's request: meanwhile the pages list its session as being updated.
"""
from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import click
from flask import Flask
from sqlalchemy import case, delete, insert, select, update

from .board import WITH_DEALS, Board, board
from .dbsafety import migration_lock
from .extensions import db
from .games import GAMES
from .games.base import DealError
from .models import GameSession, SeatFigure, SeatSummary, SessionSummary, utcnow

# the schema upgrade on start (AUTO_MIGRATE) computes the missing summaries when there are at most
# this many; more are left to `flask summaries`, so that no worker's start outlasts its timeout
ON_START = 200

log = logging.getLogger(__name__)


def engine_version(slug: str) -> int:
    game = GAMES.get(slug)
    return game.version if game is not None else 0


def current(slug: str, version: int) -> bool:
    """Whether figures written under engine `version` count: the game's engine now (one of a game
    since removed never)."""
    return slug in GAMES and version == engine_version(slug)


def is_fresh(summary: SessionSummary | None, session: GameSession) -> bool:
    return (summary is not None and summary.session_version == session.version
            and summary.engine_version == engine_version(session.game))


def _summary_values(session: GameSession, current: Board | None) -> dict[str, Any]:
    """The session summary's columns: totals, winners and losers of the standing, if any."""
    values: dict[str, Any] = dict(session_version=session.version, engine_version=engine_version(session.game),
                                  deals=0, totals=None, winners=[], losers=[], over=False, updated_at=utcnow())
    if current is not None:
        standing = current.standing
        values.update(deals=len(current.deals), totals=list(standing.totals), winners=list(standing.winners),
                      losers=list(standing.losers), over=bool(standing.over))
    return values


def _seat_rows(session: GameSession, current: Board | None, values: dict[str, Any]) -> list[dict[str, Any]]:
    """One seat summary per seat; a finished session's seats with their places among the sides."""
    places: tuple[int, ...] = ()
    sides: int | None = None
    if current is not None and values["over"]:
        places = current.game.places(current.table, current.standing.state)
        sides = len(current.game.sides(current.table, current.standing.state))
    totals, winners, losers = values["totals"], values["winners"], values["losers"]
    return [dict(session_id=session.id, position=seat.position, player_id=seat.player_id, game=session.game,
                 engine_version=values["engine_version"], over=values["over"], won=seat.position in winners,
                 lost=seat.position in losers, total=None if totals is None else totals[seat.position],
                 started_at=session.created_at, place=places[seat.position] if places else None, sides=sides)
            for seat in session.seats]


def _figure_rows(session: GameSession, current: Board | None, version: int) -> list[dict[str, Any]]:
    """One row per seat and figure the engine counted that is not 0."""
    if current is None:
        return []
    counted = current.seat_figures()
    return [dict(session_id=session.id, position=seat.position, player_id=seat.player_id, game=session.game,
                 engine_version=version, name=name, value=value, started_at=session.created_at)
            for seat in session.seats for name, value in counted[seat.position].items()]


def store(session: GameSession, current: Board | None) -> None:
    """Write the summary of `session` from its board (None: a stored deal no longer fits, or the
    game is unknown), in place when there is one: two UPDATEs (the seats' rows by primary key).
    Not committed."""
    values = _summary_values(session, current)
    seats = _seat_rows(session, current, values)
    figures = _figure_rows(session, current, values["engine_version"])
    # the figures are written anew (which of them are not 0 changes); also rows left behind by a
    # summary deleted in SQL (SQLite enforces no ON DELETE CASCADE by default)
    db.session.execute(delete(SeatFigure).where(SeatFigure.session_id == session.id))
    updated = db.session.execute(update(SessionSummary).where(SessionSummary.session_id == session.id)
                                 .values(**values).returning(SessionSummary.session_id)).first()
    if updated is not None:
        db.session.execute(update(SeatSummary), seats)
        if figures:
            db.session.execute(insert(SeatFigure), figures)
        return
    db.session.execute(delete(SeatSummary).where(SeatSummary.session_id == session.id))  # as the figures
    db.session.add(SessionSummary(session_id=session.id, **values, seats=[SeatSummary(**seat) for seat in seats],
                                  figures=[SeatFigure(**figure) for figure in figures]))


def replayed(session: GameSession) -> None:
    """Replay the session and store its summary (a broken or unknown game gets an empty one)."""
    try:
        current = board(session)
    except (DealError, KeyError):
        log.warning("Session %d does not replay: its summary is left empty", session.id, exc_info=True)
        current = None
    store(session, current)


def fresh(sessions: Sequence[GameSession]) -> dict[int, SessionSummary | None]:
    """The summaries of `sessions` (one page of a list) by session id as stored: None for a session
    whose summary is missing or stale (listed as being updated; nothing is replayed here)."""
    ids = [session.id for session in sessions]
    query = select(SessionSummary).where(SessionSummary.session_id.in_(ids))
    found = {summary.session_id: summary for summary in db.session.scalars(query)} if ids else {}
    return {session.id: found[session.id] if is_fresh(found.get(session.id), session) else None
            for session in sessions}


def stale(limit: int | None = None) -> list[int]:
    """The ids of the sessions whose summary is missing or stale (at most `limit`), by one query."""
    current = case({slug: game.version for slug, game in GAMES.items()}, value=GameSession.game, else_=0)
    return list(db.session.scalars(
        select(GameSession.id).outerjoin(SessionSummary)
        .where(SessionSummary.session_id.is_(None) | (SessionSummary.session_version != GameSession.version)
               | (SessionSummary.engine_version != current))
        .order_by(GameSession.id).limit(limit)))


def refresh(session_ids: Sequence[int]) -> None:
    """Replay and store the summaries of these sessions, committed (500 at a time)."""
    for first in range(0, len(session_ids), 500):
        chunk = session_ids[first:first + 500]
        for session in db.session.scalars(select(GameSession).where(GameSession.id.in_(chunk)).options(*WITH_DEALS)):
            replayed(session)
        db.session.commit()
        db.session.expunge_all()  # a backfill holds one chunk at a time


def init_app(app: Flask) -> None:
    @app.cli.command("summaries")
    def summaries_command() -> Any:
        """Compute the session summaries that are missing or stale (after an upgrade)."""
        with migration_lock(db.engine, app.instance_path):  # one server at a time (several start together)
            ids = stale()
            refresh(ids)
        click.echo(f"{len(ids)} session summaries computed.")

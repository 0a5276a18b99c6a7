"""Session summaries: what the history and player pages list of each session (deals played,
totals, winners, losers, whether it is over), derived from its replay, never entered.

Every write stores its session's summary in its own transaction (writes.py). A summary is stamped
with the session's version and the engine's version it was derived from: one that is missing or
stamped otherwise (a session stored by an older version of the app, a new engine) is replayed when
a page lists its session (`fresh`), or all at once by `flask summaries` after an upgrade.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click
from flask import Flask
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from .board import WITH_DEALS, Board, board
from .extensions import db
from .games import GAMES
from .games.base import DealError
from .models import GameSession, SeatSummary, SessionSummary, utcnow


def engine_version(slug: str) -> int:
    game = GAMES.get(slug)
    return game.version if game is not None else 0


def is_fresh(summary: SessionSummary | None, session: GameSession) -> bool:
    return (summary is not None and summary.session_version == session.version
            and summary.engine_version == engine_version(session.game))


def store(session: GameSession, current: Board | None) -> None:
    """Write the summary of `session` from its board (None: a stored deal no longer fits, or the
    game is unknown), in place when there is one: two UPDATEs (the seats' rows by primary key).
    Not committed."""
    standing = current.standing if current is not None else None
    totals = list(standing.totals) if standing is not None else None
    winners, losers = (list(standing.winners), list(standing.losers)) if standing is not None else ([], [])
    values = dict(session_version=session.version, engine_version=engine_version(session.game),
                  deals=len(current.deals) if current is not None else 0, totals=totals, winners=winners,
                  losers=losers, over=bool(standing is not None and standing.over), updated_at=utcnow())
    seats = [dict(session_id=session.id, position=seat.position, player_id=seat.player_id, game=session.game,
                  engine_version=values["engine_version"], over=values["over"], won=seat.position in winners,
                  lost=seat.position in losers, total=None if totals is None else totals[seat.position])
             for seat in session.seats]
    updated = db.session.execute(update(SessionSummary).where(SessionSummary.session_id == session.id)
                                 .values(**values).returning(SessionSummary.session_id)).first()
    if updated is not None:
        db.session.execute(update(SeatSummary), seats)
        return
    # seat rows left behind by a summary deleted in SQL (SQLite enforces no ON DELETE CASCADE by default)
    db.session.execute(delete(SeatSummary).where(SeatSummary.session_id == session.id))
    db.session.add(SessionSummary(session_id=session.id, **values, seats=[SeatSummary(**seat) for seat in seats]))


def replayed(session: GameSession) -> None:
    """Replay the session and store its summary (a broken or unknown game gets an empty one)."""
    try:
        current = board(session)
    except (DealError, KeyError):
        current = None
    store(session, current)


def fresh(sessions: Sequence[GameSession]) -> dict[int, SessionSummary]:
    """The summaries of `sessions` (one page of a list) by session id, replaying missing or stale ones."""
    ids = [session.id for session in sessions]
    query = select(SessionSummary).where(SessionSummary.session_id.in_(ids))
    found = {summary.session_id: summary for summary in db.session.scalars(query)} if ids else {}
    stale = [session for session in sessions if not is_fresh(found.get(session.id), session)]
    if not stale:
        return found
    for session in stale:
        replayed(session)
    try:
        db.session.commit()
    except IntegrityError:  # another request stored the same missing summary first: read theirs
        db.session.rollback()
    return {summary.session_id: summary for summary in db.session.scalars(query.execution_options(
        populate_existing=True))}


def refresh(session_ids: Sequence[int]) -> None:
    """Replay and store the summaries of these sessions, committed (500 at a time)."""
    for first in range(0, len(session_ids), 500):
        chunk = session_ids[first:first + 500]
        for session in db.session.scalars(select(GameSession).where(GameSession.id.in_(chunk)).options(*WITH_DEALS)):
            replayed(session)
        db.session.commit()


def refresh_all(chunk: int = 500) -> int:
    """Replay every session whose summary is missing or stale; returns how many were replayed."""
    replayed_count, last_id = 0, 0
    while True:
        sessions = db.session.scalars(
            select(GameSession).where(GameSession.id > last_id).order_by(GameSession.id).limit(chunk)
            .options(*WITH_DEALS, selectinload(GameSession.summary))).all()
        if not sessions:
            return replayed_count
        last_id = sessions[-1].id
        for session in sessions:
            if not is_fresh(session.summary, session):
                replayed(session)
                replayed_count += 1
        db.session.commit()
        db.session.expunge_all()


def init_app(app: Flask) -> None:
    @app.cli.command("summaries")
    def summaries_command() -> Any:
        """Compute the session summaries that are missing or stale."""
        click.echo(f"{refresh_all()} session summaries computed.")

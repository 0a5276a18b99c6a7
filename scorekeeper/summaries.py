"""Session summaries: what the history and player pages list of each session (deals played,
totals, winners, losers, whether it is over), derived from its replay, never entered.

Every write stores its session's summary in its own transaction (writes.py). A summary is stamped
with what it was derived from (the session's number of changes, its last change, the engine's
version): one that is missing or stamped otherwise (a session stored by an older version of the
app, a new engine) is replayed when a page lists its session (`fresh`), or all at once by
`flask summaries` after an upgrade.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import click
from flask import Flask
from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from .board import WITH_DEALS, Board, board
from .extensions import db
from .games import GAMES
from .games.base import DealError
from .models import GameSession, Revision, SeatSummary, SessionSummary

Marks = tuple[int, int]  # (number of changes, id of the last change)


def engine_version(slug: str) -> int:
    game = GAMES.get(slug)
    return game.version if game is not None else 0


def marks(session_ids: Iterable[int]) -> dict[int, Marks]:
    """Each session's number of changes and last change, in one grouped query."""
    ids = list(session_ids)
    if not ids:
        return {}
    rows = db.session.execute(
        select(Revision.session_id, func.count(Revision.id), func.max(Revision.id))
        .where(Revision.session_id.in_(ids)).group_by(Revision.session_id))
    return {session_id: (count, last or 0) for session_id, count, last in rows}


def is_fresh(summary: SessionSummary | None, slug: str, stamp: Marks) -> bool:
    return (summary is not None and (summary.revision_count, summary.last_revision_id) == stamp
            and summary.engine_version == engine_version(slug))


def store(session: GameSession, current: Board | None, stamp: Marks | None = None) -> SessionSummary:
    """Write the summary of `session` from its board (None: a stored deal no longer fits, or the
    game is unknown). Not committed; `stamp`: its marks, when the caller has counted them."""
    if stamp is None:
        db.session.flush()  # the write's new change gets its id
        stamp = marks([session.id]).get(session.id, (0, 0))
    summary = session.summary
    if summary is None:
        # seat rows left behind by a summary deleted in SQL (SQLite enforces no ON DELETE CASCADE by default)
        db.session.execute(delete(SeatSummary).where(SeatSummary.session_id == session.id))
        summary = SessionSummary(session_id=session.id)
    summary.revision_count, summary.last_revision_id = stamp
    summary.engine_version = engine_version(session.game)
    if current is None:
        summary.deals, summary.totals, summary.winners, summary.losers, summary.over = 0, None, [], [], False
    else:
        standing = current.standing
        summary.deals = len(current.deals)
        summary.totals = list(standing.totals)
        summary.winners, summary.losers = list(standing.winners), list(standing.losers)
        summary.over = bool(standing.over)
    summary.seats = [
        SeatSummary(session_id=session.id, position=seat.position, player_id=seat.player_id, game=session.game,
                    engine_version=summary.engine_version, over=summary.over,
                    won=seat.position in summary.winners, lost=seat.position in summary.losers,
                    total=None if summary.totals is None else summary.totals[seat.position])
        for seat in session.seats
    ]
    session.summary = summary
    return summary


def replayed(session: GameSession, stamp: Marks | None = None) -> SessionSummary:
    """Replay the session and store its summary (a broken or unknown game gets an empty one)."""
    try:
        current = board(session)
    except (DealError, KeyError):
        current = None
    return store(session, current, stamp)


def fresh(sessions: Sequence[GameSession]) -> dict[int, SessionSummary]:
    """The summaries of `sessions` (one page of a list) by session id, replaying missing or stale ones."""
    ids = [session.id for session in sessions]
    if not ids:
        return {}
    found = {s.session_id: s for s in db.session.scalars(
        select(SessionSummary).where(SessionSummary.session_id.in_(ids)))}
    stamps = marks(ids)
    stale = [s for s in sessions if not is_fresh(found.get(s.id), s.game, stamps.get(s.id, (0, 0)))]
    if not stale:
        return found
    for session in stale:
        found[session.id] = replayed(session, stamps.get(session.id, (0, 0)))
    try:
        db.session.commit()
    except IntegrityError:  # another request stored the same missing summary first: read theirs
        db.session.rollback()
        return {s.session_id: s for s in db.session.scalars(
            select(SessionSummary).where(SessionSummary.session_id.in_(ids)))}
    return found


def refresh(session_ids: Sequence[int]) -> None:
    """Replay and store the summaries of these sessions, committed (500 at a time)."""
    for first in range(0, len(session_ids), 500):
        chunk = session_ids[first:first + 500]
        stamps = marks(chunk)
        for session in db.session.scalars(select(GameSession).where(GameSession.id.in_(chunk)).options(*WITH_DEALS)):
            replayed(session, stamps.get(session.id, (0, 0)))
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
        stamps = marks(s.id for s in sessions)
        for session in sessions:
            stamp = stamps.get(session.id, (0, 0))
            if not is_fresh(session.summary, session.game, stamp):
                replayed(session, stamp)
                replayed_count += 1
        db.session.commit()
        db.session.expunge_all()


def init_app(app: Flask) -> None:
    @app.cli.command("summaries")
    def summaries_command() -> Any:
        """Compute the session summaries that are missing or stale."""
        click.echo(f"{refresh_all()} session summaries computed.")

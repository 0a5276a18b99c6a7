"""One row per session with what the history and player pages show: deals played, totals,
winners, losers, whether it is over. Derived from the replay, never entered: it is a cache.

It is written on every change (an SQLAlchemy hook: whatever added a Revision, a Deal or a
GameSession gets its summary refreshed before the commit, so scoring.py needs no call), and
checked on read: a summary whose revision count, last revision id or engine version differs
from the session's is replayed again (`fresh`, `for_player`). Totals on the scoreboard still
come from replaying the deals; these summaries only spare the lists from replaying every
session they name.

A write path that already holds the board after its change can call `refresh(session, board)`
before committing; the hook then skips that session.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, event, func, select
from sqlalchemy.orm import Mapped, Session, backref, mapped_column, relationship, selectinload

from .extensions import db
from .games import GAMES
from .games.base import RuleError
from .models import Deal, GameSession, Revision, Seat, utcnow

_TOUCHED = "summaries_touched"


class SessionSummary(db.Model):
    __tablename__ = "session_summary"

    session_id: Mapped[int] = mapped_column(ForeignKey("game_session.id", ondelete="CASCADE"), primary_key=True)
    # what it was derived from: stale when any of these differs
    revision_count: Mapped[int]
    last_revision_id: Mapped[int]  # 0: no revision yet
    engine_version: Mapped[int]
    deals: Mapped[int]  # complete deals
    totals: Mapped[list[int] | None] = mapped_column(JSON)  # None: a stored deal no longer fits
    winners: Mapped[list[int]] = mapped_column(JSON)
    losers: Mapped[list[int]] = mapped_column(JSON)
    over: Mapped[bool]
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    session: Mapped[GameSession] = relationship(
        backref=backref("summary", uselist=False, cascade="all, delete-orphan", passive_deletes=True)
    )

    @property
    def broken(self) -> bool:
        return self.totals is None


Marks = tuple[int, int]  # (revision count, last revision id)


def _engine_version(slug: str) -> int:
    game = GAMES.get(slug)
    return game.version if game is not None else 0


def _is_fresh(summary: SessionSummary | None, slug: str, marks: Marks) -> bool:
    return (summary is not None and (summary.revision_count, summary.last_revision_id) == marks
            and summary.engine_version == _engine_version(slug))


def _marks(session_ids: Iterable[int], db_session: Session | None = None) -> dict[int, Marks]:
    ids = list(session_ids)
    if not ids:
        return {}
    rows = (db_session or db.session).execute(
        select(Revision.session_id, func.count(Revision.id), func.max(Revision.id))
        .where(Revision.session_id.in_(ids)).group_by(Revision.session_id)
    )
    return {session_id: (count, last or 0) for session_id, count, last in rows}


def refresh(session: GameSession, board: Any = None, marks: Marks | None = None) -> SessionSummary:
    """Store the summary of `session` from `board` (replayed when not given). Not committed."""
    return _refresh(db.session(), session, board, marks)


def _refresh(db_session: Session, session: GameSession, board: Any, marks: Marks | None) -> SessionSummary:
    from . import scoring  # scoring imports the models; keep this module importable from create_app

    if marks is None:
        db_session.flush()  # the new revision gets its id
        marks = _marks([session.id], db_session).get(session.id, (0, 0))
    try:
        board = board if board is not None else scoring.board(session)
    except (RuleError, KeyError):
        board = None
    summary = db_session.get(SessionSummary, session.id) or SessionSummary(session_id=session.id)
    summary.revision_count, summary.last_revision_id = marks
    summary.engine_version = _engine_version(session.game)
    if board is None:
        summary.deals, summary.totals, summary.winners, summary.losers, summary.over = 0, None, [], [], False
    else:
        standing = board.standing
        summary.deals = len(board.deals)
        summary.totals = list(standing.totals)
        summary.winners, summary.losers = list(standing.winners), list(standing.losers)
        summary.over = bool(standing.over)
    db_session.add(summary)
    db_session.info.get(_TOUCHED, set()).discard(session)
    return summary


def fresh(sessions: Sequence[GameSession]) -> dict[int, SessionSummary]:
    """The summaries of `sessions` (one page of a list), replaying only missing or stale ones."""
    ids = [session.id for session in sessions]
    if not ids:
        return {}
    found = {s.session_id: s for s in db.session.scalars(
        select(SessionSummary).where(SessionSummary.session_id.in_(ids)))}
    marks = _marks(ids)
    stale = [s for s in sessions if not _is_fresh(found.get(s.id), s.game, marks.get(s.id, (0, 0)))]
    for session in stale:
        found[session.id] = refresh(session, marks=marks.get(session.id, (0, 0)))
    if stale:
        db.session.commit()
    return found


def for_player(player_id: int) -> dict[int, tuple[str, int, SessionSummary]]:
    """Every session of one player: {session id: (game, the player's seat, summary)}, with missing
    or stale summaries replayed first. One query when all are fresh."""
    last = (select(func.max(Revision.id)).where(Revision.session_id == GameSession.id)
            .correlate(GameSession).scalar_subquery())
    count = (select(func.count(Revision.id)).where(Revision.session_id == GameSession.id)
             .correlate(GameSession).scalar_subquery())
    query = (
        select(GameSession.id, GameSession.game, Seat.position, SessionSummary, count, last)
        .join(Seat, Seat.session_id == GameSession.id)
        .outerjoin(SessionSummary, SessionSummary.session_id == GameSession.id)
        .where(Seat.player_id == player_id)
    )
    rows = db.session.execute(query).all()
    stale = {sid: (revisions or 0, last_id or 0) for sid, game, _, summary, revisions, last_id in rows
             if not _is_fresh(summary, game, (revisions or 0, last_id or 0))}
    if stale:
        for session in db.session.scalars(select(GameSession).where(GameSession.id.in_(stale))
                                           .options(selectinload(GameSession.seats), selectinload(GameSession.deals))):
            refresh(session, marks=stale[session.id])
        db.session.commit()
        rows = db.session.execute(query).all()
    return {sid: (game, position, summary) for sid, game, position, summary, _, _ in rows}


# --- refreshed on write -----------------------------------------------------------

@event.listens_for(Session, "before_flush")
def _note_changed_sessions(db_session: Session, flush_context: Any, instances: Any) -> None:
    touched = None
    for obj in (*db_session.new, *db_session.dirty, *db_session.deleted):
        if isinstance(obj, Revision | Deal):
            target = obj.session
        elif isinstance(obj, GameSession):
            target = obj
        else:
            continue
        if target is not None and target not in db_session.deleted:
            if touched is None:
                touched = db_session.info.setdefault(_TOUCHED, set())
            touched.add(target)


@event.listens_for(Session, "before_commit")
def _refresh_changed_sessions(db_session: Session) -> None:
    if db_session.new or db_session.dirty or db_session.deleted:
        db_session.flush()  # may touch more sessions; their revisions get their ids
    touched = db_session.info.pop(_TOUCHED, None)
    if not touched:
        return
    live = [s for s in touched if s in db_session and s not in db_session.deleted and s.id is not None]
    marks = _marks((s.id for s in live), db_session)
    for session in live:
        _refresh(db_session, session, None, marks.get(session.id, (0, 0)))


@event.listens_for(Session, "after_rollback")
def _forget_changed_sessions(db_session: Session) -> None:
    db_session.info.pop(_TOUCHED, None)

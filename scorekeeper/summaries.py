"""One row per session with what the history and player pages show: deals played, totals,
winners, losers, whether it is over. Derived from the replay, never entered: it is a cache.

It is written on every change (an SQLAlchemy hook: whatever added a Revision, a Deal or a
GameSession gets its summary refreshed before the commit, so scoring.py needs no call), and
checked on read: a listed session whose summary is missing, or whose revision count, last
revision id or engine version differs from the session's, is replayed again (`fresh`); a
player's record replays the sessions without a summary or with an older engine's
(`player_tallies`). Totals on the scoreboard still
come from replaying the deals; these summaries only spare the lists from replaying every
session they name.

A write path that already holds the board after its change can call `refresh(session, board)`
before committing; the hook then skips that session.
"""
from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String, bindparam, case, delete, event, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, backref, mapped_column, relationship, selectinload

from .extensions import db
from .games import GAMES
from .games.base import RuleError
from .models import Deal, GameSession, Revision, Seat, utcnow
from .statements import Prepared

_TOUCHED = "summaries_touched"
logger = logging.getLogger(__name__)


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
        backref=backref("summary", uselist=False, cascade="all, delete-orphan")
    )
    seats: Mapped[list[SeatSummary]] = relationship(cascade="all, delete-orphan")

    @property
    def broken(self) -> bool:
        return self.totals is None


class SeatSummary(db.Model):
    """The same, one row per seat, so a player's record is one index range summed by the database
    (a player of 3,000 sessions would otherwise fetch 3,000 summaries scattered over the table)."""

    __tablename__ = "seat_summary"
    __table_args__ = (Index("ix_seat_summary_record", "player_id", "game", "engine_version", "over", "won", "lost",
                            "total"),)

    session_id: Mapped[int] = mapped_column(ForeignKey("session_summary.session_id", ondelete="CASCADE"),
                                            primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    game: Mapped[str] = mapped_column(String(40))
    engine_version: Mapped[int]
    over: Mapped[bool]
    won: Mapped[bool]
    lost: Mapped[bool]
    total: Mapped[int | None]  # None: a stored deal no longer fits


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


_UNKNOWN: Any = object()


def refresh(session: GameSession, board: Any = None, marks: Marks | None = None,
            existing: SessionSummary | None = _UNKNOWN) -> SessionSummary:
    """Store the summary of `session` from `board` (replayed when not given). Not committed.
    `existing`: its stored summary (or None) when the caller has already looked it up."""
    return _refresh(db.session(), session, board, marks, existing)


def store(session: GameSession, board: Any) -> int | None:
    """The write path's refresh, from the board it has just built: the stored summary and its seat
    rows are rewritten in two prepared UPDATEs (the revision marks counted inside the first) instead
    of being loaded, changed and flushed as objects (that was half the cost of entering a deal);
    `refresh` when they are not all there. Returns the session's number of changes as the first
    UPDATE counted them (RETURNING, where the database has it: SQLite 3.35+, PostgreSQL), else None."""
    db_session = db.session()
    db_session.flush()  # what the write changed as objects (a new deal and its revision are inserted as rows)
    standing = board.standing
    version = _engine_version(session.game)
    totals, winners, losers = list(standing.totals), list(standing.winners), list(standing.losers)
    done = _SUMMARY_UPDATE.run({
        "b_sid": session.id, "b_engine_version": version, "b_deals": len(board.deals), "b_totals": totals,
        "b_winners": winners, "b_losers": losers, "b_over": bool(standing.over), "b_updated_at": utcnow()})
    counted = done.row[0] if done.row is not None else None  # None: no RETURNING, or no summary row
    size = len(totals)  # seats 0 .. size-1 (not loaded: the board has what they need)
    values = {"b_sid": session.id, "b_engine_version": version, "b_over": bool(standing.over)}
    for position in range(size):
        values.update({f"b_total{position}": totals[position], f"b_won{position}": position in winners,
                       f"b_lost{position}": position in losers})
    if done.rowcount != 1 or _seat_update(size).run(values).rowcount != size:
        _refresh(db_session, session, board, None)
        return None
    db_session.info.get(_TOUCHED, set()).discard(session)
    return counted


def _summary_update():
    summary, revision = SessionSummary.__table__.c, Revision.__table__.c
    of_session = revision.session_id == summary.session_id
    return (update(summary.session_id.table).where(summary.session_id == bindparam("b_sid"))
            .values(revision_count=select(func.count(revision.id)).where(of_session).scalar_subquery(),
                    last_revision_id=select(func.coalesce(func.max(revision.id), 0)).where(of_session)
                    .scalar_subquery(),
                    **{name: bindparam(f"b_{name}") for name in ("engine_version", "deals", "totals", "winners",
                                                                 "losers", "over", "updated_at")}))


@functools.lru_cache(maxsize=8)
def _seat_update(size: int):
    """The seat rows of one summary in one UPDATE: each position's own total, won and lost."""
    seat = SeatSummary.__table__.c
    by_position = lambda name: case({p: bindparam(f"b_{name}{p}") for p in range(size)},  # noqa: E731
                                    value=seat.position)
    return Prepared(update(seat.session_id.table).where(seat.session_id == bindparam("b_sid"))
                    .values(engine_version=bindparam("b_engine_version"), over=bindparam("b_over"),
                            total=by_position("total"), won=by_position("won"), lost=by_position("lost")))


def _refresh(db_session: Session, session: GameSession, board: Any, marks: Marks | None,
             existing: SessionSummary | None = _UNKNOWN) -> SessionSummary:
    from . import scoring  # scoring imports the models; keep this module importable from create_app

    if marks is None:
        db_session.flush()  # the new revision gets its id
        marks = _marks([session.id], db_session).get(session.id, (0, 0))
    if board is None:  # deals added by id (scoring.py's write path) are not in a loaded collection yet
        db_session.expire(session, ["deals"])
    try:
        board = board if board is not None else scoring.board(session, remembered=False)
    except (RuleError, KeyError):
        board = None
    summary = db_session.get(SessionSummary, session.id) if existing is _UNKNOWN else existing
    if summary is None:
        # seat rows left behind by a summary deleted in SQL (SQLite enforces no ON DELETE CASCADE by default)
        with db_session.no_autoflush:
            db_session.execute(delete(SeatSummary).where(SeatSummary.session_id == session.id)
                               .execution_options(synchronize_session=False))
        summary = SessionSummary(session_id=session.id)
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
    summary.seats = [
        SeatSummary(session_id=session.id, position=seat.position, player_id=seat.player_id, game=session.game,
                    engine_version=summary.engine_version, over=summary.over,
                    won=seat.position in summary.winners, lost=seat.position in summary.losers,
                    total=None if summary.totals is None else summary.totals[seat.position])
        for seat in session.seats
    ]
    db_session.add(summary)
    db_session.info.get(_TOUCHED, set()).discard(session)
    return summary


def fresh(sessions: Sequence[GameSession], retry: bool = True) -> dict[int, SessionSummary]:
    """The summaries of `sessions` (one page of a list), replaying only missing or stale ones."""
    ids = [session.id for session in sessions]
    if not ids:
        return {}
    found = {s.session_id: s for s in db.session.scalars(
        select(SessionSummary).where(SessionSummary.session_id.in_(ids)))}
    marks = _marks(ids)
    stale = [s for s in sessions if not _is_fresh(found.get(s.id), s.game, marks.get(s.id, (0, 0)))]
    for session in stale:
        found[session.id] = refresh(session, marks=marks.get(session.id, (0, 0)), existing=found.get(session.id))
    if stale:
        try:
            db.session.commit()
        except IntegrityError:  # another request stored the same missing summary first: read theirs
            db.session.rollback()
            if not retry:
                raise
            return fresh(sessions, retry=False)
    return found


@dataclass(frozen=True)
class GameTally:
    """One player's sessions of one game, summed by the database."""

    game: str
    played: int
    finished: int
    won: int
    lost: int
    total_finished: int  # the player's final totals added up over the finished sessions


def player_tallies(player_id: int, seats: int | None = None) -> list[GameTally]:
    """The player's record per game from the seat summaries: two index-range queries. Sessions
    without a summary (or summarised by an older engine) are replayed first; sessions that no
    longer replay are left out. Summaries are written in the same transaction as every change, so
    the revisions are not compared here (that would cost a lookup per session): the rows a page
    lists are checked against them by `fresh`."""
    tallies = _tallies(player_id)
    if seats is None:  # how many sessions the player sat in
        seats = db.session.scalar(select(func.count()).where(Seat.player_id == player_id)) or 0
    counted = sum(n for _, _, n, *_ in tallies)
    outdated = any(version != _engine_version(game) for game, version, *_ in tallies if game in GAMES)
    if counted != seats or outdated:
        _repair_player(player_id)
        tallies = _tallies(player_id)
    merged: dict[str, list[int]] = {}
    for game, _, played, broken, finished, won, lost, total in tallies:
        sums = merged.setdefault(game, [0, 0, 0, 0, 0])
        for index, value in enumerate((played - broken, finished, won, lost, total or 0)):
            sums[index] += value
    return [GameTally(game, *sums) for game, sums in sorted(merged.items()) if sums[0]]


def _tallies(player_id: int) -> list[tuple]:
    ok = SeatSummary.total.is_not(None)
    finished = ok & SeatSummary.over
    count = lambda condition: func.sum(case((condition, 1), else_=0))
    return db.session.execute(
        select(SeatSummary.game, SeatSummary.engine_version, func.count(), count(~ok), count(finished),
               count(finished & SeatSummary.won), count(finished & SeatSummary.lost),
               func.sum(case((finished, SeatSummary.total), else_=0)))
        .where(SeatSummary.player_id == player_id)
        .group_by(SeatSummary.game, SeatSummary.engine_version)
    ).all()


def _repair_player(player_id: int) -> None:
    """Replay the player's sessions whose summary is missing or from an older engine."""
    rows = db.session.execute(
        select(GameSession.id, GameSession.game, SeatSummary.engine_version)
        .join(Seat, Seat.session_id == GameSession.id)
        .outerjoin(SeatSummary, (SeatSummary.session_id == Seat.session_id) & (SeatSummary.position == Seat.position))
        .where(Seat.player_id == player_id)
    ).all()
    stale = [sid for sid, game, version in rows if version is None or version != _engine_version(game)]
    for first in range(0, len(stale), 500):
        chunk = stale[first:first + 500]
        marks = _marks(chunk)
        for session in db.session.scalars(select(GameSession).where(GameSession.id.in_(chunk))
                                           .options(selectinload(GameSession.seats),
                                                    selectinload(GameSession.deals))):
            refresh(session, marks=marks.get(session.id, (0, 0)))
        db.session.commit()


def refresh_all(chunk: int = 500, between: Callable[[], Any] | None = None) -> int:
    """Replay every session whose summary is missing or stale (after an upgrade or an engine
    change; the pages would otherwise do it as they meet them). Returns how many were replayed.
    `between` is called after each chunk is committed (the command collects garbage there)."""
    replayed = 0
    last_id = 0
    while True:
        sessions = db.session.scalars(
            select(GameSession).where(GameSession.id > last_id).order_by(GameSession.id).limit(chunk)
            .options(selectinload(GameSession.seats), selectinload(GameSession.deals))).all()
        if not sessions:
            return replayed
        last_id = sessions[-1].id
        found = {s.session_id: s for s in db.session.scalars(
            select(SessionSummary).where(SessionSummary.session_id.in_([s.id for s in sessions]))
            .options(selectinload(SessionSummary.seats)))}
        marks = _marks(s.id for s in sessions)
        for session in sessions:
            mark = marks.get(session.id, (0, 0))
            if not _is_fresh(found.get(session.id), session.game, mark):
                refresh(session, marks=mark, existing=found.get(session.id))
                replayed += 1
        db.session.commit()
        db.session.expunge_all()
        if between is not None:
            between()


def init_app(app: Any) -> None:
    import click

    from . import collector

    @app.cli.command("summaries")
    def summaries_command() -> None:
        """Compute the session summaries that are missing or stale."""
        collector.switch_off()  # garbage collected between chunks, as servers do between requests
        click.echo(f"{refresh_all(between=collector.collect)} session summaries computed.")


# --- refreshed on write -----------------------------------------------------------

@event.listens_for(Session, "before_flush")
def _note_changed_sessions(db_session: Session, flush_context: Any, instances: Any) -> None:
    touched = None
    for obj in (*db_session.new, *db_session.dirty, *db_session.deleted):
        if isinstance(obj, Revision | Deal):
            target = obj.session
            if target is None and obj.session_id is not None:  # added by id (scoring.py's write path)
                with db_session.no_autoflush:
                    target = db_session.get(GameSession, obj.session_id)
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
        try:
            _refresh(db_session, session, None, marks.get(session.id, (0, 0)))
        except Exception:  # a cache must never cost the table its deal: the pages replay it later
            logger.exception("could not summarise session %s", session.id)


@event.listens_for(Session, "after_rollback")
def _forget_changed_sessions(db_session: Session) -> None:
    db_session.info.pop(_TOUCHED, None)


_SUMMARY_UPDATE = Prepared(_summary_update(), returning=[SessionSummary.__table__.c.revision_count])

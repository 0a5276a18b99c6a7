"""The lists over all sessions: the history (filtered by game, player and dates, a page at a time),
the players with their number of sessions, and a player's record per game. Each reads the
session summaries (summaries.py) through indexes, so a page costs the same at 100,000 sessions."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time

from sqlalchemy import Select, case, func, select
from sqlalchemy.orm import selectinload

from . import summaries
from .extensions import db
from .games import GAMES
from .models import GameSession, Player, Seat, SeatSummary


def sessions_query(game: str | None, player_id: int | None, since: date | None, until: date | None) -> Select:
    """The sessions that match the filters, newest first (with their seats)."""
    query = (select(GameSession).options(selectinload(GameSession.seats))
             .order_by(GameSession.created_at.desc(), GameSession.id.desc()))
    if game in GAMES:
        query = query.where(GameSession.game == game)
    if player_id is not None:
        query = query.where(GameSession.id.in_(select(Seat.session_id).where(Seat.player_id == player_id)))
    if since:
        query = query.where(GameSession.created_at >= datetime.combine(since, time.min))
    if until:
        query = query.where(GameSession.created_at <= datetime.combine(until, time.max))
    return query


def player_sessions_query(player_id: int) -> Select:
    """A player's sessions, newest first by id (sessions are numbered as they are created): read
    backwards off the seat index, where sorting by created_at would sort every session of the player."""
    return (select(GameSession).join(Seat).where(Seat.player_id == player_id)
            .options(selectinload(GameSession.seats)).order_by(Seat.session_id.desc()))


def player_id_by_name(name: str) -> int:
    """The id of the player with that name, any case (0: nobody)."""
    return db.session.scalar(select(Player.id).where(func.lower(Player.name) == name.lower())) or 0


def players_with_sessions() -> list[tuple[Player, int]]:
    """Every player who sat in a session, with how many (counted off the seat index)."""
    sessions = select(func.count()).where(Seat.player_id == Player.id).correlate(Player).scalar_subquery()
    return [(player, count) for player, count in db.session.execute(select(Player, sessions).order_by(Player.name))
            if count]


def seats_of(player_id: int) -> int:
    return db.session.scalar(select(func.count()).where(Seat.player_id == player_id)) or 0


@dataclass(frozen=True)
class GameTally:
    """One player's sessions of one game, summed by the database."""

    game: str
    played: int
    finished: int
    won: int
    lost: int
    total_finished: int  # the player's final totals added up over the finished sessions

    @property
    def average_total(self) -> float | None:
        return round(self.total_finished / self.finished, 1) if self.finished else None


def player_tallies(player_id: int, seats: int) -> list[GameTally]:
    """The player's record per game (`seats`: how many sessions the player sat in) from the seat
    summaries: two index-range queries. Sessions without a summary, or summarised by an older
    engine, are replayed first; sessions that no longer replay are left out, and so are games
    this Scorekeeper no longer knows."""
    tallies = _tallies(player_id)
    counted = sum(row.sessions for row in tallies)
    outdated = any(row.engine_version != summaries.engine_version(row.game) for row in tallies if row.game in GAMES)
    if counted != seats or outdated:
        _repair(player_id)
        tallies = _tallies(player_id)
    merged: dict[str, list[int]] = {}
    for row in tallies:
        sums = merged.setdefault(row.game, [0, 0, 0, 0, 0])
        for index, value in enumerate((row.sessions - row.broken, row.finished, row.won, row.lost, row.total or 0)):
            sums[index] += value
    return [GameTally(game, *sums) for game, sums in sorted(merged.items()) if sums[0] and game in GAMES]


def _tallies(player_id: int):
    ok = SeatSummary.total.is_not(None)
    finished = ok & SeatSummary.over
    count = lambda condition: func.sum(case((condition, 1), else_=0))  # noqa: E731
    return db.session.execute(
        select(SeatSummary.game, SeatSummary.engine_version, func.count().label("sessions"),
               count(~ok).label("broken"), count(finished).label("finished"),
               count(finished & SeatSummary.won).label("won"), count(finished & SeatSummary.lost).label("lost"),
               func.sum(case((finished, SeatSummary.total), else_=0)).label("total"))
        .where(SeatSummary.player_id == player_id)
        .group_by(SeatSummary.game, SeatSummary.engine_version)
    ).all()


def _repair(player_id: int) -> None:
    """Replay the player's sessions whose summary is missing or from an older engine."""
    rows = db.session.execute(
        select(GameSession.id, GameSession.game, SeatSummary.engine_version)
        .join(Seat, Seat.session_id == GameSession.id)
        .outerjoin(SeatSummary, (SeatSummary.session_id == Seat.session_id) & (SeatSummary.position == Seat.position))
        .where(Seat.player_id == player_id)
    ).all()
    summaries.refresh([sid for sid, game, version in rows
                       if version is None or version != summaries.engine_version(game)])

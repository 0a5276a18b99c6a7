"""The lists over all sessions: the history (filtered by game, player and dates, a page at a time),
the players with their number of sessions, and a player's record per game. Each reads the
session summaries (summaries.py) through indexes, so a page costs the same at 100,000 sessions."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time

from sqlalchemy import Select, case, func, select
from sqlalchemy.orm import aliased, selectinload

from . import summaries
from .extensions import db
from .games import GAMES
from .games.base import Figure
from .models import GameSession, Player, Seat, SeatFigure, SeatSummary


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


def player_tallies(player_id: int) -> list[GameTally]:
    """The player's record per game from the seat summaries: one index-range query. Sessions whose
    summary is missing or from an older engine are not counted until `flask summaries` computes it
    (their rows say "being updated"); sessions that no longer replay are left out, and so are games
    this Scorekeeper no longer knows."""
    merged: dict[str, list[int]] = {}
    for row in _tallies(player_id):
        if row.game not in GAMES or row.engine_version != summaries.engine_version(row.game):
            continue
        sums = merged.setdefault(row.game, [0, 0, 0, 0, 0])
        for index, value in enumerate((row.sessions - row.broken, row.finished, row.won, row.lost, row.total or 0)):
            sums[index] += value
    return [GameTally(game, *sums) for game, sums in sorted(merged.items()) if sums[0]]


def player_figures(player_id: int, game: str | None = None) -> dict[str, list[tuple[Figure, int]]]:
    """What the games' engines counted for the player over all their sessions (Game.figures), per
    game: each figure with its sum, in the order the engine declares them; one index-range query."""
    query = (select(SeatFigure.game, SeatFigure.engine_version, SeatFigure.name, func.sum(SeatFigure.value))
             .where(SeatFigure.player_id == player_id)
             .group_by(SeatFigure.game, SeatFigure.engine_version, SeatFigure.name))
    if game is not None:
        query = query.where(SeatFigure.game == game)
    sums: dict[str, dict[str, int]] = {}
    for slug, version, name, value in db.session.execute(query):
        if slug in GAMES and version == summaries.engine_version(slug):  # as player_tallies counts
            sums.setdefault(slug, {})[name] = int(value)
    return {slug: [(figure, counted.get(figure.name, 0)) for figure in GAMES[slug].figures]
            for slug, counted in sorted(sums.items()) if slug in GAMES}


@dataclass(frozen=True)
class Month:
    """A player's finished sessions and wins in one month, and both counted since the first."""

    month: str  # "2026-11"
    finished: int
    won: int
    finished_so_far: int
    won_so_far: int


def player_over_time(player_id: int, game: str | None = None) -> list[Month]:
    """The player's finished sessions and wins month by month (of the current engines' summaries)."""
    query = (select(GameSession.created_at, SeatSummary.game, SeatSummary.engine_version, SeatSummary.won)
             .join(GameSession, GameSession.id == SeatSummary.session_id)
             .where(SeatSummary.player_id == player_id, SeatSummary.over, SeatSummary.total.is_not(None)))
    if game is not None:
        query = query.where(SeatSummary.game == game)
    by_month: dict[str, list[int]] = {}
    for created_at, slug, version, won in db.session.execute(query):
        if slug in GAMES and version == summaries.engine_version(slug):
            counts = by_month.setdefault(created_at.strftime("%Y-%m"), [0, 0])
            counts[0], counts[1] = counts[0] + 1, counts[1] + int(won)
    months, finished, won_total = [], 0, 0
    for month, (count, won_count) in sorted(by_month.items()):
        finished, won_total = finished + count, won_total + won_count
        months.append(Month(month, count, won_count, finished, won_total))
    return months


@dataclass(frozen=True)
class HeadToHead:
    """Two players' finished sessions together in one game, and how often each won."""

    game: str
    together: int
    won: int
    other_won: int


def head_to_head(player_id: int, other_id: int) -> list[HeadToHead]:
    """Per game, the finished sessions both players sat in and each one's wins (one query)."""
    other = aliased(SeatSummary)
    rows = db.session.execute(
        select(SeatSummary.game, SeatSummary.engine_version, func.count(),
               func.sum(case((SeatSummary.won, 1), else_=0)), func.sum(case((other.won, 1), else_=0)))
        .join(other, (other.session_id == SeatSummary.session_id) & (other.player_id == other_id))
        .where(SeatSummary.player_id == player_id, SeatSummary.over, SeatSummary.total.is_not(None))
        .group_by(SeatSummary.game, SeatSummary.engine_version).order_by(SeatSummary.game))
    return [HeadToHead(slug, count, int(won), int(other_won)) for slug, version, count, won, other_won in rows
            if slug in GAMES and version == summaries.engine_version(slug)]


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

"""The lists over all sessions: the history (filtered by game, player and dates, a page at a time),
the players with their number of sessions, and a player's record per game. Each reads the
session summaries (summaries.py) through indexes, so a page does not grow with the sessions kept."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Select, case, func, select
from sqlalchemy.orm import QueryableAttribute, aliased, selectinload

from . import summaries
from .extensions import db
from .games import GAMES
from .games.base import Figure
from .models import GameSession, Player, Seat, SeatFigure, SeatSummary
from .names import name_key, sort_key
from .stats import half_up


def day_bounds(day: date, zone: Any = None) -> tuple[datetime, datetime]:
    """The day in `zone` as the database keeps times (UTC, naive): its first moment and the next
    day's, which is no longer in it. `zone`: a pytz zone, as Flask-Babel's get_timezone() gives the
    one the pages show times in; None: UTC.

    >>> import pytz
    >>> day_bounds(date(2026, 11, 27), pytz.timezone("Asia/Tokyo"))
    (datetime.datetime(2026, 11, 26, 15, 0), datetime.datetime(2026, 11, 27, 15, 0))
    """
    def utc(midnight: datetime) -> datetime:
        # pytz places a local time with localize(); given as tzinfo= it would take the zone's oldest offset
        return midnight if zone is None else zone.localize(midnight).astimezone(UTC).replace(tzinfo=None)

    return utc(datetime.combine(day, time.min)), utc(datetime.combine(day + timedelta(days=1), time.min))


@dataclass(frozen=True)
class Filters:
    """What the history and a player's statistics are narrowed to: one game, a period (whole days of
    `zone`, both included) and the sessions where each of `with_ids` sat too."""

    game: str | None = None
    since: date | None = None
    until: date | None = None
    with_ids: tuple[int, ...] = ()
    zone: Any = None  # the days' zone (day_bounds): the pages' on the pages, UTC in the API

    def __bool__(self) -> bool:
        return bool(self.game or self.since or self.until or self.with_ids)

    def period(self, column: QueryableAttribute[datetime]) -> list[ColumnElement[bool]]:
        """The conditions that keep a date-time column (UTC) within the period."""
        return ([column >= day_bounds(self.since, self.zone)[0]] if self.since else []) + (
            [column < day_bounds(self.until, self.zone)[1]] if self.until else [])

    def sat_with(self, session_id: QueryableAttribute[int]) -> list[ColumnElement[bool]]:
        """The conditions that keep a session id to the sessions where each of `with_ids` sat."""
        return [session_id.in_(select(Seat.session_id).where(Seat.player_id == other)) for other in self.with_ids]

    def of(self, rows: type[SeatSummary] | type[SeatFigure]) -> list[ColumnElement[bool]]:
        """The conditions on a player's seat rows (both tables carry the game and the session's date,
        and their indexes lead with the player and the date)."""
        game = [rows.game == self.game] if self.game is not None else []
        return game + self.period(rows.started_at) + self.sat_with(rows.session_id)


def sessions_query(filters: Filters) -> Select:
    """The sessions that match the filters, newest first (with their seats)."""
    query = (select(GameSession).options(selectinload(GameSession.seats))
             .order_by(GameSession.created_at.desc(), GameSession.id.desc()))
    if filters.game is not None:
        query = query.where(GameSession.game == filters.game)
    return query.where(*filters.period(GameSession.created_at), *filters.sat_with(GameSession.id))


def player_sessions_query(player_id: int, filters: Filters) -> Select:
    """A player's sessions, newest first by id (sessions are numbered as they are created): read
    backwards off the seat index, where sorting by created_at would sort every session of the player.
    Filtered: off the seat summaries' index, newest first by date."""
    if not filters:
        return (select(GameSession).join(Seat).where(Seat.player_id == player_id)
                .options(selectinload(GameSession.seats)).order_by(Seat.session_id.desc()))
    return (select(GameSession).join(SeatSummary, SeatSummary.session_id == GameSession.id)
            .where(SeatSummary.player_id == player_id, *filters.of(SeatSummary))
            .options(selectinload(GameSession.seats))
            .order_by(SeatSummary.started_at.desc(), SeatSummary.session_id.desc()))


def player_id_by_name(name: str) -> int:
    """The id of the player with that name, any case (0: nobody)."""
    return db.session.scalar(select(Player.id).where(Player.name_key == name_key(name))) or 0


def players_with_sessions() -> list[tuple[Player, int]]:
    """Every player who sat in a session, with how many (counted off the seat index)."""
    sessions = select(func.count()).where(Seat.player_id == Player.id).correlate(Player).scalar_subquery()
    rows = db.session.execute(select(Player, sessions))
    return sorted(((player, count) for player, count in rows if count), key=lambda row: sort_key(row[0].name))


def seats_of(player_id: int, filters: Filters) -> int:
    """How many sessions the player sat in (those `player_sessions_query` lists)."""
    if not filters:
        return db.session.scalar(select(func.count()).where(Seat.player_id == player_id)) or 0
    return db.session.scalar(select(func.count()).select_from(SeatSummary)
                             .where(SeatSummary.player_id == player_id, *filters.of(SeatSummary))) or 0


@dataclass(frozen=True)
class GameTally:
    """One player's sessions of one game, summed by the database."""

    game: str
    played: int
    finished: int
    won: int
    lost: int
    total_finished: int  # the player's final totals added up over the finished sessions
    places: int = 0  # the player's places (1: won) added up over the finished sessions that have one
    placed: int = 0  # how many those are
    name: str = ""  # the free pad's: the game the table named (one of `kinds`, or the only one)
    kinds: tuple[GameTally, ...] = ()  # the free pad's: one tally per game name, when it has several

    @property
    def average_total(self) -> float | None:
        return half_up(self.total_finished, self.finished, 1) if self.finished else None

    @property
    def average_place(self) -> float | None:
        return average(self.places, self.placed)


def average(places: int, placed: int) -> float | None:
    return half_up(places, placed, 2) if placed else None


def overall_place(tallies: list[GameTally]) -> float | None:
    """The average place over every game's finished sessions."""
    return average(sum(tally.places for tally in tallies), sum(tally.placed for tally in tallies))


def player_tallies(player_id: int, filters: Filters) -> list[GameTally]:
    """The player's record per game from the seat summaries: one index-range query (and one more for
    the free pad's games, counted apart by the name each table gave, as people keep their record of
    Rummy apart from Hearts). Sessions whose summary is missing or from an older engine are not
    counted until `flask summaries` computes it (their rows say "being updated"); sessions that no
    longer replay are left out, and so are games this Scorekeeper no longer knows."""
    return sorted((_named(tally, player_id, filters) if tally.game == "free_pad" else tally
                   for tally in _tallies(player_id, filters)), key=lambda tally: tally.game)


def _tallies(player_id: int, filters: Filters, pad_names: bool = False) -> list[GameTally]:
    """A GameTally per game (`pad_names`: per name of a free pad's game), summed from the player's
    seat summaries of the game's current engine."""
    ok = SeatSummary.total.is_not(None)
    finished = ok & SeatSummary.over
    count = lambda condition: func.sum(case((condition, 1), else_=0))
    name = [GameSession.options["name"].as_string().label("pad_name")] if pad_names else []
    query = (select(SeatSummary.game, SeatSummary.engine_version, *name, func.count().label("sessions"),
                    count(~ok).label("broken"), count(finished).label("finished"),
                    count(finished & SeatSummary.won).label("won"), count(finished & ~SeatSummary.won).label("lost"),
                    func.sum(case((finished, SeatSummary.total), else_=0)).label("total"),
                    func.sum(SeatSummary.place).label("places"), func.count(SeatSummary.place).label("placed"))
             .where(SeatSummary.player_id == player_id, *filters.of(SeatSummary))
             .group_by(SeatSummary.game, SeatSummary.engine_version))
    if pad_names:
        query = (query.join(GameSession, GameSession.id == SeatSummary.session_id)
                 .where(SeatSummary.game == "free_pad").group_by(*name))
    tallies = [GameTally(row.game, row.sessions - row.broken, row.finished, row.won, row.lost, row.total or 0,
                         row.places or 0, row.placed, name=(row._mapping.get("pad_name") or "").strip())
               for row in db.session.execute(query) if summaries.current(row.game, row.engine_version)]
    return [tally for tally in tallies if tally.played]


def _named(pad: GameTally, player_id: int, filters: Filters) -> GameTally:
    """The free pad's tally with its games apart (names that differ only in case are one game)."""
    kinds: dict[str, list[GameTally]] = {}
    for tally in sorted(_tallies(player_id, filters, pad_names=True), key=lambda tally: -tally.played):
        kinds.setdefault(name_key(tally.name), []).append(tally)
    merged = sorted((_sum(same) for same in kinds.values()), key=lambda tally: (not tally.name, sort_key(tally.name)))
    if len(merged) == 1:
        return dataclasses.replace(pad, name=merged[0].name)
    return dataclasses.replace(pad, kinds=tuple(merged))


def _sum(tallies: list[GameTally]) -> GameTally:
    """One tally of several (one game under names spelt differently), named as most sessions name it."""
    total = lambda field: sum(getattr(tally, field) for tally in tallies)
    return GameTally(tallies[0].game, total("played"), total("finished"), total("won"), total("lost"),
                     total("total_finished"), total("places"), total("placed"), name=tallies[0].name)


def player_figures(player_id: int, filters: Filters) -> dict[str, list[tuple[Figure, int]]]:
    """What the games' engines counted for the player over all their sessions (Game.figures), per
    game: each figure with its sum, in the order the engine declares them; one index-range query."""
    query = (select(SeatFigure.game, SeatFigure.engine_version, SeatFigure.name, func.sum(SeatFigure.value))
             .where(SeatFigure.player_id == player_id, *filters.of(SeatFigure))
             .group_by(SeatFigure.game, SeatFigure.engine_version, SeatFigure.name))
    sums: dict[str, dict[str, int]] = {}
    for slug, version, name, value in db.session.execute(query):
        if summaries.current(slug, version):  # as player_tallies counts
            sums.setdefault(slug, {})[name] = int(value)
    return {slug: [(figure, counted.get(figure.name, 0)) for figure in GAMES[slug].figures]
            for slug, counted in sorted(sums.items())}


@dataclass(frozen=True)
class Month:
    """A player's finished sessions, wins and places in one month, and the first two counted since
    the first month."""

    month: str  # "2026-11"
    finished: int
    won: int
    finished_so_far: int
    won_so_far: int
    places: int = 0  # added up over the month's finished sessions that have one
    placed: int = 0
    most_sides: int = 0  # the most sides (players or teams) any of them ranked

    @property
    def average_place(self) -> float | None:
        return average(self.places, self.placed)


def month_of(column: QueryableAttribute[datetime], first: datetime, last: datetime, zone: Any = None
             ) -> ColumnElement[str]:
    """`column`'s month ("2026-11") in `zone` (day_bounds; None: UTC), for the times from `first` to
    `last` (UTC, naive): each month's first moment there, as the database keeps times, compared in
    turn. The months run from the one before `first`'s to the one after `last`'s, which covers every
    zone's offset."""
    def start(index: int) -> datetime:  # index: months since the year 0
        return day_bounds(date(index // 12, index % 12 + 1, 1), zone)[0]

    def label(index: int) -> str:
        return f"{index // 12:04d}-{index % 12 + 1:02d}"

    low, high = first.year * 12 + first.month - 2, last.year * 12 + last.month
    return case(*((column < start(index + 1), label(index)) for index in range(low, high)), else_=label(high))


def player_over_time(player_id: int, filters: Filters) -> list[Month]:
    """The player's finished sessions, wins and average place month by month (of the current
    engines' summaries), the months those of the filters' zone: the period the sessions span, then
    one index range summed per month by the database."""
    kept = (SeatSummary.player_id == player_id, SeatSummary.over, SeatSummary.total.is_not(None),
            *filters.of(SeatSummary))
    first, last = db.session.execute(select(func.min(SeatSummary.started_at), func.max(SeatSummary.started_at))
                                     .where(*kept)).one()
    if first is None:
        return []
    month = month_of(SeatSummary.started_at, first, last, filters.zone).label("month")
    query = (select(month, SeatSummary.game, SeatSummary.engine_version, func.count(),
                    func.sum(case((SeatSummary.won, 1), else_=0)), func.sum(SeatSummary.place),
                    func.count(SeatSummary.place), func.max(SeatSummary.sides))
             .where(*kept).group_by(month, SeatSummary.game, SeatSummary.engine_version))
    by_month: dict[str, list[int]] = {}
    for label, slug, version, finished, won, places, placed, sides in db.session.execute(query):
        if summaries.current(slug, version):
            sums = by_month.setdefault(label, [0, 0, 0, 0, 0])
            for index, value in enumerate((finished, won, places or 0, placed)):
                sums[index] += int(value)
            sums[4] = max(sums[4], sides or 0)
    months, finished_total, won_total = [], 0, 0
    for label, (finished, won, places, placed, sides) in sorted(by_month.items()):
        finished_total, won_total = finished_total + finished, won_total + won
        months.append(Month(label, finished, won, finished_total, won_total, places, placed, sides))
    return months


@dataclass(frozen=True)
class HeadToHead:
    """Two players' finished sessions together in one game, and how often each won."""

    game: str
    together: int
    won: int
    other_won: int


def head_to_head(player_id: int, other_id: int, filters: Filters) -> list[HeadToHead]:
    """Per game, the finished sessions both players sat in and each one's wins: one query over the
    player's seat summaries (as filtered, with the other at the table too), the other's win read by
    primary key (their seat off the seat index, then its summary)."""
    seat, other = aliased(Seat), aliased(SeatSummary)
    other_won = (select(other.won).join(seat, (seat.session_id == other.session_id) & (seat.position == other.position))
                 .where(seat.session_id == SeatSummary.session_id, seat.player_id == other_id).scalar_subquery())
    together = dataclasses.replace(filters, with_ids=(*filters.with_ids, other_id))
    rows = db.session.execute(
        select(SeatSummary.game, SeatSummary.engine_version, func.count(),
               func.sum(case((SeatSummary.won, 1), else_=0)), func.sum(case((other_won, 1), else_=0)))
        .where(SeatSummary.player_id == player_id, SeatSummary.over, SeatSummary.total.is_not(None),
               *together.of(SeatSummary))
        .group_by(SeatSummary.game, SeatSummary.engine_version).order_by(SeatSummary.game))
    return [HeadToHead(slug, count, int(won), int(other_won)) for slug, version, count, won, other_won in rows
            if summaries.current(slug, version)]


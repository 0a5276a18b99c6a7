"""The stored facts: who played, which game with which options, what was entered per deal,
and every correction. Totals are derived by replaying the deals (board.py); the summaries at the
end are a cache of that replay for the history and player pages (summaries.py)."""
from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, Float, ForeignKey, Index, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import Base, db

INTEGER_MAX = 2**31 - 1  # the most an INTEGER column holds (PostgreSQL: 32 bits signed); ids are INTEGER

if TYPE_CHECKING:  # Flask-SQLAlchemy makes db.Model at run time, as a subclass of Base
    Model = Base
else:
    Model = db.Model


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Player(Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60), unique=True)
    # names.name_key(name): NFC + casefold, so "ÖMER" and "ömer" are one player on every database
    name_key: Mapped[str] = mapped_column(String(240))

    __table_args__ = (UniqueConstraint("name_key", name="uq_player_name_key"),)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    def __repr__(self) -> str:
        return f"<Player {self.name!r}>"


class GameSession(Model):
    """A sitting of one game (named GameSession so it never shadows flask.session or db.session)."""

    __tablename__ = "game_session"
    # history by game, newest first; the home page's "continue" list
    __table_args__ = (Index("ix_game_session_game_created_at", "game", "created_at"),
                      Index("ix_game_session_updated_at", "updated_at"),
                      Index("ix_game_session_idempotency_key", "idempotency_key", unique=True))

    id: Mapped[int] = mapped_column(primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    first_dealer: Mapped[int] = mapped_column(default=0)
    engine_version: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    # set when the table stops before the game's own end ("we stop here"); None while in play
    closed_at: Mapped[datetime | None]
    # a table PIN protecting writes (werkzeug hash; see access.py); None: anyone at the table may write
    pin_hash: Mapped[str | None] = mapped_column(String(255))
    # bumped by every write to the session's deals (a conditional UPDATE: see turns.py)
    version: Mapped[int] = mapped_column(default=0, server_default="0")
    # the API client's Idempotency-Key that created it, and the fingerprint of that request: a
    # retried start answers this session instead of storing another
    idempotency_key: Mapped[str | None] = mapped_column(String(80))
    request_fingerprint: Mapped[str | None] = mapped_column(String(64))

    seats: Mapped[list[Seat]] = relationship(
        back_populates="session", order_by="Seat.position", cascade="all, delete-orphan"
    )
    deals: Mapped[list[Deal]] = relationship(
        back_populates="session", order_by="Deal.position", cascade="all, delete-orphan"
    )
    revisions: Mapped[list[Revision]] = relationship(
        back_populates="session", order_by="Revision.id", cascade="all, delete-orphan"
    )

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.player.name for seat in self.seats)


class Seat(Model):
    # a player's sessions straight from the index (history filter, player page)
    __table_args__ = (UniqueConstraint("session_id", "position"),
                      Index("ix_seat_player_id_session_id", "player_id", "session_id"))

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("game_session.id", ondelete="CASCADE"))
    position: Mapped[int]  # clockwise from 0
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))

    session: Mapped[GameSession] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship(lazy="joined")


class Deal(Model):
    """What the table entered for one deal. `phase` is "complete", or an early phase
    ("bid") for a deal whose bids are locked in and whose play is still to come."""

    __table_args__ = (
        UniqueConstraint("session_id", "position", name="uq_deal_session_id_position"),
        # at most one deal per session waits for its play
        Index("ix_deal_one_pending", "session_id", unique=True,
              sqlite_where=text("phase != 'complete'"), postgresql_where=text("phase != 'complete'")),
        {"sqlite_autoincrement": True},  # ids are never reused after a delete
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("game_session.id", ondelete="CASCADE"), index=True)
    position: Mapped[int]
    phase: Mapped[str] = mapped_column(String(20), default="complete")
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    engine_version: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    session: Mapped[GameSession] = relationship(back_populates="deals")


class Revision(Model):
    """One change to a session's deals: which deal, when, from what to what; and the client's
    idempotency key of the save that made it (a retried save finds it and stores nothing new)."""

    __table_args__ = (
        UniqueConstraint("session_id", "idempotency_key", name="uq_revision_session_id_idempotency_key"),
        {"sqlite_autoincrement": True})

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("game_session.id", ondelete="CASCADE"), index=True)
    deal_id: Mapped[int | None]  # plain column: the deal may be gone
    deal_number: Mapped[int]  # the deal's number on the scoreboard at the time (0: the session itself)
    action: Mapped[str] = mapped_column(String(10))  # add | edit | delete | bid | close | reopen
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    idempotency_key: Mapped[str | None] = mapped_column(String(80))
    # sha256 of the request the key came with (API); a retry with another body is refused
    request_fingerprint: Mapped[str | None] = mapped_column(String(64))

    session: Mapped[GameSession] = relationship(back_populates="revisions")


class AccessAttempt(Model):
    """Wrong club passwords or table PINs per client address (access.py): kept in the database so
    that every worker (gunicorn -w 4) counts the same guesses. Not a fact of any game."""

    __tablename__ = "access_attempt"

    kind: Mapped[str] = mapped_column(String(8), primary_key=True)  # club | pin
    client: Mapped[str] = mapped_column(String(64), primary_key=True)  # the address (ProxyFix: the real one)
    failures: Mapped[int]
    last_at: Mapped[float] = mapped_column(Float, index=True)  # seconds since the epoch (shared by every process)


class Device(Model):
    """A signed-in device (access.py): its cookie holds this random id beside its club login and
    table PINs, which count only while the row is here. Signing out deletes the row, so a copy
    of the old cookie is worth nothing. Not a fact of any game."""

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)


class SessionSummary(Model):
    """What the history and player pages show of a session (deals played, totals, winners, losers,
    over), derived from its replay and written by every write (summaries.py): never entered."""

    __tablename__ = "session_summary"

    session_id: Mapped[int] = mapped_column(ForeignKey("game_session.id", ondelete="CASCADE"), primary_key=True)
    # what it was derived from: stale when either differs (every write bumps the session's version)
    session_version: Mapped[int] = mapped_column(server_default="-1")
    engine_version: Mapped[int]
    deals: Mapped[int]  # complete deals
    totals: Mapped[list[int] | None] = mapped_column(JSON)  # None: a stored deal no longer fits
    winners: Mapped[list[int]] = mapped_column(JSON)
    losers: Mapped[list[int]] = mapped_column(JSON)
    over: Mapped[bool]
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    seats: Mapped[list[SeatSummary]] = relationship(cascade="all, delete-orphan", order_by="SeatSummary.position")
    figures: Mapped[list[SeatFigure]] = relationship(cascade="all, delete-orphan")

    @property
    def broken(self) -> bool:
        return self.totals is None


class SeatSummary(Model):
    """The same, one row per seat, so a player's record is one index range summed by the database
    (else a player's record would fetch one summary per session, scattered over the table)."""

    __tablename__ = "seat_summary"
    # a player's record under any filters (game, period, who else sat) is one range of this index
    __table_args__ = (Index("ix_seat_summary_record", "player_id", "started_at", "game", "engine_version", "over",
                            "won", "lost", "total", "place", "sides", "session_id"),)

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
    started_at: Mapped[datetime]  # the session's created_at, for the period filters
    # in a finished session: the seat's place (1: won; partners share their team's) among how many
    # sides (players, or teams); None while in play or broken
    place: Mapped[int | None]
    sides: Mapped[int | None]


class SeatFigure(Model):
    """What the game's engine counts for a player in a session (Game.figures: Grand Hands won, Weis
    points), one row per seat and figure that is not 0, written with the summary: a player's record
    in a game is one index range summed by the database."""

    __tablename__ = "seat_figure"
    __table_args__ = (Index("ix_seat_figure_record", "player_id", "started_at", "game", "engine_version", "name",
                            "value", "session_id"),)

    session_id: Mapped[int] = mapped_column(ForeignKey("session_summary.session_id", ondelete="CASCADE"),
                                            primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    game: Mapped[str] = mapped_column(String(40))
    engine_version: Mapped[int]
    value: Mapped[int]
    started_at: Mapped[datetime]  # the session's created_at, for the period filters

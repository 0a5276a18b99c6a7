"""The one bridge between stored rows and the pure engines.

Load a session, replay its deals, return standings; and every write to a
session's deals (add, replace, delete, lock bids, close, reopen) goes through here, so that a
change is checked against the board before it is stored and each change leaves a Revision.
Nothing here stores a total.

Writes never corrupt, with several tablets on one session (and several gunicorn workers):

- Every write is serialized per session by `GameSession.version`: the write checks its change
  against a board read at version v, then runs `UPDATE game_session SET version = v + 1 WHERE id = ?
  AND version = v` before inserting anything, in the same transaction as its rows. A concurrent
  writer's UPDATE waits (PostgreSQL: the row lock; SQLite: the database write lock, with a 30 s busy
  timeout, see dbsafety.py) and then matches no row: its change was checked against a board that is
  gone, so it is not stored (`StaleBoard`). Chosen over SELECT ... FOR UPDATE + BEGIN IMMEDIATE
  because it is one mechanism that behaves the same on both databases, needs no engine events (the
  pysqlite driver reads outside transactions and begins one at the first write, so a reader never
  holds a lock a writer waits for), and the version doubles as the board version a form or an API
  client carries (`board_version`, If-Match) to learn that another device saved meanwhile. The board
  is always read after the version (`board` reads it first), so a board is never newer than the
  version it claims. Readers see only committed writes on both databases.
- `save` runs a write until it lands: a client that named the board version it saw gets
  `StaleBoard` (the page shows the fresh board, the API answers 409 with the current version); one
  that named none is checked again against the fresh board (simultaneous saves are serialized).
- A client-made idempotency key is stored with the write's Revision (unique per session): a retry
  finds it (`earlier_save`) and stores nothing new.
- Backstops in the schema: unique (session_id, position) on deals, at most one pending
  (non-complete) deal per session (a partial unique index), ids never reused (SQLite AUTOINCREMENT).
  Positions stay 1..n (a delete closes the gap).

Cost: a board is replayed from what this process remembers of the session (replays.py: checked
against every stored payload, only deals it has not seen are played; when the session's row shows
the very `stamp` the process last read or wrote it at, the deals are not even read); entering a
deal plays only the new deal on the board already read (the new board is the old board plus that
deal; nothing is reloaded after commit; it is remembered for the next page); a correction replays
twice (the deals before it, then the session with it); a deletion once; revisions are appended
without loading them.
A session whose stored deals the engine refuses (`broken`) can be opened and repaired: its broken
deal and the later ones can be corrected or deleted.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import ObjectDeletedError

from . import replays, rosters, summaries
from .extensions import db
from .games import get_game
from .games.base import DealError, Game, RuleError, Standing, State, T, Table, resolve_options
from .models import Deal, GameSession, Player, Revision, Seat, utcnow
from .names import clean_name, name_key
from .statements import Done, Prepared, Read


@dataclass(frozen=True)
class Board:
    """A session replayed: the engine, the table, the standing, the deals in order,
    the deal waiting for its play phase (if any) and the state before the next deal."""

    game: Game
    table: Table
    standing: Standing
    # as `board()` reads them: rows with a Deal's columns but its timestamps (id, session_id,
    # position, phase, payload, engine_version); a write's new board ends with the Deal it stored
    deals: tuple[Any, ...]
    pending: Deal | None
    state: State
    version: int = 0  # the session's version it was read at (every write bumps it)

    @property
    def last_phase(self) -> bool:
        """Whether the next entry completes a deal (rather than locking its bids)."""
        return self.phase == self.game.phases(self.table, self.state)[-1]

    def state_before(self, deal: Deal) -> State:
        """Where the session stood before `deal` (the state after the last deal for a pending one)."""
        ids = [d.id for d in self.deals]
        if deal.id not in ids:
            return self.state
        index = ids.index(deal.id)
        return self.game.replay(self.table, [d.payload for d in self.deals[:index]]).state

    @property
    def phase(self) -> str:
        """The entry phase the next form asks for."""
        phases = self.game.phases(self.table, self.state)
        if self.pending is not None:
            return phases[phases.index(self.pending.phase) + 1]
        return phases[0]


def table_of(session: GameSession) -> Table:
    return Table(rosters.names(session), dict(session.options), session.first_dealer)


def complete_deals(session: GameSession) -> list[Deal]:
    return [deal for deal in session.deals if deal.phase == "complete"]


# a session's deals as rows, not ORM objects: at 300 deals 2-3 ms instead of 6-7 (the ORM builds an
# object, its state and its relationships per row); the table's columns, not the ORM's (a Core
# statement skips the ORM's compile step), run on the ORM session's connection, so `board` flushes
# unflushed changes itself first
_DEALS = Read((lambda c: select(c.id, c.session_id, c.position, c.phase, c.payload, c.engine_version)
               .where(c.session_id == bindparam("b_session")).order_by(c.position))(Deal.__table__.c))

# the changes after a known one, with the deal each names (`_caught_up`)
_SINCE = Read((lambda r, d: select(r.c.id.label("change"), r.c.action, r.c.before, d.c.id, d.c.session_id,
                                   d.c.position, d.c.phase, d.c.payload, d.c.engine_version)
               .select_from(r.outerjoin(d, d.c.id == r.c.deal_id))
               .where(r.c.session_id == bindparam("b_session"), r.c.id > bindparam("b_after"))
               .order_by(r.c.id))(Revision.__table__, Deal.__table__))


def board(session: GameSession, remembered: bool = True) -> Board:
    """The session's board. `remembered=False`: read the deals even when this process knows them
    for the session's stamp (the summaries' commit hook: it runs for deal rows changed as objects)."""
    version = session.version  # read before the deals: a board is never newer than its version
    game = get_game(session.game)
    table = table_of(session)
    memory, at = replays.current(), stamp(session)
    known = memory.known(session.id, at, game, table) if remembered else None
    if known is None and remembered:
        known = _caught_up(session, memory, at, game, table)
    if known is not None:  # the deals of this very version, as this process read or wrote them
        deals, standing = known
        pending = None
    else:
        db.session.flush()  # (returns at once when nothing changed)
        rows = _DEALS.all({"b_session": session.id})
        deals = tuple(row for row in rows if row.phase == "complete")
        waiting = next((row for row in rows if row.phase != "complete"), None)
        standing = memory.replay(session.id, game, table, [deal.payload for deal in deals],
                                 stamp=at if waiting is None else None, rows=deals)
        pending = db.session.get(Deal, waiting.id) if waiting is not None else None  # a write may complete it
    if session.closed_at is not None and not standing.over:
        standing = _stopped(game, table, standing)
    return Board(game, table, standing, deals, pending, standing.state, version)


def _caught_up(session: GameSession, memory: replays.Replays, at: Stamp, game: Game,
               table: Table) -> tuple[tuple, Standing] | None:
    """The deal rows and standing of a session this process knew at an earlier stamp, when all that
    was stored since is deals appended (another worker's saves): those changes and their deals read
    in one query, only the new deals played (None: read every deal). The known last change is the one
    this process stored with its last save (`_commit`); a board it read knows none.

    Safe because every write bumps the version by one and stores one change in the same transaction
    (`_claim`): as many changes after the known last one as the version moved on, each the entry of a
    new complete deal placed after the known ones, are everything that happened since."""
    entry = memory.behind(session.id, game, table)
    if entry is None or entry.stamp.created_at != at.created_at or not entry.stamp.version < at.version:
        return None  # another session with the same id, or not behind
    db.session.flush()
    new = _SINCE.all({"b_session": session.id, "b_after": entry.change})
    if len(new) != at.version - entry.stamp.version:
        return None
    last = entry.rows[-1].position if entry.rows else 0
    for row in new:
        if row.action != "add" or row.before is not None or row.id is None or row.phase != "complete" \
                or row.position <= last:
            return None
        last = row.position
    rows = tuple(DealRow(row.id, row.session_id, row.position, row.phase, row.payload, row.engine_version)
                 for row in new)
    try:
        standing = memory.caught_up(session.id, entry, game, table, rows, at, new[-1].change)
    except DealError:
        return None  # read and replayed as a whole, which says where it breaks
    return entry.rows + rows, standing


class Stamp(NamedTuple):
    """What a session's stored deals and changes are known by (`stamp`)."""

    created_at: datetime
    updated_at: datetime
    version: int


def stamp(session: GameSession) -> Stamp:
    """What a session's stored deals and changes are known by: its creation time, last change and
    version (every write bumps the last two in its transaction: `_claim`)."""
    return Stamp(session.created_at, session.updated_at, session.version)


class ChangeRow(NamedTuple):
    """A change-log row as the board lists it (sessions/table.py), for a change this process wrote."""

    id: int
    session_id: int
    deal_id: int | None
    deal_number: int
    action: str
    before: Any
    after: Any
    at: datetime


class DealRow(NamedTuple):
    """A deal as `board` reads it (the columns of `_DEALS`), for a deal this process wrote."""

    id: int
    session_id: int
    position: int
    phase: str
    payload: Any
    engine_version: int

    @classmethod
    def of(cls, deal: Any) -> DealRow:
        return cls(deal.id, deal.session_id, deal.position, deal.phase, deal.payload, deal.engine_version)


def _stopped(game: Game, table: Table, standing: Standing) -> Standing:
    """The table stopped before the game's own end: decide on the totals so far."""
    state = standing.state
    return dataclasses.replace(
        standing, over=True, dealer=None, leader=None, notes=(),
        winners=game.winners(table, state), losers=game.losers(table, state),
        seat_notes=game.final_seat_notes(table, state),
    )


def close_session(session: GameSession, *, version: int | None = None) -> Saved:
    """End the session here (a stored fact, undone by `reopen_session`)."""
    return _toggle(session, "close", version)


def reopen_session(session: GameSession, *, version: int | None = None) -> Saved:
    return _toggle(session, "reopen", version)


def _toggle(session: GameSession, action: str, version: int | None) -> Saved:
    expected = session.version if version is None else version
    if (session.closed_at is None) == (action == "close"):
        _claim(session, expected)
        session.closed_at = utcnow() if action == "close" else None
        db.session.add(Revision(session_id=session.id, deal_number=0, action=action, before=None, after=None))
        _commit(session)
    return Saved(None, None)


# --- sessions ----------------------------------------------------------------


def create_session(
    slug: str, names: Sequence[str], first_dealer: int, options: Mapping[str, Any] | None
) -> GameSession:
    """Check the table with the engine, then store players, seats and the frozen options."""
    try:
        game = get_game(slug)
    except KeyError:
        raise RuleError(T("There is no game called %(slug)s.", slug=slug), "game") from None
    names = [clean_name(name) for name in names]
    if any(not name for name in names):
        raise RuleError(T("Every player needs a name."), "players")
    if len({name_key(name) for name in names}) != len(names):
        raise RuleError(T("Two players have the same name; add an initial to tell them apart."), "players")
    too_long = next((name for name in names if len(name) > 60), None)
    if too_long:
        raise RuleError(T("A name can have at most 60 characters."), "players")
    frozen = resolve_options(game.option_specs(len(names)), options)
    table = Table(tuple(names), frozen, first_dealer)
    game.check_table(table)
    players = [find_or_create_player(name) for name in names]
    session = GameSession(game=slug, options=frozen, first_dealer=first_dealer, engine_version=game.version)
    for position, player in enumerate(players):
        session.seats.append(Seat(position=position, player=player))
    db.session.add(session)
    db.session.commit()
    return session


def find_or_create_player(name: str) -> Player:
    """The player of that name (compared by `names.name_key`), created if new. Two tables creating
    the same new player at once: the loser's insert hits the unique key inside a SAVEPOINT and
    finds the winner's row instead."""
    key = name_key(name)
    query = select(Player).where(Player.name_key == key)
    player = db.session.scalar(query)
    if player is not None:
        return player
    try:
        with db.session.begin_nested():
            player = Player(name=name, name_key=key)
            db.session.add(player)
    except IntegrityError:
        player = db.session.scalar(query)
        if player is None:
            raise
    return player


# --- writes: one at a time per session ----------------------------------------------


class StaleBoard(Exception):
    """The session changed since the board the client saw (another device saved meanwhile)."""

    def __init__(self, version: int, number: int) -> None:
        super().__init__(version, number)
        self.version = version  # the stored board version now
        self.number = number  # the deal the last stored change was about (0: the session itself)

    @property
    def text(self):
        """What the tablet is told, next to its form (the API's 409 message too)."""
        if self.number:
            return T("Another device saved deal %(number)d meanwhile; here is the fresh board — check and "
                     "save again.", number=self.number)
        return T("Another device changed this session meanwhile; here is the fresh board — check and save again.")


@dataclass(frozen=True)
class Saved:
    """What a write stored: the deal (None for a deletion or a retry whose deal is gone) and the board
    after it, built from the board before it (None: build it with `board`); `replayed` when the same
    idempotency key was already stored and nothing new was."""

    deal: Deal | DealRow | None
    board: Board | None
    replayed: bool = False
    change: ChangeRow | None = None  # the change-log row this write stored, when it was inserted as a row
    since: Stamp | None = None  # the session's `stamp` the write was stored on top of (with `change`)
    changes: int | None = None  # the session's number of changes after this write (None: not counted)


def _claim(session: GameSession, expected: int) -> None:
    """Take the session's write turn: bump its version iff it is still the one the board was read at.
    The UPDATE waits for a concurrent writer (row lock on PostgreSQL, the write lock on SQLite), then
    matches no row if that writer committed: the change is refused as stale, never stored twice."""
    now = utcnow()
    done = _CLAIM.run({"b_id": session.id, "b_expected": expected, "b_version": expected + 1, "b_updated_at": now})
    if done.rowcount != 1:
        raise _stale(session)
    set_committed_value(session, "version", expected + 1)
    set_committed_value(session, "updated_at", now)  # the session's new `stamp`


_CLAIM = Prepared((lambda c: update(c.id.table)
                   .where(c.id == bindparam("b_id"), c.version == bindparam("b_expected"))
                   .values(version=bindparam("b_version"), updated_at=bindparam("b_updated_at")))
                  (GameSession.__table__.c))
claim = _claim  # for the write paths outside this module (restore.py)


def _stale(session: GameSession) -> StaleBoard:
    db.session.rollback()
    version = db.session.scalar(select(GameSession.version).where(GameSession.id == session.id)) or 0
    number = db.session.scalar(
        select(Revision.deal_number).where(Revision.session_id == session.id).order_by(Revision.id.desc()).limit(1)
    ) or 0
    return StaleBoard(version, number)


def _commit(session: GameSession, after: Board | None = None, before: Board | None = None,
            rows_known: bool = False, change: int | None = None) -> int | None:
    """Commit without expiring what was loaded: the board built from it stays a coherent snapshot (no
    reload after commit, which could meet a row another device deleted meanwhile); only the session's
    collections are expired, so a later `board(session)` sees the new rows. `rows_known`: the new
    board's deals are the session's rows as committed (a deal appended), so the next board of this
    process reads none (replays.py). Returns the session's number of changes when the summary's
    UPDATE counted them (`summaries.store`), else None."""
    changes = None
    if after is not None:  # the lists' summary from the board already built: the commit hook need not replay
        changes = summaries.store(session, after)
    orm_session = db.session()
    orm_session.expire_on_commit = False
    try:
        orm_session.commit()
    except IntegrityError:  # a unique key caught what the version did not (cannot happen; never store it)
        raise _stale(session) from None
    finally:
        orm_session.expire_on_commit = True
    db.session.expire(session, ["deals", "revisions"])
    if after is not None and session.closed_at is None:  # the next page plays no deal, reads none (replays.py)
        rows = tuple(DealRow.of(deal) if isinstance(deal, Deal) else deal for deal in after.deals) if rows_known else ()
        replays.current().remember(session.id, after.game, after.table, [deal.payload for deal in after.deals],
                                   after.standing, base=before.standing if before is not None else None,
                                   stamp=stamp(session) if rows_known and after.pending is None else None, rows=rows,
                                   change=change)
    return changes


def earlier_save(session: GameSession, key: str | None) -> Saved | None:
    """The save already stored under this idempotency key, if any (a retry of it stores nothing new).
    Every save from a tablet carries its form's key, and nearly every key is new: the lookup is one
    prepared statement on the session's connection (the unique index on session and key)."""
    if not key:
        return None
    found = _EARLIER.first({"b_sid": session.id, "b_key": key})
    if found is None:
        return None
    # stored by another request after this one read the session: what it loaded is older than the save
    db.session.expire(session, ["deals", "revisions", "version", "closed_at"])
    deal = db.session.get(Deal, found.deal_id) if found.deal_id else None
    return Saved(deal if deal is not None and deal.session_id == session.id else None, None, True)


_EARLIER = Read((lambda c: select(c.deal_id).limit(1)
                 .where(c.session_id == bindparam("b_sid"), c.idempotency_key == bindparam("b_key")))
                (Revision.__table__.c))


class DealGone(LookupError):
    """The deal to correct or delete was deleted meanwhile (by another device)."""


def save(session: GameSession, change, *, version: int | None = None, key: str | None = None,
         current: Board | None = None, attempts: int = 50, lazy_key: bool = False) -> Saved:
    """Run `change(expected_version, board_or_None)` (one of the writes below) until it lands;
    `current` is the board the caller just read (used on the first attempt if still current).

    A client that names the board version it saw (`version`: the form's board_version, the API's
    If-Match) gets StaleBoard when another device saved first; a client that names none is
    serialized: its change is checked again against the fresh board and stored if it still fits.
    A key already stored answers as the first save did (`replayed`). It is looked up before the
    change, or with `lazy_key` only when the change does not go through: a stored save moved the
    version on (a retry's version is stale) and its key is unique per session (a retry without a
    version is refused by the index), so a new key, nearly every save's, costs no lookup."""
    for attempt in range(attempts):
        if attempt:
            db.session.rollback()
            db.session.expire_all()
        current_version = session.version  # read before the deals, so a board is never newer than it
        stale = version is not None and version != current_version
        if stale or attempt or not lazy_key:
            earlier = earlier_save(session, key)
            if earlier is not None:
                return earlier
        if stale:
            raise _stale(session)
        fresh = current if attempt == 0 and current is not None and current.version == current_version else None
        try:
            return change(current_version, fresh)
        except ObjectDeletedError:  # the row to change was deleted meanwhile
            raise DealGone() from None
        except IntegrityError:  # a unique key: this idempotency key stored by a concurrent save
            db.session.rollback()
            earlier = earlier_save(session, key)
            if earlier is not None:
                return earlier
            raise _stale(session) from None
        except StaleBoard:
            earlier = earlier_save(session, key)
            if earlier is not None:
                return earlier
            if version is not None:
                raise
    raise _stale(session)


# --- deals -------------------------------------------------------------------


def _replay_or_refuse(session: GameSession, payloads: list[Mapping[str, Any]], changed: int | None) -> Standing:
    """Replay a proposed list of deals; a rule broken at the changed deal is refused as it is,
    one broken at a later deal is refused with the number of the deal it would spoil."""
    game = get_game(session.game)
    try:
        return game.replay(table_of(session), payloads)
    except DealError as error:
        if changed is None or error.index == changed:
            raise error.error from None
        raise RuleError(
            T("This change would make deal %(number)d impossible: %(reason)s", number=error.index + 1,
              reason=error.text),
        ) from None


def _standing(game: Game, table: Table, results: tuple, running: tuple, dealers: tuple, state: State) -> Standing:
    """The standing `Game.replay` builds, from results already known (no replay)."""
    over = game.is_over(table, state)
    return Standing(
        results=results, running=running, totals=state.totals,
        dealer=None if over else state.dealer, leader=None if over else state.leader, over=over,
        winners=game.winners(table, state) if over else (), losers=game.losers(table, state) if over else (),
        dealers=dealers, deals_left=game.deals_left(table, state), notes=() if over else game.notes(table, state),
        seat_notes=game.final_seat_notes(table, state) if over else game.seat_notes(table, state),
        active=state.active, teams=game.teams(table), state=state,
    )


def _board_from(session: GameSession, game: Game, table: Table, standing: Standing, deals: Sequence[Deal],
                pending: Deal | None) -> Board:
    if session.closed_at is not None and not standing.over:
        standing = _stopped(game, table, standing)
    return Board(game, table, standing, tuple(deals), pending, standing.state, session.version)


def _revise(session: GameSession, deal_id: int | None, action: str, before: Any, after: Any, number: int,
            key: str | None = None) -> None:
    # appended without loading the session's revisions
    db.session.add(Revision(session_id=session.id, deal_id=deal_id, deal_number=number, action=action,
                            before=before, after=after, idempotency_key=key or None))


def add_deal(session: GameSession, raw: Mapping[str, Any], current: Board | None = None, *,
             version: int | None = None, key: str | None = None) -> Saved:
    """Check a whole new deal (or the play that completes the pending bids) and store it.
    `current` is the session's board when the caller has just built it; the new board is that
    board plus the engine's play of the new deal (one play, no replay)."""
    current = current or board(session)
    expected = current.version if version is None else version
    game, table, state = current.game, current.table, current.state
    if current.pending is not None:
        merged = {**current.pending.payload, **dict(raw)}
        parsed = game.parse(table, state, merged)
    else:
        parsed = game.parse(table, state, raw)
    # the earlier deals are unchanged: scoring the new one is the whole check (scoring may refuse too,
    # e.g. a Handjass tie that needs a card draw)
    result, after = game.play_parsed(table, state, parsed)
    since = stamp(session)
    _claim(session, expected)
    number = len(current.deals) + 1
    change = None
    if current.pending is not None:
        deal = current.pending
        deal.payload, deal.phase, deal.engine_version = parsed, "complete", game.version
        db.session.flush()
        _revise(session, deal.id, "add", None, parsed, number, key)
    else:
        deal, change = _insert_deal(session, _next_position(current), parsed, game.version, number, key)
    old = current.standing
    standing = _standing(game, table, old.results + (result,), old.running + (after.totals,),
                         old.dealers + (state.dealer,), after)
    new_board = _board_from(session, game, table, standing, (*current.deals, deal), None)
    changes = _commit(session, new_board, before=current, rows_known=True,
                      change=change.id if change is not None else None)
    return Saved(deal, new_board, change=change, since=since if change is not None else None, changes=changes)


_INSERT_DEAL = Prepared(insert(Deal.__table__), returning=[Deal.__table__.c.id],
                        keys=["session_id", "position", "phase", "payload", "engine_version", "created_at",
                              "updated_at"])
_INSERT_REVISION = Prepared(insert(Revision.__table__), returning=[Revision.__table__.c.id],
                            keys=["session_id", "deal_id", "deal_number", "action", "before", "after", "at",
                                  "idempotency_key"])


def _new_id(done: Done) -> int:
    return done.row[0] if done.row is not None else done.lastrowid


def _insert_deal(session: GameSession, position: int, payload: Mapping[str, Any], engine_version: int,
                 number: int, key: str | None) -> tuple[DealRow, ChangeRow]:
    """A new deal and its "add" revision, each one Core INSERT rather than an object flushed by the
    unit of work (the flushes were a tenth of a save). The deal comes back as the row a board reads
    (as a board this process remembers holds it), not as an ORM object: nothing changes it further,
    and building and attaching one was 3% of a save. The summary is
    written by the caller (`_commit` with the new board), so the commit hook need not see them.
    The revision comes back as the row the change log would read. These table statements (and the
    claim's) run in the ORM session's transaction, compiled once and handed to the driver's cursor
    (`statements.Prepared`): `Session.execute` would only add its own dispatch for statements that load
    no objects (2% of a save's instructions), `Connection.execute` its execution context and result
    (7% for the save's five writes)."""
    now = utcnow()
    values = dict(session_id=session.id, position=position, phase="complete", payload=payload,
                  engine_version=engine_version, created_at=now, updated_at=now)
    deal_id = _new_id(_INSERT_DEAL.run(values))
    revision_id = _new_id(_INSERT_REVISION.run(dict(
        session_id=session.id, deal_id=deal_id, deal_number=number, action="add", before=None, after=payload,
        at=now, idempotency_key=key or None)))
    return (DealRow(deal_id, session.id, position, "complete", payload, engine_version),
            ChangeRow(revision_id, session.id, deal_id, number, "add", None, payload, now))


def _next_position(current: Board) -> int:
    positions = [deal.position for deal in current.deals]
    if current.pending is not None:
        positions.append(current.pending.position)
    return max(positions, default=0) + 1


def enter(session: GameSession, raw: Mapping[str, Any], current: Board | None = None, *,
          version: int | None = None, key: str | None = None) -> Saved:
    """What the table submits next: the whole deal, or the bids of a game that locks them first."""
    current = current or board(session)
    if current.last_phase or current.standing.over:
        return add_deal(session, raw, current, version=version, key=key)
    return lock_phase(session, raw, current, version=version, key=key)


def lock_phase(session: GameSession, raw: Mapping[str, Any], current: Board | None = None, *,
               version: int | None = None, key: str | None = None) -> Saved:
    """Store the early phase of the next deal (the bids) so it cannot change once play starts."""
    current = current or board(session)
    expected = current.version if version is None else version
    if current.pending is not None:
        raise RuleError(T("The bids of this deal are already locked; enter the play."))
    phase = current.phase
    parsed = current.game.parse_phase(current.table, current.state, raw, phase)
    _claim(session, expected)
    deal = Deal(session_id=session.id, position=_next_position(current), payload=parsed, phase=phase,
                engine_version=current.game.version)
    db.session.add(deal)
    db.session.flush()
    _revise(session, deal.id, "bid", None, parsed, len(current.deals) + 1, key)
    _commit(session)
    return Saved(deal, dataclasses.replace(current, pending=deal, version=session.version))


def replace_deal(session: GameSession, deal: Deal, raw: Mapping[str, Any], *, version: int | None = None,
                 key: str | None = None) -> Saved:
    """Replace what was entered for `deal`; every later deal is replayed and must still fit.
    Two replays: the deals before it (the state it is parsed against), then the whole session with
    the correction (the check, and the new board). Works on a session whose stored deals no longer
    replay: that is how it is repaired."""
    expected = session.version if version is None else version
    game, table = get_game(session.game), table_of(session)
    ordered = complete_deals(session)
    pending = next((d for d in session.deals if d.phase != "complete"), None)
    if deal in ordered:
        index = ordered.index(deal)
    elif deal is pending:
        index = len(ordered)
    else:  # deleted meanwhile by another device
        raise DealGone()
    before_state = game.replay(table, [d.payload for d in ordered[:index]]).state
    if deal is pending:
        raw = {**deal.payload, **dict(raw)}
    parsed = game.parse(table, before_state, raw)
    payloads = [d.payload for d in ordered]
    if deal in ordered:
        payloads[index] = parsed
    else:
        payloads.append(parsed)
    standing = _replay_or_refuse(session, payloads, index)
    _claim(session, expected)
    before = deal.payload
    action = "edit" if deal.phase == "complete" else "add"
    deal.payload, deal.phase, deal.engine_version = parsed, "complete", game.version
    _revise(session, deal.id, action, before, parsed, index + 1, key)
    deals = ordered if deal in ordered else [*ordered, deal]
    new_board = _board_from(session, game, table, standing, deals, None)
    _commit(session, new_board)
    return Saved(deal, new_board)


def delete_deal(session: GameSession, deal: Deal, *, version: int | None = None, key: str | None = None) -> Saved:
    """Delete a deal; the later ones must still fit. In a session that no longer replays (see
    `broken`) a deal at or after the broken one goes without that check (repair)."""
    expected = session.version if version is None else version
    game, table = get_game(session.game), table_of(session)
    ordered = complete_deals(session)
    pending = next((d for d in session.deals if d.phase != "complete"), None)
    standing = None
    if deal in ordered:
        index = ordered.index(deal)
        rest = [d for d in ordered if d is not deal]
        try:
            standing = game.replay(table, [d.payload for d in rest])
        except DealError as error:
            found = broken(session)  # a session being repaired: a deal at or after the broken one may go
            if found is None or index < found[1].index:
                raise RuleError(
                    T("Deleting this deal would make deal %(number)d impossible: %(reason)s",
                      number=error.index + 2, reason=error.text),
                ) from None
        number = index + 1
    elif deal is pending:
        rest = ordered
        number = len(ordered) + 1
    else:  # deleted meanwhile by another device
        raise DealGone()
    _claim(session, expected)
    _revise(session, deal.id, "delete", deal.payload, None, number, key)
    position = deal.position
    db.session.delete(deal)
    db.session.flush()
    _close_gap(session, position)
    new_board = None
    if standing is not None:
        new_board = _board_from(session, game, table, standing, rest, None if deal is pending else pending)
    _commit(session, new_board)
    return Saved(None, new_board)


def _close_gap(session: GameSession, position: int) -> None:
    """Positions stay 1..n: the deals after a deleted one move up (in two steps, so the unique
    (session, position) key holds after every row on every database)."""
    later = (Deal.session_id == session.id) & (Deal.position > position)
    db.session.execute(update(Deal).where(later).values(position=-Deal.position)
                       .execution_options(synchronize_session=False))
    db.session.execute(update(Deal).where(Deal.session_id == session.id, Deal.position < 0)
                       .values(position=-Deal.position - 1).execution_options(synchronize_session=False))
    for deal in session.deals:  # loaded rows follow
        if deal.position > position and deal in db.session:
            set_committed_value(deal, "position", deal.position - 1)


def broken(session: GameSession) -> tuple[Board, DealError] | None:
    """A session whose stored deals the engine refuses: the board up to the broken deal and the
    refusal (its `index` is the broken deal's); None when the session replays."""
    game, table = get_game(session.game), table_of(session)
    deals = complete_deals(session)
    try:
        game.replay(table, [deal.payload for deal in deals])
        return None
    except DealError as error:
        good = deals[: error.index]
        standing = game.replay(table, [deal.payload for deal in good])
        return Board(game, table, standing, tuple(good), None, standing.state, session.version), error


def deal_context(session: GameSession, deal: Deal) -> tuple[Game, Table, int, State]:
    """What the correction form of `deal` needs: engine, table, the deal's number and the state before
    it (one replay of the deals before it; raises DealError if one of those is broken)."""
    game, table = get_game(session.game), table_of(session)
    ordered = complete_deals(session)
    index = ordered.index(deal) if deal in ordered else len(ordered)
    return game, table, index + 1, game.replay(table, [d.payload for d in ordered[:index]]).state

"""Every change to a session: create it, enter a deal (or lock its bids first), correct or delete
a deal, stop the game early or continue it. Each command loads the board, has the engine check the
change, claims the session's version, adds its rows through the ORM, stores the session's summary
and commits; each change leaves a Revision. Nothing here stores a total.

Several tablets (and gunicorn workers) write one at a time per session: a write claims the session
with `UPDATE game_session SET version = v + 1 WHERE id = ? AND version = v`, v being the version of
the board it checked its change against, before it stores anything. A concurrent writer's UPDATE
waits for the first one's transaction and then matches no row: its change is not stored
(`StaleBoard`). `run` checks a change again against the fresh board when the client named no
version. A client's idempotency key is stored with the change's Revision, unique per session: a
retry finds it and stores nothing new.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import ObjectDeletedError

from . import summaries
from .board import COMPLETE, Board, board, build, complete_deals, deal_context, pending_deal, played, remember, table_of
from .dbsafety import refusing_faults
from .extensions import db
from .games import get_game
from .games.base import DealError, Game, RuleError, Standing, T, Table, Text, resolve_options
from .models import Deal, GameSession, Revision, Seat, utcnow
from .names import checked_names, find_or_create_player

# --- the write turn --------------------------------------------------------------------------


class StaleBoard(Exception):
    """The session changed since the board the client saw (another device saved meanwhile)."""

    def __init__(self, version: int, number: int) -> None:
        super().__init__(version, number)
        self.version = version  # the stored board version now
        self.number = number  # the deal the last stored change was about (0: the session itself)

    @property
    def text(self) -> Text:
        """What the tablet is told next to its form (the API's 409 message too)."""
        if self.number:
            return T("Another device saved deal %(number)d meanwhile; here is the fresh board — check and "
                     "save again.", number=self.number)
        return T("Another device changed this session meanwhile; here is the fresh board — check and save again.")


class DealGone(LookupError):
    """The deal to correct or delete was deleted meanwhile (by another device)."""


@dataclass(frozen=True)
class Saved:
    """What a write stored: the deal (None for a deletion, or a retry whose deal is gone) and the
    board after it (None: read it anew); `replayed` when the same idempotency key was already stored
    and nothing new was."""

    deal: Deal | None
    board: Board | None
    replayed: bool = False


class RequestKey(str):
    """An idempotency key with the fingerprint of the request it came with: the same key with
    another request is refused (`KeyReused`). A plain str key (the pages') is never compared."""

    fingerprint: str | None = None

    def __new__(cls, key: str, fingerprint: str | None = None) -> RequestKey:
        made = super().__new__(cls, key)
        made.fingerprint = fingerprint
        return made


class KeyReused(Exception):
    """The idempotency key was stored with another request (IETF Idempotency-Key draft: 422)."""


def claim(session: GameSession, expected: int) -> None:
    """Take the session's write turn: bump its version iff it is still the one the change was
    checked against (see the module's docstring)."""
    now = utcnow()
    claimed = db.session.execute(
        update(GameSession).where(GameSession.id == session.id, GameSession.version == expected)
        .values(version=expected + 1, updated_at=now).returning(GameSession.id)
        .execution_options(synchronize_session=False)).first()
    if claimed is None:
        raise stale(session)
    set_committed_value(session, "version", expected + 1)
    set_committed_value(session, "updated_at", now)


def stale(session: GameSession) -> StaleBoard:
    """Roll back and say what the session holds now."""
    db.session.rollback()
    version = db.session.scalar(select(GameSession.version).where(GameSession.id == session.id)) or 0
    number = db.session.scalar(select(Revision.deal_number).where(Revision.session_id == session.id)
                               .order_by(Revision.id.desc()).limit(1)) or 0
    return StaleBoard(version, number)


def earlier_save(session: GameSession, key: str | None) -> Saved | None:
    """The save already stored under this idempotency key, if any (a retry of it stores nothing);
    KeyReused when the key came with another request (both fingerprints known and different)."""
    if not key:
        return None
    revision = db.session.scalar(select(Revision).where(Revision.session_id == session.id,
                                                        Revision.idempotency_key == key))
    if revision is None:
        return None
    fingerprint = getattr(key, "fingerprint", None)
    if None not in (fingerprint, revision.request_fingerprint) and fingerprint != revision.request_fingerprint:
        raise KeyReused(key)
    db.session.expire(session)  # stored after this request read the session: what it loaded is older
    deal = db.session.get(Deal, revision.deal_id) if revision.deal_id else None
    return Saved(deal if deal is not None and deal.session_id == session.id else None, None, replayed=True)


@refusing_faults()  # a full disk or a read-only database: refused like a broken rule
def run(session: GameSession, command: Callable[[int], Saved], *, version: int | None = None,
        key: str | None = None, attempts: int = 50) -> Saved:
    """Run `command(expected_version)` until it lands. A client that named the version it saw gets
    StaleBoard when another device saved first; one that named none is checked again against the
    fresh board. A save whose key is already stored (a retry: its version is stale, or its change
    meets the unique key) is answered as the first save was; a caller that checks the change
    against the board first looks the key up before (`earlier_save`)."""
    for _ in range(attempts):
        try:
            if version is not None and version != session.version:
                raise stale(session)
            return command(session.version if version is None else version)
        except ObjectDeletedError:  # the row to change was deleted meanwhile
            db.session.rollback()
            raise DealGone() from None
        except (IntegrityError, StaleBoard) as conflict:  # another device, or a retry of this save
            db.session.rollback()
            earlier = earlier_save(session, key)
            if earlier is not None:
                return earlier
            if version is not None:
                raise conflict if isinstance(conflict, StaleBoard) else stale(session) from None
    raise stale(session)


def revise(session: GameSession, deal_id: int | None, action: str, before: Any, after: Any, number: int,
           key: str | None = None) -> None:
    # added by id: the session's whole change log is never loaded for a write
    db.session.add(Revision(session_id=session.id, deal_id=deal_id, deal_number=number, action=action,
                            before=before, after=after, idempotency_key=key or None,
                            request_fingerprint=getattr(key, "fingerprint", None)))


def finish(session: GameSession, game: Game, table: Table, standing: Standing, deals: Sequence[Deal],
           pending: Deal | None) -> Board:
    """Store the summary of the session's new board, commit, and remember its replay."""
    after = build(session, game, table, standing, list(deals), pending)
    summaries.store(session, after)
    db.session.commit()
    remember(session.id, session.version, standing)
    return after


def _played(game: Game, table: Table, payloads: Sequence[Mapping[str, Any]], changed: int | None) -> Standing:
    """Replay a proposed list of deals; a rule broken at the changed deal is refused as it is, one
    broken at a later deal with the number of the deal it would spoil."""
    try:
        return game.replay(table, payloads)
    except DealError as error:
        if changed is None or error.index == changed:
            raise error.error from None
        raise RuleError(T("This change would make deal %(number)d impossible: %(reason)s",
                          number=error.index + 1, reason=error.text)) from None


def _next_position(session: GameSession) -> int:
    return max((deal.position for deal in session.deals), default=0) + 1


# --- deals -----------------------------------------------------------------------------------


def enter(session: GameSession, raw: Mapping[str, Any], *, version: int | None = None, key: str | None = None,
          phase: str | None = None, whole: bool = False) -> Saved:
    """What the table submits next: the whole deal, or the bids of a game that locks them first.
    `phase`: the entry the client means (refused if another is due); `whole`: a whole deal posted
    where the bids come first is stored whole, never half."""
    def command(expected: int) -> Saved:
        current = board(session)
        if phase is not None and phase != current.phase:
            raise RuleError(T("This deal expects the %(phase)s entry next.", phase=current.phase), "phase")
        if session.closed_at is not None:
            raise RuleError(T("This game is over; no more deals can be entered."))
        if current.last_phase or current.standing.over or (whole and current.pending is None):
            return _add(session, current, raw, expected, key)
        return _lock(session, current, raw, expected, key)

    return run(session, command, version=version, key=key)


def _add(session: GameSession, current: Board, raw: Mapping[str, Any], expected: int, key: str | None) -> Saved:
    """Check a whole new deal (or the play that completes the locked bids) and store it: the new
    standing is the board's plus the new deal, played once."""
    game, table, pending = current.game, current.table, current.pending
    parsed = game.parse(table, current.state, {**pending.payload, **raw} if pending is not None else raw)
    try:  # scoring may refuse too (a Handjass tie that needs a card draw)
        standing = game.replay(table, [*(deal.payload for deal in current.deals), parsed], resume=current.standing)
    except DealError as error:
        raise error.error from None
    claim(session, expected)
    if pending is not None:
        deal = pending
        deal.payload, deal.phase, deal.engine_version = parsed, COMPLETE, game.version
    else:
        deal = Deal(position=_next_position(session), payload=parsed, engine_version=game.version)
        session.deals.append(deal)
    db.session.flush()  # the deal's id, for its change
    revise(session, deal.id, "add", None, parsed, len(current.deals) + 1, key)
    return Saved(deal, finish(session, game, table, standing, [*current.deals, deal], None))


def _lock(session: GameSession, current: Board, raw: Mapping[str, Any], expected: int, key: str | None) -> Saved:
    """Store the early phase of the next deal (the bids), so that it cannot change once play starts."""
    if current.pending is not None:
        raise RuleError(T("The bids of this deal are already locked; enter the play."))
    phase = current.phase
    parsed = current.game.parse_phase(current.table, current.state, raw, phase)
    claim(session, expected)
    deal = Deal(position=_next_position(session), payload=parsed, phase=phase, engine_version=current.game.version)
    session.deals.append(deal)
    db.session.flush()
    revise(session, deal.id, "bid", None, parsed, len(current.deals) + 1, key)
    return Saved(deal, finish(session, current.game, current.table, current.standing, current.deals, deal))


def replace_deal(session: GameSession, deal: Deal, raw: Mapping[str, Any], *, version: int | None = None,
                 key: str | None = None) -> Saved:
    """Replace what was entered for `deal`; every later deal is replayed and must still fit. Works
    on a session whose stored deals no longer replay: that is how it is repaired."""
    def command(expected: int) -> Saved:
        ordered, pending = complete_deals(session), pending_deal(session)
        if deal not in ordered and deal is not pending:
            raise DealGone()
        game, table, number, state = deal_context(session, deal)
        index = number - 1
        parsed = game.parse(table, state, {**deal.payload, **raw} if deal is pending else raw)
        payloads = [d.payload for d in ordered]
        payloads[index:index + 1] = [parsed]
        standing = _played(game, table, payloads, index)
        claim(session, expected)
        before, action = deal.payload, "edit" if deal.phase == COMPLETE else "add"
        deal.payload, deal.phase, deal.engine_version = parsed, COMPLETE, game.version
        revise(session, deal.id, action, before, parsed, index + 1, key)
        deals = ordered if deal in ordered else [*ordered, deal]
        return Saved(deal, finish(session, game, table, standing, deals, None))

    return run(session, command, version=version, key=key)


def delete_deal(session: GameSession, deal: Deal, *, version: int | None = None, key: str | None = None) -> Saved:
    """Delete a deal; the later ones must still fit. In a session that no longer replays (being
    repaired), a deal at or after the broken one goes without that check."""
    def command(expected: int) -> Saved:
        game, table = get_game(session.game), table_of(session)
        ordered, pending = complete_deals(session), pending_deal(session)
        if deal is pending:
            index, number = None, len(ordered) + 1
        elif deal in ordered:
            index = ordered.index(deal)
            number = index + 1
        else:
            raise DealGone()
        standing = _after_deletion(game, table, ordered, index)
        claim(session, expected)
        revise(session, deal.id, "delete", deal.payload, None, number, key)
        session.deals.remove(deal)  # deleted as the session's orphan
        db.session.flush()
        _close_gap(session, deal.position)
        if standing is None:  # a repair: the session does not replay yet
            summaries.replayed(session)
            db.session.commit()
            return Saved(None, None)
        rest = [d for d in ordered if d is not deal]
        return Saved(None, finish(session, game, table, standing, rest, None if deal is pending else pending))

    return run(session, command, version=version, key=key)


def _after_deletion(game: Game, table: Table, ordered: list[Deal], index: int | None) -> Standing | None:
    """The standing of the complete deals without deal `index` (None: the bids waiting for their
    play go, the complete deals stay); None when the stored deals do not replay either and the
    deletion is at or after the broken deal (a repair)."""
    try:
        return game.replay(table, [d.payload for i, d in enumerate(ordered) if i != index])
    except DealError as error:
        try:
            game.replay(table, [d.payload for d in ordered])
        except DealError as stored:
            if index is None or index >= stored.index:
                return None
        raise RuleError(T("Deleting this deal would make deal %(number)d impossible: %(reason)s",
                          number=error.index + 2, reason=error.text)) from None


def _close_gap(session: GameSession, position: int) -> None:
    """Positions stay 1..n: the deals after a deleted one move up (in two steps, so the unique
    (session, position) key holds after every row on every database)."""
    later = (Deal.session_id == session.id) & (Deal.position > position)
    db.session.execute(update(Deal).where(later).values(position=-Deal.position)
                       .execution_options(synchronize_session=False))
    db.session.execute(update(Deal).where(Deal.session_id == session.id, Deal.position < 0)
                       .values(position=-Deal.position - 1).execution_options(synchronize_session=False))
    for deal in session.deals:  # the loaded rows follow
        if deal.position > position:
            set_committed_value(deal, "position", deal.position - 1)


# --- the session -------------------------------------------------------------------------------


def close_session(session: GameSession, *, version: int | None = None) -> Saved:
    """End the session here (a stored fact, undone by `reopen_session`): the totals so far decide."""
    return run(session, lambda expected: _toggle(session, "close", expected), version=version)


def reopen_session(session: GameSession, *, version: int | None = None) -> Saved:
    return run(session, lambda expected: _toggle(session, "reopen", expected), version=version)


def _toggle(session: GameSession, action: str, expected: int) -> Saved:
    if (session.closed_at is None) != (action == "close"):
        return Saved(None, None)  # already so
    game, table = get_game(session.game), table_of(session)
    deals = complete_deals(session)
    standing = played(session, game, table, deals)
    claim(session, expected)
    session.closed_at = utcnow() if action == "close" else None
    revise(session, None, action, None, None, 0)
    return Saved(None, finish(session, game, table, standing, deals, pending_deal(session)))


@refusing_faults()
def create_session(slug: str, names: Sequence[str], first_dealer: int,
                   options: Mapping[str, Any] | None) -> GameSession:
    """Check the table with the engine, then store the players, the seats and the frozen options."""
    try:
        game = get_game(slug)
    except KeyError:
        raise RuleError(T("There is no game called %(slug)s.", slug=slug), "game") from None
    names = checked_names(names)
    frozen = resolve_options(game.option_specs(len(names)), options)
    game.check_table(Table(tuple(names), frozen, first_dealer))
    session = GameSession(game=slug, options=frozen, first_dealer=first_dealer, engine_version=game.version)
    for position, name in enumerate(names):
        session.seats.append(Seat(position=position, player=find_or_create_player(name)))
    db.session.add(session)
    db.session.flush()
    summaries.store(session, board(session))
    db.session.commit()
    return session

"""Bring a deleted deal back from the change log, in its original place.

The delete revision kept what was entered and the deal's number at the time. The deal goes
back at that number (or last, if fewer deals are left), every later deal moves one place on,
and the whole session is replayed with it first: when it no longer fits (or would spoil a later
deal) nothing is stored and the reason is given. A "restore" revision records it.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import select

from .board import Board, board, session_deal
from .extensions import db
from .games.base import DealError, RuleError, T, Text
from .models import Deal, GameSession, Revision
from .turns import claim
from .writes import finish, keep_locked, next_position, revise, spoiled, spoils_later


def restorable(session: GameSession, revision: Revision) -> bool:
    """A delete revision whose deal is gone (and which kept what was entered)."""
    if revision.action != "delete" or revision.session_id != session.id or not revision.before:
        return False
    return session_deal(session, revision.deal_id) is None


def offered(session: GameSession, revision: Revision) -> bool:
    """Whether the change log offers Restore: a restorable deal whose place was not filled since. A
    deal taken back with Undo (or the last deal deleted) and then entered again would count twice;
    such a deletion stays restorable through the API, as it always was."""
    if not restorable(session, revision):
        return False
    again = select(Revision.id).where(Revision.session_id == session.id, Revision.id > revision.id,
                                      Revision.deal_number == revision.deal_number,
                                      Revision.action.in_(("add", "bid", "restore"))).limit(1)
    return db.session.scalar(again) is None


def deletion(session: GameSession, deal_id: int) -> Revision | None:
    """The change that deleted the deal (the latest, should its id have been deleted twice)."""
    return db.session.scalar(select(Revision).where(Revision.session_id == session.id, Revision.deal_id == deal_id,
                                                    Revision.action == "delete").order_by(Revision.id.desc()))


def _was_pending(session: GameSession, revision: Revision) -> bool:
    """Whether the deleted deal was locked bids still waiting for their play."""
    if revision.deal_id is None:
        return False
    earlier = [r for r in session.revisions if r.deal_id == revision.deal_id and r.id < revision.id]
    return any(r.action == "bid" for r in earlier) and not any(r.action in ("add", "edit") for r in earlier)


def _refused(number: int, reason) -> RuleError:
    return RuleError(T("Deal %(number)d cannot be restored: %(reason)s", number=number, reason=reason))


def _why_not(current: Board, payloads: list[Any], index: int, error: DealError) -> Text:
    """Why the deal cannot go back at `index`: its own refusal, or a later deal's; when the game would
    be over before a later deal, the deals to delete first, as the list numbers them now (a deal
    saved after the deletion, often the same deal entered again)."""
    if error.index == index:
        return error.text
    why = spoils_later(error.index, error.text)  # the deal as the list numbers it now, not after the restore
    return spoiled(current.game, current.table, payloads[:error.index], why, error.index, len(payloads) - 1).text


def restore_deal(session: GameSession, revision: Revision, version: int | None = None) -> Deal:
    """`version`: the board version the client saw (None: the board as read here); claimed as a
    deal's writes claim theirs, so a stale one is StaleBoard."""
    if not restorable(session, revision):
        raise RuleError(T("This deal cannot be restored: it is not deleted."))
    current = board(session)
    expected = current.version if version is None else version
    if _was_pending(session, revision):
        return _restore_pending(session, revision, current, expected)
    ordered = list(current.deals)
    index = max(0, min(revision.deal_number - 1, len(ordered)))
    payloads = [deal.payload for deal in ordered]
    payloads.insert(index, revision.before or {})
    try:
        standing = current.game.replay(current.table, payloads)
    except DealError as error:
        raise _refused(index + 1, _why_not(current, payloads, index, error)) from None
    try:
        keep_locked(standing, current.pending, len(ordered) + 1)  # numbered as the board shows it now
    except RuleError as error:
        raise _refused(index + 1, error.text) from None
    if index < len(ordered):
        position = ordered[index].position
    elif current.pending is not None:  # the locked bids of the next deal stay last
        position = current.pending.position
    else:
        position = next_position(session)
    claim(session, expected)
    for later in sorted((d for d in session.deals if d.position >= position), key=lambda d: -d.position):
        later.position += 1  # from the last one down, one row at a time: (session, position) stays unique
        db.session.flush()
    deal = _put_back(session, revision, Deal(position=position, payload=revision.before,
                                             engine_version=current.game.version), index + 1)
    ordered.insert(index, deal)
    finish(session, current.game, current.table, standing, ordered, current.pending)
    return deal


def _restore_pending(session: GameSession, revision: Revision, current: Board, expected: int) -> Deal:
    """Locked bids come back as the next deal's bids, when nothing has been entered in their place."""
    number = len(current.deals) + 1
    if current.pending is not None or current.standing.over:
        raise _refused(number, T("The bids of this deal are already locked; enter the play."))
    phase = current.game.phases(current.table, current.state)[0]
    try:
        payload = current.game.parse_phase(current.table, current.state, revision.before or {}, phase)
    except RuleError as error:
        raise _refused(number, error.text) from None
    claim(session, expected)
    position = next_position(session)
    deal = _put_back(session, revision, Deal(position=position, payload=payload, phase=phase,
                                             engine_version=current.game.version), number)
    finish(session, current.game, current.table, current.standing, list(current.deals), deal)
    return deal


def _put_back(session: GameSession, revision: Revision, deal: Deal, number: int) -> Deal:
    if revision.deal_id is not None and db.session.get(Deal, revision.deal_id) is None:
        deal.id = revision.deal_id  # the change log's links to this deal hold again
    session.deals.append(deal)
    db.session.flush()
    if revision.deal_id is None:
        revision.deal_id = deal.id  # an imported delete: link it to its restored deal
    revise(session, deal.id, "restore", None, revision.before, number)
    return deal


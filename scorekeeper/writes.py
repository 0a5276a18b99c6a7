"""Every change to a session: create it, enter a deal (or lock its bids first), correct or delete
a deal, stop the game early or continue it. Each command loads the board, has the engine check the
change, takes the session's write turn (`turns`), adds its rows through the ORM, stores the session's
summary and commits; each change leaves a Revision. Nothing here stores a total.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm.attributes import set_committed_value

from . import summaries
from .board import COMPLETE, Board, board, build, complete_deals, deal_context, pending_deal, played, remember, table_of
from .dbsafety import refusing_faults
from .extensions import db
from .games import get_game
from .games.base import DealError, Game, RuleError, Standing, T, Table, Text, resolve_options
from .models import Deal, GameSession, Revision, Seat, utcnow
from .names import checked_names, find_or_create_player
from .turns import DealGone, KeyReused, RequestKey, Saved, claim, run


def revise(session: GameSession, deal_id: int | None, action: str, before: Any, after: Any, number: int,
           key: RequestKey | None = None) -> None:
    # added by id: the session's whole change log is never loaded for a write
    db.session.add(Revision(session_id=session.id, deal_id=deal_id, deal_number=number, action=action,
                            before=before, after=after, idempotency_key=key.value if key else None,
                            request_fingerprint=key.fingerprint if key else None))


def finish(session: GameSession, game: Game, table: Table, standing: Standing, deals: Sequence[Deal],
           pending: Deal | None) -> Board:
    """Store the summary of the session's new board, commit, and remember its replay."""
    after = build(session, game, table, standing, deals, pending)
    summaries.store(session, after)
    db.session.commit()
    remember(session.id, session.version, standing)
    return after


def _played(game: Game, table: Table, payloads: Sequence[Mapping[str, Any]], changed: int) -> Standing:
    """Replay a proposed list of deals; a rule broken at the changed deal is refused as it is, one
    broken at a later deal with the number of the deal it would spoil."""
    try:
        return game.replay(table, payloads)
    except DealError as error:
        if error.index == changed:
            raise error.error from None
        why = spoils_later(error.index + 1, error.text)
        raise spoiled(game, table, payloads[:error.index], why, error.index + 1, len(payloads)) from None


def spoils_later(number: int, reason: Any) -> Text:
    """Why a change is refused: deal `number` (as the board numbers it now) would no longer fit, and
    what to do."""
    return T("This change would make deal %(number)d impossible: %(reason)s Correct or delete deal %(number)d "
             "first.", number=number, reason=reason)


def spoiled(game: Game, table: Table, before: Sequence[Mapping[str, Any]], why: Any, first: int,
             last: int) -> RuleError:
    """The refusal of a change that spoils deal `first` (as the table numbers it now; `last`: the last
    deal), the deals `before` it replaying fine: when the game would already be over, the table is told
    which deals to delete first; otherwise `why`."""
    if before and game.replay(table, before).over:
        if first == last:
            return RuleError(T("With this change the game is over before deal %(first)d: delete deal %(first)d "
                               "first.", first=first))
        return RuleError(T("With this change the game is over before deal %(first)d: delete deals %(first)d "
                           "to %(last)d first.", first=first, last=last))
    return RuleError(why)


def keep_locked(standing: Standing, pending: Deal | None, number: int) -> None:
    """Refuse a change after which the game is over while deal `number`'s early values (bids) are
    locked: they would be left over with no deal to go with (a tester's Yacht correction ended the
    game and stranded the next deal's bids without a word)."""
    if pending is not None and standing.over:
        raise RuleError(T("With this change the game is over before deal %(first)d, whose values are locked: take "
                          "them back first.", first=number))


def next_position(session: GameSession) -> int:
    """The position after the session's last deal (locked bids included)."""
    return max((deal.position for deal in session.deals), default=0) + 1


# --- deals -----------------------------------------------------------------------------------


def enter(session: GameSession, raw: Mapping[str, Any], *, version: int | None = None, key: RequestKey | None = None,
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


def _add(session: GameSession, current: Board, raw: Mapping[str, Any], expected: int, key: RequestKey | None) -> Saved:
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
        deal = Deal(position=next_position(session), payload=parsed, engine_version=game.version)
        session.deals.append(deal)
    db.session.flush()  # the deal's id, for its change
    revise(session, deal.id, "add", None, parsed, len(current.deals) + 1, key)
    return Saved(deal, finish(session, game, table, standing, [*current.deals, deal], None))


def _lock(session: GameSession, current: Board, raw: Mapping[str, Any], expected: int, key: RequestKey | None) -> Saved:
    """Store the early phase of the next deal (the bids), so that it cannot change once play starts."""
    if current.pending is not None:
        raise RuleError(T("The bids of this deal are already locked; enter the play."))
    phase = current.phase
    parsed = current.game.parse_phase(current.table, current.state, raw, phase)
    claim(session, expected)
    deal = Deal(position=next_position(session), payload=parsed, phase=phase, engine_version=current.game.version)
    session.deals.append(deal)
    db.session.flush()
    revise(session, deal.id, "bid", None, parsed, len(current.deals) + 1, key)
    return Saved(deal, finish(session, current.game, current.table, current.standing, current.deals, deal))


def replace_deal(session: GameSession, deal: Deal, raw: Mapping[str, Any], *, version: int | None = None,
                 key: RequestKey | None = None) -> Saved:
    """Replace what was entered for `deal`; every later deal is replayed and must still fit. Works
    on a session whose stored deals no longer replay: that is how it is repaired."""
    def command(expected: int) -> Saved:
        ordered, pending = complete_deals(session), pending_deal(session)
        if deal not in ordered and deal is not pending:
            raise DealGone()
        game, table, number, state = deal_context(session, deal)
        index = number - 1
        parsed = game.parse(table, state, {**deal.payload, **raw} if deal is pending else raw)
        if deal is not pending and parsed == deal.payload:  # a correction that changes nothing: no change
            return Saved(deal, None, unchanged=True)
        payloads = [d.payload for d in ordered]
        payloads[index:index + 1] = [parsed]
        standing = _played(game, table, payloads, index)
        if deal is not pending:
            keep_locked(standing, pending, len(ordered) + 1)
        claim(session, expected)
        before, action = deal.payload, "edit" if deal.phase == COMPLETE else "add"
        deal.payload, deal.phase, deal.engine_version = parsed, COMPLETE, game.version
        revise(session, deal.id, action, before, parsed, index + 1, key)
        deals = ordered if deal in ordered else [*ordered, deal]
        return Saved(deal, finish(session, game, table, standing, deals, None))

    return run(session, command, version=version, key=key)


def delete_deal(session: GameSession, deal: Deal, *, version: int | None = None,
                key: RequestKey | None = None) -> Saved:
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
        if standing is not None and deal is not pending:
            keep_locked(standing, pending, len(ordered) + 1)  # numbered as the board shows it now
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
    kept = [d.payload for i, d in enumerate(ordered) if i != index]
    try:
        return game.replay(table, kept)
    except DealError as error:
        try:
            game.replay(table, [d.payload for d in ordered])
        except DealError as stored:
            if index is None or index >= stored.index:
                return None
        why = T("Deleting this deal would make deal %(number)d impossible: %(reason)s Correct or delete deal "
                "%(number)d first.", number=error.index + 2, reason=error.text)
        raise spoiled(game, table, kept[:error.index], why, error.index + 2, len(ordered)) from None


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


def set_closed(session: GameSession, closed: bool, version: int | None = None) -> Saved:
    """End the session here (a stored fact: the totals so far decide), or let it go on. `version`: the
    board version the client saw (a stale one is StaleBoard), unless the session is so already."""
    if (session.closed_at is not None) == closed:
        version = None  # asked again (a retry): answered as it is
    return run(session, lambda expected: _set_closed(session, closed, expected), version=version)


def _set_closed(session: GameSession, closed: bool, expected: int) -> Saved:
    if (session.closed_at is not None) == closed:
        return Saved(None, None)  # already so
    game, table = get_game(session.game), table_of(session)
    deals = complete_deals(session)
    standing = played(session, game, table, deals)
    if closed and standing.over:
        return Saved(None, None)  # the game ended on its own: there is nothing to end
    claim(session, expected)
    session.closed_at = utcnow() if closed else None
    revise(session, None, "close" if closed else "reopen", None, None, 0)
    return Saved(None, finish(session, game, table, standing, deals, pending_deal(session)))


def started_session(key: RequestKey) -> GameSession | None:
    """The session an API request with this Idempotency-Key started (its retry stores no other);
    KeyReused when the key came with another request."""
    session = db.session.scalar(select(GameSession).where(GameSession.idempotency_key == key.value))
    if session is not None and None not in (key.fingerprint, session.request_fingerprint) \
            and key.fingerprint != session.request_fingerprint:
        raise KeyReused(key.value)
    return session


@refusing_faults()
def create_session(slug: str, names: Sequence[str], first_dealer: int,
                   options: Mapping[str, Any] | None, key: RequestKey | None = None) -> GameSession:
    """Check the table with the engine, then store the players, the seats and the frozen options
    (and the API client's Idempotency-Key: a second start with it hits its unique index)."""
    try:
        game = get_game(slug)
    except KeyError:
        raise RuleError(T("There is no game called %(slug)s.", slug=slug), "game") from None
    names = checked_names(names)
    frozen = game.settled_options(resolve_options(game.option_specs(len(names)), options))
    game.check_table(Table(tuple(names), frozen, first_dealer))
    session = GameSession(game=slug, options=frozen, first_dealer=first_dealer, engine_version=game.version,
                          idempotency_key=key and key.value, request_fingerprint=key and key.fingerprint)
    for position, name in enumerate(names):
        session.seats.append(Seat(position=position, player=find_or_create_player(name)))
    db.session.add(session)
    db.session.flush()
    summaries.store(session, board(session))
    db.session.commit()
    return session

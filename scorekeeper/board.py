"""A session's board: its stored deals replayed by the game's engine, and what the pages and the
API show of it (the standing, the deal waiting for its play, the next entry phase).

Nothing here writes (writes.py does). Totals are never stored: every board is a replay of what was
entered. Each process remembers the latest replays in one bounded dict keyed by (session id,
version): every write bumps the session's version in its own transaction (turns.claim), so an
entry is never used for deals it was not built from. A save adds its new deal to the standing it
checked it against and remembers the result, so a save into a long session plays one deal.
"""
from __future__ import annotations

import dataclasses
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from flask import abort, current_app
from sqlalchemy.orm import selectinload

from .extensions import db
from .games import get_game
from .games.base import DealError, FieldSpec, Game, Standing, State, Table
from .games.text import P, Text
from .models import Deal, GameSession, Revision, Seat

COMPLETE = "complete"
MEMO_SIZE = 512  # sessions whose latest replay a process remembers
_memo_lock = threading.Lock()

#: many sessions with their seats, players and deals: three queries, however many sessions
WITH_DEALS = (selectinload(GameSession.seats).joinedload(Seat.player), selectinload(GameSession.deals))


def session_deal(session: GameSession, deal_id: int | None) -> Deal | None:
    """One of the session's deals; None when there is no such deal in it (any more)."""
    deal = db.session.get(Deal, deal_id) if deal_id is not None else None
    return deal if deal is not None and deal.session_id == session.id else None


def session_revision(session: GameSession, revision_id: int) -> Revision | None:
    """One of the session's changes (the change log's rows); None when there is no such change in it."""
    revision = db.session.get(Revision, revision_id)
    return revision if revision is not None and revision.session_id == session.id else None


def deal_or_404(session: GameSession, deal_id: int, description: str | None = None) -> Deal:
    """One of the session's deals, or 404."""
    deal = session_deal(session, deal_id)
    if deal is None:
        abort(404, description)
    return deal


@dataclass(frozen=True)
class Board:
    """A session replayed: the engine, the table, the standing, the complete deals in order, the deal
    waiting for its play phase (if any), and the session's version it was read at."""

    game: Game
    table: Table
    standing: Standing
    deals: tuple[Deal, ...]
    pending: Deal | None
    version: int
    #: the table ended the game before its own end (the totals so far decide)
    stopped_early: bool = False

    @property
    def state(self) -> State:
        """Where the session stands before the next deal."""
        return self.standing.state

    @property
    def winner_rule(self) -> Text:
        """What decides the winner: the game's rule, or the totals when the table ended the game before
        its own end (a session only the table ends keeps its rule: an open Skat list's column)."""
        if self.stopped_early and self.game.ends_by_hand(self.table):  # its own end: its own rule
            return self.game.winner_rule(self.table)
        if self.stopped_early and self.game.rounds_are_games:  # the Skat list, TENNOS: its rows are games
            return P("The table ended the session after game %(n)d: the totals so far decide.",
                     "The table ended the session after %(n)d games: the totals so far decide.", len(self.deals))
        if self.stopped_early:
            return P("The table ended this game after deal %(n)d: the totals so far decide.",
                     "The table ended this game after %(n)d deals: the totals so far decide.", len(self.deals))
        return self.game.winner_rule(self.table)

    def locked_fields(self) -> tuple[FieldSpec, ...]:
        """The fields of the locked values waiting for their play (`pending`), as those values decide
        them: what the board shows above the play's form."""
        assert self.pending is not None
        return self.game.deal_fields(self.game.as_entered(self.table, self.pending.payload), self.state)

    def seat_figures(self) -> list[dict[str, int]]:
        """What the game counts for each seat over the deals played (Game.figures)."""
        return self.game.seat_figures(self.table, [deal.payload for deal in self.deals], self.standing.results)

    @property
    def phase(self) -> str:
        """The entry phase the next form asks for."""
        phases = self.game.phases(self.table, self.state)
        if self.pending is not None:
            return phases[phases.index(self.pending.phase) + 1]
        return phases[0]

    @property
    def last_phase(self) -> bool:
        """Whether the next entry completes a deal (rather than locking its bids)."""
        return self.phase == self.game.phases(self.table, self.state)[-1]

    def state_before(self, deal: Deal) -> State:
        """Where the session stood before `deal` (the state after the last deal for a pending one)."""
        if deal not in self.deals:
            return self.state
        index = self.deals.index(deal)
        return self.game.replay(self.table, [d.payload for d in self.deals[:index]]).state


def table_of(session: GameSession) -> Table:
    return Table(session.names, dict(session.options), session.first_dealer)


def complete_deals(session: GameSession) -> list[Deal]:
    """The session's complete deals in their order (a write may have added one out of order)."""
    return sorted((deal for deal in session.deals if deal.phase == COMPLETE), key=lambda deal: deal.position)


def pending_deal(session: GameSession) -> Deal | None:
    return next((deal for deal in session.deals if deal.phase != COMPLETE), None)


def board(session: GameSession) -> Board:
    """The session's board (raises DealError when a stored deal no longer fits: see `broken`)."""
    game, table = get_game(session.game), table_of(session)
    deals = complete_deals(session)
    return build(session, game, table, played(session, game, table, deals), deals, pending_deal(session))


def played(session: GameSession, game: Game, table: Table, deals: list[Deal]) -> Standing:
    """The engine's replay of the session's complete deals, as remembered for its version."""
    standing = _memo().get((session.id, session.version))
    if standing is None or len(standing.results) != len(deals):
        standing = game.replay(table, [deal.payload for deal in deals])
        remember(session.id, session.version, standing)
    return standing


def build(session: GameSession, game: Game, table: Table, standing: Standing, deals: Sequence[Deal],
          pending: Deal | None) -> Board:
    """The board of `session` from a standing already played (a write's new board)."""
    early = session.closed_at is not None and not standing.over
    if early:  # the table stopped before the game's own end: the totals so far decide
        state = standing.state
        standing = dataclasses.replace(
            standing, over=True, dealer=None, leader=None, notes=game.final_notes(table, state), deals_left=None,
            winners=game.winners(table, state), losers=game.losers(table, state),
            seat_notes=game.final_seat_notes(table, state),
        )
    return Board(game, table, standing, tuple(deals), pending, session.version, early)


def _memo() -> dict[tuple[int, int], Standing]:
    return current_app.extensions.setdefault("scorekeeper.replays", {})


def remember(session_id: int, version: int, standing: Standing) -> None:
    """Keep the replay of the session at this version; the oldest entries go beyond MEMO_SIZE."""
    memo = _memo()
    with _memo_lock:
        memo.pop((session_id, version - 1), None)
        memo[(session_id, version)] = standing
        while len(memo) > MEMO_SIZE:
            del memo[next(iter(memo))]


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
        return Board(game, table, standing, tuple(good), None, session.version), error


def deal_context(session: GameSession, deal: Deal) -> tuple[Game, Table, int, State]:
    """What the correction form of `deal` needs: the engine, the table, the deal's number and the
    state before it (raises DealError if a deal before it is broken)."""
    game, table = get_game(session.game), table_of(session)
    ordered = complete_deals(session)
    index = ordered.index(deal) if deal in ordered else len(ordered)
    return game, table, index + 1, game.replay(table, [d.payload for d in ordered[:index]]).state

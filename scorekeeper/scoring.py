"""The one bridge between stored rows and the pure engines.

Load a session, replay its deals, return standings; and every write to a
session's deals (add, replace, delete, lock bids) goes through here, so that a
change is checked by replaying the whole session before it is stored and each
change leaves a Revision. Nothing here stores a total.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from .extensions import db
from .games import get_game
from .games.base import DealError, Game, RuleError, Standing, State, T, Table, resolve_options
from .models import Deal, GameSession, Player, Revision, Seat, utcnow


@dataclass(frozen=True)
class Board:
    """A session replayed: the engine, the table, the standing, the deals in order,
    the deal waiting for its play phase (if any) and the state before the next deal."""

    game: Game
    table: Table
    standing: Standing
    deals: tuple[Deal, ...]
    pending: Deal | None
    state: State

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

    @property
    def phase(self) -> str:
        """The entry phase the next form asks for."""
        phases = self.game.phases(self.table, self.state)
        if self.pending is not None:
            return phases[phases.index(self.pending.phase) + 1]
        return phases[0]


def table_of(session: GameSession) -> Table:
    return Table(session.names, dict(session.options), session.first_dealer)


def complete_deals(session: GameSession) -> list[Deal]:
    return [deal for deal in session.deals if deal.phase == "complete"]


def board(session: GameSession) -> Board:
    game = get_game(session.game)
    table = table_of(session)
    deals = complete_deals(session)
    standing = game.replay(table, [deal.payload for deal in deals])
    if session.closed_at is not None and not standing.over:
        standing = _stopped(game, table, standing)
    pending = next((deal for deal in session.deals if deal.phase != "complete"), None)
    return Board(game, table, standing, tuple(deals), pending, standing.state)


def _stopped(game: Game, table: Table, standing: Standing) -> Standing:
    """The table stopped before the game's own end: decide on the totals so far."""
    state = standing.state
    return dataclasses.replace(
        standing, over=True, dealer=None, leader=None, notes=(),
        winners=game.winners(table, state), losers=game.losers(table, state),
        seat_notes=game.final_seat_notes(table, state),
    )


def close_session(session: GameSession) -> None:
    """End the session here (a stored fact, undone by `reopen_session`)."""
    if session.closed_at is None:
        session.closed_at = utcnow()
        session.revisions.append(Revision(deal_number=0, action="close", before=None, after=None))
        db.session.commit()


def reopen_session(session: GameSession) -> None:
    if session.closed_at is not None:
        session.closed_at = None
        session.revisions.append(Revision(deal_number=0, action="reopen", before=None, after=None))
        db.session.commit()


# --- sessions ----------------------------------------------------------------


def create_session(
    slug: str, names: Sequence[str], first_dealer: int, options: Mapping[str, Any] | None
) -> GameSession:
    """Check the table with the engine, then store players, seats and the frozen options."""
    try:
        game = get_game(slug)
    except KeyError:
        raise RuleError(T("There is no game called %(slug)s.", slug=slug), "game") from None
    names = [name.strip() for name in names]
    if any(not name for name in names):
        raise RuleError(T("Every player needs a name."), "players")
    if len({name.casefold() for name in names}) != len(names):
        raise RuleError(T("Two players have the same name; add an initial to tell them apart."), "players")
    too_long = next((name for name in names if len(name) > 60), None)
    if too_long:
        raise RuleError(T("A name can have at most 60 characters."), "players")
    frozen = resolve_options(game.option_specs(len(names)), options)
    table = Table(tuple(names), frozen, first_dealer)
    game.check_table(table)
    session = GameSession(game=slug, options=frozen, first_dealer=first_dealer, engine_version=game.version)
    for position, name in enumerate(names):
        session.seats.append(Seat(position=position, player=find_or_create_player(name)))
    db.session.add(session)
    db.session.commit()
    return session


def find_or_create_player(name: str) -> Player:
    player = db.session.scalar(select(Player).where(func.lower(Player.name) == name.lower()))
    if player is None:
        player = Player(name=name)
        db.session.add(player)
    return player


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


def _next_position(session: GameSession) -> int:
    return max((deal.position for deal in session.deals), default=0) + 1


def add_deal(session: GameSession, raw: Mapping[str, Any], current: Board | None = None) -> Deal:
    """Check a whole new deal (or the play that completes the pending bids) and store it.
    `current` is the session's board when the caller has just built it."""
    current = current or board(session)
    if current.pending is not None:
        merged = {**current.pending.payload, **dict(raw)}
        return replace_deal(session, current.pending, merged)
    game, table, state = current.game, current.table, current.state
    parsed = game.parse(table, state, raw)
    # the earlier deals are unchanged: scoring the new one is the whole check (scoring may refuse too,
    # e.g. a Handjass tie that needs a card draw)
    game.play(table, state, parsed)
    deal = Deal(position=_next_position(session), payload=parsed, engine_version=game.version)
    session.deals.append(deal)
    db.session.flush()
    _revise(session, deal, "add", None, parsed, len(current.deals) + 1)
    db.session.commit()
    return deal


def enter(session: GameSession, raw: Mapping[str, Any], current: Board | None = None) -> Deal:
    """What the table submits next: the whole deal, or the bids of a game that locks them first."""
    current = current or board(session)
    if current.last_phase or current.standing.over:
        return add_deal(session, raw, current)
    return lock_phase(session, raw, current)


def lock_phase(session: GameSession, raw: Mapping[str, Any], current: Board | None = None) -> Deal:
    """Store the early phase of the next deal (the bids) so it cannot change once play starts."""
    current = current or board(session)
    if current.pending is not None:
        raise RuleError(T("The bids of this deal are already locked; enter the play."))
    phase = current.phase
    parsed = current.game.parse_phase(current.table, current.state, raw, phase)
    deal = Deal(position=_next_position(session), payload=parsed, phase=phase, engine_version=current.game.version)
    session.deals.append(deal)
    db.session.flush()
    _revise(session, deal, "bid", None, parsed, len(current.deals) + 1)
    db.session.commit()
    return deal


def replace_deal(session: GameSession, deal: Deal, raw: Mapping[str, Any]) -> Deal:
    """Replace what was entered for `deal`; every later deal is replayed and must still fit."""
    current = board(session)
    game, table = current.game, current.table
    ordered = list(current.deals)
    index = ordered.index(deal) if deal in ordered else len(ordered)
    parsed = game.parse(table, current.state_before(deal), raw)
    payloads = [d.payload for d in ordered]
    if deal in ordered:
        payloads[index] = parsed
    else:
        payloads.append(parsed)
    _replay_or_refuse(session, payloads, index)
    before = deal.payload
    action = "edit" if deal.phase == "complete" else "add"
    deal.payload, deal.phase, deal.engine_version = parsed, "complete", game.version
    _revise(session, deal, action, before, parsed, index + 1)
    db.session.commit()
    return deal


def delete_deal(session: GameSession, deal: Deal) -> None:
    current = board(session)
    ordered = list(current.deals)
    if deal in ordered:
        index = ordered.index(deal)
        payloads = [d.payload for d in ordered if d is not deal]
        try:
            get_game(session.game).replay(table_of(session), payloads)
        except DealError as error:
            raise RuleError(
                T("Deleting this deal would make deal %(number)d impossible: %(reason)s",
                  number=error.index + 2, reason=error.text),
            ) from None
        number = index + 1
    else:
        number = len(ordered) + 1
    _revise(session, deal, "delete", deal.payload, None, number)
    session.deals.remove(deal)
    db.session.commit()


def _revise(session: GameSession, deal: Deal, action: str, before: Any, after: Any, number: int) -> None:
    session.revisions.append(
        Revision(deal_id=deal.id, deal_number=number, action=action, before=before, after=after)
    )


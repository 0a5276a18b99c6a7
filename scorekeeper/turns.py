"""The write turn: several tablets (and gunicorn workers) write one at a time per session. A
write claims the session with `UPDATE game_session SET version = v + 1 WHERE id = ? AND version = v`,
v being the version of the board it checked its change against, before it stores anything. A
concurrent writer's UPDATE waits for the first one's transaction and then matches no row: its change
is not stored (`StaleBoard`). When the client named no version, `run` checks the change against
the fresh board, taken in the session's turn (`wait_turn`). A client's idempotency key is stored
with the change's Revision, unique per session: a retry finds it and stores nothing new.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import ObjectDeletedError

from .board import Board
from .dbsafety import refusing_faults
from .extensions import db
from .games import GAMES
from .games.base import N_, T, Text
from .models import Deal, GameSession, Revision, utcnow


class StaleBoard(Exception):
    """The session changed since the board the client saw (another device saved meanwhile)."""

    def __init__(self, version: int, latest: Revision | None, games: bool = False) -> None:
        super().__init__(version, latest)
        self.version = version  # the stored board version now
        self.latest = latest  # the last stored change
        self.number = latest.deal_number if latest is not None else 0  # the deal it was about (0: the session)
        self.games = games  # the game counts games, not deals (the Skat list, TENNOS): its lines say "game"

    def corrected(self, deal: Deal) -> Revision | None:
        """The other device's correction of `deal`, when that was the last change."""
        latest = self.latest
        return latest if latest is not None and latest.action == "edit" and latest.deal_id == deal.id else None

    @property
    def _action(self) -> str:
        return self.latest.action if self.latest is not None and self.number else "session"

    @property
    def text(self) -> Text:
        """What the tablet is told next to its form, naming what the other device did."""
        return T(_said(BOARD_TEXTS, GAME_BOARD_TEXTS, self._action, self.games), number=self.number)

    @property
    def replace_text(self) -> Text:
        """The same when what the tablet typed may be that deal too (late_writes.as_correction)."""
        if self.games:
            return T("Another device saved game %(number)d meanwhile; here is the fresh board with what you "
                     "typed. Compare it with that game in the list: if yours is that game too and right, correct "
                     "it with yours; if yours is the next game, save it.", number=self.number)
        return T("Another device saved deal %(number)d meanwhile; here is the fresh board with what you typed. "
                 "Compare it with that deal in the list: if yours is that deal too and right, correct it with "
                 "yours; if yours is the next deal, save it.", number=self.number)

    @property
    def over_text(self) -> Text:
        """What the tablet is told when that change ended the game: no form is left to save again."""
        if self._action == "edit":  # a tester's tablet was told "saved" after a game-ending correction
            if self.games:
                return T("Not saved: another device corrected game %(number)d meanwhile, and with it the session "
                         "is over. If that game is wrong, correct it in the list.", number=self.number)
            return T("Not saved: another device corrected deal %(number)d meanwhile, and with it the game is over. "
                     "If that deal is wrong, correct it in the list.", number=self.number)
        if self._action != "add":
            if self.games:
                return T("Not saved: another device changed this session meanwhile, and with it the session is "
                         "over.")
            return T("Not saved: another device changed this session meanwhile, and with it the game is over.")
        if self.games:
            return T("Not saved: another device saved game %(number)d meanwhile, and with it the session is "
                     "over. If that game is wrong, correct it in the list.", number=self.number)
        return T("Not saved: another device saved deal %(number)d meanwhile, and with it the game is over. "
                 "If that deal is wrong, correct it in the list.", number=self.number)

    @property
    def late_text(self) -> Text:
        """The same, above what this tablet typed, offered as a correction of that deal."""
        if self.games:
            return T("Not saved: another device saved game %(number)d meanwhile, and with it the session is "
                     "over. What this tablet typed is below as a correction of that game: save it if it is the "
                     "right one, or cancel.", number=self.number)
        return T("Not saved: another device saved deal %(number)d meanwhile, and with it the game is over. "
                 "What this tablet typed is below as a correction of that deal: save it if it is the right "
                 "one, or cancel.", number=self.number)

    @property
    def overtaken_text(self) -> Text:
        """The same when that deal was the one this tablet typed the play of (its bids locked first)."""
        return T("Not saved: another device saved deal %(number)d meanwhile. What this tablet typed is below as "
                 "a correction of that deal: save it if it is the right one, or cancel.", number=self.number)

    @property
    def api_text(self) -> Text:
        """The same for a program (the API's 409 carries the version, not a board)."""
        return T(API_TEXTS.get(self._action, API_TEXTS["add"]), number=self.number)

    def correction_text(self, deal: Deal) -> Text:
        """What a tablet correcting `deal` is told (its page shows no board, but the values it typed)."""
        if self.corrected(deal) is not None and self.games:
            return T("Another device corrected this game meanwhile; below is what it saved. Your values are "
                     "still in the boxes: check them and save again.")
        if self.corrected(deal) is not None:
            return T("Another device corrected this deal meanwhile; below is what it saved. Your values are "
                     "still in the boxes: check them and save again.")
        return T(_said(CORRECTION_TEXTS, GAME_CORRECTION_TEXTS, self._action, self.games), number=self.number)


class AnswerLost(StaleBoard):
    """A page's save sent again with its idempotency key but other values: the first values were
    stored and their answer lost on the way (a dropped connection), and the table typed over them
    before saving again. Said as this tablet's own save, not another device's; the choices are a
    stale board's (the typed values kept: correct that deal with them, or save them as the next)."""

    @property
    def replace_text(self) -> Text:
        if self.games:
            return T("Game %(number)d was saved with what this tablet sent first, but the answer did not arrive. "
                     "Here is the board with what you typed since: if game %(number)d should hold yours, correct "
                     "it with yours; if yours is the next game, save it.", number=self.number)
        return T("Deal %(number)d was saved with what this tablet sent first, but the answer did not arrive. Here "
                 "is the board with what you typed since: if deal %(number)d should hold yours, correct it with "
                 "yours; if yours is the next deal, save it.", number=self.number)

    @property
    def late_text(self) -> Text:
        if self.games:
            return T("Game %(number)d was saved with what this tablet sent first, but the answer did not arrive; "
                     "with it the session is over. What you typed since is below as a correction of that game: "
                     "save it if it is right, or cancel.", number=self.number)
        return T("Deal %(number)d was saved with what this tablet sent first, but the answer did not arrive; with "
                 "it the game is over. What you typed since is below as a correction of that deal: save it if it "
                 "is right, or cancel.", number=self.number)

    def correction_text(self, deal: Deal) -> Text:
        if self.corrected(deal) is None:  # changed again since: as for any stale correction
            return super().correction_text(deal)
        if self.games:
            return T("This game was corrected with what this tablet sent first (below), but the answer did not "
                     "arrive. What you typed since is in the boxes: save it to correct the game again.")
        return T("This deal was corrected with what this tablet sent first (below), but the answer did not "
                 "arrive. What you typed since is in the boxes: save it to correct the deal again.")


def _said(texts: dict[str, str], in_games: dict[str, str], action: str, games: bool) -> str:
    """The line for what the other device did (`in_games`: where the game counts games)."""
    return (games and in_games.get(action)) or texts.get(action) or texts["add"]


# what the other device did, by the action of its change ("bid": bids, announcements or revealed cards locked
# or unlocked: the deal changed, none of it saved yet)
BOARD_TEXTS = {
    # (the same values typed here are "stored once" instead: late_writes.typed_again)
    "add": N_("Another device saved deal %(number)d meanwhile; here is the fresh board. If what you typed is "
              "deal %(number)d too, do not save it again: compare it with that deal in the list and correct it "
              "there. Save it only if it is a later deal."),
    "bid": N_("Another device changed deal %(number)d meanwhile (values locked or taken back); here is the fresh "
              "board — check it before going on."),
    "edit": N_("Another device corrected deal %(number)d meanwhile; here is the fresh board — check and save again."),
    "delete": N_("Another device deleted deal %(number)d meanwhile; here is the fresh board — check and save again."),
    "restore": N_("Another device restored deal %(number)d meanwhile; here is the fresh board — check and save "
                  "again."),
    "session": N_("Another device changed this session meanwhile; here is the fresh board — check and save again."),
}
GAME_BOARD_TEXTS = {  # the same where the game counts games (the Skat list, TENNOS)
    "add": N_("Another device saved game %(number)d meanwhile; here is the fresh board. If what you typed is "
              "game %(number)d too, do not save it again: compare it with that game in the list and correct it "
              "there. Save it only if it is a later game."),
    "edit": N_("Another device corrected game %(number)d meanwhile; here is the fresh board — check and save again."),
    "delete": N_("Another device deleted game %(number)d meanwhile; here is the fresh board — check and save again."),
    "restore": N_("Another device restored game %(number)d meanwhile; here is the fresh board — check and save "
                  "again."),
}
API_TEXTS = {
    "add": N_("Another client saved deal %(number)d meanwhile; read the session again and send this again."),
    "bid": N_("Another client changed deal %(number)d meanwhile; read the session again and send this again."),
    "edit": N_("Another client corrected deal %(number)d meanwhile; read the session again and send this again."),
    "delete": N_("Another client deleted deal %(number)d meanwhile; read the session again and send this again."),
    "restore": N_("Another client restored deal %(number)d meanwhile; read the session again and send this "
                  "again."),
    "session": N_("Another client changed this session meanwhile; read the session again and send this again."),
}
CORRECTION_TEXTS = {
    "add": N_("Another device saved deal %(number)d meanwhile; check this correction and save again."),
    "bid": N_("Another device changed deal %(number)d meanwhile; check this correction and save again."),
    "edit": N_("Another device corrected deal %(number)d meanwhile; check this correction and save again."),
    "delete": N_("Another device deleted deal %(number)d meanwhile; check this correction and save again."),
    "restore": N_("Another device restored deal %(number)d meanwhile; check this correction and save again."),
    "session": N_("Another device changed this session meanwhile; check this correction and save again."),
}

GAME_CORRECTION_TEXTS = {
    "add": N_("Another device saved game %(number)d meanwhile; check this correction and save again."),
    "edit": N_("Another device corrected game %(number)d meanwhile; check this correction and save again."),
    "delete": N_("Another device deleted game %(number)d meanwhile; check this correction and save again."),
    "restore": N_("Another device restored game %(number)d meanwhile; check this correction and save again."),
}


class DealGone(LookupError):
    """The deal to correct or delete was deleted meanwhile (by another device)."""


@dataclass(frozen=True)
class Saved:
    """What a write stored: the deal (None for a deletion, or a retry whose deal is gone) and the
    board after it (None: read it anew); `replayed` when the same idempotency key was already stored
    and nothing new was; `unchanged` when a correction held what the deal holds (nothing stored)."""

    deal: Deal | None
    board: Board | None
    replayed: bool = False
    unchanged: bool = False


@dataclass(frozen=True)
class RequestKey:
    """A client's idempotency key and the fingerprint of the request it came with (the API's: method,
    path and body; a page's: the values its form sent): the same key with another request is refused
    (`KeyReused`)."""

    value: str
    fingerprint: str | None = None


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
    latest = db.session.scalar(select(Revision).where(Revision.session_id == session.id)
                               .order_by(Revision.id.desc()).limit(1))
    return StaleBoard(version, latest, GAMES[session.game].rounds_are_games)


def answer_lost(session: GameSession) -> AnswerLost:
    """`stale`, said as this tablet's own earlier save (KeyReused from a page)."""
    said = stale(session)
    return AnswerLost(said.version, said.latest, said.games)


def earlier_save(session: GameSession, key: RequestKey | None) -> Saved | None:
    """The save already stored under this idempotency key, if any (a retry of it stores nothing);
    KeyReused when the key came with another request (both fingerprints known and different)."""
    if key is None:
        return None
    revision = db.session.scalar(select(Revision).where(Revision.session_id == session.id,
                                                        Revision.idempotency_key == key.value))
    if revision is None:
        return None
    if None not in (key.fingerprint, revision.request_fingerprint) and key.fingerprint != revision.request_fingerprint:
        raise KeyReused(key.value)
    db.session.expire(session)  # stored after this request read the session: what it loaded is older
    deal = db.session.get(Deal, revision.deal_id) if revision.deal_id else None
    return Saved(deal if deal is not None and deal.session_id == session.id else None, None, replayed=True)


def wait_turn(session: GameSession) -> None:
    """Take the session's turn before its board is read: a write to its row (changing nothing) holds
    it until this change commits (PostgreSQL locks the row, SQLite the database), so other tablets
    queue behind it instead of losing the claim round after round. What the request read before may
    be older: it is read again."""
    db.session.execute(update(GameSession).where(GameSession.id == session.id)
                       .values(version=GameSession.version).execution_options(synchronize_session=False))
    db.session.expire_all()


@refusing_faults()  # a full disk or a read-only database: refused like a broken rule
def run(session: GameSession, command: Callable[[int], Saved], *, version: int | None = None,
        key: RequestKey | None = None) -> Saved:
    """Run `command(expected_version)` until it lands. A client that named the version it saw gets
    StaleBoard when another device saved first; one that named none is checked again against the
    fresh board. A save whose key is already stored (a retry: its version is stale, or its change
    meets the unique key) is answered as the first save was; a caller that checks the change
    against the board first looks the key up before (`earlier_save`)."""
    for _ in range(50):  # then StaleBoard after all
        try:
            if version is None:
                wait_turn(session)
            elif version != session.version:
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
        except BaseException:  # a refused change: the turn is given back before the refusal is shown
            db.session.rollback()
            raise
    raise stale(session)

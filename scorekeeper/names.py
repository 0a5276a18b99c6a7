"""Player names compared the way people read them, on every database; the player of a name, and a
player renamed (a typo fixed), which joins two players when the new name is the other's, and such a
join undone.

SQLite's lower() folds ASCII only ("ÖMER" and "ömer" would be two players) and PostgreSQL's depends
on its collation, so the comparison is done here in Python: `name_key` (NFC, then casefold, then NFC
again) is stored beside the name under a unique index. Characters nobody can see, or that turn the
reading direction of what follows (Unicode categories Cf, Cc, Co, Cs, Cn, Zl, Zp: zero-width spaces
and joiners, bidi overrides and isolates, soft hyphens, BOMs, control characters), are removed
from a name before it is stored: two names that look the same are the same name. Runs of spaces
(any Zs, e.g. no-break space) become one ordinary space.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from .extensions import db
from .games.base import RuleError, T
from .games.text import clean_name
from .models import GameSession, Player, Revision, Seat, SeatFigure, SeatSummary, SessionSummary


def name_key(name: str) -> str:
    """What two names must share to be one player.

    >>> name_key("ÖMER") == name_key("ömer") == name_key("O\\u0308mer")
    True
    >>> name_key("Straße") == name_key("STRASSE")
    True
    """
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", clean_name(name)).casefold())


def sort_key(name: str) -> tuple[str, str]:
    """Where a name goes in a list, as people look for it: accents and case set aside ("Ölmez"
    beside "Olmez", before "Zoë"); the name itself breaks a tie.

    >>> sorted(["Zoë", "Ölmez", "anna", "Olaf"], key=sort_key)
    ['anna', 'Olaf', 'Ölmez', 'Zoë']
    """
    spelled = unicodedata.normalize("NFKD", name.casefold())
    return "".join(char for char in spelled if not unicodedata.combining(char)), name


def checked_names(names: Sequence[str]) -> list[str]:
    """The names of a new table, cleaned, or RuleError (for the players' field) saying what is wrong."""
    cleaned = [clean_name(name) for name in names]
    if any(not name for name in cleaned):
        raise RuleError(T("Every player needs a name."), "players")
    if len({name_key(name) for name in cleaned}) != len(cleaned):
        raise RuleError(T("Two players have the same name; add an initial to tell them apart."), "players")
    if any(len(name) > 60 for name in cleaned):
        raise RuleError(T("A name can have at most 60 characters."), "players")
    return cleaned


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


def rename_player(player: Player, name: str) -> Player:
    """Give `player` another name (a typo fixed at the table): every session of theirs shows it. A name
    another player has already makes the two one player (`player`'s sessions and statistics become
    the other's), unless they sat at the same table: then they are two people, and it is refused.
    Each session touched logs the change ("rename") and takes a new version, so a board a device
    holds is drawn again and a tablet typing a deal there is told. Returns the player now named."""
    new = checked_names([name])[0]
    old, key = player.name, name_key(new)
    other = db.session.scalar(select(Player).where(Player.name_key == key, Player.id != player.id))
    theirs = select(Seat.session_id).where(Seat.player_id == player.id)
    if other is not None:
        together = db.session.scalar(select(Seat.session_id).where(Seat.player_id == other.id,
                                                                   Seat.session_id.in_(theirs)).limit(1))
        if together is not None:
            raise RuleError(T("%(new)s and %(old)s sat at the same table (session %(id)d): they are two players. "
                              "Choose another name.", new=other.name, old=old, id=together), "name")
        new = other.name  # as the other player is named: the sessions become theirs
    elif new == old:
        return player
    sessions = list(db.session.scalars(theirs))
    # a join names the player who goes, so that it can be undone (separate)
    _log_rename(sessions, {"name": old, "player": player.id} if other else {"name": old}, {"name": new})
    if other is None:
        player.name, player.name_key = new, key
    else:
        for rows in (Seat, SeatSummary, SeatFigure):
            db.session.execute(update(rows).where(rows.player_id == player.id).values(player_id=other.id)
                               .execution_options(synchronize_session=False))
        db.session.execute(delete(Player).where(Player.id == player.id))
    db.session.commit()
    db.session.expire_all()  # the sessions' versions and seats loaded before were changed by the database
    return other or player


def joined(player: Player, was: int) -> tuple[str, list[int]] | None:
    """The name and the sessions of the player numbered `was` that joined `player` (rename_player),
    while `player` has the name of that join; None when there is no such join."""
    renames = db.session.execute(select(Revision.session_id, Revision.before, Revision.after).join(
        Seat, Seat.session_id == Revision.session_id).where(Seat.player_id == player.id, Revision.action == "rename"))
    theirs = {session_id: before["name"] for session_id, before, after in renames
              if (before or {}).get("player") == was and (after or {}).get("name") == player.name}
    return (next(iter(theirs.values())), sorted(theirs)) if theirs else None


def separate(player: Player, was: int, found: tuple[str, list[int]] | None) -> Player:
    """Undo the join of the player numbered `was` into `player` (rename_player; `found`: that join as
    `joined` gives it): the sessions that were theirs are theirs again, under their number and name,
    with their statistics. Sessions seated under the joined name since stay `player`'s. Refused when
    there is no such join, or when a player has the old name again. Returns the player separated."""
    if found is None or db.session.get(Player, was) is not None:
        raise RuleError(T("There is no join to undo here."), "name")
    old, sessions = found
    if db.session.scalar(select(Player.id).where(Player.name_key == name_key(old))) is not None:
        raise RuleError(T("A player is named %(name)s again: the join cannot be undone.", name=old), "name")
    _log_rename(sessions, {"name": player.name}, {"name": old})
    db.session.add(Player(id=was, name=old, name_key=name_key(old)))
    db.session.flush()
    for rows in (Seat, SeatSummary, SeatFigure):
        db.session.execute(update(rows).where(rows.player_id == player.id, rows.session_id.in_(sessions))
                           .values(player_id=was).execution_options(synchronize_session=False))
    db.session.commit()
    db.session.expire_all()
    return db.session.get_one(Player, was)


def _log_rename(sessions: list[int], before: dict, after: dict) -> None:
    """Each session renamed takes a new version (a board a device holds is drawn again, a tablet
    typing a deal is told) and logs the change ("rename")."""
    if not sessions:
        return
    # the sessions first, as a write takes its turn (turns.claim) before it stores the summary
    db.session.execute(update(GameSession).where(GameSession.id.in_(sessions))
                       .values(version=GameSession.version + 1).execution_options(synchronize_session=False))
    # a summary drawn at the version before stays current at this one (nothing of a score changed)
    previous = select(GameSession.version - 1).where(GameSession.id == SessionSummary.session_id).scalar_subquery()
    db.session.execute(update(SessionSummary).where(SessionSummary.session_id.in_(sessions),
                                                    SessionSummary.session_version == previous)
                       .values(session_version=SessionSummary.session_version + 1)
                       .execution_options(synchronize_session=False))
    db.session.execute(insert(Revision), [
        {"session_id": session_id, "deal_id": None, "deal_number": 0, "action": "rename",
         "before": before, "after": after} for session_id in sessions])

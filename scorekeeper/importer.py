"""A file that export.py made, put back into any Scorekeeper: export -> import into an empty
database -> export gives the same document apart from ids. Import checks everything first
(import_checks.py: each session replayed through its engine) and stores nothing when one deal does
not fit. A session that is already here exactly (same game, start time, players and deals: the same
file imported twice, or a backup put back over the database it came from; the players also as named
before a rename, here or in the file) is not stored again; nor is another version of a session here
(the same game, start time and players, other deals: an export taken before a deal was corrected),
which would count its games twice: the answer names the session here, whose board takes corrections.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select

from . import summaries
from .board import COMPLETE, WITH_DEALS, build
from .export import canonical, exported_deals
from .extensions import db
from .games import GAMES
from .import_checks import checked_document
from .models import Deal, GameSession, Player, Revision, Seat
from .names import find_or_create_player, name_key

CHUNK = 50  # sessions stored per flush, players looked up per query


@dataclass
class Imported:
    """The ids of the sessions an import stored (new), of those it found already here, and of those
    here that the file held another version of (not stored)."""

    stored: list[int] = field(default_factory=list)
    already_here: list[int] = field(default_factory=list)
    other_version: list[int] = field(default_factory=list)


def _keys(game: str, created_at: datetime, names: Iterable[str], deals: Iterable[tuple[int, str, Any]],
          renames: Iterable[tuple[str, str]]) -> list[tuple]:
    """What makes two sessions the same: game, start time, players in order and deals (positions,
    phases, payloads); with the players as named before each of the session's renames too (newest
    first, (before, after)): a file exported before a player's name was corrected is still that session."""
    played = tuple((position, phase, canonical(payload)) for position, phase, payload in deals)
    named = [name_key(name) for name in names]
    keys = [(game, created_at, tuple(named), played)]
    for before, after in renames:
        was, now = name_key(before), name_key(after)
        named = [was if name == now else name for name in named]
        keys.append((game, created_at, tuple(named), played))
    return keys


def _renames(sessions: Iterable[int]) -> dict[int, list[tuple[str, str]]]:
    """The player renames of these sessions, newest first: {session id: [(before, after)]}."""
    found: dict[int, list[tuple[str, str]]] = {}
    query = (select(Revision).where(Revision.session_id.in_(list(sessions)), Revision.action == "rename")
             .order_by(Revision.id.desc()))
    for change in db.session.scalars(query):
        found.setdefault(change.session_id, []).append(((change.before or {})["name"], (change.after or {})["name"]))
    return found


def import_document(document: Any) -> Imported:
    """Check every session in an export file (import_checks.py), then store them all (new ids) or
    nothing; a session already here is not stored twice. Players are matched by name
    (case-insensitive); a new player keeps the file's first-seen time."""
    checked, first_seen = checked_document(document)
    players = _players(checked, first_seen)
    result = Imported()
    for first in range(0, len(checked), CHUNK):
        _store_chunk(checked[first:first + CHUNK], players, result)
    db.session.commit()
    return result


def _players(checked: list[dict[str, Any]], first_seen: Mapping[str, datetime | None]) -> dict[str, int]:
    """The id of every player in the file by name key, found (by one query per CHUNK players) or
    created; a new player keeps the file's first-seen time."""
    names = {name_key(name): name for values in checked for name in values["names"]}
    keys = list(names)
    ids: dict[str, int] = {}
    for first in range(0, len(keys), CHUNK):
        query = select(Player.name_key, Player.id).where(Player.name_key.in_(keys[first:first + CHUNK]))
        ids.update({key: player_id for key, player_id in db.session.execute(query)})
    for key in set(names) - set(ids):
        player = find_or_create_player(names[key])
        player.created_at = first_seen.get(key) or player.created_at
        db.session.flush()
        ids[key] = player.id
    return ids


def _new_session(values: dict[str, Any], players: Mapping[str, int]) -> GameSession:
    """A checked session of the file as new rows: the session, its seats and its deals."""
    return GameSession(
        game=values["game"], options=values["options"], first_dealer=values["first_dealer"],
        engine_version=values["engine_version"], created_at=values["created_at"],
        updated_at=values["updated_at"], closed_at=values["closed_at"],
        seats=[Seat(position=position, player_id=players[name_key(name)])
               for position, name in enumerate(values["names"])],
        deals=[Deal(position=deal["position"], phase=deal["phase"], payload=deal["payload"],
                    engine_version=deal["engine_version"], created_at=deal["created_at"],
                    updated_at=deal["updated_at"]) for deal in values["deals"]])


def _add_changes_and_summary(session: GameSession, values: dict[str, Any]) -> None:
    """The change log of a session just added (its deals have their new ids) and its summary."""
    new_ids = {deal["id"]: row.id for deal, row in zip(values["deals"], session.deals)}
    new_ids.pop(None, None)  # a deal the file gave no id: no change points to it
    db.session.add_all(Revision(
        session_id=session.id, deal_id=new_ids.get(revision["deal_id"]), deal_number=revision["deal_number"],
        action=revision["action"], before=revision["before"], after=revision["after"], at=revision["at"],
    ) for revision in values["revisions"])
    deals = [row for row in session.deals if row.phase == COMPLETE]
    pending = next((row for row in session.deals if row.phase != COMPLETE), None)
    summaries.store(session, build(session, GAMES[values["game"]], values["table"], values["standing"],
                                   deals, pending))


def _store_chunk(chunk: list[dict[str, Any]], players: Mapping[str, int], result: Imported) -> None:
    """Add the checked sessions of `chunk` that are not here yet, with their seats, deals, changes
    and summaries, a few statements for all of them (new ids; not committed)."""
    held = set(db.session.identity_map.values())
    query = select(GameSession).where(GameSession.created_at.in_({values["created_at"] for values in chunk}))
    sessions = db.session.scalars(query.options(*WITH_DEALS)).all()
    renames = _renames(session.id for session in sessions)
    here = {key: session for session in sessions
            for key in _keys(session.game, session.created_at, session.names,  # as its export holds it
                             ((deal.position, deal.phase, deal.payload) for deal in exported_deals(session)),
                             renames.get(session.id, []))}
    versions = {key[:3]: session for key, session in here.items()}  # game, start time, players
    added, already, other = [], [], []
    for values in chunk:
        keys = _keys(values["game"], values["created_at"], values["names"],
                     ((deal["position"], deal["phase"], deal["payload"]) for deal in values["deals"]),
                     [(change["before"]["name"], change["after"]["name"])
                      for change in reversed(values["revisions"]) if change["action"] == "rename"])
        found = next((here[key] for key in keys if key in here), None)
        if found is not None:
            already.append(found)
            continue
        version = next((versions[key[:3]] for key in keys if key[:3] in versions), None)
        if version is not None:
            other.append(version)
            continue
        session = _new_session(values, players)
        here.update(dict.fromkeys(keys, session))
        versions.update(dict.fromkeys((key[:3] for key in keys), session))
        db.session.add(session)
        added.append((session, values))
    db.session.flush()
    with db.session.no_autoflush:  # the changes and summaries below go in one flush
        for session, values in added:
            _add_changes_and_summary(session, values)
    db.session.flush()
    result.stored += [session.id for session, _ in added]
    result.already_here += [session.id for session in already]
    result.other_version += [session.id for session in other]
    for row in set(db.session.identity_map.values()) - held:  # the summaries' UPDATEs scan every object
        if row in db.session:                                   # held: hold one chunk's, not all
            db.session.expunge(row)

"""Who sits where, remembered in this process.

A session's seats and their players' names never change once it is created (players are never
renamed and nobody changes seats), and every board needs the names. Reading them is a join of the
session's seats and players that builds an ORM object per row: in a save, loading the session with
them was a seventh of the request. So each process keeps the names per session, and a request
reads the session's own row alone.

Keyed by the session's id and creation time, so that another database with the same ids (a test,
a restored backup) is never answered from memory. At most `SIZE` sessions are kept (least recently
used out), a few hundred bytes each.
"""
from __future__ import annotations

from .lru import LRU, per_app
from .models import GameSession

SIZE = 4096


class Rosters:
    """Players' names by session; thread-safe."""

    def __init__(self, size: int = SIZE) -> None:
        self._names = LRU(size)

    def names(self, session: GameSession) -> tuple[str, ...]:
        key = (session.id, session.created_at)
        names = self._names.get(key)
        if names is None:
            names = session.names  # the seats and their players, loaded now
            self._names.put(key, names)
        return names


def names(session: GameSession) -> tuple[str, ...]:
    """The players' names in seat order, as remembered by the running app (one store per app and
    process, like replays.py)."""
    return per_app("scorekeeper.rosters", Rosters).names(session)

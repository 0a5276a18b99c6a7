"""Replays remembered in this process, so that a session is not replayed from its first deal on
every page and every save.

A cache of `Standing`s (pure values: the engines build them from the stored payloads and nothing
else) by session id. An entry is used only for the very payloads it was built from: each stored
payload is compared as canonical JSON (`jsonio.canonical`), so a correction, a deletion, another
worker's save or another database with the same ids can never be answered from a stale entry. When
the stored deals are the remembered ones plus some more (another tablet saved through another
worker), only the new deals are played (`Game.replay(..., resume=...)`); anything else replays from
the start.

Cost of a hit: one orjson dump per stored deal (about 1 µs), against 30-300 µs to parse and score it.
At most `SIZE` sessions are kept (least recently used first out), about 1 MB for a 300-deal session.

An entry also keeps the deal rows it was built from and the session's `stamp` they belong to (creation
time, last change, version: `scoring.stamp`), when known. A board whose session row shows that very
stamp takes the rows from here and reads no deal (`known`): the deals read was the largest query of
entering a deal. This trusts what the kept pages (sessions/rendered.py) already trust: every write to
a session's deals bumps its version and last change in the same transaction (`scoring._claim`,
`restore.py`), and a restored backup is put back with the app stopped (README). A stamp read before
another worker's commit and deals read after it are remembered under a stamp the session never shows
again (its version only grows), so such an entry is never used.

With the rows a save stored, an entry keeps the id of the change it stored (`change`). A session
whose stamp has moved on since (another worker saved) is caught up from there when all that happened
since is deals appended (`behind`, `caught_up`; `scoring.board` checks the changes): the new deals
are the only ones read and played. A catch-up keeps the very objects of the earlier deals, so the
garbage collector does not walk a new copy of every deal either.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .games.base import Game, Standing, Table
from .jsonio import canonical
from .lru import LRU, per_app

SIZE = 512  # sessions; a 12-deal one is about 20 kB, a 300-deal one about 1 MB


def _identity(game: Game, table: Table) -> tuple:
    return game.slug, game.version, tuple(table.names), canonical(dict(table.options)), table.first_dealer


@dataclass(frozen=True)
class _Entry:
    identity: tuple
    prints: tuple[bytes, ...]
    standing: Standing
    stamp: Any = None  # the session's stamp the rows belong to (None: not known)
    rows: tuple = ()  # the session's deal rows at that stamp, in order (complete deals only)
    change: int | None = None  # the id of the session's last change the rows include (None: not known)


class Replays:
    """Standings by session id, checked against the payloads before use, and the deal rows they were
    built from for the session's stamp they belong to (`known`; thread-safe)."""

    def __init__(self, size: int = SIZE) -> None:
        self._entries = LRU(size)  # _Entry by key
        self.hits = self.extended = self.misses = 0  # for the benchmark and the tests

    def known(self, key: Any, stamp: Any, game: Game, table: Table) -> tuple[tuple, Standing] | None:
        """The deal rows and standing remembered for `key` at exactly this `stamp` (None: read them)."""
        entry = self._entries.get(key)
        if entry is None or stamp is None or entry.stamp != stamp or entry.identity != _identity(game, table):
            return None
        self.hits += 1
        return entry.rows, entry.standing

    def behind(self, key: Any, game: Game, table: Table) -> _Entry | None:
        """What is remembered for `key` with its stamp, rows and last change (for `caught_up`)."""
        entry = self._entries.get(key)
        if entry is None or entry.stamp is None or entry.change is None or entry.identity != _identity(game, table):
            return None
        return entry

    def caught_up(self, key: Any, entry: _Entry, game: Game, table: Table, rows: tuple, stamp: Any,
                  change: int) -> Standing:
        """The standing after `entry` (`behind`) and the deals `rows` appended since, only those played;
        remembered with all the rows for `stamp` and the last `change` they include. Raises DealError
        as the replay would (nothing is remembered then)."""
        payloads = [row.payload for row in (*entry.rows, *rows)]
        standing = game.replay(table, payloads, resume=entry.standing)
        self.extended += 1
        self._keep(key, entry.identity, entry.prints + tuple(canonical(row.payload) for row in rows), standing,
                   stamp, entry.rows + rows, change)
        return standing

    def replay(self, key: Any, game: Game, table: Table, payloads: Sequence[Mapping[str, Any]],
               stamp: Any = None, rows: tuple = ()) -> Standing:
        """`game.replay(table, payloads)`, from what is remembered for `key` when it still fits.
        Raises DealError as the replay would (nothing is remembered then). `rows`: the deal rows the
        payloads come from, remembered with the `stamp` they were read at (see `known`)."""
        identity, prints = _identity(game, table), tuple(canonical(p) for p in payloads)
        entry = self._entries.get(key)
        known = len(entry.prints) if entry is not None else 0
        if entry is not None and entry.identity == identity and prints[:known] == entry.prints:
            if known == len(prints):
                self.hits += 1
                standing = entry.standing
            else:
                self.extended += 1
                standing = game.replay(table, payloads, resume=entry.standing)
        else:
            self.misses += 1
            standing = game.replay(table, payloads)
        self._keep(key, identity, prints, standing, stamp, rows)
        return standing

    def remember(self, key: Any, game: Game, table: Table, payloads: Sequence[Mapping[str, Any]],
                 standing: Standing, base: Standing | None = None, stamp: Any = None, rows: tuple = (),
                 change: int | None = None) -> None:
        """Keep a standing a write has just built (its deals as stored), so the next page is a hit.
        `base`: the standing the write started from (a deal added to it); when that is what is
        remembered, only the new deals' payloads are serialized. `stamp`, `rows`, `change`: as for
        `replay`, the session's stamp the write committed, its deal rows and the change it stored."""
        identity = _identity(game, table)
        entry = self._entries.get(key)
        if (base is not None and entry is not None and entry.standing is base and entry.identity == identity
                and len(entry.prints) <= len(payloads)):
            prints = entry.prints + tuple(canonical(p) for p in payloads[len(entry.prints):])
        else:
            prints = tuple(canonical(p) for p in payloads)
        self._keep(key, identity, prints, standing, stamp, rows, change)

    def _keep(self, key: Any, identity: tuple, prints: tuple[bytes, ...], standing: Standing, stamp: Any,
              rows: tuple, change: int | None = None) -> None:
        # the stamp is kept only with the rows the payloads came from (none given: the next board reads)
        self._entries.put(key, _Entry(identity, prints, standing, stamp if len(rows) == len(prints) else None, rows,
                                      change))

    def forget(self, key: Any) -> None:
        self._entries.pop(key)

    def clear(self) -> None:
        self._entries.clear()


def current() -> Replays:
    """The running app's cache (one per app and process: each gunicorn worker has its own; an entry
    is used for the payloads it was built from, or its rows for the very stamp they were read at)."""
    from flask import current_app

    return per_app("scorekeeper.replays", lambda: Replays(current_app.config.get("REPLAY_CACHE_SIZE", SIZE)))

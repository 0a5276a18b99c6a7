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
                 standing: Standing, base: Standing | None = None, stamp: Any = None, rows: tuple = ()) -> None:
        """Keep a standing a write has just built (its deals as stored), so the next page is a hit.
        `base`: the standing the write started from (a deal added to it); when that is what is
        remembered, only the new deals' payloads are serialized. `stamp`, `rows`: as for `replay`,
        the session's stamp the write committed and its deal rows."""
        identity = _identity(game, table)
        entry = self._entries.get(key)
        if (base is not None and entry is not None and entry.standing is base and entry.identity == identity
                and len(entry.prints) <= len(payloads)):
            prints = entry.prints + tuple(canonical(p) for p in payloads[len(entry.prints):])
        else:
            prints = tuple(canonical(p) for p in payloads)
        self._keep(key, identity, prints, standing, stamp, rows)

    def _keep(self, key: Any, identity: tuple, prints: tuple[bytes, ...], standing: Standing, stamp: Any,
              rows: tuple) -> None:
        # the stamp is kept only with the rows the payloads came from (none given: the next board reads)
        self._entries.put(key, _Entry(identity, prints, standing, stamp if len(rows) == len(prints) else None, rows))

    def forget(self, key: Any) -> None:
        self._entries.pop(key)

    def clear(self) -> None:
        self._entries.clear()


def current() -> Replays:
    """The running app's cache (one per app and process: each gunicorn worker has its own; an entry
    is used for the payloads it was built from, or its rows for the very stamp they were read at)."""
    from flask import current_app

    return per_app("scorekeeper.replays", lambda: Replays(current_app.config.get("REPLAY_CACHE_SIZE", SIZE)))

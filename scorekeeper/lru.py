"""A small thread-safe map that keeps its most recently used entries: what each process remembers
(replays.py, rosters.py, the kept fragments of sessions/rendered.py) is bounded by one of these.
`per_app` finds the running app's own store of such memories."""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Any, TypeVar

_MISSING = object()
Store = TypeVar("Store")


def per_app(name: str, make: Callable[[], Store]) -> Store:
    """The running app's store `name` in this process (`make()` on first use): one per app and
    process, so each gunicorn worker, and each app a test makes, remembers on its own."""
    from flask import current_app  # here: replays.py stays importable without an app

    store = current_app.extensions.get(name)
    if store is None:
        store = current_app.extensions.setdefault(name, make())
    return store


class LRU:
    """At most `size` entries; reading or writing one makes it the most recent, the least recent
    goes first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, default: Any = None) -> Any:
        with self._lock:
            value = self._entries.get(key, _MISSING)
            if value is _MISSING:
                return default
            self._entries.move_to_end(key)
            return value

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def pop(self, key: Hashable) -> None:
        with self._lock:
            self._entries.pop(key, None)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[Hashable]:
        with self._lock:
            return iter(list(self._entries))

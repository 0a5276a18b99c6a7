"""Garbage collection between requests, never in the middle of one.

Why: CPython 3.11, the project's Python, can crash (SIGSEGV) when its cyclic garbage collector
starts inside an attribute store. Storing an attribute that the class's shared keys do not hold
turns the object's inline values into a dict; making that dict is an allocation, and an allocation
may start a collection. When that collection frees an object whose weakref callback stores an
attribute on the same object, the callback frees the inline values the outer store is still
using. SQLAlchemy's `InstanceState._cleanup` is such a callback (it sets attributes on the state
that watched the freed ORM object). Measured here: 60 saves into a 300-deal session crashed the
interpreter every time after an unrelated change to the PIN check; valgrind shows the values freed
in the callback's `dictresize` and read again by the outer store, in the dict that
`make_dict_from_instance_attributes` made of them. The pure Python reproduction is
`tests/crash_311.py`. Python 3.11.2 and 3.11.7 crash; 3.12 does not.

What: a process that serves requests switches the automatic collector off once its app is loaded
(and freezes what it loaded, so a collection never walks the templates, the game engines and the
SQLAlchemy mappers again). After each response has been sent, it collects the youngest
generation, every 10th response the middle one too. Every 1,000th response it collects all of them
if the process has grown by a quarter since the last full collection (the memory blocks Python has
allocated: `sys.getallocatedblocks`), as CPython's own collector decides. Measured: what survives in
the oldest generation is mostly what the process remembers on purpose (replays, kept pages and
fragments), and a full collection that walked 300,000 such objects every 1,000 responses took
120-240 ms to free about 800: a sixth of a save's CPU time. A collection
started from Python code between two requests cannot start inside an attribute store, and no other
thread can be inside one either (the store holds the GIL, and nothing in it runs Python code
without the collector). Cycles a request leaves behind live until the end of that request.

Where: `gunicorn.conf.py` (the club setup, the benchmarks, the concurrency tests),
`python -m scorekeeper` (`scripts/serve`, the browser tests), `flask summaries` (between chunks of
sessions), the test suite (between tests, tests/conftest.py) and the benchmarks' in-process runs.
"""
from __future__ import annotations

import gc
import itertools
import sys

from flask import Flask, Response

MIDDLE_EVERY = 10  # responses between collections of the middle generation
ALL_EVERY = 1_000  # responses between looks at whether a full collection is due (everything since the freeze)
GROWTH = 1.25  # a full collection is due when the allocated memory blocks grew by this since the last one

_responses = itertools.count(1)
_after_full = [0]  # allocated blocks after the last full collection (or the freeze)


def switch_off() -> None:
    """Freeze what the process has loaded and turn the automatic collector off (idempotent)."""
    gc.collect()
    gc.freeze()
    gc.disable()
    _after_full[0] = sys.getallocatedblocks()


def collect() -> int:
    """Collect as the automatic collector would have, now: to call after a response is sent."""
    count = next(_responses)
    if count % ALL_EVERY == 0 and sys.getallocatedblocks() > _after_full[0] * GROWTH:
        collected = gc.collect(2)
        _after_full[0] = sys.getallocatedblocks()
        return collected
    return gc.collect(1 if count % MIDDLE_EVERY == 0 else 0)


def between_requests(app: Flask) -> Flask:
    """For a server without gunicorn's hooks (`python -m scorekeeper`): collect after every
    response has been sent (Werkzeug closes it after writing it), never during a request."""
    switch_off()

    @app.after_request
    def collect_when_sent(response: Response) -> Response:
        response.call_on_close(collect)
        return response

    return app

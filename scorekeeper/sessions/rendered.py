"""Boards rendered once per change of their session, kept in this process.

A scoreboard is read far more often than it changes: every reload of a tablet, every phone that
follows the QR code, every device's poll after a save asks for the same board. Each of those
renders the board and its entry form (a Schieberamsch form alone is 30 kB of HTML), 70% of a
board's cost. So the rendered HTML is kept, per session, for the session's current state.

What a kept page is valid for (`fingerprint`): the session's row as read for this request — its
creation time, its version, its last update, whether it has a PIN and whether it was stopped.
Every write to a session's deals or revisions bumps its version in the same transaction
(`scoring._claim`, `restore.py`), so a board read after any write never matches a page kept
before it, in this worker or another. Player names never change. The variant (`variant`) is what
the request adds: the language, full page or htmx fragment, whether this device has the PIN.

What differs from one response to the next is not kept: the CSRF token and each entry form's
idempotency key (a fresh one per rendered form, so that a retried form is recognised) are
recorded while the page is first rendered, cut out of the kept copy, and filled in anew for every
response. Nothing else in a board depends on the request (pages with query arguments, errors or a
"saved" line are never kept).

`kept_board` serves a board this way (`state_or_404` reads the row it is valid for); `kept_fragment`
keeps parts of pages by what they are made of (below).

Flask-Caching's `@cached` keeps one response for everyone, CSRF token included; that is why this
small per-process store is hand-written. At most `SIZE` sessions are kept (least recently used out):
a variant takes about the page's size again (its UTF-8 parts and their deflate), 50-100 kB for a
12-deal board, 100-200 kB for a 100-deal one.
"""
from __future__ import annotations

import hashlib
import re
import struct
import threading
import uuid
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

from flask import abort, current_app, g, make_response, request
from flask_babel import get_locale
from markupsafe import Markup, escape
from sqlalchemy import bindparam, select

from .. import access
from ..csrf_tokens import csrf_token
from ..lru import LRU, per_app
from ..models import GameSession
from ..statements import Read
from . import is_htmx

SIZE = 64  # sessions; a 100-deal board takes about 200 kB per language and view
CSRF = "csrf"


def new_idempotency_key() -> str:
    """A fresh key for one rendered entry form, recorded so that a kept copy of the page gets a new
    one for every response."""
    key = uuid.uuid4().hex
    g.setdefault("idempotency_keys", []).append(key)
    return key


@dataclass(frozen=True)
class Kept:
    """A page cut at its per-response values: encoded[0] slots[0] encoded[1] ... encoded[-1];
    a slot is CSRF or the index of the idempotency key it held. `packed`: each part compressed once
    as raw deflate (level 9), so that a response only splices its values in (see `gzip`)."""

    encoded: tuple[bytes, ...]  # the parts as UTF-8
    slots: tuple[str | int, ...]
    widths: tuple[int, ...]  # each slot's value's length in bytes when the page was cut
    packed: tuple[bytes, ...]

    @classmethod
    def cut(cls, html: str, csrf: str | None, keys: list[str]) -> Kept:
        names: dict[str, str | int] = {key: index for index, key in enumerate(keys)}
        if csrf:
            names[csrf] = CSRF
        parts, slots, widths, last = [], [], [], 0
        for found in re.finditer("|".join(map(re.escape, names)), html) if names else ():
            parts.append(html[last:found.start()])
            slots.append(names[found.group()])
            widths.append(len(found.group().encode()))
            last = found.end()
        parts.append(html[last:])
        encoded = [part.encode() for part in parts]
        return cls(tuple(encoded), tuple(slots), tuple(widths), _pack(encoded, widths))

    def values(self, csrf: Callable[[], str]) -> dict[str | int, str]:
        """This response's values: the CSRF token (if the page has one) and a fresh key per form."""
        return {slot: csrf() if slot == CSRF else new_idempotency_key() for slot in dict.fromkeys(self.slots)}

    def text(self, values: dict[str | int, str]) -> str:
        out = [self.encoded[0]]
        for slot, part in zip(self.slots, self.encoded[1:]):
            out += [values[slot].encode(), part]
        return b"".join(out).decode()

    def gzip(self, values: dict[str | int, str]) -> bytes | None:
        """The page as a gzip file (RFC 1952): the parts as compressed once, each value as a stored
        block between them; None when a value is not as long as the one the page was cut at."""
        out, crc, size = [GZIP_HEADER, self.packed[0]], zlib.crc32(self.encoded[0]), len(self.encoded[0])
        for slot, width, tail, packed in zip(self.slots, self.widths, self.encoded[1:], self.packed[1:]):
            value = values[slot].encode()
            if len(value) != width:
                return None
            out += [_stored(value), packed]
            crc, size = zlib.crc32(tail, zlib.crc32(value, crc)), size + width + len(tail)
        out.append(struct.pack("<II", crc, size & 0xFFFFFFFF))
        return b"".join(out)


GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"  # deflate, no name, no time, best compression
WINDOW = 32 * 1024


def _pack(parts: list[bytes], widths: list[int]) -> tuple[bytes, ...]:
    """Each part as raw deflate (RFC 1951) that chains after the ones before it and a stored block of
    each value between them. A part may refer back to the text before it (its preset dictionary:
    the last 32 kB the decoder will have seen, each value as that many NUL bytes), but never into a
    value: a back reference copies bytes equal to the part's own, and a part without NUL bytes can
    equal no stretch that touches a value's place. (A part with a NUL byte gets no dictionary.)
    Every part but the last ends on a byte boundary (a full flush), where the stored block begins."""
    packed, seen = [], b""
    for index, part in enumerate(parts):
        final = index == len(parts) - 1
        compressor = (zlib.compressobj(9, zlib.DEFLATED, -15, zdict=seen) if seen and b"\x00" not in part
                      else zlib.compressobj(9, zlib.DEFLATED, -15))
        packed.append(compressor.compress(part) + compressor.flush(zlib.Z_FINISH if final else zlib.Z_FULL_FLUSH))
        if not final:
            seen = (seen + part + b"\x00" * widths[index])[-WINDOW:]
    return tuple(packed)


def _stored(data: bytes) -> bytes:
    """`data` as stored (uncompressed) deflate blocks, none of them the last."""
    return b"".join(b"\x00" + struct.pack("<HH", len(chunk), len(chunk) ^ 0xFFFF) + chunk
                    for chunk in (data[i:i + 0xFFFF] for i in range(0, len(data), 0xFFFF)))



@dataclass
class _Session:
    fingerprint: Hashable
    pages: dict[Hashable, Kept] = field(default_factory=dict)


class Rendered:
    """Kept pages by session id; thread-safe, least recently used session out first."""

    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self._sessions: OrderedDict[int, _Session] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0  # for the tests and the benchmark

    def page(self, session_id: int, fingerprint: Hashable, variant: Hashable,
             render: Callable[[], str]) -> tuple[Kept, dict[str | int, str]]:
        """The page for this session state and variant, kept or rendered by `render()` now, with
        this response's values (`kept.text(values)`, `kept.gzip(values)`)."""
        with self._lock:
            entry = self._sessions.get(session_id)
            kept = entry.pages.get(variant) if entry is not None and entry.fingerprint == fingerprint else None
            if kept is not None:
                self._sessions.move_to_end(session_id)
        if kept is not None:
            self.hits += 1
            return kept, kept.values(csrf_token)
        self.misses += 1
        before = len(g.get("idempotency_keys", ()))
        html = render()
        keys = g.get("idempotency_keys", [])[before:]
        token = g.get(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))
        kept = Kept.cut(html, token if token and token in html else None, keys)
        with self._lock:
            entry = self._sessions.get(session_id)
            if entry is None or entry.fingerprint != fingerprint:
                entry = self._sessions[session_id] = _Session(fingerprint)
            entry.pages[variant] = kept
            self._sessions.move_to_end(session_id)
            while len(self._sessions) > self.size:
                self._sessions.popitem(last=False)
        values = {index: key for index, key in enumerate(keys)}
        if token and token in html:
            values[CSRF] = token
        return kept, values

    def forget(self, session_id: int) -> None:
        with self._lock:
            self._sessions.pop(session_id, None)

    def clear(self) -> None:
        with self._lock:
            self._sessions.clear()


def current() -> Rendered:
    """The running app's store (one per app and process, like `replays.current()`)."""
    return per_app("scorekeeper.rendered", lambda: Rendered(current_app.config.get("RENDERED_CACHE_SIZE", SIZE)))


# --- a board page as served ------------------------------------------------------------------

_STATE = Read((lambda c: select(c.id, c.created_at, c.updated_at, c.version, c.closed_at, c.pin_hash)
               .where(c.id == bindparam("id")))(GameSession.__table__.c))


def state_or_404(session_id: int):
    """What a kept board is valid for, read in one small prepared query (the session itself is
    loaded only when the board has to be rendered): id, creation, last change, version, stop, PIN."""
    row = _STATE.first({"id": session_id})
    if row is None:
        abort(404)
    return row


def kept_board(session, view: str, render: Callable[[], str], fragment: bool | None = None):
    """A board page as `render()` makes it (`fragment`: the htmx part alone, by default when htmx
    asks), rendered once per state of `session` (a `state_or_404` row); gzip-compressed once too."""
    fingerprint = (session.created_at, session.updated_at, session.version, session.closed_at,
                   session.pin_hash is not None)
    htmx = is_htmx() if fragment is None else fragment
    variant = (view, htmx, str(get_locale()), access.locked(session))
    kept, values = current().page(session.id, fingerprint, variant, render)
    packed = kept.gzip(values) if request.accept_encodings["gzip"] else None
    if packed is not None:
        response = make_response(packed)
        response.headers["Content-Encoding"] = "gzip"
    else:  # compressed by Flask-Compress as any other page
        response = make_response(kept.text(values))
    response.vary.update(("HX-Request", "Accept-Encoding"))
    return response


# --- fragments kept by what they are made of ----------------------------------------------------

#: where a fragment names the player it is for; filled in per use, so one kept fragment serves everyone
WHO = "\x00who\x00"
FRAGMENTS = 1024  # least recently used out: the forms and card pickers in use stay, old change lines go


def stand_in_names(size: int) -> tuple[str, ...]:
    """Names that stand in for the players' in a fragment kept for every table of this size."""
    return tuple(f"\x00n{seat}\x00" for seat in range(size))


def initial(name: str) -> str:
    """A player's initial (a stand-in name's stands in too)."""
    if name.startswith("\x00n") and name.endswith("\x00"):
        return "\x00i" + name[2:]
    return name[:1]


def kept_fragment(*key: Hashable, who: str | None = None, names: Sequence[str] | None = None,
                  held: bool = False, caller: Callable[[], str]) -> Markup:
    """`{% call kept_fragment(key...) %}...{% endcall %}`: the block's HTML, rendered once per key and
    language and kept in this process. The key must name everything the block is made of. Where the
    block names players it writes `WHO` (filled with `who`) or the `stand_in_names` and their
    `initial`s (filled with `names`), so that one kept fragment serves every table. A key that
    cannot be hashed is not kept. The HTML is kept cut at those places (`_cut`): filling in a table's
    names is a join, not a search of the whole block (a Schieberamsch form: 29 kB, 120 names).

    `held`: the block is one a tablet may already hold (the entry form's fields). It comes between
    `<!--kept:DIGEST-->` and `<!--/kept-->`, DIGEST naming exactly this HTML; when the request says
    the tablet holds that very HTML (`HELD`, sent by table.js), the block is left out between the
    two marks and table.js puts its copy back before the answer is swapped in."""
    full = (str(get_locale()), *(tuple(part) if isinstance(part, list) else part for part in key))
    try:
        hash(full)
    except TypeError:
        return _named(_cut(str(caller())), who, names)
    store = per_app("scorekeeper.fragments", lambda: LRU(FRAGMENTS))
    kept = store.get(full)
    if kept is None:
        parts = _cut(str(caller()))
        kept = parts, hashlib.blake2b("\x00".join(parts).encode(), digest_size=12).digest()
        store.put(full, kept)
    parts, made_of = kept
    if not held:
        return _named(parts, who, names)
    digest = _digest(made_of, who, names)
    if request.method == "POST" and request.form.get(HELD) == digest and is_htmx():
        return Markup(f"<!--kept:{digest}--><!--/kept-->")
    return Markup(f"<!--kept:{digest}-->") + _named(parts, who, names) + Markup("<!--/kept-->")


#: the form field in which table.js names the kept block (the entry form's fields) the tablet holds
HELD = "held_fields"


def _digest(made_of: bytes, who: str | None, names: Sequence[str] | None) -> str:
    """What names a kept block's HTML as filled in (`made_of`: the digest of its parts), the same in
    every process (a tablet's next save may go to another gunicorn worker)."""
    filled = "\x00".join((who or "", *(names or ()))).encode()
    return hashlib.blake2b(made_of + b"\x01" + filled, digest_size=12).hexdigest()


_PLACES = re.compile("(\x00(?:who|[ni][0-9]+)\x00)")


def _cut(html: str) -> tuple[str, ...]:
    """The HTML cut at the places a player's name goes: text, place, text, ..., text."""
    return tuple(_PLACES.split(html)) if "\x00" in html else (html,)


def _named(parts: tuple[str, ...], who: str | None, names: Sequence[str] | None) -> Markup:
    if len(parts) == 1:
        return Markup(parts[0])
    fills = {}
    if who is not None:
        fills[WHO] = str(escape(who))
    if names is not None:
        for seat, name in enumerate(names):
            fills[f"\x00n{seat}\x00"] = str(escape(name))
            fills[f"\x00i{seat}\x00"] = str(escape(name[:1]))
    filled = list(parts)
    filled[1::2] = [fills.get(place, "" if names is not None and place != WHO else place) for place in parts[1::2]]
    return Markup("".join(filled))

"""The CSRF token a page carries, signed once a minute per device instead of once per response.

Flask-WTF's `generate_csrf` keeps a random raw token in the device's session cookie and puts it in
each page signed with the time (itsdangerous: a key derivation and an HMAC, then base64), so that a
form can be refused once the signature is older than `WTF_CSRF_TIME_LIMIT` (an hour). It signs anew
for every response: for the answer to a save, a tenth of its rendering. Here the signed token is
remembered per raw token (and secret) for `FRESH` seconds and handed to Flask-WTF for the request
(`g.csrf_token`, where `generate_csrf` looks first), so every response of that minute carries the
same signed token. A device's token is still its own: only the raw token in its own signed session
cookie finds it. It only expires up to `FRESH` seconds sooner, out of an hour. Validation is
Flask-WTF's own, unchanged.
"""
from __future__ import annotations

import time

from flask import current_app, g, session
from flask_wtf.csrf import generate_csrf

from .lru import LRU, per_app

FRESH = 60  # seconds a signed token is handed out again
SIZE = 4096  # devices remembered per process


def csrf_token() -> str:
    """`flask_wtf.csrf.generate_csrf()`, reusing this device's token signed less than a minute ago."""
    field = current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    signed = g.get(field)
    if signed is not None:
        return signed
    raw = session.get(field)
    key = (current_app.config.get("WTF_CSRF_SECRET_KEY") or current_app.secret_key, raw)
    store = per_app("scorekeeper.csrf_tokens", lambda: LRU(SIZE))
    known = store.get(key) if isinstance(raw, str) else None
    now = time.monotonic()
    if known is not None and now - known[1] < FRESH:
        setattr(g, field, known[0])
        return known[0]
    signed = generate_csrf()  # makes the raw token when the device has none yet
    store.put((key[0], session.get(field)), (signed, now))
    return signed


def init_app(app) -> None:
    """Templates' `csrf_token()` is this one: after Flask-WTF's CSRFProtect, which offers its own
    both as a template global and from a context processor (a later processor's value wins)."""
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.context_processor(lambda: {"csrf_token": csrf_token})

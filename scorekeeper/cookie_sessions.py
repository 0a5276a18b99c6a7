"""Flask's signed-cookie sessions, each cookie checked and decoded once per process.

A tablet sends the same session cookie with every save and every poll (it holds the device's CSRF
token and the PINs it has entered). Flask checks it anew each time: an itsdangerous serializer
built, a key derived, an HMAC, base64 and JSON, a sixth of a request that does nothing else. What
that check gives for a cookie is the same each time (the same bytes, signed with the same keys),
except its age: so the decoded data and the time it was signed are remembered by the cookie's value
and the app's keys, the age is checked on every request as itsdangerous does, and each request gets
its own copy to change. A changed session is written as before and is a new cookie.
"""
from __future__ import annotations

import copy
import time

from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature

from .lru import LRU, per_app

SIZE = 4096  # cookies (devices) remembered per process


class RememberedCookieSessions(SecureCookieSessionInterface):
    def open_session(self, app, request) -> SecureCookieSession | None:
        value = request.cookies.get(self.get_cookie_name(app))
        if not value or not app.secret_key:
            return super().open_session(app, request)
        key = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()), value)
        store = per_app("scorekeeper.cookie_sessions", lambda: LRU(SIZE))
        max_age = int(app.permanent_session_lifetime.total_seconds())
        known = store.get(key)
        if known is None:
            try:
                data, signed = self.get_signing_serializer(app).loads(value, max_age=max_age, return_timestamp=True)
            except BadSignature:
                return self.session_class()
            known = (data, int(signed.timestamp()))
            store.put(key, known)
        age = int(time.time()) - known[1]
        if age > max_age or age < 0:  # as itsdangerous: expired, or signed in the future
            return self.session_class()
        return self.session_class(copy.deepcopy(known[0]))


def init_app(app) -> None:
    app.session_interface = RememberedCookieSessions()

"""cookie_sessions.py: a session cookie checked once per process gives what Flask's own check gives,
every time: the same data (a copy per request), nothing for a forged, expired or future cookie."""
from __future__ import annotations

import time

import pytest
from flask import request
from flask.sessions import SecureCookieSessionInterface

from scorekeeper import cookie_sessions
from scorekeeper.cookie_sessions import RememberedCookieSessions


def cookie_for(app, data: dict) -> str:
    return SecureCookieSessionInterface().get_signing_serializer(app).dumps(data)


def opened(app, value: str, interface=None):
    interface = interface or app.session_interface
    with app.test_request_context("/", headers={"Cookie": f"{app.config['SESSION_COOKIE_NAME']}={value}"}):
        return interface.open_session(app, request)


def test_the_app_uses_it(app):
    assert isinstance(app.session_interface, RememberedCookieSessions)


def test_a_cookie_is_decoded_once_and_each_request_gets_its_own_copy(app, monkeypatch):
    value = cookie_for(app, {"csrf_token": "abc", "pins": [3, 7]})
    loads = []
    real = SecureCookieSessionInterface.get_signing_serializer
    monkeypatch.setattr(RememberedCookieSessions, "get_signing_serializer",
                        lambda self, app: loads.append(1) or real(self, app))
    first = opened(app, value)
    first["pins"].append(9)  # a request changes its session
    second = opened(app, value)
    flasks = opened(app, value, SecureCookieSessionInterface())
    assert dict(second) == {"csrf_token": "abc", "pins": [3, 7]} == dict(flasks)
    assert len(loads) == 1


@pytest.mark.parametrize("case", ["forged", "expired", "signed in the future", "other secret"])
def test_what_flask_refuses_is_an_empty_session(app, monkeypatch, case):
    value = cookie_for(app, {"csrf_token": "abc"})
    assert dict(opened(app, value)) == {"csrf_token": "abc"}  # remembered now
    lifetime = app.permanent_session_lifetime.total_seconds()
    if case == "forged":
        value = value[:-2] + ("A" if value[-2] != "A" else "B") + value[-1]
    elif case == "expired":
        later = time.time() + lifetime + 5
        monkeypatch.setattr(cookie_sessions.time, "time", lambda: later)
    elif case == "signed in the future":
        earlier = time.time() - 60
        monkeypatch.setattr(cookie_sessions.time, "time", lambda: earlier)
    else:
        app.secret_key = "another secret"
    assert dict(opened(app, value)) == {}

"""csrf_tokens.py: a device's signed CSRF token is reused for a minute, stays its own, and works."""
from __future__ import annotations

import re
import time

import pytest
from itsdangerous import TimestampSigner

from scorekeeper import csrf_tokens

from .helpers import ramsch_form

CSRF_RE = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|name="csrf_token" value="([^"]+)"')


@pytest.fixture
def csrf_app(app):
    app.config["WTF_CSRF_ENABLED"] = True
    return app


@pytest.fixture
def clock(monkeypatch):
    """One clock for the reuse and for the signature's time (itsdangerous signs in whole seconds)."""
    now = [float(int(time.time()))]  # the session cookie's age is checked against the real time
    monkeypatch.setattr(csrf_tokens.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda self: int(now[0]))
    return now


def tokens(html: str) -> set[str]:
    return {a or b for a, b in CSRF_RE.findall(html)}


def new_session(client) -> int:
    page = client.get("/sessions/new/schieberamsch").get_data(as_text=True)
    data = {"players-0": "Anna", "players-1": "Ben", "players-2": "Carl", "first_dealer": "0",
            "csrf_token": tokens(page).pop()}
    return int(client.post("/sessions/new/schieberamsch", data=data).headers["Location"].rsplit("/", 1)[1])


def test_a_device_gets_the_same_signed_token_for_a_minute_then_a_new_one_and_each_works(csrf_app, clock):
    device = csrf_app.test_client()
    sid = new_session(device)
    first = tokens(device.get(f"/sessions/{sid}?saved=0").get_data(as_text=True))  # rendered, not kept
    clock[0] += csrf_tokens.FRESH - 1
    again = tokens(device.get(f"/sessions/{sid}?saved=0").get_data(as_text=True))
    assert len(first) == 1 and again == first  # one token on the page, the one signed a moment ago
    clock[0] += 2  # a minute on: signed anew (itsdangerous signs with the time in seconds)
    later = tokens(device.get("/sessions/new/schieberamsch").get_data(as_text=True))
    assert len(later) == 1 and later != first
    for token in (*first, *later):  # both validate (Flask-WTF's own check: an hour)
        response = device.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 40, 50]), "csrf_token": token})
        assert response.status_code == 302, response.get_data(as_text=True)


def test_a_token_is_the_devices_own(csrf_app, clock):
    first, second = csrf_app.test_client(), csrf_app.test_client()
    sid = new_session(first)
    mine = tokens(first.get(f"/sessions/{sid}?saved=0").get_data(as_text=True))
    theirs = tokens(second.get(f"/sessions/{sid}?saved=0").get_data(as_text=True))
    assert mine and theirs and not mine & theirs
    stolen = {**ramsch_form([30, 40, 50]), "csrf_token": mine.pop()}
    assert second.post(f"/sessions/{sid}/deals", data=stolen).status_code == 400

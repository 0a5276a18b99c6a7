"""`scripts/serve` / `scorekeeper`: gunicorn on the address the flags or SCOREKEEPER_BIND give, and the
address a tablet opens said."""
from __future__ import annotations

import sys

import gunicorn.app.wsgiapp
import pytest

from scorekeeper import cli


@pytest.fixture
def started(monkeypatch):
    """What gunicorn would have been started with (its command line), instead of starting it."""
    seen: list[list[str]] = []
    monkeypatch.setattr(gunicorn.app.wsgiapp, "run", lambda: seen.append(list(sys.argv)))
    monkeypatch.setattr(sys, "argv", ["scorekeeper"])
    monkeypatch.delenv("SCOREKEEPER_BIND", raising=False)
    return seen


def bind_of(argv: list[str]) -> str:
    return argv[argv.index("--bind") + 1]


def test_every_address_by_default_and_the_lan_address_said(started, monkeypatch, capsys):
    monkeypatch.setattr(cli, "lan_address", lambda: "192.168.1.23")
    cli.main([])
    assert bind_of(started[0]) == "0.0.0.0:5000"
    assert "open http://192.168.1.23:5000 on a tablet on the same network" in capsys.readouterr().out


def test_scorekeeper_bind_is_taken_as_the_documents_say(started, monkeypatch, capsys):
    """docs/operations.md: SCOREKEEPER_BIND is gunicorn's address. A club's tester bound it to 127.0.0.1
    behind a proxy and scripts/serve listened on every address anyway, letting anyone on the network
    send their own X-Forwarded-For."""
    monkeypatch.setenv("SCOREKEEPER_BIND", "127.0.0.1:5773")
    cli.main([])
    assert bind_of(started[0]) == "127.0.0.1:5773"
    assert "listening on http://127.0.0.1:5773." in capsys.readouterr().out
    cli.main(["--port", "8000"])  # a flag replaces its part
    assert bind_of(started[1]) == "127.0.0.1:8000"

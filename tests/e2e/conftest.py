"""Browser tests: the app in its own process on an ephemeral port, Playwright driving
Debian's Chromium at a tablet viewport."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("SCOREKEEPER_CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = Path(__file__).parent / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """Start `python -m scorekeeper` on a fresh database; wait until it answers; fail fast if it died."""
    instance = tmp_path_factory.mktemp("instance")
    port = _free_port()
    env = {**os.environ, "SCOREKEEPER_INSTANCE_PATH": str(instance), "SCOREKEEPER_SECRET_KEY": "e2e"}
    if os.environ.get("SCOREKEEPER_TEST_DATABASE_URI"):
        env["SCOREKEEPER_SQLALCHEMY_DATABASE_URI"] = _fresh_postgres_database()
    log = open(instance / "server.log", "w")
    process = subprocess.Popen([sys.executable, "-m", "scorekeeper", "--host", "127.0.0.1", "--port", str(port)],
                               env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        if process.poll() is not None:
            raise RuntimeError("the app died on start:\n" + (instance / "server.log").read_text())
        try:
            urllib.request.urlopen(url + "/", timeout=1)
            break
        except OSError:
            if time.monotonic() > deadline:
                process.kill()
                raise RuntimeError("the app did not answer within 30 s") from None
            time.sleep(0.2)
    yield url
    process.terminate()
    process.wait(timeout=10)
    log.close()


def _fresh_postgres_database() -> str:
    import uuid

    from sqlalchemy import create_engine, text

    server = os.environ["SCOREKEEPER_TEST_DATABASE_URI"]
    name = "sk_e2e_" + uuid.uuid4().hex[:12]
    engine = create_engine(server, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return server.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/install-chromium (the README's test command does)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser, playwright.devices["iPad (gen 7) landscape"]
        browser.close()


@pytest.fixture
def page(browser, live_server):
    """A tablet-sized page (iPad gen 7, landscape, touch) on the live app."""
    chromium, device = browser
    context = chromium.new_context(**device, base_url=live_server, locale="en-GB")
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def open_fold(scope) -> None:
    """Open the folded card picker inside `scope` by tapping its summary, as a player does
    (waits for it: the form may still be coming in by htmx)."""
    fold = scope.locator("details.fold").first
    fold.locator("summary").wait_for()
    if not fold.evaluate("details => details.open"):
        fold.locator("summary").click()

"""Browser tests: the app in its own process on an ephemeral port, Playwright driving
Debian's Chromium at a tablet viewport."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ..servers import free_port, new_postgres_database

CHROMIUM = os.environ.get("SCOREKEEPER_CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = Path(__file__).parent / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


@contextmanager
def serve(instance: Path, **settings: str):
    """Run `python -m scorekeeper` (gunicorn, as scripts/serve) on a fresh database (SCOREKEEPER_*
    `settings` added); wait until it answers; fail fast if it died. Yields its address."""
    port = free_port()
    env = {**os.environ, "SCOREKEEPER_INSTANCE_PATH": str(instance), "SCOREKEEPER_SECRET_KEY": "e2e",
           **{f"SCOREKEEPER_{key}": value for key, value in settings.items()}}
    if os.environ.get("SCOREKEEPER_TEST_DATABASE_URI"):
        env["SCOREKEEPER_SQLALCHEMY_DATABASE_URI"] = new_postgres_database("sk_e2e")
    log = open(instance / "server.log", "w")
    process = subprocess.Popen([sys.executable, "-m", "scorekeeper", "--host", "127.0.0.1", "--port", str(port),
                                "--workers", "2"],
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
    try:
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """The app as a table runs it at home: nothing asked."""
    with serve(tmp_path_factory.mktemp("instance")) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/install-chromium (the README's test command does)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser, playwright.devices["iPad (gen 7) landscape"]
        browser.close()


# a 390 x 844 phone, touch; pages are laid out at its width (tests that need Chromium's own mobile
# zoom-out add "is_mobile": True)
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "has_touch": True}


def new_page(browser, live_server, device=None, **context_options):
    """A page in a context of its own (`device`: None for the iPad, or PHONE, or any Playwright device)."""
    chromium, ipad = browser
    context = chromium.new_context(**(device or ipad), base_url=live_server, locale="en-GB", **context_options)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.on("console", lambda message: _csp_violation(page, f"{message.text} at {message.location}"))
    return page


CSP_VIOLATIONS: list[str] = []


def _csp_violation(page, text: str) -> None:
    if "Content Security Policy" in text:
        CSP_VIOLATIONS.append(f"{page.url}: {text}")


@pytest.fixture(autouse=True)
def nothing_refused_by_the_content_security_policy():
    """Every browser test also checks that the pages it went through needed nothing the
    Content-Security-Policy refuses (Chromium reports each refusal on the console)."""
    CSP_VIOLATIONS.clear()
    yield
    assert not CSP_VIOLATIONS, CSP_VIOLATIONS


@pytest.fixture
def page(browser, live_server):
    """A tablet-sized page (iPad gen 7, landscape, touch) on the live app."""
    page = new_page(browser, live_server)
    yield page
    page.context.close()


@pytest.fixture(params=["tablet", "phone"])
def any_page(request, browser, live_server):
    """The test once on the iPad and once on the phone; `page.size_name` says which."""
    page = new_page(browser, live_server, None if request.param == "tablet" else PHONE)
    page.size_name = request.param
    yield page
    page.context.close()


@pytest.fixture
def phone(browser, live_server):
    """A phone-sized page that Chromium treats as a phone's (`is_mobile`: the meta viewport applies)."""
    page = new_page(browser, live_server, {**PHONE, "is_mobile": True})
    yield page
    page.context.close()


@pytest.fixture(params=["tablet", "phone"])
def any_mobile_page(request, browser, live_server):
    """As `any_page`, the phone `is_mobile`."""
    page = new_page(browser, live_server, None if request.param == "tablet" else {**PHONE, "is_mobile": True})
    page.size_name = request.param
    yield page
    page.context.close()


def fits(page) -> bool:
    """No sideways scrolling at the device's width (window.innerWidth would not do: Chromium with
    touch widens the layout viewport to the page once a page was wider)."""
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.fixture(params=["ipad", "phone"])
def screen(request, browser, live_server):
    """As `any_page`, given as (size name, page). The phone is not `is_mobile`: Chromium would zoom the
    page out to fit the top bar, so pickers would be measured at a wider layout than the phone has."""
    page = new_page(browser, live_server, None if request.param == "ipad" else PHONE)
    yield request.param, page
    page.context.close()


def screenshot(page, name: str, full_page: bool = True) -> None:
    """Keep a picture of the page as tests/e2e/screenshots/<name>.png to look at, when asked for
    (SCOREKEEPER_SCREENSHOTS=1 .venv/bin/pytest -m e2e): a CI run on a clean clone throws them
    away, and a page's picture costs as much as checking it."""
    if os.environ.get("SCOREKEEPER_SCREENSHOTS") == "1":
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)


def open_fold(scope) -> None:
    """Open the folded card picker inside `scope` by tapping its summary, as a player does
    (waits for it: the form may still be coming in by htmx)."""
    fold = scope.locator("details.fold").first
    fold.locator("summary").wait_for()
    if not fold.evaluate("details => details.open"):
        fold.locator("summary").click()


def click_and_settle(page, target) -> None:
    """Click `target` (a save) and wait until htmx has settled its answer and app.js has run on it.
    htmx settles an answer 20 ms after swapping it in, and app.js then scrolls to the flash: an
    element found in between (expectations on the new content already pass) moves before a click
    forced onto it lands (seen once in CI: a forced `check` that "did not change its state")."""
    page.evaluate("""() => { window.__settled = false;
        document.addEventListener("htmx:afterSettle", () => { window.__settled = true; }, { once: true }); }""")
    target.click()
    page.wait_for_function("() => window.__settled === true")


def choose_option(page: Page, label: str, text: str | None = None, *, value: str | None = None) -> None:
    """Set a new-game option as a player does: a few long choices are a list of radio buttons (tap the
    one with this text, or this value), other choices a select, numbers and names a box to fill."""
    choices = page.get_by_role("radiogroup", name=label, exact=True)
    if choices.count():
        choice = choices.get_by_label(text, exact=True) if value is None else choices.locator(f"input[value='{value}']")
        choice.check()
        return
    field = page.get_by_label(label, exact=True)
    if field.evaluate("field => field.tagName") == "SELECT":
        field.select_option(label=text) if value is None else field.select_option(value)
    else:
        field.fill(text or "")


def start_session(page: Page, game: str, names: Sequence[str], dealer: str | None = None, *,
                  first_seat: str = "Who deals first", options: Mapping[str, object] | None = None,
                  check_form: Callable[[Page], None] | None = None, screenshot_form: bool = False,
                  deals: str | None = None) -> None:
    """Start a game as a table does: open the home page, tap `game` (a part of its name) in the game list,
    type `names` clockwise, choose `dealer` (default the first name) in the first-seat question
    (`first_seat`, a game's own label such as Sataat's first parent), set `options` in their order by
    their visible labels (a select by the label of its option, an input filled), call `check_form` on the
    filled form, screenshot it as "<game slug>-new-game" if asked, press Start and wait until the board
    says who deals (`deals`, default the dealer chosen)."""
    page.goto("/")
    page.locator(".game-list").get_by_role("link", name=re.compile(re.escape(game))).click()
    for index, name in enumerate(names, start=1):
        page.get_by_label(f"Player {index}", exact=True).fill(name)
    dealer = dealer or names[0]
    page.get_by_label(first_seat).select_option(label=dealer)  # the choices show the typed names
    for label, value in (options or {}).items():
        choose_option(page, label, str(value))
    if check_form is not None:
        check_form(page)
    if screenshot_form:
        screenshot(page, page.url.split("?")[0].rstrip("/").rsplit("/", 1)[-1] + "-new-game")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#status")).to_contain_text(f"{deals or dealer} deals")


# Schieberamsch's Ramsch, entered by its own flow and by the PIN and export flow
RAMSCH_POINTS = "Card points (skat with the last trick): "
RAMSCH_TOOK = "Took a trick (with 0 card points): "


def enter_ramsch(page: Page, points: Mapping[str, int], took: Sequence[str] = (), kept: str = "0") -> None:
    """Tap Ramsch and how many kept their hand, type the card points, tick who took a trick with 0 points."""
    entry = page.locator("#entry")
    entry.get_by_text("Ramsch", exact=True).click()
    entry.get_by_role("radiogroup", name="Players who kept their hand (pushed the skat on)").get_by_text(
        kept, exact=True).click()  # 0..3 are buttons
    for name, value in points.items():
        entry.get_by_label(RAMSCH_POINTS + name).fill(str(value))
    for name in took:
        entry.get_by_label(RAMSCH_TOOK + name).check(force=True)

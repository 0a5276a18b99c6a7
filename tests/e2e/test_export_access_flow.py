"""Two tablets at one table: the first starts a game with a PIN and downloads the scoreboard
as CSV; the second can follow the scores but must enter the PIN before it can enter a deal."""
from __future__ import annotations

import csv
import io
import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, enter_ramsch, new_page, screenshot, serve, start_session

pytestmark = pytest.mark.e2e


def test_csv_download_and_a_second_tablet_enters_the_pin(page, browser, live_server):
    start_session(page, "Schieberamsch", ("Anna", "Ben", "Carl"), options={"Table PIN (optional)": "2580"})

    # the tablet that set the PIN enters the first deal
    enter_ramsch(page, {"Anna": 0, "Ben": 7}, kept="2")  # "took a trick" is asked of Anna only
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("tfoot td.total")).to_have_text(["0", "0", "90"])

    with page.expect_download() as download_info:
        page.get_by_role("link", name="Download CSV").click()
    download = download_info.value
    assert re.fullmatch(r"scorekeeper-\d+\.csv", download.suggested_filename)
    rows = list(csv.reader(io.StringIO(open(download.path(), encoding="utf-8-sig").read())))
    assert rows == [["Deal", "Dealer", "Anna", "Ben", "Carl"], ["1", "Anna", "0", "0", "90"],
                    ["Total", "", "0", "0", "90"]]

    # a second tablet: the scores, but no entry until the PIN is given
    chromium, device = browser
    context = chromium.new_context(**device, base_url=live_server, locale="en-GB")
    context.set_default_timeout(10_000)
    other = context.new_page()
    other.goto(page.url.split("#")[0])
    expect(other.locator("tfoot td.total")).to_have_text(["0", "0", "90"])
    expect(other.locator("#entry")).to_be_hidden()
    expect(other.get_by_role("link", name="Correct")).to_be_hidden()
    expect(other.get_by_role("heading", name="This table is protected by a PIN")).to_be_visible()
    screenshot(other, "pin-read-only")

    other.get_by_label("Table PIN").fill("1111")
    other.get_by_role("button", name="Unlock").click()
    expect(other.get_by_role("alert")).to_have_text("That is not this table's PIN.")
    other.get_by_label("Table PIN").fill("2580")
    other.get_by_role("button", name="Unlock").click()
    expect(other.locator("#entry")).to_be_visible()
    enter_ramsch(other, {"Anna": 20, "Ben": 40})
    other.get_by_role("button", name="Save deal").click()
    expect(other.locator("tr.deal-row")).to_have_count(2)
    context.close()

    page.reload()  # the first tablet sees the second tablet's deal
    expect(page.locator("tr.deal-row")).to_have_count(2)


@pytest.fixture(scope="module")
def club_server(tmp_path_factory):
    """The app as a club hosts it: SCOREKEEPER_CLUB_PASSWORD set."""
    with serve(tmp_path_factory.mktemp("club"), CLUB_PASSWORD="club-2026") as url:
        yield url


def test_a_guest_phone_at_the_club_logs_in_and_the_login_fits_the_screen(browser, club_server):
    """390 px phone, in both languages: the login page asks first, a wrong password is said beside the
    field with nothing typed lost but the password, the right one opens what was asked for."""
    phone = new_page(browser, club_server, {**PHONE, "is_mobile": True})
    phone.goto("/history")
    expect(phone).to_have_url(re.compile(r"/login\?next=/history$"))
    for language in ("日本語", "English"):
        phone.get_by_role("button", name=language).click()
        expect(phone.locator("form input[type=password]")).to_be_visible()
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        screenshot(phone, f"phone-login-{'ja' if language == '日本語' else 'en'}")
    expect(phone).to_have_url(re.compile(r"/login\?next=/history$"))  # the language switch keeps the way back
    password = phone.get_by_label("Club password")
    password.fill("guess")
    password.press("Enter")
    expect(phone.get_by_role("alert")).to_have_text("That is not the club password.")
    phone.get_by_label("Club password").fill("club-2026")
    phone.get_by_label("Club password").press("Enter")
    expect(phone).to_have_url(re.compile(r"/history$"))
    expect(phone.get_by_role("heading", name="History")).to_be_visible()
    phone.context.close()

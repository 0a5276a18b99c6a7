"""The table-side experience at an iPad in landscape and at a 390x844 phone: fast entry (ghost
remainders, numbers as buttons), the saved deal where the eye is, undo, never losing what was
typed (drafts, offline saves), Back/Forward, live following, big numbers, dark mode, no page
wider than the phone."""
from __future__ import annotations

import json
import re
import urllib.request
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, click_and_settle, enter_ramsch, fits, new_page, screenshot, start_session

pytestmark = pytest.mark.e2e
POINTS = "Card points (skat with the last trick): "
PHONE = {**PHONE, "is_mobile": True}  # Chromium's phone layout: no page may be wider than the screen
RAMSCH = {"type": "ramsch", "pushed": 0, "points": [0, 7, 113], "took_trick": [False, None, None]}


def api_session(page, game="schieberamsch", players=("Anna", "Ben", "Carl"), options=None, deals=()):
    response = page.request.post("/api/v1/sessions", data={"game": game, "players": list(players),
                                                           "options": options or {}})
    assert response.status == 201, response.text()
    sid = response.json()["id"]
    for values in deals:
        answer = page.request.post(f"/api/v1/sessions/{sid}/deals", data={"values": values})
        assert answer.status == 201, answer.text()
    return sid


def totals(page):
    return page.locator("tfoot td.total")


def tablet_typing(browser, live_server, deals):
    """A tablet (its own context, no service worker) on a new Schieberamsch of `deals` deals, with
    Anna 25 and Ben 35 typed and not saved: (page, session id, the entry form)."""
    page = new_page(browser, live_server, service_workers="block")
    sid = api_session(page, options={"deals": deals})
    page.goto(f"/sessions/{sid}")
    entry = page.locator("#entry")
    entry.get_by_label(POINTS + "Anna").fill("25")
    entry.get_by_label(POINTS + "Ben").fill("35")
    return page, sid, entry


def other_tablet_saves(live_server, sid):
    """Another tablet saves a deal: not through the page's browser context (which may be offline)."""
    request = urllib.request.Request(f"{live_server}/api/v1/sessions/{sid}/deals", method="POST",
                                     data=json.dumps({"values": RAMSCH}).encode(),
                                     headers={"Content-Type": "application/json"})
    assert urllib.request.urlopen(request).status == 201


def test_fixed_sum_remainder_is_a_ghost_under_the_finger_and_fills_when_left(any_mobile_page):
    page = any_mobile_page
    sid = api_session(page, options={"deals": 6})
    page.goto(f"/sessions/{sid}")
    entry = page.locator("#entry")
    entry.get_by_label(POINTS + "Anna").fill("30")
    entry.get_by_label(POINTS + "Ben").fill("60")
    carl = entry.get_by_label(POINTS + "Carl")
    expect(carl).to_have_value("30")  # the last box fills itself: it is empty and not under the finger
    carl.click()  # the finger on it: the value becomes a ghost, typing replaces it (30 never becomes 3030)
    expect(carl).to_have_value("")
    expect(carl).to_have_attribute("placeholder", "30")
    page.keyboard.type("30")
    expect(carl).to_have_value("30")
    # The ghost also shows in the open box while it has the focus; leaving it empty takes the ghost.
    entry.get_by_label(POINTS + "Ben").fill("")
    ben = entry.get_by_label(POINTS + "Ben")
    ben.click()
    expect(ben).to_have_attribute("placeholder", "60")
    expect(ben).to_have_value("")
    entry.get_by_role("radiogroup", name="Players who kept their hand (pushed the skat on)").get_by_text("1").click()
    expect(ben).to_have_value("60")
    # "took a trick" is asked only of a player with 0 card points (issue 9); 0..3 kept hands are buttons.
    expect(entry.get_by_label("Took a trick: Anna")).to_be_hidden()
    expect(entry.get_by_label("Took a trick: Ben")).to_be_hidden()
    screenshot(page, f"table-entry-{page.size_name}")
    assert fits(page)


def test_three_taps_for_a_ramsch_deal_then_the_result_is_where_the_eye_is_and_undo(any_mobile_page):
    page = any_mobile_page
    sid = api_session(page, options={"deals": 8}, deals=[RAMSCH] * 5)
    page.goto(f"/sessions/{sid}")
    page.evaluate("window.__sameDocument = true")
    entry = page.locator("#entry")
    # Taps: Anna's box (and her number), Ben's box (and his number), Save. Carl fills; tricks tick.
    entry.get_by_label(POINTS + "Anna").fill("20")
    entry.get_by_label(POINTS + "Ben").fill("40")
    page.get_by_role("button", name="Save deal").click()
    flash = page.locator("#flash")
    expect(flash).to_have_text(re.compile(r"^Deal 6: Anna 0, Ben 0, Carl \+\d+; Anna deals next$"))
    expect(flash).to_be_in_viewport()
    # a screen-reader tester: the focus on the saved line sent the next Tab up through every deal row;
    # it is on the next deal's heading, which says the saved line as its description
    heading = entry.locator("h2")
    expect(heading).to_be_focused()
    expect(heading).to_have_attribute("aria-describedby", "flash")
    page.keyboard.press("Tab")
    assert page.evaluate("document.getElementById('entry').contains(document.activeElement)")
    assert page.evaluate("window.__sameDocument") is True
    expect(page.locator("#pinned .bar-total")).to_have_text(totals(page).all_inner_texts())
    expect(page.locator("#status")).to_contain_text("2 deals left")
    toast = page.locator("#undo-toast")
    expect(toast).to_contain_text("Deal 6 saved")
    screenshot(page, f"table-saved-{page.size_name}")
    # The totals stay pinned at the top while the page scrolls.
    page.mouse.wheel(0, 3000)
    expect(page.locator("#pinned")).to_be_in_viewport()
    toast.get_by_role("button", name="Undo").click()
    expect(page.locator("tr.deal-row")).to_have_count(5)
    expect(totals(page)).to_have_text(["0", "0", "110"])
    expect(page.locator("#undo-toast")).to_have_count(0)
    # the undone deal is back in the form, to be fixed and saved again
    expect(page.locator("#flash")).to_have_text("Deal 6 removed; it is back in the form.")
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("20")
    expect(entry.get_by_label(POINTS + "Ben")).to_have_value("40")
    screenshot(page, f"table-undone-{page.size_name}")
    # and stays there through a reload, as anything typed does (r61a: the form came back empty)
    page.reload()
    expect(page.locator("#entry").get_by_label(POINTS + "Anna")).to_have_value("20")
    expect(page.locator("#entry").get_by_label(POINTS + "Ben")).to_have_value("40")


def test_after_deal_one_the_next_save_is_on_an_ipad_screen_under_the_form_heading(page):
    """Issue 23, item 9: after a save the page shows the flash, the pinned totals and the next
    deal's form from its heading to Save, without scrolling (a Ramsch, a four-player Handjass)."""
    from .test_handjass_flow import enter_deal

    def next_form_in_view(name):
        save, heading = page.get_by_role("button", name="Save deal"), page.locator("#entry h2")
        screenshot(page, f"table-after-deal-1-{name}", full_page=False)
        expect(page.locator("#flash")).to_be_in_viewport()
        assert save.bounding_box()["y"] + save.bounding_box()["height"] <= page.viewport_size["height"]
        assert heading.bounding_box()["y"] >= page.locator("#pinned").bounding_box()["height"]

    start_session(page, "Schieberamsch", ["Anna", "Ben", "Carl"])
    enter_ramsch(page, {"Anna": 40, "Ben": 50})
    click_and_settle(page, page.get_by_role("button", name="Save deal"))
    next_form_in_view("schieberamsch")
    start_session(page, "Handjass", ["Anna", "Ben", "Carl", "Dora"])
    enter_deal(page, "♣ clubs", {"Anna": 60, "Ben": 45, "Carl": 30, "Dora": 22}, last="Anna")
    click_and_settle(page, page.get_by_role("button", name="Save deal"))
    next_form_in_view("handjass")


def test_undo_toast_goes_away(page):
    sid = api_session(page, options={"deals": 8})
    page.goto(f"/sessions/{sid}")
    page.clock.install()
    page.locator("#entry").get_by_label(POINTS + "Anna").fill("20")
    page.locator("#entry").get_by_label(POINTS + "Ben").fill("40")
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("#undo-toast")).to_be_visible()
    page.clock.run_for(11_000)
    expect(page.locator("#undo-toast")).to_have_count(0)
    expect(totals(page)).to_have_text(["0", "0", "6"])


def test_back_and_forward_show_the_true_board(any_mobile_page):
    page = any_mobile_page
    sid = api_session(page, options={"deals": 8}, deals=[RAMSCH])
    page.goto(f"/sessions/{sid}")
    entry = page.locator("#entry")
    entry.get_by_label(POINTS + "Anna").fill("20")
    entry.get_by_label(POINTS + "Ben").fill("40")
    page.get_by_role("button", name="Save deal").click()
    expect(totals(page)).to_have_text(["0", "0", "28"])
    page.goto("/history")
    page.go_back()
    expect(totals(page)).to_have_text(["0", "0", "28"])
    expect(page.locator("tr.deal-row")).to_have_count(2)
    page.go_forward()
    page.go_back()
    expect(page.locator("tr.deal-row")).to_have_count(2)
    response = page.request.get(f"/sessions/{sid}")
    assert response.headers["cache-control"] == "private, no-cache"  # asked again before it is shown


def test_a_typed_deal_survives_a_reload_and_an_offline_save_is_sent_when_back(any_mobile_page):
    page = any_mobile_page
    sid = api_session(page, options={"deals": 8})
    page.goto(f"/sessions/{sid}")
    entry = page.locator("#entry")
    entry.get_by_label(POINTS + "Anna").fill("20")
    entry.get_by_label(POINTS + "Ben").fill("40")
    page.reload()
    expect(page.locator("#entry").get_by_label(POINTS + "Anna")).to_have_value("20")
    expect(page.locator("#entry").get_by_label(POINTS + "Carl")).to_have_value("60")

    page.context.set_offline(True)
    page.get_by_role("button", name="Save deal").click()
    status = page.locator("#save-status")
    expect(status).to_be_visible()
    expect(status).to_contain_text("Not saved: no connection")
    screenshot(page, f"table-offline-{page.size_name}")
    expect(page.locator("tr.deal-row")).to_have_count(0)
    page.context.set_offline(False)  # the 'online' event sends it again
    expect(page.locator("tr.deal-row")).to_have_count(1)
    expect(totals(page)).to_have_text(["0", "0", "6"])
    page.reload()  # the saved deal's draft is gone: the next deal starts empty
    expect(page.locator("#entry").get_by_label(POINTS + "Anna")).to_have_value("")


def test_save_when_the_server_does_not_answer_says_so(page):
    sid = api_session(page, options={"deals": 8})
    page.goto(f"/sessions/{sid}")
    page.route(re.compile(r".*/deals$"), lambda route: route.abort("connectionrefused"))
    page.locator("#entry").get_by_label(POINTS + "Anna").fill("20")
    page.locator("#entry").get_by_label(POINTS + "Ben").fill("40")
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("#save-status")).to_contain_text("Not saved")
    page.unroute(re.compile(r".*/deals$"))
    expect(page.locator("tr.deal-row")).to_have_count(1, timeout=12_000)  # retried every 5 s


def test_another_device_follows_by_itself_and_the_qr_opens_the_watch_page(page, phone):
    sid = api_session(page, options={"deals": 8})
    phone.goto(f"/sessions/{sid}/watch")
    expect(phone.locator("#entry")).to_have_count(0)
    page.goto(f"/sessions/{sid}")
    page.get_by_text("Follow on another device").click()
    qr = page.locator(".follow img")
    expect(qr).to_be_visible()
    # the code is drawn (loaded on opening, so wait for it rather than read it at once)
    page.wait_for_function("img => img.complete && img.naturalWidth > 100", arg=qr.element_handle())
    page.keyboard.press("Escape")  # as a picker does (a keyboard tester's Escape left it open)
    expect(qr).to_be_hidden()
    expect(page.locator(".follow summary")).to_be_focused()
    page.locator("#entry").get_by_label(POINTS + "Anna").fill("20")
    page.locator("#entry").get_by_label(POINTS + "Ben").fill("40")
    page.get_by_role("button", name="Save deal").click()
    expect(phone.locator("tfoot td.total")).to_have_text(["0", "0", "6"], timeout=9_000)
    assert fits(phone)
    screenshot(phone, "table-watch-phone")


def test_big_numbers_rotate_and_update(any_mobile_page):
    page = any_mobile_page
    sid = api_session(page, options={"deals": 8}, deals=[RAMSCH, RAMSCH])
    page.goto(f"/sessions/{sid}/big")
    expect(page.locator(".big-total")).to_have_text(["0", "0", "44"])
    expect(page.locator(".big-status")).to_contain_text("Carl deals")
    expect(page.locator(".big-status")).to_contain_text("6 deals left")
    size = page.locator(".big-total").first.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 56
    assert fits(page)
    screenshot(page, f"table-big-{page.size_name}")
    page.get_by_role("button", name="Rotate for the far side").click()
    assert "matrix(-1" in page.locator("#big").evaluate("el => getComputedStyle(el).transform")
    screenshot(page, f"table-big-rotated-{page.size_name}")
    page.reload()  # the rotation is kept
    assert "matrix(-1" in page.locator("#big").evaluate("el => getComputedStyle(el).transform")
    page.request.post(f"/api/v1/sessions/{sid}/deals", data={"values": RAMSCH})
    expect(page.locator(".big-total")).to_have_text(["0", "0", "66"], timeout=9_000)


def test_dark_mode_follows_the_system_and_the_toggle_sticks(browser, live_server):
    chromium, device = browser
    context = chromium.new_context(**device, base_url=live_server, locale="en-GB", color_scheme="dark")
    page = context.new_page()
    sid = api_session(page, options={"deals": 8}, deals=[RAMSCH, RAMSCH, RAMSCH])
    page.goto(f"/sessions/{sid}")
    background = "() => getComputedStyle(document.body).backgroundColor"
    assert page.evaluate(background) == "rgb(18, 22, 31)"
    screenshot(page, "table-dark")
    # the toggle says what a tap turns to, with no pressed state (read "Light, pressed" on a dark page)
    expect(page.locator("#theme-toggle")).not_to_have_attribute("aria-pressed", re.compile(".*"))
    page.get_by_role("button", name="Light").click()
    assert page.evaluate(background) == "rgb(246, 244, 238)"
    page.reload()
    assert page.evaluate(background) == "rgb(246, 244, 238)"
    page.get_by_role("button", name="Dark").click()
    assert page.evaluate(background) == "rgb(18, 22, 31)"
    # the printed sheet is black on white whatever the screen's theme (it kept light grey text on dark)
    page.emulate_media(media="print")
    ink = "() => [getComputedStyle(document.body).color, getComputedStyle(document.body).backgroundColor]"
    assert page.evaluate(ink) == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"]
    page.evaluate("() => localStorage.removeItem('theme')")  # the system's dark, printed
    page.reload()
    assert page.evaluate(ink) == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"]
    context.close()


def test_the_board_saves_a_deal_before_its_scripts_have_come(browser, live_server):
    """Issue 23, item 12: a board is operable once it is drawn (the style sheet is inside it): its entry
    form is an ordinary form that a browser posts without any script, htmx and app.js only enhance it."""
    page = new_page(browser, live_server, java_script_enabled=False)
    sid = api_session(page, options={"deals": 8}, deals=[RAMSCH])
    page.goto(f"/sessions/{sid}")
    expect(totals(page)).to_have_text(["0", "0", "22"])
    entry = page.locator("#entry")
    entry.get_by_label(POINTS + "Anna").fill("30")
    entry.get_by_label(POINTS + "Ben").fill("40")
    entry.get_by_label(POINTS + "Carl").fill("50")
    entry.get_by_role("button", name="Save deal").click()
    expect(page).to_have_url(re.compile(rf"/sessions/{sid}\?saved="))  # posted, then the board again
    expect(totals(page)).to_have_text(["0", "0", "27"])
    expect(page.locator("tr.deal-row")).to_have_count(2)
    expect(page.locator("#flash")).to_contain_text("Deal 2")
    assert page.evaluate("typeof window.htmx") == "undefined"  # no script of the page ran
    page.context.close()


def test_the_chosen_theme_is_set_by_the_page_itself_before_any_script_file(browser, live_server):
    """Issue 23, item 12: the theme bit is inline (allowed by its hash; a refusal fails the test), so
    a device that chose dark gets it with no file fetched for it, here even with app.js never coming."""
    page = new_page(browser, live_server)
    sid = api_session(page, options={"deals": 8}, deals=[RAMSCH])
    page.add_init_script("localStorage.setItem('theme', 'dark')")
    page.route(re.compile(r"/static/js/"), lambda route: route.abort())
    page.goto(f"/sessions/{sid}")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.evaluate("() => getComputedStyle(document.body).backgroundColor") == "rgb(18, 22, 31)"
    page.context.close()


def test_the_screen_is_kept_awake_and_asked_again_when_the_page_comes_back(page):
    page.add_init_script("""
      window.__locks = 0;
      Object.defineProperty(navigator, 'wakeLock', { value: { request: function () {
        window.__locks += 1;
        var lock = new EventTarget(); lock.released = false;
        lock.release = function () { lock.released = true; lock.dispatchEvent(new Event('release')); };
        window.__lock = lock; return Promise.resolve(lock);
      } } });
    """)
    sid = api_session(page, options={"deals": 8})
    page.goto(f"/sessions/{sid}")
    page.wait_for_function("window.__locks === 1")
    page.evaluate("window.__lock.release(); document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("window.__locks === 2")


def test_times_are_shown_in_the_devices_own_timezone(browser, live_server):
    """The pages tell the server the device's timezone (a cookie), which shows its times in it and
    reads the history's days in it (tests/web/test_filter_days.py); the first page a device ever
    loads is in the server's zone (UTC here)."""
    page = new_page(browser, live_server, timezone_id="Asia/Tokyo")
    sid = api_session(page)
    created = datetime.fromisoformat(page.request.get(f"/api/v1/sessions/{sid}").json()["created_at"])
    page.goto(f"/sessions/{sid}")
    assert {"name": "tz", "value": "Asia/Tokyo"}.items() <= next(
        cookie for cookie in page.context.cookies() if cookie["name"] == "tz").items()
    page.goto(f"/sessions/{sid}")
    tokyo = created.astimezone(ZoneInfo("Asia/Tokyo")).strftime("%Y-%m-%d %H:%M")
    expect(page.locator("h1 time")).to_have_text(tokyo)
    page.goto("/history")
    expect(page.locator("table.history time").first).to_have_text(tokyo)
    page.context.close()


def test_breakdown_on_tap_chart_and_the_change_log_on_demand(any_mobile_page):
    page = any_mobile_page
    sid = api_session(page, options={"deals": 8}, deals=[RAMSCH] * 5)
    page.goto(f"/sessions/{sid}")
    row = page.locator("tr.deal-row").nth(1)
    row.locator("td.pts").first.click() if page.size_name == "phone" else row.locator("summary").click()
    expect(row.locator(".breakdown ol")).to_contain_text("Ramsch")
    expect(row.locator(".running")).to_have_text("Totals after this deal: 0 / 0 / 44")
    page.locator(".chart-box summary").click()
    expect(page.locator("svg.chart polyline")).to_have_count(3)
    page.locator("details.stats summary").click()  # loaded when opened
    stats = page.locator(".stats-body table")
    expect(stats.locator("thead th[scope=col]")).to_have_text(["Anna", "Ben", "Carl"])  # a column each
    expect(stats.locator("tr", has_text="Deals that scored").locator("td")).to_have_text(["0", "0", "5"])
    # and what Schieberamsch counts (issue 24): Carl lost the Ramsch of every deal
    expect(stats.locator("tr.figure", has_text="Ramsch lost").locator("td")).to_have_text(["0", "0", "5"])
    assert stats.evaluate("table => table.parentElement.scrollWidth <= table.parentElement.clientWidth")
    expect(page.locator("#revisions .revision")).to_have_count(3)
    page.get_by_text("2 earlier changes").click()
    expect(page.locator("#revisions .revision")).to_have_count(5)
    screenshot(page, f"table-board-{page.size_name}")
    assert fits(page)



def test_delete_on_a_deals_own_breakdown_page_opens_the_board_without_it(page):
    """The breakdown has a page of its own (a link, a bookmark): its Delete asks, deletes and opens the
    board (it targeted the board's element, which that page lacks: the tap did nothing), saying so with
    an Undo, as a Delete in the board's row does."""
    sid = api_session(page, options={"deals": 8}, deals=[RAMSCH] * 3)
    deal = page.request.get(f"/api/v1/sessions/{sid}").json()["deals"][1]["id"]
    page.goto(f"/sessions/{sid}/deals/{deal}/breakdown")
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.get_by_role("button", name="Delete").click()
    expect(page).to_have_url(re.compile(rf"/sessions/{sid}$"))
    expect(page.locator("tr.deal-row")).to_have_count(2)
    assert asked == ["Delete deal 2? Everything after it is recomputed."]
    expect(page.locator("#flash")).to_have_text("Deal 2 deleted.")
    page.locator("#undo-toast").get_by_role("button", name="Undo").click()
    expect(page.locator("#flash")).to_have_text("Deal 2 restored.")
    expect(page.locator("tr.deal-row")).to_have_count(3)


def test_handjass_loser_and_potatoes(any_mobile_page):
    page = any_mobile_page
    def deal(playing, points=None, last=None):
        values = {"playing": playing, "points": points or [None] * 4, "last_trick": last,
                  "weis": [[], [], [], []], "stoeck": [False] * 4, "draw": []}
        return values | ({"trump": "C"} if len(playing) > 1 else {})  # no trump asked of one player alone
    sid = api_session(page, game="handjass", players=("Anna", "Ben", "Carl", "Dora"), options={"target": 2},
                      deals=[deal([0, 1, 2, 3], [60, 50, 40, 7], last=0)])
    page.goto(f"/sessions/{sid}")
    expect(page.locator("tfoot .tallies .potato")).to_have_count(1)  # Dora's potato is a circle
    for values in (deal([0]), deal([1]), deal([2])):
        assert page.request.post(f"/api/v1/sessions/{sid}/deals", data={"values": values}).status == 201
    page.goto(f"/sessions/{sid}")
    expect(page.locator("#status")).to_contain_text("Loser: Dora")
    expect(page.locator(".bar-seat.loser")).to_contain_text("Dora")
    expect(page.locator("thead th.loser")).to_contain_text("Dora")
    # the three who went out safe are the winners now: drawn as winners, not greyed as out of play
    for winner in page.locator(".bar-seat.winner").all():
        expect(winner).to_have_css("opacity", "1")
    expect(page.locator(".bar-seat.winner")).to_have_count(3)
    screenshot(page, f"table-handjass-over-{page.size_name}")
    page.goto("/history")
    expect(page.locator(".history .loser-note").first).to_contain_text("Loser: Dora")


def test_the_pitch_bid_is_tapped(any_mobile_page):
    page = any_mobile_page
    sid = api_session(page, game="pitch", players=("Ann", "Ben", "Cat", "Dan"))
    page.goto(f"/sessions/{sid}")
    bid = page.locator("#entry").get_by_role("radiogroup", name="Bid", exact=True)
    expect(bid.locator("input")).to_have_count(6)  # 5..10
    assert page.evaluate("document.activeElement.tagName") != "INPUT"


def test_stendhal_reveal_locks_the_revealed_cards(any_mobile_page):
    page = any_mobile_page
    sid = api_session(page, game="stendhal", players=("Anna", "Ben", "Carl", "Dora", "Emil"))
    page.goto(f"/sessions/{sid}")
    expect(page.get_by_role("button", name="Lock the revealed cards")).to_be_visible()
    expect(page.get_by_role("button", name="Lock the bids")).to_have_count(0)


def test_at_twice_the_text_size_every_page_fits_a_phone_and_an_ipad(browser, live_server):
    """Text at 200% (the browser's text size set to 32 px, as a reader with low vision does): the
    header's links and the history's filters wrap inside a 390 px phone, so do a heading's long word
    ("Schieberamsch") and the big numbers' buttons; on an iPad a five-player Stendhal's row of
    pickers took 1,300 px (a keyboard tester): the page takes the phone's layout there, as zooming
    in does. The page's own sizes follow the setting (they were fixed pixels, which ignored it)."""
    for device, width in ((PHONE, 390), (None, 1180)):
        page = new_page(browser, live_server, device)
        page.context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": {"standard": 32}})
        sid = api_session(page, deals=[RAMSCH])
        stendhal = api_session(page, game="stendhal", players=("Anna", "Ben", "Carl", "Dora", "Emil"))
        for path in ("/", "/history", f"/sessions/{sid}", "/sessions/new/schieberamsch", f"/sessions/{sid}/statistics",
                     f"/sessions/{sid}/changes", f"/sessions/{sid}/what-if", f"/sessions/{sid}/big",
                     f"/sessions/{stendhal}"):
            page.goto(path)
            assert page.evaluate("getComputedStyle(document.documentElement).fontSize") in ("32px", "36px"), path
            assert page.evaluate("document.documentElement.scrollWidth") <= width, (path, width)
        page.context.close()


def test_no_page_is_wider_than_a_phone(phone):
    six = api_session(phone, game="tennos_team", players=("Anna", "Benjamin", "Carla", "Dorothea", "Emil", "Franziska"))
    seven = api_session(phone, game="stendhal", players=("Anna", "Ben", "Carl", "Dora", "Emil", "Fay", "Gus"))
    pitch = api_session(phone, game="pitch", players=("Ann", "Ben", "Cat", "Dan", "Eve", "Fred"))
    handjass = api_session(phone, game="handjass", players=("Anna", "Ben", "Carl", "Dora"))
    ramsch = api_session(phone, options={"deals": 8}, deals=[RAMSCH] * 3)
    created = phone.request.post("/api/v1/sessions", data={"game": "schieberamsch", "players": ["Anna", "Ben", "Carl"],
                                                            "pin": "2468"})
    locked = created.json()["id"]
    phone.context.clear_cookies()  # a device that never entered the PIN: its page asks for it
    pages = {"home": "/", "new-tennos": "/sessions/new/tennos_team", "new-handjass": "/sessions/new/handjass",
             "tennos-6": f"/sessions/{six}", "stendhal-7": f"/sessions/{seven}", "pitch-6": f"/sessions/{pitch}",
             "handjass-4": f"/sessions/{handjass}", "ramsch": f"/sessions/{ramsch}", "history": "/history",
             "players": "/players", "big-6": f"/sessions/{six}/big", "watch-6": f"/sessions/{six}/watch",
             "watch-ramsch": f"/sessions/{ramsch}/watch"}
    deal = phone.request.get(f"/api/v1/sessions/{ramsch}").json()["deals"][0]["id"]
    pages.update({"correct": f"/sessions/{ramsch}/deals/{deal}/edit",
                  "breakdown": f"/sessions/{ramsch}/deals/{deal}/breakdown",
                  "changes": f"/sessions/{ramsch}/changes", "chart": f"/sessions/{ramsch}/chart",
                  "statistics": f"/sessions/{ramsch}/statistics",
                  "pin": f"/sessions/{locked}/pin",
                  "import": "/import", "offline": "/offline", "new-stendhal": "/sessions/new/stendhal",
                  "new-italian-whist": "/sessions/new/italian_whist", "new-sataat": "/sessions/new/sataat",
                  "new-pitch": "/sessions/new/pitch", "new-yacht": "/sessions/new/yacht",
                  "new-schieberamsch": "/sessions/new/schieberamsch", "devices": "/devices"})
    phone.goto("/players")
    pages["player"] = phone.locator("main a[href^='/players/']").first.get_attribute("href")
    wide = []

    def measure(prefix):
        for name, path in pages.items():
            phone.goto(path)
            if not fits(phone):
                wide.append((prefix, path, phone.evaluate("document.documentElement.scrollWidth")))
            if name in ("stendhal-7", "pitch-6"):  # short names keep every letter beside the dealer's dot
                clipped = phone.evaluate("""[...document.querySelectorAll(
                    '.board-table thead th[scope=col], .bar-name')].filter(e => e.scrollWidth > e.clientWidth)
                    .map(e => e.textContent.trim())""")
                if clipped:
                    wide.append((prefix, path, f"names cut: {clipped}"))
            if name in ("history", "players", "player", "statistics") and not phone.evaluate(  # no sideways scroll
                    "[...document.querySelectorAll('.table-wrap')].every(w => w.scrollWidth <= w.clientWidth)"):
                wide.append((prefix, path, "a table scrolls sideways"))
            if name == "pin":  # the PIN form itself, not the board it leads back to
                expect(phone.locator("form input[name=pin]")).to_have_count(1)
            screenshot(phone, prefix + name)

    measure("phone-")
    phone.get_by_role("button", name="日本語").click()  # longer words, other wraps
    expect(phone.locator("html")).to_have_attribute("lang", "ja")
    measure("phone-ja-")
    assert wide == []


def test_japanese_board(page):
    sid = api_session(page, options={"deals": 8}, deals=[RAMSCH] * 3)
    page.goto(f"/sessions/{sid}")
    page.get_by_role("button", name="日本語").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.get_by_role("button", name="ディールを保存")).to_be_visible()
    screenshot(page, "table-ja")
    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")  # and back: the choice sticks both ways
    expect(page.get_by_role("button", name="Save deal")).to_be_visible()



class Taps:
    """Counts the controls a player touches for one deal (a box typed into counts once)."""

    def __init__(self):
        self.count = 0

    def tap(self, locator):
        self.count += 1
        locator.click()

    def type(self, locator, value):
        self.count += 1
        locator.fill(value)


def test_taps_per_deal_ramsch_handjass_and_pitch(page):
    # Schieberamsch Ramsch: two boxes and Save (the third box fills, tricks tick themselves).
    taps = Taps()
    sid = api_session(page, options={"deals": 8})
    page.goto(f"/sessions/{sid}")
    entry = page.locator("#entry")
    taps.type(entry.get_by_label(POINTS + "Anna"), "20")
    taps.type(entry.get_by_label(POINTS + "Ben"), "40")
    taps.tap(page.get_by_role("button", name="Save deal"))
    expect(totals(page)).to_have_text(["0", "0", "6"])
    assert taps.count == 3

    # Handjass, all four play: trump, four card-point boxes, the last trick, Save (who plays is preset).
    taps = Taps()
    sid = api_session(page, game="handjass", players=("Anna", "Ben", "Carl", "Dora"))
    page.goto(f"/sessions/{sid}")
    entry = page.locator("#entry")
    taps.tap(entry.locator("[data-field=trump]").get_by_text("♣ clubs"))
    for name, value in (("Anna", "60"), ("Ben", "50"), ("Carl", "40"), ("Dora", "7")):
        taps.type(entry.get_by_label("Card points (last trick's 5 included): " + name), value)
    taps.tap(entry.locator("[data-field=last_trick]").get_by_text("Anna", exact=True))
    taps.tap(page.get_by_role("button", name="Save deal"))
    expect(page.locator("tr.deal-row")).to_have_count(1)
    assert taps.count == 7

    # Pitch, points per side: bidder, bid (a button), trump, Lock; then the input mode, one side's
    # points (the other side fills from 10) and Save.
    taps = Taps()
    sid = api_session(page, game="pitch", players=("Ann", "Ben", "Cat", "Dan"))
    page.goto(f"/sessions/{sid}")
    entry = page.locator("#entry")
    taps.tap(entry.locator("[data-field=bidder]").get_by_text("Ann", exact=True))
    taps.tap(entry.locator("[data-field=bid]").get_by_text("6", exact=True))
    taps.tap(entry.locator("[data-field=trump]").get_by_text("♥ hearts"))
    taps.tap(page.get_by_role("button", name="Lock the bids"))
    entry = page.locator("#entry")
    taps.tap(entry.locator("[data-field=entry]").get_by_text("points per side"))
    taps.type(entry.get_by_label("Points taken: Ann"), "7")
    expect(entry.get_by_label("Points taken: Ben")).to_have_value("3")
    taps.tap(page.get_by_role("button", name="Save deal"))
    expect(page.locator("tr.deal-row")).to_have_count(1)
    assert taps.count == 7

    # The next Pitch deal starts with the table's way of entering (points per side): 6 taps.
    taps = Taps()
    entry = page.locator("#entry")
    taps.tap(entry.locator("[data-field=bidder]").get_by_text("Cat", exact=True))
    taps.tap(entry.locator("[data-field=bid]").get_by_text("7", exact=True))
    taps.tap(entry.locator("[data-field=trump]").get_by_text("♠ spades"))
    taps.tap(page.get_by_role("button", name="Lock the bids"))
    entry = page.locator("#entry")
    expect(entry.locator("[data-field=entry] input[value=points]")).to_be_checked()
    taps.type(entry.get_by_label("Points taken: Ann"), "8")
    taps.tap(page.get_by_role("button", name="Save deal"))
    expect(page.locator("tr.deal-row")).to_have_count(2)
    assert taps.count == 6


def test_docs_pictures(browser, live_server):
    """The README's pictures (viewport-sized): tablet, phone, big numbers, dark, Japanese."""
    chromium, device = browser
    deals = [RAMSCH, {"type": "grand_hand", "soloist": 1, "soloist_points": 95, "jacks": ["JC", "JS"],
                      "contra": "contra"},
             {"type": "ramsch", "pushed": 1, "points": [60, 30, 30]},
             {"type": "ramsch", "pushed": 0, "points": [10, 80, 30]},
             {"type": "grand_hand", "soloist": 0, "soloist_points": 70, "jacks": ["JC"], "contra": "none"}]
    shots = (("docs-tablet", device, None, "en-GB", ""), ("docs-phone", PHONE, None, "en-GB", ""),
             ("docs-big", device, None, "en-GB", "/big"), ("docs-dark", device, "dark", "en-GB", ""),
             ("docs-japanese", device, None, "ja-JP", ""))
    sid = None
    for name, options, scheme, locale, suffix in shots:
        context = chromium.new_context(**options, base_url=live_server, locale=locale, color_scheme=scheme or "light")
        page = context.new_page()
        if sid is None:
            sid = api_session(page, players=("Anna", "Ben", "Carl"), options={"deals": 12}, deals=deals)
        if locale == "ja-JP":
            context.add_cookies([{"name": "lang", "value": "ja", "url": live_server}])
        page.goto(f"/sessions/{sid}{suffix}")
        if not suffix:
            entry = page.locator("#entry")
            entry.locator("input[name='points-0']").fill("20")  # Anna and Ben, in either language
            entry.locator("input[name='points-1']").fill("40")
            page.locator("#entry button[type=submit]").click()
            expect(page.locator("#flash")).to_be_visible()
            page.locator(".chart-box summary").click()
            expect(page.locator("svg.chart polyline").first).to_be_attached()  # loaded when opened
            page.evaluate("window.scrollTo(0, 0)")
        screenshot(page, name, full_page=False)
        context.close()


def test_the_service_worker_keeps_the_shell_and_the_last_page_for_offline(page):
    sid = api_session(page, options={"deals": 8}, deals=[RAMSCH])
    page.goto(f"/sessions/{sid}")
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== undefined")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now controlled: this load is kept for offline
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    for shell_file in ("/static/js/htmx-2.0.11.min.js", "/static/js/app.min.js", "/offline"):
        kept = f"caches.open('scorekeeper-shell-v8').then(c => c.match('{shell_file}')).then(r => !!r)"
        assert page.evaluate(kept), f"{shell_file} is not in the shell"
    page.context.set_offline(True)
    page.goto("/history?page=7")  # never seen: the offline page, in the table's language, styled
    expect(page.get_by_role("heading", name="Offline")).to_be_visible()
    assert page.evaluate("getComputedStyle(document.body).margin") == "0px"
    # the board opened again: as last seen. (Opened last: leaving a kept copy for another page, Chromium
    # now and then reloads the copy after the other page came, without any script asking for it.)
    page.goto(f"/sessions/{sid}")
    expect(totals(page)).to_have_text(["0", "0", "22"])
    expect(page.locator("html[data-offline-copy]")).to_have_count(1)  # the kept copy, saying so
    # styled by the style sheet inside it (allowed by its hash: a refusal fails the test), scripts from the shell
    assert page.evaluate("getComputedStyle(document.querySelector('.pinned')).position") == "sticky"
    page.wait_for_function("window.htmx !== undefined")


def test_the_offline_page_follows_the_table_to_another_language(page):
    """r57b: the page for a place never kept stayed in the language the device first had, after the
    table switched to Japanese; the service worker keeps it again in the language of the pages."""
    page.goto("/")
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== undefined")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.get_by_role("button", name="日本語").click()
    expect(page.locator("html[lang=ja]")).to_have_count(1)
    page.wait_for_function("caches.open('scorekeeper-shell-v8').then(c => c.match('/offline'))"
                           ".then(r => !!r && r.headers.get('Content-Language') === 'ja')")
    page.context.set_offline(True)
    page.goto("/history?page=7")
    expect(page.get_by_role("heading", name="オフライン")).to_be_visible()


def test_a_correction_saved_offline_finds_its_way_back_to_what_was_typed(page):
    """r57b: a correction saved without the network ended on the offline page, whose one button led home;
    only the browser's Back found the typed values. The page now offers the way back to them."""
    sid = api_session(page, options={"deals": 8}, deals=[RAMSCH])
    page.goto(f"/sessions/{sid}")
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== undefined")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.locator("tr.deal-row").first.get_by_role("link", name="Correct").click()
    expect(page).to_have_url(re.compile(r"/edit$"))
    page.get_by_label(POINTS + "Ben").fill("17")
    page.context.set_offline(True)
    page.get_by_role("button", name="Save correction").click()
    expect(page.get_by_role("heading", name="Offline")).to_be_visible()
    back = page.get_by_role("link", name="Back to what you typed")
    expect(back).to_be_visible()
    back.click()
    expect(page).to_have_url(re.compile(r"/edit$"))
    expect(page.get_by_label(POINTS + "Ben")).to_have_value("17")
    page.context.set_offline(False)
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("#flash")).to_contain_text("Deal 1 corrected.")


def test_a_correction_being_typed_survives_a_reload_and_the_new_deal_draft_too(page):
    sid = api_session(page, options={"deals": 8}, deals=[RAMSCH])
    page.goto(f"/sessions/{sid}")
    page.locator("#entry").get_by_label(POINTS + "Anna").fill("20")  # a new deal half typed ...
    page.locator("tr.deal-row").first.get_by_role("link", name="Correct").click()
    expect(page).to_have_url(re.compile(r"/edit$"))  # the correction form is in (not the new deal's)
    expect(page.get_by_label(POINTS + "Ben")).to_have_value("7")
    page.wait_for_load_state()  # its script too (on a loaded CI machine the box came before it: typed unkept)
    page.get_by_label(POINTS + "Ben").fill("17")  # ... and a correction of deal 1
    page.reload()
    expect(page.get_by_label(POINTS + "Ben")).to_have_value("17")
    page.get_by_role("link", name="Cancel").click()
    expect(page.locator("#entry").get_by_label(POINTS + "Anna")).to_have_value("20")


def test_a_save_whose_answer_was_lost_is_not_entered_twice(page):
    sid = api_session(page, options={"deals": 8})
    page.goto(f"/sessions/{sid}")

    def stored_but_lost(route):
        route.fetch()  # the server stores the deal ...
        route.abort("connectionreset")  # ... and the answer never arrives

    page.route(re.compile(r".*/deals$"), stored_but_lost)
    page.locator("#entry").get_by_label(POINTS + "Anna").fill("20")
    page.locator("#entry").get_by_label(POINTS + "Ben").fill("40")
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("#save-status")).to_contain_text("Not saved")
    page.unroute(re.compile(r".*/deals$"))
    expect(page.locator("tr.deal-row")).to_have_count(1, timeout=12_000)  # resent with its key: answered as stored
    page.wait_for_timeout(6000)
    assert len(page.request.get(f"/api/v1/sessions/{sid}").json()["deals"]) == 1


def test_a_save_after_the_cookie_was_lost_comes_back_typed_and_is_not_resent_for_ever(page):
    """A tester cleared a tablet's cookies while a deal was typed: Save got a 400 and the page said "Not
    saved ... sent again in a few seconds", for ever; a correction got an error page whose way back lost
    what was typed. The form comes back with what was typed and why, and the next Save stores it once."""
    sid = api_session(page, options={"deals": 8})
    page.goto(f"/sessions/{sid}")
    # the service worker has kept its pages (/offline among them): its fetch, landing after the cookies
    # are cleared, would set a session cookie of its own over the one the refusal's form is for (seen once in CI)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.locator("#entry").get_by_label(POINTS + "Anna").fill("20")
    page.locator("#entry").get_by_label(POINTS + "Ben").fill("40")
    page.context.clear_cookies()
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("#entry [role=alert]")).to_have_text("The page was out of date; please try again.")
    expect(page.locator("#save-status")).to_be_hidden()
    expect(page.locator("#entry").get_by_label(POINTS + "Anna")).to_have_value("20")
    expect(page.locator("#entry").get_by_label(POINTS + "Ben")).to_have_value("40")
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("tr.deal-row")).to_have_count(1)
    page.wait_for_timeout(6000)
    assert len(page.request.get(f"/api/v1/sessions/{sid}").json()["deals"]) == 1
    # a correction page's Save, the cookie lost again: the page comes back with the typed value and why
    page.locator("tr.deal-row").first.get_by_role("link", name="Correct").click()
    page.get_by_label(POINTS + "Anna").fill("30")
    page.get_by_label(POINTS + "Carl").fill("50")
    page.context.clear_cookies()
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("#correction [role=alert]")).to_have_text("The page was out of date; please try again.")
    expect(page.get_by_label(POINTS + "Anna")).to_have_value("30")
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("tfoot td.total")).to_have_text(["0", "0", "5"])


def test_the_answer_to_a_save_carries_the_changed_parts_and_a_fresh_form(any_mobile_page):
    """_board.html (oob): the answer to a save carries the changed parts of the board, the new row and
    a fresh entry form, not the whole board; for the change log only its own change: the tablet's
    list shows the latest three, newest first, and the number of the earlier ones, as a board read
    afresh does."""
    page = any_mobile_page
    sid = api_session(page, options={"deals": 8})
    page.goto(f"/sessions/{sid}")
    entry = page.locator("#entry")
    served = entry.locator("input").count()
    changes = page.locator("#revisions .revision")
    for number, (anna, ben) in enumerate(([20, 40], [30, 50], [10, 60], [40, 40], [25, 35]), start=1):
        entry.get_by_label(POINTS + "Anna").fill(str(anna))
        entry.get_by_label(POINTS + "Ben").fill(str(ben))
        with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/deals")) as answer:
            page.get_by_role("button", name="Save deal").click()
        body = answer.value.text()
        assert "<html" not in body and 'id="deal-rows"' not in body and 'hx-swap-oob="beforeend:#deal-rows"' in body
        expect(page.locator("#flash")).to_contain_text(f"Deal {number}:")
        expect(entry.get_by_label(POINTS + "Anna")).to_have_value("")  # the fresh form, whole
        expect(entry.get_by_label(POINTS + "Ben")).to_have_value("")
        expect(entry.locator("input")).to_have_count(served)
        expect(entry.locator("h2")).to_contain_text(f"Enter deal {number + 1}")
        expect(changes).to_have_count(min(number, 3))
        expect(changes.first).to_contain_text(f"Deal {number} entered.")
        expect(changes.last).to_contain_text(f"Deal {max(number - 2, 1)} entered.")
        expect(page.locator("#earlier-changes")).to_have_text(
            "" if number <= 3 else f"{number - 3} earlier change{'s' if number > 4 else ''}")
    stored = page.request.get(f"/api/v1/sessions/{sid}").json()
    expect(totals(page)).to_have_text([str(total) for total in stored["standings"]["totals"]])
    assert len(stored["deals"]) == 5
    lines = [text.split("Deal ", 1)[1] for text in changes.all_inner_texts()]
    page.reload()  # the board read afresh lists the same
    assert [text.split("Deal ", 1)[1] for text in changes.all_inner_texts()] == lines
    page.get_by_text("2 earlier changes").click()
    expect(changes).to_have_count(5)


def correcting_20_40_60(page) -> tuple[int, int]:
    """A Schieberamsch session of one Ramsch (20, 40, 60), its Correct page open: (session, deal)."""
    ramsch = {"type": "ramsch", "pushed": 0, "points": [20, 40, 60], "took_trick": [None, None, None]}
    sid = api_session(page, options={"deals": 8}, deals=[ramsch])
    deal = page.request.get(f"/api/v1/sessions/{sid}").json()["deals"][0]["id"]
    page.goto(f"/sessions/{sid}/deals/{deal}/edit")
    return sid, deal


def test_a_correction_recomputes_the_filled_remainder(any_mobile_page):
    """Issue 23, item 9: in a correction every count is typed; changing one refills the last box
    (the remainder) instead of breaking the sum of 120."""
    page = any_mobile_page
    sid, deal = correcting_20_40_60(page)
    correction = page.locator("#correction")
    expect(correction.get_by_label(POINTS + "Carl")).to_have_value("60")
    correction.get_by_label(POINTS + "Anna").fill("25")
    expect(correction.get_by_label(POINTS + "Carl")).to_have_value("55")
    # the remainder retyped so that no count is left for the box taking over its role (25 + 100): that box
    # keeps its stored count, it is not emptied (a tester saw a stored 1 vanish), and Save names the sum
    correction.get_by_label(POINTS + "Carl").fill("100")
    correction.get_by_label(POINTS + "Anna").focus()
    expect(correction.get_by_label(POINTS + "Ben")).to_have_value("40")
    correction.get_by_label(POINTS + "Carl").fill("55")
    expect(correction.get_by_label(POINTS + "Ben")).to_have_value("40")
    correction.get_by_role("button", name=re.compile("Save")).click()
    expect(page.locator("tr.deal-row")).to_have_count(1)
    stored = page.request.get(f"/api/v1/sessions/{sid}").json()["deals"][0]
    assert stored["values"]["points"] == [25, 40, 55]


def test_a_correction_changes_no_stored_count_the_table_did_not_touch_unmarked(any_mobile_page):
    """r53b: retyping the last count of three (the remainder) changed another player's stored count
    unmarked, and a wrong deal was stored. With two stored counts left, which to change is not the
    page's guess: both stay, and Save names the sum. A count changed for the rest is marked."""
    page = any_mobile_page
    sid, deal = correcting_20_40_60(page)
    correction = page.locator("#correction")
    correction.get_by_label(POINTS + "Carl").fill("70")
    correction.get_by_label(POINTS + "Anna").focus()
    expect(correction.get_by_label(POINTS + "Anna")).to_have_value("20")
    expect(correction.get_by_label(POINTS + "Ben")).to_have_value("40")
    expect(correction.locator("input.refilled")).to_have_count(0)
    correction.get_by_role("button", name=re.compile("Save")).click()
    expect(page.locator(".field-error:not([hidden])").first).to_contain_text("120")
    assert page.request.get(f"/api/v1/sessions/{sid}").json()["deals"][0]["values"]["points"] == [20, 40, 60]

    page.goto(f"/sessions/{sid}/deals/{deal}/edit")
    correction.get_by_label(POINTS + "Anna").fill("10")  # the last count is the rest: 70, marked
    expect(correction.get_by_label(POINTS + "Carl")).to_have_value("70")
    expect(correction.get_by_label(POINTS + "Carl")).to_have_class(re.compile("refilled"))
    expect(correction.get_by_label(POINTS + "Ben")).not_to_have_class(re.compile("refilled"))


# the rows of the board app.js kept for this page (0: none kept yet)
KEPT_BOARD_ROWS = """async () => {
  const kept = await (await caches.open('scorekeeper-boards-v1')).match(location.pathname);
  const html = kept ? await kept.text() : '';
  return html.includes('data-copy-at') ? (html.match(/class="deal-row"/g) || []).length : 0;
}"""
# every page copy the caches hold: (cache, path, rows, when app.js kept it), and what the page shows
KEPT_COPIES = """async () => {
  const copies = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!new URL(request.url).pathname.startsWith('/sessions/')) continue;
      const html = await (await cache.match(request)).text();
      copies.push([name, new URL(request.url).pathname, (html.match(/class="deal-row"/g) || []).length,
                   (html.match(/data-copy-at="([^"]+)"/) || [])[1]]);
    }
  }
  const root = document.documentElement;
  return {copies, shown: root.dataset.offlineCopy, controlled: !!navigator.serviceWorker.controller};
}"""


def board_under_the_service_worker(page, deals):
    """A board of a new Schieberamsch with these deals, loaded once the service worker controls it."""
    sid = api_session(page, options={"deals": 8}, deals=deals)
    page.goto(f"/sessions/{sid}")
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== undefined")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    return sid


def kept_rows(page, rows):
    """Waits until app.js has kept the board with `rows` deals for offline (polled: wait_for_function
    takes a promise for a truthy value and would not wait)."""
    for _ in range(50):
        if page.evaluate(KEPT_BOARD_ROWS) == rows:
            return
        page.wait_for_timeout(100)
    raise AssertionError(page.evaluate(KEPT_COPIES))


def test_offline_the_latest_board_is_kept_and_a_queued_save_survives_a_reload(page):
    """Issue 23, item 1: offline, a reload shows the board as of the last save (not the last full
    page load) and says it is an offline copy; a deal saved offline survives a reload and is sent
    once when the network is back."""
    sid = board_under_the_service_worker(page, [RAMSCH])
    entry = page.locator("#entry")
    entry.get_by_label(POINTS + "Anna").fill("20")
    entry.get_by_label(POINTS + "Ben").fill("40")
    page.get_by_role("button", name="Save deal").click()  # saved by htmx: no page load
    expect(page.locator("tr.deal-row")).to_have_count(2)
    kept_rows(page, 2)  # the copy kept after this save (one kept before it has one row)
    page.context.set_offline(True)
    page.reload()
    try:
        expect(page.locator("tr.deal-row")).to_have_count(2)  # deal 2 is there, as the tablet last saw it
    except AssertionError as error:  # which copy each cache holds, to find out why
        raise AssertionError(f"{error}\n{page.evaluate(KEPT_COPIES)}") from None
    expect(page.locator("#offline-copy")).to_be_visible()
    expect(page.locator("#offline-copy")).to_contain_text(re.compile(r"Offline copy from \d\d:\d\d( [AP]M)?, deal 3"))
    screenshot(page, "table-offline-copy")
    entry.get_by_label(POINTS + "Anna").fill("30")
    entry.get_by_label(POINTS + "Ben").fill("30")
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("#save-status")).to_contain_text("Not saved: no connection")
    page.reload()  # mid-deal, still offline: what was typed and the queued save are kept
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("30")
    expect(page.locator("#save-status")).to_contain_text("Not saved: no connection")
    page.context.set_offline(False)
    expect(page.locator("tr.deal-row")).to_have_count(3, timeout=12_000)
    expect(page.locator("#offline-copy")).to_be_hidden()
    expect(page.locator("#flash")).to_contain_text("Deal 3: ")  # said once sent (r57b: the live board said nothing)
    page.wait_for_timeout(6000)  # a retry would come within 5 s: nothing is sent twice
    assert len(page.request.get(f"/api/v1/sessions/{sid}").json()["deals"]) == 3


def test_offline_the_copy_is_the_board_last_loaded_in_its_language(page):
    """A tester's tablet: another device saved deal 2, the tablet reloaded (2 deals) and switched to
    Japanese; offline, a reload showed deal 1's board in English, kept after the tablet's own last
    save. A board loaded whole is kept as well as one a save answered."""
    sid = board_under_the_service_worker(page, [RAMSCH])
    kept_rows(page, 1)
    assert page.request.post(f"/api/v1/sessions/{sid}/deals", data={"values": RAMSCH}).status == 201
    page.reload()
    page.get_by_role("button", name="日本語").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    kept_rows(page, 2)
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("tr.deal-row")).to_have_count(2)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#offline-copy")).to_be_visible()


def test_a_waiting_deal_typed_over_and_saved_again_says_it_holds_the_new_values(browser, live_server):
    """r55a, r56a: offline, a deal saved and then typed over and saved again was replaced by the new
    values without a word. The line says the waiting deal holds what was typed; online, it is sent
    once, with those values."""
    page = new_page(browser, live_server, service_workers="block")
    sid = api_session(page, options={"deals": 8})
    page.goto(f"/sessions/{sid}")
    page.context.set_offline(True)
    page.wait_for_function("() => !navigator.onLine")
    entry = page.locator("#entry")
    entry.get_by_label(POINTS + "Anna").fill("20")
    entry.get_by_label(POINTS + "Ben").fill("40")
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("#save-status")).to_contain_text("This deal waits here")
    entry.get_by_label(POINTS + "Anna").fill("30")
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("#save-status")).to_contain_text("The waiting deal now holds what you typed")
    page.context.set_offline(False)
    expect(page.locator("tr.deal-row")).to_have_count(1, timeout=12_000)
    deals = page.request.get(f"/api/v1/sessions/{sid}").json()["deals"]
    assert [deal["values"]["points"] for deal in deals] == [[30, 40, 50]]
    page.context.close()


def test_a_queued_save_another_tablet_overtook_keeps_its_values_and_says_so(browser, live_server):
    """A deal saved offline while another tablet saves the same deal: back online, or in a tab opened
    again, it is sent with its key and board version, refused as stale, and the board says what the
    other device did with the typed values in the form; nothing is lost and nothing entered twice.
    Without the service worker: Chromium's offline switch does not reach a request a service worker
    passes on, which then arrives while the page says it is offline (seen once in CI)."""
    page = new_page(browser, live_server, service_workers="block")
    sid = api_session(page, options={"deals": 8})

    def queue_offline(page, anna, ben):
        page.context.set_offline(True)
        page.wait_for_function("() => !navigator.onLine")
        page.locator("#entry").get_by_label(POINTS + "Anna").fill(anna)
        page.locator("#entry").get_by_label(POINTS + "Ben").fill(ben)
        page.get_by_role("button", name="Save deal").click()
        expect(page.locator("#save-status")).to_contain_text("Not saved: no connection")

    def told_with_values_kept(page, rows, deal, anna):
        expect(page.locator(".form-error.stale")).to_contain_text(f"Another device saved deal {deal} meanwhile")
        expect(page.locator("#entry").get_by_label(POINTS + "Anna")).to_have_value(anna)
        expect(page.locator("tr.deal-row")).to_have_count(rows)
        expect(page.get_by_role("button", name=f"Correct deal {deal} with mine")).to_be_visible()
        page.get_by_role("button", name=f"Save as deal {rows + 1}").click()  # the table checked: the next deal
        expect(page.locator("tr.deal-row")).to_have_count(rows + 1)

    page.goto(f"/sessions/{sid}")
    queue_offline(page, "25", "35")
    other_tablet_saves(live_server, sid)
    page.context.set_offline(False)  # the 'online' event sends it again
    told_with_values_kept(page, 1, 1, "25")
    # the tab closed while the save waited: the board opened again sends it
    queue_offline(page, "10", "20")
    context = page.context
    page.close()
    other_tablet_saves(live_server, sid)
    context.set_offline(False)
    page = context.new_page()
    page.goto(f"/sessions/{sid}")
    told_with_values_kept(page, 3, 3, "10")
    page.wait_for_timeout(6000)  # a retry would come within 5 s: nothing is sent twice
    deals = page.request.get(f"/api/v1/sessions/{sid}").json()["deals"]
    assert [deal["values"]["points"][:2] for deal in deals] == [[0, 7], [25, 35], [0, 7], [10, 20]]
    context.close()


# each number cell's text on one line and inside its cell, and each pinned total inside its box
NUMBERS_WHOLE = """() => {
  const lines = cell => { const range = document.createRange(); range.selectNodeContents(cell);
                          return new Set([...range.getClientRects()].map(rect => Math.round(rect.top))).size; };
  const wide = cell => { const range = document.createRange(); range.selectNodeContents(cell);
                         return range.getBoundingClientRect().width > cell.getBoundingClientRect().width; };
  return {broken: [...document.querySelectorAll('.board-table .pts, .board-table .total')]
                    .filter(cell => cell.textContent.trim() && (lines(cell) > 1 || wide(cell)))
                    .map(cell => cell.textContent),
          spilled: [...document.querySelectorAll('.bar-seat')].filter(seat => seat.scrollWidth > seat.clientWidth)
                    .map(seat => seat.textContent.trim())};
}"""


def test_large_text_on_a_phone_keeps_numbers_whole(browser, live_server):
    """A tester with the phone's text at 150 %: "-17" read as "-1" over "7" in a six-player board, and
    a Schieber total of 1016 ran out of its pinned box. Numbers shrink in narrow columns instead."""
    page = new_page(browser, live_server, PHONE)
    page.context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": {"standard": 24, "fixed": 20}})
    names = ("Anna", "Ben", "Carl", "Dora", "Emil", "Fay")
    deals = [{"points": [-17, 13, 100, -100, 5, 0]}, {"points": [999, -13, 917, 40, 2, 1]}]  # Carl 1017
    sid = api_session(page, game="free_pad", players=names, deals=deals)
    page.goto(f"/sessions/{sid}")
    assert page.evaluate(NUMBERS_WHOLE) == {"broken": [], "spilled": []}
    assert fits(page)
    screenshot(page, "large-text-numbers", full_page=False)
    page.context.close()


def test_a_long_dealers_name_is_cut_not_broken_in_a_deal_row(browser, live_server):
    """A tester's seven players on a phone: under each deal's number the dealer read "Alexand" over
    "ra". The name stays on one line, cut with an ellipsis as the column heads are."""
    page = new_page(browser, live_server, PHONE)
    names = ["Alexandra", "Bartholomew", "Christine", "Dominique", "Evangeline", "Frederick", "Gwendolyn"]
    sid = page.request.post("/api/v1/sessions", data={"game": "free_pad", "players": names}).json()["id"]
    for _ in range(2):
        assert page.request.post(f"/api/v1/sessions/{sid}/deals", data={"values": {"points": [1] * 7}}).ok
    page.goto(f"/sessions/{sid}")
    lines = page.locator("tr.deal-row .dealt").evaluate_all(
        "names => names.map(n => n.getBoundingClientRect().height / parseFloat(getComputedStyle(n).lineHeight))")
    assert len(lines) == 2 and max(lines) < 1.5, lines
    page.context.close()


def test_a_short_screen_keeps_its_height_for_the_form_not_the_pinned_totals(browser, live_server):
    """Testers with a phone held sideways or large text: the pinned totals took half the screen over
    the form. On a screen under 36em high they scroll with the page; a phone upright keeps them."""
    pinned = "() => getComputedStyle(document.querySelector('.pinned')).position"
    for size, position in (({"width": 390, "height": 844}, "sticky"), ({"width": 844, "height": 390}, "static")):
        page = new_page(browser, live_server, {**PHONE, "viewport": size})
        sid = api_session(page, options={"deals": 8}, deals=[RAMSCH])
        page.goto(f"/sessions/{sid}")
        assert page.evaluate(pinned) == position, size
        page.context.close()


def test_a_deal_typed_here_survives_the_other_tablet_saving_first(browser, live_server):
    """A tester's two tablets: tablet B had typed most of a deal and tapped outside the form; tablet
    A saved, B's board followed by itself and came back with an empty form, the typed deal deleted
    from the device too (a reload did the same). The board does not follow while a deal typed on it
    is not saved; reloaded, the typed values come into the fresh form with the board they were typed
    on; either way Save has the server say what the other tablet did."""
    page, sid, entry = tablet_typing(browser, live_server, deals=8)
    page.locator("h1").click()  # the finger leaves the form: the board may follow the table again
    other_tablet_saves(live_server, sid)  # deal 1
    page.wait_for_timeout(5000)  # a poll comes every 4 s: it leaves the board to the deal being typed
    expect(page.locator("tr.deal-row")).to_have_count(0)
    expect(entry.get_by_label(POINTS + "Ben")).to_have_value("35")
    # but says that the board moved on (a tester's tablet followed nothing until it saved)
    expect(page.locator("#save-status")).to_have_text(
        "Changed on another device meanwhile: your deal stays here, and Save says what changed.")
    page.reload()
    expect(page.locator("tr.deal-row")).to_have_count(1)
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("25")
    expect(entry.get_by_label(POINTS + "Ben")).to_have_value("35")
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator(".form-error.stale")).to_contain_text("Another device saved deal 1 meanwhile")
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("25")
    page.reload()  # told once: the values are kept for the board they are now for (a tester's Save was refused again)
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("25")
    page.get_by_role("button", name="Save deal").click()  # the table checked: it is deal 2
    expect(page.locator("tr.deal-row")).to_have_count(2)
    deals = page.request.get(f"/api/v1/sessions/{sid}").json()["deals"]
    assert [deal["values"]["points"][:2] for deal in deals] == [[0, 7], [25, 35]]
    page.context.close()


def test_a_deal_another_tablet_saved_first_is_corrected_with_mine_or_saved_as_the_next(browser, live_server):
    """Two tablets typed deal 1 with other values. The later one chooses: "Correct deal 1 with mine"
    opens deal 1's correction with its values; Cancel there finds them again in the next deal's form
    (a retester's were gone), saved as deal 2. Then deal 3 typed on both: corrected with mine (with the
    correction's Undo), after which the next deal's form stays empty, a reload too."""
    page, sid, entry = tablet_typing(browser, live_server, deals=8)
    other_tablet_saves(live_server, sid)  # deal 1: Anna 0, Ben 7
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator(".form-error.stale")).to_contain_text("if yours is that deal too and right, correct it")
    expect(page.get_by_role("button", name="Save as deal 2")).to_be_visible()
    screenshot(page, "stale-save-choice", full_page=False)
    page.get_by_role("button", name="Correct deal 1 with mine").click()
    expect(page).to_have_url(re.compile(rf"/sessions/{sid}/deals/\d+/edit$"))
    expect(page.locator("h1")).to_contain_text("Correct deal 1")
    expect(page.get_by_label(POINTS + "Anna")).to_have_value("25")
    expect(page.get_by_label(POINTS + "Ben")).to_have_value("35")
    screenshot(page, "stale-save-as-correction", full_page=False)
    # the language switched there comes back to that page with the values (it went to a 405: a retester)
    page.get_by_role("button", name="日本語").click()
    expect(page.locator("h1")).to_contain_text("ディール1を訂正")
    expect(page.locator("#correction input[name='points-0']")).to_have_value("25")
    page.get_by_role("button", name="English").click()
    expect(page.get_by_label(POINTS + "Ben")).to_have_value("35")
    page.get_by_role("link", name="Cancel").click()
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("25")
    expect(entry.get_by_label(POINTS + "Ben")).to_have_value("35")
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("tr.deal-row")).to_have_count(2)
    # deal 3 typed here while the other tablet saved its own deal 3: this one's values are deal 3's
    entry.get_by_label(POINTS + "Anna").fill("50")
    entry.get_by_label(POINTS + "Ben").fill("40")
    other_tablet_saves(live_server, sid)
    page.get_by_role("button", name="Save deal").click()
    page.get_by_role("button", name="Correct deal 3 with mine").click()
    expect(page.get_by_label(POINTS + "Anna")).to_have_value("50")
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("#flash")).to_contain_text("Deal 3 corrected.")
    expect(page.locator("tr.deal-row")).to_have_count(3)
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("")  # what was typed went into deal 3
    page.reload()
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("")
    deals = page.request.get(f"/api/v1/sessions/{sid}").json()["deals"]
    assert [deal["values"]["points"][:2] for deal in deals] == [[0, 7], [25, 35], [50, 40]]
    page.context.close()


def test_a_deal_saved_after_a_correction_elsewhere_is_the_next_one_at_once(browser, live_server):
    """Another device corrected deal 1 while this tablet typed deal 2: one Save stores deal 2 (it
    had to be saved twice), the board comes back with the corrected deal and totals, and the line
    says so; the next deal's form is empty, after a reload too."""
    page, sid, entry = tablet_typing(browser, live_server, deals=8)
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("tr.deal-row")).to_have_count(1)
    entry.get_by_label(POINTS + "Anna").fill("50")
    entry.get_by_label(POINTS + "Ben").fill("40")
    first = page.request.get(f"/api/v1/sessions/{sid}").json()["deals"][0]["id"]
    request = urllib.request.Request(f"{live_server}/api/v1/sessions/{sid}/deals/{first}", method="PUT",
                                     data=json.dumps({"values": {**RAMSCH, "points": [0, 17, 103]}}).encode(),
                                     headers={"Content-Type": "application/json"})
    assert urllib.request.urlopen(request).status == 200
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("#flash")).to_contain_text(
        "Deal 1 was corrected on another device meanwhile; the totals include it.")
    expect(page.locator("tr.deal-row")).to_have_count(2)
    expect(page.locator(".form-error.stale")).to_have_count(0)
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("")
    deals = page.request.get(f"/api/v1/sessions/{sid}").json()
    assert [deal["values"]["points"][:2] for deal in deals["deals"]] == [[0, 17], [50, 40]]
    bar = page.locator(".bar-total")
    expect(bar).to_have_text([str(total) for total in deals["standings"]["totals"]])
    screenshot(page, "saved-after-a-correction-elsewhere", full_page=False)
    page.reload()
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("")
    page.context.close()


def test_the_same_deal_saved_on_two_tablets_is_stored_once(browser, live_server):
    """A tester's two tablets saved the same deal at once; the later one, told to check and save again,
    saved it a second time. It is now told the deal is stored once, with an empty form for the next
    deal, and a reload does not bring the typed values back."""
    page, sid, entry = tablet_typing(browser, live_server, deals=8)
    other = new_page(browser, live_server, service_workers="block")
    other.goto(f"/sessions/{sid}")
    other.locator("#entry").get_by_label(POINTS + "Anna").fill("25")
    other.locator("#entry").get_by_label(POINTS + "Ben").fill("35")
    other.get_by_role("button", name="Save deal").click()
    expect(other.locator("tr.deal-row")).to_have_count(1)
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("#flash")).to_have_text(
        "Another device saved deal 1 meanwhile, with the same values as this tablet: it is stored once.")
    expect(page.locator("tr.deal-row")).to_have_count(1)
    expect(page.locator("#entry h2")).to_contain_text("Enter deal 2")
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("")
    page.reload()
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("")
    assert len(page.request.get(f"/api/v1/sessions/{sid}").json()["deals"]) == 1
    other.context.close()
    page.context.close()


def test_the_tablet_that_saved_follows_the_other_devices_again(browser, live_server):
    """A tester's tablet A saved deal 7; the focus stayed on the form's heading, and the board stopped
    following: B's deal 8, a deletion, the end of the game were not shown until a tap elsewhere. Only
    a finger in the form's boxes (or a deal typed and not saved) holds the board still."""
    page, sid, entry = tablet_typing(browser, live_server, deals=8)
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("tr.deal-row")).to_have_count(1)
    expect(page.locator("#entry h2")).to_be_focused()
    other_tablet_saves(live_server, sid)  # deal 2
    expect(page.locator("tr.deal-row")).to_have_count(2, timeout=9000)  # the next poll, every 4 s
    page.context.close()


def test_a_late_save_comes_back_as_a_correction_of_the_last_deal(browser, live_server):
    """A tester's two tablets: the other saved the game's last deal first; the late tablet's values
    were shown nowhere. They come back in the correction form of that deal, with the reason, and
    stay there across a reload."""
    page, sid, entry = tablet_typing(browser, live_server, deals=1)
    other_tablet_saves(live_server, sid)  # the last deal
    page.get_by_role("button", name="Save deal").click()
    expect(page.get_by_role("alert")).to_contain_text("as a correction of that deal")
    expect(page.locator("h1")).to_contain_text("Correct deal 1")
    form = page.locator("#correction")
    expect(form.get_by_label(POINTS + "Anna")).to_have_value("25")
    expect(form.get_by_label(POINTS + "Ben")).to_have_value("35")
    screenshot(page, "table-late-save")
    page.reload()  # a tester reloaded instead of tapping Save: the values were gone
    expect(page.locator("h1")).to_contain_text("Correct deal 1")
    expect(form.get_by_label(POINTS + "Anna")).to_have_value("25")
    expect(form.get_by_label(POINTS + "Ben")).to_have_value("35")
    page.get_by_role("link", name="Cancel").click()  # it stood at the board's address: a tester's Cancel only scrolled
    expect(page.locator("#correction")).to_have_count(0)
    expect(page.locator("#status")).to_contain_text("Game over.")
    page.go_back()
    page.goto(f"/sessions/{sid}")
    page.locator("tr.deal-row").first.get_by_role("link", name=re.compile("Correct")).click()
    form = page.locator("#correction")
    form.get_by_label(POINTS + "Anna").fill("25")
    form.get_by_label(POINTS + "Ben").fill("35")
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("#flash")).to_have_text("Deal 1 corrected.")
    deals = page.request.get(f"/api/v1/sessions/{sid}").json()["deals"]
    assert [deal["values"]["points"] for deal in deals] == [[25, 35, 60]]
    page.context.close()


def test_offline_the_phones_pages_say_they_are_copies_and_buttons_say_why_nothing_changed(page):
    """A tester's phones and tablet on a bad Wi-Fi: the watch page and big numbers showed old totals
    offline without a word (the board says "Offline copy from ..."); Undo did nothing and said
    nothing (it is said in the Save row now); a language button showed the browser's own error page."""
    sid = api_session(page, options={"deals": 8}, deals=[RAMSCH])
    page.goto(f"/sessions/{sid}/watch")
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== undefined")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    for path in ("watch", "big", ""):
        page.goto(f"/sessions/{sid}/{path}".rstrip("/"))
        page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    copy = re.compile(r"Offline copy from \d\d:\d\d( [AP]M)?, deal 2")
    for path in ("watch", "big"):
        page.goto(f"/sessions/{sid}/{path}")
        expect(page.locator("#offline-copy")).to_contain_text(copy)
    page.goto("about:blank")  # (an offline copy reloads itself when the network is back)
    page.context.set_offline(False)
    page.goto(f"/sessions/{sid}")
    entry = page.locator("#entry")
    entry.get_by_label(POINTS + "Anna").fill("20")
    entry.get_by_label(POINTS + "Ben").fill("40")
    click_and_settle(page, page.get_by_role("button", name="Save deal"))
    page.context.set_offline(True)
    page.wait_for_function("() => !navigator.onLine")
    toast = page.locator("#undo-toast")
    toast.get_by_role("button", name="Undo").click()
    expect(page.locator("#save-status")).to_have_text(
        "No connection to the scorekeeper: nothing was changed. Try again when it is back.")
    expect(page.locator("tr.deal-row")).to_have_count(2)
    page.get_by_role("button", name="日本語").click()
    expect(page.locator("h1")).to_have_text("Offline")  # the app's page, in the language it was kept in
    page.context.set_offline(False)


def test_a_phone_following_the_table_says_when_it_lost_the_network(phone):
    """A tester's phone lying on the table with big numbers open: the Wi-Fi dropped and the old totals
    stayed without a word (the notice came only with a reload from the kept copy). A poll that cannot
    reach the server shows "Offline copy from HH:MM, deal N"; the network back, the page is fresh."""
    page = phone
    sid = api_session(page, options={"deals": 8}, deals=[RAMSCH])
    for path in ("big", "watch"):
        page.goto(f"/sessions/{sid}/{path}")
        expect(page.locator("#offline-copy")).to_be_hidden()
        page.context.set_offline(True)
        expect(page.locator("#offline-copy")).to_contain_text(
            re.compile(r"Offline copy from \d\d:\d\d, deal 2"), timeout=10_000)  # the next poll, within 4 s
        page.context.set_offline(False)
        expect(page.locator("#offline-copy")).to_be_hidden(timeout=10_000)


def test_a_deck_opened_before_can_be_tapped_offline(page):
    """A tester offline at a Handjass table: a Weis is entered only by tapping cards, and the decks
    are drawn when their picker opens, so offline the picker had no cards. A deck opened on this
    device before is kept by the service worker and drawn from there offline."""
    sid = api_session(page, game="handjass", players=("Anna", "Ben", "Carl", "Dora"))
    page.goto(f"/sessions/{sid}")
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== undefined")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    weis = page.locator("#entry tr[data-field=weis] td").first
    weis.locator("summary").click()
    expect(weis.locator(".suit-row")).to_have_count(4)  # drawn from the network, and kept
    page.reload()  # a fresh form: its decks are drawn again when opened
    page.context.set_offline(True)
    page.wait_for_function("() => !navigator.onLine")
    weis.locator("summary").click()
    expect(weis.locator(".suit-row")).to_have_count(4)
    page.context.set_offline(False)


def test_enter_in_a_count_goes_to_the_next_empty_one_then_saves(page):
    """A keyboard tester typed Anna's count and pressed Enter: the deal was sent with Ben's and Carl's
    missing and refused. Enter now goes on to the next empty box; with none left (Carl's filled from
    the fixed sum) it saves."""
    sid = api_session(page, options={"deals": 8})
    page.goto(f"/sessions/{sid}")
    entry = page.locator("#entry")
    entry.get_by_label(POINTS + "Anna").focus()
    page.keyboard.type("30")
    page.keyboard.press("Enter")
    expect(entry.get_by_label(POINTS + "Ben")).to_be_focused()
    expect(page.get_by_role("alert")).to_have_count(0)  # nothing was sent
    page.keyboard.type("40")
    page.keyboard.press("Enter")
    expect(page.locator("tr.deal-row")).to_have_count(1)
    deals = page.request.get(f"/api/v1/sessions/{sid}").json()["deals"]
    assert deals[0]["values"]["points"] == [30, 40, 50]
    # a keyboard retester typed Ann's and Cy's points on a free pad, Ben's left empty: Enter went nowhere
    # but Save; after a typed box it goes back to an empty one before it
    pad = page.request.post("/api/v1/sessions", data={"game": "free_pad", "players": ["Ann", "Ben", "Cy"]})
    page.goto(f"/sessions/{pad.json()['id']}")
    entry.get_by_label("Points: Ann").fill("5")
    entry.get_by_label("Points: Cy").focus()
    page.keyboard.type("7")
    page.keyboard.press("Enter")
    expect(entry.get_by_label("Points: Ben")).to_be_focused()
    expect(entry.locator(".ask-empty")).to_be_hidden()  # not sent: Save's "an empty box counts 0?" not asked
    # the new-game form is no deal: Enter there starts the game, never stopping at the optional PIN
    page.goto("/sessions/new/schieberamsch")
    for seat, name in enumerate(("Ann", "Ben", "Cy")):
        page.locator(f"#players-{seat}").fill(name)
    page.get_by_label("Number of deals").focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/sessions/\d+$"))


def test_a_refused_box_keeps_its_focus_ring(page):
    """A tester at 200 % in dark mode: after a refused save the focus was on the refused box, but its
    faint red outline had replaced the focus ring. The ring stays; the red border says the rest."""
    sid = api_session(page, options={"deals": 8})
    page.goto(f"/sessions/{sid}")
    box = page.locator("#entry").get_by_label(POINTS + "Anna")
    box.fill("130")
    page.get_by_role("button", name="Save deal").click()
    expect(box).to_be_focused()
    ring = "element => [element.matches('.invalid, :user-invalid'), getComputedStyle(element).outlineWidth]"
    assert box.evaluate(ring) == [True, "3px"]


def test_keyboard_choices_errors_and_the_undo_toast(page):
    """Issue 23, item 11: Enter on a choice picks it and never submits; after a refused save the
    focus is on the first error's field; from the next heading Shift+Tab reaches the Undo, and the
    toast stays while it has the focus."""
    sid = api_session(page, options={"deals": 8})
    page.goto(f"/sessions/{sid}")
    entry = page.locator("#entry")
    grand = entry.get_by_role("radio", name="Grand Hand")
    grand.focus()
    page.keyboard.press("Enter")
    expect(grand).to_be_checked()
    expect(page.locator("tr.deal-row")).to_have_count(0)  # nothing was sent
    entry.get_by_role("radio", name="Ramsch").check(force=True)
    entry.get_by_label(POINTS + "Anna").fill("10")
    entry.get_by_label(POINTS + "Ben").fill("50")
    entry.get_by_label(POINTS + "Carl").fill("55")
    page.get_by_role("button", name="Save deal").click()
    expect(page.get_by_role("alert").first).to_contain_text("must add up to 120")
    expect(entry.get_by_label(POINTS + "Anna")).to_be_focused()  # (an expression polled in the page is an eval)
    page.clock.install()
    entry.get_by_label(POINTS + "Anna").fill("15")
    click_and_settle(page, page.get_by_role("button", name="Save deal"))
    expect(page.locator("tr.deal-row")).to_have_count(1)
    toast = page.locator("#undo-toast")
    expect(toast).to_be_visible()
    # the keyboard is at the next deal's heading; Shift+Tab goes up to the Undo (a tester needed 26 Tabs)
    expect(entry.locator("h2")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(toast.get_by_role("button", name="Undo")).to_be_focused()
    page.clock.run_for(11_000)
    expect(toast).to_be_visible()  # it has the focus: it stays
    page.locator("#entry").get_by_label(POINTS + "Anna").focus()
    page.clock.run_for(4_000)
    expect(page.locator("#undo-toast")).to_have_count(0)


def test_enter_in_the_filled_box_saves_and_a_lock_keeps_the_keyboard_in_the_form(page):
    """Enter in the open box of a fixed sum (its remainder shown as a ghost under the cursor) saves
    that remainder, as leaving the box does; after "Lock the bids" (no saved line to focus)
    the keyboard goes on in the next form, not from the top of the page."""
    sid = api_session(page, options={"deals": 8})
    page.goto(f"/sessions/{sid}")
    entry = page.locator("#entry")
    entry.get_by_label(POINTS + "Anna").fill("20")
    entry.get_by_label(POINTS + "Ben").fill("40")
    entry.get_by_label(POINTS + "Carl").focus()
    expect(entry.get_by_label(POINTS + "Carl")).to_have_attribute("placeholder", "60")
    page.keyboard.press("Enter")
    expect(page.locator("tr.deal-row")).to_have_count(1)
    expect(totals(page)).to_have_text(["0", "0", "6"])

    sid = api_session(page, game="pitch", players=("Ann", "Ben", "Cat", "Dan"))
    page.goto(f"/sessions/{sid}")
    for name, value in (("bidder", "1"), ("bid", "6"), ("trump", "S")):
        page.locator(f'#entry input[name="{name}"][value="{value}"]').check(force=True)
    page.get_by_role("button", name="Lock the bids").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".locked-bids")).to_be_visible()
    expect(page.locator("#entry h2")).to_be_focused()
    page.keyboard.press("Tab")
    assert page.evaluate("document.getElementById('entry').contains(document.activeElement)")


def test_a_refused_lock_shows_its_reason_and_escape_closes_a_picker(any_mobile_page):
    """Issue 23, item 11 (a keyboard tester): a refused "Lock the revealed cards" left the first
    player's 78-card picker open over its message, focused on its first card, and the phone's line
    under the row said "Anna: Anna reveals ..."; the pickers stay closed now, the first refused box's
    summary has the focus and the reason is in view, said once. Escape closes an open picker and gives the
    focus back to its summary; a focused card scrolls into view whole, not its corner."""
    page = any_mobile_page
    sid = api_session(page, game="stendhal", players=("Anna", "Ben", "Carl", "Dora", "Emil"))
    page.goto(f"/sessions/{sid}")
    page.get_by_role("button", name="Lock the revealed cards").focus()
    page.keyboard.press("Enter")
    reason = "Anna reveals exactly one card, not 0."
    # a phone says a box's message under the row, in the whole width (the box's own is for screen readers)
    phone = page.viewport_size["width"] < 600
    shown = page.locator("#entry tr.seat-errors p" if phone else "#entry td .field-error").first
    expect(shown).to_have_text(reason)
    expect(shown).to_be_in_viewport(ratio=1)
    expect(page.locator("details.fold[open]")).to_have_count(0)
    # the first box refused on the page has the focus: the middle's, above the players' (every problem at once)
    expect(page.locator("#middle-error")).to_have_text("The middle holds 3 cards; enter them.")
    first = page.locator("#entry details.fold > summary[aria-describedby=middle-error]")
    expect(first).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("details.fold[open]")).to_have_count(1)
    page.keyboard.press("Tab")
    card = page.locator("details.fold[open] label.card").filter(has=page.locator("input:focus"))
    expect(card).to_have_count(1)
    expect(card).to_be_in_viewport(ratio=1)
    box, face = card.locator("input").bounding_box(), card.bounding_box()
    assert box["height"] >= face["height"] - 1 and box["width"] >= face["width"] - 1  # the box lies over the card
    page.keyboard.press("Escape")
    expect(page.locator("details.fold[open]")).to_have_count(0)
    expect(first).to_be_focused()


def test_after_a_correction_the_saved_line_has_the_focus_and_the_row_is_shown(page):
    """A keyboard tester: after "Save correction" the page showed the corrected row and the focus was
    on the page itself, so the keyboard started from the top; it is on "Deal 1 corrected." now."""
    sid = api_session(page, deals=[{**RAMSCH, "contra": "none"}] * 2)
    page.goto(f"/sessions/{sid}")
    page.locator("tr.deal-row").first.get_by_role("link", name=re.compile("Correct")).click()
    page.get_by_role("radiogroup", name="Players who kept their hand (pushed the skat on)").get_by_text(
        "1", exact=True).click()  # (nothing changed would be said so, and logged nowhere)
    page.get_by_role("button", name="Save correction").click()
    flash = page.locator("#flash")
    expect(flash).to_have_text("Deal 1 corrected.")
    expect(flash).to_be_focused()
    expect(page.locator("tr.deal-row").first).to_be_in_viewport()


def test_after_the_bids_are_locked_the_boxes_to_fill_are_not_under_the_save_row(page):
    """A tester at an iPad: after "Lock the bids" in Yacht the page settled with the tricks' boxes
    under the Save row that sticks to the bottom; it shows the form down to Save now, as after a save."""
    sid = api_session(page, game="yacht", players=("Anna", "Ben", "Carl", "Dora"),
                      deals=[{"bid": ["tu"] * 4}, {"tricks": [4, 3, 3, 3]}] * 3)
    page.goto(f"/sessions/{sid}")
    entry = page.locator("#entry")
    for name in ("Anna", "Ben"):
        entry.get_by_label(f"T.U.: {name}", exact=True).check(force=True)
    for name, start, goal in (("Carl", 3, 5), ("Dora", 10, 0)):  # typing scrolls the page down to the boxes
        entry.get_by_label(f"Start number: {name}").fill(str(start))
        entry.get_by_label(f"Goal number: {name}").fill(str(goal))
    page.get_by_role("button", name="Lock the bids").click()
    expect(page.locator(".locked-bids")).to_be_visible()
    boxes = entry.locator("tr[data-field=tricks] input.num")
    expect(boxes).to_have_count(4)
    for index in range(4):
        box = boxes.nth(index).bounding_box()
        on_top = page.evaluate("([x, y]) => document.elementFromPoint(x, y).getAttribute('name')",
                               [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert on_top == f"tricks-{index}"  # the box itself, not the Save row over it


def test_a_deals_breakdown_correct_and_delete_are_reached_by_keyboard(any_mobile_page):
    """Issue 23, item 11: Tab reaches deal 1's breakdown, Enter opens it, Tab goes on to its Delete
    and to Correct, at tablet and phone width; every stop shows the focus ring."""
    page = any_mobile_page
    sid = api_session(page, options={"deals": 8}, deals=[RAMSCH] * 2)
    page.goto(f"/sessions/{sid}")
    row = page.locator("tr.deal-row").first

    def tab_to(target, limit=60):
        for _ in range(limit):
            page.keyboard.press("Tab")
            if target.evaluate("element => element === document.activeElement"):
                ring = target.evaluate("element => getComputedStyle(element).outlineStyle")
                assert ring == "solid", "the focused control shows the focus ring"
                return
        raise AssertionError(f"Tab never reached {target}")

    summary = row.locator("details.breakdown summary")
    tab_to(summary)
    page.keyboard.press("Enter")
    delete = row.get_by_role("button", name="Delete")
    expect(delete).to_be_visible()
    tab_to(delete, limit=10)
    screenshot(page, f"table-keyboard-delete-{page.size_name}", full_page=False)
    tab_to(row.get_by_role("link", name="Correct"), limit=10)
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(rf"/sessions/{sid}/deals/\d+/edit"))


def test_a_refused_delete_is_said_where_the_eye_is(any_mobile_page):
    """Found at a table: a Delete refused far down the deal rows put its message above the rows, under
    the pinned totals, and nothing seemed to happen. The message now comes into view below the
    pinned totals, with the focus, and says which deal to delete first."""
    page = any_mobile_page
    deals = [{"first": [9, 0, 0], "second": [0, 9, 0]}, {"first": [0, 9, 0], "second": [9, 0, 0]},
             {"first": [9, 0, 0], "second": [0, 0, 9]}, {"first": [1, 4, 4], "second": [0, 4, 5]}]
    sid = api_session(page, "italian_whist", ("Ann", "Ben", "Cat"), {"end": "target", "target": 10}, deals)
    page.goto(f"/sessions/{sid}")
    row = page.locator("tr.deal-row").nth(1)
    row.scroll_into_view_if_needed()
    row.locator("td").first.click()  # a tap on the row opens its breakdown (on a phone too)
    page.once("dialog", lambda dialog: dialog.accept())
    row.get_by_role("button", name="Delete").click()
    error = page.locator("#board-error")
    expect(error).to_have_text("With this change the game is over before deal 4: delete deal 4 first.")
    expect(error).to_be_focused()
    pinned = page.locator("#pinned").bounding_box()
    box = error.bounding_box()
    assert box["y"] >= pinned["y"] + pinned["height"] - 1 and box["y"] + box["height"] <= page.viewport_size["height"]
    screenshot(page, f"table-delete-refused-{page.size_name}", full_page=False)


def test_a_deleted_deal_is_said_and_undone_from_the_top(any_mobile_page):
    """Found at a table: a deal deleted from its row left no word of it and no Undo (a save has both);
    the way back was the change log at the foot of the page."""
    page = any_mobile_page
    second = {**RAMSCH, "points": [60, 30, 30], "took_trick": None}
    sid = api_session(page, options={"deals": 8}, deals=[RAMSCH, second, RAMSCH])
    page.goto(f"/sessions/{sid}")
    before = page.locator("tfoot td.total").all_text_contents()
    row = page.locator("tr.deal-row").nth(1)
    row.locator("td").first.click()
    page.once("dialog", lambda dialog: dialog.accept())
    row.get_by_role("button", name="Delete").click()
    expect(page.locator("#flash")).to_have_text("Deal 2 deleted.")
    expect(page.locator("tr.deal-row")).to_have_count(2)
    undo = page.locator("#undo-toast").get_by_role("button", name="Undo")
    expect(undo).to_be_in_viewport()
    screenshot(page, f"table-deleted-{page.size_name}", full_page=False)
    undo.click()
    expect(page.locator("#flash")).to_have_text("Deal 2 restored.")
    expect(page.locator("tr.deal-row")).to_have_count(3)
    expect(page.locator("tfoot td.total")).to_have_text(before)


def test_big_numbers_of_four_and_five_digits_fit_their_cards(any_mobile_page):
    """Found at a table: Schieber and Coiffeur totals reach four digits, and on an iPad "2617" ran into the
    next card and was cut ("2611"), the page wider than the screen. Each total fits its card."""
    page = any_mobile_page
    deals = [{"points": [2617, 1760, -12345, 998]}]
    sid = api_session(page, "free_pad", ("Anna", "Ben", "Carl", "Dora"), {}, deals)
    page.goto(f"/sessions/{sid}/big")
    expect(page.locator(".big-total")).to_have_text(["2617", "1760", "-12345", "998"])
    assert fits(page)
    spill = page.evaluate("""() => Array.from(document.querySelectorAll('.big-total')).map(total => {
        const card = total.closest('li').getBoundingClientRect(), box = total.getBoundingClientRect();
        return box.left >= card.left && box.right <= card.right && total.scrollWidth <= total.clientWidth + 1; })""")
    assert spill == [True] * 4
    screenshot(page, f"big-four-digits-{page.size_name}", full_page=False)


def test_a_long_name_over_a_column_breaks_instead_of_being_cut(browser, live_server):
    """A Japanese tester's "渡辺さくら子ABCDEFGHIJKLMN" stood over its column cut at "ABCDEFGHIJK", with no
    "…" to say so; five players' "Alexandra" read "Alexand". Up to five players a name takes its two
    lines, a run without a space breaking inside it; nothing runs past its column's edge."""
    page = new_page(browser, live_server, {**PHONE, "is_mobile": True})
    for game, names in (("italian_whist", ("Zoë", "渡辺さくら子ABCDEFGHIJKLMN", "太郎")),
                        ("stendhal", ("Alexandra", "Maximilian", "Christopher", "Dorothea", "Emil"))):
        page.goto(f"/sessions/{api_session(page, game=game, players=names)}")
        heads = page.locator("table.board-table thead .head-name, #entry thead .head-name")
        expect(heads.first).to_be_visible()
        # cut: wider than its box by more than the few pixels a "…" may stand out (it was 30 to 40)
        cut = heads.evaluate_all("names => names.filter(n => n.offsetParent && n.scrollWidth > n.clientWidth + 8)"
                                 ".map(n => n.textContent.trim())")
        assert cut == [], (game, cut)
    page.context.close()


def test_a_name_on_two_lines_in_the_pinned_totals_keeps_them_level(browser, live_server):
    """A tester's "Franziska-Magdalena" took two lines in the pinned totals on a phone, left-aligned
    while the other names stood centred, and her total stood a line below the others'."""
    page = new_page(browser, live_server, {**PHONE, "is_mobile": True})
    page.goto(f"/sessions/{api_session(page, players=('Dora', 'Emil', 'Franziska-Magdalena'))}")
    names, totals_ = page.locator("#pinned .bar-name"), page.locator("#pinned .bar-total")
    expect(totals_).to_have_count(3)
    lines = names.evaluate_all("names => names.map(n => Math.round(n.getBoundingClientRect().height / "
                               "parseFloat(getComputedStyle(n).lineHeight)))")
    assert lines == [1, 1, 2]
    assert set(names.evaluate_all("names => names.map(n => getComputedStyle(n).textAlign)")) == {"center"}
    tops = totals_.evaluate_all("totals => totals.map(t => Math.round(t.getBoundingClientRect().top))")
    assert len(set(tops)) == 1, tops
    screenshot(page, "phone-two-line-name-in-the-totals", full_page=False)
    page.context.close()

"""Issue 24: what the table does with a result after the game. The watch page (and the board)
offer the result as a picture a phone can share and the whole session printed on A4; the board
opens "Score under other rules"."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import screenshot
from .test_table_ui import RAMSCH, api_session, fits

pytestmark = pytest.mark.e2e


def test_the_watch_page_shares_the_picture_and_prints_the_score_sheet(any_page):
    page = any_page
    sid = api_session(page, options={"deals": 3}, deals=[RAMSCH] * 3)
    page.goto(f"/sessions/{sid}/watch")
    page.get_by_text("Share the result").click()
    picture = page.get_by_role("img", name="The result as a picture")
    expect(picture).to_be_visible()
    # drawn once it has come (visible is not loaded: read at once, it failed a fresh-clone run)
    page.wait_for_function("image => image.complete && image.naturalWidth > 0", arg=picture.element_handle())
    assert picture.evaluate("image => image.naturalWidth") == 640
    with page.expect_download() as download:  # no share sheet in a desktop Chromium: the PNG is downloaded
        page.get_by_role("button", name="Share the picture").click()
    assert download.value.suggested_filename == f"scorekeeper-{sid}.png"
    assert open(download.value.path(), "rb").read(8) == b"\x89PNG\r\n\x1a\n"
    screenshot(page, f"share-{page.size_name}", full_page=False)
    page.emulate_media(media="print")
    expect(page.locator(".board-links")).to_be_hidden()
    expect(page.locator("tr.deal-row")).to_have_count(3)
    expect(page.locator("tfoot .total")).to_have_text(["0", "0", "66"])
    screenshot(page, f"print-sheet-{page.size_name}")
    if page.size_name == "tablet":
        assert page.pdf(format="A4").startswith(b"%PDF")  # it prints (its picture: print-sheet-tablet)
    page.emulate_media(media="screen")
    page.goto(f"/sessions/{sid}/result.svg")
    screenshot(page, f"result-picture-{page.size_name}", full_page=False)


def test_the_printed_board_is_the_score_sheet_without_the_page_buttons(any_page):
    """Found by a tester: the board printed on A4 carried "New game with the same players" and the
    download buttons (a game ended early, its "Continue playing"), and no date."""
    page = any_page
    for options, deals, end_early in (({"deals": 3}, [RAMSCH] * 3, False), ({"deals": 8}, [RAMSCH] * 2, True)):
        sid = api_session(page, options=options, deals=deals)
        if end_early:
            assert page.request.post(f"/api/v1/sessions/{sid}/close").status == 200
        page.goto(f"/sessions/{sid}")
        buttons = [page.get_by_role("link", name=name) for name in ("Download JSON", "Download CSV")]
        buttons.append(page.get_by_role("button", name="Continue playing") if end_early
                       else page.get_by_role("link", name="New game with the same players"))
        buttons.append(page.get_by_text("Tap a deal to see how it was scored"))  # paper is not tapped (r55b)
        for button in buttons:
            expect(button).to_be_visible()
        when = page.locator(".board-head time")
        expect(when).to_be_hidden()  # the date is the printed sheet's; on screen the heading stays one line
        page.emulate_media(media="print")
        for button in buttons:
            expect(button).to_be_hidden()
        expect(when).to_be_visible()
        expect(when).to_have_text(re.compile(r"\b20\d\d\b"))
        expect(page.locator("tr.deal-row")).to_have_count(len(deals))
        page.emulate_media(media="screen")


def test_score_under_other_rules_from_the_board(any_page):
    page = any_page
    sid = api_session(page, options={"deals": 8}, deals=[RAMSCH] * 2)
    page.goto(f"/sessions/{sid}")
    page.get_by_role("link", name="Score under other rules").click()
    page.get_by_label("Number of deals").fill("1")
    page.get_by_role("button", name="Score again").click()
    expect(page).to_have_url(re.compile(rf"/sessions/{sid}/what-if\?"))
    expect(page.locator(".what-if-totals tbody td.total")).to_have_text(["0", "0", "0", "0", "44", "22"])
    expect(page.locator(".note")).to_contain_text("ends after deal 1: the last deal played does not count")
    screenshot(page, f"what-if-{page.size_name}")
    # an option refused: said beside its box, which takes the focus (r61b found it at the page's top)
    page.get_by_label("Number of deals").fill("-3")
    page.get_by_role("button", name="Score again").click()
    expect(page.get_by_label("Number of deals")).to_be_focused()
    expect(page.get_by_label("Number of deals")).to_have_attribute("aria-invalid", "true")
    # a deal the options cannot score: the refusal above the options takes the focus itself (r62a
    # found it on the first box, which says nothing of it)
    low = {"type": "grand_hand", "soloist": 2, "soloist_points": 10, "jacks": ["JC"], "all_tricks": False}
    sid = api_session(page, options={"deals": 8}, deals=[low])  # 10 card points: a trick or none?
    page.goto(f"/sessions/{sid}/what-if?score=1&option_deals=8&option_schwarz_both_ways=y")
    refusal = page.locator("form.what-if > p.form-error")
    expect(refusal).to_contain_text("cannot be scored")
    expect(refusal).to_be_focused()


def test_a_players_page_shows_what_they_counted_over_time_and_head_to_head(any_page):
    """Issue 24, item 2: the player's figures per game, their wins over time, and head to head."""
    page = any_page
    for _ in range(2):
        api_session(page, options={"deals": 1}, deals=[RAMSCH])  # Carl's 113 lose the Ramsch
    page.goto("/players")
    page.get_by_role("link", name="Carl").first.click()
    expect(page.locator(".figures tr", has_text="Ramsch lost").locator("td")).not_to_have_text("0")
    page.get_by_label("Head to head with").select_option(label="Anna")
    page.get_by_role("button", name="Show").click()
    # the live server is shared by the browser tests: Carl and Anna may have played other games too
    expect(page.locator(".head-to-head tbody tr", has_text="Schieberamsch").locator("td").first).not_to_have_text("0")
    expect(page.locator("svg.chart:not(.places-chart)")).to_be_visible()  # the wins; the places beside them
    screenshot(page, f"player-{page.size_name}")


def test_a_players_page_filters_by_period_and_shows_the_average_place(any_page):
    """Issue 24, item 2: a period chosen with the date fields of a phone or a tablet narrows what the
    page counts; the average place is drawn beside the wins; a period that ends before it starts is
    said beside its field."""
    page = any_page
    for _ in range(2):  # players of their own: the live server is shared by the browser tests
        api_session(page, players=("Olga", "Pavel", "Quinn"), options={"deals": 1}, deals=[RAMSCH])
    page.goto("/players")
    page.get_by_role("link", name="Quinn").first.click()
    # the sessions were started today (UTC); a day either side keeps the test clear of midnight
    since, until = page.evaluate("[-1, 1].map(days => new Date(Date.now() + days * 864e5).toISOString().slice(0, 10))")
    page.get_by_label("From", exact=True).fill(since)
    page.get_by_label("To", exact=True).fill(until)
    page.get_by_role("button", name="Show").click()
    expect(page).to_have_url(re.compile(rf"since={since}&until={until}"))
    record = page.locator("#records tbody tr")
    expect(record).to_have_count(1)
    expect(record.locator("td").first).to_have_text("Schieberamsch")
    expect(record.locator("td").last).to_have_text("3.0")  # Quinn's 113 lose every Ramsch: 3rd of 3
    expect(page.locator("svg.places-chart")).to_be_visible()
    expect(page.get_by_text("Average place: 3.0 (1 is first).")).to_be_visible()
    assert fits(page)
    screenshot(page, f"player-period-{page.size_name}")
    page.get_by_label("From", exact=True).fill("2020-01-01")
    page.get_by_label("To", exact=True).fill("2019-12-31")
    page.get_by_role("button", name="Show").click()
    expect(page.locator("#until-error")).to_have_text("The end of the period is before its start.")
    expect(page.get_by_label("To", exact=True)).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("To", exact=True)).to_be_focused()  # the box, not its message (r62a)
    # the error under "To" moves no label and no box: the filters beside it stand level with it, and
    # every box sits right under its label, however tall the list of players beside it
    level, gaps = page.evaluate("""() => {
      const parts = filter => [filter.querySelector('.label'), filter.querySelector('select, input, button')]
        .map(element => element.getBoundingClientRect());
      const wrong = document.querySelector('.filters .has-error'), [label, box] = parts(wrong);
      const all = Array.from(document.querySelectorAll('.filters .filter'), parts);
      return [all.filter(([, other]) => other.left !== box.left && other.top < box.bottom && other.bottom > box.top)
                 .map(([otherLabel, other]) => [otherLabel.bottom - label.bottom, other.top - box.top]),
              all.map(([label, box]) => box.top - label.bottom)];
    }""")
    assert level and all(abs(label) < 1 and abs(box) < 1 for label, box in level), level
    assert all(0 <= gap < 12 for gap in gaps), gaps
    screenshot(page, f"player-period-error-{page.size_name}")
    page.get_by_label("To", exact=True).fill("2020-01-31")
    page.get_by_role("button", name="Show").click()
    expect(page.locator("#sessions tbody")).to_have_text("No sessions match the filters.")
    expect(page.locator(".field-error")).to_have_count(0)

"""A table plays Schieberamsch on a tablet: new session, three deals, a correction, the totals. The form asks
only what matters: "took a trick" only for a player with 0 card points, no "soloist took no trick" unless
its option is on."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import RAMSCH_POINTS, RAMSCH_TOOK, enter_ramsch, screenshot, start_session

pytestmark = pytest.mark.e2e


def test_three_deals_and_a_correction(page):
    start_session(page, "Schieberamsch", ("Anna", "Ben", "Carl"), options={"Number of deals": 6})
    page.evaluate("window.__sameDocument = true")

    # Deal 1 (seed example 1): two typed, the third filled in from 120. Only Anna (0 points) is asked whether
    # she took a trick: she did not.
    enter_ramsch(page, {"Anna": 0, "Ben": 7}, kept="2")
    expect(page.get_by_label(RAMSCH_POINTS + "Carl")).to_have_value("113")
    expect(page.get_by_label(RAMSCH_TOOK + "Anna")).to_be_visible()
    expect(page.get_by_label(RAMSCH_TOOK + "Ben")).to_be_hidden()
    expect(page.get_by_label(RAMSCH_TOOK + "Carl")).to_be_hidden()
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("tfoot td.total")).to_have_text(["0", "0", "90"])
    assert page.evaluate("window.__sameDocument") is True, "the deal was entered without reloading the page"
    expect(page.locator("#status")).to_contain_text("Ben deals")

    # A broken deal is refused beside the field and keeps what was typed.
    enter_ramsch(page, {"Anna": 10, "Ben": 50, "Carl": 55})
    page.get_by_role("button", name="Save deal").click()
    expect(page.get_by_role("alert").first).to_have_text(
        "Card points (skat with the last trick) must add up to 120, but Anna 10, Ben 50, Carl 55 add up to 115.")
    expect(page.get_by_label(RAMSCH_POINTS + "Carl")).to_have_value("55")
    expect(page.locator("tfoot td.total")).to_have_text(["0", "0", "90"])

    # Deal 2: Grand Hand by Ben, with 2, schneider, contra -> -24.
    entry = page.locator("#entry")
    entry.get_by_text("Grand Hand", exact=True).click()
    entry.locator("[data-field=soloist]").get_by_text("Ben", exact=True).click()
    entry.get_by_label("Soloist's card points (skat included)").fill("95")
    jacks = entry.locator("[data-field=jacks]")
    expect(jacks.locator(".suit-row")).to_have_count(1)  # the four jacks in one row, not one per row
    expect(jacks.locator(".suit-row label.card")).to_have_count(4)
    # named as a screen reader says a card (a tester heard "♣ J"), as the pickers' per-player cards are
    expect(jacks.get_by_role("checkbox", name="club J", exact=True)).to_have_count(1)
    entry.locator("[data-field=jacks]").get_by_text("♣J", exact=True).click()
    entry.locator("[data-field=jacks]").get_by_text("♠J", exact=True).click()
    expect(entry.get_by_label("Soloist took every trick")).to_have_count(1)
    expect(entry.get_by_label("Soloist took no trick")).to_have_count(0)  # only under schwarz_both_ways
    expect(entry.locator("tr[data-field=took_trick]")).to_be_hidden()  # a Ramsch question, with the points
    entry.locator("[data-field=contra]").get_by_text("contra (x2)").click()
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("tfoot td.total")).to_have_text(["0", "-24", "90"])
    expect(page.locator("#status")).to_contain_text("Ben deals")  # no rotation after a Grand Hand

    # Deal 3: all took tricks, Anna has most.
    enter_ramsch(page, {"Anna": 60, "Ben": 30})
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("tfoot td.total")).to_have_text(["6", "-24", "90"])
    expect(page.locator("#status")).to_contain_text("3 deals left")

    # The breakdown is one tap away.
    page.locator("tr.deal-row").nth(1).locator("summary").click()
    expect(page.locator("tr.deal-row").nth(1)).to_contain_text("24 x 5 = 120")
    screenshot(page, "schieberamsch-scoreboard")

    # Correct deal 2: it was lost with 60 points and no contra -> +9 for Ben; deal 3 is recomputed too.
    page.locator("tr.deal-row").nth(1).get_by_role("link", name="Correct").click()
    expect(page.get_by_label("Soloist's card points (skat included)")).to_have_value("95")
    page.get_by_label("Soloist's card points (skat included)").fill("60")
    page.locator("[data-field=contra]").get_by_text("none", exact=True).click()
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("tfoot td.total")).to_have_text(["6", "9", "90"])
    expect(page.locator("#revisions")).to_contain_text("Deal 2 corrected.")
    screenshot(page, "schieberamsch-after-correction")
    # The wrong deal was corrected: Undo puts it back as it was, deal 3 recomputed again.
    page.locator("#undo-toast").get_by_role("button", name="Undo").click()
    expect(page.locator("#flash")).to_have_text("The correction of deal 2 is taken back.")
    expect(page.locator("tfoot td.total")).to_have_text(["6", "-24", "90"])
    expect(page.locator("#undo-toast")).to_have_count(0)


def test_the_table_switches_to_japanese_and_it_sticks(page):
    start_session(page, "Schieberamsch", ("Aki", "Ben", "Chie"), options={"Number of deals": 6})
    enter_ramsch(page, {"Aki": 0, "Ben": 7}, kept="2")
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("tfoot td.total")).to_have_text(["0", "0", "90"])

    page.get_by_role("button", name="日本語").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#status")).to_contain_text("Benがディーラー")
    page.locator("tr.deal-row").first.locator("summary").click()
    expect(page.locator("tr.deal-row").first).to_contain_text("ラムシュ：2人が手札を替えず、×4。")

    # A refused deal explains itself in Japanese, next to the field.
    entry = page.locator("#entry")
    entry.get_by_label("カード点（スカートは最終トリックの人に）: Aki").fill("10")
    entry.get_by_label("カード点（スカートは最終トリックの人に）: Ben").fill("50")
    entry.get_by_label("カード点（スカートは最終トリックの人に）: Chie").fill("55")
    page.get_by_role("button", name="ディールを保存").click()
    expect(page.get_by_role("alert").first).to_have_text(
        "カード点（スカートは最終トリックの人に）の合計は120になるはずですが、Aki 10、Ben 50、Chie 55で合計115です。")

    page.goto("/history")  # the choice sticks across pages
    expect(page.get_by_role("heading", name="履歴")).to_be_visible()
    screenshot(page, "history-ja")


def test_a_remainder_passing_through_counts_does_not_tick_took_a_trick(page):
    """A tester typed Anna 0, then Ben 1-2-0 key by key: Carl's filled remainder went 119, 108, 0, and
    the 119 ticked "took a trick" for Carl, which stayed ticked at 0. The Durchmarsch (rules/schieberamsch.md,
    "Ramsch deal": one player takes every trick, -120) was stored as two players taking tricks (+12 x 2).
    An untouched tick follows the count: ticked above 0, not at 0."""
    start_session(page, "Schieberamsch", ("Anna", "Ben", "Carl"))
    entry = page.locator("#entry")
    entry.get_by_text("Ramsch", exact=True).click()
    entry.get_by_label(RAMSCH_POINTS + "Anna").fill("0")
    entry.get_by_label(RAMSCH_POINTS + "Ben").press_sequentially("120")
    entry.get_by_label(RAMSCH_POINTS + "Ben").blur()
    expect(entry.get_by_label(RAMSCH_POINTS + "Carl")).to_have_value("0")
    expect(entry.get_by_label(RAMSCH_TOOK + "Carl")).to_be_visible()
    expect(entry.get_by_label(RAMSCH_TOOK + "Carl")).not_to_be_checked()
    expect(entry.get_by_label(RAMSCH_TOOK + "Anna")).not_to_be_checked()
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("tfoot td.total")).to_have_text(["0", "-12", "0"])


def test_took_a_trick_is_asked_as_soon_as_a_count_is_0_not_when_the_box_is_left(page):
    """A tester typed Anna's 0 and saw no "took a trick" until she left the box, so a Save tapped
    straight away never asked it (rules/schieberamsch.md, "Ramsch deal": the question decides a
    Jungfrau). The question comes and goes with each key, the filled remainder's too."""
    start_session(page, "Schieberamsch", ("Anna", "Ben", "Carl"))
    entry = page.locator("#entry")
    entry.get_by_text("Ramsch", exact=True).click()
    anna, ben = entry.get_by_label(RAMSCH_POINTS + "Anna"), entry.get_by_label(RAMSCH_POINTS + "Ben")
    anna.press_sequentially("0")
    expect(anna).to_be_focused()
    expect(entry.get_by_label(RAMSCH_TOOK + "Anna")).to_be_visible()
    ben.press_sequentially("120")  # Carl's remainder is 0: his question too
    expect(ben).to_be_focused()
    expect(entry.get_by_label(RAMSCH_POINTS + "Carl")).to_have_value("0")
    expect(entry.get_by_label(RAMSCH_TOOK + "Carl")).to_be_visible()
    ben.press("Backspace")  # 12: Carl 108
    expect(entry.get_by_label(RAMSCH_TOOK + "Carl")).to_be_hidden()
    expect(entry.get_by_label(RAMSCH_TOOK + "Anna")).to_be_visible()


def test_a_tick_that_came_with_the_page_goes_when_the_count_falls_to_0(page):
    """A retester corrected a saved 30/30/60 Ramsch to a Durchmarsch (Anna 0, Ben 120): Anna's "took a
    trick", stored with her 30, came back ticked and was saved, scoring "only two took tricks" (+24)
    instead of -12 (rules/schieberamsch.md, "Ramsch deal"). The same after a reload mid-deal."""
    start_session(page, "Schieberamsch", ("Anna", "Ben", "Carl"))
    enter_ramsch(page, {"Anna": 30, "Ben": 30})
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("tfoot td.total")).to_have_text(["0", "0", "6"])
    page.locator("tr.deal-row").first.get_by_role("link", name="Correct").click()
    page.get_by_label(RAMSCH_POINTS + "Anna").fill("0")
    page.get_by_label(RAMSCH_POINTS + "Ben").fill("")
    page.get_by_label(RAMSCH_POINTS + "Ben").press_sequentially("120")
    page.get_by_label(RAMSCH_POINTS + "Carl").fill("0")
    expect(page.get_by_label(RAMSCH_TOOK + "Anna")).not_to_be_checked()
    expect(page.get_by_label(RAMSCH_TOOK + "Carl")).not_to_be_checked()
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("tfoot td.total")).to_have_text(["0", "-12", "0"])
    # a new deal: 30 and 30 typed, the page reloaded, then 0 and 120
    entry = page.locator("#entry")
    entry.get_by_text("Ramsch", exact=True).click()
    entry.get_by_label(RAMSCH_POINTS + "Anna").fill("30")
    entry.get_by_label(RAMSCH_POINTS + "Ben").fill("30")
    entry.get_by_label(RAMSCH_POINTS + "Ben").blur()
    page.reload()
    expect(entry.get_by_label(RAMSCH_POINTS + "Ben")).to_have_value("30")
    entry.get_by_label(RAMSCH_POINTS + "Anna").fill("0")
    entry.get_by_label(RAMSCH_POINTS + "Ben").fill("120")
    entry.get_by_label(RAMSCH_POINTS + "Ben").blur()
    expect(entry.get_by_label(RAMSCH_POINTS + "Carl")).to_have_value("0")
    expect(entry.get_by_label(RAMSCH_TOOK + "Anna")).not_to_be_checked()
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("tfoot td.total")).to_have_text(["0", "-24", "0"])


def test_the_tick_is_the_tables_answer_whatever_a_remainder_passes_through(page):
    """Retesters, on the correction page of a 0/30/90 Ramsch: Ben retyped 20, Carl typed 1-1-0, three
    Backspaces, 1-0-0; Anna's stored 0 stood in as the remainder (99, 89) and the page ticked her "took a
    trick", which stayed at 0: 10 stored where two took tricks score 2 x 100 / 10 = 20 (rules/
    schieberamsch.md, "Ramsch deal"). And a tick the table tapped for Anna went with a 99 passing through.
    The page never ticks or clears that box while counts are typed."""
    start_session(page, "Schieberamsch", ("Anna", "Ben", "Carl"))

    def correct_to_20_100(typo):
        page.locator("tr.deal-row").last.get_by_role("link", name="Correct").click()
        page.get_by_label(RAMSCH_POINTS + "Ben").fill("20")
        carl = page.get_by_label(RAMSCH_POINTS + "Carl")
        carl.click()
        if typo:
            carl.press_sequentially("110")
            for _ in range(3):
                carl.press("Backspace")
        carl.press_sequentially("100")
        carl.press("Tab")

    enter_ramsch(page, {"Anna": 0, "Ben": 30})  # Carl 90; Anna took no trick
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("tfoot td.total")).to_have_text(["0", "0", "18"])
    correct_to_20_100(typo=True)
    expect(page.get_by_label(RAMSCH_POINTS + "Anna")).to_have_value("0")
    expect(page.get_by_label(RAMSCH_TOOK + "Anna")).not_to_be_checked()
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("tfoot td.total")).to_have_text(["0", "0", "20"])

    enter_ramsch(page, {"Anna": 0, "Ben": 30}, took=["Anna"])  # all three took tricks: 90 / 10 = 9
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("tfoot td.total")).to_have_text(["0", "0", "29"])
    correct_to_20_100(typo=False)
    expect(page.get_by_label(RAMSCH_TOOK + "Anna")).to_be_checked()
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("tfoot td.total")).to_have_text(["0", "0", "30"])

"""A player's name corrected on the player's page, on a phone (names.rename_player): a typo's own
player joins the right name's, two who sat at one table are refused beside the box, and the board of
a renamed player's session says so in its change log."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, new_page, screenshot
from .test_stendhal_flow import assert_no_serious_violation
from .test_table_ui import RAMSCH, api_session

pytestmark = pytest.mark.e2e


def test_a_typo_joins_the_right_name_and_two_who_sat_together_stay_two(browser, live_server):
    page = new_page(browser, live_server, {**PHONE, "is_mobile": True})
    # names of their own: the live server is shared with other tests, whose players have other tables
    together = api_session(page, players=("Anouk", "Benedikt", "Cosima"), deals=[RAMSCH])
    typo = api_session(page, players=("Anuk", "Dorothea", "Emilio"), deals=[RAMSCH])
    page.goto("/players")
    page.locator("main").get_by_role("link", name="Benedikt", exact=True).click()
    page.get_by_text("Correct the name").click()
    name = page.get_by_label("New name")
    expect(name).to_have_value("Benedikt")
    name.fill("anouk")
    page.get_by_role("button", name="Save the name").click()
    expect(page.locator(".field-error")).to_have_text(
        f"Anouk and Benedikt sat at the same table (session {together}): they are two players. Choose another name.")
    expect(page.get_by_label("New name")).to_have_value("anouk")  # what was typed stays, the fold open
    expect(page.get_by_label("New name")).to_have_attribute("aria-invalid", "true")
    assert_no_serious_violation(page)
    screenshot(page, "player-name-refused", full_page=False)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
    page.goto("/players")
    page.locator("main").get_by_role("link", name="Anuk", exact=True).click()
    page.get_by_text("Correct the name").click()
    page.get_by_label("New name").fill("anouk")
    page.get_by_role("button", name="Save the name").click()
    expect(page.locator("h1")).to_have_text("Anouk")
    expect(page.locator("#flash")).to_have_text(
        "The two players are one now: their sessions and statistics are under this name.")
    expect(page.locator("#sessions tbody tr")).to_have_count(2)
    screenshot(page, "player-names-joined", full_page=False)
    page.goto(f"/sessions/{typo}")
    expect(page.locator(".bar-name").first).to_contain_text("Anouk")
    expect(page.locator("#revisions")).to_contain_text("Anuk is now called Anouk.")
    page.context.close()

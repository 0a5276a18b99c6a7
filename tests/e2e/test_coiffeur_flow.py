"""A table of four plays a whole Coiffeur on a tablet and on a phone: partners opposite (Anna & Cleo against
Ben & Dan), each deal the player who announced, the row (only the rows still open for that team are
offered), that team's card points (the other team's fill from 157) and a match; the Coiffeur Tafel fills
under the scores, and the game ends when both teams filled every row (shared/rules/coiffeur.md, worked
example 4: 3310 to 3077). Then the same board in Japanese, no wider than the phone."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, choose_option, click_and_settle, new_page, screenshot, start_session
from .test_table_ui import api_session, fits

pytestmark = pytest.mark.e2e
NAMES = ("Anna", "Ben", "Cleo", "Dan")  # clockwise; Anna & Cleo are team A, Ben & Dan team B
POINTS = "Card points: "
MATCH = "Match: all nine tricks"
ROWS = ("Eicheln ♠", "Rosen ♣", "Schilten ♦", "Schellen ♥", "Obenabe", "Undenufe", "Joker 1", "Joker 2")
# rules/coiffeur.md, worked example 4: each team's cells in rows 1-8
TEAM_A = (80, 95, 70, 100, 110, 60, 120, 85)
TEAM_B = (157, 40, 90, 75, 95, 88, 101, 70)


def enter_deal(page, announcer, row, points, match=False):
    """Tap who announced and the row, type the announcing team's card points under its first player."""
    entry = page.locator("#entry")
    entry.locator("[data-field=announcer]").get_by_text(announcer, exact=True).click()
    team = "a" if NAMES.index(announcer) % 2 == 0 else "b"
    entry.locator(f"[data-field=row_{team}]").get_by_text(row, exact=True).click()
    first = NAMES[0] if team == "a" else NAMES[1]
    entry.get_by_label(POINTS + first).fill(str(points))
    if match:
        entry.get_by_label(MATCH).check(force=True)


def save(page):
    click_and_settle(page, page.get_by_role("button", name="Save deal"))


def correct(page, number):
    """Tap Correct on a deal's row on the tablet; on the phone open its address (the row's tap that shows it
    there is tested in test_table_ui)."""
    link = page.locator("tr.deal-row").nth(number - 1).get_by_role("link", name="Correct")
    if page.size_name == "phone":
        page.goto(link.get_attribute("href"))
    else:
        link.click()


def tafel_cell(page, row, team):
    return page.locator("table.tafel tbody tr").nth(ROWS.index(row)).locator("td").nth(team)


def test_a_whole_coiffeur_fills_the_tafel_and_ends_when_every_row_is_played(any_page):
    page, shot = any_page, f"coiffeur-{any_page.size_name}"
    start_session(page, "Coiffeur", NAMES, "Anna", screenshot_form=page.size_name == "tablet")
    page.evaluate("window.__sameDocument = true")
    expect(page.locator("table.tafel caption")).to_have_text("Coiffeur Tafel")
    expect(page.locator("table.tafel tbody th")).to_have_text([f"{row} ×{factor}" for factor, row in
                                                               enumerate(ROWS, start=1)])
    expect(page.locator("table.tafel td.open")).to_have_count(16)
    # counter-clockwise: Dan (Anna's right) is forehand and names a row or pushes
    expect(page.locator(".note").first).to_contain_text("Dan names a row still open for their team or pushes to Cleo")
    assert fits(page)
    screenshot(page, f"{shot}-start")

    # rules/coiffeur.md, worked example 1: Anna & Cleo announce Undenufe (x6) and take 90: 540. Ben & Dan's
    # box fills itself with the rest of 157.
    enter_deal(page, "Cleo", "Undenufe", 90)
    expect(page.get_by_label(POINTS + "Ben")).to_have_value("67")
    save(page)
    assert page.evaluate("window.__sameDocument") is True, "saved without reloading the page"
    expect(page.locator("tfoot td.total")).to_have_text(["540", "0", "540", "0"])
    expect(tafel_cell(page, "Undenufe", 0)).to_have_text("90 540")
    expect(tafel_cell(page, "Undenufe", 1)).to_have_text("")
    expect(page.locator(".note").first).to_contain_text("Cleo names a row")  # Dan dealt: Cleo is forehand

    # Undenufe is no longer offered to Anna & Cleo, still to Ben & Dan
    page.locator("#entry [data-field=announcer]").get_by_text("Anna", exact=True).click()
    expect(page.locator("#entry [data-field=row_a]").get_by_text("Undenufe", exact=True)).to_have_count(0)
    expect(page.locator("#entry [data-field=row_a]").get_by_text("Obenabe", exact=True)).to_be_visible()
    expect(page.locator("#entry [data-field=row_b]").get_by_text("Undenufe", exact=True)).to_be_hidden()
    # a joker row asks how the joker was played, only while that team's joker row is chosen
    page.locator("#entry [data-field=row_a]").get_by_text("Joker 1", exact=True).click()
    expect(page.locator("#entry [data-field=joker_a]")).to_be_visible()
    page.locator("#entry [data-field=announcer]").get_by_text("Ben", exact=True).click()
    expect(page.locator("#entry [data-field=joker_a]")).to_be_hidden()

    # A match with fewer than 157 points is refused beside the match toggle; what was typed stays.
    enter_deal(page, "Ben", "Schellen ♥", 150, match=True)
    save(page)
    expect(page.locator("[data-field=match]").get_by_role("alert")).to_have_text(
        "A match means Ben & Dan took all nine tricks and so all 157 card points.")
    expect(page.get_by_label(POINTS + "Ben")).to_have_value("150")
    expect(page.get_by_label(MATCH)).to_be_checked()
    screenshot(page, f"{shot}-refused")

    # rules/coiffeur.md, worked example 2: Ben & Dan, Schellen (x4), all nine tricks: 257 x 4 = 1028.
    page.get_by_label(POINTS + "Anna").fill("")  # emptied, it takes the rest again
    page.get_by_label(POINTS + "Ben").fill("157")
    expect(page.get_by_label(POINTS + "Anna")).to_have_value("0")
    save(page)
    expect(page.locator("tfoot td.total")).to_have_text(["540", "1028", "540", "1028"])
    expect(tafel_cell(page, "Schellen ♥", 1)).to_have_text("257 1028")
    screenshot(page, f"{shot}-tafel")

    # Corrections turn the first two deals into worked example 4's: Undenufe 60 for Anna & Cleo, Schellen 75
    # without a match for Ben & Dan; the Tafel follows.
    correct(page, 1)
    page.get_by_label(POINTS + "Anna").fill("60")
    expect(page.get_by_label(POINTS + "Ben")).to_have_value("97")
    page.get_by_role("button", name="Save correction").click()
    expect(tafel_cell(page, "Undenufe", 0)).to_have_text("60 360")
    correct(page, 2)
    page.get_by_label(MATCH).uncheck(force=True)
    page.get_by_label(POINTS + "Anna").fill("82")  # Ben's box is the remainder: 75
    expect(page.get_by_label(POINTS + "Ben")).to_have_value("75")
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("tfoot td.total")).to_have_text(["360", "300", "360", "300"])

    # ... and the rest of worked example 4, row by row, A then B: 16 deals in all.
    for row, a, b in zip(ROWS, TEAM_A, TEAM_B):
        if row != "Undenufe":
            enter_deal(page, "Anna", row, a)
            save(page)
        if row != "Schellen ♥":
            enter_deal(page, "Dan", row, b)
            save(page)
    expect(page.locator("tfoot td.total")).to_have_text(["3310", "3077", "3310", "3077"])
    expect(page.locator("table.tafel td.open")).to_have_count(0)
    expect(page.locator("table.tafel tfoot tr").first.locator("td")).to_have_text(["3310", "3077"])
    expect(page.locator("table.tafel .difference td")).to_have_text("233")
    expect(page.locator("#status")).to_contain_text("Game over.")
    expect(page.locator("#status")).to_contain_text("Winners: Anna, Cleo")
    expect(page.locator("#entry")).to_have_count(0)
    assert fits(page)
    screenshot(page, f"{shot}-game-over")

    # the same board in Japanese: the Tafel's rows and the engine's sentences translated
    page.get_by_role("button", name="日本語").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("table.tafel caption")).to_have_text("コワファーの黒板")
    expect(page.locator("table.tafel tbody th").nth(4)).to_have_text("オベナベ ×5")
    assert fits(page)
    screenshot(page, f"{shot}-ja")
    page.goto("/sessions/new/coiffeur")
    choose_option(page, "欄", value="custom")  # the factor of every row is asked
    expect(page.get_by_label("ミゼール")).to_have_value("0")
    assert fits(page)
    screenshot(page, f"{shot}-ja-new-game")


def test_the_other_team_is_filled_to_157_again_after_undo_and_after_a_reload(page):
    """Found at a table: after Undo put a deal back (Ben 157, a match) and after a reload restored a typed
    deal, retyping one team's card points left the other box as it was, and Save was refused ("must add
    up to 157"). The other box takes the remainder again, as while typing a new deal."""
    start_session(page, "Coiffeur", NAMES, "Anna")
    enter_deal(page, "Ben", "Schellen ♥", 157, match=True)
    save(page)
    click_and_settle(page, page.locator("#undo-toast").get_by_role("button", name="Undo"))
    entry = page.locator("#entry")
    expect(entry.get_by_label(POINTS + "Ben")).to_have_value("157")
    entry.get_by_label(MATCH).uncheck(force=True)
    entry.get_by_label(POINTS + "Ben").fill("75")
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("82")
    page.reload()  # the typed deal comes back from its draft
    entry = page.locator("#entry")
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("82")
    entry.get_by_label(POINTS + "Ben").fill("100")
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("57")
    save(page)
    expect(page.locator("tr.deal-row")).to_have_count(1)


@pytest.mark.parametrize("width", [360, 320])
def test_the_tafel_and_the_shared_picture_stay_inside_a_small_phone(browser, live_server, width):
    """Long names on a 360 px Android phone: the Tafel fits (it made the whole page scroll sideways, its
    second team and totals off screen); on a 320 px one it scrolls in its own box. The result's picture
    fits too (it was 352 px wide)."""
    page = new_page(browser, live_server, {**PHONE, "viewport": {"width": width, "height": 740}})
    names = ["Margarethe", "Wolfgang", "Friederike", "Hans-Peter"]
    sid = api_session(page, "coiffeur", names)
    page.goto(f"/sessions/{sid}")
    page.locator("details.share summary").click()
    expect(page.locator("details.share img")).to_be_visible()
    assert fits(page)
    tafel = page.locator("table.tafel")
    if width == 360:
        assert tafel.evaluate("t => t.getBoundingClientRect().right") <= width
    screenshot(page, f"coiffeur-small-phone-{width}")
    page.context.close()


def test_a_long_team_name_breaks_over_its_tafel_column_on_a_phone(browser, live_server):
    """A tester's Coiffeur Tafel on a phone in Japanese was 443 px wide: the second team's column, headed
    by a 20-character name without a space, stood past the screen's edge with its 257 cut. The name breaks."""
    page = new_page(browser, live_server, {**PHONE, "is_mobile": True})
    names = ("Zoë", "渡辺さくら子ABCDEFGHIJKLMN", "太郎", "花子")
    match = {"announcer": 1, "row_b": "schellen", "points": [None, 257, None, None]}
    sid = api_session(page, game="coiffeur", players=names, deals=[match])
    page.goto("/")
    page.get_by_role("button", name="日本語").click()  # Japanese keeps words whole: the name did not break
    page.goto(f"/sessions/{sid}")
    tafel = page.locator("table.tafel")
    expect(tafel.locator("td.filled b")).to_have_text("257")
    right = tafel.evaluate("t => t.getBoundingClientRect().right")
    assert right <= PHONE["viewport"]["width"] and page.evaluate("document.documentElement.scrollWidth") <= 390
    assert tafel.locator("td.filled").evaluate("c => c.getBoundingClientRect().right") <= right
    page.context.close()

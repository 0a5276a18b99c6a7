"""Three players play Italian Whist on a tablet: the trump and the passing of the second hands shown before
each deal (shared/rules/italian-whist.md, the schedule table), tricks per half entered (each half 9), the
seed's example (5 - 3 = +2, 2 - 6 = -4), a refused half, a correction and the end after the agreed deals."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import screenshot, start_session

pytestmark = pytest.mark.e2e
NAMES = ("Ann", "Ben", "Cat")  # clockwise: each player's left neighbour is the next name
FIRST = "Tricks in the first half: "
SECOND = "Tricks in the second half (with the second hand held): "
DEALS = "Ben deals 18 cards each; everyone lays 9 face down as the second hand, " \
        "not to be looked at until the first half is over."


def dealt_by(name):
    return DEALS.replace("Ben", name, 1)


def type_half(page, prefix, values):
    """Type the tricks of one half, name by name; None leaves the box to the 'fill from 9' help."""
    for name, value in zip(NAMES, values):
        if value is not None:
            page.locator("#entry").get_by_label(prefix + name).fill(str(value))


def totals(page):
    return page.locator("tfoot td.total")


def test_schedule_halves_seed_example_refusal_correction_and_end(page):
    start_session(page, "Italian Whist", NAMES, "Ben", screenshot_form=True, options={
        "The game ends": "after a number of deals", "Number of deals": 4,
        "Tied for the highest total at the end": "the tied players share the win"})
    notes = page.locator(".note")
    page.evaluate("window.__sameDocument = true")

    # Before deal 1 (rules table: no trump, to the left neighbour); Ben deals, his left (Cat) leads the
    # first half, his right (Ann) the second.
    expect(notes).to_have_text([
        "Deal 1: no trump.",
        "Second hands go to the left neighbour: Ann → Ben, Ben → Cat, Cat → Ann.",
        dealt_by("Ben"),
        "Cat (the dealer's left) leads the first half; Ann (the dealer's right) leads the second half.",
    ])
    expect(page.locator("#status")).to_contain_text("4 deals left")
    # Each half's row says it adds up to 9.
    expect(page.locator("tr[data-field=first] th")).to_contain_text("(Σ 9)")
    expect(page.locator("tr[data-field=second] th")).to_contain_text("(Σ 9)")

    # Deal 1, the seed's example: Ann 5 and 3 -> +2, Ben 2 and 6 -> -4; Cat (filled in) 2 and 0 -> +2.
    type_half(page, FIRST, (5, 2, None))
    expect(page.get_by_label(FIRST + "Cat")).to_have_value("2")
    type_half(page, SECOND, (3, 6, None))
    expect(page.get_by_label(SECOND + "Cat")).to_have_value("0")
    screenshot(page, "italian_whist-entry")
    page.get_by_role("button", name="Save deal").click()
    expect(totals(page)).to_have_text(["2", "-4", "2"])
    expect(page.locator("tr.deal-row").nth(0).locator("td.pts")).to_have_text(["+2", "-4", "+2"])
    assert page.evaluate("window.__sameDocument") is True, "the deal was entered without reloading the page"

    # Before deal 2: still no trump, now to the right neighbour; Cat deals, Ann leads, Ben leads the second half.
    expect(page.locator("#status")).to_contain_text("Cat deals")
    expect(page.locator("#status")).to_contain_text("3 deals left")
    expect(notes).to_have_text([
        "Deal 2: no trump.",
        "Second hands go to the right neighbour: Ann → Cat, Ben → Ann, Cat → Ben.",
        dealt_by("Cat"),
        "Ann (the dealer's left) leads the first half; Ben (the dealer's right) leads the second half.",
    ])

    # A first half of 10 tricks is refused beside its row; everything typed stays.
    type_half(page, FIRST, (4, 3, 3))
    type_half(page, SECOND, (3, 3, None))
    expect(page.get_by_label(SECOND + "Cat")).to_have_value("3")
    page.get_by_role("button", name="Save deal").click()
    error = page.locator("[data-error-for=first]").get_by_role("alert")
    expect(error).to_have_text("Tricks in the first half must add up to 9, but Ann 4, Ben 3, Cat 3 add up to 10.")
    expect(page.locator("[data-error-for=second]")).to_have_count(0)
    for name, value in zip(NAMES, ("4", "3", "3")):
        expect(page.get_by_label(FIRST + name)).to_have_value(value)
    for name in NAMES:
        expect(page.get_by_label(SECOND + name)).to_have_value("3")
    expect(totals(page)).to_have_text(["2", "-4", "2"])
    expect(page.locator("tr.deal-row")).to_have_count(1)
    screenshot(page, "italian_whist-refused")

    # Cat had 2, not 3: deal 2 is Ann 4-3 = +1, Ben 3-3 = 0, Cat 2-3 = -1.
    page.get_by_label(FIRST + "Cat").fill("2")
    page.get_by_role("button", name="Save deal").click()
    expect(totals(page)).to_have_text(["3", "-4", "1"])
    expect(page.locator("tr.deal-row").nth(1).locator("td.pts")).to_have_text(["+1", "·", "-1"])

    # Before deal 3: everyone keeps their second hand; Ann deals.
    expect(page.locator("#status")).to_contain_text("Ann deals")
    expect(notes).to_have_text([
        "Deal 3: no trump.",
        "Everyone keeps their own second hand.",
        dealt_by("Ann"),
        "Ben (the dealer's left) leads the first half; Cat (the dealer's right) leads the second half.",
    ])
    # Deal 3, the seed's other example for Ann (2 and 6: -4), Ben the reverse (+4), Cat 1 and 1.
    type_half(page, FIRST, (2, 6, None))
    type_half(page, SECOND, (6, 2, None))
    page.get_by_role("button", name="Save deal").click()
    expect(totals(page)).to_have_text(["-1", "0", "1"])

    # Before deal 4: spades are trump, second hands to the left again; Ben deals again.
    expect(page.locator("#status")).to_contain_text("Ben deals")
    expect(page.locator("#status")).to_contain_text("1 deal left")
    expect(notes).to_have_text([
        "Deal 4: spades are trump.",
        "Second hands go to the left neighbour: Ann → Ben, Ben → Cat, Cat → Ann.",
        dealt_by("Ben"),
        "Cat (the dealer's left) leads the first half; Ann (the dealer's right) leads the second half.",
    ])
    screenshot(page, "italian_whist-before-deal-4")
    # Deal 4: Ann 3-1 = +2, Ben 3-4 = -1, Cat 3-4 = -1.
    type_half(page, FIRST, (3, 3, None))
    type_half(page, SECOND, (1, 4, None))
    page.get_by_role("button", name="Save deal").click()

    # The agreed 4 deals are played: the highest total wins.
    expect(totals(page)).to_have_text(["1", "-1", "0"])
    expect(page.locator("#status")).to_contain_text("Game over.")
    expect(page.locator("#status")).to_contain_text("Winner: Ann")
    expect(page.get_by_role("button", name="Save deal")).to_have_count(0)

    # The breakdown names the schedule and whose second hand each player held.
    first_row = page.locator("tr.deal-row").nth(0)
    expect(first_row.locator("summary")).to_have_text("Deal 1 (no trump, pass left): Ann +2, Ben -4, Cat +2")
    first_row.locator("summary").click()
    expect(first_row).to_contain_text("Ann: 5 - 3 (with Cat's second hand) = +2.")
    expect(first_row).to_contain_text("Ben: 2 - 6 (with Ann's second hand) = -4.")
    expect(page.locator("tr.deal-row").nth(3).locator("summary")).to_contain_text("Deal 4 (spades, pass left)")
    screenshot(page, "italian_whist-game-over")

    # Correct deal 2: the first half was Ann 2, Ben 3, Cat 4 -> -1, 0, +1; deals 3 and 4 are recomputed
    # and Cat now wins.
    page.locator("tr.deal-row").nth(1).get_by_role("link", name="Correct").click()
    expect(page.get_by_label(FIRST + "Ann")).to_have_value("4")
    expect(page.get_by_label(FIRST + "Cat")).to_have_value("2")
    page.get_by_label(FIRST + "Ann").fill("2")
    page.get_by_label(FIRST + "Cat").fill("4")
    screenshot(page, "italian_whist-correct")
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("#flash")).to_have_text("Deal 2 corrected.")  # said at the top, as a save is
    expect(totals(page)).to_have_text(["-1", "-1", "2"])
    expect(page.locator("tr.deal-row").nth(1).locator("td.pts")).to_have_text(["-1", "·", "+1"])
    third = page.locator("tr.deal-row").nth(2)
    third.locator("summary").click()
    expect(third.locator(".running")).to_have_text("Totals after this deal: -3 / 0 / 3")
    expect(page.locator("#status")).to_contain_text("Game over.")
    expect(page.locator("#status")).to_contain_text("Winner: Cat")
    expect(page.locator("#revisions")).to_contain_text("Deal 2 corrected.")
    screenshot(page, "italian_whist-after-correction")

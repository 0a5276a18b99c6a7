"""A table of six plays Stendhal on a tablet: each player's revealed card is tapped in that player's
column and locked before play, the app names the minus suits (breaking even a full tie by the
counter-clockwise order from the dealer's right), then each player's minus cards are tapped in per column.

Expected points come from shared/rules/stendhal.md: per minus suit -(n - 1) - rank of the lowest
card taken (A 1, J 11, Q 12, K 13; the A is the highest card in play), +1/+3/+6/+10 for 1-4 suits
taken without any minus card, 0 for no trick.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import open_fold, screenshot, start_session

pytestmark = pytest.mark.e2e
NAMES = ("Anna", "Ben", "Carl", "Dora", "Emil", "Fay")
SUITS_TAKEN = "Suits taken by a player without minus cards (0: no trick): "


def reveal(page, cards):
    """Tap each player's revealed card in that player's column of the bid-phase card row."""
    for name, card in cards.items():
        cell = page.locator("#entry tr[data-field=reveal] td").nth(NAMES.index(name))
        open_fold(cell)
        cell.locator(".cards").get_by_text(card, exact=True).click()


def lock_bids(page):
    page.get_by_role("button", name="Lock the revealed cards").click()


def tap_ranks(scope, row, name, ranks):
    """Tap ranks in one player's column of a per-seat card row (minus_cards / paired_cards)."""
    cell = scope.locator(f"tr[data-field={row}] td").nth(NAMES.index(name))
    open_fold(cell)
    for rank in ranks:
        cell.get_by_text(rank, exact=True).click()


def enter_play(scope, minus=None, paired=None, suits=None):
    for name, ranks in (minus or {}).items():
        tap_ranks(scope, "minus_cards", name, ranks)
    for name, ranks in (paired or {}).items():
        tap_ranks(scope, "paired_cards", name, ranks)
    for name, count in (suits or {}).items():
        scope.get_by_label(SUITS_TAKEN + name).fill(str(count))


def totals(page):
    return page.locator("tfoot td.total")


def test_six_players_three_deals_a_correction_and_the_end(page):
    # A short game: the session ends once somebody reaches -50.
    start_session(page, "Stendhal", NAMES, options={"The game ends at minus": "custom", "Custom limit": 50})
    expect(page.locator(".note").first).to_have_text("Anna deals 13 cards each (0 to the middle); Ben leads.")
    page.evaluate("window.__sameDocument = true")

    # --- Deal 1: the rules' first seed example. A player without a revealed card is refused first.
    reveal(page, {"Anna": "♣5", "Ben": "♣J", "Carl": "♥K", "Dora": "♣K", "Emil": "♥4"})
    lock_bids(page)
    expect(page.locator("tr[data-field=reveal] td").nth(5).get_by_role("alert")).to_have_text(
        "Fay reveals exactly one card, not 0.")
    expect(page.locator("tr[data-field=reveal] td").nth(3).locator("input[value=KC]")).to_be_checked()  # kept
    reveal(page, {"Fay": "♥J"})
    lock_bids(page)
    locked = page.locator(".locked-bids tr[data-locked=reveal] td")
    expect(locked).to_have_text(["♣5", "♣J", "♥K", "♣K", "♥4", "♥J"])
    screenshot(page, "stendhal-bids-locked")
    # Clubs 3 each with hearts, K = K, J = J, 5 > 4: clubs, and its pair diamonds, are the minus suits.
    # Anna: 5 clubs lowest 3 -> -(4 + 3) = -7, diamond 10 -> -10: -17 (the rules' scoring example).
    # Ben: clubs A Q 10 9 2 -> -(4 + 2) = -6. Carl: the other 12 diamonds, lowest 2 -> -(11 + 2) = -13.
    # Dora 3 suits +6, Emil 1 suit +1, Fay no trick 0.
    entry = page.locator("#entry")
    enter_play(entry,
               minus={"Anna": ["3", "4", "6", "7", "8"], "Ben": ["A", "Q", "10", "9", "2"]},
               paired={"Anna": ["10"], "Carl": ["A", "K", "Q", "J", "9", "8", "7", "6", "5", "4", "3", "2"]},
               suits={"Dora": 3, "Emil": 1})
    page.get_by_role("button", name="Save deal").click()
    expect(totals(page)).to_have_text(["-17", "-6", "-13", "6", "1", "0"])
    assert page.evaluate("window.__sameDocument") is True, "the deal was entered without reloading the page"
    expect(page.locator("#status")).to_contain_text("Ben deals")
    expect(page.locator(".note").first).to_have_text("Ben deals 13 cards each (0 to the middle); Carl leads.")
    row = page.locator("tr.deal-row").first
    expect(row.locator("summary")).to_have_text("Minus club and diamond")
    row.locator("summary").click()
    expect(row).to_contain_text("Minus suits: club (3 cards like another suit, higher ranks) and its pair diamond.")
    expect(row).to_contain_text("Anna: 5 club, lowest ♣3: -(4 + 3) = -7; 1 diamond, lowest ♦10: -(0 + 10) = -10; "
                                "total -17.")

    # --- Deal 2, Ben deals: spades and crosses tie on count and ranks (A, 9); counter-clockwise from
    # Anna (the dealer's right) Anna's cross comes first, so the app makes cross the minus suit.
    # One card entered for two players is refused first.
    reveal(page, {"Anna": "✚A", "Fay": "✚A", "Emil": "✚9", "Dora": "♠9", "Carl": "♥3", "Ben": "♦5"})
    lock_bids(page)
    expect(page.locator("tr[data-field=reveal] td").nth(5).get_by_role("alert")).to_have_text(
        "✚A is entered for both Anna and Fay.")
    reveal(page, {"Fay": "✚A"})  # untap
    reveal(page, {"Fay": "♠A"})
    lock_bids(page)
    expect(page.locator(".locked-bids tr[data-locked=reveal] td").nth(5)).to_have_text("♠A")

    # Minus cross (A and 9 out) and leaf. A revealed card cannot have been taken: refused, taps kept.
    entry = page.locator("#entry")
    enter_play(entry, minus={"Carl": ["A", "K", "Q", "J", "10"]})
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("tr[data-field=minus_cards] td").nth(2).get_by_role("alert")).to_have_text(
        "✚A was revealed before play; Carl cannot have taken it.")
    expect(page.locator("tr[data-field=minus_cards] td").nth(2).locator("input[value=K]")).to_be_checked()
    expect(totals(page)).to_have_text(["-17", "-6", "-13", "6", "1", "0"])
    screenshot(page, "stendhal-refused-revealed-card")
    # Anna: 12 leaves lowest 2 -> -13. Ben: leaf K -> -13. Carl: crosses K Q J 10 -> -(3 + 10) = -13.
    # Dora: crosses 8-2 -> -(6 + 2) = -8. Emil 4 suits +10, Fay 2 suits +3.
    entry = page.locator("#entry")
    tap_ranks(entry, "minus_cards", "Carl", ["A"])  # untap the revealed ace
    enter_play(entry,
               minus={"Dora": ["8", "7", "6", "5", "4", "3", "2"]},
               paired={"Anna": ["A", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"], "Ben": ["K"]},
               suits={"Emil": 4, "Fay": 2})
    page.get_by_role("button", name="Save deal").click()
    expect(totals(page)).to_have_text(["-30", "-19", "-26", "-2", "11", "3"])
    expect(page.locator("#status")).to_contain_text("Carl deals")
    row = page.locator("tr.deal-row").nth(1)
    row.locator("summary").click()
    expect(row).to_contain_text(
        "Minus suits: cross (♠ ✚ tie; Anna revealed first counter-clockwise) and its pair leaf.")

    # --- Deal 3, Carl deals: three spades revealed -> spade and heart. Anna reaches -57 <= -50.
    reveal(page, {"Anna": "♠2", "Ben": "♠3", "Carl": "♠4", "Dora": "♥K", "Emil": "♦Q", "Fay": "♣J"})
    lock_bids(page)
    # Anna: spades A K Q J 10 -> -(4 + 10) = -14 (the A is high), hearts A Q J 10 -> -(3 + 10) = -13: -27.
    # Ben: spades 9-5 -> -(4 + 5) = -9. Carl: hearts 9-2 -> -(7 + 2) = -9. Dora +1, Emil no trick, Fay +6.
    enter_play(page.locator("#entry"),
               minus={"Anna": ["A", "K", "Q", "J", "10"], "Ben": ["9", "8", "7", "6", "5"]},
               paired={"Anna": ["A", "Q", "J", "10"], "Carl": ["9", "8", "7", "6", "5", "4", "3", "2"]},
               suits={"Dora": 1, "Fay": 3})
    page.get_by_role("button", name="Save deal").click()
    expect(totals(page)).to_have_text(["-57", "-28", "-35", "-1", "11", "9"])
    expect(page.locator("#status")).to_contain_text("Game over.")
    expect(page.locator("#status")).to_contain_text("Winner: Emil")
    expect(page.locator("#entry")).to_have_count(0)
    row = page.locator("tr.deal-row").nth(2)
    row.locator("summary").click()
    expect(row).to_contain_text("Minus suits: spade (revealed most often (3 cards)) and its pair heart.")
    expect(row).to_contain_text("Anna: 5 spade, lowest ♠10: -(4 + 10) = -14; 4 heart, lowest ♥10: -(3 + 10) = -13; "
                                "total -27.")
    screenshot(page, "stendhal-game-over")

    # --- Correction: in deal 2 Emil took only two suits (+3, not +10). Emil drops to 4; Fay (9) wins.
    page.locator("tr.deal-row").nth(1).get_by_role("link", name="Correct").click()
    expect(page.locator("tr[data-field=reveal] td").nth(5).locator("input[value=AS]")).to_be_checked()
    expect(page.get_by_label(SUITS_TAKEN + "Emil")).to_have_value("4")
    screenshot(page, "stendhal-correct-form")
    page.get_by_label(SUITS_TAKEN + "Emil").fill("2")
    page.get_by_role("button", name="Save correction").click()
    expect(totals(page)).to_have_text(["-57", "-28", "-35", "-1", "4", "9"])
    expect(page.locator("#status")).to_contain_text("Winner: Fay")
    expect(page.locator("#revisions")).to_contain_text("Deal 2 corrected.")
    screenshot(page, "stendhal-after-correction")

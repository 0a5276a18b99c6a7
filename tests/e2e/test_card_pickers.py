"""Captured cards tapped on the card pickers, at iPad landscape and on a 390 x 844 phone: a Schieberamsch
and a Handjass deal entered by tapping cards (shared/rules/schieberamsch.md seed example 1, handjass.md
worked example 1), cards drawn in suit rows, big enough for a finger, taken cards marked in the other
piles, the last pile inferred. Taps are counted (every click and key) and printed for the report."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import open_fold, screenshot, start_session

pytestmark = pytest.mark.e2e
TAP_CARDS = {"Card points are entered as": "tap captured cards"}


class Taps:
    """Counts what a player does: a tap is one, a typed value is one tap plus its keys."""

    def __init__(self):
        self.count = 0

    def tap(self, locator):
        locator.click()
        self.count += 1

    def type(self, locator, text):
        locator.fill(text)
        self.count += 1 + len(text)


def kept_hand(entry, count):
    """The skat passes are tapped: one button per count."""
    return entry.get_by_role("radiogroup", name="Players who kept their hand (pushed the skat on)").get_by_text(
        count, exact=True)


def pile(page, seat):
    return page.locator(f"#entry .piles fieldset.pile[data-seat='{seat}']")


def assert_cards_fit(page, where):
    """Every visible card at least 44 x 44 px and inside the screen's width."""
    width = page.viewport_size["width"]
    # a picker opened by the one before it closing (Stendhal) loads its cards when it opens
    expect(page.locator(f"{where} label.card .face").locator("visible=true").first).to_be_visible()
    boxes = page.locator(f"{where} label.card .face").evaluate_all(
        "faces => faces.filter(f => f.checkVisibility()).map(f => { const r = f.getBoundingClientRect();"
        " return [r.width, r.height, r.right, f.textContent]; })")
    assert boxes, "no card is visible"
    assert min(box[0] for box in boxes) >= 44 and min(box[1] for box in boxes) >= 44, boxes[:3]
    outside = [box for box in boxes if box[2] > width]
    assert not outside, f"cards stick out of the {width} px screen: {outside[:3]}"


def test_schieberamsch_ramsch_by_tapping_cards(screen):
    kind, page = screen
    start_session(page, "Schieberamsch", ("Anna", "Ben", "Carl"), options=TAP_CARDS)
    taps, entry = Taps(), page.locator("#entry")
    typed = entry.get_by_label("Card points (skat with the last trick): Anna")
    expect(typed).to_be_hidden()
    # no typed row left: only who took a trick of 7, 8, 9 with no counting card, while nothing is tapped
    expect(entry.locator("table.seat-grid tr[data-field]").locator("visible=true")).to_have_count(1)
    expect(entry.locator("tr[data-field='blank_trick']")).to_be_visible()
    entry.get_by_text("type card points", exact=True).click()  # the deal's own choice switches back and forth
    expect(typed).to_be_visible()
    expect(entry.locator(".piles")).to_be_hidden()
    entry.get_by_text("tap captured cards", exact=True).click()
    expect(typed).to_be_hidden()
    expect(entry.locator(".pile-tab.rest")).to_have_text(re.compile("Carl.*the rest"))
    taps.tap(kept_hand(entry, "2"))
    taps.tap(entry.locator(".pile-tab[data-seat='1']"))  # Anna took no trick: nothing to tap for her
    # whose pile is open is a pressed button of a named group (no tab list, whose arrow keys it lacks)
    whose = entry.get_by_role("group", name="Whose cards")
    expect(whose.get_by_role("button", name=re.compile("^Ben"))).to_have_attribute("aria-pressed", "true")
    expect(whose.get_by_role("button", name=re.compile("^Anna"))).to_have_attribute("aria-pressed", "false")
    for card in ("♠K", "♠Q", "♠7"):
        taps.tap(pile(page, 1).get_by_text(card, exact=True))
    expect(entry.locator("table.seat-grid")).to_be_hidden()  # every card counts: no row left, the names go too
    expect(entry.locator(".pile-tab[data-seat='1'] .pile-sum")).to_have_text("3 cards · 7 points")
    expect(entry.locator(".pile-tab[data-seat='2'] .pile-sum")).to_have_text("the rest · 29 cards · 113 points")
    # Anna's pile shows Ben's cards as taken, with his initial, and they cannot be tapped.
    entry.locator(".pile-tab[data-seat='0']").click()
    king = pile(page, 0).locator("label.card", has=page.locator("input[value=KS]"))
    expect(king).to_have_class(re.compile("taken"))
    expect(king.locator("input")).to_be_disabled()
    expect(king.locator(".face")).to_have_attribute("data-owner", "B")
    # a screen reader hears whose it is, as the mark says it (a blind tester heard "spade K: Anna")
    expect(king.locator("input")).to_have_accessible_name("spade K: Ben")
    expect(pile(page, 0).locator("input[value=AS]")).to_have_accessible_name("spade A: Anna")
    assert_cards_fit(page, "#entry .piles")
    screenshot(page, f"cards-schieberamsch-{kind}")
    entry.locator(".pile-tab[data-seat='2']").click()
    expect(pile(page, 2).locator("label.card.inferred")).to_have_count(29)
    screenshot(page, f"cards-schieberamsch-rest-{kind}")
    taps.tap(page.get_by_role("button", name="Save deal"))
    expect(page.locator("tfoot td.total")).to_have_text(["0", "0", "90"])
    print(f"\nTAPS schieberamsch cards {kind}: {taps.count}")


def test_schieberamsch_card_given_twice_is_refused_naming_both(page):
    """At iPad size (conftest's page): the refusal does not depend on the screen."""
    start_session(page, "Schieberamsch", ("Anna", "Ben", "Carl"), options=TAP_CARDS)
    entry = page.locator("#entry")
    for card in ("♠A", "♠K", "♠7"):
        pile(page, 0).get_by_text(card, exact=True).click()
    # without JavaScript's guard the same card could reach the server: post it to see the engine refuse
    page.evaluate("document.querySelector(\"input[name='cards-1'][value='AS']\").checked = true")
    for card in ("♠Q", "♠8"):
        entry.locator(".pile-tab[data-seat='1']").click()
        pile(page, 1).get_by_text(card, exact=True).click()
    page.get_by_role("button", name="Save deal").click()
    expect(page.get_by_role("alert").first).to_have_text(
        "♠A is given to both Anna and Ben: each card goes to one player.")
    expect(pile(page, 1)).to_be_visible()  # the pile with the error is the one shown
    expect(pile(page, 1).locator("input[value=QS]")).to_be_checked()



def test_cards_tapped_survive_a_reload(page):
    """The decks come into the form once shown (htmx, on demand): a reload keeps the cards tapped
    (app.js's draft), though the decks are not drawn yet when the draft is put back."""
    start_session(page, "Schieberamsch", ("Anna", "Ben", "Carl"), options=TAP_CARDS)
    entry = page.locator("#entry")
    for card in ("♠A", "♠K"):
        pile(page, 0).get_by_text(card, exact=True).click()
    entry.locator(".pile-tab[data-seat='1']").click()
    pile(page, 1).get_by_text("♥A", exact=True).click()
    page.reload()
    for seat, code in ((0, "AS"), (0, "KS"), (1, "AH")):
        expect(pile(page, seat).locator(f"input[value={code}]")).to_be_checked()
    expect(page.locator(".pile-tab[data-seat='0'] .pile-sum")).to_have_text("2 cards · 15 points")

EXAMPLE_1 = {1: ["♣J", "♣9", "♣A", "♣10"],
             2: ["♠A", "♠10", "♥A", "♥10", "♣Q", "♠6", "♠7", "♠8"],
             3: ["♦A", "♦10", "♠K", "♠Q", "♠J", "♠9", "♥6", "♥7"]}


def test_handjass_deal_by_tapping_cards(screen):
    """handjass.md worked example 1: trump clubs, counts 60 (last trick), 45, 30, 22 -> +1 +1 0 -1."""
    kind, page = screen
    names = ("Anna", "Ben", "Carl", "Dora")
    start_session(page, "Handjass", names, options=TAP_CARDS)
    taps, entry = Taps(), page.locator("#entry")
    taps.tap(entry.locator("[data-field=trump]").get_by_text("♣ clubs", exact=True))
    for name in names:  # everyone plays: ticked already
        expect(entry.locator("[data-field=playing]").get_by_label(name, exact=True)).to_be_checked()
    dora = entry.locator("[data-field=playing]").get_by_text("Dora", exact=True)
    dora.click()  # Dora sits out: her pile is not offered; back in: it is (not counted as taps)
    expect(entry.locator(".pile-tab[data-seat='3']")).to_be_hidden()
    dora.click()
    expect(entry.locator(".pile-tab[data-seat='3']")).to_be_visible()
    taps.tap(entry.locator("[data-field=last_trick]").get_by_text("Anna", exact=True))
    for number, cards in EXAMPLE_1.items():
        seat = number - 1
        if seat:
            taps.tap(entry.locator(f".pile-tab[data-seat='{seat}']"))
        for card in cards:
            taps.tap(pile(page, seat).get_by_text(card, exact=True))
    # Anna's 60 of the worked example: her cards' 55 and the last trick's 5 (so the piles add up to 157)
    expect(entry.locator(".pile-tab[data-seat='0'] .pile-sum")).to_have_text("4 cards · 55 + 5 points")
    expect(entry.locator(".pile-tab[data-seat='3'] .pile-sum")).to_have_text("the rest · 16 cards · 22 points")
    last_trick = entry.locator("[data-field=last_trick]")
    last_trick.get_by_text("Dora", exact=True).click()  # the 5 follows the last trick (not a tap of the deal)
    expect(entry.locator(".pile-tab[data-seat='0'] .pile-sum")).to_have_text("4 cards · 55 points")
    expect(entry.locator(".pile-tab[data-seat='3'] .pile-sum")).to_have_text("the rest · 16 cards · 22 + 5 points")
    last_trick.get_by_text("Anna", exact=True).click()
    screenshot(page, f"cards-handjass-{kind}")
    assert_cards_fit(page, "#entry .piles")
    # the Weis picker (an older card picker) opens as cards in suit rows across the form
    weis = entry.locator("tr[data-field=weis] td").nth(1)
    open_fold(weis)
    expect(weis.locator(".suit-row")).to_have_count(4)
    panel = weis.locator(".cards").bounding_box()
    stoeck = entry.locator("tr[data-field=stoeck]").bounding_box()
    assert stoeck["y"] >= panel["y"] + panel["height"], "the open panel pushes the Stöck row down, never covers it"
    screenshot(page, f"cards-handjass-weis-{kind}")
    assert_cards_fit(page, "#entry tr[data-field=weis]")
    weis.locator("summary").click()
    taps.tap(page.get_by_role("button", name="Save deal"))
    expect(page.locator("tfoot td.total")).to_have_text(["1", "1", "0", "-1"])
    screenshot(page, f"cards-handjass-saved-{kind}")
    print(f"\nTAPS handjass cards {kind}: {taps.count}")


def test_tennos_picture_cards_are_drawn_by_suit(screen):
    kind, page = screen
    start_session(page, "TENNOS team", ("Anna", "Ben", "Carl", "Dora", "Emil", "Fay"),
                  options={"Mode": "team (4 or 6 players)"})
    cell = pile(page, 0)  # Anna's pile of captured pictures, shown first
    rows = cell.locator(".suit-row")
    expect(rows).to_have_count(6)
    colours = cell.locator(".suit-row label.card:first-child .face").evaluate_all(
        "faces => faces.map(f => getComputedStyle(f).color)")
    assert len(set(colours)) == 6, f"each TENNOS suit has its own colour: {colours}"
    cell.get_by_text("❧K", exact=True).click()
    expect(page.locator("#entry .pile-tab[data-seat='0'] .pile-sum")).to_have_text("1 card")  # one card, not "1 cards"
    screenshot(page, f"cards-tennos-{kind}")
    assert_cards_fit(page, "#entry .piles")


def test_the_same_deals_by_typed_points_for_the_tap_count(page):
    """The two deals above typed as points (the default), to compare taps; the totals are the same."""
    start_session(page, "Schieberamsch", ("Anna", "Ben", "Carl"))
    taps, entry = Taps(), page.locator("#entry")
    taps.tap(kept_hand(entry, "2"))
    taps.type(entry.get_by_label("Card points (skat with the last trick): Anna"), "0")
    taps.type(entry.get_by_label("Card points (skat with the last trick): Ben"), "7")  # Carl's 113 filled in
    # "took a trick" is asked only of a player with 0 points: Anna's box stays unticked
    expect(entry.get_by_label("Took a trick (with 0 card points): Anna")).not_to_be_checked()
    taps.tap(page.get_by_role("button", name="Save deal"))
    expect(page.locator("tfoot td.total")).to_have_text(["0", "0", "90"])
    print(f"\nTAPS schieberamsch points: {taps.count}")

    names = ("Anna", "Ben", "Carl", "Dora")
    start_session(page, "Handjass", names)
    taps, entry = Taps(), page.locator("#entry")
    taps.tap(entry.locator("[data-field=trump]").get_by_text("♣ clubs", exact=True))
    for name, points in zip(names, ("60", "45", "30", "22")):
        taps.type(entry.get_by_label("Card points (last trick's 5 included): " + name), points)
    taps.tap(entry.locator("[data-field=last_trick]").get_by_text("Anna", exact=True))
    taps.tap(page.get_by_role("button", name="Save deal"))
    expect(page.locator("tfoot td.total")).to_have_text(["1", "1", "0", "-1"])
    print(f"\nTAPS handjass points: {taps.count}")


def test_stendhal_revealed_cards_are_drawn_by_suit(screen):
    kind, page = screen
    start_session(page, "Stendhal", ("Anna", "Ben", "Carl", "Dora", "Emil"))
    cell = page.locator("#entry tr[data-field=reveal] td").nth(0)  # Anna's revealed card, in her column
    open_fold(cell)
    expect(cell.locator(".suit-row")).to_have_count(6)
    expect(cell.locator(".suit-row").first.locator("label.card")).to_have_count(13)
    cell.get_by_text("✚A", exact=True).click()
    expect(cell.locator("summary .picked")).to_have_text("✚A")
    screenshot(page, f"cards-stendhal-{kind}")
    assert_cards_fit(page, "#entry tr[data-field=reveal]")


def test_schieberamsch_ramsch_by_counting_cards_in_at_most_12_taps(screen):
    """Issue 23: only the counting cards are tapped, as players count by hand (captured.py's decision).
    schieberamsch.md 'Ramsch deal', one kept their hand (x2): Anna ♥A ♥10 ♥K 25, Ben ♠A ♠10 ♠K ♦Q 28
    (four cards: not whole tricks), Carl the rest 67: all took a trick, 67 x 2 = 134 -> 13."""
    kind, page = screen
    start_session(page, "Schieberamsch", ("Anna", "Ben", "Carl"), options=TAP_CARDS)
    taps, entry = Taps(), page.locator("#entry")
    way = entry.locator(".piles .pile-way")
    expect(way).to_have_text("Counting cards only: 7, 8, 9 not needed")
    taps.tap(kept_hand(entry, "1"))
    for card in ("♥A", "♥10", "♥K"):  # Anna's pile is the one shown first
        taps.tap(pile(page, 0).get_by_text(card, exact=True))
    taps.tap(entry.locator(".pile-tab[data-seat='1']"))
    for card in ("♠A", "♠10", "♠K", "♦Q"):
        taps.tap(pile(page, 1).get_by_text(card, exact=True))
    seven = pile(page, 1).get_by_text("♠7", exact=True)
    seven.click()  # a 7 tapped: every card counts (not a tap of the deal: taken back at once)
    expect(way).to_have_text("Every card: whole tricks are checked")
    seven.click()
    expect(way).to_have_text("Counting cards only: 7, 8, 9 not needed")
    expect(entry.locator(".pile-tab[data-seat='1'] .pile-sum")).to_have_text("4 cards · 28 points")
    expect(entry.locator(".pile-tab[data-seat='2'] .pile-sum")).to_contain_text("67 points")
    expect(way).to_be_in_viewport()
    screenshot(page, f"cards-counting-schieberamsch-{kind}")
    taps.tap(page.get_by_role("button", name="Save deal"))
    expect(page.locator("tfoot td.total")).to_have_text(["0", "0", "13"])
    print(f"\nTAPS schieberamsch counting cards {kind}: {taps.count}")
    assert taps.count <= 12


def test_schieberamsch_counting_cards_ask_who_took_a_trick_of_7_8_9(page):
    """schieberamsch.md seed example 1 (two kept their hand, x4) by counting cards: Ben ♥K ♥Q (7), Carl
    the rest (113). Anna has no counting card: asked whether she took a trick of 7, 8 and 9 only, and
    ticked, all three took a trick: Carl scores 113 x 4 = 452 -> 45, not 113 x 2 x 4 -> 90."""
    start_session(page, "Schieberamsch", ("Anna", "Ben", "Carl"), options=TAP_CARDS)
    entry = page.locator("#entry")
    row = entry.locator("tr[data-field='blank_trick']")
    kept_hand(entry, "2").click()
    entry.locator(".pile-tab[data-seat='1']").click()
    for card in ("♥K", "♥Q"):
        pile(page, 1).get_by_text(card, exact=True).click()
    expect(row).to_be_visible()
    expect(row.get_by_role("checkbox")).to_have_count(1)  # only the shown boxes have a role
    anna = row.get_by_role("checkbox", name="Took a trick of 7, 8 and 9 only: Anna")
    expect(anna).to_be_visible()
    for other in ("Ben", "Carl"):  # Ben has cards, Carl the rest: their piles say it
        expect(row.get_by_role("checkbox", name=f"Took a trick of 7, 8 and 9 only: {other}")).to_be_hidden()
    seven = pile(page, 1).get_by_text("♥7", exact=True)
    seven.click()  # every card tapped: an empty pile took no trick, nothing to ask
    expect(row).to_be_hidden()
    seven.click()
    row.locator("td[data-name=Anna] label.toggle").click()  # a person taps the drawn "yes"
    expect(anna).to_be_checked()
    screenshot(page, "cards-counting-trick-of-7-8-9")
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("tfoot td.total")).to_have_text(["0", "0", "45"])


def test_handjass_deal_by_counting_cards(screen):
    """handjass.md worked example 1 with the counting cards only (trump clubs: ♣9 counts, the 6s, 7s, 8s and
    plain 9s are left out): 60 (last trick), 45, 30, Dora the rest 22 -> +1 +1 0 -1."""
    kind, page = screen
    start_session(page, "Handjass", ("Anna", "Ben", "Carl", "Dora"), options=TAP_CARDS)
    taps, entry = Taps(), page.locator("#entry")
    way = entry.locator(".piles .pile-way")
    taps.tap(entry.locator("[data-field=trump]").get_by_text("♣ clubs", exact=True))
    taps.tap(entry.locator("[data-field=last_trick]").get_by_text("Anna", exact=True))
    counting = {0: ["♣J", "♣9", "♣A", "♣10"], 1: ["♠A", "♠10", "♥A", "♥10", "♣Q"], 2: ["♦A", "♦10", "♠K", "♠Q", "♠J"]}
    for seat, cards in counting.items():
        if seat:
            taps.tap(entry.locator(f".pile-tab[data-seat='{seat}']"))
        for card in cards:
            taps.tap(pile(page, seat).get_by_text(card, exact=True))
    expect(way).to_have_text("Counting cards only: 6, 7, 8 and plain 9s not needed")
    nine = pile(page, 2).get_by_text("♠9", exact=True)  # a plain 9 is worth nothing: every card counts
    nine.click()
    expect(way).to_have_text("Every card: whole tricks are checked")
    nine.click()
    expect(way).to_have_text("Counting cards only: 6, 7, 8 and plain 9s not needed")
    expect(entry.locator(".pile-tab[data-seat='0'] .pile-sum")).to_have_text("4 cards · 55 + 5 points")
    expect(entry.locator(".pile-tab[data-seat='3'] .pile-sum")).to_contain_text("22 points")
    screenshot(page, f"cards-counting-handjass-{kind}")
    taps.tap(page.get_by_role("button", name="Save deal"))
    expect(page.locator("tfoot td.total")).to_have_text(["1", "1", "0", "-1"])
    print(f"\nTAPS handjass counting cards {kind}: {taps.count}")


def test_arrow_keys_move_between_a_pickers_cards(page):
    """A keyboard tester pressed Tab through every card (over 400 presses to reveal a Stendhal deal).
    Right and left go to the next card, down and up to the same place in the next suit's row; Space
    takes the card. Tab still stops at each card."""
    start_session(page, "Schieberamsch", ("Anna", "Ben", "Carl"), options=TAP_CARDS)
    rows = pile(page, 0).locator(".suit-row")
    first, second = rows.nth(0).locator("input").nth(0), rows.nth(0).locator("input").nth(1)
    below = rows.nth(1).locator("input").nth(1)
    first.focus()
    page.keyboard.press("ArrowRight")
    expect(second).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(below).to_be_focused()
    page.keyboard.press("Space")
    expect(below).to_be_checked()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowLeft")
    expect(first).to_be_focused()
    scrolled = page.evaluate("window.scrollY")
    page.keyboard.press("ArrowLeft")  # the first card: nowhere to go, the focus stays, the page too
    page.keyboard.press("ArrowUp")
    expect(first).to_be_focused()
    assert page.evaluate("window.scrollY") == scrolled
    expect(page.locator("tr.deal-row")).to_have_count(0)  # nothing was sent

"""A table of six plays Stendhal on a tablet: each player's revealed card is tapped in that player's
column and locked before play, the app names the minus suits (breaking even a full tie by the
counter-clockwise order from the dealer's right), then each player's minus cards are tapped in per column.

Expected points come from shared/rules/stendhal.md: per minus suit -(n - 1) - rank of the lowest
card taken (A 1, J 11, Q 12, K 13; the A is the highest card in play), +1/+3/+6/+10 for 1-4 suits
taken without any minus card, 0 for no trick.
"""
from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from .conftest import open_fold, screenshot, start_session
from .test_card_pickers import Taps

pytestmark = pytest.mark.e2e
NAMES = ("Anna", "Ben", "Carl", "Dora", "Emil", "Fay")
SUITS_TAKEN = "Suits taken: "


def reveal(page, cards):
    """Tap each player's revealed card in that player's column of the bid-phase card row."""
    for name, card in cards.items():
        cell = page.locator("#entry tr[data-field=reveal] td").nth(NAMES.index(name))
        open_fold(cell)
        cell.locator(".cards").get_by_text(card, exact=True).click()


def lock_bids(page):
    page.get_by_role("button", name="Lock the revealed cards").click()


def suit_picker(scope, row):
    """The one picker of a minus suit's row (minus_cards / paired_cards): its players, then its cards."""
    return scope.locator(f"tr[data-field={row}] td.share-picker")


def player(picker, name):
    return picker.locator(f".share-player[data-seat='{NAMES.index(name)}']")


def card(picker, rank):
    return picker.locator(f".share-card[data-value='{rank}']")


def give(scope, row, name, ranks):
    """Give cards of a minus suit to a player: tap the player in the suit's picker, then the cards."""
    picker = suit_picker(scope, row)
    player(picker, name).click()
    for rank in ranks:
        card(picker, rank).click()


def enter_play(scope, minus=None, paired=None, suits=None):
    for name, ranks in (minus or {}).items():
        give(scope, "minus_cards", name, ranks)
    for name, ranks in (paired or {}).items():
        give(scope, "paired_cards", name, ranks)
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
    # a screen-reader tester: every picker was named "none tap to choose", whose and what for unsaid;
    # a keyboard tester (axe's label-in-name): the words the button shows are in its name too
    anna = page.locator("#entry tr[data-field=reveal] td").first.locator("summary")
    expect(anna).to_have_accessible_name("Card revealed: Anna none tap to choose")
    reveal(page, {"Anna": "♣5", "Ben": "♣J", "Carl": "♥K", "Dora": "♣K", "Emil": "♥4"})
    expect(anna).to_have_accessible_name("Card revealed: Anna ♣5 tap to choose")
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

    # Minus cross (A and 9 out) and leaf: the whole suit is shown, the revealed cards greyed, not choosable.
    entry = page.locator("#entry")
    crosses = suit_picker(entry, "minus_cards")
    expect(crosses.locator(".share-card")).to_have_count(13)
    for rank in ("A", "9"):
        expect(card(crosses, rank)).to_be_disabled()
        expect(card(crosses, rank)).to_have_accessible_name(f"cross {rank}: revealed")
    # Anna: 12 leaves lowest 2 -> -13. Ben: leaf K -> -13. Carl: crosses K Q J 10 -> -(3 + 10) = -13.
    # Dora: crosses 8-2 -> -(6 + 2) = -8. Emil 4 suits +10, Fay 2 suits +3.
    enter_play(entry, minus={"Carl": ["K", "Q", "J", "10"]})
    # a screen reader hears whose a card is: the chosen player's as another's (r53c: "cross K", pressed)
    expect(card(crosses, "K")).to_have_accessible_name("cross K: Carl")
    expect(card(crosses, "8")).to_have_accessible_name("cross 8")
    player(crosses, "Dora").click()
    expect(card(crosses, "K")).to_have_accessible_name("cross K: Carl")
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
    expect(row).to_contain_text("Minus suits: spade (revealed most often, 3 cards) and its pair heart.")
    expect(row).to_contain_text("Anna: 5 spade, lowest ♠10: -(4 + 10) = -14; 4 heart, lowest ♥10: -(3 + 10) = -13; "
                                "total -27.")
    screenshot(page, "stendhal-game-over")

    # --- Correction: in deal 2 Emil took only two suits (+3, not +10). Emil drops to 4; Fay (9) wins.
    page.locator("tr.deal-row").nth(1).get_by_role("link", name="Correct").click()
    expect(page.locator("tr[data-field=reveal] td").nth(5).locator("input[value=AS]")).to_be_checked()
    expect(page.get_by_label(SUITS_TAKEN + "Emil")).to_have_value("4")
    # the minus suits as the deal has them, in the row's one picker as on the board (it showed bare ranks)
    for row in ("minus_cards", "paired_cards"):
        expect(suit_picker(page, row)).to_be_visible()
        expect(page.locator(f"tr[data-field={row}] > td:not(.share-picker)").first).to_be_hidden()
    screenshot(page, "stendhal-correct-form")
    page.get_by_label(SUITS_TAKEN + "Emil").fill("2")
    page.get_by_role("button", name="Save correction").click()
    expect(totals(page)).to_have_text(["-57", "-28", "-35", "-1", "4", "9"])
    expect(page.locator("#status")).to_contain_text("Winner: Fay")
    expect(page.locator("#revisions")).to_contain_text("Deal 2 corrected.")
    screenshot(page, "stendhal-after-correction")


def test_a_whole_deal_in_at_most_30_taps(screen):
    """Issue 23 item 6: the rules' first seed example (six players, club and diamond the minus suits;
    shared/rules/stendhal.md "Seed examples" and "Scoring a deal", decided 2026-11-26) entered at the
    table: a revealed card is one tap in its player's picker, which closes itself and opens the next
    player's; then one picker per minus suit shows the whole suit, the revealed cards greyed: a player
    is tapped, then that player's cards (or "the rest"), and a card given to one player shows as taken
    in the others' places. Every tap is counted."""
    kind, page = screen
    start_session(page, "Stendhal", NAMES)
    taps, entry = Taps(), page.locator("#entry")
    expect(entry.locator("h2")).to_contain_text("the revealed cards first")
    taps.tap(entry.locator("tr[data-field=reveal] td").first.locator("details.fold > summary"))
    for name, shown in {"Anna": "♣5", "Ben": "♣J", "Carl": "♥K", "Dora": "♣K", "Emil": "♥4", "Fay": "♥J"}.items():
        cell = entry.locator("tr[data-field=reveal] td").nth(NAMES.index(name))
        expect(cell.locator("details.fold")).to_have_attribute("open", "")  # the previous one opened it
        taps.tap(cell.locator(".cards").get_by_text(shown, exact=True))
        expect(cell.locator("details.fold")).not_to_have_attribute("open", "")  # a one-card choice closes
        expect(cell.locator("summary .picked")).to_have_text(shown)
        # the focus left the card folded away: to the picker that opened (its summary while its cards load)
        if name == NAMES[-1]:
            expect(cell.locator("summary")).to_be_focused()
        else:
            following = entry.locator("tr[data-field=reveal] td").nth(NAMES.index(name) + 1)
            expect(following.locator("details.fold :focus")).to_have_count(1)
    screenshot(page, f"stendhal-reveal-{kind}")
    # a card tapped over a revealed one takes its place (r61a had to untap the first), not counted
    anna = entry.locator("tr[data-field=reveal] td").first
    for shown in ("♣6", "♣5"):
        anna.locator("details.fold > summary").click()
        anna.locator(".cards").get_by_text(shown, exact=True).click()
        expect(anna.locator("summary .picked")).to_have_text(shown)
        expect(anna.locator("input:checked")).to_have_count(1)
    taps.tap(page.get_by_role("button", name="Lock the revealed cards"))
    locked = page.locator(".locked-bids")
    expect(locked.locator("h2")).to_have_text("Revealed cards")
    expect(locked.get_by_role("button", name="Change the revealed cards")).to_be_visible()
    expect(page.locator("#revisions")).to_contain_text("Revealed cards of deal 1 locked.")
    expect(page.locator("#board")).not_to_contain_text("bid")
    entry = page.locator("#entry")
    expect(entry.locator("tr[data-field=minus_cards] th")).to_contain_text("♣ club cards taken (Σ 10)")
    expect(entry.locator("tr[data-field=paired_cards] th")).to_contain_text("♦ diamond cards taken (Σ 13)")
    clubs, diamonds = suit_picker(entry, "minus_cards"), suit_picker(entry, "paired_cards")
    # one picker per minus suit instead of one per player: the players' own (what the form sends) hidden
    expect(entry.locator("tr[data-field=minus_cards] td:not(.share-picker)").first).to_be_hidden()
    # each suit's picker names the players on its buttons: the names stand above the suits row instead
    grid = entry.locator("table.seat-grid:has(tr[data-field=minus_cards])")
    expect(grid.locator("thead")).to_have_count(1)
    expect(grid.locator("thead")).to_be_hidden()
    expect(grid.locator("tbody tr.names-again + tr")).to_have_attribute("data-field", "suits")
    expect(grid.locator("tr.names-again th")).to_have_text(list(NAMES))  # the corner is no header (axe)
    expect(clubs.locator(".share-card")).to_have_count(13)
    for rank in ("K", "J", "5"):  # revealed: greyed, readable, not choosable
        expect(card(clubs, rank)).to_be_disabled()
        expect(card(clubs, rank)).to_have_accessible_name(f"club {rank}: revealed")
        expect(card(clubs, rank).locator(".face")).to_contain_text("revealed")
    expect(player(clubs, "Anna")).to_have_attribute("aria-pressed", "true")  # the first player is chosen
    for rank in ("3", "4", "6", "7", "8"):
        taps.tap(card(clubs, rank))
    expect(card(clubs, "3")).to_have_attribute("aria-pressed", "true")
    expect(player(clubs, "Anna").locator(".pile-sum")).to_have_text("8 7 6 4 3")
    taps.tap(player(clubs, "Ben"))
    taken = card(clubs, "3")  # Anna's ♣3 in Ben's place: taken, with her initial
    expect(taken).to_have_class(re.compile("taken"))
    expect(taken.locator(".face")).to_have_attribute("data-owner", "A")
    expect(taken).to_be_disabled()
    expect(taken).to_have_accessible_name("club 3: Anna")  # a suit said by its name (a screen-reader tester)
    expect(card(clubs, "A")).to_be_enabled()
    entry.locator("tr[data-field=minus_cards]").evaluate("row => row.scrollIntoView({block: 'center'})")
    screenshot(page, f"stendhal-minus-picker-{kind}", full_page=False)
    clubs.get_by_role("button", name="the rest: Ben", exact=True).focus()  # by keyboard, as a blind tester did
    page.keyboard.press("Enter")
    taps.count += 1
    expect(player(clubs, "Ben").locator(".pile-sum")).to_have_text("A Q 10 9 2")
    expect(clubs.get_by_role("button", name="the rest: Ben", exact=True)).to_be_hidden()  # every club is given
    expect(player(clubs, "Ben")).to_be_focused()  # not the page's body: the tester started again from the top
    expect(entry.locator("input[name='minus_cards-1']:checked")).to_have_count(5)  # Ben's own boxes, sent
    taps.tap(card(diamonds, "10"))
    # Enter and Space on a card toggle it for the chosen player and never send the form
    page.evaluate("window.__submitted = 0; document.addEventListener('submit', () => window.__submitted++, true)")
    card(diamonds, "9").focus()
    page.keyboard.press("Enter")
    expect(card(diamonds, "9")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press(" ")
    expect(card(diamonds, "9")).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("window.__submitted") == 0
    if kind == "phone":
        assert_fits_a_phone(page, "#entry td.share-picker button")
    assert_no_serious_violation(page)
    # Carl's diamonds not given yet: the save is refused naming every card nobody took
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("tr.row-error[data-error-for=paired_cards]")).to_contain_text(
        "Nobody took ♦A ♦K ♦Q ♦J ♦9 ♦8 ♦7 ♦6 ♦5 ♦4 ♦3 ♦2: every diamond card")
    clubs, diamonds = suit_picker(page.locator("#entry"), "minus_cards"), suit_picker(page.locator("#entry"),
                                                                                      "paired_cards")
    expect(player(clubs, "Ben").locator(".pile-sum")).to_have_text("A Q 10 9 2")  # nothing typed is lost
    screenshot(page, f"stendhal-missing-card-{kind}")
    # below the shared-out pickers the names are said again, each over its own player's box
    centres = page.evaluate("""() => {
        const again = document.querySelector("#entry tr.names-again");
        const boxes = again.nextElementSibling.querySelectorAll(":scope > td");
        const names = [...again.querySelectorAll(":scope > th")].filter(th => th.textContent.trim());
        return names.map((th, i) => {
            const name = th.getBoundingClientRect(), box = boxes[i].getBoundingClientRect();
            const centre = name.left + name.width / 2;
            return [th.textContent.trim(), centre >= box.left && centre <= box.right, name.top < box.top];
        });
    }""")
    assert centres == [[name, True, True] for name in ("Anna", "Ben", "Carl", "Dora", "Emil", "Fay")], centres
    entry = page.locator("#entry")
    taps.tap(player(diamonds, "Carl"))
    taps.tap(diamonds.get_by_role("button", name="the rest: Carl", exact=True))
    for name, count in {"Dora": "3", "Emil": "1"}.items():
        taps.type(entry.get_by_label(SUITS_TAKEN + name), count)
    taps.tap(page.get_by_role("button", name="Save deal"))
    # Anna -7 -10 (the rules' -17), Ben -(4 + 2), Carl -(11 + 2), Dora +6, Emil +1, Fay no trick
    expect(totals(page)).to_have_text(["-17", "-6", "-13", "6", "1", "0"])
    print(f"\nTAPS stendhal deal {kind}: {taps.count}")
    assert taps.count <= 30


def assert_fits_a_phone(page, where):
    """Every visible control at least 44 x 44 px and inside the 390 px screen; the page no wider."""
    width = page.viewport_size["width"]
    boxes = page.locator(where).evaluate_all(
        "els => els.filter(e => e.checkVisibility()).map(e => { const r = e.getBoundingClientRect();"
        " return [Math.round(r.width), Math.round(r.height), r.right, e.textContent.trim()]; })")
    assert boxes, f"nothing visible at {where}"
    small = [box for box in boxes if box[0] < 44 or box[1] < 44]
    assert not small, f"smaller than 44 x 44 px: {small[:3]}"
    outside = [box for box in boxes if box[2] > width]
    assert not outside, f"out of the {width} px screen: {outside[:3]}"
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def assert_no_serious_violation(page):
    """axe-core on the page as it is now (tests/e2e/test_accessibility.py checks pages as loaded)."""
    found = [(violation["id"], [node["target"] for node in violation["nodes"]][:3])
             for violation in Axe().run(page).response["violations"] if violation["impact"] in ("critical", "serious")]
    assert found == []


def test_a_card_given_to_two_players_is_named(page):
    """Without JavaScript's greying the same card can reach the server: the engine names it and both
    players (rules/stendhal.md "Invariants", decided 2026-11-26)."""
    start_session(page, "Stendhal", NAMES)
    reveal(page, {"Anna": "♣5", "Ben": "♣J", "Carl": "♥K", "Dora": "♣K", "Emil": "♥4", "Fay": "♥J"})
    lock_bids(page)
    # "Change the revealed cards" takes them back into the form, to be changed and locked again
    page.get_by_role("button", name="Change the revealed cards").click()
    expect(page.locator("tr[data-field=reveal] td").nth(0).locator("input[value='5C']")).to_be_checked()
    lock_bids(page)
    entry = page.locator("#entry")
    give(entry, "minus_cards", "Anna", ["3"])
    page.evaluate("document.querySelector(\"input[name='minus_cards-1'][value='3']\").disabled = false;"
                  "document.querySelector(\"input[name='minus_cards-1'][value='3']\").checked = true")
    page.get_by_role("button", name="Save deal").click()
    clubs = suit_picker(page.locator("#entry"), "minus_cards")
    expect(clubs.get_by_role("alert")).to_have_text("♣3 is entered for both Anna and Ben.")
    expect(player(clubs, "Ben")).to_have_attribute("aria-pressed", "true")  # the player named is chosen
    expect(card(clubs, "3")).to_have_attribute("aria-pressed", "true")


def test_a_refused_save_goes_on_with_the_player_chosen(page):
    """A save refused for the whole row ("Nobody took ...") came back with the first player chosen in the
    suit's picker, not the one the table was giving cards to (a tester)."""
    start_session(page, "Stendhal", NAMES)
    reveal(page, {"Anna": "♣5", "Ben": "♣J", "Carl": "♥K", "Dora": "♣K", "Emil": "♥4", "Fay": "♥J"})
    lock_bids(page)
    give(page.locator("#entry"), "minus_cards", "Dora", ["3", "2"])
    page.get_by_role("button", name="Save deal").click()
    clubs = suit_picker(page.locator("#entry"), "minus_cards")
    expect(page.locator("#entry").get_by_role("alert").first).to_be_visible()
    expect(player(clubs, "Dora")).to_have_attribute("aria-pressed", "true")
    expect(card(clubs, "3")).to_have_attribute("aria-pressed", "true")


def test_seven_names_that_start_alike_can_be_told_apart_on_a_phone(phone):
    """A table of seven on one phone (a tester): "Mariko", "Mariko-chan" and "Mami" were all "Ma…" over the
    score columns and "Mar…" over the entry boxes. A name too long for its column goes on to a second line,
    so each head shows the whole of a name of six letters and where two alike names part."""
    names = ("Mariko", "Mariko-chan", "Masa", "Maki", "Mai", "Mami", "Mao")
    start_session(phone, "Stendhal", names)
    heads = phone.evaluate("""() => ["#board .board-table thead", "#entry .seat-grid thead"].map(where =>
        [...document.querySelectorAll(where + " .head-name")].map(e =>
            [e.textContent.trim(), e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1]))""")
    screenshot(phone, "stendhal-seven-names-phone", full_page=False)
    for shown in heads:
        assert [name for name, whole in shown if not whole] in ([], ["Mariko-chan"]), shown
        assert [name for name, _ in shown] == list(names)
    # the one left over two lines is still told apart: its second line ("chan") shows
    assert phone.locator("#board .board-table thead .head-name").nth(1).evaluate(
        "(e) => e.getClientRects()[0].height > parseFloat(getComputedStyle(e).lineHeight) * 1.5")
    # the middle's one card taken, the first player's picker opens by itself (one tap less a deal)
    middle = phone.locator("#entry [data-field=middle] details.fold")
    middle.locator("summary").click()
    middle.locator("label").first.click()
    expect(middle).not_to_have_attribute("open", "")
    expect(phone.locator("#entry tr[data-field=reveal] details.fold").first).to_have_attribute("open", "")

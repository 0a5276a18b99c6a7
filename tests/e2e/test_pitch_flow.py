"""A table of four plays Ten-Point Pitch with jokers on a tablet: partners opposite (Ann & Cat against
Ben & Dan), bids locked before play, the point cards ticked under each team's first player, the worked
examples of shared/rules/pitch.md as deals, a refused deal, a correction and the end of the game."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import screenshot, start_session
from .test_table_ui import Taps

pytestmark = pytest.mark.e2e
NAMES = ("Ann", "Ben", "Cat", "Dan")
ALL_CARDS = ("trump A", "trump J", "off-jack", "high joker", "low joker", "trump 10", "trump 3")


def lock_bids(page, bidder, bid, trump):
    entry = page.locator("#entry")
    entry.locator("[data-field=bidder]").get_by_text(bidder, exact=True).click()
    entry.locator("[data-field=bid]").get_by_text(str(bid), exact=True).click()  # 5..10 are buttons
    entry.locator("[data-field=trump]").get_by_text(trump).click()
    page.get_by_role("button", name="Lock the bids").click()


def cards_cell(page, column):
    """The point-card picker of a team: column 0 = Ann & Cat, column 1 = Ben & Dan."""
    return page.locator("tr[data-field=cards] td").nth(column)


def tick_cards(page, team_a, team_b, two):
    for column, cards in enumerate((team_a, team_b)):
        for card in cards:
            cards_cell(page, column).get_by_text(card, exact=True).click()
    page.locator("[data-field=two]").get_by_text(two, exact=True).click()


def expect_totals(page, team_a, team_b):
    """Partners carry the same total: Ann = Cat, Ben = Dan."""
    expect(page.locator("tfoot td.total")).to_have_text([str(team_a), str(team_b), str(team_a), str(team_b)])
    expect(page.locator("#team-totals")).to_contain_text(f"Ann & Cat {team_a}")
    expect(page.locator("#team-totals")).to_contain_text(f"Ben & Dan {team_b}")


def first_deal_by_points(page):
    """Ann bids 6 in hearts; the points typed per side: Ann & Cat 7, Ben & Dan 3."""
    start_session(page, "Pitch", NAMES, "Dan")
    lock_bids(page, "Ann", 6, "♥ hearts")
    page.locator("#entry [data-field=entry]").get_by_text("points per side").click()
    page.get_by_label("Points taken: Ann").fill("7")
    page.get_by_role("button", name="Save deal").click()
    expect_totals(page, 7, 3)


def test_partnership_game_worked_examples_refusals_correction_and_game_over(page):
    start_session(page, "Pitch", NAMES, "Dan", screenshot_form=True, options={
        "A made bid scores": "the points taken", "Several reach the target in one deal": "the higher total wins"})
    notes = page.locator(".note")
    expect(notes).to_have_text(["Dan deals 9 cards each; Ann bids first (5 to 10, or pass).",
                                "If everyone passes, Dan must bid 5."])
    # the target is said once, by the winner's rule (a tester read "Game to 42." twice)
    expect(page.locator("#winner-rule")).to_contain_text("The first side to 32 points wins")
    page.evaluate("window.__sameDocument = true")

    # Deal 1 (worked example 1): Ann bids 6 in hearts; Ann & Cat take A, J, off-jack, 3 = 6 points,
    # Ben & Dan take both jokers and the 10, Ben played the 2: A +6, B +4.
    lock_bids(page, "Ann", 6, "♥ hearts")
    expect(page.locator("[data-locked=bidder]")).to_contain_text("Ann")
    expect(page.locator("[data-locked=bid]")).to_contain_text("6")
    expect(page.get_by_role("button", name="Save deal")).to_be_visible()
    # Only the teams' first players have a card column.
    expect(page.locator("tr[data-field=cards] td").nth(2)).to_have_text("—")
    expect(page.locator("tr[data-field=cards] td").nth(3)).to_have_text("—")
    tick_cards(page, ["trump A", "trump J", "off-jack", "trump 3"], ["high joker", "low joker", "trump 10"], "Ben")
    screenshot(page, "pitch-cards-entry")
    page.get_by_role("button", name="Save deal").click()
    expect_totals(page, 6, 4)
    expect(page.locator("tr.deal-row").nth(0).locator("td.pts")).to_have_text(["+6", "+4", "+6", "+4"])
    assert page.evaluate("window.__sameDocument") is True, "the deal was entered without reloading the page"
    expect(page.locator("#status")).to_contain_text("Deal 2 · Ann deals")
    expect(notes.first).to_have_text("Ann deals 9 cards each; Ben bids first (5 to 10, or pass).")
    page.locator("tr.deal-row").nth(0).locator("summary").click()
    breakdown = page.locator("tr.deal-row").nth(0)
    expect(breakdown).to_contain_text("Ann bids 6, trump ♥ (off-jack ♦J).")
    expect(breakdown).to_contain_text("The trump 2 counts for Ben, who played it.")
    expect(breakdown).to_contain_text("Ann & Cat took 6 of 6: made, scores +6.")
    expect(breakdown).to_contain_text("Ben & Dan took 4: +4.")

    # Deal 2 (worked example 2): Cat bids 7 with the same cards. First the trump A is ticked for both
    # teams: refused beside Ben & Dan's cards, with every tick kept.
    lock_bids(page, "Cat", 7, "♠ spades")
    tick_cards(page, ["trump A", "trump J", "off-jack", "trump 3"],
               ["trump A", "high joker", "low joker", "trump 10"], "Dan")
    page.get_by_role("button", name="Save deal").click()
    error = cards_cell(page, 1).get_by_role("alert")
    expect(error).to_have_text("The trump A is entered for both Ann & Cat and Ben & Dan.")
    expect(cards_cell(page, 1).get_by_label("trump A")).to_be_checked()
    expect(cards_cell(page, 0).get_by_label("trump 3")).to_be_checked()
    expect(page.locator("[data-field=two] input:checked")).to_have_value("3")
    expect(page.locator("[data-locked=bidder]")).to_contain_text("Cat")  # the locked bids stay locked
    expect_totals(page, 6, 4)
    screenshot(page, "pitch-refused-deal")
    cards_cell(page, 1).get_by_text("trump A", exact=True).click()  # untick: the A went to Ann & Cat
    page.get_by_role("button", name="Save deal").click()
    expect_totals(page, -1, 8)
    expect(page.locator("tr.deal-row").nth(1).locator("td.pts")).to_have_text(["-7", "+4", "-7", "+4"])
    expect(page.locator("#status")).to_contain_text("Deal 3 · Ben deals")

    # Deal 3: everyone passes, so Ben (the dealer) must bid 5. Nobody is asked whether the dealer was forced:
    # the dealer declaring with 5 can only be that (seed: 「ディーラー以外の全員がパスをした場合には、ディーラーは
    # 5点をビッドしてデクレアラーにならなければなりません。」).
    expect(page.get_by_label("Everyone passed: the dealer had to bid 5")).to_have_count(0)
    lock_bids(page, "Ben", 5, "♦ diamonds")
    expect(page.locator("[data-locked=bid]")).to_contain_text("5")
    # Entered as points per side: Ann & Cat 7, Ben & Dan 3 -> Ben & Dan are set, -5; Ann & Cat +7.
    page.locator("[data-field=entry]").get_by_text("points per side").click()
    expect(page.locator("tr[data-field=cards]")).to_be_hidden()
    page.get_by_label("Points taken: Ann").fill("7")
    page.get_by_label("Points taken: Ben").fill("3")
    page.get_by_role("button", name="Save deal").click()
    expect_totals(page, 6, 3)
    expect(page.locator("tr.deal-row").nth(2).locator("td.pts")).to_have_text(["+7", "-5", "+7", "-5"])
    page.locator("tr.deal-row").nth(2).locator("summary").click()
    expect(page.locator("tr.deal-row").nth(2)).to_contain_text("Ben bids 5 (dealer forced)")
    expect(page.locator("tr.deal-row").nth(2)).to_contain_text("Ben & Dan took 3 of 5: set, scores minus the bid: -5.")
    expect(page.locator("#status")).to_contain_text("Deal 4 · Cat deals")
    screenshot(page, "pitch-scoreboard")

    # Correction: Cat had bid 6 in deal 2, not 7 -> made, +6 (worked example 1 again); deal 3 is recomputed.
    page.locator("tr.deal-row").nth(1).get_by_role("link", name="Correct").click()
    expect(page.locator("[data-field=bid] input[value='7']")).to_be_checked()
    expect(page.locator("tr[data-field=cards] td").nth(0).get_by_label("trump 3")).to_be_checked()
    page.locator("[data-field=bid]").get_by_text("6", exact=True).click()
    screenshot(page, "pitch-correction")
    page.get_by_role("button", name="Save correction").click()
    expect_totals(page, 19, 3)
    expect(page.locator("tr.deal-row").nth(1).locator("td.pts")).to_have_text(["+6", "+4", "+6", "+4"])
    page.locator("tr.deal-row").nth(2).locator("summary").click()
    expect(page.locator("tr.deal-row").nth(2)).to_contain_text("Totals after this deal: 19 / 3 / 19 / 3")
    expect(page.locator("#revisions")).to_contain_text("Deal 2 corrected.")
    expect(page.locator("#status")).to_contain_text("Deal 4 · Cat deals")

    # Deal 4 (worked example 3): Ann bids 10 in clubs and takes all ten (Cat played the 2): shooting the
    # moon, +20 -> Ann & Cat reach 39 of 32 and win.
    lock_bids(page, "Ann", 10, "♣ clubs")
    expect(page.locator("[data-field=entry] input[value=points]")).to_be_checked()  # as in the last deal
    page.locator("[data-field=entry]").get_by_text("who took each point card").click()
    tick_cards(page, ALL_CARDS, [], "Cat")
    page.get_by_role("button", name="Save deal").click()
    expect_totals(page, 39, 3)
    expect(page.locator("tr.deal-row").nth(3).locator("td.pts")).to_have_text(["+20", "·", "+20", "·"])
    page.locator("tr.deal-row").nth(3).locator("summary").click()
    expect(page.locator("tr.deal-row").nth(3)).to_contain_text("Ann & Cat took 10 of 10: shooting the moon made: +20.")
    expect(page.locator("#status")).to_contain_text("Game over.")
    expect(page.locator("#status")).to_contain_text("Winners: Ann, Cat")
    expect(page.locator("thead th.winner")).to_have_count(2)
    expect(page.locator("#entry")).to_have_count(0)
    screenshot(page, "pitch-game-over")


def test_every_problem_at_once_next_to_its_field_and_the_bid_under_its_player(screen):
    """Issue 23, item 8 (rules/pitch.md: ten points per deal, the trump 2 always counts for its player):
    11 points for one side is named at that side's box, not as the other box missing; a deal with two
    problems names both in one refusal; the locked bid stands under the declarer."""
    kind, page = screen
    start_session(page, "Pitch", NAMES, "Dan")
    lock_bids(page, "Ben", 6, "♥ hearts")
    bid = page.locator("[data-locked=bid] td")
    expect(bid).to_have_text(["", "6", "", ""])  # under Ben, who bid
    expect(page.locator("[data-locked=trump] td").nth(1)).to_have_text("♥ hearts")

    entry = page.locator("#entry")
    entry.locator("[data-field=entry]").get_by_text("points per side").click()
    entry.get_by_label("Points taken: Ben").fill("11")
    page.get_by_role("button", name="Save deal").click()
    ben = page.locator("tr[data-field=points] td").nth(1)
    expect(ben.get_by_role("alert")).to_have_text("Points taken for Ben & Dan: 11 is more than all 10 in play.")
    # on screen: beside the box, or on a phone under the row with Ben's name (the column is narrow)
    shown = page.locator("#entry tr.seat-errors") if kind == "phone" else ben.get_by_role("alert")
    expect(shown).to_have_text("Points taken for Ben & Dan: 11 is more than all 10 in play.")  # named once
    expect(shown).to_be_in_viewport()
    expect(page.locator("tr[data-field=points] td").nth(0).get_by_role("alert")).to_have_count(0)
    expect(entry.get_by_label("Points taken: Ben")).to_have_value("11")  # nothing typed is lost
    screenshot(page, f"pitch-refused-11-{kind}")

    page.locator("[data-field=entry]").get_by_text("who took each point card").click()
    for card in ("trump A", "trump J", "off-jack"):
        cards_cell(page, 0).get_by_text(card, exact=True).click()
    for card in ("high joker", "low joker"):
        cards_cell(page, 1).get_by_text(card, exact=True).click()
    page.get_by_role("button", name="Save deal").click()  # the 10 and 3 untaken, nobody played the 2
    expect(page.locator("#entry [role=alert]")).to_have_text([
        "Choose who played the trump 2: all ten points are in play.",
        "Nobody took the trump 10, trump 3: all ten points are in play, tick each for whoever took it."])
    expect(page.locator("tr.deal-row")).to_have_count(0)
    screenshot(page, f"pitch-refused-two-problems-{kind}")
    cards_cell(page, 1).get_by_text("trump 10", exact=True).click()
    cards_cell(page, 0).get_by_text("trump 3", exact=True).click()
    page.locator("[data-field=two]").get_by_text("Ann", exact=True).click()
    page.get_by_role("button", name="Save deal").click()
    expect_totals(page, 7, -6)  # Ann & Cat A J off-jack 3 and the 2: 7; Ben & Dan 3 of 6: set, -6

def test_a_deal_by_points_in_six_taps_with_the_team_totals_pinned(screen):
    """Issue 23, item 8: a deal by points (the table's way kept from the deal before) takes six controls
    (test_table_ui's count: a typed box is one); the team totals stay in sight while the form is filled."""
    kind, page = screen
    first_deal_by_points(page)

    taps, entry = Taps(), page.locator("#entry")
    taps.tap(entry.locator("[data-field=bidder]").get_by_text("Cat", exact=True))
    taps.tap(entry.locator("[data-field=bid]").get_by_text("7", exact=True))
    taps.tap(entry.locator("[data-field=trump]").get_by_text("♠ spades"))
    taps.tap(page.get_by_role("button", name="Lock the bids"))
    entry = page.locator("#entry")
    taps.type(entry.get_by_label("Points taken: Ann"), "8")
    expect(entry.get_by_label("Points taken: Ben")).to_have_value("2")
    expect(page.locator("#team-totals")).to_be_in_viewport()  # pinned above the form
    taps.tap(page.get_by_role("button", name="Save deal"))
    expect_totals(page, 15, 5)
    print(f"\nTAPS pitch deal by points {kind}: {taps.count}")
    assert taps.count <= 6
    page.get_by_role("button", name="Lock the bids").scroll_into_view_if_needed()  # the next deal's form
    expect(page.locator("#team-totals")).to_be_in_viewport()
    screenshot(page, f"pitch-team-totals-pinned-{kind}")


def test_undo_gives_back_the_whole_deal_with_its_bids_locked(page):
    """Issue 23, item 9: Undo puts the deal back into the form. In a game whose bids are locked first,
    the bids stay locked and the play comes back with them (the points typed were lost)."""
    first_deal_by_points(page)
    page.locator("#undo-toast").get_by_role("button", name="Undo").click()
    expect(page.locator("#flash")).to_contain_text("Deal 1 removed; it is back in the form.")
    expect(page.get_by_role("button", name="Lock the bids")).to_have_count(0)
    expect(page.get_by_label("Points taken: Ann")).to_have_value("7")
    expect(page.get_by_label("Points taken: Ben")).to_have_value("3")
    page.get_by_label("Points taken: Ann").fill("8")
    page.get_by_role("button", name="Save deal").click()
    expect_totals(page, 8, 2)

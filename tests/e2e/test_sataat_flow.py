"""A table of four plays Trup Kasiet (Sataat with hidden trump) on a tablet: partners opposite (Ann & Cat
against Ben & Dan, clockwise N, E, S, W), the parent and the dealer passed after each deal as in the worked
examples of shared/rules/sataat.md, the exchange owed after a 7-0, refused impossible deals, a correction
that moves the parent of the later deals, and the end when a team has won the chosen number of deals (the
seed's 勝数: deals won are counted, a 7-0 is one win). The new-game form asks for the first parent."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import click_and_settle, screenshot, start_session

pytestmark = pytest.mark.e2e
NAMES = ("Ann", "Ben", "Cat", "Dan")  # N, E, S, W
TRICKS = "Tricks when play stopped: "
SEVEN = "The winners took the first seven tricks in a row (7-0)"
PLAYED_ON = "They played on after the 7-0"
PARENT_NOTE = "parent: names trump and leads"
FIRST_PARENT = "First parent (drew the highest card; the dealer sits on their right)"
TRUP_KASIET_TO_3 = {"Variant": "Trup Kasiet (trump hidden)",
                    "The session ends": "when a team has won a number of deals", "Wins to reach": 3}


def the_form_asks_for_the_first_parent_not_the_dealer(page):
    expect(page.get_by_label("Who deals first")).to_have_count(0)


def expect_parent_and_dealer(page, parent, dealer, deal):
    """The status line, the first note and the marks under the names all say who leads and who deals."""
    expect(page.locator("#status")).to_contain_text(f"Deal {deal} · {dealer} deals")
    notes = page.locator(".note")
    expect(notes.nth(0)).to_have_text(f"{dealer} deals 5 cards each, then 4 and 4; {parent} is parent: names trump "
                                      "(from the first five or from the last four) and leads.")
    expect(notes.nth(1)).to_have_text(f"{parent} may ask for a redeal when the first five cards hold no K, Q or J "
                                      "(at most twice).")
    expect(notes.nth(2)).to_have_text(f"Trup Kasiet: {parent} lays one card face down; its suit is trump, hidden "
                                      "until it is played.")
    headers = page.locator("table.scores thead th")
    expect(headers.nth(1 + NAMES.index(parent)).locator(".seat-note")).to_have_text(PARENT_NOTE)
    expect(headers.nth(1 + NAMES.index(dealer)).locator(".seat-note")).to_have_text("deals")
    expect(page.locator("table.scores thead .seat-note")).to_have_count(2)


def expect_totals(page, team_a, team_b):
    """Partners carry the same total: Ann = Cat, Ben = Dan."""
    expect(page.locator("tfoot td.total")).to_have_text([str(team_a), str(team_b), str(team_a), str(team_b)])
    expect(page.locator("#team-totals")).to_contain_text(f"Ann & Cat {team_a}")
    expect(page.locator("#team-totals")).to_contain_text(f"Ben & Dan {team_b}")


def enter_deal(page, trump, ann_cat, ben_dan, seven=False):
    """Tricks are entered under each team's first player (Ann for Ann & Cat, Ben for Ben & Dan)."""
    entry = page.locator("#entry")
    entry.locator("[data-field=trump]").get_by_text(trump, exact=True).click()
    entry.get_by_label(TRICKS + "Ann").fill(str(ann_cat))
    entry.get_by_label(TRICKS + "Ben").fill(str(ben_dan))
    if seven:
        entry.get_by_label(SEVEN).check(force=True)


def save(page):
    click_and_settle(page, page.get_by_role("button", name="Save deal"))


def test_partnership_session_parent_passing_exchange_refusals_correction_and_end(page):
    # Ann drew the highest card and is the first parent: the dealer is on her right, Dan.
    start_session(page, "Sataat", NAMES, "Ann", first_seat=FIRST_PARENT, options=TRUP_KASIET_TO_3, deals="Dan",
                  check_form=the_form_asks_for_the_first_parent_not_the_dealer, screenshot_form=True)
    page.evaluate("window.__sameDocument = true")
    expect_parent_and_dealer(page, "Ann", "Dan", 1)
    notes = page.locator(".note")
    expect(notes).to_contain_text(["Ann & Cat: 0 won, 0 x 7-0, 0 x 13-0.", "Ben & Dan: 0 won, 0 x 7-0, 0 x 13-0."])
    expect(page.locator("#winner-rule")).to_have_text("The first team to win 3 deals wins the session.")
    expect(page.locator(".note", has_text="demand a redeal")).to_have_count(0)  # not in Trup Kasiet
    expect(page.locator(".note", has_text="Exchange")).to_have_count(0)
    expect(page.get_by_label(PLAYED_ON)).to_be_hidden()  # only after a 7-0
    screenshot(page, "sataat-start")

    # Deal 1 (worked example): parent Ann (dealer Dan); Ann & Cat win 7-4 -> Ann is parent again.
    enter_deal(page, "hearts", 7, 4)
    save(page)
    expect_totals(page, 1, 0)
    expect(page.locator("tr.deal-row").nth(0).locator("td.pts")).to_have_text(["+1", "·", "+1", "·"])
    assert page.evaluate("window.__sameDocument") is True, "the deal was entered without reloading the page"
    expect_parent_and_dealer(page, "Ann", "Dan", 2)
    expect(page.locator(".note", has_text="Exchange")).to_have_count(0)

    # Deal 2 (worked example): Ann & Cat take the first seven in a row -> 7-0 (2 points), Cat becomes parent,
    # Ben (on her right) deals; Ben and Dan each give one card to their right, then Ann and Cat one to their left.
    enter_deal(page, "spades", 7, 0, seven=True)
    expect(page.get_by_label(PLAYED_ON)).not_to_be_checked()
    save(page)
    expect_totals(page, 3, 0)
    expect_parent_and_dealer(page, "Cat", "Ben", 3)
    expect(notes).to_contain_text([
        "Exchange: once 13 cards are dealt and trump is fixed, Ben gives one card to Ann and Dan one to Cat: "
        "their highest card (the ♥2 never has to be given).",
        "Then Ann gives any one card to Ben and Cat any one to Dan.",
        "Ann & Cat: 2 won, 1 x 7-0, 0 x 13-0."])
    page.locator("tr.deal-row").nth(1).locator("summary").click()
    expect(page.locator("tr.deal-row").nth(1)).to_contain_text("Trump: spades (hidden, Trup Kasiet).")
    expect(page.locator("tr.deal-row").nth(1)).to_contain_text(
        "Ann & Cat took the first seven tricks in a row: 7-0, 2 each.")
    screenshot(page, "sataat-exchange-owed")

    # Impossible deals are refused beside the tricks, keeping what was typed: nobody reached 7 ...
    enter_deal(page, "never shown", 6, 5)
    save(page)
    tricks_row = page.locator("[data-error-for=tricks]")
    expect(tricks_row.get_by_role("alert")).to_have_text(
        "Play stops when a team has 7 tricks: neither Ann & Cat nor Ben & Dan has 7.")
    expect(page.get_by_label(TRICKS + "Ann")).to_have_value("6")
    expect(page.get_by_label(TRICKS + "Ben")).to_have_value("5")
    expect(page.locator("[data-field=trump] input:checked")).to_have_value("unseen")
    expect_totals(page, 3, 0)
    screenshot(page, "sataat-refused-deal")
    # ... 7 tricks for both teams (play stops at the first team's 7; it read "more than 13 together") ...
    page.get_by_label(TRICKS + "Ann").fill("7")
    page.get_by_label(TRICKS + "Ben").fill("7")
    save(page)
    expect(tricks_row.get_by_role("alert")).to_have_text(
        "Play stops when the first team has 7 tricks: Ann & Cat and Ben & Dan cannot both have 7.")
    expect(page.get_by_label(TRICKS + "Ann")).to_have_value("7")
    # ... and a 7-0 although the losers have a trick (the message sits at the 7-0 toggle).
    page.get_by_label(TRICKS + "Ann").fill("2")
    page.get_by_label(SEVEN).check(force=True)
    save(page)
    expect(page.locator("[data-field=first_seven]").get_by_role("alert")).to_have_text(
        "A 7-0 means Ben & Dan took the first seven tricks in a row, so the others have no trick, not 2.")
    expect(page.get_by_label(SEVEN)).to_be_checked()
    expect_totals(page, 3, 0)
    expect_parent_and_dealer(page, "Cat", "Ben", 3)

    # Deal 3 (worked example, with Cat as parent): Ben & Dan win 7-5 -> Dan (left of Cat) is parent, Cat deals.
    page.get_by_label(SEVEN).uncheck(force=True)
    page.get_by_label(TRICKS + "Ann").fill("5")
    save(page)
    expect_totals(page, 3, 1)
    expect_parent_and_dealer(page, "Dan", "Cat", 4)
    expect(page.locator(".note", has_text="Exchange")).to_have_count(0)  # the exchange was due in deal 3 only
    page.locator("tr.deal-row").nth(2).locator("summary").click()
    expect(page.locator("tr.deal-row").nth(2)).to_contain_text("Trump: never shown (hidden, Trup Kasiet).")
    expect(page.locator("tr.deal-row").nth(2)).to_contain_text("Ben & Dan took 7 tricks to 5: a win, 1 each.")
    expect(page.locator("tr.deal-row").locator("th small.dealt")).to_have_text(["Dan", "Dan", "Ben"])
    screenshot(page, "sataat-scoreboard")

    # Correction: deal 2 was not a 7-0 but a plain 7-3. Ann stays parent for deal 3 (Dan deals), Ben & Dan's
    # win there passes the parent to Ben (left of Ann) and Ann deals deal 4.
    page.locator("tr.deal-row").nth(1).get_by_role("link", name="Correct").click()
    expect(page.get_by_label(TRICKS + "Ann")).to_have_value("7")
    expect(page.get_by_label(SEVEN)).to_be_checked()
    page.get_by_label(SEVEN).uncheck(force=True)
    page.get_by_label(TRICKS + "Ben").fill("3")
    screenshot(page, "sataat-correction")
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("#revisions")).to_contain_text("Deal 2 corrected.")
    expect_totals(page, 2, 1)
    expect(page.locator("tr.deal-row").nth(1).locator("td.pts")).to_have_text(["+1", "·", "+1", "·"])
    expect(page.locator("tr.deal-row").locator("th small.dealt")).to_have_text(["Dan", "Dan", "Dan"])
    expect_parent_and_dealer(page, "Ben", "Ann", 4)
    expect(notes).to_contain_text(["Ann & Cat: 2 won, 0 x 7-0, 0 x 13-0.", "Ben & Dan: 1 won, 0 x 7-0, 0 x 13-0."])

    # Deal 4: Ben's team takes the first seven in a row -> 7-0 (2 points, 3 in all); Dan (Ben's partner) becomes
    # parent and Cat deals; Ann and Cat give one card each to their right, then Dan and Ben one to their left.
    enter_deal(page, "diamonds", 0, 7, seven=True)
    save(page)
    expect_totals(page, 2, 3)
    expect(page.locator("tr.deal-row").nth(3).locator("td.pts")).to_have_text(["·", "+2", "·", "+2"])
    expect_parent_and_dealer(page, "Dan", "Cat", 5)
    expect(notes).to_contain_text([
        "Exchange: once 13 cards are dealt and trump is fixed, Ann gives one card to Dan and Cat one to Ben: "
        "their highest card (the ♥2 never has to be given).",
        "Then Dan gives any one card to Ann and Ben any one to Cat.",
        "Ben & Dan: 2 won, 1 x 7-0, 0 x 13-0."])

    # Deal 5: Ben & Dan win 7-2 -> their third deal won (4 points), the target: the session is over.
    enter_deal(page, "clubs", 2, 7)
    save(page)
    expect_totals(page, 2, 4)
    expect(page.locator("#status")).to_contain_text("Game over.")
    expect(page.locator("#status")).to_contain_text("Winners: Ben, Dan")
    expect(page.locator("thead th.winner")).to_have_count(2)
    expect(page.locator("#entry")).to_have_count(0)
    expect(page.locator("thead .seat-note")).to_have_count(0)  # nobody is parent or deals any more
    expect(page.locator("#winner-rule")).to_be_visible()  # still says which rule decided
    screenshot(page, "sataat-game-over")


def test_a_thirteen_nil_is_entered_after_playing_on(page):
    start_session(page, "Sataat", NAMES, "Ann", first_seat=FIRST_PARENT, options=TRUP_KASIET_TO_3, deals="Dan",
                  check_form=the_form_asks_for_the_first_parent_not_the_dealer)
    enter_deal(page, "hearts", 13, 0, seven=True)
    expect(page.get_by_label(PLAYED_ON)).to_be_visible()
    page.get_by_label(PLAYED_ON).check(force=True)
    save(page)
    expect_totals(page, 4, 0)
    page.locator("tr.deal-row").nth(0).locator("summary").click()
    expect(page.locator("tr.deal-row").nth(0)).to_contain_text("Ann & Cat took all 13 tricks: 13-0, 4 each.")
    # Seed: 「最初から7連勝した場合は、「7-0」勝ちになります。」 A 7 to 0 count is a 7-0 without the box.
    enter_deal(page, "clubs", 0, 7)
    save(page)
    expect_totals(page, 4, 2)
    expect(page.locator("tr.deal-row").nth(1).locator("td.pts")).to_have_text(["·", "+2", "·", "+2"])
    # 4 points to 2, but one deal won each: the session goes on until a team has won 3 deals.
    expect(page.locator("#status")).not_to_contain_text("Game over")
    expect(page.locator("#status")).to_contain_text("Deal 3 ·")
    enter_deal(page, "spades", 7, 1)
    save(page)
    expect(page.locator("#status")).to_contain_text("Deal 4 ·")
    enter_deal(page, "spades", 7, 2)
    save(page)
    expect(page.locator("#status")).to_contain_text("Winners: Ann, Cat")


def test_a_finished_session_names_the_rule_that_decided_the_winner(page):
    """rules/sataat.md, decided 2026-11-26: after the agreed deals more deal wins win, equal wins go to more
    points, and the board says which rule decides ("decided by deal wins, then points"). One win each, the
    7-0 scores 2 against 1: Ann & Cat win."""
    start_session(page, "Sataat", NAMES, "Ann", first_seat=FIRST_PARENT, options={"Number of deals": 2},
                  deals="Dan")
    rule = page.locator("#winner-rule")
    expect(rule).to_have_text("Decided by deal wins, then points; still equal: a draw, both teams win.")
    for ann_cat, ben_dan in ((7, 0), (3, 7)):
        page.get_by_label(TRICKS + "Ann").fill(str(ann_cat))
        page.get_by_label(TRICKS + "Ben").fill(str(ben_dan))
        save(page)
    expect_totals(page, 2, 1)
    expect(page.locator("#status")).to_contain_text("Winners: Ann, Cat")
    expect(rule).to_be_visible()
    expect(rule).to_have_text("Decided by deal wins, then points; still equal: a draw, both teams win.")
    assert rule.bounding_box()["width"] > 0
    screenshot(page, "sataat-winner-rule")

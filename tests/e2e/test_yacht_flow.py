"""A table plays Yacht on a tablet: bids locked before play, tricks after, a refusal, a correction, game over.

Expected points come from shared/rules/yacht.md (house table, n = 13 with 4 players):
final = start + 2 x tricks - 13; distance 0/1/2/3/4/5+ -> 50/40/30/20/10/0;
T.U. made +100, failed -100; L.T.U. made +200, failed -200.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import screenshot, start_session

pytestmark = pytest.mark.e2e
NAMES = ("Anna", "Ben", "Carl", "Dora")
TRICKS = "Tricks taken: "
KIND_TEXT = {"goal": "start and goal", "tu": "T.U.", "ltu": "L.T.U."}
TO_300 = {"Target score": 300}


def the_points_table_is_the_house_table(page):
    expect(page.get_by_label("House table: goal hit exactly")).to_have_value("50")  # labelled as house rules


def bid(page, bids):
    """bids: one per player, ("goal", start, goal) / ("tu",) / ("ltu",); typed like a person."""
    entry = page.locator("#entry")
    for seat, (name, value) in enumerate(zip(NAMES, bids)):
        kind = value[0]
        entry.locator("tr[data-field=bid] td").nth(seat).get_by_text(KIND_TEXT[kind], exact=True).click()
        if kind == "goal":
            entry.get_by_label(f"Start number: {name}").fill(str(value[1]))
            entry.get_by_label(f"Goal number: {name}").fill(str(value[2]))
        else:  # a T.U. / L.T.U. bid has no numbers: its boxes are not asked
            expect(entry.get_by_label(f"Start number: {name}")).to_be_hidden()
            expect(entry.get_by_label(f"Goal number: {name}")).to_be_hidden()


def lock(page):
    page.get_by_role("button", name="Lock the bids").click()
    expect(page.locator(".locked-bids")).to_be_visible()
    expect(page.get_by_role("button", name="Save deal")).to_be_visible()


def tricks(page, counts):
    entry = page.locator("#entry")
    for name, count in zip(NAMES, counts):
        entry.get_by_label(TRICKS + name).fill(str(count))


def play_deal(page, bids, counts):
    bid(page, bids)
    lock(page)
    tricks(page, counts)
    page.get_by_role("button", name="Save deal").click()


def totals(page):
    return page.locator("tfoot td.total")


def test_bids_locked_then_tricks_a_refusal_a_correction_and_game_over(page):
    start_session(page, "Yacht", NAMES, "Ben", options=TO_300, check_form=the_points_table_is_the_house_table,
                  screenshot_form=True)
    page.evaluate("window.__sameDocument = true")

    # Before the first deal: who deals, how, who leads, and that bids come first.
    notes = page.locator(".note")
    expect(notes.first).to_have_text("Ben deals 13 cards each.")
    expect(notes).to_contain_text([
        "Trump: the suit of a card turned from the middle of the pack.",
        "The holder of the ♣2 (the ♦2 when clubs are trump) leads first; trumps cannot be led until broken.",
        "Write the bids before play: start and goal, T.U. or L.T.U.",
    ])
    expect(page.locator("thead th.dealer")).to_contain_text("Ben")
    expect(page.locator("#entry")).to_contain_text("bids first; they are locked before play")
    expect(page.locator("#entry").get_by_label(TRICKS + "Anna")).to_have_count(0)  # no tricks before the bids

    # A numbered bid without its goal is refused next to the field; nothing is locked.
    bid(page, [("goal", 5, 9), ("tu",), ("ltu",), ("goal", 6, 1)])
    page.get_by_label("Goal number: Dora").fill("")
    page.get_by_role("button", name="Lock the bids").click()
    goal_row = page.locator("#entry tr[data-field=goal]")
    expect(goal_row.get_by_role("alert")).to_have_text("Dora bid a start and a goal: enter the goal number.")
    expect(page.get_by_label("Start number: Dora")).to_have_value("6")
    expect(page.locator(".locked-bids")).to_have_count(0)
    screenshot(page, "yacht-bid-refused")

    # Deal 1 (Ben deals): the rules note's worked examples.
    # Anna start 5 goal 9, 8 tricks: 5 + 16 - 13 = 8, off by 1: +40. Ben T.U., 0 tricks: +100.
    # Carl L.T.U., 1 trick: -200. Dora start 6 goal 1, 4 tricks: 6 + 8 - 13 = 1, off by 0: +50.
    page.get_by_label("Goal number: Dora").fill("1")
    lock(page)
    locked = page.locator(".locked-bids")
    expect(locked.locator("tr[data-locked=bid] td")).to_have_text(
        ["start and goal", "T.U.", "L.T.U.", "start and goal"])
    expect(locked.locator("tr[data-locked=start] td")).to_have_text(["5", "—", "—", "6"])
    expect(locked.locator("tr[data-locked=goal] td")).to_have_text(["9", "—", "—", "1"])
    expect(page.locator("#entry").get_by_label("Start number: Anna")).to_have_count(0)  # bids can't be retyped
    expect(page.locator(".note").first).to_have_text("Ben deals 13 cards each.")
    assert page.evaluate("window.__sameDocument") is True, "the bids were locked without reloading the page"

    # Tricks not adding up to 13 are refused beside the row; the typed values and the locked bids stay.
    tricks(page, [8, 0, 1])
    expect(page.get_by_label(TRICKS + "Dora")).to_have_value("4")  # the last box fills itself
    page.get_by_label(TRICKS + "Dora").fill("3")
    page.get_by_role("button", name="Save deal").click()
    error = page.locator("#entry [data-error-for=tricks]").get_by_role("alert")
    expect(error).to_have_text("Tricks taken must add up to 13, but Anna 8, Ben 0, Carl 1, Dora 3 add up to 12.")
    for name, count in zip(NAMES, ["8", "0", "1", "3"]):
        expect(page.get_by_label(TRICKS + name)).to_have_value(count)
    expect(locked.locator("tr[data-locked=bid] td")).to_have_text(
        ["start and goal", "T.U.", "L.T.U.", "start and goal"])
    expect(locked.locator("tr[data-locked=goal] td")).to_have_text(["9", "—", "—", "1"])
    expect(page.get_by_role("button", name="Save deal")).to_be_visible()
    expect(page.locator("tr.deal-row")).to_have_count(0)
    screenshot(page, "yacht-tricks-refused")

    page.get_by_label(TRICKS + "Dora").fill("4")
    page.get_by_role("button", name="Save deal").click()
    expect(totals(page)).to_have_text(["40", "100", "-200", "50"])
    expect(page.locator(".locked-bids")).to_have_count(0)
    expect(page.get_by_role("button", name="Lock the bids")).to_be_visible()  # deal 2 starts with bids again
    expect(page.locator("#status")).to_contain_text("Carl deals")
    expect(page.locator(".note").first).to_have_text("Carl deals 13 cards each.")
    assert page.evaluate("window.__sameDocument") is True

    # Deal 2 (Carl deals): Anna T.U. 0 tricks +100; Ben start 3 goal 7, 5 tricks: 0, off by 7: 0;
    # Carl start 7 goal 7, 6 tricks: 6, off by 1: +40; Dora L.T.U., 2 tricks: -200.
    play_deal(page, [("tu",), ("goal", 3, 7), ("goal", 7, 7), ("ltu",)], [0, 5, 6, 2])
    expect(totals(page)).to_have_text(["140", "100", "-160", "-150"])
    expect(page.locator("#status")).to_contain_text("Dora deals")

    # Deal 3 (Dora deals): Anna start 10 goal 13, 8 tricks: 13, exact: +50; Ben T.U. 0: +100;
    # Carl start 2 goal 0, 4 tricks: -3, off by 3: +20; Dora start 0 goal 1, 1 trick: -11, off by 12: 0.
    play_deal(page, [("goal", 10, 13), ("tu",), ("goal", 2, 0), ("goal", 0, 1)], [8, 0, 4, 1])
    expect(totals(page)).to_have_text(["190", "200", "-140", "-150"])
    expect(page.locator("#status")).to_contain_text("Anna deals")

    row1 = page.locator("tr.deal-row").first
    row1.locator("summary").click()
    expect(row1).to_contain_text("Anna: 5 + 2 x 8 - 13 = 8, goal 9, off by 1: 40.")
    expect(row1).to_contain_text("Carl: L.T.U., 1 trick: failed, -200.")
    expect(row1).to_contain_text("Points from the house table")
    screenshot(page, "yacht-scoreboard")

    # Correct deal 1: Ben took one trick (T.U. failed, -100) and Dora only 3 (6 + 6 - 13 = -1, off by 2: +30).
    row1.get_by_role("link", name="Correct").click()
    expect(page.get_by_role("radio", name="T.U.: Ben", exact=True)).to_be_checked()  # each choice names its player
    expect(page.get_by_label("Start number: Anna")).to_have_value("5")
    expect(page.get_by_label(TRICKS + "Dora")).to_have_value("4")
    page.get_by_label(TRICKS + "Ben").fill("1")
    page.get_by_label(TRICKS + "Dora").fill("3")
    screenshot(page, "yacht-correct")
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("tr.deal-row").first.locator("td.pts")).to_have_text(["+40", "-100", "-200", "+30"])
    expect(totals(page)).to_have_text(["190", "0", "-140", "-170"])
    expect(page.locator("#revisions")).to_contain_text("Deal 1 corrected.")
    expect(page.locator("#status")).to_contain_text("Anna deals")

    # Deal 4 (Anna deals): Anna L.T.U. 0 tricks +200 -> 390 >= 300: game over.
    # Ben start 0 goal 0, 7 tricks: 1, off by 1: +40; Carl T.U. 0: +100; Dora start 4 goal 0, 6 tricks: 3: +20.
    play_deal(page, [("ltu",), ("goal", 0, 0), ("tu",), ("goal", 4, 0)], [0, 7, 0, 6])
    expect(totals(page)).to_have_text(["390", "40", "-40", "-150"])
    expect(page.locator("#status")).to_contain_text("Game over.")
    expect(page.locator("#status")).to_contain_text("Winner: Anna")
    expect(page.locator("thead th.winner")).to_have_text(re.compile("Anna"))
    expect(page.locator("#entry")).to_have_count(0)
    screenshot(page, "yacht-game-over")


def test_locked_bids_can_be_deleted_and_entered_again(page):
    start_session(page, "Yacht", NAMES, "Ben", options=TO_300, check_form=the_points_table_is_the_house_table)
    bid(page, [("goal", 5, 9), ("tu",), ("ltu",), ("goal", 6, 1)])
    lock(page)
    page.get_by_role("button", name="Delete the bids").click()
    expect(page.locator(".locked-bids")).to_have_count(0)
    expect(page.get_by_role("button", name="Lock the bids")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("Ben deals")

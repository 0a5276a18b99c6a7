"""Three players keep a Skat list on a tablet and on a phone (shared/rules/skat.md): a grand with 2 won
schneider, a Null Ouvert lost, an impossible game refused beside its field, an overbid clubs hand, the
Seeger-Fabian totals with the plain list under each name, the end of a short list, the page in Japanese,
nothing wider than the phone."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import click_and_settle, fits, screenshot, start_session

pytestmark = pytest.mark.e2e
NAMES = ("Ann", "Ben", "Cat")


def tap(page, field, text):
    """Tap the button `text` of the deal field `field`."""
    page.locator(f"#entry [data-field={field}]").get_by_text(text, exact=True).click()


def play(page, game, declarer, bid, jacks=(), points=None, hand=False, ouvert=False, tricks=None, null=None):
    """Enter one game as the table says it: game, declarer, hand/ouvert, jacks, card points, the bid."""
    tap(page, "game", game)
    tap(page, "declarer", declarer)
    if hand:
        page.locator("#entry [data-field=hand] label").click()
    if ouvert:
        page.locator("#entry [data-field=ouvert] label").click()
    for jack in jacks:
        page.locator("#entry [data-field=jacks]").get_by_text(jack, exact=True).click()
    if points is not None:
        page.locator("#entry").get_by_label("Declarer's card points (skat included)").fill(str(points))
    if tricks:
        tap(page, "tricks", tricks)
    if null:
        tap(page, "result", null)
    page.locator("#entry").get_by_label("Bid").fill(str(bid))


def totals(page):
    return page.locator("tfoot td.total")


def test_a_short_skat_list_seeger_fabian_overbid_refusal_and_japanese(any_mobile_page):
    page, size = any_mobile_page, any_mobile_page.size_name
    start_session(page, "Skat list", NAMES, "Ann", screenshot_form=size == "tablet",
                  options={"The list": "an agreed number of games", "Number of games": 3})
    expect(page.locator(".note")).to_have_text(["Ann deals; Ben is forehand."])
    expect(page.locator("#status")).to_contain_text("3 games left")
    wide = [] if fits(page) else ["new board"]

    # Game 1 (rules/skat.md example 2): Ben, grand with 2, 92 card points: 24 x 4 = 96, Seeger-Fabian 146.
    play(page, "Grand", "Ben", 48, jacks=("♣J", "♠J"), points=92)
    screenshot(page, f"skat-{size}-entry")
    page.get_by_role("button", name="Save game").click()
    expect(totals(page)).to_have_text(["0", "146", "0"])
    expect(page.locator("th .seat-note")).to_have_text(["list 0", "list 96", "list 0"])

    # Game 2 (example 3): Cat, Null Ouvert, lost: -92; Seeger-Fabian -142 and +40 to Ann and Ben.
    play(page, "Null", "Cat", 46, ouvert=True, null="lost: took a trick")
    page.get_by_role("button", name="Save game").click()
    expect(totals(page)).to_have_text(["40", "186", "-142"])

    # Game 3: every trick with 100 card points cannot be: refused beside the points, the rest kept.
    play(page, "clubs", "Ann", 46, jacks=("♣J", "♥J", "♦J"), points=100, hand=True, tricks="every trick")
    page.get_by_role("button", name="Save game").click()
    expect(page.locator("#entry [data-field=points]").get_by_role("alert")).to_have_text(
        "A declarer who took every trick has all 120 card points.")
    expect(page.locator("#entry").get_by_label("Bid")).to_have_value("46")
    expect(page.locator("#entry [data-field=hand] input")).to_be_checked()
    screenshot(page, f"skat-{size}-refused")
    if not fits(page):
        wide.append("refusal")

    # Example 1: the club J was in the skat, 74 card points: with 1, game 2, hand 3 x 12 = 36 < 46: overbid,
    # lost at 48: -96, Seeger-Fabian -146 and +40 to Ben and Cat.
    page.locator("#entry").get_by_label("Declarer's card points (skat included)").fill("74")
    tap(page, "tricks", "some")
    click_and_settle(page, page.get_by_role("button", name="Save game"))  # then the flash has the focus
    expect(totals(page)).to_have_text(["-106", "226", "-102"])
    expect(page.locator("th .seat-note")).to_have_text(["list -96", "list 96", "list -92"])
    expect(page.locator("#status")).to_contain_text("Game over.")
    expect(page.locator("#status")).to_contain_text("Winner: Ben")
    last = page.locator("tr.deal-row").nth(2)
    expect(last.locator("summary")).to_have_text("Ann clubs lost -96")
    last.locator("summary").focus()  # the sticky totals row covers the last row's lower edge: by keyboard
    page.keyboard.press("Enter")
    expect(last).to_contain_text("12 x (with 1 + game 1 + hand 1) = 12 x 3 = 36.")
    expect(last).to_contain_text("Overbid: the bid of 46 is not reached, so the game is lost whatever the card "
                                 "points, at 48 (the lowest multiple of 12 reaching the bid).")
    screenshot(page, f"skat-{size}-over")
    if not fits(page):
        wide.append("game over")

    # The same list in Japanese.
    page.get_by_role("button", name="日本語").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#winner-rule")).to_have_text(
        "3ゲーム後、ゼーガー・ファビアンの合計が最も高い人の勝ち。同点は同順位。")
    expect(page.locator("th .seat-note").nth(0)).to_have_text("リスト -96")
    screenshot(page, f"skat-{size}-ja")
    if not fits(page):
        wide.append("Japanese")
    assert wide == []


def test_four_players_the_dealer_sits_out_and_new_game_page_fits_a_phone(phone):
    page = phone
    page.goto("/sessions/new/skat")
    assert fits(page)
    start_session(page, "Skat list", ("Ann", "Ben", "Cat", "Dan"), "Ann")
    expect(page.locator(".note")).to_have_text(["Ann deals and sits out; Ben is forehand."])
    expect(page.locator("#status")).to_contain_text("48 games left")
    # Ann deals: she is not offered as declarer. Example 5: Cat, diamonds with 2, 55 card points: -54.
    expect(page.locator("#entry [data-field=declarer]").get_by_text("Ann", exact=True)).to_have_count(0)
    play(page, "diamonds", "Cat", 18, jacks=("♣J", "♠J"), points=55)
    click_and_settle(page, page.get_by_role("button", name="Save game"))  # then the flash has the focus
    expect(totals(page)).to_have_text(["30", "30", "-104", "30"])
    expect(page.locator(".note")).to_have_text(["Ben deals and sits out; Cat is forehand."])
    screenshot(page, "skat-phone-four")
    wide = [] if fits(page) else ["board"]

    # Cat had 61, not 55: the correction form keeps the game, and the game is won: 27 + 50.
    page.locator("tr.deal-row").nth(0).get_by_role("link", name="Correct").focus()  # under the sticky totals
    page.keyboard.press("Enter")
    expect(page.locator("[data-field=declarer] input:checked")).to_have_value("2")
    expect(page.get_by_label("Declarer's card points (skat included)")).to_have_value("55")
    expect(page.locator(".hint")).to_contain_text("Everything after this game is recomputed")
    screenshot(page, "skat-phone-four-correct")
    if not fits(page):
        wide.append("correct")
    # The opponents counted their tricks instead: 59, so Cat has 61.
    page.locator("[data-field=counted]").get_by_text("the opponents", exact=True).click()
    page.get_by_label("Opponents' card points").fill("59")
    page.get_by_role("button", name="Save correction").click()
    expect(totals(page)).to_have_text(["0", "0", "77", "0"])
    expect(page.locator("th .seat-note")).to_have_text(["list 0", "list 0", "list 27", "list 0"])

    # Every page of the session fits the phone.
    board = re.search(r"/sessions/\d+", page.url).group(0)  # the board's own address, without ?saved=
    href = page.locator("tr.deal-row .breakdown-body > a").first.get_attribute("href")
    for name, path in (("watch", board + "/watch"), ("big", board + "/big"), ("breakdown", href),
                       ("chart", board + "/chart"), ("statistics", board + "/statistics")):
        page.goto(path)
        expect(page.locator("#entry")).to_have_count(0)  # that page, not the board again
        if name == "breakdown":  # a row of the Skat list is a game, and so it is called
            expect(page.locator(".running")).to_contain_text("Totals after this game: ")
        screenshot(page, f"skat-phone-four-{name}")
        if not fits(page):
            wide.append(name)
    assert wide == []


def test_the_run_is_asked_only_with_all_four_jacks_or_none(page):
    """rules/skat.md, matadors: a suit game's run continues into the trump suit only "with" or "without"
    all four jacks; with one to three the page no longer asks it (the engine refused a run sent then)."""
    start_session(page, "Skat list", NAMES, "Ann")
    run = page.locator("#entry [data-field=run]")
    tap(page, "game", "hearts")
    expect(run).to_be_visible()  # without all four jacks
    run.get_by_text("2", exact=True).click()
    jacks = page.locator("#entry [data-field=jacks]")
    jacks.get_by_text("♣J", exact=True).click()
    expect(run).to_be_hidden()
    for jack in ("♠J", "♥J"):
        jacks.get_by_text(jack, exact=True).click()
        expect(run).to_be_hidden()
    jacks.get_by_text("♦J", exact=True).click()  # with all four: asked again, as typed
    expect(run).to_be_visible()
    expect(run.locator("input[value='2']")).to_be_checked()
    jacks.get_by_text("♦J", exact=True).click()  # with three: the 2 is not sent
    tap(page, "declarer", "Ben")
    page.locator("#entry").get_by_label("Declarer's card points (skat included)").fill("70")
    page.locator("#entry").get_by_label("Bid").fill("40")
    page.get_by_role("button", name="Save game").click()
    # hearts 10 x (with 3 + game 1 = 4) = 40, won: Seeger-Fabian 40 + 50 = 90
    expect(totals(page)).to_have_text(["0", "90", "0"])

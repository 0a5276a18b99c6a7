"""A table keeps a free score pad on a tablet and on a phone: the worked examples of
shared/rules/free-pad.md (decided 2026-11-26) typed as players type them, with the game's name on the
pages, a box left empty (Save asks once), a refused number, teams, and both languages."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, choose_option, click_and_settle, fits, new_page, screenshot, start_session
from .test_table_ui import api_session

pytestmark = pytest.mark.e2e
NAME = "Name of the game"
WHO_WINS = "Who wins"
TARGET = "Target total"
ROUNDS = "Number of deals"
TEAMS = "Number of teams"


def type_round(page, label, numbers):
    """One number per box, in seat order (None: the box is left empty)."""
    for name, value in numbers.items():
        box = page.locator("#entry").get_by_label(f"{label}: {name}")
        box.fill("" if value is None else str(value))


def save(page):
    click_and_settle(page, page.get_by_role("button", name="Save deal"))


def totals(page):
    return page.locator("tfoot td.total")


def test_three_players_highest_wins_to_100_with_an_empty_box_and_a_refusal(page):
    """rules/free-pad.md worked example 1: (30, 20, 45), (50, 40, 30), (25, 45, 10): 105, 105, 85; the
    game ends after round 3 and the two on 105 share the win."""
    start_session(page, "Free score pad", ("Anna", "Ben", "Cleo"), options={
        NAME: "Rummy", WHO_WINS: "the highest total", TARGET: 100}, screenshot_form=True)
    page.evaluate("window.__sameDocument = true")
    expect(page.locator("h1")).to_have_text(re.compile(r"^Free score pad: Rummy #\d+"))
    expect(page.locator("#winner-rule")).to_have_text(
        "The game ends after the deal in which a total reaches 100. The highest total wins; equal totals share "
        "the win.")

    type_round(page, "Points", {"Anna": 30, "Ben": 20, "Cleo": 45})
    save(page)
    expect(totals(page)).to_have_text(["30", "20", "45"])

    # A reload mid-deal keeps what was typed (the form's hidden "empty counts 0" message was taken for
    # a refusal, and the empty form saved over the draft)
    type_round(page, "Points", {"Anna": 50, "Ben": 40})
    page.wait_for_timeout(300)  # the draft is kept as the boxes change
    page.reload()
    expect(page.locator("#entry").get_by_label("Points: Ben")).to_have_value("40")
    # Round 2: Cleo's box forgotten: Save asks once, nothing is saved, the typed numbers stay.
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator(".ask-empty")).to_have_text("An empty box counts 0. Save again to keep it so, or fill it in.")
    cleo = page.locator("#entry").get_by_label("Points: Cleo")
    expect(cleo).to_be_focused()
    expect(cleo).to_have_accessible_description("An empty box counts 0. Save again to keep it so, or fill it in.")
    expect(page.locator("tr.deal-row")).to_have_count(1)
    screenshot(page, "free-pad-empty-box")
    cleo.fill("30")
    expect(page.locator("#entry").get_by_label("Points: Anna")).to_have_value("50")
    save(page)
    expect(totals(page)).to_have_text(["80", "60", "75"])

    # A number that is not whole is refused beside its box; the others stay as typed. With a box left
    # empty too, the wrong number is named first (the page does not ask about the empty box before it).
    type_round(page, "Points", {"Anna": 25, "Ben": "4.5", "Cleo": None})
    save(page)
    refused = page.locator("#entry .field-error:not(.ask-empty)")
    expect(refused).to_have_text(["Enter a whole number, without decimals."])
    expect(page.locator(".ask-empty")).to_have_count(1)
    expect(page.locator(".ask-empty")).to_be_hidden()
    expect(page.locator("#entry").get_by_label("Points: Anna")).to_have_value("25")
    type_round(page, "Points", {"Ben": 45})
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator(".ask-empty")).to_be_visible()
    type_round(page, "Points", {"Cleo": 10})
    save(page)
    expect(totals(page)).to_have_text(["105", "105", "85"])
    expect(page.locator("#status")).to_contain_text("Game over. Winners: Anna, Ben")
    expect(page.locator("#entry")).to_have_count(0)
    screenshot(page, "free-pad-over")

    page.goto("/history")
    expect(page.locator("table.history tbody tr").first).to_contain_text("Free score pad: Rummy")


def test_two_teams_on_a_phone_in_both_languages(phone):
    """rules/free-pad.md worked example 3: two teams, highest wins, 3 rounds: (12, -4), (0, 7), (5, 5):
    17 and 8; the first team wins. Partners sit alternately: Anna & Cleo against Ben & Dan."""
    start_session(phone, "Free score pad", ("Anna", "Ben", "Cleo", "Dan"), options={
        NAME: "Canasta", ROUNDS: 3, TEAMS: 2})
    assert fits(phone)
    expect(phone.locator("#entry").get_by_label("Team points: Cleo")).to_have_count(0)  # under Anna
    type_round(phone, "Team points", {"Anna": 12, "Ben": -4})
    save(phone)
    type_round(phone, "Team points", {"Anna": None, "Ben": 7})
    phone.get_by_role("button", name="Save deal").click()
    expect(phone.locator(".ask-empty")).to_be_visible()
    save(phone)  # asked once: the empty box counts 0
    expect(totals(phone)).to_have_text(["12", "3", "12", "3"])
    screenshot(phone, "phone-free-pad-teams")
    assert fits(phone)
    type_round(phone, "Team points", {"Anna": 5, "Ben": 5})
    save(phone)
    expect(totals(phone)).to_have_text(["17", "8", "17", "8"])
    expect(phone.locator("#team-totals")).to_contain_text("Anna & Cleo 17")
    expect(phone.locator("#status")).to_contain_text("Winners: Anna, Cleo")
    session = phone.url.split("?")[0].rstrip("/").rsplit("/", 1)[-1]
    screenshot(phone, "phone-free-pad-over")
    assert fits(phone)

    phone.get_by_role("button", name="日本語").click()
    expect(phone.locator("html")).to_have_attribute("lang", "ja")
    expect(phone.locator("h1")).to_contain_text("フリースコア表：Canasta")
    expect(phone.locator("#winner-rule")).to_contain_text("3ディールで終了します。")
    screenshot(phone, "phone-ja-free-pad")
    wide = []
    deal = phone.request.get(f"/api/v1/sessions/{session}").json()["deals"][0]["id"]
    for path in ("", "/watch", "/big", "/what-if", "/statistics", "/chart", "/changes", f"/deals/{deal}/edit",
                 f"/deals/{deal}/breakdown"):
        phone.goto(f"/sessions/{session}{path}")
        if not fits(phone):
            wide.append(path)
    phone.goto("/sessions/new/free_pad")
    screenshot(phone, "phone-ja-free-pad-new")
    if not fits(phone):
        wide.append("new")
    phone.goto("/history")
    expect(phone.locator("table.history tbody tr").first).to_contain_text("フリースコア表：Canasta")
    if not fits(phone):
        wide.append("history")
    assert wide == []


def test_what_was_typed_for_a_new_game_stays_when_the_language_changes(phone):
    """Found at a table: a player typed four names, the game's name, the winner and a target, then tapped
    日本語, and the form came back empty. It comes back as typed, in Japanese (a draft, as a deal being
    typed is), until the game is started."""
    page = phone
    page.goto("/")
    page.locator(".game-list").get_by_role("link", name=re.compile("Free score pad")).click()
    names = ("Anna", "Ben", "Cleo", "Dan")
    for index, name in enumerate(names, start=1):
        page.get_by_label(f"Player {index}", exact=True).fill(name)
    page.get_by_label(NAME, exact=True).fill("Hearts")
    choose_option(page, WHO_WINS, "the lowest total")
    page.get_by_label(TARGET, exact=True).fill("100")
    page.get_by_role("button", name="日本語").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    for index, name in enumerate(names, start=1):
        expect(page.get_by_label(f"プレイヤー{index}", exact=True)).to_have_value(name)
    expect(page.locator("input[name=option_name]")).to_have_value("Hearts")
    expect(page.locator("[name=option_target]")).to_have_value("100")
    expect(page.locator("[name=option_winner]:checked, select[name=option_winner]")).to_have_value("lowest")
    screenshot(page, "free-pad-new-game-language-kept-phone", full_page=False)
    page.reload()  # kept as a draft while the game is not started, as a deal being typed is
    expect(page.get_by_label("プレイヤー1", exact=True)).to_have_value("Anna")
    page.get_by_role("button", name="開始").click()
    expect(page.locator("#board")).to_be_visible()
    page.go_back()  # once the game is started, a new game's form starts empty
    page.reload()
    expect(page.get_by_label("プレイヤー1", exact=True)).to_have_value("")


def test_eight_long_names_that_part_at_their_end_can_be_told_apart_on_a_phone(phone):
    """A free pad of eight on one phone (a tester): Alexandra and Alexander were both "Ale…" in the pinned
    totals and "Alexar" over the columns. With six to eight players a long name shows its start and its
    end ("Ale…ra", "Ale…er") wherever a column heads it; a screen reader still hears the whole name."""
    names = ("Alexandra", "Alexander", "Christiane", "Christopher", "Maximiliane", "Maximilian", "Konstantina",
             "Konstantin")
    start_session(phone, "Free score pad", names)
    for place in ("#board .board-table thead .head-name", "#entry .seat-grid thead .head-name", ".bar .bar-name"):
        seen = phone.locator(place).evaluate_all("""(all) => all.map(e => {
            const short = e.querySelector(".short");
            const shown = short && getComputedStyle(short).display !== "none" ? short.textContent : e.textContent;
            return [shown.trim(), e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1];
        })""")
        assert len({text for text, _ in seen}) == len(names) and all(whole for _, whole in seen), (place, seen)
        heard = phone.locator(place + " .full").all_text_contents()
        assert heard == list(names), (place, heard)
    assert fits(phone)
    screenshot(phone, "free-pad-eight-names-phone", full_page=False)


def test_twelve_players_on_a_phone_have_boxes_a_finger_hits_each_under_its_name(browser, live_server):
    """rules/free-pad.md: 1 to 12 sides. A tester's twelve boxes in one row were 25 px wide on a phone,
    below the 44 px a finger needs (issue 23, item 11): from eight players they stand four a line, each
    under its player's name, and the round saves as typed; the pinned totals show every name whole."""
    page = new_page(browser, live_server, {**PHONE, "is_mobile": True})
    names = ["Ann", "Ben", "Cid", "Dot", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lu"]
    sid = api_session(page, game="free_pad", players=names)
    page.goto(f"/sessions/{sid}")
    boxes = page.locator("#entry input.num")
    expect(boxes).to_have_count(12)
    sizes = boxes.evaluate_all("boxes => boxes.map(b => [b.getBoundingClientRect().width, "
                               "b.getBoundingClientRect().height])")
    assert all(width >= 44 and height >= 44 for width, height in sizes), sizes
    above = page.locator("#entry td[data-name]").evaluate_all(
        "cells => cells.map(c => getComputedStyle(c, '::before').content)")
    assert above == [f'"{name}"' for name in names]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
    type_round(page, "Points", {name: n for n, name in enumerate(names)})
    save(page)
    expect(page.locator("tfoot td.total")).to_have_text([str(n) for n in range(12)])
    # the pinned totals name each player whole: a three-letter name was cut to "A…"
    cut = page.locator(".bar-name").evaluate_all("names => names.filter(n => n.scrollWidth > n.clientWidth + 1)"
                                                 ".map(n => n.textContent.trim())")
    assert cut == [], cut
    screenshot(page, "free-pad-twelve-phone")
    page.context.close()

"""A table of four plays Schieber to 1000 with the Swisslos factors, at tablet and at phone size: Anna & Carl
against Ben & Dora (partners opposite, play counter-clockwise). The first deal is worked example 1 of
shared/rules/schieber.md without the Stöck (spades x2, 103 card points and a 70 Weis), entered in at most four
taps (trump, one team's points, Weis, Save) while the other side fills itself to 157; then a match in Obenabe,
Stöck refused in Undenufe next to its field with nothing typed lost, and the end when Ben & Dora reach 1000.
The board draws both totals on the chalk Tafel; every page fits the phone, in English and in Japanese."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, choose_option, click_and_settle, new_page, screenshot, start_session
from .test_table_ui import Taps, fits

pytestmark = pytest.mark.e2e
NAMES = ("Anna", "Ben", "Carl", "Dora")
POINTS = "Card points: "
WEIS = "Weis (the team with the best Weis): "
MATCH = "Took all nine tricks (match): "
STOECK = "Stöck (trump K and Q): "


def trump(page, kind):
    return page.locator("#entry [data-field=trump]").get_by_text(kind, exact=True)


def save(page):
    click_and_settle(page, page.get_by_role("button", name="Save deal"))


def breakdown(page, index, line):
    """A deal's arithmetic: opened under its row on the tablet; the phone's table keeps its summary aside, so it
    opens the row's own page."""
    row = page.locator("tr.deal-row").nth(index)
    if page.viewport_size["width"] > 400:
        row.locator("summary").click()
        expect(row).to_contain_text(line)
    else:
        board, href = page.url, row.locator("details.breakdown .breakdown-body > a").get_attribute("href")
        page.goto(href)
        expect(page.locator("main")).to_contain_text(line)
        page.goto(board)  # (Back would have the board load itself again: app.js's pageshow)


def expect_totals(page, team_a, team_b):
    """Partners carry the same total; the team totals are pinned and drawn on the Tafel."""
    expect(page.locator("tfoot td.total")).to_have_text([str(team_a), str(team_b), str(team_a), str(team_b)])
    expect(page.locator("#team-totals")).to_contain_text(f"Anna & Carl {team_a}")
    expect(page.locator("#team-totals")).to_contain_text(f"Ben & Dora {team_b}")
    expect(page.locator(".tafel figcaption")).to_have_text([f"Anna & Carl {team_a}", f"Ben & Dora {team_b}"])


def test_a_game_of_schieber_to_1000(screen):
    size, page = screen
    start_session(page, "Schieber 4 players", NAMES, "Anna", options={"Points to reach": 1000},
                  screenshot_form=size == "ipad")
    expect(page.locator("#winner-rule")).to_have_text(
        "The first team to reach 1000 wins; when both reach it in one deal, Stöck count first, then Weis, then "
        "card points.")
    expect(page.locator(".note").first).to_have_text(
        "Anna deals 9 cards each, counter-clockwise; Dora chooses trump or pushes to Ben, and leads.")

    # Deal 1: Dora chooses spades (x2); Anna & Carl 103 card points and the best Weis, 70.
    taps, entry = Taps(), page.locator("#entry")
    taps.tap(trump(page, "♠ spades"))
    taps.type(entry.get_by_label(POINTS + "Anna"), "103")
    taps.type(entry.get_by_label(WEIS + "Anna"), "70")
    expect(entry.get_by_label(POINTS + "Ben")).to_have_value("54")  # the other side, filled to 157
    taps.count += 1  # Save
    save(page)
    assert taps.count <= 4, f"{taps.count} taps for a deal with Weis"
    print(f"\nSchieber deal with Weis at {size}: {taps.count} taps")
    expect_totals(page, 346, 108)
    expect(page.locator("tr.deal-row").nth(0).locator("summary")).to_have_text("♠ spades x2: 346 to 108")
    # the Tafel of 346: three 100s, no 50, two 20s, 6 left
    expect(page.locator(".tafel svg").first).to_have_attribute("aria-label", "3 × 100, 0 × 50, 2 × 20, rest 6")
    expect(page.locator("#status")).to_contain_text("Dora deals")

    # Deal 2: Carl chooses Obenabe (x3), Ben & Dora take all nine tricks (Kontermatsch): 3 x 257.
    # The match is all the card points: its tap fills Ben & Dora's 157 and Anna & Carl's 0 (3 taps).
    taps = Taps()
    taps.tap(trump(page, "Obenabe"))
    entry.get_by_label(POINTS + "Anna").fill("20")  # typed first by mistake: the match clears it
    taps.tap(entry.locator("tr[data-field=match] label.toggle").nth(1))
    expect(entry.get_by_label(POINTS + "Ben")).to_have_value("157")
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("0")
    taps.count += 1  # Save
    save(page)
    assert taps.count == 3, f"{taps.count} taps for a match"
    expect_totals(page, 346, 879)
    expect(page.locator(".note", has_text="Berg")).to_have_text("Berg: Ben & Dora reached 500 first.")
    breakdown(page, 1, "Ben & Dora took all nine tricks: Kontermatsch, +100.")

    # Stöck in Undenufe is refused beside the Stöck, and what was typed stays.
    trump(page, "Undenufe").click()
    entry.get_by_label(POINTS + "Anna").fill("100")
    entry.get_by_label(STOECK + "Anna").check(force=True)
    save(page)
    alert = page.locator("[data-error-for=stoeck]").get_by_role("alert")
    expect(alert).to_have_text("There is no trump in Obenabe or Undenufe, so no Stöck.")
    # on screen, not under the tablet's Save bar (a tester saw only its top pixels)
    assert alert.evaluate("(e) => { const r = e.getBoundingClientRect();"
                          " const hit = document.elementFromPoint(r.left + 4, r.top + r.height / 2);"
                          " return r.top >= 0 && r.bottom <= innerHeight && !!hit && e.contains(hit); }")
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("100")
    expect(page.locator("[data-field=trump] input:checked")).to_have_value("undenufe")
    # the refusal marks Anna's ticked Stöck, not the others' empty ones
    warn = page.evaluate("() => { const probe = document.createElement('i'); probe.style.color = 'var(--warn)';"
                         " document.body.append(probe); const colour = getComputedStyle(probe).color;"
                         " probe.remove(); return colour; }")
    row = entry.locator("tr[data-field=stoeck]")
    anna, ben = (row.locator("label.toggle span").nth(seat) for seat in (0, 1))
    assert warn in anna.evaluate("(span) => getComputedStyle(span).boxShadow")
    assert ben.evaluate("(span) => getComputedStyle(span).borderTopColor") != warn
    screenshot(page, f"schieber-refused-{size}")
    assert fits(page)
    # each team is read whole above its boxes' column, on a phone too ("team: Anna & Carl", not
    # "team: Anna &"); a partner's column, which asks nothing, names no team again (r55b)
    assert page.locator("#entry .partners").count() == 2
    assert not page.evaluate("() => [...document.querySelectorAll('#entry .partners')]"
                             ".some(e => e.scrollWidth > e.clientWidth + 1)")

    # Deal 3 without the Stöck: A 3 x 100, B 3 x 57: Ben & Dora reach 1050 and win.
    page.locator("#entry").get_by_label(STOECK + "Anna").uncheck(force=True)
    # after the refusal the other side still fills itself (rules/schieber.md "Entry at the table"): a changed
    # count refills it, and a count that is none (-5) fills nothing
    entry.get_by_label(POINTS + "Anna").fill("110")
    expect(entry.get_by_label(POINTS + "Ben")).to_have_value("47")
    entry.get_by_label(POINTS + "Anna").fill("-5")
    expect(entry.get_by_label(POINTS + "Ben")).to_have_value("")
    entry.get_by_label(POINTS + "Anna").fill("100")
    expect(entry.get_by_label(POINTS + "Ben")).to_have_value("57")
    save(page)
    expect_totals(page, 646, 1050)
    expect(page.locator("#status")).to_contain_text("Game over.")
    expect(page.locator("#status")).to_contain_text("Winners: Ben, Dora")
    expect(page.locator(".seat-note")).to_have_text(["Berg", "Berg"])  # Ben & Dora reached 500 first
    screenshot(page, f"schieber-over-{size}")
    assert fits(page)

    # 日本語: the board, the Tafel and the breakdown
    page.get_by_role("button", name="日本語").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("h1")).to_contain_text("シーバー")
    expect(page.locator(".tafel svg").nth(1)).to_have_attribute("aria-label", "100が10本、50が1本、20が0本、残り0")
    breakdown(page, 0, "Anna & Carl：カード点103、ヴァイス 70、シュテック 0：2 x (103 + 70) = 346。")
    screenshot(page, f"schieber-ja-{size}")
    assert fits(page)


def test_every_schieber_page_fits_a_phone_in_both_languages(browser, live_server):
    page = new_page(browser, live_server, PHONE)
    page.goto("/sessions/new/schieber")
    choose_option(page, "Factors per trump", "our own")  # the six factor boxes shown
    pages = ["/sessions/new/schieber"]
    created = page.request.post("/api/v1/sessions", data={"game": "schieber", "players": list(NAMES)})
    sid = created.json()["id"]
    for values in ({"trump": "C", "points": [157, 0, None, None], "match": [True, False, False, False],
                    "weis": [250, 0, 0, 0], "stoeck": [True, False, False, False]},
                   {"trump": "undenufe", "points": [40, 117, None, None]}):
        assert page.request.post(f"/api/v1/sessions/{sid}/deals", data={"values": values}).status == 201
    deal = page.request.get(f"/api/v1/sessions/{sid}").json()["deals"][0]["id"]
    pages += [f"/sessions/{sid}", f"/sessions/{sid}/watch", f"/sessions/{sid}/big",
              f"/sessions/{sid}/deals/{deal}/edit", f"/sessions/{sid}/deals/{deal}/breakdown"]
    wide = []
    for language in ("en", "ja"):
        if language == "ja":
            page.get_by_role("button", name="日本語").click()
            expect(page.locator("html")).to_have_attribute("lang", "ja")
        for path in pages:
            page.goto(path)
            if not fits(page):
                wide.append((language, path))
            screenshot(page, f"schieber-phone-{language}-{path.strip('/').replace('/', '-')}")
    page.context.close()
    assert wide == []


def test_a_preset_sets_target_and_factors_and_keeps_the_names(page):
    """rules/schieber.md "Start, presets and the end": "2500 with factors" (the default), "1000 without
    factors" and "3000 pagat" on the start form; choosing one after typing the names keeps them."""
    page.goto("/sessions/new/schieber")
    target, factors = page.get_by_label("Points to reach"), page.get_by_role("radiogroup", name="Factors per trump")
    expect(target).to_have_value("2500")
    for n, name in enumerate(NAMES, start=1):
        page.get_by_label(f"Player {n}", exact=True).fill(name)
    page.get_by_role("link", name="1000 without factors").click()
    expect(target).to_have_value("1000")
    expect(factors.get_by_label("all x1", exact=True)).to_be_checked()  # a list of its long choices
    expect(page.get_by_label("Player 3", exact=True)).to_have_value("Carl")
    assert page.url.endswith("/sessions/new/schieber")  # set in the page, nothing reloaded
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#winner-rule")).to_contain_text("The first team to reach 1000 wins")
    sid = page.url.rstrip("/").split("/")[-1]
    options = page.request.get(f"/api/v1/sessions/{sid}").json()["options"]
    assert (options["target"], options["factors"]) == (1000, "none")


def test_a_stray_tap_on_thanked_first_can_be_taken_back(page):
    """Found at a table: "Thanked first" is a row of names asked only when both teams reach the target by
    card points; a name tapped by mistake could not be untapped, folding did not clear it, and every Save
    of an ordinary deal was refused ("Asked only when ..."). It has "nobody" to go back to."""
    start_session(page, "Schieber 4 players", NAMES, "Anna", options={"Points to reach": 1000})
    entry = page.locator("#entry")
    trump(page, "♠ spades").click()
    entry.get_by_label(POINTS + "Anna").fill("100")
    fold = entry.locator("[data-field=thanked_first]")
    fold.locator("summary").click()
    fold.get_by_text("Carl", exact=True).click()
    save(page)
    expect(page.locator("#entry .field-error")).to_have_text(
        ["Asked only when both teams reach the target by card points in this deal."])
    page.locator("#entry [data-field=thanked_first]").get_by_text("nobody", exact=True).click()
    save(page)
    expect(page.locator("tr.deal-row")).to_have_count(1)
    expect(page.locator("tfoot td.total")).to_have_text(["200", "114", "200", "114"])


def test_a_refused_count_keeps_both_teams_boxes_as_typed(page):
    """Found at a table: -5 and 162 (the sum is 157, but -5 is no count) were refused, and the page
    then emptied the 162 as if it were the filled remainder: the message quoted a number the box no
    longer held. Both boxes keep what was typed, and a real count refills the other side again."""
    start_session(page, "Schieber 4 players", NAMES, "Anna", options={"Points to reach": 1000})
    entry = page.locator("#entry")
    trump(page, "♥ hearts").click()
    entry.get_by_label(POINTS + "Anna").fill("-5")
    entry.get_by_label(POINTS + "Ben").fill("162")
    save(page)
    expect(page.locator("#entry .field-error").first).to_be_visible()
    # each box's message names its team, not its first player alone (and the line under the row once)
    expect(page.locator("#entry tr.seat-errors p").first).to_have_text(
        "Card points for Anna & Carl cannot be less than 0.")
    for name in ("Anna", "Ben", "Anna"):
        box = entry.get_by_label(POINTS + name)
        box.focus()  # each focus and blur asks the row to fill its remainder
        box.blur()
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("-5")
    expect(entry.get_by_label(POINTS + "Ben")).to_have_value("162")
    entry.get_by_label(POINTS + "Anna").fill("100")  # typed: Ben's 162 is still what the table typed
    expect(entry.get_by_label(POINTS + "Ben")).to_have_value("162")
    entry.get_by_label(POINTS + "Ben").fill("57")
    save(page)
    expect(page.locator("tr.deal-row")).to_have_count(1)


def test_257_typed_for_one_team_and_match_ticked_for_the_other_is_refused(any_page):
    """rules/schieber.md: a match is one team's, "257 + 0 with a match". Two testers typed 257 for Anna &
    Carl and then ticked Ben & Dora's match: the tick emptied the 257, and the save stored Ben & Dora's
    match (a wrong score). The tick leaves a 257 typed for the other team alone; the save is refused
    saying why, with both kept. 257 alone is Anna & Carl's match: 2 x 257."""
    page = any_page
    start_session(page, "Schieber 4 players", NAMES, "Anna")
    entry = page.locator("#entry")
    trump(page, "♠ spades").click()
    entry.get_by_label(POINTS + "Anna").fill("257")
    entry.locator("tr[data-field=match] label.toggle").nth(1).click()  # Ben & Dora's match
    expect(entry.get_by_label(MATCH + "Ben")).to_be_checked()
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("257")
    save(page)
    expect(page.locator("#entry")).to_contain_text(
        "257 is all nine tricks for Anna & Carl, but Match is ticked for Ben & Dora.")
    expect(page.locator("tr.deal-row")).to_have_count(0)
    expect(page.locator("#entry").get_by_label(POINTS + "Anna")).to_have_value("257")
    page.locator("#entry tr[data-field=match] label.toggle").nth(1).click()
    expect(page.locator("#entry").get_by_label(MATCH + "Ben")).not_to_be_checked()
    save(page)
    expect(page.locator("tfoot td.total")).to_have_text(["514", "0", "514", "0"])

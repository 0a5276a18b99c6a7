"""A table plays Berner Handjass on a tablet: new session with the Berner variant (the form asks its
multipliers only then), three deals (the worked examples of shared/rules/handjass.md), Weis tapped in
the card picker, Stöck, a refused deal, a correction; then a short standard game in which players go
out and the last one loses. Issue 23 at iPad and phone size: a deal with four playing in five taps (the
last count filled), a player who sits out, going out named, the Weis picker in its player's column, Berner's
trump without play."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import choose_option, click_and_settle, open_fold, screenshot, start_session
from .test_card_pickers import Taps

pytestmark = pytest.mark.e2e
NAMES = ("Anna", "Ben", "Carl", "Dora")  # clockwise; deal and play go counter-clockwise
POINTS = "Card points (last trick's 5 included): "
STOECK = "Stöck (trump K and Q): "
BERNER = "Berner Handjass (x trump suit)"


def enter_deal(page, trump, points=None, last=None, playing=NAMES, weis=None, stoeck=()):
    """Tap trump and players, type the counts, tap each player's shown Weis cards in their column."""
    entry = page.locator("#entry")
    if trump is not None:  # not needed when the deal is not played out
        entry.locator("[data-field=trump]").get_by_text(trump, exact=True).click()
    for name in NAMES:  # everyone still in is ticked already: untick who sits out
        box = entry.locator("[data-field=playing]").get_by_label(name, exact=True)
        if box.count() and box.is_checked() != (name in playing):
            entry.locator("[data-field=playing]").get_by_text(name, exact=True).click()
    for name, value in (points or {}).items():
        entry.get_by_label(POINTS + name).fill(str(value))
    if last:
        entry.locator("[data-field=last_trick]").get_by_text(last, exact=True).click()
    for name, cards in (weis or {}).items():
        cell = entry.locator("tr[data-field=weis] td").nth(NAMES.index(name))
        open_fold(cell)
        for card in cards:
            cell.get_by_text(card, exact=True).click()
    for name in stoeck:
        entry.get_by_label(STOECK + name).check(force=True)


def save(page):
    click_and_settle(page, page.get_by_role("button", name="Save deal"))


def totals(page):
    return page.locator("tfoot td.total")


def row(page, index):
    return page.locator("tr.deal-row").nth(index)


def test_the_berner_multipliers_are_asked_only_for_the_berner_variant(page):
    page.goto("/sessions/new/handjass")
    hearts = page.get_by_label("Berner: hearts trump x")
    expect(hearts).to_be_hidden()
    choose_option(page, "Variant", BERNER)
    expect(hearts).to_be_visible()
    expect(hearts).to_have_value("4")
    expect(page.get_by_label("Berner: clubs trump x")).to_have_value("2")
    choose_option(page, "Variant", "Handjass")
    expect(hearts).to_be_hidden()


def test_berner_handjass_three_deals_weis_stoeck_refusal_and_correction(page):
    start_session(page, "Handjass", NAMES, options={"Variant": BERNER}, screenshot_form=True)
    notes = page.locator(".note")
    expect(notes.first).to_contain_text("Anna deals; Dora, on the dealer's right, speaks and leads first.")
    expect(notes.filter(has_text="Berner:")).to_have_text(
        "Berner: strokes x4 hearts, x3 diamonds, x2 clubs, x1 spades.")
    expect(notes.filter(has_text="potato")).to_contain_text("Below 26 is a potato; at 7 strokes a player is out")
    page.evaluate("window.__sameDocument = true")

    # Deal 1 (worked example 1): clubs, counts 60, 45, 30, 22 -> +1, +1, 0, -1; Berner clubs x2.
    enter_deal(page, "♣ clubs", {"Anna": 60, "Ben": 45, "Carl": 30, "Dora": 22}, last="Anna")
    save(page)
    expect(totals(page)).to_have_text(["2", "2", "0", "-2"])
    assert page.evaluate("window.__sameDocument") is True, "the deal was entered without reloading the page"
    expect(row(page, 0).locator("td.pts")).to_have_text(["+2", "+2", "·", "-2"])
    # Counter-clockwise: the deal passes to the dealer's right, Dora.
    expect(page.locator("#status")).to_contain_text("Dora deals")
    expect(notes.first).to_contain_text("Dora deals; Carl, on the dealer's right")
    expect(page.locator("th.dealer")).to_contain_text("Dora")
    expect(page.locator(".seat-note")).to_have_text(["2 strokes, 0 potatoes", "2 strokes, 0 potatoes",
                                                     "0 strokes, 0 potatoes", "-2 strokes, 1 potato"])
    row(page, 0).locator("summary").click()
    expect(row(page, 0)).to_contain_text("Below 26, a potato, -1: Dora.")
    expect(row(page, 0)).to_contain_text("Highest at or above 26, +1: Anna, Ben.")
    expect(row(page, 0)).to_contain_text("Berner Handjass, ♣ clubs trump: every stroke x2.")

    # Deal 2 (worked example 3), hearts x4: Anna shows a 4-card sequence (50), Ben four kings (100)
    # and a separate 3-card sequence (20) and has Stöck (his ♥K is in the four kings).
    # First typed with a wrong count: 22 + 10 + 70 + 48 = 150, not 157 -> refused, nothing lost.
    weis = {"Anna": ["♦10", "♦9", "♦8", "♦7"], "Ben": ["♣K", "♠K", "♥K", "♦K", "♠9", "♠8", "♠7"]}
    enter_deal(page, "♥ hearts", {"Anna": 22, "Ben": 10, "Carl": 70, "Dora": 48}, last="Carl",
               weis=weis, stoeck=["Ben"])
    save(page)
    refusal = page.locator("[data-error-for=points] [role=alert]")
    expect(refusal).to_have_text("Card points (last trick's 5 included) must add up to 157, but Anna 22, Ben 10, "
                                 "Carl 70, Dora 48 add up to 150.")
    expect(page.get_by_label(POINTS + "Dora")).to_have_value("48")
    expect(page.get_by_label(POINTS + "Carl")).to_have_value("70")
    expect(page.get_by_label(STOECK + "Ben")).to_be_checked()
    ben_weis = page.locator("tr[data-field=weis] td").nth(1).locator("input:checked")
    expect(ben_weis).to_have_count(7)
    expect(page.locator("[data-field=trump] input:checked")).to_have_value("H")
    expect(totals(page)).to_have_text(["2", "2", "0", "-2"])
    screenshot(page, "handjass-refused")

    page.get_by_label(POINTS + "Dora").fill("55")
    save(page)
    # Ben 10 + Weis 120 + Stöck 20 = 150 and Carl 70 the top two: +1 each; Dora 55 nothing; Anna 22 (her
    # own Weis does not count) a potato. Hearts x4: Anna -4, Ben +4, Carl +4.
    expect(row(page, 1).locator("td.pts")).to_have_text(["-4", "+4", "+4", "·"])
    expect(totals(page)).to_have_text(["-2", "6", "4", "-2"])
    expect(page.locator("#status")).to_contain_text("Carl deals")
    row(page, 1).locator("summary").click()
    breakdown = row(page, 1).locator("details ol")
    expect(breakdown).to_contain_text("only Ben's Weis count")
    expect(breakdown).to_contain_text("Weis of Ben: four K 100.")
    expect(breakdown).to_contain_text("Weis of Ben: 3-card sequence ♠9-♠7 20.")
    expect(breakdown).to_contain_text("Ben: 10 card points + Weis 120 + Stöck 20 = 150.")
    expect(breakdown).to_contain_text("Anna: 22 card points.")
    expect(breakdown).to_contain_text("Berner Handjass, ♥ hearts trump: every stroke x4.")

    # Deal 3 (worked example 2), spades x1: counts 90, 25, 22, 20 -> only Dora reaches 26: +2, three potatoes.
    enter_deal(page, "♠ spades", {"Anna": 25, "Ben": 22, "Carl": 20, "Dora": 90}, last="Dora")
    save(page)
    expect(row(page, 2).locator("td.pts")).to_have_text(["-1", "-1", "-1", "+2"])
    expect(totals(page)).to_have_text(["-3", "5", "3", "0"])
    expect(page.locator("#status")).to_contain_text("Ben deals")
    expect(page.locator(".seat-note")).to_have_text(["-3 strokes, 2 potatoes", "5 strokes, 1 potato",
                                                     "3 strokes, 1 potato", "0 strokes, 1 potato"])
    expect(page.locator("tr.deal-row th small.dealt")).to_have_text(["Anna", "Dora", "Carl"])
    row(page, 1).locator("summary").click()
    screenshot(page, "handjass-scoreboard")

    # Correct deal 1: the trump was spades, not clubs -> x1: +1, +1, 0, -1; deals 2 and 3 are recomputed on top.
    row(page, 0).get_by_role("link", name="Correct").click()
    expect(page.get_by_label(POINTS + "Anna")).to_have_value("60")
    expect(page.locator("[data-field=trump] input:checked")).to_have_value("C")
    page.locator("[data-field=trump]").get_by_text("♠ spades", exact=True).click()
    page.get_by_role("button", name="Save correction").click()
    expect(row(page, 0).locator("td.pts")).to_have_text(["+1", "+1", "·", "-1"])
    expect(totals(page)).to_have_text(["-4", "4", "3", "1"])
    expect(page.locator("#revisions")).to_contain_text("Deal 1 corrected.")
    expect(page.locator("#status")).to_contain_text("Ben deals")
    expect(page.locator(".seat-note").nth(1)).to_have_text("4 strokes, 1 potato")
    screenshot(page, "handjass-after-correction")


def test_standard_game_players_go_out_and_the_last_one_loses(page):
    start_session(page, "Handjass", NAMES, options={"Variant": "Handjass", "Out (safe) at": 2})
    expect(page.locator(".note").filter(has_text="Berner")).to_have_count(0)

    # Deal 1 (Anna deals): only Anna plays -> +2 without play: she reaches 2 and is out, safe. Nothing
    # is played, so trump is not asked once the others are unticked.
    expect(page.locator("#entry [data-field=trump]")).to_be_visible()
    enter_deal(page, None, playing=["Anna"])
    expect(page.locator("#entry [data-field=trump]")).to_be_hidden()
    save(page)
    expect(totals(page)).to_have_text(["2", "0", "0", "0"])
    expect(page.locator(".seat-note").first).to_have_text("out, safe after deal 1; 0 potatoes")
    expect(page.locator("table.scores thead th.out")).to_contain_text("Anna")
    expect(page.locator("#status")).to_contain_text("Dora deals")
    # Anna can no longer be entered: no boxes in her column, and she is not offered as a player
    # (the engine refuses her too, for the API: tests/games/test_handjass.py).
    expect(page.get_by_label(POINTS + "Anna")).to_have_count(0)
    expect(page.get_by_label(STOECK + "Anna")).to_have_count(0)
    for field in ("playing", "last_trick", "draw"):
        expect(page.locator(f"[data-field={field}]").get_by_text("Anna", exact=True)).to_have_count(0)
        expect(page.locator(f"[data-field={field}]").get_by_text("Ben", exact=True)).to_have_count(1)
    screenshot(page, "handjass-out-player")

    # Deal 2 (Dora deals; Carl on her right): only Ben plays -> +2, out.
    enter_deal(page, None, playing=["Ben"])
    save(page)
    expect(totals(page)).to_have_text(["2", "2", "0", "0"])
    expect(page.locator("#status")).to_contain_text("Carl deals")

    # Deal 3 (Carl deals), two left. They may agree on +1 each without playing (seed: 「2人だけゲームに参加し、
    # お互い推定上26点以上とれそうな場合は、2人のプレイヤーはともに+1点を獲得します。」); then trump is not asked.
    expect(page.locator(".note").first).to_contain_text("Carl deals; Dora, on the dealer's right")
    agreed = page.get_by_label("Only two play: both take +1 without playing")
    trump = page.locator("#entry [data-field=trump]")
    expect(trump).to_be_visible()
    agreed.check(force=True)
    expect(trump).to_be_hidden()
    agreed.uncheck(force=True)
    expect(trump).to_be_visible()
    # They play it out: Dora 100, Carl 40; both reach 26, so +1 each, as with four
    # (「それ以外は4人プレイと同じです。」). The last trick need not be entered.
    enter_deal(page, "♣ clubs", {"Carl": 40, "Dora": 100}, playing=["Carl", "Dora"])
    save(page)
    expect(totals(page)).to_have_text(["2", "2", "1", "1"])
    # The rotation skips Ben and Anna, who are out: from Carl the deal goes to Dora.
    expect(page.locator("#status")).to_contain_text("Dora deals")

    # Deal 4 (Dora deals): only Carl plays (he took the blind) -> +2 without play, trump not needed: out;
    # Dora, the last one left, loses.
    enter_deal(page, None, playing=["Carl"])
    save(page)
    expect(totals(page)).to_have_text(["2", "2", "3", "1"])
    status = page.locator("#status")
    expect(status).to_contain_text("Game over.")
    expect(status).to_contain_text("Winners: Anna, Ben, Carl")
    expect(status).to_contain_text("Loser: Dora")
    expect(page.locator("#entry")).to_have_count(0)
    screenshot(page, "handjass-game-over")


# --- issue 23: Handjass at the table, at iPad size and on a 390 px phone ------------------------------
TABLE = ("Anna", "Ben", "Carl", "Ida")


def flash(page):
    return page.locator("#flash")


def open_breakdown(page, index):
    """A tap on the deal's row opens its breakdown (on the phone the row is the only way)."""
    row(page, index).locator("td.pts").first.click()
    expect(row(page, index).locator("details.breakdown")).to_have_attribute("open", "")


def test_four_playing_in_five_taps_the_last_count_filled_ida_sits_out_and_anna_goes_out(screen):
    """rules/handjass.md 'Invariants': with all four playing the counts add up to 157, so the last one fills
    itself (ghost while it has the finger); a player who sits out has no boxes; 'End': a player at the target
    leaves, and the save line and the deal's breakdown say so by name; the Weis picker names its player."""
    kind, page = screen
    start_session(page, "Handjass", TABLE, options={"Out (safe) at": 2})
    taps, keys, entry = Taps(), 0, page.locator("#entry")
    box = {name: entry.get_by_label(POINTS + name) for name in TABLE}

    # Deal 1 (worked example 1): trump clubs, 60, 45, 30 typed; Ida's 22 is the rest of 157.
    taps.tap(entry.locator("[data-field=trump]").get_by_text("♣ clubs", exact=True))
    for name, count in (("Anna", "60"), ("Ben", "45"), ("Carl", "30")):
        taps.type(box[name], count)
        keys += len(count)
    expect(box["Ida"]).to_have_value("22")
    expect(entry.locator("tr[data-field=points] th .sum")).to_have_text("(Σ 157)")
    box["Ida"].focus()  # while it has the finger the rest is only a ghost: typing replaces it
    expect(box["Ida"]).to_have_value("")
    expect(box["Ida"]).to_have_attribute("placeholder", "22")
    screenshot(page, f"handjass-last-count-ghost-{kind}")
    box["Ida"].evaluate("box => box.blur()")
    expect(box["Ida"]).to_have_value("22")
    click_and_settle(page, page.get_by_role("button", name="Save deal"))
    taps.count += 1
    expect(totals(page)).to_have_text(["1", "1", "0", "-1"])
    assert taps.count - keys <= 5, f"{taps.count - keys} taps (and {keys} keys) for a deal with four playing"
    print(f"\nTAPS handjass four playing {kind}: {taps.count - keys} taps + {keys} keys = {taps.count}")

    # Deal 2: Ida sits out: her boxes go, and 60 + 45 + 30 is no fixed sum (Carl's box is not filled).
    entry.locator("[data-field=playing]").get_by_text("Ida", exact=True).click()
    for field in ("points", "weis", "stoeck"):
        expect(entry.locator(f"tr[data-field={field}] td").nth(3).locator("div[data-show-if]")).to_be_hidden()
    expect(box["Ida"]).to_be_disabled()
    expect(entry.locator("tr[data-field=points] th .sum")).to_be_hidden()  # three play: no fixed sum
    entry.locator("[data-field=trump]").get_by_text("♣ clubs", exact=True).click()
    box["Anna"].fill("60")
    box["Ben"].fill("45")
    box["Ida"].evaluate("box => box.blur()")
    expect(box["Carl"]).to_have_value("")
    box["Carl"].fill("30")
    # Carl's Weis: the picker opens under his column and says whose it is.
    weis = entry.locator("tr[data-field=weis] td").nth(2)
    open_fold(weis)
    panel = weis.locator(".fold-panel")
    expect(panel.locator(".fold-title")).to_have_text("Weis shown (tap its cards): Carl")
    for card in ("♦10", "♦9", "♦8"):
        weis.get_by_text(card, exact=True).click()
    column = entry.locator("table.seat-grid thead th").nth(2).bounding_box()
    where = panel.bounding_box()
    assert where["x"] <= column["x"] + column["width"] and where["x"] + where["width"] >= column["x"], \
        f"the panel {where} lies under Carl's column {column}"
    assert where["x"] + where["width"] <= page.viewport_size["width"]
    if kind == "ipad":  # wide enough to start in Anna's column were it hers: it is not
        anna = entry.locator("table.seat-grid thead th").nth(0).bounding_box()
        assert where["x"] > anna["x"] + anna["width"], (where, anna)
    screenshot(page, f"handjass-weis-carl-{kind}")
    weis.locator("summary").click()
    screenshot(page, f"handjass-ida-sits-out-{kind}")
    click_and_settle(page, page.get_by_role("button", name="Save deal"))
    # Anna 60 and Carl 30 + Weis 20 = 50 the top two: +1 each; Anna reaches 2 and is out.
    expect(row(page, 1).locator("td.pts")).to_have_text(["+1", "·", "+1", "·"])
    expect(flash(page)).to_have_text("Deal 2: Anna +1, Ben 0, Carl +1, Ida 0; Anna is out; Carl deals next")
    expect(page.locator(".note").nth(1)).to_have_text("Anna has 2 strokes (out at 2): out, safe.")
    open_breakdown(page, 1)
    expect(row(page, 1)).to_contain_text("Anna has 2 strokes (out at 2): out, safe.")
    expect(row(page, 1)).to_contain_text("Carl: 30 card points + Weis 20 + Stöck 0 = 50.")
    screenshot(page, f"handjass-anna-is-out-{kind}")


def test_berner_asks_trump_when_one_plays_alone_or_two_agree(screen):
    """rules/handjass.md, Berner Handjass, decided 2026-11-26: the trump is turned up at the deal and asked for every
    deal, also when only one player takes part (+2 x trump) or two agree on +1 each (x trump)."""
    kind, page = screen
    start_session(page, "Handjass", TABLE, options={"Variant": BERNER, "Out (safe) at": 20})
    entry = page.locator("#entry")
    trump = entry.locator("[data-field=trump]")
    for name in ("Anna", "Carl", "Ida"):  # only Ben plays: +2 x hearts 4
        entry.locator("[data-field=playing]").get_by_text(name, exact=True).click()
    expect(trump).to_be_visible()
    trump.get_by_text("♥ hearts", exact=True).click()
    screenshot(page, f"handjass-berner-alone-{kind}")
    click_and_settle(page, page.get_by_role("button", name="Save deal"))
    expect(totals(page)).to_have_text(["0", "8", "0", "0"])
    for name in ("Ben", "Ida"):  # Anna and Carl agree on +1 each: x diamonds 3
        entry.locator("[data-field=playing]").get_by_text(name, exact=True).click()
    page.get_by_label("Only two play: both take +1 without playing").check(force=True)
    expect(trump).to_be_visible()
    trump.get_by_text("♦ diamonds", exact=True).click()
    click_and_settle(page, page.get_by_role("button", name="Save deal"))
    expect(totals(page)).to_have_text(["3", "8", "3", "0"])
    open_breakdown(page, 1)
    expect(row(page, 1)).to_contain_text("Berner Handjass, ♦ diamonds trump: every stroke x3.")


def test_what_only_a_deal_played_out_has_goes_when_one_plays_alone_or_two_agree(screen):
    """Issue 23 item 5, rules/handjass.md "Deal and participation": one player alone scores +2 and two who
    agree +1 each, without play, so nobody has card points, Weis, Stöck or the last trick. The form hides
    those boxes then, as it hides those of a player who sits out, and does not send what was typed there
    (the engine would refuse it, naming the box, as it does for a page without JavaScript:
    tests/web/test_handjass_views.py)."""
    kind, page = screen
    start_session(page, "Handjass", TABLE, options={"Out (safe) at": 20})
    entry = page.locator("#entry")
    rows = [entry.locator(f"tr[data-field={field}]") for field in ("points", "weis", "stoeck")]
    last, grid = entry.locator("[data-field=last_trick]"), entry.locator("table.seat-grid")
    playing = entry.locator("[data-field=playing]")
    for shown in rows + [last]:
        expect(shown).to_be_visible()
    entry.get_by_label(POINTS + "Anna").fill("60")  # typed before the table said who plays
    for name in ("Ben", "Carl", "Ida"):  # only Anna plays: +2 without play
        playing.get_by_text(name, exact=True).click()
    for hidden in rows + [last, grid]:  # no row is left in the grid: its names go too
        expect(hidden).to_be_hidden()
    expect(entry.get_by_label(POINTS + "Anna")).to_be_disabled()  # not sent
    screenshot(page, f"handjass-alone-{kind}")
    playing.get_by_text("Ben", exact=True).click()  # two play it out after all: Anna's count is back
    expect(entry.get_by_label(POINTS + "Anna")).to_have_value("60")
    expect(entry.get_by_label(POINTS + "Anna")).to_be_enabled()
    expect(entry.get_by_label(POINTS + "Ben")).to_be_enabled()
    expect(entry.get_by_label(POINTS + "Carl")).to_be_disabled()  # Carl still sits out
    playing.get_by_text("Ben", exact=True).click()
    click_and_settle(page, page.get_by_role("button", name="Save deal"))
    expect(totals(page)).to_have_text(["2", "0", "0", "0"])

    # Deal 2: Ben and Carl agree on +1 each; while they have not agreed the boxes are theirs to fill
    for name in ("Anna", "Ida"):
        playing.get_by_text(name, exact=True).click()
    agreed = entry.get_by_label("Only two play: both take +1 without playing")
    expect(entry.get_by_label(POINTS + "Ben")).to_be_visible()
    expect(last).to_be_visible()
    agreed.check(force=True)
    for hidden in rows + [last, grid]:
        expect(hidden).to_be_hidden()
    screenshot(page, f"handjass-agreed-{kind}")
    agreed.uncheck(force=True)
    expect(entry.get_by_label(POINTS + "Carl")).to_be_visible()
    expect(entry.get_by_label(POINTS + "Carl")).to_be_enabled()
    entry.get_by_label(STOECK + "Carl").check(force=True)  # ticked, then agreed: not sent either
    agreed.check(force=True)
    expect(grid).to_be_hidden()
    click_and_settle(page, page.get_by_role("button", name="Save deal"))
    expect(totals(page)).to_have_text(["2", "1", "1", "0"])


def test_a_weis_tapped_before_a_reload_is_shown_and_saved(page):
    """Issue 23, item 1 (a typed deal survives a reload): a Weis picker's deck is drawn once opened; a
    tester tapped Dora's Weis, reloaded, and the picker said "none" while the draft held the cards, and
    Save stored the deal without her Weis (another score). The decks come at once now and take them."""
    start_session(page, "Handjass", NAMES)
    enter_deal(page, "♣ clubs", points={"Anna": 60, "Ben": 45, "Carl": 30}, last="Anna",
               weis={"Dora": ["♦K", "♦Q", "♦J", "♦10"]})
    page.reload()
    dora = page.locator("#entry tr[data-field=weis] td").nth(3)
    expect(dora.locator("summary .picked")).to_have_text("♦K ♦Q ♦J ♦10")
    save(page)
    # the save's answer (the decks loaded after the reload settle too: a CI run asked before it was stored)
    expect(page.locator("tr.deal-row")).to_have_count(1)
    deals = page.request.get(page.url.replace("/sessions/", "/api/v1/sessions/")).json()["deals"]
    assert [sorted(weis) for weis in deals[0]["values"]["weis"]] == [[], [], [], ["10D", "JD", "KD", "QD"]]

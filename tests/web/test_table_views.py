"""The table-side extras through the test client: live polling, watch and big pages, parts of the
board on demand, the saved-deal line and undo, caching headers, the PWA shell, the chart, the
statistics."""
from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal
from html import escape

from scorekeeper.board import board as board_of
from scorekeeper.extensions import db
from scorekeeper.models import Deal, GameSession
from scorekeeper.sessions.chart import points, totals_chart

from .helpers import alerts, grand_form, new_schieberamsch, ramsch_form, totals
from .test_what_if import session_with

HX = {"HX-Request": "true"}


def rev_of(html: str) -> int:
    return int(re.search(r'data-rev="(\d+)"', html).group(1))


def test_live_answers_204_until_something_changes(client):
    sid = new_schieberamsch(client)
    rev = rev_of(client.get(f"/sessions/{sid}").get_data(as_text=True))
    unchanged = client.get(f"/sessions/{sid}/live?rev={rev}&view=watch", headers=HX)
    assert unchanged.status_code == 204 and unchanged.data == b""
    tag = client.get(f"/sessions/{sid}/live?view=watch").headers["ETag"]
    assert client.get(f"/sessions/{sid}/live?view=watch", headers={"If-None-Match": tag}).status_code == 304
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([0, 7, 113], pushed=2))
    changed = client.get(f"/sessions/{sid}/live?rev={rev}&view=watch", headers=HX)
    html = changed.get_data(as_text=True)
    assert changed.status_code == 200 and totals(html) == [0, 0, 90]
    assert rev_of(html) > rev
    assert 'id="entry"' not in html  # the watch view has no entry form
    big = client.get(f"/sessions/{sid}/live?rev={rev}&view=big", headers=HX).get_data(as_text=True)
    assert re.search(r'class="big-total d\d">90<', big)


def test_watch_page_is_read_only_and_big_page_shows_totals_dealer_deals_left(client):
    sid = new_schieberamsch(client, deals=6)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([0, 7, 113], pushed=2))
    watch = client.get(f"/sessions/{sid}/watch").get_data(as_text=True)
    assert totals(watch) == [0, 0, 90]
    assert 'id="entry"' not in watch and ">Correct<" not in watch and ">Delete<" not in watch
    big = client.get(f"/sessions/{sid}/big").get_data(as_text=True)
    assert re.findall(r'class="big-total d\d">(-?\d+)<', big) == ["0", "0", "90"]
    assert "Ben deals" in big and "5 deals left" in big and 'id="rotate"' in big


def test_qr_code_is_an_svg_of_the_watch_page(client):
    sid = new_schieberamsch(client)
    response = client.get(f"/sessions/{sid}/qr.svg")
    assert response.status_code == 200 and response.headers["Content-Type"] == "image/svg+xml"
    assert response.data.startswith(b"<svg") and b"<path" in response.data
    assert client.get("/sessions/999/qr.svg").status_code == 404


def test_the_saved_deal_line_takes_the_punctuation_of_its_language(client):
    """A tester read the Japanese line's ASCII commas and semicolons as foreign: each language's own."""
    sid = new_schieberamsch(client, deals=6)
    client.set_cookie("lang", "ja")
    response = client.post(f"/sessions/{sid}/deals", data=ramsch_form([0, 7, 113], pushed=2), headers=HX)
    flash = re.search(r'id="flash"[^>]*>(.*?)</p>', response.get_data(as_text=True), re.S).group(1)
    assert flash.strip() == "ディール1：Anna 0、Ben 0、Carl +90。次はBenがディーラー。"


def test_saved_deal_line_undo_and_no_store(client, ctx):
    sid = new_schieberamsch(client, deals=6)
    response = client.post(f"/sessions/{sid}/deals", data=ramsch_form([0, 7, 113], pushed=2), headers=HX)
    html = response.get_data(as_text=True)
    assert response.headers["Cache-Control"] == "no-store"
    flash = re.search(r'id="flash"[^>]*>(.*?)</p>', html, re.S).group(1)
    assert " ".join(flash.split()) == "Deal 1: Anna 0, Ben 0, Carl +90; Ben deals next"
    deal = Deal.query.one()
    assert f'/sessions/{sid}/deals/{deal.id}/delete' in html.split('id="undo-toast"')[1].split("</form>")[0]
    assert client.get(f"/sessions/{sid}").headers["Cache-Control"] == "private, no-cache"  # revalidated
    assert 'id="flash"' not in client.get(f"/sessions/{sid}").get_data(as_text=True)  # only right after the save
    redirect = client.post(f"/sessions/{sid}/deals", data=grand_form(1, 95, jacks=("JC", "JS")))
    assert "saved=" in redirect.headers["Location"]  # without JavaScript the line shows after the redirect too
    assert 'id="flash"' in client.get(redirect.headers["Location"]).get_data(as_text=True)


def test_breakdown_and_change_log_load_on_demand(client, ctx):
    sid = new_schieberamsch(client, deals=8)
    for _ in range(5):
        client.post(f"/sessions/{sid}/deals", data=ramsch_form([0, 7, 113], pushed=2))
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    rows = html.split('<tbody id="deal-rows">')[1].split("</tbody>")[0]
    assert rows.count('class="deal-row"') == 5 and "kept their hand" not in rows and "<ol>" not in rows
    assert "/delete" not in rows  # Delete comes with the breakdown
    assert html.count('class="revision revision-') == 3 and "2 earlier changes" in html
    changes = client.get(f"/sessions/{sid}/changes", headers=HX).get_data(as_text=True)
    assert changes.count('class="revision revision-') == 5 and "<!doctype html>" not in changes
    page = client.get(f"/sessions/{sid}/changes").get_data(as_text=True)  # the link, followed without htmx
    assert "<!doctype html>" in page and page.count('class="revision revision-') == 5
    deal = Deal.query.order_by(Deal.position).first()
    fragment = client.get(f"/sessions/{sid}/deals/{deal.id}/breakdown", headers=HX).get_data(as_text=True)
    assert "<ol>" in fragment and "Totals after this deal: 0 / 0 / 90" in fragment
    assert f"/deals/{deal.id}/delete" in fragment
    watching = client.get(f"/sessions/{sid}/deals/{deal.id}/breakdown?watch=1", headers=HX).get_data(as_text=True)
    assert "<ol>" in watching and "/delete" not in watching
    page = client.get(f"/sessions/{sid}/deals/{deal.id}/breakdown").get_data(as_text=True)
    assert "<!doctype html>" in page and "Back to the scoreboard" in page
    assert client.get(f"/sessions/{sid}/deals/9999/breakdown").status_code == 404


def test_service_worker_and_manifest(client):
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and "javascript" in worker.headers["Content-Type"]
    assert worker.headers["Service-Worker-Allowed"] == "/"
    body = worker.get_data(as_text=True)
    assert 'request.method !== "GET"' in body  # POSTs are never cached
    manifest = client.get("/manifest.webmanifest")
    assert manifest.headers["Content-Type"] == "application/manifest+json"
    assert manifest.get_json()["icons"][0]["src"] == "/static/icons/icon-192.png"
    assert client.get("/static/icons/icon-192.png").data.startswith(b"\x89PNG")


def test_small_number_ranges_are_buttons_and_stendhal_locks_revealed_cards(client):
    sid = new_schieberamsch(client)
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert re.findall(r'name="pushed" id="pushed-(\d)"', html) == ["0", "1", "2", "3"]
    assert 'name="pushed" id="pushed-0" value="0" checked' in html  # the usual deal: nobody kept
    assert 'class="num" id="points-0"' in html  # 0..120 is typed
    from scorekeeper.games import GAMES
    assert GAMES["stendhal"].lock_label == "Lock the revealed cards"


def stendhal_with_the_seeds_first_reveal(client) -> int:
    """Six players; club 5 J K and heart K J 4 revealed and locked: club and diamond are the minus suits."""
    data = {f"players-{seat}": name for seat, name in enumerate(("Anna", "Ben", "Carl", "Dora", "Emil", "Fay"))}
    response = client.post("/sessions/new/stendhal", data={**data, "first_dealer": "0"})
    sid = int(response.headers["Location"].rsplit("/", 1)[1])
    reveal = {f"reveal-{seat}": card for seat, card in enumerate(["5C", "JC", "KH", "KC", "4H", "JH"])}
    assert client.post(f"/sessions/{sid}/deals", data=reveal).status_code == 302
    return sid


def test_stendhal_minus_rows_show_the_whole_suit_and_a_revealed_card_is_named(client):
    """Issue 23 item 6 (rules/stendhal.md "Minus suits", the seed's first example: club 5 J K and heart K J 4
    revealed, club and diamond the minus suits): each minus row shows the whole suit, the revealed cards
    greyed and not choosable, in every player's picker (what a page without JavaScript sends) and in the
    row's one picker (hidden until app.js shows it instead); a revealed card sent anyway is named."""
    sid = stendhal_with_the_seeds_first_reveal(client)
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    clubs = re.search(r'<tr data-field="minus_cards".*?</tr>', page, re.S).group(0)
    for seat in range(6):
        offered = re.findall(rf'<input type="checkbox" name="minus_cards-{seat}" id="[^"]*" value="(\w+)"([^>]*)>',
                             clubs)
        assert [value for value, _ in offered] == ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
        assert [value for value, rest in offered if " disabled" in rest] == ["K", "J", "5"]
    assert 'aria-label="club K: revealed"' in clubs and "<small>revealed</small>" in clubs
    picker = re.search(r'<td class="share-picker" colspan="6" hidden>.*?</td>', clubs, re.S).group(0)
    assert re.findall(r'class="card share-card tC( out)?" data-value="(\w+)"', picker) == [
        ("", "A"), (" out", "K"), ("", "Q"), (" out", "J"), ("", "10"), ("", "9"), ("", "8"), ("", "7"), ("", "6"),
        (" out", "5"), ("", "4"), ("", "3"), ("", "2")]
    assert re.findall(r'class="pile-tab share-player" data-seat="(\d)"', picker) == [str(seat) for seat in range(6)]
    suits = {f"suits-{seat}": "0" for seat in range(6)}
    refused = client.post(f"/sessions/{sid}/deals", data={**suits, "minus_cards-0": ["K", "3"]})
    assert refused.status_code == 422
    assert "♣K was revealed before play; Anna cannot have taken it." in alerts(refused.get_data(as_text=True))


CLUBS_TAKEN = ["A", "Q", "10", "9", "8", "7", "6", "4", "3", "2"]


def stendhal_deal_to_correct(client) -> tuple[str, str]:
    """The seed's first reveal, then its play (Anna every club in play, Ben every diamond): the
    correction page's address and the page."""
    sid = stendhal_with_the_seeds_first_reveal(client)
    diamonds = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    play = {"minus_cards-0": CLUBS_TAKEN, "paired_cards-1": diamonds, **{f"suits-{seat}": "0" for seat in range(6)}}
    assert client.post(f"/sessions/{sid}/deals", data=play).status_code == 302
    edit = re.search(rf'href="(/sessions/{sid}/deals/\d+/edit)', client.get(f"/sessions/{sid}").get_data(as_text=True))
    return edit.group(1), client.get(edit.group(1)).get_data(as_text=True)


def test_a_stendhal_correction_names_the_minus_suits_as_the_deal_has_them(client):
    """The correction page showed generic rows ("Cards taken of the minus suit", bare ranks, nothing
    greyed, no Σ, no shared picker), so a card could be given to two players and was caught only after
    Save (a tester). It asks the play as the board did once the revealed cards were locked."""
    edit, page = stendhal_deal_to_correct(client)
    row = re.search(r'<tr data-field="minus_cards".*?</tr>', page, re.S).group(0)
    assert 'data-total="10"' in row and "♣" in row and '<td class="share-picker"' in row
    offered = re.findall(r'<input type="checkbox" name="minus_cards-1" id="[^"]*" value="(\w+)"([^>]*)>', row)
    assert [value for value, rest in offered if " disabled" in rest] == ["K", "J", "5"]
    kept = re.findall(r'name="minus_cards-0" id="[^"]*" value="(\w+)" checked', row)
    assert kept == CLUBS_TAKEN


def test_a_refused_stendhal_correction_names_the_minus_suits_of_the_cards_sent(client):
    """A correction that changes the revealed cards and is refused for a later reason came back with
    the stored deal's minus suits (club, diamond) over rows now holding spade and heart cards (a
    tester). The page names the minus suits the revealed cards sent decide (rules/stendhal.md
    "Minus suits": the most frequent suit, here spade, and its pair heart)."""
    edit, page = stendhal_deal_to_correct(client)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    spades = {f"reveal-{seat}": card for seat, card in enumerate(["5S", "JS", "KH", "KS", "4H", "JD"])}
    sent = {**spades, "minus_cards-0": ["A", "K"], **{f"suits-{seat}": "0" for seat in range(1, 6)}}
    if token:
        sent["csrf_token"] = token.group(1)
    refused = client.post(edit, data=sent)
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    row = re.search(r'<tr data-field="minus_cards".*?</tr>', html, re.S).group(0)
    assert "♠" in row and "♣" not in row
    paired = re.search(r'<tr data-field="paired_cards".*?</tr>', html, re.S).group(0)
    assert "♥" in paired and "♦" not in paired
    offered = re.findall(r'<input type="checkbox" name="minus_cards-1" id="[^"]*" value="(\w+)"([^>]*)>', row)
    assert [value for value, rest in offered if " disabled" in rest] == ["K", "J", "5"]


def test_chart_points_span_the_totals():
    line = points([(10, -10), (30, -30)], 0, 100, 100, pad=0)
    assert line == [(0.0, 50.0), (50.0, 33.3), (100.0, 0.0)]
    svg = totals_chart([(10, -10), (30, -30)], ("Anna", "<Ben>"))
    assert svg.count("<polyline") == 2 and "&lt;Ben&gt;" in svg and "<Ben>" not in svg
    assert totals_chart([], ("Anna",)) == ""


def test_the_chart_is_loaded_when_opened_and_follows_every_save(client):
    """Issue 11: the board carries no chart (1-2 kB of numbers on every load and every save); opening
    it loads it, a page without JavaScript follows the link; the watch page shows it at once."""
    sid = new_schieberamsch(client)
    for points_ in ([30, 40, 50], [50, 40, 30]):
        client.post(f"/sessions/{sid}/deals", data=ramsch_form(points_))
    board = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "<svg" not in board and f'data-src="/sessions/{sid}/chart"' in board
    assert f'<a href="/sessions/{sid}/chart">' in board
    part = client.get(f"/sessions/{sid}/chart", headers={"HX-Request": "true"})
    assert part.headers["Cache-Control"] == "no-store" and "<html" not in part.get_data(as_text=True)
    assert part.get_data(as_text=True).count("<polyline") == 3
    page = client.get(f"/sessions/{sid}/chart").get_data(as_text=True)
    assert "<html" in page and page.count("<polyline") == 3 and f'href="/sessions/{sid}"' in page
    before = part.get_data(as_text=True)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([20, 60, 40]))
    after = client.get(f"/sessions/{sid}/chart", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert after != before and after.count("<polyline") == 3
    watch = client.get(f"/sessions/{sid}/watch").get_data(as_text=True)
    assert watch.count("<polyline") == 3 and "data-src=" not in watch[watch.index("chart-box"):][:200]


def test_every_name_beside_the_chart_stays_inside_it(client):
    """Seven players, six of them close together at the bottom: their names were stacked downwards
    out of the chart (three of seven cut off). They now move up, each 15 apart."""
    names = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gina"]
    sid = session_with(client, "free_pad", names, [{"points": [0, 0, 0, 1, 2, 2, 100]}])
    chart = client.get(f"/sessions/{sid}/chart", headers={"HX-Request": "true"}).get_data(as_text=True)
    height = float(re.search(r'viewBox="0 0 [\d.]+ ([\d.]+)"', chart).group(1))
    ys = sorted(float(y) for y, name in re.findall(r'<text x="[\d.]+" y="([\d.]+)"[^>]*>(\w+)</text>', chart)
                if name in names)
    assert len(ys) == 7 and 14 <= ys[0] and ys[-1] <= height - 4
    assert all(lower - upper >= 15 for upper, lower in zip(ys, ys[1:]))


def test_potatoes_are_circles(app):
    from scorekeeper.sessions.template_helpers import tally
    assert tally(-3).count('class="potato"') == 3
    assert "five" in tally(5) and tally(0) == ""


def test_statistics_are_loaded_when_opened_not_sent_with_every_save(client, ctx):
    """Issue 11: the board and a save's answer carry the statistics' box, not its numbers; opening
    it loads each player's figures (a page without JavaScript follows the link); the watch page has
    them inline."""
    sid = new_schieberamsch(client)
    assert 'class="stats"' not in client.get(f"/sessions/{sid}").get_data(as_text=True)  # nothing to count yet
    # the first deal's answer brings the box (later answers leave it as it is)
    saved = client.post(f"/sessions/{sid}/deals", data=ramsch_form([20, 60, 40]),
                        headers={"HX-Request": "true"}).get_data(as_text=True)
    for points_ in ([30, 40, 50], [50, 40, 30], [0, 60, 60]):
        client.post(f"/sessions/{sid}/deals", data=ramsch_form(points_, took=[points_[0] > 0, True, True]))
    board = client.get(f"/sessions/{sid}").get_data(as_text=True)
    for html in (saved, board):
        assert f'data-src="/sessions/{sid}/statistics"' in html and "Deals that scored" not in html
    part = client.get(f"/sessions/{sid}/statistics", headers={"HX-Request": "true"})
    assert part.headers["Cache-Control"] == "no-store"
    html = part.get_data(as_text=True)
    assert "<html" not in html and "Deals that scored" in html
    rows = [re.findall(r"<t[hd][^>]*>([^<]*)</t[hd]>", tr) for tr in re.split(r"<tr[^>]*>", html)[1:]]
    assert rows[0] == ["", "Anna", "Ben", "Carl"]  # a column per player, as on the board
    columns = {name: [row[1 + seat] for row in rows[1:7]] for seat, name in enumerate(rows[0][1:])}
    assert [row[0] for row in rows[1:7]] == ["Total", "Deals that scored", "Best deal", "Worst deal", "Average",
                                             "Dealt"]
    # the deals' points, as scored: what each player's column says is derived from them
    # (Ramsch: fewer points are better, so the best deal is the lowest)
    board = board_of(db.session.get(GameSession, sid))
    standing = board.standing
    assert board.game.lower_is_better
    for seat, name in enumerate(("Anna", "Ben", "Carl")):
        points = [result.points[seat] for result in standing.results]
        average = (Decimal(sum(points)) / 4).quantize(Decimal("0.1"), ROUND_HALF_UP)  # a half up, as people round
        assert columns[name] == [str(standing.totals[seat]), str(sum(1 for p in points if p)), str(min(points)),
                                 str(max(points)), str(float(average)), str(standing.dealers.count(seat))]
    # then the game's own figures, those counted for somebody (four Ramsch deals: a Ramsch lost)
    assert [row[0] for row in rows[7:]] == ["Ramsch lost"]
    page = client.get(f"/sessions/{sid}/statistics").get_data(as_text=True)
    assert "<html" in page and "Deals that scored" in page and f'href="/sessions/{sid}"' in page
    watch = client.get(f"/sessions/{sid}/watch").get_data(as_text=True)
    assert "Deals that scored" in watch


def test_texts_follow_each_requests_language_in_the_board_and_its_shared_macros(client):
    """Templates find the request's translations in their context (i18n.CATALOGUE); the shared macros
    (the change line: sessions/_change.html, made once per app) find them per request too."""
    sid = new_schieberamsch(client)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([50, 40, 30]))
    english, japanese = ("en", "Deal 2 entered.", "Save deal"), ("ja", "ディール2を入力しました。", "ディールを保存")
    for language, entered, save in (english, japanese, english):
        client.set_cookie("lang", language)
        html = client.get(f"/sessions/{sid}?saved=0").get_data(as_text=True)  # not a kept page
        assert entered in html and save in html, language


def test_a_saves_answer_carries_the_notes_when_they_changed_and_the_teams_in_a_team_game(client, monkeypatch):
    """A save's htmx answer leaves out the board's notes when the deal did not change them (Schieberamsch's
    never do; the teams' totals are pinned with the players' since issue 23 item 8); notes that changed
    come with it."""
    from scorekeeper.games.schieberamsch import Schieberamsch
    from scorekeeper.games.text import T

    sid = new_schieberamsch(client)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    answer = client.post(f"/sessions/{sid}/deals", data=ramsch_form([50, 40, 30]), headers={"HX-Request": "true"})
    assert answer.headers["HX-Retarget"] == "#entry"
    html = answer.get_data(as_text=True)
    assert 'id="board-notes"' not in html and 'id="team-totals"' not in html
    board = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert 'id="board-notes"' in board and "The lowest total after 12 deals wins" in board

    monkeypatch.setattr(Schieberamsch, "notes",
                        lambda self, table, state: (T("Note after %(n)d deals", n=state.deals_played),))
    client.application.extensions["scorekeeper.replays"].clear()  # standings built with the new notes
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([40, 40, 40]))
    html = client.post(f"/sessions/{sid}/deals", data=ramsch_form([20, 40, 60]),
                       headers={"HX-Request": "true"}).get_data(as_text=True)
    assert 'id="board-notes" hx-swap-oob="true"' in html and "Note after 4 deals" in html


def test_game_over_offers_a_new_game_with_the_same_players(client):
    """Issue 23, item 9: at game over, the same players start the same game with the same options;
    the dealer after the last deal deals first."""
    sid = new_schieberamsch(client, names=("Dora", "Emil", "Fritz"), first_dealer=1, deals=4)
    for _ in range(4):
        client.post(f"/sessions/{sid}/deals", data=ramsch_form([0, 7, 113]))
    board = client.get(f"/sessions/{sid}").get_data(as_text=True)
    link = f"/sessions/new/schieberamsch?again={sid}"
    assert "Game over." in board and link in board
    assert link not in client.get(f"/sessions/{sid}/watch").get_data(as_text=True)
    form = client.get(link).get_data(as_text=True)
    for seat, name in enumerate(("Dora", "Emil", "Fritz")):
        assert re.search(rf'name="players-{seat}"[^>]*value="{name}"', form)
    assert re.search(r'<option selected value="2">', form)  # 1 dealt first; after 4 deals 1 + 4 = seat 2 deals
    assert re.search(r'id="option_deals"[^>]*value="4"', form)
    # another game's session, or none, fills nothing
    other_game = client.get(f"/sessions/new/yacht?again={sid}").get_data(as_text=True)
    assert not re.search(r'name="players-0"[^>]*value="Dora"', other_game)
    assert client.get("/sessions/new/schieberamsch?again=999").status_code == 200


def test_undo_puts_the_deal_back_into_the_form(client, ctx):
    """Issue 23, item 9: the toast's Undo removes the deal, says so, and leaves its values in the
    entry form to be fixed and saved again."""
    sid = new_schieberamsch(client)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([0, 7, 113]), headers=HX)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([20, 40, 60]), headers=HX)
    deal = Deal.query.order_by(Deal.position.desc()).first()
    html = client.post(f"/sessions/{sid}/deals/{deal.id}/delete", data={"undo": "1"}, headers=HX).get_data(as_text=True)
    assert "Deal 2 removed; it is back in the form." in html
    for seat, typed in enumerate((20, 40, 60)):
        assert re.search(rf'name="points-{seat}"[^>]*value="{typed}"', html), seat
    db.session.expire_all()
    assert Deal.query.count() == 1
    # a Delete from the breakdown (no undo) leaves the form fresh
    deal = Deal.query.one()
    html = client.post(f"/sessions/{sid}/deals/{deal.id}/delete", headers=HX).get_data(as_text=True)
    assert "removed; it is back in the form" not in html and not re.search(r'name="points-0"[^>]*value="0"', html)


def test_an_undo_after_another_device_deleted_the_deal_still_brings_it_back(client, ctx):
    """A tester's tablet tapped Undo as the other tablet deleted the same deal: it showed an empty form
    and said nothing. The deal is gone either way; its values come back into the form, as Undo says,
    while its place is the next deal's."""
    sid = new_schieberamsch(client)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([0, 7, 113]), headers=HX)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([20, 40, 60]), headers=HX)
    deal = Deal.query.order_by(Deal.position.desc()).first()
    assert client.delete(f"/api/v1/sessions/{sid}/deals/{deal.id}").status_code == 204  # the other tablet
    html = client.post(f"/sessions/{sid}/deals/{deal.id}/delete", data={"undo": "1"}, headers=HX).get_data(as_text=True)
    assert "Deal 2 removed; it is back in the form." in html
    assert re.search(r'name="points-1"[^>]*value="40"', html)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 30, 60]), headers=HX)  # its place refilled
    html = client.post(f"/sessions/{sid}/deals/{deal.id}/delete", data={"undo": "1"}, headers=HX).get_data(as_text=True)
    assert "back in the form" not in html and not re.search(r'name="points-1"[^>]*value="40"', html)


def test_undo_takes_back_only_the_save_it_belongs_to(client, ctx):
    """The toast's Undo carries the board version after its save: once anything came after it (the
    next deal saved on this or another tablet) it removes nothing and says so, naming its deal."""
    sid = new_schieberamsch(client)
    first = client.post(f"/sessions/{sid}/deals", data=ramsch_form([20, 40, 60]), headers=HX).get_data(as_text=True)
    toast = re.search(r'<div class="toast" id="undo-toast".*?</form>', first, re.S).group(0)
    version = re.search(r'name="board_version" value="(\d+)"', toast).group(1)
    deal = Deal.query.one()
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 30, 60]), headers=HX)  # deal 2, on another tablet
    undo = {"undo": "1", "board_version": version}
    response = client.post(f"/sessions/{sid}/deals/{deal.id}/delete", data=undo, headers=HX)
    assert response.status_code == 422
    assert any("Deal 1 was not taken back: something was saved after it, here or on another device" in alert
               for alert in alerts(response.get_data(as_text=True)))
    db.session.expire_all()
    assert [d.payload["points"] for d in Deal.query.order_by(Deal.position)] == [[20, 40, 60], [30, 30, 60]]
    # the toast of the last save still takes it back, naming it
    last = Deal.query.order_by(Deal.position.desc()).first()
    version = str(db.session.get(GameSession, sid).version)
    html = client.post(f"/sessions/{sid}/deals/{last.id}/delete", data={"undo": "1", "board_version": version},
                       headers=HX).get_data(as_text=True)
    assert "Deal 2 removed; it is back in the form." in html


def test_a_preset_link_opens_the_start_form_set_so(client):
    """rules/schieber.md "Start, presets and the end": a preset is a link too (a page without JavaScript):
    ?preset=2 opens the form at 3000 with pagat's factors; an unknown preset is the default form."""
    page = client.get("/sessions/new/schieber?preset=2").get_data(as_text=True)
    assert re.search(r'<input[^>]*name="option_target"[^>]*value="3000"', page)
    assert re.search(r'<input type="radio" name="option_factors"[^>]*value="pagat" checked>', page)
    default = client.get("/sessions/new/schieber?preset=9").get_data(as_text=True)
    assert re.search(r'<input[^>]*name="option_target"[^>]*value="2500"', default)
    assert re.search(r'<input type="radio" name="option_factors"[^>]*value="swisslos" checked>', default)
    assert "1000 without factors" in default and "preset=1" in default


def test_both_halves_of_the_schieber_tafel_are_drawn_alike(client):
    """rules/schieber.md "The Tafel": each team's half is the same big Z; a team with more 100s than the
    bar holds (2313: 23 strokes) lengthens both halves, not only its own."""
    sid = client.post("/api/v1/sessions", json={"game": "schieber", "players": ["A", "B", "C", "D"]}).json["id"]
    match = {"trump": "obenabe", "points": [157, 0, None, None], "match": [True, False, False, False]}
    for _ in range(3):
        assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": match}).status_code == 201
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    boxes = re.findall(r'<figure class="tafel">.*?<svg viewBox="([^"]+)"', page, re.S)
    assert len(boxes) == 2 and boxes[0] == boxes[1]
    assert 'aria-label="23 × 100, 0 × 50, 0 × 20, rest 13"' in page


def test_a_finished_schieber_board_says_what_gave_the_lower_total_the_win(client):
    """rules/schieber.md "Start, presets and the end": "The winner is shown even when the other team's
    final total is higher". A tester saw only "Winners: Ben, Dora" on the finished board: the line
    naming the Stöck that decided it was written for the board before the end, never shown after it."""
    four = ["Anna", "Ben", "Carl", "Dora"]
    sid = client.post("/api/v1/sessions", json={"game": "schieber", "players": four, "options": {
        "factors": "none", "target": 130}}).json["id"]
    deals = ({"trump": "C", "points": [40, 117, None, None]},
             {"trump": "C", "points": [127, 30, None, None], "weis": [50, 0, 0, 0],
              "stoeck": [False, True, False, False]})
    for values in deals:
        assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": values}).status_code == 201
    ended = client.get(f"/api/v1/sessions/{sid}").json["standings"]
    assert ended["over"] and ended["winners"] == [1, 3] and ended["totals"][:2] == [217, 167]
    why = "Ben & Dora reached 130 first: both teams got there in the last deal, and Stöck count first."
    assert why in ended["notes"]
    assert escape(why, quote=False) in client.get(f"/sessions/{sid}").get_data(as_text=True)


def test_names_in_a_games_own_sentences_are_listed_in_the_pages_language(client):
    """A tester read "Carl, Ben, Annaが50点で同点です" (Handjass's tie refusal) with ASCII commas; the
    engine's lists of names take the page's comma as the board's do."""
    four = ["Anna", "Ben", "Carl", "Dora"]
    sid = client.post("/api/v1/sessions", json={"game": "handjass", "players": four}).json["id"]
    tie = {"values": {"trump": "C", "playing": [0, 1, 2, 3], "points": [50, 50, 50, 7], "last_trick": 0,
                      "weis": [[]] * 4, "stoeck": [False] * 4}}
    english = client.post(f"/api/v1/sessions/{sid}/deals", json=tie).json["message"]
    client.set_cookie("lang", "ja")
    japanese = client.post(f"/api/v1/sessions/{sid}/deals", json=tie).json["message"]
    assert "Carl, Ben, Anna tied at 50" in english
    assert "Carl、Ben、Anna" in japanese and ", " not in japanese


def test_names_are_listed_in_the_pages_language_and_teams_keep_their_ampersand(client):
    """A tester read "勝者：Anna, Ben" with an ASCII comma; a team stays "Anna & Carl" in both languages."""
    sid = client.post("/api/v1/sessions", json={"game": "free_pad", "players": ["Anna", "Ben", "Carl"],
                                                "options": {"rounds": 1}}).json["id"]
    client.post(f"/api/v1/sessions/{sid}/deals", json={"values": {"points": [5, 5, 1]}})
    assert "Winners: Anna, Ben" in client.get(f"/sessions/{sid}").get_data(as_text=True)
    client.set_cookie("lang", "ja")
    assert "勝者：Anna、Ben" in client.get(f"/sessions/{sid}").get_data(as_text=True)
    four = ["Anna", "Ben", "Carl", "Dora"]
    sid = client.post("/api/v1/sessions", json={"game": "schieber", "players": four}).json["id"]
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "Anna &amp; Carl" in html and "Anna、Carl" not in html


def test_the_schieber_asks_who_thanked_first_only_once_both_teams_may_reach_the_target(client):
    """rules/schieber.md "Start, presets and the end": who thanked first decides only when both teams reach
    the target in one deal. Asked on every deal, it folded a button under every form of a 2500 game;
    now from where both can (together at most 2631 in a deal with Swisslos factors). An API v1 client
    that sends it empty on every deal is still accepted."""
    four = ["Anna", "Ben", "Carl", "Dora"]
    sid = client.post("/api/v1/sessions", json={"game": "schieber", "players": four}).json["id"]
    assert 'data-field="thanked_first"' not in client.get(f"/sessions/{sid}").get_data(as_text=True)
    values = {"trump": "S", "pushed": False, "points": [157, 0, None, None], "match": [True, False, False, False],
              "weis": [200, 0, 0, 0], "stoeck": [True, False, False, False], "thanked_first": None}
    for _ in range(2):  # (157 + 100 + 200 + 20) x 2 = 954 a deal for Anna & Carl: 1908, short by 592
        assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": values}).status_code == 201
    # Ben & Dora, at 0, are short by 2500: together 3092, more than a deal can bring
    assert 'data-field="thanked_first"' not in client.get(f"/sessions/{sid}").get_data(as_text=True)
    values |= {"points": [0, 157, None, None], "match": [False, True, False, False], "weis": [0, 200, 0, 0],
               "stoeck": [False, True, False, False]}
    assert client.post(f"/api/v1/sessions/{sid}/deals", json={"values": values}).status_code == 201
    # 592 + 1546 = 2138 short: both may get there in the next deal
    assert 'data-field="thanked_first"' in client.get(f"/sessions/{sid}").get_data(as_text=True)


def test_a_card_given_to_a_player_is_marked_with_a_start_no_other_name_shares(client):
    """A Japanese family's お父さん and お母さん both marked their cards "お" in the card pickers."""
    from .test_what_if import session_with

    sid = session_with(client, "schieberamsch", ["お父さん", "お母さん", "ゆうき"], [])
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert re.findall(r'class="pile" data-seat="\d" data-initial="([^"]*)"', page) == ["お父", "お母", "ゆ"]


def test_deleting_the_last_deal_does_not_speak_of_what_comes_after_it(client):
    """A tester read "Everything after it is recomputed" when deleting the last deal, which has
    nothing after it."""
    from .test_statistics import RAMSCH
    from .test_what_if import session_with

    sid = session_with(client, "schieberamsch", ["Anna", "Ben", "Carl"], [RAMSCH, RAMSCH])
    first, last = (deal["id"] for deal in client.get(f"/api/v1/sessions/{sid}").json["deals"])
    hx = {"HX-Request": "true"}
    asked = [re.search(r'hx-confirm="([^"]*)"', client.get(f"/sessions/{sid}/deals/{deal}/breakdown", headers=hx)
                       .get_data(as_text=True)).group(1) for deal in (first, last)]
    assert asked == ["Delete deal 1? Everything after it is recomputed.", "Delete deal 2?"]


def test_no_two_card_boxes_of_a_form_have_one_name(client):
    """A blind tester tabbed to "diamond 7: Carl" for Carl's Weis and ticked it in Carl's captured
    pile: both pickers named their cards alike. A player's card outside a pile is named by its field."""
    from .test_what_if import session_with

    sid = session_with(client, "handjass", ["Anna", "Ben", "Carl", "Dora"], [], {"count_from": "cards"})
    page = client.get(f"/sessions/{sid}?cards=1").get_data(as_text=True)
    names = re.findall(r'<input type="checkbox" name="(?:cards|weis)-\d"[^>]*aria-label="([^"]+)"', page)
    assert len(names) == 2 * 4 * 36 and len(set(names)) == len(names)
    assert "diamond 7: Carl" in names and "Weis shown (tap its cards): diamond 7, Carl" in names


def test_a_group_of_toggles_is_named_by_its_field(client):
    """A blind tester heard "Anna, checkbox, checked" in Handjass's "Who plays", the same name as the
    last trick's "Anna": the toggles' group is named by its field."""
    from .test_what_if import session_with

    sid = session_with(client, "handjass", ["Anna", "Ben", "Carl", "Dora"], [])
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert '<div class="picker" role="group" aria-label="Who plays">' in page


def test_without_javascript_the_last_count_left_empty_is_the_rest_of_120(client, ctx):
    """rules/schieberamsch.md: the card points of a Ramsch add up to 120, and the tablet's form fills the
    last count in; a page without JavaScript saved with Carl's box empty was refused as missing."""
    sid = new_schieberamsch(client)
    form = ramsch_form([30, 50, ""], took=[True, True, True])
    response = client.post(f"/sessions/{sid}/deals", data=form)
    assert response.status_code == 302, alerts(response.get_data(as_text=True))
    deal = client.get(f"/api/v1/sessions/{sid}").json["deals"][0]
    assert deal["values"]["points"] == [30, 50, 40]
    assert deal["points"] == [0, 5, 0]  # all three took tricks: the most card points, Ben 50, score / 10

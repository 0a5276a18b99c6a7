"""Handjass at the table through the pages (issue 23 items 5 and 10): the counts' fixed sum, the boxes of a
player who sits out, going out said by name, the Weis picker's name, Berner's trump for every deal."""
from __future__ import annotations

import re

from scorekeeper.models import Deal

from .helpers import alerts, totals

NOT_PLAYED = "This deal was not played out: it has no card points, Weis or Stöck."


def new_handjass(client, **options) -> int:
    data = {"players-0": "Anna", "players-1": "Ben", "players-2": "Carl", "players-3": "Ida", "first_dealer": "0"}
    data.update({f"option_{key}": str(value) for key, value in options.items()})
    response = client.post("/sessions/new/handjass", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rsplit("/", 1)[1])


def row(html: str, field: str) -> str:
    return re.search(rf'<tr data-field="{field}".*?</tr>', html, re.S).group(0)


def test_the_counts_are_a_fixed_sum_of_157_while_all_four_are_in(client):
    """rules/handjass.md 'Invariants': with all four playing the counts add up to exactly 157, so the form fills
    the last one in (the fixed-sum row Schieberamsch's 120 uses); with a player out of the game there is none."""
    sid = new_handjass(client, target=2)
    points = row(client.get(f"/sessions/{sid}").get_data(as_text=True), "points")
    assert 'data-total="157"' in points
    # each player's box follows "who plays": hidden (and not sent) while that player sits out
    for seat in range(4):
        assert re.search(rf'<div data-show-if="playing" data-show-values="{seat}">\s*<input[^>]*name="points-{seat}"',
                         points)
    client.post(f"/sessions/{sid}/deals", data={"playing": ["0"]})  # Anna alone +2: out
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "data-total" not in row(page, "points")


def test_a_card_draw_asked_after_a_tie_is_said_to_its_boxes(client):
    """rules/handjass.md "Scoring a deal": a tie for a stroke is decided by a card draw. Refused without
    it, the draw's boxes are marked invalid and named by the message (a keyboard tester's focus landed
    on a box that said nothing of it)."""
    sid = new_handjass(client)
    data = {"playing": ["0", "1", "2", "3"], "trump": "C", "count": "points", "points-0": "60", "points-1": "40",
            "points-2": "40", "points-3": "17"}
    html = client.post(f"/sessions/{sid}/deals", data=data).get_data(as_text=True)
    assert "Carl, Ben tied at 40: tick the player who won the card draw." in alerts(html)  # from the dealer's right
    boxes = re.findall(r'<input type="checkbox" name="draw"[^>]*>', html)
    assert len(boxes) == 4 and all('aria-invalid="true" aria-describedby="draw-error"' in box for box in boxes)
    assert re.search(r'id="draw-error"[^>]*>Carl, Ben tied at 40', html)


def test_a_player_who_sits_out_is_not_read_and_the_sum_is_not_fixed(client):
    """'Non-players score nothing and lose nothing': three play, Ida sits out; her box is not read."""
    sid = new_handjass(client)
    response = client.post(f"/sessions/{sid}/deals", data={
        "trump": "C", "playing": ["0", "1", "2"], "points-0": "60", "points-1": "45", "points-2": "30"})
    assert response.status_code == 302, alerts(response.get_data(as_text=True))
    assert totals(client.get(f"/sessions/{sid}").get_data(as_text=True)) == [1, 1, 0, 0]


def test_going_out_is_said_in_the_save_line_and_the_breakdown(client):
    """rules/handjass.md 'End': reaching the target, a player leaves as a winner; the save line says so by name."""
    sid = new_handjass(client, target=2)
    response = client.post(f"/sessions/{sid}/deals", data={"playing": ["3"]}, headers={"HX-Request": "true"})
    flash = re.search(r'<p class="flash" id="flash"[^>]*>(.*?)</p>', response.get_data(as_text=True), re.S).group(1)
    assert re.sub(r"\s+", " ", flash).strip() == "Deal 1: Anna 0, Ben 0, Carl 0, Ida +2; Ida is out; Carl deals next"
    deal_id = re.search(rf"/sessions/{sid}/deals/(\d+)/breakdown", client.get(f"/sessions/{sid}").get_data(
        as_text=True)).group(1)
    breakdown = client.get(f"/sessions/{sid}/deals/{deal_id}/breakdown").get_data(as_text=True)
    assert "Ida has 2 strokes (out at 2): out, safe." in breakdown
    # the big numbers say so too (a tester's TV showed Ida's total as if she still played)
    big = client.get(f"/sessions/{sid}/big").get_data(as_text=True)
    items = re.findall(r'<li class="([^"]*)">\s*<span class="big-name">(\w+)</span>', big)
    assert [(name, "out" in classes.split()) for classes, name in items] == [
        ("Anna", False), ("Ben", False), ("Carl", False), ("Ida", True)]
    assert big.count('<span class="big-deals">out</span>') == 1


    second = client.post(f"/sessions/{sid}/deals", headers={"HX-Request": "true"}, data={
        "trump": "C", "playing": ["0", "1", "2"], "points-0": "60", "points-1": "50", "points-2": "47"})
    flash = re.search(r'<p class="flash" id="flash"[^>]*>(.*?)</p>', second.get_data(as_text=True), re.S).group(1)
    assert re.sub(r"\s+", " ", flash).strip().startswith("Deal 2: Anna +1, Ben 0, Carl 0;")  # not "Ida 0": out


def test_a_correction_that_puts_a_player_out_earlier_names_the_deal_it_spoils(client, app):
    """rules/handjass.md 'End': a player out of the game plays no more deals, so a correction that puts Ida out
    at deal 1 would spoil deal 2, where she played; the refusal names that deal in words that read there."""
    sid = new_handjass(client, target=2)
    client.post(f"/sessions/{sid}/deals", data={"playing": ["1"]})  # Ben alone +2: out
    second = {"trump": "C", "playing": ["0", "2", "3"], "points-0": "60", "points-2": "50", "points-3": "47"}
    assert client.post(f"/sessions/{sid}/deals", data=second).status_code == 302
    with app.app_context():
        first = Deal.query.filter_by(session_id=sid, position=1).one().id
    response = client.post(f"/sessions/{sid}/deals/{first}/edit", data={"playing": ["3"]})  # Ida alone instead
    assert response.status_code == 422
    assert alerts(response.get_data(as_text=True)) == [
        "This change would make deal 2 impossible: Ida is out of the game and plays no more deals. Correct or delete "
        "deal 2 first."]  # what to do, as a change that ends the game early says it (a tester)

def test_the_weis_picker_names_its_player(client):
    sid = new_handjass(client)
    weis = row(client.get(f"/sessions/{sid}").get_data(as_text=True), "weis")
    titles = re.findall(r'<p class="fold-title">Weis shown \(tap its cards\): <strong>(\w+)</strong></p>', weis)
    assert titles == ["Anna", "Ben", "Carl", "Ida"]


def test_berner_asks_trump_when_one_plays_alone_and_multiplies_it(client):
    """rules/handjass.md, Berner Handjass, decided 2026-11-26: the trump is asked for every deal, also when only one
    player takes part (+2 x trump) or two agree on +1 each (x trump)."""
    sid = new_handjass(client, variant="berner")
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    trump = re.search(r'<div class="field" data-field="trump"[^>]*>', page).group(0)
    assert "data-show-if" not in trump  # offered whoever plays
    refused = client.post(f"/sessions/{sid}/deals", data={"playing": ["1"]})
    assert refused.status_code == 422
    assert any("multiplies the strokes by the trump suit" in message
               for message in alerts(refused.get_data(as_text=True)))
    assert client.post(f"/sessions/{sid}/deals", data={"playing": ["1"], "trump": "H"}).status_code == 302
    agreed = {"playing": ["0", "2"], "agreed": "y", "trump": "D"}
    assert client.post(f"/sessions/{sid}/deals", data=agreed).status_code == 302
    assert totals(client.get(f"/sessions/{sid}").get_data(as_text=True)) == [3, 8, 3, 0]


def test_what_only_a_deal_played_out_has_is_shown_while_one_is_played_and_refused_by_name(client):
    """Issue 23 item 5, rules/handjass.md "Deal and participation": when one plays alone (+2) or two agree
    (+1 each) nobody has card points, Weis, Stöck or the last trick. The page hides those boxes then (app.js:
    data-page-if, while fewer than two play or the two agreed) and does not send them; a page without
    JavaScript shows them, and the engine refuses a value typed there, naming its box. The API's
    description of the fields is unchanged."""
    sid = new_handjass(client)
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    played = 'data-page-if="agreed" data-page-values="" data-page-if-count="playing" data-page-min="2"'
    for field in ("points", "weis", "stoeck"):
        assert played in re.search(rf'<tr data-field="{field}"[^>]*>', page).group(0)
    for field in ("last_trick", "count"):
        assert played in re.search(rf'<div class="field" data-field="{field}"[^>]*>', page).group(0)
    assert played in re.search(r'<details class="field on-demand" data-field="draw"[^>]*>', page).group(0)
    assert played not in re.search(r'<div class="field" data-field="playing"[^>]*>', page).group(0)
    # "who plays" says why the boxes may go: one alone takes +2 without playing
    assert "One alone takes +2 without playing: no cards to count." in page
    alone = client.post(f"/sessions/{sid}/deals", data={"playing": ["1"], "points-1": "60"})
    assert alone.status_code == 422
    assert error_after(alone.get_data(as_text=True), "points-1") == [NOT_PLAYED]
    agreed = client.post(f"/sessions/{sid}/deals", data={"playing": ["0", "2"], "agreed": "y", "stoeck-2": "y"})
    assert error_after(agreed.get_data(as_text=True), "stoeck-2") == [NOT_PLAYED]
    assert client.post(f"/sessions/{sid}/deals", data={"playing": ["1"]}).status_code == 302
    fields = client.get("/api/v1/games/handjass").get_json()["deal_fields"]
    assert not any(key.startswith("page_") or key == "out" for spec in fields["4"] for key in spec)


def error_after(html: str, name: str) -> list[str]:
    """The alerts in the cell of input `name` (up to the cell's end)."""
    return alerts(html.split(f'name="{name}"', 1)[1].split("</td>", 1)[0])


def test_the_japanese_seat_note_counts_points_not_bars(client):
    """The seat note is the net score, which can be below zero: Japanese said 「縦棒-1」 ("-1 vertical
    bars", a tester); the seed counts +1点 and -1点 (a bar and a potato are how they are drawn)."""
    sid = new_handjass(client)
    counts = {"playing": ["0", "1", "2", "3"], "trump": "C", "points-0": "60", "points-1": "45", "points-2": "30",
              "points-3": "22"}
    assert client.post(f"/sessions/{sid}/deals", data=counts).status_code == 302
    client.post("/language", data={"language": "ja"})
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "-1点、ポテト1" in page and "縦棒-1" not in page


def test_japanese_pages_use_their_own_punctuation(client):
    """A Japanese player (r19): half-width commas, colons and brackets inside Japanese sentences
    ("あきら 60, ベン 45", "チーム: ...", "(まずビッド。...)"). A refused sum lists the counts with 、, the
    board's own texts take full-width colons and brackets, and sentences are not parted by a space."""
    sid = new_handjass(client)
    client.post("/language", data={"language": "ja"})
    counts = {"playing": ["0", "1", "2", "3"], "trump": "C", "points-0": "60", "points-1": "45", "points-2": "30",
              "points-3": "20"}
    html = client.post(f"/sessions/{sid}/deals", data=counts).get_data(as_text=True)
    assert "Anna 60、Ben 45、Carl 30、Ida 20で合計155です。" in html
    assert "（Σ\u00a0157）" in html and "(Σ" not in html  # one piece: a no-break space
    coiffeur = client.post("/sessions/new/coiffeur", data={"players-0": "Anna", "players-1": "Ben",
                                                          "players-2": "Cleo", "players-3": "Dan",
                                                          "first_dealer": "0"}).headers["Location"]
    board = client.get(coiffeur).get_data(as_text=True)
    assert "チーム：Anna &amp; Cleo" in board and "チーム: " not in board
    assert '<small class="factor">×1</small>' in board


def test_the_api_names_every_count_left_empty_and_both_sentences_of_one_box(client):
    """A retester sent Handjass counts 60, -, 30, - and heard only of B's box (the API's check of what v1
    clients sent said its first refusal alone); with one empty, the rest of 157 is taken (worked example
    1: +1, +1, 0, -1). A Stendhal middle both short and holding a player's card says both at its box."""
    sid = client.post("/api/v1/sessions", json={"game": "handjass", "players": ["A", "B", "C", "D"]}).json["id"]
    values = {"trump": "C", "playing": [0, 1, 2, 3], "points": [60, None, 30, None], "last_trick": 0,
              "weis": [[], [], [], []], "stoeck": [False] * 4}
    refused = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": values})
    assert refused.status_code == 422
    assert refused.json["fields"] == {"points-1": "Enter B's card points.", "points-3": "Enter D's card points."}
    saved = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": {**values, "points": [60, 45, 30, None]}})
    assert saved.status_code == 201 and saved.json["deals"][0]["points"] == [1, 1, 0, -1]
    sid = client.post("/api/v1/sessions", json={"game": "stendhal", "players": ["A", "B", "C", "D", "E"],
                                                "options": {"minus_entry": "seats"}}).json["id"]
    reveal = {"reveal": [["5C"], ["5C"], ["KH"], ["KC"], ["4H"]], "middle": ["4H", "JH"]}
    refused = client.post(f"/api/v1/sessions/{sid}/deals", json={"values": reveal, "phase": "bid"})
    assert refused.status_code == 422
    assert refused.json["fields"]["middle"] == ("The middle holds 3 cards; enter them. ♥4 is entered for both E "
                                                "and the middle.")
    assert refused.json["fields"]["reveal-1"] == "♣5 is entered for both A and B."

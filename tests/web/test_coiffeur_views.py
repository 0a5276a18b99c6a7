"""Coiffeur through the API and the board, in English and Japanese (every answer checked against
openapi.json): a filled row refused with the reason, the Tafel's cells as data in "next" and drawn on
the board."""
from __future__ import annotations

import re

from .test_api import call

PLAYERS = ["Anna", "Ben", "Cleo", "Dan"]
UNDENUFE_90 = {"announcer": 0, "row_a": "undenufe", "points": [90, 67, None, None], "match": False}


def new_coiffeur(client):
    response = call(client, "POST", "/api/v1/sessions", {"game": "coiffeur", "players": PLAYERS})
    assert response.status_code == 201
    return response.json["id"]


def test_a_filled_row_is_refused_with_the_reason_in_the_tables_language(client):
    """rules/coiffeur.md "Rows": each team plays every row exactly once; worked example 1 first (540)."""
    sid = new_coiffeur(client)
    saved = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": UNDENUFE_90})
    assert saved.status_code == 201 and saved.json["deals"][0]["points"] == [540, 0, 540, 0]
    again = {**UNDENUFE_90, "announcer": 2}
    english = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": again})
    assert english.status_code == 422
    assert english.json["fields"]["row_a"] == ("Anna & Cleo already played Undenufe: 90 in deal 1. Each team "
                                               "plays each row once.")
    japanese = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": again},
                    headers={"Accept-Language": "ja"})
    assert japanese.status_code == 422
    assert japanese.json["fields"]["row_a"].startswith("Anna & Cleoはウンデヌフェをすでにプレイしました")
    # the deal's other problems come in the same answer (a retester's 100 + 100 heard only of the row)
    twice = {**again, "points": [100, 100, None, None]}
    both = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": twice})
    assert both.status_code == 422 and set(both.json["fields"]) == {"row_a", "points"}
    assert both.json["fields"]["points"].startswith("Card points must add up to 157")


def test_next_carries_the_tafel_and_the_board_draws_it(client):
    """rules/coiffeur.md "The Coiffeur Tafel": one line per row with its factor, a column per team."""
    sid = new_coiffeur(client)
    answer = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": UNDENUFE_90}).json
    cells = answer["next"]["cells"]
    assert cells[0][5] == 90 and cells[0].count(None) == 7 and cells[1] == [None] * 8
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "Coiffeur Tafel" in page and "<b>90</b> <small>540</small>" in page
    # a screen reader hears the cell as written on the slate, and an open cell as open
    assert 'aria-label="90 × 6 = 540"><b>90</b>' in page and page.count('aria-label="not played yet"') == 15
    client.set_cookie("lang", "ja")
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "コワファーの黒板" in page and "ウンデヌフェ" in page


def test_an_exported_coiffeur_is_imported_again_with_its_change_log(client):
    """The change log keeps a row chosen then, which the next deal no longer offers (it is filled)."""
    sid = new_coiffeur(client)
    call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": UNDENUFE_90})
    exported = call(client, "GET", f"/api/v1/sessions/{sid}/export").json
    answer = call(client, "POST", "/api/v1/import", exported)
    assert answer.status_code == 201 and answer.json["already_here"] == [sid]


def test_the_change_log_names_a_filled_row_and_only_what_the_deal_said(client):
    """The change log reads a corrected or deleted deal in the table's words: "Eicheln ♠" for a row its
    team has filled again since (the form offers only open rows), and a deleted deal lists what it said,
    not the other team's empty row and joker."""
    sid = new_coiffeur(client)
    first = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": UNDENUFE_90}).json["deals"][0]["id"]
    eicheln = {**UNDENUFE_90, "announcer": 1, "row_b": "eicheln", "row_a": None}
    call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": eicheln})
    corrected = {**UNDENUFE_90, "points": [100, 57, None, None]}
    assert call(client, "PUT", f"/api/v1/sessions/{sid}/deals/{first}", {"values": corrected}).status_code == 200
    page = client.get(f"/sessions/{sid}/changes").get_data(as_text=True)
    assert "<del>Anna &amp; Cleo 90 · Ben &amp; Dan 67</del>" in page  # the teams, not four players
    deals = call(client, "GET", f"/api/v1/sessions/{sid}").json["deals"]
    assert call(client, "DELETE", f"/api/v1/sessions/{sid}/deals/{deals[1]['id']}").status_code in (200, 204)
    call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": eicheln})  # typed again: Eicheln filled
    page = client.get(f"/sessions/{sid}/changes").get_data(as_text=True)
    deleted = page[page.index("Deal 2 deleted."):]
    deleted = deleted[:deleted.index("</dl>")]
    assert "<del>Eicheln ♠</del>" in deleted and "eicheln" not in deleted
    assert deleted.count("<dt>Row</dt>") == 1 and "The joker was played as" not in deleted


def test_card_points_sent_in_another_shape_are_refused_saying_the_shape(client):
    """rules/coiffeur.md "Scoring": each team's card points; the API takes them one per seat, each team's
    under its first player (the board's two boxes), and a refusal of another shape says so."""
    sid = new_coiffeur(client)
    for points in (90, [90, 67]):
        answer = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": {**UNDENUFE_90, "points": points}})
        assert answer.status_code == 422
        assert answer.json["fields"]["points"] == (
            "Card points: give a list of 4 values, one per player in seat order; each team's value "
            "goes under its first player, the partners' are left empty.")


def test_a_refused_match_toggle_names_its_message_for_a_screen_reader(client):
    """rules/coiffeur.md "Scoring": a match is all nine tricks and so all 157 card points; refused with
    150, the Match toggle is marked invalid and described by the message (a keyboard tester)."""
    sid = new_coiffeur(client)
    page = client.post(f"/sessions/{sid}/deals", data={"announcer": "1", "row_b": "schellen", "points-0": "7",
                                                       "points-1": "150", "match": "y"})
    html = page.get_data(as_text=True)
    assert page.status_code == 422
    toggle = re.search(r'<input type="checkbox" name="match"[^>]*>', html).group(0)
    assert 'aria-invalid="true"' in toggle and 'aria-describedby="match-error"' in toggle
    assert re.search(r'id="match-error" role="alert">A match means Ben &amp; Dan took all nine tricks', html)


def test_only_the_announcing_teams_card_points_are_needed(client):
    """rules/coiffeur.md "Scoring a deal": only the announcing team writes, "the opponents write nothing".
    A client sending Anna & Cleo's 90 alone was refused "Card points for Ben & Dan is missing.": the other
    box takes the rest of 157, as the tablet's form fills it. Two empty boxes are still missing."""
    sid = new_coiffeur(client)
    alone = {**UNDENUFE_90, "points": [90, None, None, None]}
    saved = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": alone})
    assert saved.status_code == 201, saved.json
    assert saved.json["deals"][0]["points"] == [540, 0, 540, 0]  # 90 x 6, worked example 1
    assert saved.json["deals"][0]["values"]["points"][:2] == [90, 67]
    empty = call(client, "POST", f"/api/v1/sessions/{sid}/deals",
                 {"values": {"announcer": 1, "row_b": "undenufe", "points": [None, None, None, None], "match": False}})
    assert empty.status_code == 422 and set(empty.json["fields"]) == {"points-0", "points-1"}


def test_a_match_typed_as_257_on_the_page_without_javascript_is_the_match(client):
    """rules/coiffeur.md: a cell holds 0..157 or 257; the tablet's page takes 257 typed as a match."""
    sid = new_coiffeur(client)
    form = {"announcer": "1", "row_b": "schellen", "points-0": "", "points-1": "257"}
    response = client.post(f"/sessions/{sid}/deals", data=form)
    assert response.status_code == 302, re.findall(r'class="field-error"[^>]*>([^<]*)<', response.text)
    deal = call(client, "GET", f"/api/v1/sessions/{sid}").json["deals"][0]
    assert deal["points"] == [0, 1028, 0, 1028] and deal["values"]["match"] is True

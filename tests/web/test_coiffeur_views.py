"""Coiffeur through the API and the board, in English and Japanese (every answer checked against
openapi.json): a filled row refused with the reason, the Tafel's cells as data in "next" and drawn on
the board."""
from __future__ import annotations

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


def test_next_carries_the_tafel_and_the_board_draws_it(client):
    """rules/coiffeur.md "The Coiffeur Tafel": one line per row with its factor, a column per team."""
    sid = new_coiffeur(client)
    answer = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": UNDENUFE_90}).json
    cells = answer["next"]["cells"]
    assert cells[0][5] == 90 and cells[0].count(None) == 7 and cells[1] == [None] * 8
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "Coiffeur Tafel" in page and "<b>90</b> <small>540</small>" in page
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

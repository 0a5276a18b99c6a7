"""Differenzler through the API and the pages: announcements locked first, then the card points; both
languages; hidden announcements kept off the board until the deal is saved (shared/rules/differenzler.md)."""
from __future__ import annotations

from .test_api import call

PLAYERS = ["Anna", "Ben", "Carl", "Dora"]


def new_differenzler(client, **options):
    response = call(client, "POST", "/api/v1/sessions", {"game": "differenzler", "players": PLAYERS,
                                                         "options": options})
    assert response.status_code == 201, response.json
    return response.json["id"]


def test_announcements_then_card_points_through_the_api_in_japanese(client):
    """differenzler.md example 1 entered in two phases; the answer speaks the table's language."""
    sid = new_differenzler(client)
    locked = call(client, "POST", f"/api/v1/sessions/{sid}/deals",
                  {"phase": "bid", "values": {"prediction": [40, 30, 50, 37]}})
    assert locked.status_code == 201 and locked.json["next_phase"] == "play"
    assert locked.json["pending"]["values"]["prediction"] == [40, 30, 50, 37]
    played = call(client, "POST", f"/api/v1/sessions/{sid}/deals",
                  {"phase": "play", "values": {"points": [45, 30, 60, 22]}}, headers={"Accept-Language": "ja"})
    assert played.status_code == 201
    assert played.json["standings"]["totals"] == [5, -10, 10, 15]
    assert played.json["deals"][0]["breakdown"][1] == "Ben：予告30、獲得30：ぴったり、-10。"
    assert played.json["standings"]["dealer"] == 3  # the dealer's right deals next


def test_an_announcement_over_157_is_refused_naming_its_player(client):
    sid = new_differenzler(client)
    refused = call(client, "POST", f"/api/v1/sessions/{sid}/deals",
                   {"phase": "bid", "values": {"prediction": [40, 30, 158, 37]}})
    assert refused.status_code == 422 and set(refused.json["fields"]) == {"prediction-2"}


def test_hidden_announcements_stay_off_the_board_until_saved(client):
    """differenzler.md option announcement "hidden": it changes only what the app shows before the deal."""
    sid = new_differenzler(client, announcement="hidden")
    call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"phase": "bid", "values": {"prediction": [41, 29, 53, 34]}})
    board = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "Locked announcements" in board and 'data-locked="prediction"' not in board
    open_table = new_differenzler(client)
    call(client, "POST", f"/api/v1/sessions/{open_table}/deals",
         {"phase": "bid", "values": {"prediction": [41, 29, 53, 34]}})
    assert 'data-locked="prediction"' in client.get(f"/sessions/{open_table}").get_data(as_text=True)


def test_hidden_announcements_typed_while_another_tablet_locked_its_own_are_said_not_shown(client):
    """A tester's two tablets typed the announcements at once: the late one's vanished without a word.
    It is told they were not saved, without showing them (the game keeps them unseen)."""
    import re

    sid = new_differenzler(client, announcement="hidden")
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    version = re.search(r'name="board_version" value="(\d+)"', page).group(1)
    typed = {f"prediction-{seat}": str(value) for seat, value in enumerate((40, 30, 50, 37))}
    assert client.post(f"/sessions/{sid}/deals", data=typed).status_code == 302  # the other tablet
    late = client.post(f"/sessions/{sid}/deals", data={**typed, "prediction-3": "36", "board_version": version})
    html = late.get_data(as_text=True)
    assert late.status_code == 409 and "Typed on this tablet, not saved" in html
    assert "They stay hidden" in html and ">36<" not in html and 'value="36"' not in html

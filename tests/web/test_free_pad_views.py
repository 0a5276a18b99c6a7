"""The free score pad in the pages: its name on the new-game form, the board, the history and the
other pages of the session, the what-if page, teams, lowest wins, both languages."""
from __future__ import annotations

import re

from .helpers import alerts, totals

NAMES = ("Anna", "Ben", "Cleo", "Dan")


def new_pad(client, names=NAMES, **options):
    data = {f"players-{i}": name for i, name in enumerate(names)}
    data.update({"first_dealer": "0", **{f"option_{key}": str(value) for key, value in options.items()}})
    response = client.post("/sessions/new/free_pad", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rsplit("/", 1)[1])


def save(client, session_id, *points):
    data = {f"points-{seat}": "" if value is None else str(value) for seat, value in enumerate(points)}
    return client.post(f"/sessions/{session_id}/deals", data=data, follow_redirects=True)


def test_the_name_of_the_game_is_a_text_box_and_shows_with_the_session(client):
    """rules/free-pad.md "Set-up": a name for the game (free text), shown on the board and the history."""
    page = client.get("/sessions/new/free_pad").get_data(as_text=True)
    assert re.search(r'<input[^>]*id="option_name"[^>]*maxlength="40"', page)
    session_id = new_pad(client, name="  Rummy ")
    board = client.get(f"/sessions/{session_id}").get_data(as_text=True)
    assert "<h1>Free score pad: Rummy <small>" in board
    assert "Free score pad: Rummy" in client.get("/history").get_data(as_text=True)
    assert "Free score pad: Rummy" in client.get("/").get_data(as_text=True)
    for page in ("big", "changes", "what-if", "result.svg"):  # the shared picture too (a tester)
        assert "Free score pad: Rummy" in client.get(f"/sessions/{session_id}/{page}").get_data(as_text=True)
    client.set_cookie("lang", "ja")
    assert "フリースコア表：Rummy" in client.get(f"/sessions/{session_id}").get_data(as_text=True)


def test_the_what_if_page_keeps_the_name_and_scores_lowest_wins(client):
    """rules/free-pad.md "Set-up": option winner, "highest" (default) or "lowest"."""
    session_id = new_pad(client, name="Hearts", target=20)
    save(client, session_id, 5, 21, 3, 9)
    page = client.get(f"/sessions/{session_id}/what-if?score=1&option_name=Hearts&option_winner=lowest"
                      "&option_target=20&option_rounds=0&option_teams=0").get_data(as_text=True)
    assert "<h1>Free score pad: Hearts <small>" in page and 'name="option_name"' not in page  # kept, not asked
    assert re.search(r"<td>Ben</td>\s*<td>Cleo</td></tr></tfoot>", page)  # as played, and lowest wins


def test_a_round_with_an_empty_box_counts_0_and_lowest_wins(client):
    """rules/free-pad.md "A round" (an empty field counts 0, negative allowed) and "End and winner"."""
    session_id = new_pad(client, winner="lowest", target=100)
    save(client, session_id, 40, -5, None, 60)
    html = save(client, session_id, 60, 10, 20, 1).get_data(as_text=True)
    assert totals(html) == [100, 5, 20, 61]
    assert "Winner: Ben" in html and "The lowest total wins; equal totals share the win." in html


def test_a_number_that_is_not_whole_is_refused_beside_its_box_and_kept(client):
    """rules/free-pad.md "A round": one whole number per side."""
    session_id = new_pad(client)
    response = save(client, session_id, 12, "1.5", 3, 4)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Enter a whole number, without decimals." in alerts(html)
    assert re.search(r'name="points-0"[^>]*value="12"', html)


def test_teams_score_as_sides_under_their_first_player(client):
    """rules/free-pad.md "Set-up": teams, the pad scores sides; worked example 3."""
    session_id = new_pad(client, teams=2, rounds=3)
    board = client.get(f"/sessions/{session_id}").get_data(as_text=True)
    assert 'name="points-0"' in board and 'name="points-1"' in board and 'name="points-2"' not in board
    for a, b in ((12, -4), (0, 7), (5, 5)):
        html = save(client, session_id, a, b).get_data(as_text=True)
    assert totals(html) == [17, 8, 17, 8]
    assert "Winners: Anna, Cleo" in html
    assert "Anna &amp; Cleo</strong> 17" in html


def test_teams_carry_the_names_the_table_gave_them(client):
    """rules/free-pad.md "Set-up": teams, each team a name and its players. The name shows wherever the
    team is named (the totals line, the save line, the entry row, the big numbers, the shared picture,
    the API); a team left unnamed is named by its players; the winner line still names the players."""
    page = client.get("/sessions/new/free_pad").get_data(as_text=True)
    assert re.search(r'data-show-if="option_teams" data-show-values="2 3 4 5 6">\s*'
                     r'<label class="label" for="option_team_names"', page)
    session_id = new_pad(client, ("Anna", "Ben", "Cleo", "Dan", "Eve", "Finn"), teams=3, team_names="Us, , Them")
    refused = save(client, session_id, 12, -4, 1_000_001).get_data(as_text=True)  # a refusal names it so too
    assert "Team points for Them cannot be more than 1000000." in alerts(refused)
    html = save(client, session_id, 12, -4, 3).get_data(as_text=True)
    assert re.search(r'Teams:\s*<span class="team"><strong>Us</strong> 12</span> · <span class="team">'
                     r'<strong>Ben &amp; Eve</strong> -4</span> · '
                     r'<span class="team"><strong>Them</strong> 3</span>', html)
    assert "Deal 1: Us +12, Ben &amp; Eve -4, Them +3" in html
    assert "team: Us" in html and "team: Them" in html
    assert "Us <strong>12</strong>" in client.get(f"/sessions/{session_id}/big").get_data(as_text=True)
    assert ">Them<" in client.get(f"/sessions/{session_id}/result.svg").get_data(as_text=True)
    teams = client.get(f"/api/v1/sessions/{session_id}").get_json()["standings"]["teams"]
    assert [team["name"] for team in teams] == ["Us", "Ben & Eve", "Them"]


def test_the_teams_that_won_are_said_by_their_names(client):
    """rules/free-pad.md "End and winner": the best total wins, equal best totals share the win; a team
    the table named is said by its name (a tester read "Winners: Ann, Ben, Dan, Eve" for two teams).
    A comma at the end of the names names nobody; a full-width comma separates as 「、」 does."""
    session_id = new_pad(client, ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay"), teams=3, rounds=1,
                         team_names="赤組，白組, ")
    html = save(client, session_id, 10, 10, 5).get_data(as_text=True)
    assert "Winners: 赤組, 白組" in html and "<strong>Cat &amp; Fay</strong> 5" in html
    for page in (f"/sessions/{session_id}/big", f"/sessions/{session_id}/result.svg", "/history"):
        assert "Winners: 赤組, 白組" in client.get(page).get_data(as_text=True)  # the history too (r51b)
    session_id = new_pad(client, NAMES, teams=2, rounds=1, team_names="Us, Them,")
    assert "Winner: Them" in save(client, session_id, 3, 8).get_data(as_text=True)
    page = client.get(f"/sessions/{session_id}/what-if?score=1&option_winner=lowest&option_rounds=1"
                      "&option_target=0").get_data(as_text=True)  # the what-if names them so too (r61b)
    assert re.search(r"<tfoot><tr><th scope=\"row\">Winner</th>\s*<td>Them</td>\s*<td>Us</td>", page), page


def test_more_team_names_than_teams_are_refused_beside_the_names(client):
    """rules/free-pad.md "Set-up": each team a name; a name without its team is a typing slip."""
    data = {"players-0": "Anna", "players-1": "Ben", "players-2": "Cleo", "players-3": "Dan", "first_dealer": "0",
            "option_teams": "2", "option_team_names": "Us、Them、Others"}
    response = client.post("/sessions/new/free_pad", data=data)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert re.search(r'id="option_team_names".*?3 team names for 2 teams: one name a team, separated by commas.',
                     html, re.S)
    assert 'value="Us、Them、Others"' in html


def test_teams_that_do_not_fit_are_refused_beside_the_option(client):
    """rules/free-pad.md "Set-up": teams, each team its players (two at least)."""
    data = {"players-0": "Anna", "players-1": "Ben", "players-2": "Cleo", "first_dealer": "0", "option_teams": "2"}
    response = client.post("/sessions/new/free_pad", data=data)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert re.search(r'id="option_teams".*?3 players cannot make 2 teams of two players or more.', html, re.S)
    assert 'value="Cleo"' in html


def test_an_option_out_of_range_is_refused_beside_it_in_a_sentence(client):
    """A target below 0 (rules/free-pad.md "Set-up": none by default, which the form says as 0) is refused
    next to its box, the label a noun and what 0 means in the box's help, read with the box."""
    data = {"players-0": "Anna", "players-1": "Ben", "first_dealer": "0", "option_target": "-5"}
    response = client.post("/sessions/new/free_pad", data=data)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert re.search(r'aria-describedby="option_target-help option_target-error" aria-invalid="true"[^>]*'
                     r'id="option_target".*?<p class="help" id="option_target-help">The game ends after the deal in '
                     r'which a total reaches it. 0: no target.</p>\s*<p class="field-error" id="option_target-error" '
                     r'role="alert">Target total cannot be less than 0.</p>', html, re.S)
    assert 'value="Ben"' in html


def test_every_option_out_of_range_is_refused_in_one_save(client):
    """r57a: target -5, 2000 deals and 7 teams took three saves to hear of."""
    data = {"players-0": "Anna", "players-1": "Ben", "first_dealer": "0", "option_target": "-5",
            "option_rounds": "2000", "option_teams": "7"}
    response = client.post("/sessions/new/free_pad", data=data)
    assert response.status_code == 422
    assert alerts(response.get_data(as_text=True)) == [
        "Target total cannot be less than 0.", "Number of deals cannot be more than 999.",
        "Number of teams cannot be more than 6."]


def test_the_api_keeps_a_pad_in_both_languages(client):
    """rules/free-pad.md worked example 2 through /api/v1 (checked against openapi.json): lowest wins,
    target 100; an empty entry (null) counts 0; a name that is not text is refused."""
    from .test_api import call

    refused = call(client, "POST", "/api/v1/sessions", {"game": "free_pad", "players": ["A"], "options": {"name": 5}})
    assert refused.status_code == 422 and "name" in refused.json["fields"]
    created = call(client, "POST", "/api/v1/sessions", {"game": "free_pad", "players": list(NAMES),
                                                        "options": {"name": "Hearts", "winner": "lowest",
                                                                    "target": 100}})
    assert created.status_code == 201 and created.json["options"]["name"] == "Hearts"
    sid = created.json["id"]
    for points in ([90, 51, 73, None], [14, 10, 15, 10]):
        body = call(client, "POST", f"/api/v1/sessions/{sid}/deals", {"values": {"points": points}}).json
    assert body["standings"]["totals"] == [104, 61, 88, 10]
    assert body["standings"]["over"] and body["standings"]["winners"] == [3]
    ja = call(client, "GET", f"/api/v1/sessions/{sid}", headers={"Accept-Language": "ja"}).json
    assert ja["standings"]["winner_rule"].startswith("誰かの合計が100に達したディールで終了します。")
    assert "。 " not in ja["standings"]["winner_rule"]  # Japanese parts its sentences with no space
    client.set_cookie("lang", "ja")
    board = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert re.search(r"ゲーム終了。</strong>勝者：Dan", board)
    assert ja["deals"][0]["breakdown"][3] == "Dan：0、合計0。"  # no sign before 0, as the save line writes it


def test_a_team_box_and_the_saved_line_name_the_team_not_its_first_player(client):
    """rules/free-pad.md "Set-up": with teams the pad scores sides, one number per side: the box
    under the first player is the team's (its label says so) and the saved line names each side."""
    session_id = new_pad(client, ("Anna", "Ben", "Cleo", "Dan", "Eve"), teams=2)
    board = client.get(f"/sessions/{session_id}").get_data(as_text=True)
    assert re.search(r'name="points-0"[^>]*aria-label="Team points: Anna &amp; Cleo &amp; Eve"|'
                     r'aria-label="Team points: Anna &amp; Cleo &amp; Eve"[^>]*name="points-0"', board)
    assert re.search(r'aria-label="Team points: Ben &amp; Dan"', board)
    html = client.post(f"/sessions/{session_id}/deals", data={"points-0": "75", "points-1": "-20"},
                       follow_redirects=True).get_data(as_text=True)
    assert "Deal 1: Anna &amp; Cleo &amp; Eve +75, Ben &amp; Dan -20; Ben deals next" in html
    html = client.post(f"/sessions/{session_id}/deals", data={"points-0": "", "points-1": "x"},
                       follow_redirects=True).get_data(as_text=True)
    assert "Ben &amp; Dan: " in html  # the box's error, said under the row, names the team


def test_a_game_without_teams_names_each_player_in_the_saved_line(client):
    """rules/free-pad.md: everyone for themselves, one number per player."""
    session_id = new_pad(client)
    html = save(client, session_id, 3, -1, 0, 2).get_data(as_text=True)
    assert "Deal 1: Anna +3, Ben -1, Cleo 0, Dan +2; Ben deals next" in html


def test_a_box_that_takes_a_minus_asks_for_no_digits_only_keypad(client):
    """rules/free-pad.md "A round": negative allowed. inputmode=numeric gives a phone a keypad with no
    minus key (r56a); the other games' counts keep it."""
    html = client.get(f"/sessions/{new_pad(client)}").get_data(as_text=True)
    boxes = re.findall(r'<input[^>]*name="points-\d"[^>]*>', html)
    assert boxes and not any("inputmode" in box for box in boxes) and all('type="number"' in box for box in boxes)
    from .helpers import new_schieberamsch
    ramsch = client.get(f"/sessions/{new_schieberamsch(client)}").get_data(as_text=True)
    assert re.search(r'<input[^>]*inputmode="numeric"[^>]*name="points-0"', ramsch)

"""A player's places and the filters of their statistics (issue 24, items 2 and 4), worked by hand.

Four sessions, one deal each, dated as below (set in the database, then the summaries computed
again, as `flask summaries` would after an import of old sessions):

    S1 2025-03-10 free pad, Anna 10, Ben 30, Cleo 30, Dan 5: Ben and Cleo share the win (1, 1),
       Anna is 3rd (the 2nd place is taken twice), Dan 4th
    S2 2025-03-20 free pad, teams Anna & Cleo 12 against Ben & Dan -4: Anna and Cleo 1st, Ben and
       Dan 2nd (their team's place, of 2 sides)
    S3 2025-04-05 Schieberamsch, Anna, Ben, Cleo: Cleo's 113 lose the Ramsch, Anna and Ben share 1st
    S4 2025-05-01 free pad, lowest wins, Anna 3, Dan 8: Anna 1st, Dan 2nd

Anna's places: 3, 1, 1, 1, on average 1.5; in the free pad (3 + 1 + 1) / 3 = 1.67, in Schieberamsch 1;
by month 2025-03 (3 + 1) / 2 = 2, 2025-04 1, 2025-05 1.
"""
from __future__ import annotations

import re
from datetime import datetime

import pytest

from scorekeeper import summaries
from scorekeeper.extensions import db
from scorekeeper.models import GameSession, Player, SeatSummary

from .helpers import counted_statements
from .test_api import call
from .test_what_if import RAMSCH, session_with

DAYS = ("2025-03-10", "2025-03-20", "2025-04-05", "2025-05-01")


@pytest.fixture
def club(client, app):
    ids = [
        session_with(client, "free_pad", ["Anna", "Ben", "Cleo", "Dan"], [{"points": [10, 30, 30, 5]}],
                     options={"rounds": 1}),
        session_with(client, "free_pad", ["Anna", "Ben", "Cleo", "Dan"], [{"points": [12, -4, None, None]}],
                     options={"rounds": 1, "teams": 2}),
        session_with(client, "schieberamsch", ["Anna", "Ben", "Cleo"], [RAMSCH], options={"deals": 1}),
        session_with(client, "free_pad", ["Anna", "Dan"], [{"points": [3, 8]}],
                     options={"rounds": 1, "winner": "lowest"}),
    ]
    with app.app_context():
        for sid, day in zip(ids, DAYS):
            db.session.get(GameSession, sid).created_at = datetime.fromisoformat(f"{day} 19:30")
        db.session.commit()
        summaries.refresh(ids)
        players = {player.name: player.id for player in db.session.execute(db.select(Player)).scalars()}
        db.session.remove()
    return {"sessions": ids, **players}


def cells(html: str, table: str) -> list[list[str]]:
    """The rows of the table with this class (or id), each as its cells' text."""
    found = re.search(rf'<table (?:class="[^"]*{table}[^"]*"|[^>]*id="{table}")[^>]*>(.*?)</table>', html, re.S)
    assert found, table
    body = found.group(1).split("<tbody>")[1]
    return [[re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def test_each_seat_keeps_its_place_a_tie_shares_it_and_partners_share_their_teams(club, app):
    with app.app_context():
        rows = db.session.execute(db.select(SeatSummary.session_id, SeatSummary.position, SeatSummary.place,
                                            SeatSummary.sides).order_by(SeatSummary.session_id,
                                                                        SeatSummary.position)).all()
    by_session = {sid: [(place, sides) for s, _, place, sides in rows if s == sid] for sid in club["sessions"]}
    s1, s2, s3, s4 = club["sessions"]
    assert by_session[s1] == [(3, 4), (1, 4), (1, 4), (4, 4)]
    assert by_session[s2] == [(1, 2), (2, 2), (1, 2), (2, 2)]
    assert by_session[s3] == [(1, 3), (1, 3), (3, 3)]
    assert by_session[s4] == [(1, 2), (2, 2)]


def test_the_player_page_shows_the_average_place_per_game_overall_and_by_month(club, client):
    html = client.get(f"/players/{club['Anna']}").get_data(as_text=True)
    assert cells(html, "records") == [["Free score pad", "3", "3", "2", "1", "8.3", "1.67"],
                                      ["Schieberamsch", "1", "1", "1", "0", "0.0", "1.0"]]
    assert "3 won of 4 finished sessions since 2025-03 (75%)." in html
    assert "Average place: 1.5 (1 is first)." in html
    # a club's record keeper divided by the Sessions column and got another average
    assert "The averages count the finished sessions only." in html
    chart = re.search(r'<svg class="chart places-chart"[^>]*aria-label="([^"]*)"', html)
    assert chart and chart.group(1) == "Average place by month: 2025-03 2, 2025-04 1, 2025-05 1"
    assert re.search(r'<svg class="chart places-chart".*?<text class="axis" x="2" y="[\d.]+">4</text>', html)


def test_the_game_filter_narrows_every_figure_on_the_page(club, client):
    html = client.get(f"/players/{club['Anna']}?game=free_pad").get_data(as_text=True)
    assert [row[0] for row in cells(html, "records")] == ["Free score pad"]
    assert "2 won of 3 finished sessions since 2025-03 (67%)." in html and "Average place: 1.67" in html
    assert "Average place by month: 2025-03 2, 2025-05 1" in html
    assert "Schieberamsch" not in html.split('id="records"')[1]  # nor in the sessions listed
    assert '<option selected value="free_pad">' in html


def test_the_period_filter_counts_and_lists_the_sessions_of_those_days(club, client):
    html = client.get(f"/players/{club['Anna']}?since=2025-03-15&until=2025-04-05").get_data(as_text=True)
    assert cells(html, "records") == [["Free score pad", "1", "1", "1", "0", "12.0", "1.0"],
                                      ["Schieberamsch", "1", "1", "1", "0", "0.0", "1.0"]]
    assert "2 won of 2 finished sessions since 2025-03 (100%)." in html
    listed = cells(html, "sessions")
    assert [row[0][:10] for row in listed] == ["2025-04-05", "2025-03-20"]
    assert 'value="2025-03-15"' in html and 'value="2025-04-05"' in html
    only_until = client.get(f"/players/{club['Anna']}?until=2025-03-10").get_data(as_text=True)
    assert "0 won of 1 finished sessions" in only_until and "Average place: 3.0" in only_until


def test_the_players_filter_keeps_the_sessions_where_each_of_them_sat_too(club, client):
    with_dan = client.get(f"/players/{club['Anna']}?with={club['Dan']}").get_data(as_text=True)
    assert "2 won of 3 finished sessions" in with_dan and "Average place: 1.67" in with_dan
    assert [row[0] for row in cells(with_dan, "records")] == ["Free score pad"]
    both = client.get(f"/players/{club['Anna']}?with={club['Dan']}&with={club['Cleo']}").get_data(as_text=True)
    assert "1 won of 2 finished sessions" in both and "Average place: 2.0" in both
    assert len(cells(both, "sessions")) == 2 and f'<option selected value="{club["Cleo"]}">' in both


def test_head_to_head_follows_the_filters(club, client):
    html = client.get(f"/players/{club['Anna']}?vs={club['Cleo']}&since=2025-03-15").get_data(as_text=True)
    assert cells(html, "head-to-head") == [["Free score pad", "1", "1", "1"], ["Schieberamsch", "1", "1", "0"]]
    html = client.get(f"/players/{club['Anna']}?vs={club['Cleo']}").get_data(as_text=True)
    assert cells(html, "head-to-head") == [["Free score pad", "2", "1", "2"], ["Schieberamsch", "1", "1", "0"]]


def test_pages_of_a_filtered_list_keep_the_filters(club, client, app):
    app.config["HISTORY_PAGE_SIZE"] = 1
    html = client.get(f"/players/{club['Anna']}?game=free_pad&with={club['Dan']}").get_data(as_text=True)
    assert "1 / 3" in html
    assert re.search(rf'href="/players/{club["Anna"]}\?page=2&amp;game=free_pad&amp;with={club["Dan"]}"', html)


@pytest.mark.parametrize(("query", "field", "message"), [
    ("since=2025-02-30", "since", "Enter a day as year-month-day, such as 2026-11-27."),
    ("until=yesterday", "until", "Enter a day as year-month-day, such as 2026-11-27."),
    ("since=2025-05-01&until=2025-04-01", "until", "The end of the period is before its start."),
    ("with=999", "with", "There is no such player."),
    ("with=abc", "with", "There is no such player."),
    ("vs=999", "vs", "There is no such player."),
    ("game=poker", "game", "There is no game called poker."),
])
def test_a_filter_that_is_not_one_is_said_beside_its_field_and_in_the_api(club, client, query, field, message):
    response = client.get(f"/players/{club['Anna']}?{query}")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    beside = re.search(rf'<div class="filter has-error">\s*<label[^>]*for="{field}".*?'
                       rf'<p class="field-error" id="{field}-error" role="alert">([^<]*)</p>', html, re.S)
    assert beside and beside.group(1) == message.replace("'", "&#39;")
    assert html.count('class="field-error"') == 1
    assert "Correct the filters to see the figures." in html and 'id="records"' not in html
    anna = club["Anna"]
    assert f'href="/players/{anna}">Every session</a>' in html
    answer = call(client, "GET", f"/api/v1/players/{club['Anna']}/stats?{query}")
    assert answer.status_code == 422 and answer.json["fields"] == {field: message}
    assert answer.json["message"] == message


def test_the_api_gives_the_same_figures_with_the_same_filters(club, client):
    anna = club["Anna"]
    whole = call(client, "GET", f"/api/v1/players/{anna}/stats").json
    assert whole["average_place"] == 1.5
    assert [(game["game"], game["average_place"]) for game in whole["games"]] == [("free_pad", 1.67),
                                                                                 ("schieberamsch", 1.0)]
    assert whole["months"] == [{"month": "2025-03", "finished": 2, "won": 1, "average_place": 2.0},
                               {"month": "2025-04", "finished": 1, "won": 1, "average_place": 1.0},
                               {"month": "2025-05", "finished": 1, "won": 1, "average_place": 1.0}]
    assert "head_to_head" not in whole
    query = f"since=2025-03-15&until=2025-04-30&with={club['Cleo']}&vs={club['Cleo']}"
    narrowed = call(client, "GET", f"/api/v1/players/{anna}/stats?{query}").json
    assert narrowed["filters"] == {"game": None, "since": "2025-03-15", "until": "2025-04-30",
                                   "with": [club["Cleo"]]}
    assert [(game["game"], game["sessions"], game["average_place"]) for game in narrowed["games"]] == [
        ("free_pad", 1, 1.0), ("schieberamsch", 1, 1.0)]
    assert narrowed["average_place"] == 1.0 and [month["month"] for month in narrowed["months"]] == ["2025-03",
                                                                                                      "2025-04"]
    assert narrowed["head_to_head"] == {"player": {"id": club["Cleo"], "name": "Cleo"}, "games": [
        {"game": "free_pad", "together": 1, "won": 1, "other_won": 1},
        {"game": "schieberamsch", "together": 1, "won": 1, "other_won": 0}]}
    one_game = call(client, "GET", f"/api/v1/players/{anna}/stats?game=schieberamsch").json
    assert [game["game"] for game in one_game["games"]] == ["schieberamsch"] and one_game["average_place"] == 1.0


def test_a_filtered_page_runs_as_few_statements_as_the_whole_one(club, client, ctx):
    """The player, the players (the choices), the count and the page of sessions with their seats, the
    summaries, the months (their span, then their sums), the record (Anna played the free pad: and
    its games by name) and the figures: 11, filtered or not; head to head adds its own."""
    anna = club["Anna"]
    with counted_statements() as whole:
        client.get(f"/players/{anna}")
    with counted_statements() as filtered:
        client.get(f"/players/{anna}?game=free_pad&since=2025-01-01&until=2025-12-31&with={club['Dan']}")
    with counted_statements() as compared:
        client.get(f"/players/{anna}?since=2025-01-01&vs={club['Dan']}")
    assert len(whole) == len(filtered) <= 11 and len(compared) == len(whole) + 1, filtered


def test_the_filters_and_places_speak_japanese(club, client):
    html = client.get(f"/players/{club['Anna']}?until=2025-01-01x", headers={"Accept-Language": "ja"}).get_data(
        as_text=True)
    assert "日付は年-月-日で入力してください（例：2026-11-27）。" in html and "同卓者で絞り込む" in html
    assert "絞り込みの条件を直すと、成績が表示されます。" in html
    html = client.get(f"/players/{club['Anna']}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "平均順位：1.5（小さいほど上位）。" in html and 'aria-label="月ごとの平均順位: 2025-03 2' in html
    answer = call(client, "GET", f"/api/v1/players/{club['Anna']}/stats?with=999", headers={"Accept-Language": "ja"})
    assert answer.status_code == 422 and answer.json["fields"] == {"with": "そのプレイヤーはいません。"}


def test_lost_counts_every_finished_session_not_won(client, app):
    """rules/handjass.md "End": the last one left loses. A and B reach the target of 1 in deal 1 and
    leave, C in deal 2; D is left and loses. A's record says 0 lost, D's 1. A game that names no loser
    counts as lost where the player did not win (C's Ramsch, with the most card points): a tester's
    Coiffeur team lost and its record said "—" (and an earlier one read a 0 as "never lost")."""
    first = {"trump": "C", "playing": [0, 1, 2, 3], "points": [60, 45, 30, 22], "last_trick": 0,
             "weis": [[]] * 4, "stoeck": [False] * 4}
    session_with(client, "handjass", ["A", "B", "C", "D"], [first, {"playing": [2]}], options={"target": 1})
    session_with(client, "schieberamsch", ["A", "B", "C"], [RAMSCH], options={"deals": 1})
    with app.app_context():
        players = {player.name: player.id for player in db.session.execute(db.select(Player)).scalars()}
    lost = {name: {row[0]: row[4] for row in cells(client.get(f"/players/{players[name]}").text, "records")}
            for name in ("A", "C", "D")}
    assert lost == {"A": {"Handjass": "0", "Schieberamsch": "0"}, "C": {"Handjass": "0", "Schieberamsch": "1"},
                    "D": {"Handjass": "1"}}
    results = [row[4] for row in cells(client.get(f"/players/{players['C']}").text, "sessions")]
    assert results == ["lost", "won"]  # the newest first: the Ramsch, the Handjass (C left safe)


def test_players_are_listed_as_people_look_for_them_accents_and_case_aside(client):
    """A club's list in reading order: "Ölmez" under O (a tester found it after "Zoë": the database
    sorted by code point), on the players page, the history's player filter and the new game's names."""
    session_with(client, "free_pad", ["Zoë", "Ölmez", "anna", "Olaf"], [{"points": [1, 2, 3, 4]}],
                 options={"rounds": 1})
    expected = ["anna", "Olaf", "Ölmez", "Zoë"]
    for path, pattern in (("/players", r'href="/players/\d+">([^<]+)<'), ("/history", r'<option value="\d+">([^<]+)<'),
                          ("/sessions/new/free_pad", r'<option value="([^"]+)"')):
        html = client.get(path).get_data(as_text=True)
        assert [name for name in re.findall(pattern, html) if name in expected] == expected, path


def test_the_free_pads_record_is_kept_per_game_the_tables_named(client, app):
    """rules/free-pad.md "Set-up": a name for the game. A pad played as Rummy twice (one table typed
    "rummy "), as Hearts once (lowest wins) and once unnamed is four games of a pad, and a player
    keeps the record of each apart: Rummy 2 sessions, Eva won 1 (30 > 20) and lost the place of the
    other (5 < 9: 2nd), places (1 + 2) / 2 = 1.5 and totals (30 + 5) / 2 = 17.5; Hearts 1 won (4 < 7)."""
    session_with(client, "free_pad", ["Eva", "Finn"], [{"points": [30, 20]}], options={"rounds": 1, "name": "Rummy"})
    session_with(client, "free_pad", ["Eva", "Finn"], [{"points": [5, 9]}], options={"rounds": 1, "name": "rummy "})
    session_with(client, "free_pad", ["Eva", "Finn"], [{"points": [4, 7]}],
                 options={"rounds": 1, "name": "Hearts", "winner": "lowest"})
    session_with(client, "free_pad", ["Eva", "Gus"], [{"points": [1, 2]}], options={"rounds": 1})
    session_with(client, "free_pad", ["Gus", "Hal"], [{"points": [1, 2]}], options={"rounds": 1, "name": "Skip-Bo"})
    with app.app_context():
        players = {player.name: player.id for player in db.session.execute(db.select(Player)).scalars()}
    rows = cells(client.get(f"/players/{players['Eva']}").text, "records")
    assert [row[:4] + row[6:] for row in rows] == [
        ["Free score pad", "4", "4", "2", "1.5"],
        ["Free score pad: Hearts", "1", "1", "1", "1.0"],
        ["Free score pad: Rummy", "2", "2", "1", "1.5"],
        ["Free score pad: no name", "1", "1", "0", "2.0"]]
    assert rows[2][5] == "17.5"
    # one name only: the pad's row says it, with no rows under it
    assert [row[0] for row in cells(client.get(f"/players/{players['Hal']}").text, "records")] == [
        "Free score pad: Skip-Bo"]
    pad = call(client, "GET", f"/api/v1/players/{players['Eva']}/stats").json["games"][0]
    kinds = [(kind["name"], kind["sessions"], kind["won"], kind["average_total"]) for kind in pad["names"]]
    assert (pad["sessions"], kinds) == (4, [("Hearts", 1, 1, 4), ("Rummy", 2, 1, 17.5), ("", 1, 0, 1)])
    html = client.get(f"/players/{players['Eva']}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert [row[0] for row in cells(html, "records")][1:] == ["フリースコア表：Hearts", "フリースコア表：Rummy",
                                                              "フリースコア表：名前なし"]

"""The history and player pages over many sessions: a constant number of queries per page, read
from the session summaries every write stores (one missing or stale is listed as being updated until
`flask summaries` computes it; a page never replays)."""
from __future__ import annotations

import re

import pytest

from scorekeeper import summaries
from scorekeeper.extensions import db
from scorekeeper.games import GAMES
from scorekeeper.models import Deal, GameSession, Player, SeatSummary, SessionSummary

from .helpers import cells, counted_statements, new_schieberamsch, ramsch_form, restarted


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def _sessions(client, count, names=("Anna", "Ben", "Carl"), deals=1):
    ids = []
    for _ in range(count):
        sid = new_schieberamsch(client, names=names, deals=deals)
        client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
        ids.append(sid)
    return ids


def test_history_runs_the_same_few_queries_for_3_or_25_rows(client, ctx):
    _sessions(client, 3)
    with counted_statements() as few:
        assert client.get("/history").status_code == 200
    _sessions(client, 22, names=("Dora", "Emil", "Fritz"))
    with counted_statements() as many:
        html = client.get("/history").get_data(as_text=True)
    assert text(html).count("Winners:") == 25
    assert len(many) == len(few) <= 6, many
    anna_id = Player.query.filter_by(name="Anna").one().id
    with counted_statements() as filtered:
        html = text(client.get(f"/history?player_id={anna_id}").get_data(as_text=True))
    assert html.count("Anna, Ben, Carl") == 3 and "Dora" not in html.split("Filter")[-1]
    assert len(filtered) <= 6


def test_history_filters_by_player_id_from_the_dropdown_and_still_by_name(client, ctx):
    _sessions(client, 1)
    _sessions(client, 1, names=("Dora", "Emil", "Fritz"))
    dora = Player.query.filter_by(name="Dora").one()
    html = client.get("/history").get_data(as_text=True)
    assert f'<option value="{dora.id}">Dora</option>' in html
    page = text(client.get(f"/history?player_id={dora.id}").get_data(as_text=True))
    assert "Dora, Emil, Fritz" in page and "Anna, Ben, Carl" not in page
    page = text(client.get("/history?player=DORA").get_data(as_text=True))
    assert "Dora, Emil, Fritz" in page and "Anna, Ben, Carl" not in page
    _sessions(client, 1, names=("Ömer", "Ida", "Jo"))  # an old link's name in other letters' case
    page = text(client.get("/history?player=ÖMER").get_data(as_text=True))
    assert "Ömer, Ida, Jo" in page and "Dora, Emil, Fritz" not in page
    response = client.get("/history?player=nobody")
    assert response.status_code == 422 and "There is no such player." in text(response.get_data(as_text=True))
    html = client.get(f"/history?player_id={dora.id}").get_data(as_text=True)
    assert f'<option selected value="{dora.id}">Dora</option>' in html


def test_history_says_no_games_yet_only_when_there_are_none(client, ctx):
    assert "No games yet." in text(client.get("/history").get_data(as_text=True))
    _sessions(client, 1)
    page = text(client.get("/history?from=2099-01-01").get_data(as_text=True))
    assert "No sessions match the filters." in page and "No games yet." not in page


def test_a_history_page_past_the_last_goes_to_the_last_with_its_filters(app, client, ctx):
    """An old link (?page=99 after sessions were deleted, or typed) shows the last page, not an empty
    list saying there are no games."""
    app.config["HISTORY_PAGE_SIZE"] = 2
    for _ in range(3):
        new_schieberamsch(client)
    response = client.get("/history?page=99&game=schieberamsch")
    assert response.status_code == 302
    assert response.headers["Location"] == "/history?page=2&game=schieberamsch"
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "2 / 2" in html and "No games yet." not in html


@pytest.mark.parametrize(("query", "field", "message"), [
    ("from=2020-11-28&to=2020-11-27", "to", "The end of the period is before its start."),
    ("from=yesterday", "from", "Enter a day as year-month-day, such as 2026-11-27."),
    ("game=nope", "game", "There is no game called nope."),
    ("player_id=abc", "player_id", "There is no such player."),
    ("player_id=999", "player_id", "There is no such player."),
])
def test_a_history_filter_that_is_not_one_is_said_beside_its_field(client, ctx, query, field, message):
    """As on a player's page (the same form code, filter_forms.py). Nothing is listed until the filters
    are corrected: a tester read a range refused for its end as applied, its start alone having been."""
    _sessions(client, 1)
    response = client.get(f"/history?{query}")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    beside = re.search(rf'<div class="filter has-error">\s*<label[^>]*for="{field}".*?'
                       rf'<p class="field-error" id="{field}-error" role="alert">([^<]*)</p>', html, re.S)
    assert beside and beside.group(1) == message
    assert html.count('class="field-error"') == 1
    assert "Winners: Anna, Ben" not in text(html) and "Correct the filters to see the sessions." in text(html)
    assert "Export the sessions listed" not in html
    assert '<a class="small-button" href="/history">Every session</a>' in html  # the way back


def test_player_page_is_paginated_and_its_record_counts_every_session(app, client, ctx):
    app.config["HISTORY_PAGE_SIZE"] = 2
    _sessions(client, 5)  # Carl loses each: Anna and Ben win
    anna = Player.query.filter_by(name="Anna").one()
    with counted_statements() as first:
        html = client.get(f"/players/{anna.id}").get_data(as_text=True)
    record = html[html.index('data-game="schieberamsch"'):].split("</tr>")[0]
    assert cells(record)[1:4] == ["5", "5", "5"]
    assert html.count(">won<") == 2 and "1 / 3" in html and "page=2" in html
    last = client.get(f"/players/{anna.id}?page=3").get_data(as_text=True)
    assert last.count(">won<") == 1 and "3 / 3" in last and "page=2" in last
    _sessions(client, 5)
    with counted_statements() as second:
        client.get(f"/players/{anna.id}")
    # the player, the page of sessions and its players, the record, the figures, the months (their
    # span, then their sums), the head-to-head choices: as many statements at 5 sessions as at 10
    assert len(first) == len(second) <= 10, second


def test_a_missing_or_stale_summary_is_listed_as_being_updated_until_the_command_runs(app, client, ctx):
    sid = _sessions(client, 1)[0]
    db.session.delete(db.session.get(SessionSummary, sid))
    db.session.commit()
    db.session.expire_all()  # read anew, as the next request does
    page = text(client.get("/history").get_data(as_text=True))
    assert "being updated" in page and "Winner" not in page
    assert db.session.get(SessionSummary, sid) is None  # the page computed nothing
    app.test_cli_runner().invoke(args=["summaries"])
    assert "Winners: Anna, Ben" in text(client.get("/history").get_data(as_text=True))
    # a summary that was not refreshed with the last change (as after a crash) is noticed
    summary = db.session.get(SessionSummary, sid)
    summary.totals, summary.winners, summary.session_version = [9, 9, 9], [2], 0
    db.session.commit()
    db.session.expire_all()
    anna = Player.query.filter_by(name="Anna").one()
    assert "being updated" in client.get(f"/players/{anna.id}").get_data(as_text=True)
    app.test_cli_runner().invoke(args=["summaries"])
    assert ">won<" in client.get(f"/players/{anna.id}").get_data(as_text=True)
    db.session.expire_all()
    assert db.session.get(SessionSummary, sid).totals == [0, 0, 5]


def test_summary_follows_close_reopen_and_a_deal_that_no_longer_fits(client, ctx):
    sid = new_schieberamsch(client, deals=12)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    summary = db.session.get(SessionSummary, sid)
    assert (summary.deals, summary.over, summary.totals) == (1, False, [0, 0, 5])
    client.post(f"/sessions/{sid}/close")
    db.session.expire_all()
    assert db.session.get(SessionSummary, sid).over is True
    client.post(f"/sessions/{sid}/reopen")
    db.session.expire_all()
    assert db.session.get(SessionSummary, sid).over is False
    deal = Deal.query.one()
    deal.payload = {**deal.payload, "points": [30, 40, 51]}  # as if an older engine had accepted it
    db.session.commit()
    restarted()
    summaries.refresh([sid])  # as `flask summaries` after the upgrade that brings the new engine
    db.session.expire_all()
    assert db.session.get(SessionSummary, sid).broken
    page = text(client.get("/history").get_data(as_text=True))
    assert "?" in page and "Winner" not in page
    assert client.get(f"/players/{db.session.get(GameSession, sid).seats[0].player_id}").status_code == 200


def test_player_record_counts_sessions_once_their_summaries_are_computed(app, client, ctx):
    """As after the upgrade that added the summaries: `flask summaries` computes them."""
    _sessions(client, 3)
    db.session.execute(SeatSummary.__table__.delete())
    db.session.execute(SessionSummary.__table__.delete())
    db.session.commit()
    db.session.expire_all()
    carl = Player.query.filter_by(name="Carl").one()
    html = client.get(f"/players/{carl.id}").get_data(as_text=True)
    assert 'data-game="schieberamsch"' not in html and html.count("being updated") == 3
    assert "3 session summaries computed." in app.test_cli_runner().invoke(args=["summaries"]).output
    html = client.get(f"/players/{carl.id}").get_data(as_text=True)
    record = html[html.index('data-game="schieberamsch"'):].split("</tr>")[0]
    assert cells(record)[1:6] == ["3", "3", "0", "3", "5.0"]  # not won: lost
    assert SessionSummary.query.count() == 3 and SeatSummary.query.count() == 9


def test_the_summaries_command_fills_in_what_is_missing(app, client, ctx):
    ids = _sessions(client, 2)
    db.session.execute(SessionSummary.__table__.delete().where(SessionSummary.session_id == ids[0]))
    db.session.commit()
    db.session.expire_all()
    result = app.test_cli_runner().invoke(args=["summaries"])
    assert "1 session summaries computed." in result.output
    db.session.expire_all()
    assert db.session.get(SessionSummary, ids[0]).totals == [0, 0, 5]
    assert SeatSummary.query.count() == 6  # the seat rows left behind were replaced, not doubled


def test_the_summary_a_save_writes_is_the_replayed_one(client, ctx):
    """The summary each write stores from the board it built equals the one a replay of the stored
    deals gives."""
    sid = new_schieberamsch(client, deals="3")
    for points in ([30, 40, 50], [50, 40, 30], [20, 60, 40]):  # the third deal ends the game
        client.post(f"/sessions/{sid}/deals", data=ramsch_form(points))

    def rows():
        db.session.expire_all()
        summary = db.session.get(SessionSummary, sid)
        return ((summary.session_version, summary.deals, summary.totals, summary.winners,
                 summary.losers, summary.over),
                sorted((s.position, s.player_id, s.over, s.won, s.lost, s.total) for s in summary.seats))

    written = rows()
    assert written[0][1] == 3 and written[0][5] and any(seat[3] for seat in written[1])  # over, with a winner
    restarted()
    summaries.refresh([sid])  # replayed from the stored deals
    assert rows() == written


def test_the_history_counts_a_skat_lists_rows_as_games(client):
    """rules/skat.md: the list's rows are games (its board says "Game 3"); the history names them so too."""
    for game in ("skat", "schieberamsch"):
        response = client.post(f"/sessions/new/{game}", data={"players-0": "Anna", "players-1": "Ben",
                                                             "players-2": "Carl", "first_dealer": "0"})
        assert response.status_code == 302
    html = client.get("/history").get_data(as_text=True)
    labels = re.findall(r'<td data-label="([^"]+)">0</td>', html)
    assert sorted(labels) == ["Deals", "Games"]
    client.set_cookie("lang", "ja")
    html = client.get("/history").get_data(as_text=True)
    assert sorted(re.findall(r'<td data-label="([^"]+)">0</td>', html)) == ["ゲーム数", "ディール数"]


def test_japanese_pages_write_lists_and_brackets_the_japanese_way(client):
    """A Japanese tester: the history joined the players with ", " (「陽菜, 蓮, 結衣」), and the new
    game's legend mixed 「（…）」 with "(2/3/4人)"."""
    client.set_cookie("lang", "ja")
    legend = client.get("/sessions/new/handjass").get_data(as_text=True)
    assert "（2–4人）" in legend and "(2/3/4" not in legend
    response = client.post("/sessions/new/schieberamsch", data={"players-0": "陽菜", "players-1": "蓮",
                                                              "players-2": "結衣", "first_dealer": "0"})
    assert response.status_code == 302
    html = client.get("/history").get_data(as_text=True)
    names = re.search(r"<td>(<a [^>]*>陽菜</a>.*?)</td>", html).group(1)
    assert re.sub(r"<[^>]+>", "", names) == "陽菜、蓮、結衣"


def test_the_game_filter_lists_games_in_the_order_of_their_names_in_the_pages_language(client):
    """A Japanese family read the game filter in English order: コワファー, ディフェレンツラー, フリー..."""
    for language in ("en", "ja"):
        client.set_cookie("lang", language)
        html = client.get("/history").get_data(as_text=True)
        select = re.search(r'<select[^>]*name="game"[^>]*>(.*?)</select>', html, re.S).group(1)
        options = re.findall(r'<option value="([a-z_]+)"[^>]*>([^<]+)</option>', select)
        names = [name for _, name in options]
        assert sorted(slug for slug, _ in options) == sorted(GAMES), "every registered game, once"
        assert names == sorted(names, key=str.casefold), names


def test_a_filter_that_finds_nothing_offers_no_export(client, ctx):
    """A tester was offered "Export the sessions listed" under an empty list."""
    _sessions(client, 1)
    assert "Export the sessions listed" in client.get("/history?game=schieberamsch").get_data(as_text=True)
    html = client.get("/history?game=yacht").get_data(as_text=True)
    assert "No sessions match the filters." in text(html) and "Export the sessions listed" not in html

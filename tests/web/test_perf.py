"""Fast on poor Wi-Fi and with many sessions: compressed answers, static files cached for a year,
history and player pages in a constant number of queries, read from stored session summaries."""
from __future__ import annotations

import gc
import gzip
import hashlib
import re
from contextlib import contextmanager

import brotli
import pytest
from sqlalchemy import event

from scorekeeper import ROOT, create_app, scoring, summaries
from scorekeeper.assets import minified
from scorekeeper.extensions import db
from scorekeeper.models import Deal, GameSession, Player
from scorekeeper.sessions.table import RECENT
from scorekeeper.summaries import SeatSummary, SessionSummary

from .helpers import new_schieberamsch, ramsch_form, restarted, totals

STATIC_RE = re.compile(r'(?:href|src)="(/static/([^"?]+)\?v=([0-9a-f]+))"')


@contextmanager
def counted_statements():
    statements: list[str] = []
    db.session.remove()  # count what a request on its own asks, nothing cached from the test's own reads

    def count(conn, cursor, statement, parameters, context, executemany):
        statements.append(statement)

    event.listen(db.engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        event.remove(db.engine, "before_cursor_execute", count)


def untokened(body: bytes) -> bytes:
    """The page without its CSRF tokens (signed with the time) and idempotency keys (new per render),
    which differ between two requests."""
    return re.sub(rb'(X-CSRFToken": "|name="csrf_token" value="|name="idempotency_key" value=")[^"]+', rb"\1", body)


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


# --- compression and caching ---------------------------------------------------------

def test_pages_are_compressed_with_brotli_or_gzip(client):
    sid = new_schieberamsch(client)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    plain = client.get(f"/sessions/{sid}", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers
    zipped = client.get(f"/sessions/{sid}", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped.headers["Vary"] and "HX-Request" in zipped.headers["Vary"]
    assert untokened(gzip.decompress(zipped.data)) == untokened(plain.data)
    assert len(zipped.data) * 3 < len(plain.data)
    # a board is compressed once per change (gzip, spliced: sessions/rendered.py), for brotli clients too;
    # the other pages are compressed per request, with brotli when the browser takes it
    kept = client.get(f"/sessions/{sid}", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert kept.headers["Content-Encoding"] == "gzip"
    assert untokened(gzip.decompress(kept.data)) == untokened(plain.data)
    history = client.get("/history", headers={"Accept-Encoding": "identity"})
    br = client.get("/history", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert br.headers["Content-Encoding"] == "br"
    assert untokened(brotli.decompress(br.data)) == untokened(history.data)
    # an htmx save answers compressed too
    saved = client.post(f"/sessions/{sid}/deals", data=ramsch_form([50, 40, 30]),
                        headers={"HX-Request": "true", "Accept-Encoding": "gzip"})
    assert saved.headers["Content-Encoding"] == "gzip" and b"<html" not in gzip.decompress(saved.data)


def test_static_files_are_fingerprinted_and_cached_for_a_year(client):
    html = client.get("/").get_data(as_text=True)
    links = STATIC_RE.findall(html)
    assert {name for _, name, _ in links} >= {"css/app.css", "js/app.js", "js/htmx-2.0.11.min.js"}
    for url, name, version in links:
        assert version == hashlib.sha256((ROOT / "static" / name).read_bytes()).hexdigest()[:12]
        response = client.get(url, headers={"Accept-Encoding": "gzip"})
        assert response.status_code == 200
        cache = response.headers["Cache-Control"]
        assert "max-age=31536000" in cache and "immutable" in cache and "public" in cache
        if name.endswith((".css", ".js")):  # text is compressed; images (PNG icons) are already
            assert response.headers["Content-Encoding"] == "gzip"
            raw = (ROOT / "static" / name).read_bytes()
            small = minified(name, raw)  # our own css/js without comments and layout; htmx as shipped
            assert (small == raw) == name.endswith(".min.js") and len(small) <= len(raw)
            assert gzip.decompress(response.data) == small
            best = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
            assert best.headers["Content-Encoding"] == "br" and brotli.decompress(best.data) == small
            # compressed once, at brotli's highest level (not as a stream on every request)
            assert len(best.data) == len(brotli.compress(small, quality=11))
            assert "Accept-Encoding" in best.headers["Vary"] and "immutable" in best.headers["Cache-Control"]
            plain = client.get(url, headers={"Accept-Encoding": "identity"})
            assert "Content-Encoding" not in plain.headers and plain.data == raw
            plain.close()
        response.close()
    # without its hash (or with an old one) the browser must ask again
    for url in ("/static/css/app.css", "/static/css/app.css?v=000000000000"):
        response = client.get(url)
        assert "immutable" not in response.headers["Cache-Control"] and "no-cache" in response.headers["Cache-Control"]
        response.close()


# --- history and players -------------------------------------------------------------

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
    assert text(html).count("Winner:") == 25
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
    assert f'<option value="{dora.id}" >Dora</option>' in html
    page = text(client.get(f"/history?player_id={dora.id}").get_data(as_text=True))
    assert "Dora, Emil, Fritz" in page and "Anna, Ben, Carl" not in page
    page = text(client.get("/history?player=DORA").get_data(as_text=True))
    assert "Dora, Emil, Fritz" in page and "Anna, Ben, Carl" not in page
    page = text(client.get("/history?player=nobody").get_data(as_text=True))
    assert "No games yet." in page
    html = client.get(f"/history?player_id={dora.id}").get_data(as_text=True)
    assert f'<option value="{dora.id}" selected>Dora</option>' in html


def test_player_page_is_paginated_and_its_record_counts_every_session(app, client, ctx):
    app.config["HISTORY_PAGE_SIZE"] = 2
    _sessions(client, 5)  # Carl loses each: Anna and Ben win
    anna = Player.query.filter_by(name="Anna").one()
    with counted_statements() as first:
        html = client.get(f"/players/{anna.id}").get_data(as_text=True)
    record = html[html.index('data-game="schieberamsch"'):].split("</tr>")[0]
    assert [cell.split("<")[0] for cell in record.split("<td>")[1:]][1:4] == ["5", "5", "5"]
    assert html.count(">won<") == 2 and "1 / 3" in html and "page=2" in html
    last = client.get(f"/players/{anna.id}?page=3").get_data(as_text=True)
    assert last.count(">won<") == 1 and "3 / 3" in last and "page=2" in last
    _sessions(client, 5)
    with counted_statements() as second:
        client.get(f"/players/{anna.id}")
    assert len(first) == len(second) <= 8, second


def test_a_missing_or_stale_summary_is_replayed_on_read(client, ctx):
    sid = _sessions(client, 1)[0]
    db.session.delete(db.session.get(SessionSummary, sid))
    db.session.commit()
    assert "Winner: Anna, Ben" in text(client.get("/history").get_data(as_text=True))
    assert db.session.get(SessionSummary, sid).totals == [0, 0, 5]
    # a summary that was not refreshed with the last change (as after a crash) is noticed
    summary = db.session.get(SessionSummary, sid)
    summary.totals, summary.winners, summary.revision_count = [9, 9, 9], [2], 0
    db.session.commit()
    anna = Player.query.filter_by(name="Anna").one()
    html = client.get(f"/players/{anna.id}").get_data(as_text=True)
    assert ">won<" in html
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
    db.session.expire_all()
    assert db.session.get(SessionSummary, sid).broken
    page = text(client.get("/history").get_data(as_text=True))
    assert "?" in page and "Winner" not in page
    assert client.get(f"/players/{db.session.get(GameSession, sid).seats[0].player_id}").status_code == 200


def test_player_record_replays_sessions_whose_summaries_are_missing(client, ctx):
    """As after the upgrade that added the summaries: the first look at a player computes them."""
    _sessions(client, 3)
    db.session.execute(SeatSummary.__table__.delete())
    db.session.execute(SessionSummary.__table__.delete())
    db.session.commit()
    carl = Player.query.filter_by(name="Carl").one()
    html = client.get(f"/players/{carl.id}").get_data(as_text=True)
    record = html[html.index('data-game="schieberamsch"'):].split("</tr>")[0]
    cells = [cell.split("<")[0] for cell in record.split("<td>")[1:]]
    assert cells[1:6] == ["3", "3", "0", "—", "5.0"]  # Ramsch names no losers
    assert SessionSummary.query.count() == 3 and SeatSummary.query.count() == 9


def test_a_write_path_that_hands_over_its_board_spares_the_hook_a_replay(client, ctx, monkeypatch):
    from scorekeeper import scoring, summaries

    sid = new_schieberamsch(client)
    session = db.session.get(GameSession, sid)
    replays = []
    real_board = scoring.board
    monkeypatch.setattr(scoring, "board", lambda s, **k: replays.append(s.id) or real_board(s, **k))
    added = scoring.add_deal(session, {"type": "ramsch", "pushed": 0, "points": [30, 40, 50],
                                       "took_trick": [True, True, True], "contra": "none"}).deal
    assert replays == [sid]  # add_deal's own board before the change; the summary takes the board after it
    assert db.session.get(SessionSummary, sid).totals == [0, 0, 5]
    replays.clear()
    scoring.claim(session, session.version)  # as every write path does
    deal = db.session.get(scoring.Deal, added.id)  # changed as an object: the commit hook's case
    deal.payload = {**deal.payload, "points": [50, 40, 30]}
    session.revisions.append(scoring.Revision(deal_id=deal.id, deal_number=1, action="edit", before=None, after=None))
    summaries.refresh(session, real_board(session))
    db.session.commit()
    assert replays == []
    assert db.session.get(SessionSummary, sid).totals == [5, 0, 0]


def test_the_summaries_command_fills_in_what_is_missing(app, client, ctx, monkeypatch):
    from scorekeeper import collector

    ids = _sessions(client, 2)
    db.session.execute(SessionSummary.__table__.delete().where(SessionSummary.session_id == ids[0]))
    db.session.commit()
    collections = []
    monkeypatch.setattr(collector, "collect", lambda: collections.append(gc.isenabled()))
    result = app.test_cli_runner().invoke(args=["summaries"])
    assert "1 session summaries computed." in result.output
    assert collections == [False]  # one chunk, collected after it, the automatic collector off
    db.session.expire_all()
    assert db.session.get(SessionSummary, ids[0]).totals == [0, 0, 5]
    assert SeatSummary.query.count() == 6  # the seat rows left behind were replaced, not doubled


def test_a_summary_that_fails_never_costs_the_table_its_deal(client, ctx, monkeypatch):
    from scorekeeper import scoring

    sid = new_schieberamsch(client)
    session = db.session.get(GameSession, sid)
    current = scoring.board(session)

    def broken(session):
        raise ValueError("a bug in a summary")

    monkeypatch.setattr(scoring, "board", broken)
    scoring.add_deal(session, {"type": "ramsch", "pushed": 0, "points": [30, 40, 50],
                               "took_trick": [True, True, True], "contra": "none"}, current)
    monkeypatch.undo()
    db.session.expire_all()
    assert len(db.session.get(GameSession, sid).deals) == 1
    assert "Winner" not in client.get("/history").get_data(as_text=True)  # replayed there: 1 of 12 deals
    assert db.session.get(SessionSummary, sid).deals == 1


# --- replays remembered between requests (scorekeeper/replays.py) ---------------------------------

def _played(monkeypatch):
    """Count the deals the engine plays (a replay from the start plays every stored deal; a replay and
    a save both score a deal through play_parsed)."""
    from scorekeeper.games.schieberamsch import Schieberamsch

    played = []
    real = Schieberamsch.play_parsed
    monkeypatch.setattr(Schieberamsch, "play_parsed", lambda self, *a, **k: played.append(1) or real(self, *a, **k))
    return played


def test_after_a_save_the_board_plays_no_stored_deal_and_the_next_save_plays_one(client, ctx, monkeypatch):
    """Issue 11: entering a deal costs the same at deal 10 and 300: the stored deals are not played again."""
    sid = new_schieberamsch(client, deals="30")
    for _ in range(12):
        assert client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50])).status_code == 302
    played = _played(monkeypatch)
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert played == [] and totals(html) == [0, 0, 60]
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 50, 40]))
    assert len(played) == 1  # the new deal only
    assert totals(client.get(f"/sessions/{sid}").get_data(as_text=True)) == [0, 5, 60]
    assert len(played) == 1


def test_a_deal_changed_by_another_worker_is_replayed_not_answered_from_memory(client, ctx, monkeypatch):
    """What another process wrote (here: straight into the database, bumping the session's version
    as every write path does in its transaction) is seen on the next page: a new stamp, so the deals
    are read and checked against the payloads the replay was built from."""
    sid = new_schieberamsch(client, deals="30")
    for _ in range(3):
        client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    assert totals(client.get(f"/sessions/{sid}").get_data(as_text=True)) == [0, 0, 15]
    played = _played(monkeypatch)
    deal = db.session.scalars(db.select(Deal).where(Deal.session_id == sid, Deal.position == 2)).one()
    deal.payload = {**deal.payload, "points": [50, 40, 30], "took_trick": [None, None, None]}
    scoring.claim(db.session.get(GameSession, sid), db.session.get(GameSession, sid).version)
    db.session.commit()  # the summaries' commit hook replays it (the lists' record follows the change)
    db.session.remove()
    assert scoring.board(db.session.get(GameSession, sid)).standing.totals == (5, 0, 10)  # not from memory
    assert len(played) == 3  # the whole session once
    assert totals(client.get(f"/sessions/{sid}").get_data(as_text=True)) == [5, 0, 10]
    assert len(played) == 3  # not again for the page


def test_a_board_at_the_stamp_this_process_saved_reads_no_deal(client, ctx):
    """replays.py: after a save, the next board of the same session state takes the deal rows this
    process wrote (one query less for every save); once another write moves the stamp on, the deals
    are read again, and the rows read are remembered for that stamp."""
    sid = new_schieberamsch(client, deals="30")
    for points in ([30, 40, 50], [50, 40, 30]):
        client.post(f"/sessions/{sid}/deals", data=ramsch_form(points))
    with counted_statements() as saved:
        client.post(f"/sessions/{sid}/deals", data=ramsch_form([40, 30, 50]), headers={"HX-Request": "true"})
    assert not [s for s in saved if "FROM deal" in s], saved  # the board before the save: from memory
    session = db.session.get(GameSession, sid)
    with counted_statements() as read:
        remembered = scoring.board(session)
    assert not [s for s in read if "FROM deal" in s]
    stored = scoring.board(session, remembered=False)  # read from the database
    assert [tuple(deal) for deal in remembered.deals] == [tuple(deal) for deal in stored.deals]
    assert [deal.position for deal in remembered.deals] == [1, 2, 3]
    assert remembered.standing == stored.standing
    scoring.claim(session, session.version)  # another write: a new stamp
    db.session.commit()
    with counted_statements() as again:
        assert scoring.board(session).standing == stored.standing
        assert scoring.board(session).standing == stored.standing
    assert len([s for s in again if "FROM deal" in s]) == 1  # read once, then remembered for that stamp


def test_the_board_reads_the_latest_changes_not_the_whole_log(client, ctx):
    sid = new_schieberamsch(client, deals="30")
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    restarted()  # read from the database, not remembered from the saves
    with counted_statements() as few:
        client.get(f"/sessions/{sid}")
    for _ in range(20):
        client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    restarted()
    with counted_statements() as many:
        html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "18 earlier changes" in html
    assert len(many) == len(few)  # the same statements (the count rides along with the latest three)
    log = [s for s in many if s.startswith("SELECT revision.id")]  # rows of the log, not max() or count()
    assert log and all("LIMIT" in s for s in log), log
    assert text(client.get(f"/sessions/{sid}/changes").get_data(as_text=True)).count("entered.") == 21


def _change_list(html: str) -> list[str]:
    section = html[html.index('id="revisions"'):]
    section = section[:section.index("</section>")]
    return _lines(section)


def _lines(html: str) -> list[str]:
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", item)).strip()
            for item in re.findall(r"<li class=\"revision[^\"]*\">(.*?)</li>", html, re.S)]


def _earlier(html: str) -> str:
    found = re.search(r'<div class="earlier-changes" id="earlier-changes"[^>]*>(.*?)</div>', html, re.S)
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


@pytest.mark.parametrize("remembered", [True, False], ids=["remembered", "after a restart"])
def test_the_answer_to_a_save_carries_only_its_own_change_and_the_list_is_the_databases(client, ctx, remembered):
    """_board.html: the answer to a save that added a deal puts its own change on top of the tablet's
    list (hx-swap-oob afterbegin) and says how many earlier ones there are; it renders and reads no
    other line, and reads no change-log row: the number of changes is the one `note_change` keeps, or
    after a restart the one the save's summary UPDATE counted (RETURNING). The tablet's list after it
    (the latest RECENT, table.js) is the one a board read from the database shows."""
    sid = new_schieberamsch(client, deals="30")
    for points in ([30, 40, 50], [50, 40, 30], [40, 30, 50], [30, 50, 40]):
        client.post(f"/sessions/{sid}/deals", data=ramsch_form(points))
    before = client.get(f"/sessions/{sid}").get_data(as_text=True)  # the board as the tablet shows it
    if not remembered:
        restarted()
    with counted_statements() as statements:
        answer = client.post(f"/sessions/{sid}/deals", data=ramsch_form([50, 30, 40]), headers={"HX-Request": "true"})
    html = answer.get_data(as_text=True)
    assert answer.status_code == 200 and 'id="revisions"' not in html
    reads = [s for s in statements if s.lstrip().startswith("SELECT") and "FROM revision" in s]
    assert not reads, reads
    new = html[html.index('hx-swap-oob="afterbegin:#revision-list"'):]
    assert [line.split(" ", 2)[2] for line in _lines(new)] == ["Deal 5 entered."]
    assert _earlier(html) == "2 earlier changes" and 'id="earlier-changes" hx-swap-oob="true"' in html
    shown = (_lines(new) + _change_list(before))[:RECENT]  # what table.js leaves on the tablet
    restarted()
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)  # read from the database
    assert _change_list(page) == shown and _earlier(page) == "2 earlier changes"


def test_the_first_change_comes_with_the_whole_change_log(client):
    """Before the first change the board has no change log: the first save's answer brings it whole."""
    sid = new_schieberamsch(client)
    html = client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]),
                       headers={"HX-Request": "true"}).get_data(as_text=True)
    assert 'id="revisions-box" hx-swap-oob="true"' in html and "afterbegin:#revision-list" not in html
    assert [line.split(" ", 2)[2] for line in _change_list(html)] == ["Deal 1 entered."]
    second = client.post(f"/sessions/{sid}/deals", data=ramsch_form([50, 40, 30]),
                         headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "afterbegin:#revision-list" in second and _earlier(second) == ""


def test_the_summary_a_save_rewrites_in_place_is_the_replayed_one(client, ctx):
    """summaries.store: two UPDATEs instead of ORM objects, the same rows as a full refresh."""
    sid = new_schieberamsch(client, deals="3")
    for points in ([30, 40, 50], [50, 40, 30], [20, 60, 40]):  # the third deal ends the game
        client.post(f"/sessions/{sid}/deals", data=ramsch_form(points))

    def rows():
        db.session.expire_all()
        summary = db.session.get(SessionSummary, sid)
        return ((summary.revision_count, summary.last_revision_id, summary.deals, summary.totals, summary.winners,
                 summary.losers, summary.over),
                sorted((s.position, s.player_id, s.over, s.won, s.lost, s.total) for s in summary.seats))

    written = rows()
    assert written[0][2] == 3 and written[0][6] and any(seat[3] for seat in written[1])  # over, with a winner
    summaries.refresh(db.session.get(GameSession, sid))  # replayed from the stored deals, as objects
    db.session.commit()
    assert rows() == written


def test_minifying_keeps_every_rule_and_statement():
    """rjsmin / rcssmin drop comments and layout only: without comments and white space, the minified
    file is the file as written (the browser tests run on the minified files)."""
    for name in ("css/app.css", "css/table.css", "css/cards.css", "js/app.js", "js/table.js", "js/cards.js"):
        raw = (ROOT / "static" / name).read_text()
        small = minified(name, raw.encode()).decode()
        assert len(small) < len(raw) * 0.95
        comments = r"/\*.*?\*/|(?<![:\\'\"])//[^\n]*" if name.endswith(".js") else r"/\*.*?\*/"
        bare = lambda text, comments=comments: re.sub(r"\s+", "", re.sub(comments, "", text, flags=re.S))  # noqa: E731
        assert bare(small).replace(";}", "}") == bare(raw).replace(";}", "}")


def test_a_save_reads_its_session_once_with_or_without_a_pin(client, ctx):
    """The PIN check and the view share one read of the session's row; its players' names are
    remembered by the process (rosters.py), not read again per save; the answer reads no change-log
    row (its own change on top of the tablet's list, their number counted by the summary's UPDATE).
    Nine statements in all before, eight with the changes in one query, seven now."""
    from .test_access import new_with_pin

    for sid in (new_schieberamsch(client), new_with_pin(client)):
        client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
        with counted_statements() as statements:
            response = client.post(f"/sessions/{sid}/deals", data=ramsch_form([10, 50, 60]),
                                   headers={"HX-Request": "true"})
        assert response.status_code == 200 and "Deal 3" in response.get_data(as_text=True)
        reads = [s for s in statements if s.lstrip().startswith("SELECT") and "FROM game_session" in s]
        assert len(reads) == 1 and "JOIN" not in reads[0], reads
        assert not [s for s in statements if "FROM seat" in s or "FROM player" in s]
        assert not [s for s in statements if "FROM revision" in s and s.lstrip().startswith("SELECT")]
        assert len(statements) <= 7, statements


def test_players_names_are_remembered_per_session_and_database(tmp_path):
    """rosters.py: a session's names are read once per process, and another database whose session
    has the same id (and another creation time) gets its own names, never those remembered."""
    from scorekeeper import rosters

    apps = [create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "SECRET_KEY": "t",
                        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / f'{n}.sqlite'}"}) for n in (1, 2)]
    store = rosters.Rosters()
    seen = []
    for app, names in zip(apps, (("Anna", "Ben", "Carl"), ("Dora", "Emil", "Fritz"))):
        sid = new_schieberamsch(app.test_client(), names=names)
        with app.app_context():
            with counted_statements() as first:
                seen.append(store.names(db.session.get(GameSession, sid)))
            with counted_statements() as again:
                assert store.names(db.session.get(GameSession, sid)) == names
            assert any("FROM seat" in s for s in first)
            assert len(again) == 1 and "FROM seat" not in again[0]  # the session's own row only
    assert seen == [("Anna", "Ben", "Carl"), ("Dora", "Emil", "Fritz")]


KEPT_FIELDS = re.compile(r"<!--kept:([0-9a-f]+)-->(.*?)<!--/kept-->", re.S)


def test_the_answer_to_a_save_leaves_out_the_fields_the_tablet_holds(client, ctx):
    """sessions/rendered.py, kept_fragment(held=True): the entry form's fields come between marks
    naming them; a save from a tablet that says it holds those very fields (held_fields, sent by
    table.js) is answered without them, anything else gets them whole; the name is the same in
    every worker and another table's players make another."""
    sid = new_schieberamsch(client, deals="30")
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    digest, fields = KEPT_FIELDS.search(page).groups()
    assert len(fields) > 10_000 and 'name="points-0"' in fields
    htmx = {"HX-Request": "true"}
    answer = client.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 40, 50]), "held_fields": digest},
                         headers=htmx).get_data(as_text=True)
    assert f"<!--kept:{digest}--><!--/kept-->" in answer and 'name="points-0"' not in answer
    assert "Deal 1:" in answer and len(answer) < len(fields) / 3
    for held, headers in (("0" * 24, htmx), (digest, {})):  # not what the form holds; no htmx (no table.js)
        response = client.post(f"/sessions/{sid}/deals", data={**ramsch_form([30, 40, 50]), "held_fields": held},
                               headers=headers)
        whole = response.get_data(as_text=True) if headers else client.get(f"/sessions/{sid}").get_data(as_text=True)
        assert KEPT_FIELDS.search(whole).groups() == (digest, fields)
    other_worker = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "SECRET_KEY": "t",
                               "SQLALCHEMY_DATABASE_URI": client.application.config["SQLALCHEMY_DATABASE_URI"]})
    there = other_worker.test_client().get(f"/sessions/{sid}").get_data(as_text=True)
    assert KEPT_FIELDS.search(there).group(1) == digest
    others = new_schieberamsch(client, names=("Dora", "Emil", "Fritz"), deals="30")
    assert KEPT_FIELDS.search(client.get(f"/sessions/{others}").get_data(as_text=True)).group(1) != digest

"""What a slow phone network feels: compressed answers, static files cached for a year, boards
revalidated with an ETag (304), a poll that answers 204 while nothing changed, card pickers drawn
only when the table comes to tap cards, a save's answer that carries only what changed, and a save
into a long session that plays one deal (the replay remembered per session version)."""
from __future__ import annotations

import gzip
import hashlib
import re

import brotli
import pytest
from calmjs.parse import es5
from calmjs.parse.unparsers.es5 import minify_print

from scorekeeper import ROOT
from scorekeeper.assets import minify_script
from scorekeeper.extensions import db
from scorekeeper.games.schieberamsch import Schieberamsch
from scorekeeper.models import Deal
from scorekeeper.sessions.board_view import RECENT

from .helpers import new_schieberamsch, ramsch_form, restarted, totals

STATIC_RE = re.compile(r'(?:href|src)="(/static/([^"?]+)\?v=([0-9a-f]+))"')
HTMX = {"HX-Request": "true"}
CARD = 'class="card '


def untokened(body: bytes) -> bytes:
    """The page without its CSRF tokens and idempotency keys (new per render)."""
    return re.sub(rb'(name="csrf_token" value="|name="idempotency_key" value=")[^"]+', rb"\1", body)


# --- compression and static files -----------------------------------------------------------

def test_pages_and_answers_are_compressed_with_brotli_or_gzip(client):
    sid = new_schieberamsch(client)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    plain = client.get(f"/sessions/{sid}", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers
    zipped = client.get(f"/sessions/{sid}", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped.headers["Vary"] and "HX-Request" in zipped.headers["Vary"]
    assert untokened(gzip.decompress(zipped.data)) == untokened(plain.data)
    assert len(zipped.data) * 3 < len(plain.data)
    br = client.get("/history", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert br.headers["Content-Encoding"] == "br"
    assert untokened(brotli.decompress(br.data)) == untokened(client.get("/history").data)
    saved = client.post(f"/sessions/{sid}/deals", data=ramsch_form([50, 40, 30]),
                        headers={**HTMX, "Accept-Encoding": "gzip"})
    assert saved.headers["Content-Encoding"] == "gzip" and b"<html" not in gzip.decompress(saved.data)


def test_static_files_are_fingerprinted_and_cached_for_a_year(client):
    html = client.get("/").get_data(as_text=True)
    links = STATIC_RE.findall(html)
    assert {name for _, name, _ in links} >= {"js/app.min.js", "js/htmx-2.0.11.min.js"}  # the style sheet is inline
    for url, name, version in links:
        raw = (ROOT / "static" / name).read_bytes()
        assert version == hashlib.sha256(raw).hexdigest()[:12]
        response = client.get(url, headers={"Accept-Encoding": "gzip"})
        assert response.status_code == 200
        cache = response.headers["Cache-Control"]
        assert "max-age=31536000" in cache and "immutable" in cache and "public" in cache
        # text is compressed, even for a browser that takes only gzip (not a file smaller than a packet)
        if name.endswith((".css", ".js")) and len(raw) >= client.application.config["COMPRESS_MIN_SIZE"]:
            assert response.headers["Content-Encoding"] == "gzip" and gzip.decompress(response.data) == raw
            best = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
            assert best.headers["Content-Encoding"] == "br" and brotli.decompress(best.data) == raw
            best.close()
        response.close()
    for url in ("/static/js/app.min.js", "/static/js/app.min.js?v=000000000000"):  # no hash, or an old one
        response = client.get(url)
        assert "immutable" not in response.headers["Cache-Control"] and "no-cache" in response.headers["Cache-Control"]
        response.close()


def test_pages_load_app_js_without_its_comments_and_layout(app, client, tmp_path):
    """Every page loads js/app.min.js: app.js as calmjs.parse's minify_print leaves it (local names
    shortened, the page's globals kept), written when the app starts and left alone (the same
    fingerprint) when it already says the same; a changed app.js is written anew."""
    served = client.get("/static/js/app.min.js")
    source = (ROOT / "static" / "js" / "app.js").read_text(encoding="utf-8")
    text = served.get_data(as_text=True)
    assert text == minify_print(es5(source), obfuscate=True, obfuscate_globals=False)
    assert len(served.data) * 10 < len(source.encode()) * 6  # comments, layout and long local names
    assert "function applyShowIf(" not in text and "document.addEventListener(" in text and "//" not in text
    served.close()
    folder = tmp_path / "static"
    (folder / "js").mkdir(parents=True)
    (folder / "js" / "app.js").write_text("// a comment\nvar a = 1;\n", encoding="utf-8")
    minify_script(str(folder))
    written = folder / "js" / "app.min.js"
    assert written.read_text(encoding="utf-8") == "var a=1;"
    before = written.stat().st_mtime_ns
    minify_script(str(folder))
    assert written.stat().st_mtime_ns == before and sorted(p.name for p in (folder / "js").iterdir()) == [
        "app.js", "app.min.js"]
    (folder / "js" / "app.js").write_text("var b = 2;\n", encoding="utf-8")
    minify_script(str(folder))
    assert written.read_text(encoding="utf-8") == "var b=2;"


def test_a_full_page_names_its_scripts_in_a_preload_header(client):
    """Issue 23, item 12: a browser asks for the scripts with the page's first bytes (Link: rel=preload),
    not once it has read the page with its style sheet; htmx answers and other answers name none."""
    sid = new_schieberamsch(client)
    for path in ("/", f"/sessions/{sid}", "/history"):
        response = client.get(path)
        scripts = re.findall(r'<script src="([^"]+)"', response.get_data(as_text=True))
        assert len(scripts) == 2 and response.headers["Link"] == ", ".join(
            f"<{src}>; rel=preload; as=script" for src in scripts), path
    assert "Link" not in client.get(f"/sessions/{sid}", headers=HTMX).headers
    assert "Link" not in client.get("/api/v1/games").headers
    tag = client.get(f"/sessions/{sid}").headers["ETag"]
    assert "Link" not in client.get(f"/sessions/{sid}", headers={"If-None-Match": tag}).headers  # a 304


# --- boards revalidated, polls ----------------------------------------------------------------

@pytest.mark.parametrize("path", ["", "/watch", "/big"])
def test_a_board_is_revalidated_with_its_etag_until_the_session_changes(client, path):
    """A reload or Back asks with If-None-Match: 304 while the session, the language and this
    device's rights are the same; any save makes a new board."""
    sid = new_schieberamsch(client)
    first = client.get(f"/sessions/{sid}{path}")
    tag = first.headers["ETag"]
    assert tag.startswith('W/"') and "no-cache" in first.headers["Cache-Control"]
    again = client.get(f"/sessions/{sid}{path}", headers={"If-None-Match": tag})
    assert again.status_code == 304 and not again.data and again.headers["ETag"] == tag
    assert client.get(f"/sessions/{sid}{path}", headers={"If-None-Match": tag, "Accept-Language": "ja"}).status_code \
        == 200  # another language, another page
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    fresh = client.get(f"/sessions/{sid}{path}", headers={"If-None-Match": tag})
    assert fresh.status_code == 200 and fresh.headers["ETag"] != tag


def test_a_board_kept_with_another_style_sheet_is_sent_again(client):
    """The style sheet is inside the page and allowed by its hash: a 304 would bring the new
    Content-Security-Policy to a kept page with the old style sheet, which it would refuse."""
    sid = new_schieberamsch(client)
    tag = client.get(f"/sessions/{sid}").headers["ETag"]
    assert client.get(f"/sessions/{sid}", headers={"If-None-Match": tag}).status_code == 304
    client.application.extensions["style_sheet"] = "another+style/sheet="  # as after a changed app.css
    assert client.get(f"/sessions/{sid}", headers={"If-None-Match": tag}).status_code == 200


def test_a_board_kept_from_before_an_upgrade_is_sent_again(client, tmp_path):
    """An upgrade changes the files that draw a page, not pyproject's version: the ETag names a hash of
    those files (assets.release), so a device is not told with a 304 to keep what the old code drew (a
    club's tester: after an upgrade that changed a text, the old ETag still got 304)."""
    from scorekeeper.assets import release

    (tmp_path / "templates").mkdir()
    page = tmp_path / "templates" / "board.html"
    page.write_text("Follow on another device")
    before = release(tmp_path)
    page.write_text("Follow on a phone")
    release.cache_clear()
    assert release(tmp_path) != before
    sid = new_schieberamsch(client)
    tag = client.get(f"/sessions/{sid}").headers["ETag"]
    assert client.application.extensions["release"] in tag
    assert client.get(f"/sessions/{sid}", headers={"If-None-Match": tag}).status_code == 304
    client.application.extensions["release"] = before  # as after the upgrade
    assert client.get(f"/sessions/{sid}", headers={"If-None-Match": tag}).status_code == 200


def test_the_poll_answers_204_until_something_changes(client):
    sid = new_schieberamsch(client)
    board = client.get(f"/sessions/{sid}/watch").get_data(as_text=True)
    poll = re.search(r'id="poller"[^>]*hx-get="([^"]+)"', board).group(1).replace("&amp;", "&")
    assert client.get(poll, headers=HTMX).status_code == 204
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    changed = client.get(poll, headers=HTMX)
    html = changed.get_data(as_text=True)
    assert changed.status_code == 200 and totals(html) == [0, 0, 5] and "<html" not in html
    following = re.search(r'id="poller"[^>]*hx-get="([^"]+)"', html).group(1).replace("&amp;", "&")
    assert following != poll and client.get(following, headers=HTMX).status_code == 204
    plain = client.get(following.split("?")[0] + "?view=watch", headers={"If-None-Match": changed.headers["ETag"]})
    assert plain.status_code == 304  # a plain HTTP client asks with its ETag instead


# --- the replay remembered per session version --------------------------------------------------

def _played(monkeypatch) -> list[int]:
    """Counts the deals the Schieberamsch engine plays."""
    played: list[int] = []
    real = Schieberamsch.play
    monkeypatch.setattr(Schieberamsch, "play", lambda self, *a, **k: played.append(1) or real(self, *a, **k))
    return played


def test_a_save_into_a_long_session_plays_one_deal(client, ctx, monkeypatch):
    sid = new_schieberamsch(client, deals="40")
    for _ in range(30):
        assert client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50])).status_code == 302
    played = _played(monkeypatch)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([50, 40, 30]), headers=HTMX)
    assert len(played) == 1  # the new deal; the 30 before it are remembered for the session's version
    played.clear()
    remembered = totals(client.get(f"/sessions/{sid}").get_data(as_text=True))
    assert played == []
    restarted()  # a new process replays the stored deals once, to the same totals
    assert totals(client.get(f"/sessions/{sid}").get_data(as_text=True)) == remembered
    assert len(played) == 31


def test_a_deal_stored_behind_the_apps_back_is_replayed_once_the_version_moves(client, ctx):
    """The memo is keyed by the session's version: what another process stores bumps it."""
    sid = new_schieberamsch(client, deals="12")
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    assert totals(client.get(f"/sessions/{sid}").get_data(as_text=True)) == [0, 0, 5]
    deal = db.session.scalars(db.select(Deal)).one()
    deal.payload = {**deal.payload, "points": [50, 40, 30], "took_trick": [True, True, True]}
    deal.session.version += 1  # as every write does
    db.session.commit()
    assert totals(client.get(f"/sessions/{sid}").get_data(as_text=True)) == [5, 0, 0]


# --- less to send ---------------------------------------------------------------------------

def test_card_pickers_are_drawn_when_the_table_comes_to_tap_cards(client):
    """A Schieberamsch entry form carries a placeholder per deck (htmx loads it when it comes into
    view); a page without JavaScript asks for them with ?cards=1; tapped cards are always drawn."""
    sid = new_schieberamsch(client)
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert page.count('class="cards cards-later"') == 3 and page.count(CARD) == 4  # three piles later; the jacks now
    later = re.findall(r'class="decks-later" hx-get="([^"]+)"', page)
    assert len(later) == 1  # the three piles come together, once the table shows them
    decks = client.get(later[0].replace("&amp;", "&"), headers=HTMX).get_data(as_text=True)
    assert decks.count(CARD) == 3 * 32 and "<html" not in decks
    assert decks.count('hx-swap-oob="true"') == 3 and 'id="deck-cards-2"' in decks
    assert client.get(f"/sessions/{sid}?cards=1").get_data(as_text=True).count(CARD) == 3 * 32 + 4
    refused = client.post(f"/sessions/{sid}/deals", data={"type": "ramsch", "pushed": "0", "contra": "none",
                                                          "count": "cards", "cards-0": ["7C", "8C"]})
    html = refused.get_data(as_text=True)
    assert refused.status_code == 422 and 'value="7C" checked' in html


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


def test_the_answer_to_a_save_carries_only_its_own_change(client):
    """_board.html: the answer to a save that added a deal puts its own change on top of the tablet's
    list (hx-swap-oob afterbegin) and says how many earlier ones there are; the tablet's list after
    it (the latest RECENT, app.js) is the one a board read anew shows."""
    sid = new_schieberamsch(client, deals="30")
    for points in ([30, 40, 50], [50, 40, 30], [40, 30, 50], [30, 50, 40]):
        client.post(f"/sessions/{sid}/deals", data=ramsch_form(points))
    before = client.get(f"/sessions/{sid}").get_data(as_text=True)
    answer = client.post(f"/sessions/{sid}/deals", data=ramsch_form([50, 30, 40]), headers=HTMX)
    html = answer.get_data(as_text=True)
    assert answer.status_code == 200 and 'id="revisions"' not in html
    new = html[html.index('hx-swap-oob="afterbegin:#revision-list"'):]
    assert [line.split(" ", 2)[2] for line in _lines(new)] == ["Deal 5 entered."]
    assert _earlier(html) == "2 earlier changes" and 'id="earlier-changes" hx-swap-oob="true"' in html
    shown = (_lines(new) + _change_list(before))[:RECENT]
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
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

"""A board is rendered once per change of its session and kept (scorekeeper/sessions/rendered.py):
every response still gets its own CSRF token and idempotency key, a change anywhere (this worker,
another worker, another device) is never answered from the kept copy, and the kept gzip is valid."""
from __future__ import annotations

import gzip
import itertools
import re
import time
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from itsdangerous import TimestampSigner
from markupsafe import escape

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import GameSession
from scorekeeper.sessions import rendered
from scorekeeper.sessions.rendered import Kept

from .helpers import grand_form, new_schieberamsch, ramsch_form, totals
from .test_access import new_with_pin

KEY_RE = re.compile(r'name="idempotency_key" value="([0-9a-f]+)"')
CSRF_RE = re.compile(r'name="csrf_token" value="([^"]+)"')
# a CSRF token is signed with the second it was made in: two responses a second apart differ there too
SIGNED_RE = re.compile(r'[\w-]+\.[\w-]{6}\.[\w-]{27}')


@pytest.fixture
def ticking_clock(monkeypatch):
    """Every CSRF token is signed a second after the one before, as when a second passes between two requests."""
    seconds = itertools.count(int(time.time()))
    monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda self: next(seconds))


def per_response(html: str) -> str:
    """The page without what each response gets anew: its idempotency keys and CSRF tokens."""
    return SIGNED_RE.sub("", KEY_RE.sub("", html))


def _store(app) -> rendered.Rendered:
    with app.app_context():
        return rendered.current()


# --- the cut page and its gzip -------------------------------------------------------

@given(st.lists(st.sampled_from(["<p>", "Ä", "TOKEN", "KEY0", "KEY1", " ", "\x00", "x" * 70_000, ""]),
                max_size=12),
       st.text(min_size=5, max_size=5), st.text(alphabet="0123456789abcdef", min_size=4, max_size=4))
def test_a_kept_page_gives_back_the_page_with_new_values_as_text_and_as_gzip(pieces, token, key):
    html = "".join(pieces)
    kept = Kept.cut(html, "TOKEN", ["KEY0", "KEY1"])
    values = {"csrf": token, 0: key, 1: key[::-1]}
    expected = html.replace("TOKEN", token).replace("KEY0", key).replace("KEY1", key[::-1])
    assert kept.text(values) == expected
    if len(token.encode()) != 5:  # a value of another length than the cut one: no splicing
        assert kept.gzip(values) is None if "TOKEN" in html else kept.gzip(values) is not None
        return
    assert gzip.decompress(kept.gzip(values)) == expected.encode()
    assert zlib.decompress(kept.gzip(values), 31) == expected.encode()  # zlib's own gzip reader, strict


def test_a_value_never_lends_its_bytes_to_a_back_reference():
    """Parts refer back to earlier text, not to a value: the same page with other values decodes right."""
    html = "<b>TOKEN</b>" * 50 + "TOKEN" + "TOKEN".lower() * 20
    kept = Kept.cut(html, "TOKEN", [])
    for token in ("AAAAA", "TOKEN", "token", "<b>TO"):
        assert gzip.decompress(kept.gzip({"csrf": token})) == html.replace("TOKEN", token).encode()


def test_the_gzip_is_as_small_as_compressing_the_whole_page_at_level_9(client):
    sid = new_schieberamsch(client)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    page = client.get(f"/sessions/{sid}", headers={"Accept-Encoding": "gzip"})
    html = gzip.decompress(page.data)
    assert len(page.data) < len(gzip.compress(html, 9)) * 1.05  # the cuts at the tokens cost next to nothing


# --- the board as served -------------------------------------------------------------

def test_a_board_is_rendered_once_and_every_response_gets_its_own_key(app, client, ticking_clock):
    sid = new_schieberamsch(client)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    store = _store(app)
    first = client.get(f"/sessions/{sid}").get_data(as_text=True)
    misses, hits = store.misses, store.hits
    second = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert (store.misses, store.hits) == (misses, hits + 1)
    assert KEY_RE.findall(first) and KEY_RE.findall(first) != KEY_RE.findall(second)
    assert per_response(first) == per_response(second)
    # what was kept is what a fresh render makes
    store.forget(sid)
    fresh = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert per_response(fresh) == per_response(second)


def _fresh_totals(app, client, sid: int) -> list[int]:
    """The totals as a fresh render shows them (nothing kept)."""
    _store(app).forget(sid)
    return totals(client.get(f"/sessions/{sid}").get_data(as_text=True))


def test_a_save_from_anywhere_is_seen_at_once(app, client):
    sid = new_schieberamsch(client)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    one = totals(client.get(f"/sessions/{sid}").get_data(as_text=True))
    other = app.test_client()  # another tablet
    other.post(f"/sessions/{sid}/deals", data=ramsch_form([70, 40, 10]))
    two = totals(client.get(f"/sessions/{sid}").get_data(as_text=True))
    assert two != one and two == _fresh_totals(app, client, sid)
    other.post(f"/sessions/{sid}/deals/{_last_deal(app, sid)}/delete")
    assert totals(client.get(f"/sessions/{sid}").get_data(as_text=True)) == one
    client.post(f"/sessions/{sid}/close")
    assert "Game over." in client.get(f"/sessions/{sid}").get_data(as_text=True)
    client.post(f"/sessions/{sid}/reopen")
    assert "Game over." not in client.get(f"/sessions/{sid}").get_data(as_text=True)


def test_another_worker_with_its_own_kept_pages_sees_the_save(app, client):
    sid = new_schieberamsch(client)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    worker = create_app({**app.config, "AUTO_MIGRATE": False}).test_client()  # same database, own memory
    one = totals(worker.get(f"/sessions/{sid}").get_data(as_text=True))
    assert one == totals(client.get(f"/sessions/{sid}").get_data(as_text=True))
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([70, 40, 10]))
    two = totals(worker.get(f"/sessions/{sid}").get_data(as_text=True))
    assert two != one and two == _fresh_totals(app, client, sid)


def test_language_htmx_and_pin_each_get_their_own_page(app, client):
    sid = new_schieberamsch(client)
    english = client.get(f"/sessions/{sid}").get_data(as_text=True)
    japanese = app.test_client()
    japanese.set_cookie("lang", "ja")
    assert "Enter deal 1" in english
    assert "Enter deal 1" not in japanese.get(f"/sessions/{sid}").get_data(as_text=True)
    fragment = client.get(f"/sessions/{sid}", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "<html" not in fragment and 'id="board"' in fragment
    assert "<html" in client.get(f"/sessions/{sid}").get_data(as_text=True)
    protected = new_with_pin(client)  # this device set the PIN: its board is kept first
    assert 'id="pin-unlock"' not in client.get(f"/sessions/{protected}").get_data(as_text=True)
    stranger = app.test_client()
    assert 'id="pin-unlock"' in stranger.get(f"/sessions/{protected}").get_data(as_text=True)
    assert 'id="pin-unlock"' not in client.get(f"/sessions/{protected}").get_data(as_text=True)


@pytest.fixture
def csrf_app(app):
    app.config["WTF_CSRF_ENABLED"] = True
    return app


def test_a_kept_page_carries_a_csrf_token_that_works_for_the_device_that_got_it(csrf_app):
    first, second = csrf_app.test_client(), csrf_app.test_client()
    page = first.get("/sessions/new/schieberamsch").get_data(as_text=True)
    data = {"players-0": "Anna", "players-1": "Ben", "players-2": "Carl", "first_dealer": "0",
            "csrf_token": CSRF_RE.search(page).group(1)}
    sid = int(first.post("/sessions/new/schieberamsch", data=data).headers["Location"].rsplit("/", 1)[1])
    first.get(f"/sessions/{sid}")  # rendered and kept
    store = _store(csrf_app)
    hits = store.hits
    board = second.get(f"/sessions/{sid}").get_data(as_text=True)  # another device: from the kept copy
    assert store.hits == hits + 1
    form = {**ramsch_form([30, 40, 50]), "csrf_token": CSRF_RE.search(board).group(1),
            "idempotency_key": KEY_RE.search(board).group(1)}
    assert second.post(f"/sessions/{sid}/deals", data=form).status_code == 302
    stolen = {**form, "idempotency_key": "other"}
    assert first.post(f"/sessions/{sid}/deals", data=stolen).status_code == 400  # not first's token


def _last_deal(app, sid: int) -> int:
    with app.app_context():
        return db.session.get(GameSession, sid).deals[-1].id


def test_following_devices_share_the_kept_fragment_and_never_get_it_as_a_full_page(app, client, ticking_clock):
    sid = new_schieberamsch(client)
    client.post(f"/sessions/{sid}/deals", data=ramsch_form([30, 40, 50]))
    store = _store(app)
    polled = client.get(f"/sessions/{sid}/live?rev=0&view=board").get_data(as_text=True)  # a plain HTTP poll
    assert "<html" not in polled and 'id="board"' in polled
    hits = store.hits
    htmx = client.get(f"/sessions/{sid}", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert store.hits == hits + 1 and per_response(htmx) == per_response(polled)
    assert "<html" in client.get(f"/sessions/{sid}").get_data(as_text=True)
    watch = client.get(f"/sessions/{sid}/watch").get_data(as_text=True)
    assert "<html" in watch and 'data-watch' in watch and 'id="entry"' not in watch
    assert 'id="entry"' in client.get(f"/sessions/{sid}").get_data(as_text=True)
    big = client.get(f"/sessions/{sid}/big").get_data(as_text=True)
    assert "<html" in big and "Anna" in big and 'id="entry"' not in big


def test_one_kept_entry_form_serves_every_table_with_its_own_names(app, client):
    """The fresh entry form is kept per fields and table size, with stand-in names: each table's
    board shows its own players (escaped) wherever the form names them, and never a stand-in."""
    first = new_schieberamsch(client, names=("Anna", "Ben", "Carl"), count_from="cards")
    second = new_schieberamsch(client, names=("Zoë", "<b>Yves</b>", 'Xa"ver'), count_from="cards")
    one = client.get(f"/sessions/{first}").get_data(as_text=True)
    fragments = len(app.extensions["scorekeeper.fragments"])
    two = client.get(f"/sessions/{second}").get_data(as_text=True)
    assert len(app.extensions["scorekeeper.fragments"]) == fragments  # nothing new rendered for the form
    assert "\x00" not in one + two and "<b>Yves</b>" not in two
    for html, names in ((one, ("Anna", "Ben", "Carl")), (two, ("Zoë", "<b>Yves</b>", 'Xa"ver'))):
        entry = html[html.index('<form id="entry"'):]
        for seat, raw in enumerate(names):
            name = str(escape(raw))
            assert f'value="{seat}" ><span>{name}</span>' in entry  # the soloist's choice
            assert f'data-seat="{seat}" data-initial="{escape(raw[0])}"' in entry  # the captured cards' pile
            assert f"<legend>{name} " in entry
            assert f': {name}"' in entry  # a card's or a box's label for a screen reader
    other = ("Anna", "Ben", "Carl")
    assert not any(name in two[two.index('<form id="entry"'):] for name in other)


SOLOIST_RE = re.compile(r'<input type="radio" name="soloist" id="[^"]+" value="(\d)" (checked)?[^>]*>'
                        r'<span>([^<]*)</span>')


def test_seat_choices_name_each_tables_players_from_one_form_class(client, ctx):
    """The deal form class is built once per fields and table size (not per player names): the
    players' names on seat choices come from the table, fresh or after a refused save."""
    from scorekeeper import scoring
    from scorekeeper.sessions.forms import deal_form
    from scorekeeper.sessions.views import _phase_fields

    first = new_schieberamsch(client)
    second = new_schieberamsch(client, names=("Dora", "Emil", "Fritz"))
    boards = [scoring.board(db.session.get(GameSession, sid)) for sid in (first, second)]
    classes = {type(deal_form(_phase_fields(board), board.table)) for board in boards}
    assert len(classes) == 1
    for sid, names in ((first, ["Anna", "Ben", "Carl"]), (second, ["Dora", "Emil", "Fritz"])):
        fresh = client.get(f"/sessions/{sid}").get_data(as_text=True)
        assert [name for _, _, name in SOLOIST_RE.findall(fresh)] == names
    # a Grand Hand whose soloist took more than the deck holds: refused, Emil still chosen, names kept
    refused = client.post(f"/sessions/{second}/deals", data=grand_form(1, 200))
    assert refused.status_code == 422
    choices = SOLOIST_RE.findall(refused.get_data(as_text=True))
    assert [(seat, bool(checked), name) for seat, checked, name in choices] == [
        ("0", False, "Dora"), ("1", True, "Emil"), ("2", False, "Fritz")]


def test_a_change_line_is_rendered_once_and_its_restore_button_is_asked_every_time(client, ctx):
    """The change log's lines never change (sessions/_revisions.html keeps each, not the whole log
    page's); whether a deleted deal can still be restored is asked on every page."""
    from scorekeeper.models import Deal, Revision

    sid = new_schieberamsch(client)
    for points in ([30, 40, 50], [50, 40, 30]):
        client.post(f"/sessions/{sid}/deals", data=ramsch_form(points))
    first = Deal.query.order_by(Deal.position).first()
    client.post(f"/sessions/{sid}/deals/{first.id}/edit", data=ramsch_form([10, 20, 90], pushed=1))
    board = client.get(f"/sessions/{sid}").get_data(as_text=True)
    diff = board[board.index("Deal 1 corrected."):board.index("</details>", board.index("Deal 1 corrected."))]
    assert "Card points" in diff and "<del>Anna 30 · Ben 40 · Carl 50</del>" in diff
    assert "<ins>Anna 10 · Ben 20 · Carl 90</ins>" in diff
    store = ctx.extensions["scorekeeper.fragments"]
    kept = {key[2] for key in store if key[1] == "change"}
    assert kept == {revision.id for revision in Revision.query.all()}  # the three latest: all there are
    # a deletion can be restored; once restored, the same kept line comes without its button
    second = Deal.query.order_by(Deal.position).all()[1]
    client.post(f"/sessions/{sid}/deals/{second.id}/delete")
    deleted = Revision.query.filter_by(action="delete").one()
    assert f"/revisions/{deleted.id}/restore" in client.get(f"/sessions/{sid}").get_data(as_text=True)
    client.post(f"/sessions/{sid}/revisions/{deleted.id}/restore")
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "Deal 2 deleted." in page and f"/revisions/{deleted.id}/restore" not in page
    # the whole log is not kept line by line (it would push the forms in use out of the store)
    before = len(store)
    whole = client.get(f"/sessions/{sid}/changes").get_data(as_text=True)
    assert "Deal 1 entered." in whole and len(store) == before

"""The pages around a table: following a session from other devices (a read-only watch page, big
numbers, the poll that tells them something changed, a QR code), the parts of the board loaded on
demand (a deal's arithmetic, the chart, the statistics, the whole change log, a deck to tap cards
on), and the app shell of the PWA (manifest, service worker, offline page).

Following devices poll every 4 s instead of holding a server-sent event stream: an open stream
holds one of gunicorn's sync workers for as long as a device watches. A poll that finds nothing new
reads the session's row and answers 204.
"""
from __future__ import annotations

import io
import re
import unicodedata

import segno
from flask import Response, abort, current_app, make_response, render_template, request, send_from_directory, url_for

from ..board import Board, board, deal_context, deal_or_404
from ..dbsafety import column_int
from ..extensions import db
from ..i18n import translate
from ..models import GameSession
from ..stats import figure_rows, session_stats
from .blueprint import bp, is_htmx
from .board_view import context, etag, latest_changes, phase_fields, revalidated, unchanged
from .cards import form_deck
from .chart import totals_chart
from .forms import deal_form

VIEWS = ("board", "watch", "big")


@bp.app_template_global("totals_chart")
def chart_of(current: Board):
    return totals_chart(current.standing.running, current.table.names)


def _follow_page(session: GameSession, view: str, fragment: bool) -> str:
    """The watch page (the board without forms) or the big numbers, whole or as the poll's fragment;
    the table's own board as the poll's fragment."""
    if view == "board":
        return render_template("sessions/_board.html", **context(session))
    current = board(session)
    if view == "big":
        return render_template("sessions/_big.html" if fragment else "sessions/big.html", session=session,
                               board=current)
    return render_template("sessions/_board.html" if fragment else "sessions/watch.html", session=session,
                           board=current, form=None, fields=None, stats=session_stats(current),
                           figures=figure_rows(current), watch=True,
                           changes=latest_changes(session.id))


@bp.get("/sessions/<int:session_id>/watch")
def watch_session(session_id: int):
    """The board without entry forms: for phones around the table (opened from the QR code)."""
    return _followed(session_id, "watch")


@bp.get("/sessions/<int:session_id>/big")
def big_session(session_id: int):
    """Totals huge, the dealer and the deals left: readable from across the table."""
    return _followed(session_id, "big")


@bp.get("/sessions/<int:session_id>/result.svg")
def result_picture(session_id: int):
    """The result as a picture a phone can share: game, date, the sides (a team game's teams, each once;
    a tester's picture listed four players with each team total twice), totals, winner, and the rule
    that decides it in lines that fit the picture (it ended mid-sentence)."""
    session = db.get_or_404(GameSession, session_id)
    current = board(session)
    table, standing = current.table, current.standing
    rows = [(table.side(side), standing.side_totals[side[0]], side[0] in standing.winners)
            for side in standing.sides]
    picture = render_template("sessions/result.svg", session=session, board=current, rows=rows,
                              rule=picture_lines(translate(current.winner_rule), 62))
    return picture, {"Content-Type": "image/svg+xml; charset=utf-8"}


#: marks that do not begin a line of Japanese (kinsoku): closing brackets, stops, small kana, the long vowel
NOT_FIRST = frozenset("。、，．・：；！？）」』】ーぁぃぅぇぉっゃゅょァィゥェォッャュョ")


def picture_lines(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` columns, a wide (CJK) character counting two: broken at a
    space, or anywhere in a text without spaces (Japanese), but never before a mark that does not
    begin a line in Japanese (「。」「、」「）」: it stays at the end of the line, one past the width).

    >>> picture_lines("The first team to reach 2500 wins; Stöck decides when both do.", 30)
    ['The first team to reach 2500', 'wins; Stöck decides when both', 'do.']
    >>> picture_lines("先に2500に届いたチームの勝ち。", 20)
    ['先に2500に届いたチー', 'ムの勝ち。']
    >>> picture_lines("現在の合計で勝者が決まります。", 28)
    ['現在の合計で勝者が決まります。']
    """
    lines: list[str] = []
    line, used = "", 0
    for word in re.split(r"(?<= )", text) if " " in text else list(text):
        size = sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in word)
        if line and used + size > width and word not in NOT_FIRST:
            lines.append(line.rstrip())
            line, used = "", 0
        line, used = line + word, used + size
    return [*lines, line.rstrip()] if line.strip() else lines


def _followed(session_id: int, view: str) -> Response:
    """A following device's page (or its htmx fragment), revalidated with its ETag."""
    session = db.get_or_404(GameSession, session_id)
    tag = etag(session, view)
    return unchanged(tag) or revalidated(make_response(_follow_page(session, view, is_htmx())), tag)


@bp.get("/sessions/<int:session_id>/live")
def live(session_id: int):
    """204 while the session is still at version `rev`; otherwise the fresh fragment of `view`
    (board, watch or big). A plain HTTP client may ask with If-None-Match instead (304)."""
    session = db.get_or_404(GameSession, session_id)
    view = request.args.get("view", "board")
    view = view if view in VIEWS else "board"
    tag = etag(session, f"live-{view}")
    if request.args.get("rev", type=column_int) == session.version:
        return revalidated(make_response("", 204), tag)
    return unchanged(tag) or revalidated(make_response(_follow_page(session, view, fragment=True)), tag)


@bp.get("/sessions/<int:session_id>/cards")
def card_picker(session_id: int):
    """The decks of inputs (`field`, one or more) whose cards are tapped, drawn once they are shown in
    their entry form (`deal`: the correction form of that deal; else the next deal's entry form)."""
    session = db.get_or_404(GameSession, session_id)
    deal_id = request.args.get("deal", type=column_int)
    if deal_id is not None:
        deal = deal_or_404(session, deal_id)
        game, table, _, state = deal_context(session, deal)
        fields = list(game.deal_fields(game.as_entered(table, deal.payload), state))
    else:
        current = board(session)
        table, fields = current.table, phase_fields(current)
    form = deal_form(fields, table)
    decks = []
    for name in request.args.getlist("field"):
        found = form_deck(fields, name)
        if found is None or name not in form:
            abort(404)
        decks.append((form[name], *found))
    return render_template("sessions/_card_picker.html", decks=decks, table=table)


@bp.get("/sessions/<int:session_id>/chart")
def session_chart(session_id: int):
    """The totals over the deals, loaded when the board's chart is opened (a page without JavaScript)."""
    session = db.get_or_404(GameSession, session_id)
    current = board(session)
    if is_htmx():
        return str(chart_of(current))
    return render_template("sessions/chart.html", session=session, board=current)


@bp.get("/sessions/<int:session_id>/statistics")
def session_statistics(session_id: int):
    """Each player's statistics, loaded when the board's box is opened (a page without JavaScript)."""
    session = db.get_or_404(GameSession, session_id)
    current = board(session)
    template = "sessions/_stats.html" if is_htmx() else "sessions/stats.html"
    return render_template(template, session=session, board=current, stats=session_stats(current),
                           figures=figure_rows(current))


@bp.get("/sessions/<int:session_id>/deals/<int:deal_id>/breakdown")
def deal_breakdown(session_id: int, deal_id: int):
    """One deal's arithmetic, loaded when its row is opened (the board stays small)."""
    session = db.get_or_404(GameSession, session_id)
    current = board(session)
    index = next((i for i, deal in enumerate(current.deals) if deal.id == deal_id), None)
    if index is None:
        abort(404)
    template = "sessions/_breakdown.html" if is_htmx() else "sessions/breakdown.html"
    return render_template(template, session=session, board=current, index=index, deal=current.deals[index],
                           result=current.standing.results[index], running=current.standing.running[index],
                           watch=request.args.get("watch") == "1")


@bp.get("/sessions/<int:session_id>/changes")
def session_changes(session_id: int):
    """The whole change log, loaded when asked for (the board lists the latest few)."""
    session = db.get_or_404(GameSession, session_id)
    template = "sessions/_revisions.html" if is_htmx() else "sessions/changes.html"
    return render_template(template, session=session, board=board(session), all_changes=True,
                           changes=latest_changes(session.id, None))


@bp.get("/sessions/<int:session_id>/qr.svg")
def watch_qr(session_id: int):
    """A QR code of the watch page's full address (the host the tablet itself used)."""
    db.get_or_404(GameSession, session_id)
    target = url_for(".watch_session", session_id=session_id, _external=True)
    buffer = io.BytesIO()
    segno.make(target, error="m").save(buffer, kind="svg", scale=6, border=2, xmldecl=False, dark="#000", light="#fff")
    return buffer.getvalue(), {"Content-Type": "image/svg+xml", "Cache-Control": "private, max-age=3600"}


# --- the PWA shell ----------------------------------------------------------------------------

@bp.get("/sw.js")
def service_worker():
    """Served from the root so that its scope is the whole app."""
    response = send_from_directory(current_app.static_folder or "", "sw.js", mimetype="text/javascript", max_age=0)
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline():
    """What the service worker shows for a page it never kept while the network is gone."""
    return render_template("offline.html")


@bp.get("/manifest.webmanifest")
def manifest():
    return send_from_directory(current_app.static_folder or "", "manifest.webmanifest",
                               mimetype="application/manifest+json", max_age=3600)

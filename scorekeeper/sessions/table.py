"""The table-side extras: following a session live from other devices (a tiny poll endpoint,
a read-only watch page, a big-numbers page, a QR code), parts of the board loaded on demand
(a deal's breakdown, the whole change log), and the app shell of the PWA (manifest, service worker).

Live updates poll instead of using server-sent events: an open event stream holds one of
gunicorn's sync workers for as long as a device watches, so four watching tablets would stall
a four-worker server. A poll that answers 204 costs one indexed `max(revision.id)` query.
"""
from __future__ import annotations

import io

import segno
from flask import (
    Response,
    abort,
    current_app,
    make_response,
    render_template,
    request,
    send_from_directory,
    url_for,
)
from sqlalchemy import bindparam, func, select

from .. import scoring
from ..extensions import db
from ..lru import LRU, per_app
from ..models import GameSession, Revision, load_session
from ..statements import Read
from . import bp, is_htmx
from .chart import totals_chart
from .rendered import kept_board, state_or_404
from .stats import session_stats

#: the board, its fragments and the live views always come from the server: Back/Forward and
#: a reload must never show an old board from the browser's cache
NO_STORE_ENDPOINTS = {
    "sessions.show_session", "sessions.add_deal", "sessions.delete_deal", "sessions.edit_deal",
    "sessions.watch_session", "sessions.big_session", "sessions.live", "sessions.deal_breakdown",
    "sessions.session_changes", "sessions.session_chart", "sessions.session_statistics",
}


def revision_of(session_id: int) -> int:
    """The session's latest change (0 before the first): what a following device compares. Every
    device that follows a table asks every 4 s (`live`): one prepared statement on the session's
    connection, not an ORM query built anew (a poll that found nothing new took 4x a bare "hello")."""
    return _LATEST.scalar({"b_session": session_id}) or 0


_LATEST = Read((lambda c: select(func.max(c.id)).where(c.session_id == bindparam("b_session")))(Revision.__table__.c))


@bp.app_template_global("session_revision")
def session_revision(session: GameSession) -> int:
    return revision_of(session.id)


RECENT = 3  # changes listed on the board; the rest on demand
bp.add_app_template_global(RECENT, "RECENT")


# how many changes the session has (`change_total`, and each row of `_changes`)
_COUNT = (lambda c: select(func.count()).select_from(c.id.table).where(c.session_id == bindparam("b_session")))(
    Revision.__table__.c)


def _changes(limit: int | None):
    """The session's changes, newest first, each with the count of all of them: rows (the columns
    the log shows and the restore button reads), not ORM objects; the count is an uncorrelated
    subquery that SQLite and PostgreSQL compute once."""
    c = Revision.__table__.c
    query = (select(c.id, c.session_id, c.deal_id, c.deal_number, c.action, c.before, c.after, c.at,
                    _COUNT.scalar_subquery().label("total"))
             .where(c.session_id == bindparam("b_session")).order_by(c.id.desc()))
    return query if limit is None else query.limit(limit)


_RECENT, _ALL = _changes(RECENT), _changes(None)


LATEST = 4096  # sessions whose latest changes a process remembers (a few hundred bytes each)


def _latest() -> LRU:
    """The latest RECENT changes (None: not known) and their count per session, with the session's
    `scoring.stamp` they belong to (the same trust as replays.py: every write moves the stamp on in its
    transaction)."""
    return per_app("scorekeeper.latest_changes", lambda: LRU(LATEST))


def _latest_at(session_id: int, at: scoring.Stamp) -> tuple | None:
    """(stamp, latest changes or None, count) remembered for the session at exactly stamp `at`."""
    known = _latest().get(session_id)
    return known if known is not None and known[0] == at else None


@bp.app_template_global("recent_changes")
def recent_changes(session: GameSession, limit: int | None) -> tuple[list, int]:
    """The session's latest `limit` changes (RECENT or None: all), newest first, and how many
    there are, in one indexed query: not the whole log loaded with every payload before and after.
    (The board takes its revision number from the same rows.) The latest RECENT are remembered for
    the session's stamp (`note_change`)."""
    at = scoring.stamp(session) if limit == RECENT else None
    known = _latest_at(session.id, at) if at is not None else None
    if known is not None and known[1] is not None:
        return known[1], known[2]
    rows = db.session.execute(_ALL if limit is None else _RECENT if limit == RECENT else _changes(limit),
                              {"b_session": session.id}).all()
    count = rows[0].total if rows else 0
    if at is not None:
        _latest().put(session.id, (at, rows, count))
    return rows, count


@bp.app_template_global("change_total")
def change_total(session: GameSession) -> int:
    """How many changes the session has: remembered for its stamp (`note_change`), else counted."""
    known = _latest_at(session.id, scoring.stamp(session))
    if known is not None:
        return known[2]
    return db.session.scalar(_COUNT, {"b_session": session.id}) or 0


def note_change(session: GameSession, saved: scoring.Saved) -> None:
    """A save stored one change: the latest changes at the new stamp are that change and the first
    of those remembered at the stamp it was stored on, one more in all (no query after the save).
    When those are not remembered (another worker served the last change), the count the save's
    summary UPDATE made is remembered alone (`change_total`); the lines are read when a board needs them."""
    if saved.change is None or saved.since is None:
        return
    known = _latest_at(session.id, saved.since)
    if known is not None and known[1] is not None:
        _latest().put(session.id, (scoring.stamp(session), [saved.change, *known[1][:RECENT - 1]], known[2] + 1))
    elif saved.changes is not None:
        _latest().put(session.id, (scoring.stamp(session), None, saved.changes))


@bp.app_template_global("totals_chart")
def chart_of(board: scoring.Board):
    return totals_chart(board.standing.running, board.table.names)


@bp.after_app_request
def no_store(response: Response) -> Response:
    if request.endpoint in NO_STORE_ENDPOINTS or is_htmx():
        response.headers["Cache-Control"] = "no-store"
    return response


def session_or_404(session_id: int) -> GameSession:
    """The session's row (its players' names: rosters.py); on a write it was already read by the
    PIN check (access.py) and comes from the ORM's identity map."""
    return load_session(session_id) or abort(404)


def saved_flash(board: scoring.Board) -> dict | None:
    """What the table just saved, for the line at the top: the deal's number, points and the next dealer."""
    if board.pending is not None or not board.deals:
        return None
    result = board.standing.results[-1]
    return {"number": len(board.deals), "deal": board.deals[-1], "points": result.points}


def only_added(before: scoring.Board, after: scoring.Board, form) -> bool:
    """Whether a save just appended one deal to a game that goes on with a fresh entry form: then
    the htmx answer carries only the changed parts (a few kB) instead of the whole board."""
    return (before.pending is None and after.pending is None and form is not None
            and not after.standing.over and len(after.deals) == len(before.deals) + 1)


@bp.get("/sessions/<int:session_id>/watch")
def watch_session(session_id: int):
    """The board without entry forms: for phones around the table (opened from the QR code)."""
    def render() -> str:
        session = session_or_404(session_id)
        board = scoring.board(session)
        template = "sessions/_board.html" if is_htmx() else "sessions/watch.html"
        return render_template(template, session=session, board=board, form=None, fields=None,
                               stats=session_stats(board), watch=True)

    return kept_board(state_or_404(session_id), "watch", render)


@bp.get("/sessions/<int:session_id>/big")
def big_session(session_id: int):
    """Totals huge, the dealer and the deals left: readable from across the table."""
    def render() -> str:
        session = session_or_404(session_id)
        template = "sessions/_big.html" if is_htmx() else "sessions/big.html"
        return render_template(template, session=session, board=scoring.board(session))

    return kept_board(state_or_404(session_id), "big", render)


@bp.get("/sessions/<int:session_id>/live")
def live(session_id: int):
    """204 while nothing changed since revision `rev`; otherwise the fresh fragment of `view`
    (board, watch or big). The ETag lets a plain HTTP client ask the same with If-None-Match."""
    rev = request.args.get("rev", type=int)
    current = revision_of(session_id)
    etag = f'"r{current}"'
    if rev == current or request.headers.get("If-None-Match") == etag:
        response = make_response("", 204)
    else:
        view = request.args.get("view", "board")
        if view == "big":
            response = make_response(big_session(session_id))
        elif view == "watch":
            response = make_response(watch_session(session_id))
        else:  # the same fragment as the board's own htmx reload, kept once for every device that polls
            from .views import _board_context
            response = kept_board(state_or_404(session_id), "board", lambda: render_template(
                "sessions/_board.html", **_board_context(session_or_404(session_id))), fragment=True)
    response.headers["ETag"] = etag
    return response


@bp.get("/sessions/<int:session_id>/chart")
def session_chart(session_id: int):
    """The totals over the deals, loaded when the board's chart is opened (a page without JavaScript)."""
    session = session_or_404(session_id)
    board = scoring.board(session)
    if is_htmx():
        return str(chart_of(board))
    return render_template("sessions/chart.html", session=session, board=board)


@bp.get("/sessions/<int:session_id>/statistics")
def session_statistics(session_id: int):
    """Each player's statistics, loaded when the board's box is opened (a page without JavaScript)."""
    session = session_or_404(session_id)
    board = scoring.board(session)
    template = "sessions/_stats.html" if is_htmx() else "sessions/stats.html"
    return render_template(template, session=session, board=board, stats=session_stats(board))


@bp.get("/sessions/<int:session_id>/deals/<int:deal_id>/breakdown")
def deal_breakdown(session_id: int, deal_id: int):
    """One deal's arithmetic, loaded when its row is opened (the board stays small)."""
    session = session_or_404(session_id)
    board = scoring.board(session)
    index = next((i for i, deal in enumerate(board.deals) if deal.id == deal_id), None)
    if index is None:
        abort(404)
    template = "sessions/_breakdown.html" if is_htmx() else "sessions/breakdown.html"
    return render_template(template, session=session, board=board, index=index, deal=board.deals[index],
                           result=board.standing.results[index], running=board.standing.running[index],
                           watch=request.args.get("watch") == "1")


@bp.get("/sessions/<int:session_id>/changes")
def session_changes(session_id: int):
    session = session_or_404(session_id)
    board = scoring.board(session)
    return render_template("sessions/_revisions.html", session=session, board=board, all_changes=True)


@bp.get("/sessions/<int:session_id>/qr.svg")
def watch_qr(session_id: int):
    """A QR code of the watch page's full address (the host the tablet itself used)."""
    session_or_404(session_id)
    target = url_for(".watch_session", session_id=session_id, _external=True)
    buffer = io.BytesIO()
    segno.make(target, error="m").save(buffer, kind="svg", scale=6, border=2, xmldecl=False, dark="#000", light="#fff")
    response = make_response(buffer.getvalue())
    response.headers["Content-Type"] = "image/svg+xml"
    response.headers["Cache-Control"] = "private, max-age=3600"
    return response


# --- the PWA shell --------------------------------------------------------------------

@bp.get("/sw.js")
def service_worker():
    """Served from the root so that its scope is the whole app."""
    response = send_from_directory(current_app.static_folder, "sw.js", max_age=0)
    response.headers["Content-Type"] = "text/javascript; charset=utf-8"
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline():
    """What the service worker shows for a page it never kept while the network is gone."""
    return render_template("offline.html")


@bp.get("/manifest.webmanifest")
def manifest():
    response = send_from_directory(current_app.static_folder, "manifest.webmanifest", max_age=3600)
    response.headers["Content-Type"] = "application/manifest+json"
    return response

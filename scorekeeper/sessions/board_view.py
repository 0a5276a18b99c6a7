"""The scoreboard as the pages show it: its template context (the entry form of the next deal, the
latest changes), a full page or the htmx fragment, and the ETag a device revalidates it with."""
from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Sequence
from typing import Any

from flask import Response, current_app, make_response, render_template, request, url_for
from flask import session as cookie
from flask_babel import get_locale, get_timezone
from flask_wtf.csrf import generate_csrf
from sqlalchemy import func, select

from .. import access
from ..board import Board, board
from ..extensions import db
from ..games.base import FieldSpec
from ..models import Deal, GameSession, Revision
from .blueprint import bp, is_htmx
from .forms import deal_form

RECENT = 3  # changes listed on the board; the rest on demand


@bp.app_context_processor
def constants() -> dict[str, Any]:
    return {"RECENT": RECENT}


@bp.app_template_global()
def entry_draft(session_id: int, current: Board) -> str:
    """What the tablet keeps the entry form's typed values under (app.js's drafts): the session, the
    phase and the deal's number ("7-play-5")."""
    return f"{session_id}-{current.phase}-{len(current.standing.results) + 1}"


def latest_changes(session_id: int, limit: int | None = RECENT) -> tuple[list[Revision], int]:
    """The session's latest `limit` changes (None: all), newest first, and how many there are (one query)."""
    of_session = Revision.session_id == session_id
    count = select(func.count()).where(of_session).scalar_subquery()
    query = select(Revision, count).where(of_session).order_by(Revision.id.desc())
    rows = db.session.execute(query if limit is None else query.limit(limit)).all()
    return [revision for revision, _ in rows], rows[0][1] if rows else 0


def phase_fields(current: Board) -> list[FieldSpec]:
    """The inputs of the entry the board asks for next (the play after locked bids: not the bids)."""
    game, pending = current.game, current.pending
    fields = (game.deal_fields(current.table, current.state) if pending is None
              else game.play_fields(current.table, current.state, pending.payload))
    return [spec for spec in fields if spec.phase == current.phase]


def entry_form(current: Board, formdata: Any = None):
    """The entry form of the board's next deal and its fields: fresh, or holding what was posted.
    The table's way of entering (a sticky field: cards or points) carries over from the last deal."""
    fields = phase_fields(current)
    if formdata is not None:
        return deal_form(fields, current.table, formdata=formdata), fields
    if current.deals:
        last = current.deals[-1].payload
        fields = [dataclasses.replace(spec, default=tuple(last[spec.name]) if spec.per_seat else last[spec.name])
                  if spec.sticky and spec.name in last else spec for spec in fields]
    return deal_form(fields, current.table), fields


def pickers(session: GameSession, deal_id: int | None = None) -> dict[str, Any] | None:
    """Where the card pickers of a form come from once they are shown in it (None: drawn in the page,
    as a page without JavaScript asks with ?cards=1)."""
    if request.args.get("cards"):
        return None
    page = url_for("sessions.edit_deal" if deal_id else "sessions.show_session", session_id=session.id,
                   deal_id=deal_id, cards=1)
    return {"session_id": session.id, "deal": deal_id, "page": page, "form": "#correction" if deal_id else "#entry"}


def context(session: GameSession, current: Board | None = None, form=None, fields=None, **extra: Any) -> dict:
    """The board's template context; pass `current` when nothing was stored since it was built."""
    current = current or board(session)
    if form is None and not current.standing.over:
        form, fields = entry_form(current)
    return dict(session=session, board=current, form=form, fields=fields, changes=latest_changes(session.id),
                pickers=pickers(session), **extra)


def render(status: int = 200, **context: Any) -> Response:
    """The whole board page, or its fragment when htmx asks."""
    template = "sessions/_board.html" if is_htmx() else "sessions/show.html"
    if request.method != "GET":  # a refused save's page: a language switch comes back to the board
        context.setdefault("page_address", url_for("sessions.show_session", session_id=context["session"].id))
    response = make_response(render_template(template, **context), status)
    response.vary.add("HX-Request")
    return response


def saved_flash(current: Board, deal: Deal | None = None) -> dict | None:
    """What the table just saved, for the line at the top: the deal's number, each side's points,
    news (who went out) and the next dealer. `deal`: the one a retried save had stored (None: the
    last); `last` whether it is still the last deal, which its Undo may take back (r57b: a retry
    after another device's save named that deal as this tablet's, and its Undo deleted it)."""
    if current.pending is not None or not current.deals:
        return None
    ids = [stored.id for stored in current.deals]
    index = len(ids) - 1 if deal is None else ids.index(deal.id) if deal.id in ids else None
    if index is None:
        return None
    result, last = current.standing.results[index], index == len(ids) - 1
    return {"number": index + 1, "deal": current.deals[index], "news": result.news, "last": last,
            "sides": sides(current, result.points, current.standing.active if last else ())}


def sides(current: Board, points: tuple[int, ...], active: Sequence[bool] = ()) -> list[tuple[tuple[int, ...], int]]:
    """Whom the line names with their points (`side_groups`); not a player `active` says is out of the
    game who scored nothing: they were out before this deal (Handjass: a tester read "Ueli 0" for a
    player safe since deal 4)."""
    return [(side, points[side[0]]) for side in side_groups(current.standing.teams, points)
            if len(side) > 1 or points[side[0]] or not active or active[side[0]]]


def side_groups(teams: Sequence[Sequence[int]], *rows: Sequence[int]) -> list[tuple[int, ...]]:
    """Each team once where partners score alike in every row of points (Sataat, a free pad with teams:
    "Anna & Cleo +20"), else each player (TENNOS' teams score one by one)."""
    if teams and all(row[seat] == row[team[0]] for row in rows for team in teams for seat in team):
        return [tuple(team) for team in teams]
    return [(seat,) for seat in range(len(rows[0]))]


def only_added(before: Board, after: Board, form) -> bool:
    """Whether a save just appended one deal to a game that goes on with a fresh entry form: then
    the htmx answer carries only the changed parts instead of the whole board."""
    return (before.pending is None and after.pending is None and form is not None
            and not after.standing.over and len(after.deals) == len(before.deals) + 1)


# --- revalidation ---------------------------------------------------------------------------


def etag(session: GameSession, view: str) -> str:
    """A board page is made of the session's stored state (its version), the view, the language and
    timezone (its times), whether this device may write, the device's CSRF token (in its forms; Flask-WTF
    keeps it in the session under WTF_CSRF_FIELD_NAME, as its configuration says), the files that draw
    it (assets.release) and the style sheet inside it. The style sheet by its own hash too: a 304 brings the new
    Content-Security-Policy to the kept page, which must then still carry the style sheet it allows."""
    generate_csrf()  # the device's token exists before it is named
    raw = str(cookie.get(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"), ""))
    device = hashlib.sha256(raw.encode()).hexdigest()[:8]
    style = current_app.extensions["style_sheet"][:12]
    return (f"{session.id}-{session.version}-{view}-{get_locale()}-{get_timezone()}-{int(access.locked(session))}"
            f"-{device}-{current_app.extensions['release']}-{style}")


def unchanged(tag: str) -> Response | None:
    """304 Not Modified when the device holds this very page (If-None-Match)."""
    if not request.if_none_match.contains_weak(tag):
        return None
    return revalidated(make_response("", 304), tag)


def revalidated(response: Response, tag: str) -> Response:
    """The browser keeps the page and asks with its ETag before showing it again (Back, a reload)."""
    response.set_etag(tag, weak=True)
    response.cache_control.private = True
    response.cache_control.no_cache = True
    response.vary.add("HX-Request")
    return response

"""A form whose CSRF token no longer holds (the device's cookie was lost): instead of a 400 that changes
nothing on screen, the page afresh with a new token, saying so. A save or a correction comes back with
what was typed (as when another device saved first, late_writes.py); a button's board with its line."""
from __future__ import annotations

from typing import Any

from flask import redirect, request, url_for
from flask_wtf.csrf import CSRFError

from .. import turns
from ..board import COMPLETE, board, deal_context, session_deal, session_revision
from ..errors import http_error, out_of_date_text
from ..extensions import db
from ..models import GameSession
from .blueprint import bp, form_key, form_version, is_htmx
from .board_view import context, entry_form, render, saved_flash
from .late_writes import correction_of_a_deleted_deal, correction_page, correction_sent, stale_board, stored_fields


@bp.errorhandler(CSRFError)
def out_of_date(error: CSRFError):
    """A form of a board whose token no longer holds (its cookie lost), where a 400 would change nothing
    on screen (a save was sent again every few seconds, "not saved"): the page afresh (new token), saying
    so. A save or a correction comes back with what was typed, as when another device saved first; a
    button's board, with an Undo keeping its line, so that a second tap works."""
    args = request.view_args or {}
    session_id = args.get("session_id")
    if not isinstance(session_id, int) or request.endpoint not in (*BUTTONS, *SAVES):
        return http_error(error)
    session = db.get_or_404(GameSession, session_id)
    if request.endpoint in SAVES:
        if not _from_this_site():  # another site's form (a forgery) is not typed in for this table to save
            return http_error(error)
        if request.endpoint == "sessions.add_deal":
            return _save_again(session)
        return _correct_again(session, args["deal_id"])
    if not is_htmx():
        return redirect(url_for("sessions.show_session", session_id=session.id, outdated=1))
    said: dict[str, Any] = {}
    current = board(session)
    flash = saved_flash(current)
    if request.form.get("undo") and flash is not None and flash["deal"].id == args.get("deal_id"):
        said = {"saved": flash}  # the Undo of the save just made
    revision = session_revision(session, args["revision_id"]) if "revision_id" in args else None
    if revision is not None:  # the Undo of a deletion or a correction
        if revision.action == "delete":
            said = {"deleted": revision}
        elif revision.action == "edit":
            said = {"corrected": revision.deal_number, "correction": revision}
    return render(409, **context(session, current, board_error=out_of_date_text(), **said))


#: the board's buttons, whose refusal for a lost token answers the board again (`out_of_date`)
BUTTONS = {"sessions.delete_deal", "sessions.close_session", "sessions.reopen_session", "sessions.restore_deal",
           "sessions.undo_correction"}
#: the forms whose refusal for a lost token answers them again with what was typed
SAVES = {"sessions.add_deal", "sessions.edit_deal"}


def _from_this_site() -> bool:
    """Whether a form came from this app's own pages: htmx's header (another site's form cannot send it),
    else what the browser says of the request's site (Sec-Fetch-Site, or the Origin it names)."""
    if request.headers.get("HX-Request") == "true":
        return True
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site in ("same-origin", "none")
    return request.headers.get("Origin") == request.host_url.rstrip("/")


def _save_again(session: GameSession):
    """A deal saved with a lost token: as views.add_deal answers before it saves (stored already: the
    board; another device saved first: the fresh board), else the form again with what was typed."""
    current = board(session)
    try:
        earlier = turns.earlier_save(session, form_key())
        if earlier is not None:
            return render(**context(session, current, saved=earlier.deal and saved_flash(current, earlier.deal)))
    except turns.KeyReused:  # stored with the values sent first, typed over since
        return stale_board(session, turns.answer_lost(session))
    claimed = form_version()
    if claimed is not None and claimed != current.version:
        return stale_board(session, turns.stale(session))
    if current.standing.over:
        return render(409, **context(session, current, stale_message=out_of_date_text()))
    form, fields = entry_form(current, formdata=request.form)
    return render(409, **context(session, current, form=form, fields=fields, stale_message=out_of_date_text()))


def _correct_again(session: GameSession, deal_id: int):
    """A correction saved with a lost token: its page again with what was typed, saying so."""
    deal = session_deal(session, deal_id)
    if deal is None:
        return correction_of_a_deleted_deal(session)
    if deal.phase != COMPLETE:
        return redirect(url_for("sessions.show_session", session_id=session.id))
    before = deal_context(session, deal)
    form, fields = correction_sent(before, stored_fields(before, deal))
    claimed = form_version()
    stale = turns.stale(session) if claimed is not None and claimed != session.version else None
    return correction_page(session, deal, before, form, fields, 409, late=out_of_date_text(), stale=stale)

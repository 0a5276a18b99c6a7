"""The table's own pages: the scoreboard with the next deal's entry form, corrections,
deleting a deal, ending the game early. A full page includes its fragments; an htmx request gets
the fragment alone (Vary: HX-Request). Every page also works without JavaScript."""
from __future__ import annotations

from typing import Any

from flask import current_app, redirect, request, url_for
from flask_babel import gettext

from .. import access, restore, turns, writes
from ..board import COMPLETE, Board, board, deal_context, deal_or_404, session_deal
from ..errors import out_of_date_text
from ..extensions import db
from ..games import GAMES
from ..games.base import RuleError
from ..i18n import LANGUAGE_COOKIE, translate
from ..models import Deal, GameSession
from .blueprint import bp, form_key, form_version, is_boosted, is_htmx
from .board_view import (
    context,
    entry_form,
    etag,
    latest_changes,
    only_added,
    phase_fields,
    render,
    revalidated,
    saved_flash,
    unchanged,
)
from .forms import apply_error, deal_form, raw_deal
from .late_writes import (
    as_correction,
    corrected_meanwhile,
    correction_of_a_deleted_deal,
    correction_page,
    correction_sent,
    stale_board,
    stored_fields,
)

# --- the scoreboard and deal entry --------------------------------------------------------------

@bp.get("/sessions/<int:session_id>")
def show_session(session_id: int):
    session = db.get_or_404(GameSession, session_id)
    if request.args:  # ?saved=, ?corrected=, ?reverted=, ?restored=, ?gone= (the line saying so), ?already=, ?cards=
        current = board(session)  # (never revalidated)
        meanwhile = tuple(sorted(filter(None, (_number_of(current, deal_id)
                                               for deal_id in request.args.get("meanwhile", "").split(".")[:20]))))
        flash = saved_flash(current)
        saved = flash if flash and str(flash["deal"].id) == request.args.get("saved") else None
        corrected, reverted, same, restored = (_number_of(current, request.args.get(said))
                                               for said in ("corrected", "reverted", "unchanged", "restored"))
        said = None
        if request.args.get("gone"):
            said = gettext("This deal was deleted on another device meanwhile, so the correction was not saved; "
                           "the list of changes can restore it.")
        elif request.args.get("outdated"):
            said = out_of_date_text()
        page = context(session, current, saved=saved, corrected=corrected, reverted=reverted, unchanged=same,
                       restored=restored, board_error=said, meanwhile=meanwhile)
        newest = page["changes"][0][:1]  # the correction's Undo, while nothing came after it (its own Undo either)
        if corrected and newest and str(newest[0].id) == request.args.get("change"):
            page["correction"] = newest[0]
        return render(**page)
    tag = etag(session, "board")
    return unchanged(tag) or revalidated(render(**context(session)), tag)


def _number_of(current: Board, deal_id: str | None) -> int | None:
    """The number on the board of the deal with that id, if it is there."""
    return next((number for number, deal in enumerate(current.deals, start=1) if str(deal.id) == deal_id), None)


@bp.post("/sessions/<int:session_id>/deals")
def add_deal(session_id: int):
    session = db.get_or_404(GameSession, session_id)
    key, claimed = form_key(), form_version()
    before = board(session)
    try:
        earlier = turns.earlier_save(session, key)
    except turns.KeyReused:  # stored first with other values, its answer lost: typed over since
        return stale_board(session, turns.answer_lost(session))
    if earlier is not None:  # a retry of a save already stored: answered as the first one was
        return _saved(session, before, earlier)
    meanwhile: tuple[int, ...] | None = None  # the deals corrected elsewhere since the tablet's board
    if claimed is not None and claimed != before.version:
        # another device wrote first: only its corrections of earlier deals leave this the next deal
        meanwhile = corrected_meanwhile(session, before, claimed)
        if meanwhile is None:
            return stale_board(session, turns.stale(session))
        claimed = before.version
    if request.form.get("as_correction"):  # the stale board's choice: it was the deal just saved elsewhere
        return as_correction(session, before)
    if before.standing.over:
        over = gettext("The game is over; this deal was not saved.")
        return render(409, **context(session, before, stale_message=over))
    form, fields = entry_form(before, formdata=request.form)
    if form.validate():  # else WTForms' own message (a number it could not read) is shown
        try:
            saved = writes.enter(session, raw_deal(form, fields, before.table.size), version=claimed, key=key)
        except RuleError as error:
            db.session.rollback()
            apply_error(form, error)
        except turns.StaleBoard as stale:
            return stale_board(session, stale)
        else:
            return _saved(session, before, saved, meanwhile)
    said = translate(turns.stale(session).text) if meanwhile is not None else None  # the board changed under it
    return render(422, **context(session, before, form=form, fields=fields, stale_message=said))


def _saved(session: GameSession, before: Board, saved: turns.Saved, meanwhile: tuple[int, ...] | None = None):
    """The answer to a save: to htmx the board (only its changed parts when a deal was appended and
    the game goes on), to a page without JavaScript a redirect to the board. `meanwhile`: the deals
    another device corrected since this tablet's board (late_writes.corrected_meanwhile), named in
    the line."""
    corrected = ".".join(str(before.deals[number - 1].id) for number in meanwhile or ()) or None
    if not is_htmx():
        if saved.deal is None:
            return redirect(url_for(".show_session", session_id=session.id, meanwhile=corrected) + "#entry")
        return redirect(url_for(".show_session", session_id=session.id, saved=saved.deal.id, meanwhile=corrected)
                        + "#top")
    after = saved.board if saved.board is not None and not saved.replayed else board(session)
    # a retry: the deal the first save stored, if it is still there (not the latest, maybe another's)
    flash = saved_flash(after, saved.deal) if not saved.replayed or saved.deal is not None else None
    page = context(session, after, saved=flash, meanwhile=meanwhile,
                   same_notes=before.standing.notes == after.standing.notes)
    # the tablet's board is older than `before` when others corrected deals meanwhile: all of it again
    partial = only_added(before, after, page["form"]) and not saved.replayed and meanwhile is None
    response = render(oob=partial, **page)
    if partial:  # the changed parts by id, the new row appended, the next form in place of this one
        response.headers.update({"HX-Retarget": "#entry", "HX-Reswap": "outerHTML"})
    if flash:  # a page that loads the live board after it (an offline copy, app.js) asks for its line again
        response.headers["Saved-Deal"] = str(flash["deal"].id)
    return response


@bp.route("/sessions/<int:session_id>/deals/<int:deal_id>/edit", methods=["GET", "POST"])
def edit_deal(session_id: int, deal_id: int):
    session = db.get_or_404(GameSession, session_id)
    key, claimed = form_key(), form_version()
    done = redirect(url_for(".show_session", session_id=session.id, corrected=deal_id) + f"#deal-{deal_id}")
    lost: turns.StaleBoard | None = None  # this tablet's correction stored first with other values, its answer lost
    if request.method == "POST":
        try:
            if turns.earlier_save(session, key) is not None:
                return done
        except turns.KeyReused:
            lost = turns.answer_lost(session)
    if request.method == "POST" and session_deal(session, deal_id) is None:
        return correction_of_a_deleted_deal(session)
    deal = deal_or_404(session, deal_id)
    if deal.phase != "complete":
        return redirect(url_for(".show_session", session_id=session.id))
    before = deal_context(session, deal)
    table = before[1]
    fields = stored_fields(before, deal)
    status, stale = 200, None
    if request.method == "POST":
        form, fields = correction_sent(before, fields)
        status = 422
        if lost is not None:
            stale, status = lost, 409
        elif claimed is not None and claimed != session.version:
            stale, status = turns.stale(session), 409
        elif form.validate():
            try:
                saved = writes.replace_deal(session, deal, raw_deal(form, fields, table.size), version=claimed,
                                            key=key)
            except RuleError as error:
                db.session.rollback()
                apply_error(form, error)
            except turns.DealGone:
                return correction_of_a_deleted_deal(session)
            except turns.StaleBoard as refused:
                stale, status = refused, 409
            else:  # the board says so, with the Undo of this very change (`change`)
                if saved.unchanged:  # nothing to undo, and no change logged
                    return redirect(url_for(".show_session", session_id=session.id, unchanged=deal_id)
                                    + f"#deal-{deal_id}")
                change = latest_changes(session.id, 1)[0][0]
                return redirect(url_for(".show_session", session_id=session.id, corrected=deal_id, change=change.id)
                                + f"#deal-{deal_id}")
    else:
        form = deal_form(fields, table, payload=deal.payload)
    return correction_page(session, deal, before, form, fields, status, stale=stale)


def _bids_again(session: GameSession, after: Board, payload: dict[str, Any]) -> Board:
    """A game that locks its bids before the play: the undone deal's bids are locked again, so that
    the whole deal comes back (its play in the form under them), not the bids alone. When they cannot
    be (another device locked others meanwhile), the board as it is."""
    if after.last_phase:
        return after
    bids = {spec.name: payload[spec.name] for spec in phase_fields(after) if spec.name in payload}
    try:
        return writes.enter(session, bids, phase=after.phase).board or board(session)
    except (RuleError, turns.StaleBoard):
        db.session.rollback()
        return board(session)


def _delete(session: GameSession, deal: Deal, number: int) -> tuple[turns.Saved | None, str | None]:
    """Delete `deal` (deal `number`): what was stored, or why not. The toast's Undo (with the board
    version after its save) takes back that save only while nothing came after it."""
    try:
        return writes.delete_deal(session, deal, version=form_version() if request.form.get("undo") else None), None
    except RuleError as refused:
        db.session.rollback()
        return None, translate(refused.text)
    except turns.DealGone:
        return None, None
    except turns.StaleBoard:
        if GAMES[session.game].rounds_are_games:
            return None, gettext("Game %(n)d was not taken back: something was saved after it, here or on another "
                                 "device. If it is wrong, correct or delete it in its row.", n=number)
        return None, gettext("Deal %(n)d was not taken back: something was saved after it, here or on another "
                             "device. If it is wrong, correct or delete it in its row.", n=number)


@bp.post("/sessions/<int:session_id>/deals/<int:deal_id>/delete")
def delete_deal(session_id: int, deal_id: int):
    session = db.get_or_404(GameSession, session_id)
    deal = session_deal(session, deal_id)
    if deal is None:  # already gone (another device, or a retry)
        if not is_htmx():
            return redirect(url_for(".show_session", session_id=session.id))
        return _undone_elsewhere(session, deal_id) if request.form.get("undo") else render(**context(session))
    number, payload, played = deal.position, deal.payload, deal.phase == COMPLETE
    saved, error = _delete(session, deal, number)
    boosted = is_boosted()  # a deal's own breakdown page: the board comes whole
    if error is None and not is_htmx() and not boosted:
        return redirect(url_for(".show_session", session_id=session.id))
    after = saved.board if saved is not None else None
    if after is not None and request.form.get("undo") and after.pending is None and not after.standing.over:
        # the toast's Undo: the deal goes back into the entry form, to be fixed and saved again
        after = _bids_again(session, after, payload) if played else after  # (locked bids taken back: unlocked)
        return _back_in_form(session, after, payload, number)
    deleted = restore.deletion(session, deal_id) if after is not None else None
    response = render(422 if error else 200, **context(session, after, board_error=error, deleted=deleted))
    if boosted:  # said and undoable there, as after a Delete in the board's row, at the board's address
        response.headers["HX-Push-Url"] = url_for(".show_session", session_id=session.id)
    return response


def _undone_elsewhere(session: GameSession, deal_id: int):
    """The toast's Undo of a deal another device deleted first: it still comes back into the form, as
    Undo says, while its place is the next deal's (a tester's Undo showed an empty form, unexplained)."""
    current, gone = board(session), restore.deletion(session, deal_id)
    if (gone is None or not gone.before or current.pending is not None or current.standing.over
            or gone.deal_number != len(current.deals) + 1):
        return render(**context(session, current))
    return _back_in_form(session, current, gone.before, gone.deal_number)


def _back_in_form(session: GameSession, current: Board, payload: dict[str, Any], number: int):
    """The board with deal `number`'s values in its entry form, saying it was taken back."""
    fields = phase_fields(current)
    form = deal_form(fields, current.table, payload=payload)
    return render(**context(session, current, form=form, fields=fields, undone=number))


@bp.post("/sessions/<int:session_id>/close")
def close_session(session_id: int):
    """The table stops before the game's own end; the totals so far decide."""
    session = db.get_or_404(GameSession, session_id)
    writes.set_closed(session, True)
    return redirect(url_for(".show_session", session_id=session.id))


@bp.post("/sessions/<int:session_id>/reopen")
def reopen_session(session_id: int):
    session = db.get_or_404(GameSession, session_id)
    writes.set_closed(session, False)
    return redirect(url_for(".show_session", session_id=session.id) + "#entry")


@bp.post("/language")
def choose_language():
    language = request.form.get("language", "")
    response = redirect(access.local_path(request.form.get("next"), url_for(".home")))
    if language in current_app.config["LANGUAGES"]:
        response.set_cookie(LANGUAGE_COOKIE, language, max_age=365 * 24 * 3600, samesite="Lax")
    return response

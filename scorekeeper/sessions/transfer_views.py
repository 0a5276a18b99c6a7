"""Pages to take data home and bring it back: JSON export of a session or of everything,
the scoreboard as CSV, the import page, restoring a deleted deal from the change log and taking
back the correction just saved."""
from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from flask import Response, current_app, redirect, render_template, request, url_for
from flask_babel import get_timezone, gettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from werkzeug.exceptions import RequestEntityTooLarge

from .. import export, importer, restore, turns, writes
from ..board import session_deal, session_revision
from ..dbsafety import UnreadableJson, read_json
from ..extensions import csrf, db
from ..games.base import RuleError, T
from ..i18n import translate
from ..models import GameSession
from .blueprint import bp, form_version, is_htmx
from .board_view import context, render
from .history_views import history_filters

bp.add_app_template_global(restore.restorable, "deal_restorable")
bp.add_app_template_global(restore.offered, "restore_offered")


class ImportForm(FlaskForm):
    file = FileField(_l("Export file (.json)"), validators=[FileRequired(_l("Choose a file to import."))],
                     render_kw={"accept": ".json,application/json"})


@bp.app_template_global()
def import_form() -> ImportForm:
    return ImportForm(formdata=None)


def json_download(document, filename: str) -> Response:
    body = json.dumps(document, ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.get("/sessions/<int:session_id>/export.json")
def export_session(session_id: int):
    session = db.get_or_404(GameSession, session_id)
    return json_download(export.export_document([session]), f"scorekeeper-{session.id}.json")


@bp.get("/sessions/<int:session_id>/scoreboard.csv")
def export_csv(session_id: int):
    session = db.get_or_404(GameSession, session_id)
    # the byte-order mark lets spreadsheet programs read the players' names as UTF-8
    body = "\ufeff" + export.scoreboard_csv(session)
    return Response(body.encode("utf-8"), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="scorekeeper-{session.id}.csv"'})


@bp.get("/export.json")
def export_everything():
    """Every session, or those the history lists with its filters (the link under a filtered list)."""
    _, valid, filters = history_filters()
    if not valid:  # the history page says which filter is not one
        asked: dict[str, Any] = request.args.to_dict(flat=False)
        return redirect(url_for(".history", **asked))
    return json_download(export.export_document(export.all_sessions(filters)),
                         f"scorekeeper-{datetime.now(get_timezone()).date().isoformat()}.json")  # the device's day


def read_import(form: ImportForm):
    """The uploaded file (spooled to a temporary file) as a JSON document, or None with the reason
    beside the field; checked as the API checks a JSON body (nesting depth, valid Unicode)."""
    try:
        return read_json(form.file.data.stream.read(), current_app.config["MAX_JSON_DEPTH"])
    except UnreadableJson:
        pass
    form.file.errors = [gettext(
        "The file is not JSON; choose a file made by “Download JSON” or “Export everything”.")]
    return None


@bp.route("/import", methods=["GET", "POST"])
@csrf.exempt  # checked here instead, under the import's own size limit
def import_sessions():
    if request.method == "GET":
        return render_template("transfer/import.html", form=ImportForm())
    request.max_content_length = current_app.config["IMPORT_MAX_BYTES"]
    try:
        if current_app.config["WTF_CSRF_ENABLED"]:
            csrf.protect()
        form = ImportForm()
    except RequestEntityTooLarge:
        form = ImportForm(formdata=None)
        too_large = T("The file is larger than %(size)d MB.", size=current_app.config["IMPORT_MAX_BYTES"] // 2**20)
        form.file.errors = [translate(too_large)]
        return render_template("transfer/import.html", form=form), 413
    if form.validate():
        document = read_import(form)
        if document is not None:
            try:
                result = importer.import_document(document)
            except RuleError as refused:
                db.session.rollback()
                form.file.errors = [translate(refused.text)]
            else:
                found = result.stored + result.already_here + result.other_version
                if len(found) == 1:
                    return redirect(url_for(".show_session", session_id=found[0],
                                            already=1 if result.already_here else None,
                                            other=1 if result.other_version else None))
                return redirect(url_for(".history", imported=len(result.stored), already=len(result.already_here),
                                        other=len(result.other_version)))
    return render_template("transfer/import.html", form=form), 422


@bp.post("/sessions/<int:session_id>/revisions/<int:revision_id>/restore")
def restore_deal(session_id: int, revision_id: int):
    session = db.get_or_404(GameSession, session_id)
    revision = session_revision(session, revision_id)
    error = None
    if revision is None:
        error = gettext("There is no such change in this session.")
    else:
        try:
            deal = restore.restore_deal(session, revision)
        except RuleError as refused:
            db.session.rollback()
            error = translate(refused.text)
        except turns.StaleBoard as stale:  # another device saved at the same moment
            error = translate(stale.text)
        else:
            if not is_htmx():  # the change log's own page: the board says so too
                return redirect(url_for(".show_session", session_id=session.id, restored=deal.id) + f"#deal-{deal.id}")
            return render(**context(session, restored=revision.deal_number))
    return render(422 if error else 200, **context(session, board_error=error))


@bp.post("/sessions/<int:session_id>/revisions/<int:revision_id>/undo")
def undo_correction(session_id: int, revision_id: int):
    """The Undo beside "Deal 4 corrected.": the deal back as it was before that correction, while
    nothing came after it (the board version the Undo was drawn at; else 409, nothing changed)."""
    session = db.get_or_404(GameSession, session_id)
    revision = session_revision(session, revision_id)
    deal = session_deal(session, revision.deal_id) if revision is not None and revision.action == "edit" else None
    if revision is None or not revision.before or deal is None:
        return render(422, **context(session, board_error=gettext("There is no such change in this session.")))
    try:
        writes.replace_deal(session, deal, revision.before, version=form_version())
    except RuleError as refused:
        db.session.rollback()
        return render(422, **context(session, board_error=translate(refused.text)))
    except (turns.StaleBoard, turns.DealGone):
        db.session.rollback()
        return render(409, **context(session, board_error=gettext(
            "Something changed after that correction, so it was not taken back; correct the deal again.")))
    said = url_for(".show_session", session_id=session.id, reverted=deal.id)
    if not is_htmx():
        return redirect(said + f"#deal-{deal.id}")
    # the address says so too: a reload at "?corrected=" would offer that correction's Undo again
    response = render(**context(session, reverted=revision.deal_number))
    response.headers["HX-Replace-Url"] = said
    return response

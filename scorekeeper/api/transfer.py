"""JSON endpoints to take data home and bring it back, and to restore a deleted deal."""
from __future__ import annotations

from flask import Response, abort, current_app, request, url_for
from flask_babel import gettext

from .. import export, importer, restore
from ..board import session_revision
from .blueprint import bp
from .changes import claimed_version
from .views import api_session, json_body, session_answer


@bp.get("/export")
def export_everything():
    return export.export_document(export.all_sessions())


@bp.get("/sessions/<int:session_id>/export")
def export_session(session_id: int):
    return export.export_document([api_session(session_id)])


@bp.get("/sessions/<int:session_id>/scoreboard.csv")
def export_csv(session_id: int):
    return Response(export.scoreboard_csv(api_session(session_id)), mimetype="text/csv")


@bp.post("/import")
def import_sessions():
    request.max_content_length = current_app.config["IMPORT_MAX_BYTES"]  # a whole backup, not a deal
    result = importer.import_document(json_body())
    return {"sessions": result.stored, "already_here": result.already_here, "other_version": result.other_version}, 201


@bp.post("/sessions/<int:session_id>/revisions/<int:revision_id>/restore")
def restore_deal(session_id: int, revision_id: int):
    session = api_session(session_id)
    revision = session_revision(session, revision_id)
    if revision is None:
        abort(404, gettext("There is no such change in this session."))
    # If-Match as a deal's writes take it; turns.StaleBoard (409) when another client saved first
    deal = restore.restore_deal(session, revision, version=claimed_version({}))
    location = url_for(".show_session", session_id=session.id) + f"#deal-{deal.id}"
    return session_answer(session, status=201, headers={"Location": location})

"""App-wide error answers: under /api/ a JSON body `{"error", "message", "fields"}`, elsewhere a
page in the table's language (a session whose stored deal no longer fits gets its repair page; a
full disk or a read-only database met outside a deal's entry says so, dbsafety.fault)."""
from __future__ import annotations

from flask import Flask, Response, make_response, render_template, request, url_for
from flask_babel import gettext
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DBAPIError
from werkzeug.exceptions import HTTPException
from werkzeug.http import HTTP_STATUS_CODES

from .board import broken, complete_deals
from .dbsafety import Fault, fault
from .extensions import db
from .games.base import DealError
from .i18n import stored_deal_message, translate
from .models import GameSession


def for_api() -> bool:
    return request.path.startswith("/api/")


def error_response(status: int, message: str, fields: dict[str, str] | None = None,
                   headers: dict[str, str] | None = None, **extra: object) -> Response:
    body = {"error": HTTP_STATUS_CODES.get(status, "Error").lower().replace(" ", "_"),
            "message": message, "fields": fields or {}, **extra}
    return make_response(body, status, headers or {})


def out_of_date_text() -> str:
    """What a form refused for its token (CSRFProtect: the session cookie lost) is told."""
    return gettext("The page was out of date; please try again.")


def _message(error: HTTPException) -> str:
    """The error's own description, or a sentence of ours where it has Werkzeug's default."""
    if isinstance(error, CSRFError):  # its own texts are English only
        return out_of_date_text()
    if error.description != type(error).description:
        return error.description or ""
    ours = {400: out_of_date_text(),
            404: gettext("There is no such page."),
            405: gettext("This address does not take that method."),
            413: gettext("The request is too large."),
            500: gettext("Something went wrong on our side; what was entered before is safe. Please try again.")}
    if for_api() and error.code == 400:
        return gettext("The request could not be read.")
    if for_api() and error.code == 404:
        return gettext("Not found.")
    return ours.get(error.code or 500, error.description or "")


def http_error(error: HTTPException):
    code = error.code or 500
    if for_api():
        headers = {key: value for key, value in error.get_headers() if key != "Content-Type"}
        return error_response(code, _message(error), headers=headers)
    if code in (400, 404, 500):
        session_id = (request.view_args or {}).get("session_id") if code == 400 else None
        back = url_for("sessions.show_session", session_id=session_id) if isinstance(session_id, int) else None
        return render_template("error.html", message=_message(error), status=code, back=back), code
    return error


def stored_deal_no_longer_fits(error: DealError):
    """A stored deal the engine now refuses (say, after an engine change): which and why; on a
    session's pages the board up to that deal, offering to correct or delete it (repair)."""
    if for_api():
        return error_response(409, stored_deal_message(error))
    session_id = (request.view_args or {}).get("session_id")
    session = db.session.get(GameSession, session_id) if isinstance(session_id, int) else None
    found = broken(session) if session is not None else None
    if session is None or found is None:
        return render_template("error.html", message=stored_deal_message(error), status=409), 409
    board, refusal = found
    deals = complete_deals(session)
    return render_template("sessions/repair.html", session=session, board=board, message=stored_deal_message(refusal),
                           broken=deals[refusal.index], later=deals[refusal.index + 1:],
                           number=refusal.index + 1), 409


def database_fault(error: DBAPIError | Fault):
    """A full disk or a read-only database (507, 503) where no form takes the refusal (writes.py
    turns it into one beside the entry form); any other database error stays a 500."""
    refusal = error if isinstance(error, Fault) else fault(error)
    if refusal is None:
        raise error
    db.session.rollback()
    if for_api():
        return error_response(refusal.status, translate(refusal.text))
    return render_template("error.html", message=translate(refusal.text), status=refusal.status), refusal.status


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(DealError, stored_deal_no_longer_fits)
    app.register_error_handler(DBAPIError, database_fault)
    app.register_error_handler(Fault, database_fault)  # a write no form catches (ending a game, say)

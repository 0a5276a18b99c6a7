"""One error body for every API error: {"error", "message", "fields"}."""
from __future__ import annotations

from flask import jsonify
from werkzeug.exceptions import HTTPException
from werkzeug.http import HTTP_STATUS_CODES

from ..extensions import db
from ..games.base import DealError, RuleError
from ..i18n import stored_deal_message, translate
from . import bp


def error_response(status: int, message: str, fields: dict[str, str] | None = None):
    body = {
        "error": HTTP_STATUS_CODES.get(status, "Error").lower().replace(" ", "_"),
        "message": message,
        "fields": fields or {},
    }
    response = jsonify(body)
    response.status_code = status
    return response


def rule_error_response(error: RuleError):
    """422 with the rule's sentence; the field it names, if any, in "fields"."""
    message = translate(error.text)
    return error_response(422, message, {error.field: message} if error.field else {})


@bp.errorhandler(DealError)
def handle_stored_deal_error(error: DealError):
    """A stored deal the engine now refuses: 409, naming the deal (not the request's fault)."""
    return error_response(409, stored_deal_message(error))


@bp.errorhandler(RuleError)
def handle_rule_error(error: RuleError):
    db.session.rollback()
    return rule_error_response(error)


@bp.errorhandler(HTTPException)
def handle_http_error(error: HTTPException):
    return error_response(error.code or 500, error.description or "")


@bp.app_errorhandler(HTTPException)
def handle_any_api_http_error(error: HTTPException):
    """Errors raised before a view of the API is chosen (405, 413 while reading the body, ...): the API's
    paths still answer in the error shape; other pages keep Flask's own answer."""
    from flask import request

    if request.path.startswith("/api/"):
        return error_response(error.code or 500, error.description or "")
    return error

"""The API's own error answers (the app-wide ones are in scorekeeper/errors.py): a request that
breaks a rule of its game is 422 with the rule's sentence, naming the field it is about."""
from __future__ import annotations

from flask import request
from flask_babel import gettext

from .. import turns
from ..errors import error_response, stored_deal_no_longer_fits
from ..extensions import db
from ..games.base import DealError, RuleError
from ..i18n import translate
from .blueprint import bp


@bp.errorhandler(RuleError)
def handle_rule_error(error: RuleError):
    db.session.rollback()
    return refusal(error)


def refusal(error: RuleError):
    """The answer to a refused request: every refusal of the deal, each field with its sentences (a
    short Stendhal middle that also holds a player's card has two)."""
    said: dict[str, list[str]] = {}
    for each in error.errors:
        if each.field:
            said.setdefault(each.field, []).append(translate(each.text))
    # dbsafety.Fault: 507 a full disk, 503 a read-only database
    return error_response(getattr(error, "status", 422), translate(error.text),
                          {field: " ".join(sentences) for field, sentences in said.items()})


# a stored deal, not the request's fault (409); a blueprint's handlers come before the app's,
# so without this one the RuleError handler above would answer it
bp.register_error_handler(DealError, stored_deal_no_longer_fits)


@bp.errorhandler(turns.StaleBoard)
def handle_stale_board(stale: turns.StaleBoard):
    """Another client changed the board first: 409 with the board's version now. A version the
    session never had (If-Match "999" at version 2) is said so, at If-Match: nobody saved."""
    headers = {"ETag": f'"{stale.version}"'}
    claimed = request.headers.get("If-Match", "").strip().removeprefix("W/").strip('"')
    if claimed.isdigit() and int(claimed) > stale.version:
        message = gettext("This session is at version %(version)d: it never had version %(claimed)s. Read it "
                          "again and send this again.", version=stale.version, claimed=claimed)
        return error_response(409, message, {"If-Match": message}, headers=headers, version=stale.version)
    return error_response(409, translate(stale.api_text), headers=headers, version=stale.version)


@bp.errorhandler(turns.DealGone)
def handle_deal_gone(_: turns.DealGone):
    return error_response(404, gettext("There is no such deal in this session."))


@bp.errorhandler(turns.KeyReused)
def handle_reused_key(error: turns.KeyReused):
    """IETF Idempotency-Key draft: a key is one request's; sent with another it is refused."""
    db.session.rollback()
    message = gettext("This Idempotency-Key was used for another request; send this one with a new key.")
    return error_response(422, message, {"Idempotency-Key": message})
